"""Tuning: a module's tunable numbers (``[number.<id>]`` with ``tune = [low, high]``) searched with
Optuna's TPE sampler toward a target, on the same games at every trial; the best values found are
then checked against the content's own on fresh games (the same seeds both ways), and proposed.
Nothing in the content changes: a person applies a proposal, or not.

Targets: ``fair`` (each character's win rate near the fair share: the root mean square of the
distances, in points) and ``turns=N`` (the mean game length, in turns).

>>> Target.parse("turns=300").label, Target.parse("fair").value
('mean game length 300 turns', 0.0)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from talisman.errors import ConfigError
from talisman.sim.balance.sides import Side, plan, shares
from talisman.sim.balance.stats import bootstrap
from talisman.sim.runner import MAX_TURNS, GameSpec

Play = Callable[[list[GameSpec], str], list[dict[str, Any]]]  # games, and the part of the run they are


@dataclass(frozen=True)
class Target:
    """What a tuning run aims at: a figure of a set of games, and the value it should have."""

    kind: str  # fair or turns
    value: float

    @classmethod
    def parse(cls, text: str) -> Target:
        """``fair`` or ``turns=N``; ConfigError for anything else."""
        kind, eq, number = text.partition("=")
        if kind == "fair" and not eq:
            return cls("fair", 0.0)
        try:
            value = float(number)
        except ValueError:
            value = -1.0
        if kind != "turns" or not eq or value < 0 or not math.isfinite(value):
            raise ConfigError(f"a target is fair or turns=N (N a number, 0 or more), not {text!r}")
        return cls(kind, value)

    @property
    def label(self) -> str:
        if self.kind == "fair":
            return "every character's win rate at the fair share"
        return f"mean game length {self.value:g} turns"

    def figure(self, records: Sequence[dict[str, Any]], players: int) -> float:
        """The figure of these games the target is about."""
        if not records:
            return 0.0
        if self.kind == "turns":
            return statistics.fmean(r["turns"] for r in records)
        return unfairness(records, players)

    def distance(self, records: Sequence[dict[str, Any]], players: int) -> float:
        """How far these games are from the target (what the search makes small)."""
        return abs(self.figure(records, players) - self.value)


def unfairness(records: Sequence[dict[str, Any]], players: int) -> float:
    """The root mean square of the characters' distances from the fair share, in points of win rate.

    >>> unfairness([{"characters": ["a", "b"], "winners": [0]}] * 3, players=2)
    50.0
    """
    played: dict[str, int] = {}
    won: dict[str, float] = {}
    for r in records:
        for char, share in zip(r["characters"], shares(r)):
            played[char] = played.get(char, 0) + 1
            won[char] = won.get(char, 0.0) + share
    gaps = [100 * (won[c] / played[c] - 1 / players) for c in played]
    return math.sqrt(statistics.fmean(g * g for g in gaps)) if gaps else 0.0


def tunable(side: Side, names: Sequence[str] = ()) -> list[str]:
    """The numbers to tune: those named (each must be tunable in this rule set), else every one."""
    defs = side.rules.number_defs
    every = sorted(k for k, d in defs.items() if d.tunable)
    for name in names:
        if name not in every:
            raise ConfigError(f"no tunable number {name!r} in {side.label} (tunable: {', '.join(every) or 'none'})")
    if not every:
        raise ConfigError(f"{side.label} declares no tunable number ([number.<id>] with tune = [low, high])")
    return list(dict.fromkeys(names)) or every


def tuned(side: Side, values: dict[str, int]) -> Side:
    """The side with these values, those that differ from the content's (the rest as it is)."""
    defaults = side.rules.numbers
    changed = {**dict(side.tuning), **{k: v for k, v in values.items() if v != defaults[k]}}
    return Side(side.modules, side.options, tuple(sorted(changed.items())))


def run(
    side: Side,
    names: Sequence[str],
    target: Target,
    play: Play,
    *,
    trials: int,
    games: int,
    check_games: int,
    players: int,
    seed: int,
    characters: Sequence[str],
    bots: Sequence[str],
    max_turns: int = MAX_TURNS,
) -> dict[str, Any]:
    """Search the numbers ``names`` toward ``target``: ``trials`` trials (the first the content's own
    values) of ``games`` games each, the same games at every trial; then the content's values
    and the best found, each on ``check_games`` fresh games (the same for both). Returns the
    history, the proposal and its measured effect, as plain data."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    defs = {n: side.rules.number_defs[n] for n in names}
    defaults = {n: d.value for n, d in defs.items()}
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    study.enqueue_trial(dict(defaults))
    history: list[dict[str, Any]] = []
    for number in range(trials):
        trial = study.ask()
        values = {n: trial.suggest_int(n, d.low or 0, d.high or 0) for n, d in defs.items()}
        records = play(
            plan(tuned(side, values), range(games), players, seed, characters, bots, max_turns), f"trial {number}"
        )
        figure = target.figure(records, players)
        study.tell(trial, abs(figure - target.value))
        history.append({"trial": number, "values": values, "figure": figure, "distance": abs(figure - target.value)})
    best = min(history, key=lambda h: (h["distance"], h["trial"]))
    fresh = range(games, games + check_games)
    before = play(plan(tuned(side, defaults), fresh, players, seed, characters, bots, max_turns), "check: as it is")
    after = play(
        plan(tuned(side, best["values"]), fresh, players, seed, characters, bots, max_turns), "check: proposal"
    )
    pairs = list(zip(before, after))

    def closer(ps: Sequence[tuple[dict[str, Any], dict[str, Any]]]) -> float:
        return target.distance([a for a, _ in ps], players) - target.distance([b for _, b in ps], players)

    effect = bootstrap(pairs, closer, seed)
    return {
        "side": side.label,
        "target": {"kind": target.kind, "value": target.value, "label": target.label},
        "trials": trials,
        "games": games,
        "check_games": check_games,
        "players": players,
        "history": history,
        "numbers": [
            {
                "name": n,
                "text": d.text,
                "place": d.path,
                "file": d.origin,
                "low": d.low,
                "high": d.high,
                "now": d.value,
                "proposed": best["values"][n],
            }
            for n, d in defs.items()
        ],
        "best_trial": best["trial"],
        "check": {
            "before": target.figure(before, players),
            "after": target.figure(after, players),
            "closer": effect.as_dict(),  # the distance to the target the proposal takes off (positive: closer)
            "shown": effect.low > 0,
        },
    }
