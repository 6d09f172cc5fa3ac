"""The rule-aware bot's knowledge of 000's Catacombs: below only when strong and healthy (their
Enemies reach Strength 6 and Craft 8, and the way out lands anywhere), never with a Talisman (the
Crown is then the way). At an Exit it climbs out, unless it has nowhere to be and is still strong
and healthy: then each turn below is a Catacombs card met, to grow on, and it stays."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import target
from talisman.modules.shared.dungeon_advice import dungeon_ready

ADVICE: Final = Advice("catacombs")


@ADVICE.answer("catacombs-descend")
def _descend(bot: HeuristicBot, d: Decision) -> str:
    go = dungeon_ready(bot) and not bot.has("Talisman")
    return "go-down" if go and bot.offered("go-down") else "nothing"


@ADVICE.answer("catacombs-exit")
def _exit(bot: HeuristicBot, d: Decision) -> str:
    """Out, but to grow below when there is nowhere to be (no aim) and the bot is still ready."""
    grow = target(bot) == "" and dungeon_ready(bot) and not bot.has("Talisman")
    return "stay-below" if grow and bot.offered("stay-below") else "climb-out"
