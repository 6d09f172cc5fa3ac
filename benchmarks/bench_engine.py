"""Engine benchmarks: print figures, never assert them.

    python benchmarks/bench_engine.py [--games 30] [--players 4] [--bot heuristic]
    python benchmarks/bench_engine.py --scaling      # how the figures grow with players and modules
    python benchmarks/bench_engine.py --versus       # side by side with catanatron (benchmarks/versus.py)

Figures: engine actions per second (the bots' thinking excluded), complete
games per second on one core (bots and their views included), the cost of
``clone()``, of ``state_dict()``, of the full ``view()`` and of the lazy view
bots read (one character sheet), the memory of one game in progress, and the
search bot's time per decision at its default budget.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman import Game  # noqa: E402
from talisman.bots import act, make_bot, observe  # noqa: E402
from talisman.bots.search import DEFAULT_ITERATIONS, SearchBot  # noqa: E402
from talisman.engine.view import LazyView  # noqa: E402


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
            choice = bots[d.player].choose(LazyView(g, d.player), d)
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


def mid_game(players: int, modules: tuple[str, ...], turns: int = 40) -> Game:
    g = Game.new(players=players, modules=modules, seed=1)
    bots = {i: make_bot("heuristic", i) for i in range(players)}
    while not g.is_over and g.turn < turns:
        g.apply(act(bots[g.decision.player], g))
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


def search_decision_ms(players: int, modules: tuple[str, ...], decisions: int = 30) -> tuple[float, float]:
    """Median and 90th-percentile milliseconds of the search bot's searched decisions (default budget)."""
    g = Game.new(players=players, modules=modules, seed=3, log=False)
    searcher = SearchBot(random.Random(1))
    others = {i: make_bot("heuristic", i) for i in range(players)}
    times: list[float] = []
    while not g.is_over and len(times) < decisions:
        d = g.decision
        if d.player == 0:
            t0 = time.perf_counter()
            choice = searcher.choose(observe(g, 0), d)
            if searcher.last:
                times.append((time.perf_counter() - t0) * 1000)
        else:
            choice = others[d.player].choose(observe(g, d.player), d)
        g.apply(choice)
    if not times:
        return 0.0, 0.0
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


def figures(games: int, players: int, bot: str, modules: tuple[str, ...], max_turns: int) -> dict[str, float]:
    actions, engine, total, turns, finished = play_games(games, players, bot, modules, max_turns)
    g = mid_game(players, modules)
    seat = g.decision.player
    median_ms, p90_ms = search_decision_ms(players, modules, 30 if max_turns > 5 else 1)
    return {
        "games": games,
        "finished": finished,
        "turns": statistics.median(turns),
        "actions_per_game": actions / games,
        "engine_actions_s": actions / engine,
        "actions_s": actions / total,
        "games_s": games / total,
        "clone_us": time_call(g.clone),
        "view_us": time_call(lambda: g.view(seat), 500),
        "lazy_view_us": time_call(lambda: LazyView(g, seat)["players"][seat], 2000),
        "state_dict_us": time_call(g.state_dict, 500),
        "memory_kib": memory_of_game(players, modules) / 1024,
        "search_ms": median_ms,
        "search_p90_ms": p90_ms,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--modules", default="core")
    ap.add_argument("--max-turns", type=int, default=1000)
    ap.add_argument("--scaling", action="store_true", help="one line per player count and module set")
    ap.add_argument("--versus", action="store_true", help="alternating rounds against catanatron, with ratios")
    ap.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games, args.players, args.max_turns = 1, 2, 5
    print(builds.which(), flush=True)
    if args.versus:
        sys.argv = [str(Path(__file__).with_name("versus.py")), "--games", str(min(args.games, 10))]
        import runpy

        runpy.run_path(sys.argv[0], run_name="__main__")
        return

    if args.scaling:
        print(
            "players  modules                      turns  actions/game  engine act/s  games/s  clone us  "
            "view us  lazy us  memory KiB  search ms"
        )
        cases = [(n, ("core",)) for n in (2, 3, 4, 5, 6)]
        cases += [(4, ("core", "roster", "endings")), (4, ("core", "roster", "endings", "wizards-tower", "dungeon-4e"))]
        for players, modules in cases:
            f = figures(max(4, args.games // 3), players, args.bot, modules, args.max_turns)
            print(
                f"{players:>7}  {'+'.join(modules):<27}  {f['turns']:>5.0f}  {f['actions_per_game']:>12.0f}  "
                f"{f['engine_actions_s']:>12,.0f}  {f['games_s']:>7.2f}  {f['clone_us']:>8.1f}  "
                f"{f['view_us']:>7.1f}  {f['lazy_view_us']:>7.1f}  {f['memory_kib']:>10.0f}  {f['search_ms']:>9.1f}",
                flush=True,
            )
        return

    modules = tuple(args.modules.split(","))
    f = figures(args.games, args.players, args.bot, modules, args.max_turns)
    print(f"{args.games} games, {args.players} players, {args.bot} bots, modules {args.modules}:")
    print(
        f"  finished {f['finished']}/{args.games}, median {f['turns']:.0f} turns, "
        f"{f['actions_per_game']:.0f} actions per game"
    )
    print(f"  engine actions per second (apply only): {f['engine_actions_s']:,.0f}")
    print(f"  actions per second including bots and views: {f['actions_s']:,.0f}")
    print(f"  complete games per second on one core: {f['games_s']:.2f}")
    print(f"  clone(): {f['clone_us']:.1f} us")
    print(f"  view() (everything, as a dict): {f['view_us']:.1f} us")
    print(f"  lazy view, one character sheet (what bots read): {f['lazy_view_us']:.1f} us")
    print(f"  state_dict(): {f['state_dict_us']:.1f} us")
    print(f"  memory of one game in progress: {f['memory_kib']:.0f} KiB")
    print(
        f"  search bot ({DEFAULT_ITERATIONS} iterations), per searched decision: median {f['search_ms']:.1f} ms, "
        f"90th percentile {f['search_p90_ms']:.1f} ms"
    )


if __name__ == "__main__":
    main()
