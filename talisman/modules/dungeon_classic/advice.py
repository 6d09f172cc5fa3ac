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
from talisman.modules.shared.dungeon_advice import dungeon_ready, in_dungeon, leaving_dungeon, lord_ready

ADVICE: Final = Advice("dungeon-classic")
DOORWAY: Final = "Doorway"


def sent_below(bot: HeuristicBot) -> bool:
    """Does a task send the bot into the Dungeon (the Quest of a Lifetime's Guard Room), and is it
    fit to stay there (else it would climb out at once)?"""
    place = bot.value("errand")
    return bool(place) and in_dungeon(bot, str(place)) and not leaving_dungeon(bot)


@ADVICE.answer("turn", order=5)
def _enter(bot: HeuristicBot, d: Decision) -> str | None:
    """000's Dungeon: down through the Doorway when strong enough for its Treasure Chamber, unless
    hunting: the Dungeon is a long way round from the prey (a Gladiator of Strength 17 chasing the
    last rival went down at each Doorway it passed, and came up on the Crown, thirty turns on); or
    when a task sends it below."""
    if not bot.offered("enter-dungeon"):
        return None
    return "enter-dungeon" if (lord_ready(bot) and not hunting(bot)) or sent_below(bot) else None


@ADVICE.on("way-to")
def _doorway(bot: HeuristicBot, place: str) -> str | None:
    """No road leads into 000's Dungeon: a task that sends the bot below sends it to the nearest
    Doorway lying on the board (a Quest of a Lifetime whose next place was the Guard Room had four
    bots wander to the turn cap)."""
    if in_dungeon(bot) or not in_dungeon(bot, place) or not sent_below(bot):
        return None
    doors = [sid for sid, cards in bot.view["board"].items() if any(bot.card(c["id"]).name == DOORWAY for c in cards)]
    return bot.nearest(doors) if doors else None


@ADVICE.answer("turn", order=55)
def _climb_out(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Entrance, wounded or too weak for the Dungeon: out by the Doorway worth most."""
    ways = bot.options("climb-out")
    if not ways or not (leaving_dungeon(bot) or not dungeon_ready(bot)):
        return None
    return max(ways, key=lambda o: (score_space(bot, o.space, ""), o.id)).id
