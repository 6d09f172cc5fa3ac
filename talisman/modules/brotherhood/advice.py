"""The rule-aware bot's knowledge of 000's Brotherhood of the Bell: it joins and brings others in
while it holds no Talisman (the sixth member gives one), and in the Donjon it tries to convince
the guard (never the judge, who may hang it).

Membership is secret: the bot knows itself a member once it has joined, or once a meeting has
offered it to bring the other in (its sheet shows no one, not even itself, the Brotherhood). A member without a Talisman then meets a rival it finds on its
space (rather than the space) to ask it in, once each: each knows one more member, and the
bringer needs six."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision

ADVICE: Final = Advice("brotherhood")
MEMBER: Final = "brotherhood-member"  # the bot's memory: it knows itself a member
ASKED: Final = "brotherhood-asked"  # the bot's memory: the seats it has met to bring in (or found members)


def asked(bot: HeuristicBot) -> set[int]:
    seats: set[int] = bot.memory.setdefault(ASKED, set())
    return seats


@ADVICE.answer("bell-invite")
def _invite(bot: HeuristicBot, d: Decision) -> str:
    if bot.has("Talisman") or bot.me["status"].get("warrant"):
        return "refuse"
    bot.memory[MEMBER] = True
    return "join"


@ADVICE.answer("bell-donjon")
def _donjon(bot: HeuristicBot, d: Decision) -> str:
    # D10 + Craft of 10 or more is never less likely than the escape's 1 on a die; the judge may hang
    return "convince" if bot.me["craft"] >= 1 else "escape"


@ADVICE.on("encounter-instead")
def _meet_to_bring_in(bot: HeuristicBot, d: Decision) -> str | None:
    """A member without a Talisman meets a rival here it has not asked yet, to bring it in."""
    if not bot.memory.get(MEMBER) or bot.has("Talisman"):
        return None
    mine = bot.me["controller"]
    for o in bot.options("meet"):
        if o.seat not in asked(bot) and bot.sheet(o.seat)["controller"] != mine:
            asked(bot).add(o.seat)
            return o.id
    return None


@ADVICE.answer("meet", order=100)
def _member(bot: HeuristicBot, d: Decision) -> None:
    """A meeting that offers to bring the other in tells the bot it is a member (it answers nothing)."""
    recruit = bot.options("bell-recruit")
    if recruit:
        bot.memory[MEMBER] = True
        asked(bot).add(recruit[0].seat)


@ADVICE.answer("meet", order=-1)
def _recruit(bot: HeuristicBot, d: Decision) -> str | None:
    """One more member known, toward the Brotherhood's Talisman (when the bot would not fight the other)."""
    recruit = bot.options("bell-recruit")
    return recruit[0].id if recruit and not bot.has("Talisman") else None
