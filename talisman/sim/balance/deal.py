"""Dealing characters so that each sits in each seat equally often.

The games of an experiment come in blocks of as many games as there are characters: in each
block every character plays once in every seat (a shuffled order, and for each seat a distinct
shift along it, both drawn anew for each block), so a character's win rate owes nothing to the
seats it happened to get, and no two characters of one game are the same.

>>> chars = ["a", "b", "c", "d", "e"]
>>> games = [dealt(chars, 3, seed=1, index=i) for i in range(5)]
>>> all(sorted(g[seat] for g in games) == chars for seat in range(3))
True
>>> all(len(set(g)) == 3 for g in games)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from talisman.errors import ConfigError


def dealt(characters: Sequence[str], players: int, seed: int, index: int) -> tuple[str, ...]:
    """The characters of game ``index`` (one per seat) of an experiment with seed ``seed``."""
    n = len(characters)
    if not 1 <= players <= n:
        raise ConfigError(f"{players} seats need at least as many characters, not {n}")
    block, j = divmod(index, n)
    r = random.Random(f"talisman-deal:{seed}:{block}")
    order = list(characters)
    r.shuffle(order)
    shifts = [0, *sorted(r.sample(range(1, n), players - 1))]
    return tuple(order[(j + s) % n] for s in shifts)


def whole_blocks(games: int, characters: int) -> int:
    """``games`` rounded up to whole blocks, so that every character has every seat as often.

    >>> whole_blocks(4000, 14)
    4004
    """
    return math.ceil(games / characters) * characters
