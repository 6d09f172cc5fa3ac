"""The rule-aware bot's knowledge of the 4th edition Dungeon's characters: a Scroll is always claimed."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("dungeon-characters")


@ADVICE.answer("claim-scroll")
def _claim(bot: HeuristicBot, d: Decision) -> str:
    return "claim"
