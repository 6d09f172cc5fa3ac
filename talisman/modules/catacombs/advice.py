"""The rule-aware bot's knowledge of 000's Catacombs: below only when strong and healthy (their
Enemies reach Strength 6 and Craft 8, and the way out lands anywhere), never with a Talisman (the
Crown is then the way), and out at the first Exit."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.shared.dungeon_advice import dungeon_ready

ADVICE: Final = Advice("catacombs")


@ADVICE.answer("catacombs-descend")
def _descend(bot: HeuristicBot, d: Decision) -> str:
    go = dungeon_ready(bot) and not bot.has("Talisman")
    return "go-down" if go and bot.offered("go-down") else "nothing"


@ADVICE.answer("catacombs-exit")
def _exit(bot: HeuristicBot, d: Decision) -> str:
    return "climb-out"
