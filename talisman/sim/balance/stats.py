"""The statistics of the balance workshop: means with normal intervals, paired differences,
p-values, Holm's correction for many questions at once, the games a precision needs, and a
paired bootstrap for figures that are not means of games.

>>> e = mean_interval([1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0])
>>> round(e.mean, 3), round(e.low, 3), round(e.high, 3)
(0.75, 0.429, 1.071)
>>> games_for(0.025, 0.25)
1226
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from talisman.sim.analysis import Z95, wilson

T = TypeVar("T")


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval, the number of values behind it and the p-value of "it is 0"."""

    mean: float
    low: float
    high: float
    n: int
    p: float

    @property
    def shown(self) -> bool:
        """Does the interval leave 0 out (a difference the games show)?"""
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a normal score."""
    return math.erfc(abs(z) / math.sqrt(2))


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with its normal interval (of paired differences: the mean difference). With fewer
    than two values, or none that differ, the interval is the mean alone."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0, 1.0)
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    if se == 0:
        return Estimate(mean, mean, mean, n, 1.0 if mean == 0 else 0.0)
    return Estimate(mean, mean - z * se, mean + z * se, n, two_sided_p(mean / se))


def holm(pvalues: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down test: which of several questions asked at once the games answer "yes" at a
    family-wise error of ``alpha`` (14 characters compared at 95% each would give a false alarm
    in about half of all experiments).

    >>> holm([0.001, 0.04, 0.2])
    [True, False, False]
    """
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    out = [False] * len(pvalues)
    for rank, i in enumerate(order):
        if pvalues[i] > alpha / (len(pvalues) - rank):
            break
        out[i] = True
    return out


def games_for(precision: float, rate: float, z: float = Z95) -> int:
    """How many games of a character its win rate ``rate`` needs for the wider side of its 95%
    Wilson interval to be no more than ``precision``: the normal approximation's count, then the
    fewest games around it for which Wilson's interval (not quite symmetric) is that narrow."""
    p = min(max(rate, 0.02), 0.98)
    normal = math.ceil(z * z * p * (1 - p) / (precision * precision))

    def narrow(n: int) -> bool:
        low, high = wilson(p * n, n, z)
        return max(p - low, high - p) <= precision

    lo, hi = max(1, normal // 2), 2 * normal + 10
    while lo < hi:
        mid = (lo + hi) // 2
        if narrow(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def bootstrap(pairs: Sequence[T], figure: Callable[[Sequence[T]], float], seed: int, rounds: int = 1000) -> Estimate:
    """The paired bootstrap of a figure of the pairs (a difference between two rule sets over the
    same games): the figure of all the pairs, and the 2.5-97.5% percentiles of the figure over
    ``rounds`` resamples of the pairs, with replacement (numpy's generator, seeded)."""
    import numpy as np

    n = len(pairs)
    whole = figure(pairs)
    if n < 2:
        return Estimate(whole, whole, whole, n, 1.0)
    rng = np.random.default_rng(seed)
    values = sorted(figure([pairs[i] for i in rng.integers(0, n, n)]) for _ in range(rounds))
    low, high = values[int(0.025 * rounds)], values[int(0.975 * rounds) - 1]
    above = sum(v > 0 for v in values) / rounds
    return Estimate(whole, low, high, n, min(1.0, 2 * min(above, 1 - above)))
