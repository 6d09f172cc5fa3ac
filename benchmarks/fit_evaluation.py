"""Fit the search's evaluation on the outcomes of games (issue 35, point 4).

Plays seeded base games of rule-aware bots (two- and four-player; with ``--bot`` one seat, turn
about, is that bot, such as the search itself), reads the features of every
living character (:data:`talisman.bots.evaluation.FEATURES`) at the start of every few turns, and
fits a conditional logit: a character's chance to win the game is a softmax, among the living, of
a weighted sum of its features. The weights are fitted by maximum likelihood (Newton's method,
a small ridge penalty) on four games in five, and the log-loss of the fifth held out is printed
beside the hand-set evaluation's. Only features that go with winning are kept: one whose weight
comes out against winning (a correlation, such as Fate that weak characters hold, not a cause a
search should chase), or a hindrance (a Toad, lost turns) that comes out for it, is dropped and the rest fitted again. The weights are written to
``talisman/bots/evaluation.toml`` (or ``--out``), which the evaluation reads.

    python benchmarks/fit_evaluation.py --games 300 --every 3 --write
    python benchmarks/fit_evaluation.py --bot search:24 --players 2 --games 100 --every 2 \
        --write --out talisman/bots/evaluation-searched.toml
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
import builds  # noqa: E402  (benchmarks/builds.py: a compiled build on PYTHONPATH is the one run)

builds.use()

from talisman.bots.base import seated  # noqa: E402
from talisman.bots.evaluation import FEATURES, WEIGHTS_FILE, evaluate, features  # noqa: E402
from talisman.bots.loop import bot_seed, play  # noqa: E402
from talisman.engine.decision import Decision  # noqa: E402
from talisman.engine.game import Game  # noqa: E402
from talisman.sim import roster  # noqa: E402
from talisman.sim.runner import game_seed  # noqa: E402

SEED = 35  # the master seed of the games fitted on (not the strength matches' 2026)
RIDGE = 1.0  # the penalty on the weights' squares, against features seldom seen
HINDRANCES = ("toad", "lost-turns")  # the features that can only count against a character


def positions(
    index: int, players: int, every: int, bot: str = "heuristic"
) -> list[tuple[np.ndarray, int, list[float]]]:
    """One game's positions: the living characters' features, the winner's row among them, and the
    hand-set evaluation's chances (for comparison). An unfinished game gives none. ``bot`` sits in
    seat ``index % players``, rule-aware bots in the others."""
    seed = game_seed(SEED, index)
    g = Game.new(players=players, modules=("core",), seed=seed, log=False)
    names = ["heuristic"] * players
    names[index % players] = bot
    agents = [roster.make(name, bot_seed(seed, seat)) for seat, name in enumerate(names)]
    seen: list[tuple[list[int], np.ndarray, list[float]]] = []
    last = [-1]

    def look(d: Decision, chosen: str) -> None:
        if g.turn != last[0] and g.turn % every == 0 and g.result is None:
            living = [p.seat for p in g.players if p.alive]
            if len(living) > 1:
                hand = evaluate(g)
                seen.append((living, np.array([features(g, s) for s in living]), [hand[s] for s in living]))
        last[0] = g.turn

    play(g, seated(g, agents), max_turns=1000, applied=look)
    if g.result is None or len(g.result["winners"]) != 1:
        return []
    winner = g.result["winners"][0]
    return [(x, living.index(winner), hand) for living, x, hand in seen if winner in living]


def log_likelihood(
    w: np.ndarray, data: list[tuple[np.ndarray, int, list[float]]]
) -> tuple[float, np.ndarray, np.ndarray]:
    """The conditional logit's log-likelihood, its gradient and its Hessian, at weights ``w``."""
    k = len(w)
    total, grad, hess = 0.0, np.zeros(k), np.zeros((k, k))
    for x, won, _ in data:
        u = x @ w
        u -= u.max()
        p = np.exp(u)
        p /= p.sum()
        total += u[won] - math.log(float(np.exp(u).sum()))
        mean = p @ x
        grad += x[won] - mean
        centred = x - mean
        hess -= (centred * p[:, None]).T @ centred
    return total, grad, hess


def fit(data: list[tuple[np.ndarray, int, list[float]]], keep: list[int]) -> np.ndarray:
    """Newton's method on the penalised log-likelihood, over the kept features only."""
    sub = [(x[:, keep], won, hand) for x, won, hand in data]
    w = np.zeros(len(keep))
    for _ in range(30):
        _, grad, hess = log_likelihood(w, sub)
        grad -= RIDGE * w
        hess -= RIDGE * np.eye(len(keep))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    full = np.zeros(len(FEATURES))
    full[keep] = w
    return full


def log_loss(w: np.ndarray, data: list[tuple[np.ndarray, int, list[float]]]) -> float:
    return -log_likelihood(w, data)[0] / max(len(data), 1)


def hand_log_loss(data: list[tuple[np.ndarray, int, list[float]]]) -> float:
    return -sum(math.log(max(hand[won], 1e-12)) for _, won, hand in data) / max(len(data), 1)


def guess_log_loss(data: list[tuple[np.ndarray, int, list[float]]]) -> float:
    return sum(math.log(len(x)) for x, _, _ in data) / max(len(data), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games of each party size (two and four players)")
    parser.add_argument("--every", type=int, default=3, help="read the position at the start of every N-th turn")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], help="the party sizes played")
    parser.add_argument("--bot", default="heuristic", help="the bot in one seat (turn about), such as search:24")
    parser.add_argument("--write", action="store_true", help="write the weights (to --out)")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE, help="the weights' file written")
    args = parser.parse_args()
    print(builds.which(), flush=True)
    train: list[tuple[np.ndarray, int, list[float]]] = []
    held: list[tuple[np.ndarray, int, list[float]]] = []
    t0 = time.perf_counter()
    for players in args.players:
        for i in range(args.games):
            (held if i % 5 == 4 else train).extend(positions(i + players * 100_000, players, args.every, args.bot))
            if i % 10 == 9:
                print(
                    f"{players} players: {i + 1} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True
                )
    keep = list(range(len(FEATURES)))
    while True:
        w = fit(train, keep)
        against = [i for i in keep if w[i] * (-1 if FEATURES[i] in HINDRANCES else 1) < 0]
        if not against:
            break
        print("dropped (against winning):", ", ".join(FEATURES[i] for i in against))
        keep = [i for i in keep if i not in against]
    print(f"positions: {len(train)} fitted, {len(held)} held out")
    print(
        f"held-out log-loss: fitted {log_loss(w, held):.4f}, hand-set {hand_log_loss(held):.4f}, "
        f"a guess {guess_log_loss(held):.4f}"
    )
    for name, weight in zip(FEATURES, w, strict=True):
        print(f"  {name:<16} {weight:+.4f}")
    if args.write:
        lines = [
            "# The search's evaluation: a character's chance to win is a softmax, among the living, of these",
            "# weights times its features (talisman/bots/evaluation.py). Written by benchmarks/fit_evaluation.py",
            f"# ({' '.join(sys.argv[1:])}); a feature left out counts for nothing.",
            "[weights]",
            *(f'"{name}" = {weight:.6f}' for name, weight in zip(FEATURES, w, strict=True) if weight),
        ]
        args.out.write_text("\n".join(lines) + "\n")
        print(f"written {args.out}")


if __name__ == "__main__":
    random.seed(0)
    main()
