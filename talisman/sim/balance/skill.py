"""Skill and luck: a matchup matrix of agents (:mod:`talisman.sim.roster`), and how much of a
game skill decides.

Each ordered pair (A, B) of the roster plays the same games (the same seeds and characters, game
``i`` of every pair alike): one seat A, moving one seat along from game to game, the other seats B.
``matrix[A][B]`` is A's share of the wins in games against B (a game cut short gives each seat an
even share); with two players each game of A against B counts for both A's row and B's.

How much skill decides: if a share ``s`` of games went to the stronger agent whatever the dice,
and the rest were a fair draw among the seats, the strongest agent would win ``s + (1 - s) / N``
of its games against the weakest. So ``s = (p - 1/N) / (1 - 1/N)`` from the share ``p`` it wins:
0 when the dice alone decide, 1 when the strongest always wins. It depends on the roster: a
stronger strongest agent shows more of what skill can do.

The agents are rated on the games of the matrix (:mod:`.rating`: Bradley-Terry on the Elo scale,
with bootstrap intervals); the strongest and weakest are those of the ratings.

>>> skill_share(0.8, players=2)
0.6000000000000001
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from talisman.content.homebrew import installed_folders
from talisman.sim.analysis import wilson
from talisman.sim.balance.rating import fit_ratings, record_game
from talisman.sim.balance.sides import Side
from talisman.sim.runner import MAX_TURNS, GameSpec


def skill_share(p: float, players: int) -> float:
    """The share of games skill decides, from the share ``p`` of wins of the stronger agent."""
    fair = 1 / players
    return (p - fair) / (1 - fair)


def plan(
    side: Side,
    agents: Sequence[str],
    games: int,
    players: int,
    seed: int,
    characters: Sequence[str],
    max_turns: int = MAX_TURNS,
) -> list[GameSpec]:
    """``games`` games for each ordered pair of different agents (one pair for each unordered one
    with two players, whose games count both ways), numbered pair by pair."""
    pairs = itertools.combinations(agents, 2) if players == 2 else itertools.permutations(agents, 2)
    content = installed_folders(side.modules)
    out: list[GameSpec] = []
    for a, b in pairs:
        for i in range(games):
            hero = i % players
            seats = tuple(a if s == hero else b for s in range(players))
            out.append(side.game(len(out), i, seed, seats, characters, max_turns, content))
    return out


def summarise(
    records: list[dict[str, Any]], agents: Sequence[str], players: int, seed: int = 1, anchor: str | None = None
) -> dict[str, Any]:
    """The matrix (row: the agent, column: the one it played against; its share of the wins with a
    Wilson interval), the agents' ratings (``seed`` seeds their bootstrap; ``anchor`` is rated 0,
    else their mean is), and how much skill decides."""
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    for r in records:
        bots = r["bots"]
        winners = r["winners"]
        for seat, bot in enumerate(bots):
            others = {x for i, x in enumerate(bots) if i != seat}
            if bots.count(bot) != 1 or len(others) != 1:
                continue
            key = (bot, others.pop())
            won = (1 / len(winners) if seat in winners else 0.0) if winners else 1 / players
            wins[key] = wins.get(key, 0.0) + won
            played[key] = played.get(key, 0) + 1
    matrix: dict[str, dict[str, dict[str, float] | None]] = {}
    for a in agents:
        matrix[a] = {}
        for b in agents:
            n = played.get((a, b), 0)
            if a == b or not n:
                matrix[a][b] = None
                continue
            w = wins[(a, b)]
            low, high = wilson(w, n)
            matrix[a][b] = {"rate": w / n, "low": low, "high": high, "games": n}
    ratings = fit_ratings([record_game(r) for r in records], agents, seed, anchor=anchor)
    strong, weak = ratings[0]["name"], ratings[-1]["name"]
    cell = matrix[strong][weak]
    share: dict[str, Any] | None = None
    if cell is not None:
        share = {
            "strong": strong,
            "weak": weak,
            "rate": cell["rate"],
            "games": cell["games"],
            "share": skill_share(cell["rate"], players),
            "low": skill_share(cell["low"], players),
            "high": skill_share(cell["high"], players),
        }
    return {
        "games": len(records),
        "players": players,
        "fair": 1 / players,
        "agents": list(agents),
        "matrix": matrix,
        "ratings": ratings,
        "anchor": anchor,
        "skill": share,
    }
