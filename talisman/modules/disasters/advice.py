"""The rule-aware bot's knowledge of 000's Disasters: a Disaster strikes where the most rivals
stand, never the bot's own space (a struck space is worth little: the core game's advice)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("disasters")


@ADVICE.answer("disaster-space")
def _strike(bot: HeuristicBot, d: Decision) -> str:
    rivals = [p["space"] for p in bot.rivals()]
    here = bot.here()
    return max(d.options, key=lambda o: (o.space != here, rivals.count(o.space))).id
