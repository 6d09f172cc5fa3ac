"""The rule-aware bot's knowledge of the Master Level titles: titles are taken, the Sheriff
sought when Strength may reach it, the Beggar given a gold when it can be spared, the High Mage's
price declined (the offerings are lost whatever the die says). The Mirror is passed through: the
Image costs nothing and goes on should the original die (the one further along acts, and of the
two the one further along is kept)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import progress

ADVICE: Final = Advice("master-levels")
GOOD_TITLES: Final = ("accept", "seek", "pass")


@ADVICE.answer("master-level")
def _master_level(bot: HeuristicBot, d: Decision) -> str:
    for i in GOOD_TITLES:
        if bot.offered(i) and (i != "seek" or bot.me["strength"] >= 6):
            return i
    if bot.offered("give") and bot.me["gold"] >= 3:
        return "give"
    for i in ("decline", "leave", "refuse"):
        if bot.offered(i):
            return i
    return d.options[0].id


@ADVICE.answer("mirror")
def _mirror(bot: HeuristicBot, d: Decision) -> str:
    me = bot.me
    image = next(
        (
            p
            for p in bot.view["players"]
            if p["controller"] == me["controller"] and p["seat"] != bot.seat and p["alive"]
        ),
        None,
    )
    if image is not None and progress(image) > progress(me):
        return "keep:image"
    return "keep:original"
