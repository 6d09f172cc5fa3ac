"""The game's one source of chance.

A small SplitMix64 generator whose whole state is one 64-bit integer, so that a
game state copies and saves it for free. Tests may *script* die results: scripted
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

from mypy_extensions import i64

from talisman.errors import ScriptError

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
# SplitMix64's constants in 32-bit halves: the generator works on the two halves of its state, so
# that no step goes above 2**50 and each is one machine operation on an ``i64`` when compiled (in
# one 64-bit integer, every step made a new big integer). The draws are the 64-bit form's own.
_GOLDEN_HI: Final = 0x9E3779B9
_GOLDEN_LO: Final = 0x7F4A7C15
_MIX1_HI: Final = 0xBF58476D
_MIX1_LO: Final = 0x1CE4E5B9
_MIX2_HI: Final = 0x94D049BB
_MIX2_LO: Final = 0x133111EB
# Compiled, the halves are faster; interpreted, one big integer is (fewer steps): each runs its own.
COMPILED: Final = not __file__.endswith(".py")
_WIDE: Final = 1 << 20  # bounds up to this draw by halves (below): larger ones (never asked yet) whole
# by bound: the largest multiple of it below 2**64 (draws at or above are redrawn), whole and in
# halves, and 2**32 mod the bound
_LIMITS: Final[dict[int, tuple[int, int, int, int]]] = {}


def _low_product(x: i64, c: i64) -> i64:
    """``x * c`` mod 2**32, for ``x`` and ``c`` below 2**32, with no step above 2**49."""
    return (((((x >> 16) * c) & 0xFFFF) << 16) + (x & 0xFFFF) * c) & _M32


def _multiply(h: i64, lo: i64, ch: i64, cl: i64) -> tuple[i64, i64]:
    """``(h, lo) * (ch, cl)`` mod 2**64, each number given as its high and low 32 bits."""
    high_part = (lo >> 16) * cl  # lo * cl = high_part * 2**16 + low_part, each below 2**48
    t = (lo & 0xFFFF) * cl + ((high_part & 0xFFFF) << 16)
    high = (t >> 32) + (high_part >> 16) + _low_product(h, cl) + _low_product(lo, ch)
    return high & _M32, t & _M32


class Rng:
    """Seeded SplitMix64 with an optional queue of scripted die results.

    The state is one 64-bit integer (``state``, as a save stores it), kept as its two halves."""

    __slots__ = ("hi", "lo", "scripted")

    def __init__(self, seed: int = 0, scripted: tuple[int, ...] = ()) -> None:
        seed &= _MASK
        self.hi: i64 = seed >> 32
        self.lo: i64 = seed & _M32
        self.scripted = scripted

    @property
    def state(self) -> int:
        return (int(self.hi) << 32) | int(self.lo)

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        self.hi = value >> 32
        self.lo = value & _M32

    def copy(self) -> Rng:
        r = Rng(0, self.scripted)
        r.hi, r.lo = self.hi, self.lo
        return r

    def _next(self) -> tuple[i64, i64]:
        """The next 64-bit draw, as its high and low 32 bits."""
        lo = self.lo + _GOLDEN_LO
        hi = (self.hi + _GOLDEN_HI + (lo >> 32)) & _M32
        lo &= _M32
        self.hi, self.lo = hi, lo
        # z ^= z >> 30; z *= MIX1; z ^= z >> 27; z *= MIX2; z ^= z >> 31 (all mod 2**64)
        hi, lo = _multiply(hi ^ (hi >> 30), lo ^ (((hi << 2) & _M32) | (lo >> 30)), _MIX1_HI, _MIX1_LO)
        hi, lo = _multiply(hi ^ (hi >> 27), lo ^ (((hi << 5) & _M32) | (lo >> 27)), _MIX2_HI, _MIX2_LO)
        return hi ^ (hi >> 31), lo ^ (((hi << 1) & _M32) | (lo >> 31))

    def _next_whole(self) -> int:
        """The next draw as one 64-bit integer: the same draw as :meth:`_next`, by the textbook form."""
        hi: int = self.hi  # (a Python int: shifted, it outgrows an i64)
        lo: int = self.lo
        z = (((hi << 32) | lo) + _GOLDEN) & _MASK
        self.hi, self.lo = z >> 32, z & _M32
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (never scripted)."""
        bound = _LIMITS.get(n)
        if bound is None:
            if not 0 < n <= 1 << 64:
                raise ValueError("below() needs a bound from 1 to 2**64")  # (beyond, every draw would be redrawn)
            limit = (1 << 64) - ((1 << 64) % n)
            bound = _LIMITS[n] = (limit, limit >> 32, limit & _M32, (1 << 32) % n)
        limit, limit_hi, limit_lo, wrap = bound
        if not COMPILED:
            while True:
                x = self._next_whole()
                if x < limit:
                    return x % n
        while True:
            hi, lo = self._next()
            if hi < limit_hi or (hi == limit_hi and lo < limit_lo):
                if n <= _WIDE:
                    return ((hi % n) * wrap + lo) % n  # (hi * 2**32 + lo) mod n, every step small
                return ((int(hi) << 32) | int(lo)) % n

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
