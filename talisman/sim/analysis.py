"""Statistics of a simulation: win rates with confidence intervals, game
length, causes of death, endings and the features used.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _rates(counts: dict[str, list[float]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for key, (played, wins) in counts.items():
        lo, hi = wilson(wins, int(played))
        rows.append(
            {
                "name": key,
                "games": int(played),
                "wins": wins,
                "rate": wins / played if played else 0.0,
                "low": lo,
                "high": hi,
            }
        )
    rows.sort(key=lambda r: (-r["rate"], r["name"]))
    return rows


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0, "max": 0}
    qs = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "p10": qs[0],
        "p90": qs[-1],
        "min": min(values),
        "max": max(values),
    }


def party(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A cooperative game's success rate per cell: adventure, difficulty (stars), party size and
    bots, with its 95% Wilson interval, median turns and mean tasks done.

    >>> rows = party([{"adventure": 1, "stars": 2, "players": 2, "bots": ["search"] * 2, "won": w,
    ...                "turns": 10, "tasks_done": 1} for w in (True, True, False, True)])
    >>> rows[0]["wins"], rows[0]["rate"], round(rows[0]["low"], 3)
    (3, 0.75, 0.301)
    """
    cells: dict[tuple[int, int, int, str], list[dict[str, Any]]] = {}
    for r in records:
        key = (r["adventure"], r["stars"], r["players"], "+".join(sorted(set(r["bots"]))))
        cells.setdefault(key, []).append(r)
    rows = []
    for (number, stars, players, bots), rs in sorted(cells.items()):
        wins = sum(1 for r in rs if r["won"])
        lo, hi = wilson(wins, len(rs))
        rows.append(
            {
                "adventure": number,
                "stars": stars,
                "players": players,
                "bots": bots,
                "games": len(rs),
                "wins": wins,
                "rate": wins / len(rs),
                "low": lo,
                "high": hi,
                "turns": statistics.median(r["turns"] for r in rs),
                "tasks": statistics.fmean(r.get("tasks_done", 0) for r in rs),
            }
        )
    return rows


def features(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How often each feature the modules declare was used (the records' ``features`` and
    ``features_offered``): in how many of the games that had it it was offered and used, and its
    uses per game; in the order the records name them (module by module).

    >>> rows = features([{"features": {"city-classic/loan": n}, "features_offered": {"city-classic/loan": 2}}
    ...                  for n in (0, 3)])
    >>> rows[0]["module"], rows[0]["feature"], rows[0]["games"], rows[0]["used_games"], rows[0]["per_game"]
    ('city-classic', 'loan', 2, 1, 1.5)
    """
    games: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    used: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    for r in records:
        shown = r.get("features_offered") or {}
        for key, n in (r.get("features") or {}).items():
            if n is None:  # (a Parquet file of games of several module sets: not a feature of this one)
                continue
            games[key] += 1
            offered[key] += bool(shown.get(key))
            used[key] += bool(n)
            uses[key] += n
    rows = []
    for key, n in games.items():
        module, _, name = key.partition("/")
        rows.append(
            {
                "key": key,
                "module": module,
                "feature": name,
                "games": n,
                "offered_games": offered[key],
                "used_games": used[key],
                "uses": uses[key],
                "per_game": uses[key] / n,
            }
        )
    return rows


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything the report shows, as plain data. A game won by several seats
    gives each a share of the win, but a cooperative game's party wins whole (each hero's
    record counts the win); a game stopped at the turn limit is lost by all."""
    by_character: dict[str, list[float]] = {}
    by_bot: dict[str, list[float]] = {}
    by_seat: dict[str, list[float]] = {}
    causes: Counter[str] = Counter()
    death_chars: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for r in records:
        winners = r["winners"]
        share = 1.0 if "won" in r else 1 / len(winners) if winners else 0.0
        for seat, (char, bot) in enumerate(zip(r["characters"], r["bots"])):
            won = share if seat in winners else 0.0
            for table, key in ((by_character, char), (by_bot, bot), (by_seat, f"seat {seat + 1}")):
                row = table.setdefault(key, [0, 0.0])
                row[0] += 1
                row[1] += won
        for d in r["deaths"]:
            causes[d["cause"]] += 1
            death_chars[d["character"]] += 1
        endings[r["ending"]] += 1
    n = len(records)
    return {
        "games": n,
        "finished": sum(1 for r in records if r["finished"]),
        "players": dict(sorted(Counter(r["players"] for r in records).items())),
        "characters": _rates(by_character),
        "bots": _rates(by_bot),
        "seats": sorted(_rates(by_seat), key=lambda r: r["name"]),
        "turns": _spread([r["turns"] for r in records]),
        "turn_values": [r["turns"] for r in records],
        "rounds": _spread([r.get("rounds", 0) for r in records]),
        "actions": _spread([r.get("actions", 0) for r in records]),
        "seconds": _spread([r.get("seconds", 0) for r in records]),
        "deaths_per_game": sum(causes.values()) / n if n else 0.0,
        "causes": causes.most_common(),
        "deaths_by_character": death_chars.most_common(),
        "endings": endings.most_common(),
        "party": party([r for r in records if "won" in r]),
        "features": features(records),
    }
