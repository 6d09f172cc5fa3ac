"""The rule-aware bot's knowledge of the roster's characters' abilities: an enslaved Follower is
the best one, a haggle is always tried, a panicked character is driven to the poorer space, a
rout taken when offered, a poor Object traded for the best ware, and the Pathfinder moves the
farther way."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import value_of
from talisman.modules.core.advice.holdings import best_card, worst_card

ADVICE: Final = Advice("roster")


@ADVICE.answer("enslave")
def _enslave(bot: HeuristicBot, d: Decision) -> str | None:
    return best_card(bot, d.options)


@ADVICE.answer("haggle")
def _haggle(bot: HeuristicBot, d: Decision) -> str:
    return "haggle"  # a free roll for lower prices


@ADVICE.answer("panic")
def _panic(bot: HeuristicBot, d: Decision) -> str:
    """Drive a panicked character to the poorer of the two spaces."""
    return min(d.options, key=lambda o: (bot.space_worth(bot.rules.space(o.space).kind), o.id)).id


@ADVICE.answer("rout")
def _rout(bot: HeuristicBot, d: Decision) -> str:
    return bot.first("rout") or "spare"


@ADVICE.answer("trade")
def _trade(bot: HeuristicBot, d: Decision) -> str | None:
    """Give the Object worth least; take the ware worth most that the bot does not hold."""
    gives = bot.options("give")
    if gives:
        return worst_card(bot, gives)
    owned = {c["name"] for c in bot.me["objects"] + bot.me["packed"]}
    wares = [o for o in bot.options("take") if "word" in o.args and o.word not in owned]
    return max(wares or d.options, key=lambda o: (value_of(bot, str(o.args.get("word", "")), 0), o.id)).id


@ADVICE.answer("move", order=70)
def _pathfinder(bot: HeuristicBot, d: Decision) -> str | None:
    """No plain move: the Pathfinder's one more (or less) instead of the roll."""
    if bot.options("move"):
        return None
    paths = bot.options("path")
    return paths[-1].id if paths else None
