"""The rule-aware bot's knowledge of 000's Emperor's Guard: it pays a bribe in gold when it can,
else gives its least Object, and fights (in its better attribute) only when no bribe will do: a
Guard beaten means a Warrant, and no more bribes. It takes a hiding Follower, and reopens a closed
Place that gives for good what a turn is worth less than (a Craft, a Strength or a life a visit),
leaving any other closed."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import battle_strength, value_of
from talisman.modules.core.advice.holdings import worst_card

ADVICE: Final = Advice("emperors-guard")
# The Places worth missing a turn to reopen: each visit gives 1 Craft, 1 Strength, 1 life, for good.
WORTH_A_TURN: Final = ("Fountain of Wisdom", "Magic Stream", "Pool of Life")


@ADVICE.answer("guard-bribe")
def _bribe(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("bribe"):
        return "bribe"
    worst = worst_card(bot, bot.options("bribe"))
    option = d.option(worst) if worst else None
    if option is not None and value_of(bot, bot.card(option.card).name) <= 4:
        return option.id
    if bot.offered("fight-psychic") and bot.me["craft"] > battle_strength(bot):
        return "fight-psychic"
    return "fight"


@ADVICE.answer("guard-reopen")
def _reopen(bot: HeuristicBot, d: Decision) -> str:
    """A Place that gives a Craft, a Strength or a life each visit is worth the turn missed."""
    place = d.option("reopen")
    if place is not None and "card" in place.args and bot.card(place.card).name in WORTH_A_TURN:
        return "reopen"
    return "leave"


ADVICE.always("take", "guard-hiding", why="A Follower hiding from the Emperor's Guard is taken.")
