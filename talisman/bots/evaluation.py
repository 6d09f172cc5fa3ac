"""How well placed each character is, for bots that look ahead: a finished game's result, or a
softmax share of a score of strength, lives, a Talisman and progress toward the Crown.

>>> from talisman import Game
>>> g = Game.new(["troll", "elf"], seed=2)
>>> round(sum(evaluate(g)), 6)
1.0
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path
from typing import Final

from talisman.engine import movement, stats
from talisman.engine.game import Game
from talisman.errors import ConfigError

TEMPERATURE: Final = 4.0  # softmax temperature of the evaluation, in score points
WEIGHTS_FILE: Final = Path(__file__).with_name("evaluation.toml")  # fitted on rule-aware bots' games
# Fitted on the games of the search itself (at 24 iterations) against the rule-aware bot: the
# positions its own play reaches (``benchmarks/fit_evaluation.py --bot search:24``).
SEARCHED_WEIGHTS_FILE: Final = Path(__file__).with_name("evaluation-searched.toml")


def score(g: Game, seat: int) -> float:
    """How well placed one character is, in rough points of Strength."""
    p = g.players[seat]
    space = g.rules.spaces[p.space]
    v = stats.strength(g, seat) + 0.7 * stats.craft(g, seat)
    v += 2.5 * min(p.lives, 5) + 0.5 * max(p.lives - 5, 0)
    v += 0.2 * p.gold + 0.4 * p.fate + 0.8 * len(p.spells)
    if movement.holds_talisman(g, seat):
        v += 5.0
    if space.kind == "crown":
        v += 30.0
    elif g.rules.regions[space.region].shape == "hex" and space.region == "inner":
        v += 4.0 + 4.0 * (space.kind == "valley-of-fire")  # a world's inner ring: no steps to count, the Valley
    elif g.rules.regions[space.region].movement == "step":
        v += 4.0 + 2.0 * movement.ring_distance(g, p.space)
    elif space.region == "middle":
        v += 1.0
    return v - 3.0 * (p.toad > 0) - 1.5 * p.lost_turns


# What the evaluation reads of a character, each a number (``features``).
FEATURES: Final = (
    "strength",
    "craft",
    "lives",  # up to five
    "lives-over-five",
    "gold",
    "fate",
    "spells",
    "talisman",
    "crown",
    "inner-hex",  # in a world's inner ring
    "valley-of-fire",
    "inner-region",  # in a board's inner region (moved by steps)
    "steps-on",  # how far along it, in rings
    "middle",
    "toad",
    "lost-turns",
)


def features(g: Game, seat: int) -> tuple[float, ...]:
    """What :data:`FEATURES` names, for one character."""
    p = g.players[seat]
    space = g.rules.spaces[p.space]
    region = g.rules.regions[space.region]
    crown = space.kind == "crown"
    hex_inner = not crown and region.shape == "hex" and space.region == "inner"
    stepped = not crown and not hex_inner and region.movement == "step"
    return (
        float(stats.strength(g, seat)),
        float(stats.craft(g, seat)),
        float(min(p.lives, 5)),
        float(max(p.lives - 5, 0)),
        float(p.gold),
        float(p.fate),
        float(len(p.spells)),
        float(movement.holds_talisman(g, seat)),
        float(crown),
        float(hex_inner),
        float(hex_inner and space.kind == "valley-of-fire"),
        float(stepped),
        float(movement.ring_distance(g, p.space)) if stepped else 0.0,
        float(not crown and not hex_inner and not stepped and space.region == "middle"),
        float(p.toad > 0),
        float(p.lost_turns),
    )


def fitted_score(g: Game, seat: int, weights: tuple[float, ...] | None = None) -> float:
    """One character's fitted score: ``weights`` (by default those of :data:`WEIGHTS_FILE`) times
    its :func:`features`."""
    return sum(w * f for w, f in zip(weights or fitted_weights(), features(g, seat), strict=True))


@cache
def fitted_weights(path: Path = WEIGHTS_FILE) -> tuple[float, ...]:
    """The weights of :data:`FEATURES` fitted on games' outcomes (``benchmarks/fit_evaluation.py``),
    read once from ``path``; a feature it leaves out weighs 0.

    >>> len(fitted_weights()) == len(fitted_weights(SEARCHED_WEIGHTS_FILE)) == len(FEATURES)
    True
    """
    table = tomllib.loads(path.read_text())["weights"]
    unknown = set(table) - set(FEATURES)
    if unknown:
        raise ConfigError(f"{path.name} weighs features the evaluation does not read: {sorted(unknown)}")
    return tuple(float(table.get(name, 0.0)) for name in FEATURES)


def evaluate(g: Game, weights: tuple[float, ...] | None = None) -> list[float]:
    """A value in [0, 1] per seat: the result when the game is over, else a
    softmax share among the living (the dead get 0) of :func:`score` over :data:`TEMPERATURE`,
    or given fitted ``weights`` (:func:`fitted_weights`) of :func:`fitted_score`, a chance to win
    fitted on games' outcomes."""
    n = len(g.players)
    if g.result is not None:
        winners = g.result["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    temperature = TEMPERATURE if weights is None else 1.0
    scores = [
        (score(g, s) if weights is None else fitted_score(g, s, weights)) if g.players[s].alive else None
        for s in range(n)
    ]
    best = max((s for s in scores if s is not None), default=0.0)
    shares = [0.0 if s is None else math.exp((s - best) / temperature) for s in scores]
    total = sum(shares) or 1.0
    return [w / total for w in shares]
