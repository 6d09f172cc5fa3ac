"""Levels for people: named settings of the bots, from one who lets a newcomer win to the
strongest the machine offers, each placed on one rating scale (``docs/bots.md``, "Levels":
a Bradley-Terry fit on a round robin of the levels, with intervals; ``benchmarks/levels.py``).

- ``gentle``: the rule-aware bot that blunders: a third of its real choices taken at random;
- ``fair``: the rule-aware bot, as it is;
- ``hard``: the search bot on a small budget (a thirtieth of ``strongest``'s);
- ``strongest``: the search bot at the budget that stays within 100 ms a searched decision
  (compiled, one core).

>>> import random
>>> [level.name for level in LEVELS.values()]
['gentle', 'fair', 'hard', 'strongest']
>>> make_level("fair", random.Random(0)).name
'heuristic'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from talisman.errors import ConfigError

if TYPE_CHECKING:
    from talisman.bots.base import Agent

GENTLE_BLUNDERS: Final = 1 / 3  # the share of its real choices the gentle bot takes at random
HARD_ITERATIONS: Final = 8  # the search bot's budget at ``hard`` (at 24 it is as strong as at 240: docs/bots.md)
STRONGEST_ITERATIONS: Final = 240  # and at ``strongest`` (about 60 ms a searched decision, two players)


@dataclass(frozen=True)
class Level:
    """A named level: what it is for a person, and the bot that plays it."""

    name: str
    title: str
    text: str
    make: Callable[[random.Random], Agent]


def _gentle(rng: random.Random) -> Agent:
    from talisman.bots.heuristic import HeuristicBot

    return HeuristicBot(rng, blunders=GENTLE_BLUNDERS)


def _fair(rng: random.Random) -> Agent:
    from talisman.bots.heuristic import HeuristicBot

    return HeuristicBot(rng)


def _hard(rng: random.Random) -> Agent:
    from talisman.bots.search import SearchBot

    return SearchBot(rng, iterations=HARD_ITERATIONS)


def _strongest(rng: random.Random) -> Agent:
    from talisman.bots.search import SearchBot

    return SearchBot(rng, iterations=STRONGEST_ITERATIONS)


LEVELS: Final = {
    level.name: level
    for level in (
        Level("gentle", "Gentle", "plays by the rules of thumb, but a third of its choices at random", _gentle),
        Level("fair", "Fair", "the rule-aware bot: grows strong, earns a Talisman, then heads for the Crown", _fair),
        Level("hard", "Hard", "looks ahead a little at each real choice (a short search)", _hard),
        Level("strongest", "Strongest", "looks ahead as far as a tenth of a second allows", _strongest),
    )
}


def make_level(name: str, rng: random.Random) -> Agent:
    """The bot that plays at this level; ConfigError for an unknown name."""
    level = LEVELS.get(name)
    if level is None:
        raise ConfigError(f"unknown level {name!r} (levels: {', '.join(LEVELS)})")
    return level.make(rng)
