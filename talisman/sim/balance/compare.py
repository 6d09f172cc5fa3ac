"""Two rule sets compared on the same games: the same seeds, characters and seats on both sides
(common random numbers), so that each figure is a paired difference (B minus A) with a 95%
interval, and a plain verdict: a difference the games show, or one they cannot tell from noise.

The characters are dealt from those both sides have. The per-character verdicts are Holm-corrected
(a family of as many questions as characters), the others are asked one at a time.

>>> a = [{"index": 0, "characters": ["x", "y"], "winners": [0], "turns": 10, "deaths": [], "finished": True}]
>>> b = [{"index": 0, "characters": ["x", "y"], "winners": [1], "turns": 14, "deaths": [{"cause": "the Flood"}],
...       "finished": True}]
>>> s = summarise(a, b)
>>> s["turns"]["difference"]["mean"], s["characters"][0]["name"], s["characters"][0]["difference"]["mean"]
(4.0, 'y', 100.0)
"""

from __future__ import annotations

import statistics
from typing import Any

from talisman.errors import ConfigError
from talisman.sim.balance.sides import shares
from talisman.sim.balance.stats import Estimate, holm, mean_interval


def common_characters(a: list[str], b: list[str]) -> list[str]:
    """The characters both sides may deal (in key order); ConfigError when they share too few."""
    both = sorted(set(a) & set(b))
    if not both:
        raise ConfigError("the two rule sets have no playable character in common")
    return both


def verdict(e: Estimate, what: str, unit: str = "", digits: int = 1) -> str:
    """A plain sentence for a difference (B minus A) and its interval.

    >>> verdict(Estimate(3.0, 1.0, 5.0, 100, 0.01), "games are longer", " turns")
    'games are longer by 3.0 turns (95% interval 1.0 to 5.0): a difference the games show'
    """
    tail = "a difference the games show" if e.shown else "the games cannot tell it from noise"
    return f"{what} by {e.mean:.{digits}f}{unit} (95% interval {e.low:.{digits}f} to {e.high:.{digits}f}): {tail}"


def summarise(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> dict[str, Any]:
    """Paired differences (B minus A) over the games both sides played (matched by index): game
    length in turns, deaths per game and per 100 games by each cause, games cut short, each
    character's win rate (in points) and each seat's, with each side's own figures beside them.
    (In most games every loser dies, the last ones by the Command Spell: what a rule changes is
    more often how they die, and when, than how many.)"""
    by_index = {r["index"]: r for r in a}
    pairs = [(by_index[r["index"]], r) for r in b if r["index"] in by_index]
    for ra, rb in pairs:
        if ra["characters"] != rb["characters"]:
            raise ConfigError(f"game {ra['index']} was not dealt the same characters on both sides")
    turns = mean_interval([rb["turns"] - ra["turns"] for ra, rb in pairs])
    deaths = mean_interval([len(rb["deaths"]) - len(ra["deaths"]) for ra, rb in pairs])
    unfinished = mean_interval([float(ra["finished"]) - float(rb["finished"]) for ra, rb in pairs])
    per_char: dict[str, list[tuple[float, float]]] = {}
    per_seat: dict[int, list[tuple[float, float]]] = {}
    for ra, rb in pairs:
        for seat, (char, wa, wb) in enumerate(zip(ra["characters"], shares(ra), shares(rb))):
            per_char.setdefault(char, []).append((wa, wb))
            per_seat.setdefault(seat, []).append((wa, wb))
    chars = [_paired(name, values) for name, values in per_char.items()]
    for row, shown in zip(chars, holm([r["difference"]["p"] for r in chars])):
        row["shown"] = shown
    chars.sort(key=lambda r: (-r["difference"]["mean"], r["name"]))
    causes = sorted({d["cause"] for r in (*a, *b) for d in r["deaths"]})
    by_cause = []
    for cause in causes:
        counts = [(_died(ra, cause), _died(rb, cause)) for ra, rb in pairs]
        diff = mean_interval([100.0 * (nb - na) for na, nb in counts])
        a_total, b_total = sum(na for na, _ in counts), sum(nb for _, nb in counts)
        by_cause.append({"cause": cause, "a": a_total, "b": b_total, "difference": diff.as_dict()})
    by_cause.sort(key=lambda r: (-abs(r["difference"]["mean"]), r["cause"]))
    seats = [_paired(f"seat {s + 1}", v) for s, v in sorted(per_seat.items())]
    return {
        "games": len(pairs),
        "turns": {
            "a": statistics.fmean(ra["turns"] for ra, _ in pairs) if pairs else 0.0,
            "b": statistics.fmean(rb["turns"] for _, rb in pairs) if pairs else 0.0,
            "a_median": statistics.median(ra["turns"] for ra, _ in pairs) if pairs else 0,
            "b_median": statistics.median(rb["turns"] for _, rb in pairs) if pairs else 0,
            "difference": turns.as_dict(),
            "verdict": _signed(turns, "B's games last longer", "B's games are shorter", " turns"),
        },
        "deaths": {
            "a": statistics.fmean(len(ra["deaths"]) for ra, _ in pairs) if pairs else 0.0,
            "b": statistics.fmean(len(rb["deaths"]) for _, rb in pairs) if pairs else 0.0,
            "difference": deaths.as_dict(),
            "verdict": _signed(deaths, "B has more deaths per game", "B has fewer deaths per game", digits=2),
        },
        "unfinished": {
            "a": sum(1 for ra, _ in pairs if not ra["finished"]),
            "b": sum(1 for _, rb in pairs if not rb["finished"]),
            "difference": unfinished.as_dict(),
        },
        "causes": by_cause,  # deaths per 100 games by each cause, B - A (the largest differences first)
        "characters": chars,
        "seats": seats,
        "shown": [r["name"] for r in chars if r["shown"]],
    }


def _paired(name: str, values: list[tuple[float, float]]) -> dict[str, Any]:
    diff = mean_interval([100 * (wb - wa) for wa, wb in values])
    return {
        "name": name,
        "games": len(values),
        "a": sum(wa for wa, _ in values) / len(values),
        "b": sum(wb for _, wb in values) / len(values),
        "difference": diff.as_dict(),  # in points of win rate
    }


def _died(record: dict[str, Any], cause: str) -> int:
    return sum(1 for d in record["deaths"] if d["cause"] == cause)


def _signed(e: Estimate, more: str, less: str, unit: str = "", digits: int = 1) -> str:
    """The verdict of a difference said the way round it goes (never "shorter by -3 turns")."""
    if e.mean >= 0:
        return verdict(e, more, unit, digits)
    return verdict(Estimate(-e.mean, -e.high, -e.low, e.n, e.p), less, unit, digits)
