"""The rule-aware bot's knowledge of 000's Dungeon, beside the Dungeons' shared knowledge
(:mod:`talisman.modules.shared.dungeon_advice`): down through a Doorway only when ready for the
Treasure Chamber; back on the Entrance when wounded or too weak for the Dungeon (fled there, or
beaten back), up through the face-up Doorway whose space is worth most: the Entrance has no
other way out."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import hunting, score_space
from talisman.modules.shared.dungeon_advice import dungeon_ready, leaving_dungeon, lord_ready

ADVICE: Final = Advice("dungeon-classic")


@ADVICE.answer("turn", order=5)
def _enter(bot: HeuristicBot, d: Decision) -> str | None:
    """000's Dungeon: down through the Doorway when strong enough for its Treasure Chamber, unless
    hunting: the Dungeon is a long way round from the prey (a Gladiator of Strength 17 chasing the
    last rival went down at each Doorway it passed, and came up on the Crown, thirty turns on)."""
    return "enter-dungeon" if bot.offered("enter-dungeon") and lord_ready(bot) and not hunting(bot) else None


@ADVICE.answer("turn", order=55)
def _climb_out(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Entrance, wounded or too weak for the Dungeon: out by the Doorway worth most."""
    ways = bot.options("climb-out")
    if not ways or not (leaving_dungeon(bot) or not dungeon_ready(bot)):
        return None
    return max(ways, key=lambda o: (score_space(bot, o.space, ""), o.id)).id
