"""Ratings of agents fitted on the games of a matchup matrix: Bradley-Terry, with intervals.

Each agent ``i`` has a strength ``π_i``; in a game the seat of agent ``i`` wins with the chance
``π_i / Σ π`` over the seats (the Luce choice model: with two seats it is Bradley-Terry, and one
agent against three seats of another wins ``π_a / (π_a + 3 π_b)``). A win shared among several
seats counts its share to each, a game cut short an even share to every seat. The strengths are
the maximum-likelihood fit (Hunter's minorisation-maximisation, 2004, on numpy), given on the Elo
scale: ``400 log10 π``, so that an agent rated 400 points above another wins 10 of 11 two-player
games against it; the mean rating of the agents is 0, or an anchor's rating is. One drawn
two-player game is added between each pair of agents that met (a weak prior: an agent that won
every game, or none, keeps a finite rating). The 95% interval of each rating is the 2.5-97.5%
percentiles over bootstrap resamples of the games, each kind of game (the agents of its seats)
resampled apart, so that every resample keeps the matrix's design.

>>> games = [(("a", "b"), (1.0, 0.0))] * 3 + [(("a", "b"), (0.0, 1.0))]
>>> r = fit_ratings(games, ["a", "b"], seed=1, rounds=200)
>>> [(x["name"], round(x["rating"])) for x in r]
[('a', 74), ('b', -74)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from talisman.errors import ConfigError

Game = tuple[Sequence[str], Sequence[float]]  # the agent of each seat, each seat's share of the win
Floats = npt.NDArray[np.float64]
ELO = 400 / math.log(10)  # the Elo scale's points per unit of log-strength


def record_game(record: dict[str, Any]) -> Game:
    """A game's record as the fit reads it: each seat's agent and share of the win (1 split among
    the winners; an even share to every seat of a game cut short)."""
    bots, winners = record["bots"], record["winners"]
    n = len(bots)
    if not winners:
        return bots, [1 / n] * n
    return bots, [1 / len(winners) if seat in winners else 0.0 for seat in range(n)]


def _kinds(games: Sequence[Game], agents: Sequence[str]) -> tuple[Floats, list[Floats]]:
    """The games grouped by their kind (how many seats each agent has): the seat counts of each kind
    (kinds x agents), and for each kind the share of the win each agent took in each of its games."""
    index = {a: i for i, a in enumerate(agents)}
    counts: dict[tuple[int, ...], list[list[float]]] = {}
    for bots, won in games:
        seats, took = [0] * len(agents), [0.0] * len(agents)
        for bot, share in zip(bots, won, strict=True):
            if bot not in index:
                raise ConfigError(f"a game seats {bot!r}, not one of the agents rated")
            seats[index[bot]] += 1
            took[index[bot]] += share
        counts.setdefault(tuple(seats), []).append(took)
    kinds = np.array(list(counts), dtype=np.float64).reshape(-1, len(agents))
    return kinds, [np.array(v, dtype=np.float64) for v in counts.values()]


def _prior(kinds: Floats) -> tuple[Floats, Floats]:
    """One drawn two-player game between each pair of agents that met in a kind of game: its seat
    counts and each agent's share of the win."""
    m = kinds.shape[1]
    met = [(i, j) for i in range(m) for j in range(i + 1, m) if np.any((kinds[:, i] > 0) & (kinds[:, j] > 0))]
    seats = np.zeros((len(met), m))
    for row, (i, j) in enumerate(met):
        seats[row, i] = seats[row, j] = 1.0
    return seats, seats / 2


def _fit(kinds: Floats, games: Floats, wins: Floats, steps: int = 10_000, tol: float = 1e-10) -> Floats:
    """The log-strengths (rounds x agents, each round's mean 0) that fit ``wins`` (rounds x agents:
    each agent's total share of the wins) over ``games`` (kinds: how many games of each kind, the
    seat counts ``kinds``), by minorisation-maximisation, every round at once."""
    strength = np.ones_like(wins)
    for _ in range(steps):
        seats = strength @ kinds.T  # rounds x kinds: the strength of every seat of a game of the kind
        beside = (games / seats) @ kinds  # rounds x agents
        new = wins / beside
        new /= np.exp(np.log(new).mean(axis=1, keepdims=True))
        done = np.max(np.abs(np.log(new) - np.log(strength))) < tol
        strength = new
        if done:
            break
    out: Floats = np.log(strength)
    return out


def fit_ratings(
    games: Sequence[Game], agents: Sequence[str], seed: int, rounds: int = 1000, anchor: str | None = None
) -> list[dict[str, Any]]:
    """Each agent's rating on the Elo scale with its 95% bootstrap interval and its games, the
    strongest first; the mean rating is 0, or ``anchor``'s is (its interval is then 0 to 0)."""
    if anchor is not None and anchor not in agents:
        raise ConfigError(f"the anchor {anchor!r} is not one of the agents ({', '.join(agents)})")
    if not games:
        raise ConfigError("no games to rate the agents on")
    kinds, shares = _kinds(games, agents)
    prior_seats, prior_wins = _prior(kinds)
    all_kinds = np.vstack([kinds, prior_seats])
    per_kind = np.array([len(s) for s in shares] + [1.0] * len(prior_seats))
    prior = prior_wins.sum(axis=0)
    whole = sum((s.sum(axis=0) for s in shares), prior)
    rng = np.random.default_rng(seed)
    resampled = np.tile(prior, (rounds, 1))
    for s in shares:  # each kind's games resampled apart: as many draws of its games as it has
        rows, taken = np.unique(s, axis=0, return_counts=True)
        resampled += rng.multinomial(len(s), taken / len(s), size=rounds) @ rows
    logs = _fit(all_kinds, per_kind, np.vstack([whole, resampled]))
    if anchor is not None:
        logs -= logs[:, [list(agents).index(anchor)]]
    ratings = ELO * logs
    low, high = np.percentile(ratings[1:], [2.5, 97.5], axis=0)
    played = (kinds > 0).T @ np.array([len(s) for s in shares], dtype=np.float64)
    order = sorted(range(len(agents)), key=lambda i: -ratings[0, i])
    return [
        {
            "name": agents[i],
            "rating": float(ratings[0, i]),
            "low": float(low[i]),
            "high": float(high[i]),
            "games": int(played[i]),
        }
        for i in order
    ]


def win_chance(rating_a: float, rating_b: float) -> float:
    """The chance that an agent of rating ``rating_a`` wins a two-player game against one of ``rating_b``.

    >>> round(win_chance(400, 0), 3)
    0.909
    """
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))
