"""Engine benchmarks: print figures, never assert them.

    python benchmarks/bench_engine.py [--games 50] [--players 4] [--bot heuristic]

Figures: engine actions per second (the bots' thinking excluded), complete
games per second on one core, the cost of ``clone()``, of ``state_dict()``
and of ``view()``, and the memory of one game in progress.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from talisman import Game  # noqa: E402
from talisman.bots import make_bot  # noqa: E402


def play_games(n: int, players: int, bot: str, modules: tuple[str, ...], max_turns: int):
    """Play n games; return (actions, engine seconds, total seconds, turns, finished)."""
    actions = 0
    engine = 0.0
    turns = []
    finished = 0
    start = time.perf_counter()
    for seed in range(n):
        g = Game.new(players=players, modules=modules, seed=seed, log=False)
        bots = {i: make_bot(bot, seed * 10 + i) for i in range(players)}
        while not g.is_over and g.turn <= max_turns:
            d = g.decision
            choice = bots[d.player].choose(g.view(d.player), d)
            t0 = time.perf_counter()
            g.apply(choice)
            engine += time.perf_counter() - t0
            actions += 1
        turns.append(g.turn)
        finished += g.is_over
    return actions, engine, time.perf_counter() - start, turns, finished


def time_call(fn, repeat: int = 2000) -> float:
    """Median microseconds per call."""
    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn()
        samples.append((time.perf_counter() - t0) / repeat * 1e6)
    return statistics.median(samples)


def mid_game(players: int, modules: tuple[str, ...]) -> Game:
    g = Game.new(players=players, modules=modules, seed=1)
    bots = {i: make_bot("heuristic", i) for i in range(players)}
    while not g.is_over and g.turn < 40:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
    return g


def memory_of_game(players: int, modules: tuple[str, ...]) -> int:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    g = mid_game(players, modules)
    g.log = None
    g.history = None
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del g
    return size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--modules", default="core")
    ap.add_argument("--max-turns", type=int, default=1000)
    args = ap.parse_args()
    modules = tuple(args.modules.split(","))

    actions, engine, total, turns, finished = play_games(args.games, args.players, args.bot, modules, args.max_turns)
    print(f"{args.games} games, {args.players} players, {args.bot} bots, modules {args.modules}:")
    print(f"  finished {finished}/{args.games}, median {statistics.median(turns):.0f} turns, "
          f"{actions / args.games:.0f} actions per game")
    print(f"  engine actions per second (apply only): {actions / engine:,.0f}")
    print(f"  actions per second including bots and views: {actions / total:,.0f}")
    print(f"  complete games per second on one core: {args.games / total:.2f}")

    g = mid_game(args.players, modules)
    print(f"  clone(): {time_call(g.clone):.1f} us")
    seat = g.decision.player
    print(f"  view(): {time_call(lambda: g.view(seat), 500):.1f} us")
    print(f"  state_dict(): {time_call(g.state_dict, 500):.1f} us")
    print(f"  memory of one game in progress: {memory_of_game(args.players, modules) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
