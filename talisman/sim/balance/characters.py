"""Characters ranked: each character's win rate with its 95% interval, dealt equally often to each
seat (:mod:`.deal`); each seat's win rate and the first player's advantage; the games a wanted
precision needs.

>>> recs = [{"characters": ["a", "b"], "winners": [w], "turns": 10, "deaths": [], "finished": True}
...         for w in (0, 0, 1, 0)]
>>> s = summarise(recs, players=2, precision=0.05)
>>> [(r["name"], r["wins"], r["games"]) for r in s["characters"]]
[('a', 3.0, 4), ('b', 1.0, 4)]
>>> s["seats"][0]["rate"], s["first_player"]["advantage"]
(0.75, 0.25)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any

from talisman.sim.analysis import wilson
from talisman.sim.balance.deal import whole_blocks
from talisman.sim.balance.sides import shares
from talisman.sim.balance.stats import games_for


def planned_games(characters: int, players: int, precision: float) -> int:
    """The games a run needs for every character's 95% interval to be ``precision`` either side,
    planned on the fair share (1 / players): each game deals ``players`` of the ``characters``,
    rounded up to whole blocks of the deal.

    >>> planned_games(14, 4, 0.025)
    4298
    """
    per_character = games_for(precision, 1 / players)
    return whole_blocks(math.ceil(per_character * characters / players), characters)


def summarise(records: list[dict[str, Any]], players: int, precision: float | None = None) -> dict[str, Any]:
    """The ranking as plain data: per character (best first) its games, wins (a shared win counts
    its share), win rate, Wilson interval, half-width and the games it needs for ``precision``;
    per seat the same; the first player's advantage over the fair share; game length and deaths."""
    played: Counter[str] = Counter()
    won: dict[str, float] = {}
    died: Counter[str] = Counter()
    seat_played: Counter[int] = Counter()
    seat_won: dict[int, float] = {}
    for r in records:
        for seat, (char, share) in enumerate(zip(r["characters"], shares(r))):
            played[char] += 1
            won[char] = won.get(char, 0.0) + share
            seat_played[seat] += 1
            seat_won[seat] = seat_won.get(seat, 0.0) + share
        for d in r["deaths"]:
            died[d["character"]] += 1
    fair = 1 / players
    rows = []
    for char in played:
        row = _rate(char, won[char], played[char])
        row["deaths"] = died[char] / played[char]
        if precision:
            row["needed"] = games_for(precision, row["rate"])
        rows.append(row)
    rows.sort(key=lambda r: (-r["rate"], r["name"]))
    seats = [_rate(f"seat {s + 1}", seat_won[s], seat_played[s]) for s in sorted(seat_played)]
    first = seats[0] if seats else _rate("seat 1", 0, 0)
    widest = max((r["half"] for r in rows), default=0.0)
    most = max((r.get("needed", 0) for r in rows), default=0)
    turns = [r["turns"] for r in records]
    return {
        "games": len(records),
        "finished": sum(1 for r in records if r["finished"]),
        "players": players,
        "fair": fair,
        "characters": rows,
        "seats": seats,
        "first_player": {
            "rate": first["rate"],
            "advantage": first["rate"] - fair,
            "low": first["low"] - fair,
            "high": first["high"] - fair,
        },
        "precision": precision,
        "widest": widest,
        "reached": precision is not None and widest <= precision,
        # the games of the whole run every character's interval needs, from the rates measured
        "games_needed": whole_blocks(math.ceil(most * len(rows) / players), len(rows)) if precision and rows else None,
        "turns": {
            "median": statistics.median(turns) if turns else 0,
            "mean": statistics.fmean(turns) if turns else 0.0,
        },
        "deaths_per_game": sum(len(r["deaths"]) for r in records) / len(records) if records else 0.0,
    }


def _rate(name: str, wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return {
        "name": name,
        "games": games,
        "wins": wins,
        "rate": rate,
        "low": low,
        "high": high,
        "half": max(rate - low, high - rate),
    }
