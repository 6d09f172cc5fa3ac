"""Games that end: how long four-player games of rule-aware bots last, module set by module set.

    python benchmarks/games_end.py [--games 200] [--compiled] [--records DIR] [--sets core,worlds]

The sets: the core game alone, the core game with each other Talisman module (one at a time;
``worlds`` is Talisman Worlds), and the largest sets of Talisman modules that can be played
together (each module's ``excludes`` leaves several of the same size: one of the two Cities,
one of the two Dungeons; all of them are measured). Each set plays ``--games`` games of
``talisman simulate`` (four seats of the rule-aware bot, the seed ``--seed``, the turn cap
``--max-turns``) and the table gives the median and 90th-percentile turns and the games that
reached the cap (docs/bots.md, "Games that end").

It plays the build on ``PYTHONPATH`` (``benchmarks/builds.py``: the compiled build is about 2-3x
faster; ``--compiled`` puts ``build/compiled`` first), and says which. ``--records DIR`` keeps each set's records (``DIR/<set>.jsonl``) and reuses a file
already complete, so a long run can be stopped and started again. Run it niced: the machine
is shared. ``--quick``: one short game of the core game (the tests' run).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import builds

if TYPE_CHECKING:
    from talisman.sim.runner import GameSpec


def module_sets() -> dict[str, tuple[str, ...]]:
    """The sets measured, by name: ``core``, ``core+<module>`` for each other Talisman module
    (``worlds`` by its own name), and ``largest`` (``largest-1``, ``largest-2``... when several
    sets of the greatest size can be played)."""
    from talisman.content.modules import CORE, TALISMAN, get_module, known_modules, resolve_modules
    from talisman.errors import ConfigError

    others = [n for n in known_modules() if n != CORE and get_module(n).game == TALISMAN and not get_module(n).base]
    sets: dict[str, tuple[str, ...]] = {"core": (CORE,)}
    for n in others:
        sets["worlds" if n == "worlds" else f"core+{n}"] = (CORE, n)
    for size in range(len(others), 0, -1):
        largest = []
        for combo in itertools.combinations(others, size):
            try:
                resolve_modules((CORE, *combo))
            except ConfigError:
                continue
            largest.append((CORE, *combo))
        if largest:
            for i, modules in enumerate(largest, 1):
                sets["largest" if len(largest) == 1 else f"largest-{i}"] = modules
            break
    return sets


def percentile(values: list[int], q: float) -> int:
    """The nearest-rank percentile (the smallest value with at least ``q`` of them at or below)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))
    return ordered[int(rank) - 1]


def measure(name: str, modules: tuple[str, ...], args: argparse.Namespace, path: Path | None) -> list[dict[str, Any]]:
    """The records of one set's games (read back from ``path`` when that file is complete); a game
    that raises is named (set, index, seed, error) and left out, and the other games go on."""
    from talisman.sim import records, runner

    if path is not None and path.exists():
        done = list(records.read(path))
        if len(done) == args.games:
            return done
    todo = runner.specs(args.games, 4, ["heuristic"], args.seed, modules, None, args.max_turns)
    found = []
    for r in runner.run_local(todo, args.workers, play_one=play_or_fail):
        if "error" in r:
            print(f"{name}: game {r['index']} (seed {r['seed']}) raised {r['error']}", file=sys.stderr, flush=True)
        else:
            found.append(r)
    if path is not None:  # (a file short of a failed game's record is played again next time)
        records.write(path, found)
    return found


def play_or_fail(spec: GameSpec) -> dict[str, Any]:
    """A game's record, or what it raised (``error``): one game that fails loses no other."""
    from talisman.sim import runner

    try:
        return runner.play_game(spec)
    except Exception as e:
        return {"index": spec.index, "seed": spec.seed, "error": f"{type(e).__name__}: {e}"}


def row(name: str, modules: tuple[str, ...], found: list[dict[str, Any]]) -> str:
    turns = [int(r["turns"]) for r in found] or [0]  # (0: every game of the set failed)
    capped = sum(1 for r in found if not r["finished"])
    shown = name if name.startswith(("core", "worlds")) else f"{name}: {', '.join(modules[1:])}"
    return f"| {shown} | {len(found)} | {statistics.median(turns):g} | {percentile(turns, 0.9)} | {capped} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per set (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="the simulation's master seed (default 1)")
    ap.add_argument("--max-turns", type=int, default=1000, help="the turn cap (default 1000)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--sets", default="", help="only the sets whose names begin so (comma-separated)")
    ap.add_argument("--compiled", action="store_true", help="put the compiled build first (scripts/compile.sh)")
    ap.add_argument("--records", type=Path, help="keep each set's records in this folder (and reuse them)")
    ap.add_argument("--quick", action="store_true", help="one short game of the core game (the tests' run)")
    args = ap.parse_args()
    if args.quick:
        args.games, args.sets, args.max_turns, args.workers = 1, "core", 40, 1
    builds.use(args.compiled)
    print(builds.which(), flush=True)
    sets = {"core": ("core",)} if args.quick else module_sets()
    wanted = [s for s in args.sets.split(",") if s]
    print("| set | games | median turns | 90th percentile | at the cap |")
    print("|---|---:|---:|---:|---:|")
    start = time.perf_counter()
    for name, modules in sets.items():
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        path = args.records / f"{name}.jsonl" if args.records else None
        print(row(name, modules, measure(name, modules, args, path)), flush=True)
    print(
        f"\n{args.games} four-player games a set, seed {args.seed}, cap {args.max_turns} turns,"
        f" {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
