"""How ``talisman simulate`` scales (prints figures, asserts none).

    python benchmarks/bench_simulate.py [--games 200] [--workers 1,2] [--ray]

For each number of local workers: wall-clock time, CPU time (this process and
its workers), games per second, and the speed-up over one worker. With
``--ray``: the start-up of a local Ray instance, the cost of one task (empty
tasks timed), the run of the same games in batches, and what that overhead
is for a 1,000-game run on these cores and for 1,000,000 games on 32 cores.
The same seed gives the same records on every backend (tests/test_simulate.py).
"""

from __future__ import annotations

import argparse
import os
import time

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman.sim import runner  # noqa: E402


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed_run(todo: list[runner.GameSpec], workers: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of playing the games on ``workers`` local processes."""
    c0, t0 = cpu_seconds(), time.perf_counter()
    records = runner.run(todo, workers=workers)
    assert len(records) == len(todo)
    return time.perf_counter() - t0, cpu_seconds() - c0


def _noop(x: int) -> int:
    return x


def ray_figures(todo: list[runner.GameSpec], per_game: float) -> None:
    import ray

    t0 = time.perf_counter()
    ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    startup = time.perf_counter() - t0
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        noop = ray.remote(_noop)
        ray.get([noop.remote(i) for i in range(50)])  # workers up
        t0 = time.perf_counter()
        ray.get([noop.remote(i) for i in range(500)])
        per_task = (time.perf_counter() - t0) / 500 * cpus  # core-seconds per task
        t0 = time.perf_counter()
        records = list(runner.run_ray(todo, None))
        took = time.perf_counter() - t0
        assert len(records) == len(todo)
    finally:
        t0 = time.perf_counter()
        ray.shutdown()
        shutdown = time.perf_counter() - t0
    tasks = len(runner.batches(todo, cpus))
    print(f"ray: start-up {startup:.2f} s, shut-down {shutdown:.2f} s, {cpus} CPUs, {per_task * 1000:.2f} ms per task")
    print(
        f"ray: {len(todo)} games in {tasks} tasks: {took:.1f} s, {len(todo) / took:.2f} games/s "
        f"({per_game * len(todo) / cpus / took:.0%} of the local per-core rate on {cpus} cores)"
    )
    for games, cores in ((1000, cpus), (1_000_000, 32)):
        n = len(runner.batches(runner.specs(games, 4, ["random"], 1), cores))
        work = games * per_game / cores
        overhead = startup + shutdown + n * per_task / cores
        print(
            f"  {games:,} games on {cores} cores: {n:,} tasks, play {work:,.0f} s, "
            f"start-up, shut-down and tasks {overhead:.1f} s ({overhead / work:.1%})"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--workers", default="1,2", help="comma list of local worker counts")
    ap.add_argument("--ray", action="store_true", help="also time a local Ray instance")
    ap.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games, args.players, args.workers = 1, 2, "1"
    print(builds.which(), flush=True)
    todo = runner.specs(args.games, args.players, [args.bot], seed=1)
    print(f"{args.games} games, {args.players} players, {args.bot} bots; load average {os.getloadavg()[0]:.2f}")
    print(f"{'workers':>7}  {'wall s':>7}  {'CPU s':>7}  {'games/s':>7}  {'speed-up':>8}  {'CPU s/game':>10}")
    base = None
    per_game = 0.0
    for w in (int(x) for x in args.workers.split(",")):
        wall, cpu = timed_run(todo, w)
        base = base or wall
        per_game = per_game or cpu / len(todo)
        print(
            f"{w:>7}  {wall:>7.1f}  {cpu:>7.1f}  {len(todo) / wall:>7.2f}  {base / wall:>7.2f}x  {cpu / len(todo):>10.3f}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.ray:
        ray_figures(todo, per_game)


if __name__ == "__main__":
    main()
