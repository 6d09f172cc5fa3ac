"""Memory: of one game, and over a long simulation (prints figures, asserts none).

    python benchmarks/bench_memory.py [--games 2000] [--every 200] [--modules core]
    python benchmarks/bench_memory.py --sets all [--games 10000] [--every 1000]

Plays seeded 4-player games with the rule-aware bots, one after another in one
process, as ``talisman simulate`` does in each worker, and prints after every
``--every`` games, after a collection, the memory blocks Python has allocated (``sys.getallocatedblocks``), the
process's resident size, and the entries of the ruleset's shared caches
(``Ruleset.derived`` and its held-traits cache): flat lines mean no growth.
First it prints the memory of one game in progress at turns 40 and 200.

``--sets all`` plays every module set in turn in the one process instead (game ``i`` plays set
``i`` modulo their number): the sets of ``games_end.py`` (the core game, the core game with each
other Talisman module, Worlds, the largest sets) and Legendary Tales (two seats), so that every
ruleset is loaded and played over and over; the caches are then summed over all the rulesets.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
import tracemalloc

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman import Game  # noqa: E402
from talisman.bots import act, make_bot, play_out  # noqa: E402
from talisman.content.ruleset import Ruleset, ruleset_for  # noqa: E402

# Legendary Tales: a game of its own, played by two seats of its bot.
LEGENDARY: tuple[str, ...] = ("legendary-tales",)


def rss_kib() -> int:
    """The process's resident size now (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize() // 1024
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def game_kib(modules: tuple[str, ...], turns: int) -> float:
    """What one game holds at ``turn`` (its log and history dropped, as a simulation plays it)."""
    warm = Game.new(players=4, modules=modules, seed=1, log=False)  # fills the shared ruleset's caches
    play_out(warm, {i: make_bot("heuristic", i) for i in range(4)}, max_turns=turns)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    g = Game.new(players=4, modules=modules, seed=1, log=False)
    bots = {i: make_bot("heuristic", i) for i in range(4)}
    while not g.is_over and g.turn < turns:
        g.apply(act(bots[g.decision.player], g))
    del bots
    g.checkpoint = None  # the undo copy is a second game: counted apart below
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del g
    return size / 1024


def every_set() -> dict[str, tuple[str, ...]]:
    """Every module set ``--sets all`` plays, by name."""
    from games_end import module_sets  # benchmarks/games_end.py

    return {**module_sets(), "legendary-tales": LEGENDARY}


def seats(modules: tuple[str, ...]) -> int:
    return 2 if modules == LEGENDARY else 4


def cache_sizes(rulesets: list[Ruleset]) -> tuple[int, int]:
    """The entries of the rulesets' shared caches, summed: ``derived`` and its held-traits cache."""
    derived = sum(len(r.derived) for r in rulesets)
    held = sum(len(r.derived.get("held-traits", ())) for r in rulesets)
    return derived, held


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--every", type=int, default=200)
    ap.add_argument("--modules", default="core")
    ap.add_argument("--sets", choices=("all",), help="every module set in turn, in one process (above)")
    ap.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games, args.every = 2, 1
    print(builds.which(), flush=True)
    sets = list(every_set().values()) if args.sets else [tuple(args.modules.split(","))]
    if args.sets:
        print(f"{len(sets)} module sets in turn: " + "; ".join(",".join(m) for m in sets))
    else:
        for turns in (5,) if args.quick else (40, 200):
            print(f"one game in progress at turn {turns}: {game_kib(sets[0], turns):.0f} KiB (ruleset and bots apart)")

    rulesets = [ruleset_for(modules) for modules in sets]
    start = time.perf_counter()
    print(f"{'games':>7}  {'blocks':>9}  {'RSS KiB':>9}  {'ruleset.derived':>15}  {'held-traits':>11}  {'games/s':>7}")
    for i in range(args.games):
        modules = sets[i % len(sets)]
        players = seats(modules)
        g = Game.new(players=players, modules=modules, seed=i, log=False)
        play_out(g, {s: make_bot("heuristic", i * 10 + s) for s in range(players)}, max_turns=1000)
        del g
        if (i + 1) % args.every == 0:
            gc.collect()
            derived, held = cache_sizes(rulesets)
            rate = (i + 1) / (time.perf_counter() - start)
            print(
                f"{i + 1:>7}  {sys.getallocatedblocks():>9,}  {rss_kib():>9,}  {derived:>15,}  {held:>11,}  {rate:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
