"""How well placed each character is, for bots that look ahead: a finished game's result, or a
softmax share of a score of strength, lives, a Talisman and progress toward the Crown.

>>> from talisman import Game
>>> g = Game.new(["troll", "elf"], seed=2)
>>> round(sum(evaluate(g)), 6)
1.0
"""

from __future__ import annotations

import math
from typing import Final

from talisman.engine import movement, stats
from talisman.engine.game import Game

TEMPERATURE: Final = 4.0  # softmax temperature of the evaluation, in score points


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


def evaluate(g: Game) -> list[float]:
    """A value in [0, 1] per seat: the result when the game is over, else a
    softmax share of :func:`score` among the living (the dead get 0)."""
    n = len(g.players)
    if g.result is not None:
        winners = g.result["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    scores = [score(g, s) if g.players[s].alive else None for s in range(n)]
    best = max((s for s in scores if s is not None), default=0.0)
    weights = [0.0 if s is None else math.exp((s - best) / TEMPERATURE) for s in scores]
    total = sum(weights) or 1.0
    return [w / total for w in weights]
