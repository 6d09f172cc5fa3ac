"""The rule-aware bot's knowledge of the roster's characters' abilities: an enslaved Follower is
the best one, a haggle is always tried, a panicked character is driven to the poorer space, a
rout taken when offered, a poor Object traded for the best ware.

A character that may imprison, curse or pipe into a panic one it meets meets the rival further
along than itself that it finds on its space (rather than the space), and does so; the Spy
shadows to a rival it would attack.

On the movement roll: the Leprechaun's teleport when some space of the region beats every
space the roll reaches, the Pathfinder's one more or one less when that lands better, a second
roll when the first leads nowhere good; the Trader sells the Objects it holds twice."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import progress, score_space, target, value_of
from talisman.modules.core.advice.fighting import worth_meeting
from talisman.modules.core.advice.holdings import best_card, spare, worst_card
from talisman.modules.core.advice.moving import roll_value

ADVICE: Final = Advice("roster")


HARMS: Final = ("imprison", "curse", "panic")  # what a character met may suffer, at no cost to the bot


@ADVICE.on("encounter-instead")
def _meet_to_harm(bot: HeuristicBot, d: Decision) -> str | None:
    """Imprison (a rival not good), curse or panic the rival here further along than the bot."""
    mine = bot.traits()
    if not mine & set(HARMS):
        return None
    for o in bot.options("meet"):
        other = bot.sheet(o.seat)
        harm = (mine & {"curse", "panic"}) or ({"imprison"} if other["alignment"] != "good" else set())
        if harm and other["controller"] != bot.me["controller"] and progress(other) > progress(bot.me):
            return o.id
    return None


@ADVICE.answer("meet", order=-1)
def _panic_them(bot: HeuristicBot, d: Decision) -> str | None:
    """Nothing better to do to the character met: pipe it into a panic (the core game curses and imprisons)."""
    return "panic" if bot.offered("panic") else None


@ADVICE.answer("turn", order=26)
def _seal(bot: HeuristicBot, d: Decision) -> str | None:
    """The Scout turns a Dungeon Doorway while a rival is below and its own aim is elsewhere: once
    every Doorway is turned, those below leave only through the Treasure Chamber."""
    seals = bot.options("turn-doorway")
    if not seals:
        return None
    aim = target(bot)
    if aim and bot.region_kind(bot.region(aim)) == "dungeon":
        return None
    below = any(bot.region_kind(bot.region(str(r["space"]))) == "dungeon" for r in bot.rivals())
    return seals[0].id if below else None


@ADVICE.answer("turn", order=25)
def _shadow(bot: HeuristicBot, d: Decision) -> str | None:
    """The Spy follows a rival it would attack, to its space."""
    for o in bot.options("shadow"):
        if worth_meeting(bot, bot.sheet(o.seat)):
            return o.id
    return None


@ADVICE.answer("enslave")
def _enslave(bot: HeuristicBot, d: Decision) -> str | None:
    return best_card(bot, d.options)


ADVICE.always("haggle", "haggle", why="The City's prices are haggled over: a lower price is worth the roll.")


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


BETTER: Final = 1.0  # how much better a space must look to spend an ability on it


def _best_move(bot: HeuristicBot) -> float:
    """What the best plain move of the roll is worth (-99: none)."""
    aim = target(bot)
    return max((score_space(bot, o.space, aim) for o in bot.options("move")), default=-99.0)


@ADVICE.answer("move", order=70)
def _movement_abilities(bot: HeuristicBot, d: Decision) -> str | None:
    """The teleport, the Pathfinder's other roll, or a second roll, when it lands better than the
    roll's plain moves (the Pathfinder's whenever no plain move is left)."""
    here = _best_move(bot)
    if bot.offered("teleport"):
        aim = target(bot)
        region = bot.region(bot.here())
        far = max(
            (score_space(bot, s.id, aim) for s in bot.rules.spaces if s.region == region and s.id != bot.here()),
            default=-99.0,
        )
        if far > here + BETTER:
            return "teleport"
    paths = bot.options("path")
    if paths:
        best = max(paths, key=lambda o: (roll_value(bot, o.number), o.number))
        if here <= -99 or roll_value(bot, best.number) > here + BETTER:
            return best.id
    if bot.offered("reroll"):
        again = sum(roll_value(bot, n) for n in range(1, 7)) / 6
        if again > here + BETTER:
            return "reroll"
    return None


@ADVICE.answer("turn", order=95)
def _trader(bot: HeuristicBot, d: Decision) -> str | None:
    """The Trader sells the Objects it holds twice, a gold each."""
    return "trade-objects" if bot.offered("trade-objects") and spare(bot) else None
