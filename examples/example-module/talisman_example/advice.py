"""What the example module's decisions mean to the rule-aware bot (named by ``MODULE.advice``)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("example")
CRAFT_ENOUGH: Final = 6  # past this Craft a song is worth less than the gold it costs


@ADVICE.answer("bard")
def _bard(bot: HeuristicBot, d: Decision) -> str:
    """A song is worth its fee while Craft is low, and always when he asks nothing."""
    if not bot.offered("pay"):
        return "leave"
    return "pay" if "music-lover" in bot.traits() or bot.me["craft"] < CRAFT_ENOUGH else "leave"
