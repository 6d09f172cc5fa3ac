"""The game's random source draws SplitMix64's numbers, by either of its two ways of working them out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from talisman.engine import rng as rng_module
from talisman.engine.rng import Rng

MASK = (1 << 64) - 1


def textbook(seed: int, draws: int) -> list[int]:
    """SplitMix64 as it is usually written, on one 64-bit integer."""
    state, out = seed & MASK, []
    for _ in range(draws):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-(1 << 70), max_value=1 << 70))
def test_both_ways_draw_the_textbook_numbers(seed: int) -> None:
    halves, whole = Rng(seed), Rng(seed)
    expected = textbook(seed, 20)
    assert [(hi << 32) | lo for hi, lo in (halves._next() for _ in range(20))] == expected
    assert [whole._next_whole() for _ in range(20)] == expected
    assert halves.state == whole.state == (seed + 20 * 0x9E3779B97F4A7C15) & MASK


@pytest.mark.parametrize("compiled", [True, False])
@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=MASK),
    bounds=st.lists(st.integers(min_value=1, max_value=1 << 64), min_size=1, max_size=30),
)
def test_bounded_draws_are_the_same_either_way(compiled: bool, seed: int, bounds: list[int]) -> None:
    """Each way rejects the same draws (those at or above the bound's largest multiple under
    2**64) and reduces the rest alike, for small bounds (dice, decks) and huge ones."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rng_module, "COMPILED", compiled)
        got = Rng(seed)
        drawn = [got.below(n) for n in bounds]
    numbers, expected = iter(textbook(seed, 10 * len(bounds))), []
    for n in bounds:
        limit = (1 << 64) - (1 << 64) % n
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        expected.append(x % n)
    assert drawn == expected


@pytest.mark.parametrize("bound", [0, -3, (1 << 64) + 1])
def test_a_bound_no_draw_can_meet_is_refused(bound: int) -> None:
    with pytest.raises(ValueError, match="bound from 1 to 2"):
        Rng(7).below(bound)


def test_state_reads_and_writes_one_integer() -> None:
    r = Rng(1 << 63 | 12345)
    assert r.state == 1 << 63 | 12345
    r.state ^= 0xFFFF_0000_0000_FFFF
    assert r.state == (1 << 63 | 12345) ^ 0xFFFF_0000_0000_FFFF
    copy = r.copy()
    assert copy.below(1000) == r.below(1000) and copy.state == r.state
