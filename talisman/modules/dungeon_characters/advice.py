"""The rule-aware bot's knowledge of the 4th edition Dungeon's characters: a Scroll is always
claimed; a Spell the bot would never cast (one cast only at the start of its caster's turn: the
bot casts its Spells in fights, against losses and for healing) is sold for a gold, freeing its
place for another."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("dungeon-characters")


ADVICE.always("claim", "claim-scroll", why="A discarded Scroll the bot may claim is claimed: it costs nothing.")


def idle_spell(bot: HeuristicBot, card: int) -> bool:
    """A Spell cast only at the start of its caster's turn, which the bot does not cast."""
    return list(bot.card(card).cast.get("when", ())) == ["turn-start"]


@ADVICE.answer("turn", order=95)
def _sell_spell(bot: HeuristicBot, d: Decision) -> str | None:
    """A Spell the bot would never cast, for a gold (once a turn)."""
    return next((o.id for o in bot.options("sell-spell") if idle_spell(bot, o.card)), None)
