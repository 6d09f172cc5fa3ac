"""The rule-aware bot's knowledge of 000's Brotherhood of the Bell: it joins and brings others in
while it holds no Talisman (the sixth member gives one), and in the Donjon it tries to convince
the guard (never the judge, who may hang it)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("brotherhood")


@ADVICE.answer("bell-invite")
def _invite(bot: HeuristicBot, d: Decision) -> str:
    return "refuse" if bot.has("Talisman") or bot.me["status"].get("warrant") else "join"


@ADVICE.answer("bell-donjon")
def _donjon(bot: HeuristicBot, d: Decision) -> str:
    # D10 + Craft of 10 or more is never less likely than the escape's 1 on a die; the judge may hang
    return "convince" if bot.me["craft"] >= 1 else "escape"


@ADVICE.answer("meet", order=-1)
def _recruit(bot: HeuristicBot, d: Decision) -> str | None:
    """One more member known, toward the Brotherhood's Talisman."""
    recruit = bot.first("bell-recruit")
    return recruit if recruit and not bot.has("Talisman") else None
