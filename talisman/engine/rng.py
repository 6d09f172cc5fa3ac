"""The game's one source of chance.

A small SplitMix64 generator whose whole state is one integer, so that a game
state copies and saves it for free. Tests may *script* die results: scripted
values are consumed, in order, by the next die rolls (never by shuffles).

>>> rng = Rng(42)
>>> rng.script([6, 1])
>>> rng.die(6), rng.die(6)
(6, 1)
>>> 1 <= rng.die(6) <= 6
True
"""

from __future__ import annotations

from typing import Any, Final

from talisman.errors import ScriptError

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_LIMITS: Final[dict[int, int]] = {}  # by bound: the largest multiple of it below 2**64 (draws at or above are redrawn)


class Rng:
    """Seeded SplitMix64 with an optional queue of scripted die results."""

    __slots__ = ("state", "scripted")

    def __init__(self, seed: int = 0, scripted: tuple[int, ...] = ()) -> None:
        self.state = seed & _MASK
        self.scripted = scripted

    def copy(self) -> Rng:
        return Rng(self.state, self.scripted)

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (never scripted)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def die(self, sides: int) -> int:
        """Roll one die with ``sides`` faces; a scripted value is used first."""
        if self.scripted:
            value = self.scripted[0]
            self.scripted = self.scripted[1:]
            if not 1 <= value <= sides:
                raise ScriptError(f"scripted die result {value} is not possible on a D{sides}")
            return value
        return self.below(sides) + 1

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def script(self, values: list[int] | tuple[int, ...]) -> None:
        """Queue die results to be used by the next rolls, in order."""
        self.scripted = self.scripted + tuple(int(v) for v in values)
