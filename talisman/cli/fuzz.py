"""``talisman fuzz``: play random and rule-aware games over module sets drawn from a seed, with
the engine's invariants checked after each step (:mod:`talisman.sim.fuzz`)."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from talisman.cli.play import check_max_turns
from talisman.content.modules import get_module
from talisman.errors import ConfigError
from talisman.sim.fuzz import Figures, SetDraws, fuzz


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "fuzz",
        help="fuzz the engine: random and rule-aware play over module sets, invariants checked at each step",
        description="Play games over sets of modules drawn from the seed (first each module's own set, then "
        "largest sets and sets of every size), with random options, random and rule-aware bots, and after each "
        "step check that every card is in one place, no counter is negative, a bad answer is refused with the "
        "state unchanged, a clone's own moves leave the game as it was, and a clone and a snapshot play on alike. "
        "Prints the figures and the sets covered.",
    )
    p.add_argument("--steps", type=int, default=100_000, help="stop after this many steps (default 100000)")
    p.add_argument("--seconds", type=float, default=600, help="or after this many seconds (default 600)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--max-turns", type=int, default=200, help="stop a game after this many turns (default 200)")
    p.add_argument(
        "--with",
        dest="with_modules",
        action="append",
        default=[],
        metavar="MODULE",
        help="only sets holding this module (repeatable; e.g. --with legendary-tales)",
    )
    p.add_argument("--list-sets", action="store_true", help="list every module set played, with its games and steps")
    p.add_argument(
        "--progress",
        type=float,
        default=None,
        metavar="SECONDS",
        help="print the figures so far to stderr every so many seconds (after the game then being played), "
        "and each violation as soon as it is found",
    )


def run_fuzz(args: argparse.Namespace) -> int:
    if args.steps < 1 or not (math.isfinite(args.seconds) and args.seconds > 0):
        raise ConfigError(f"--steps must be at least 1 and --seconds a number above 0, not {args.seconds}")
    check_max_turns(args.max_turns)
    for m in args.with_modules:
        get_module(m)  # an unknown name: a clear error
    draws = SetDraws(args.seed, holding=args.with_modules)
    if args.progress is not None and not (math.isfinite(args.progress) and args.progress > 0):
        raise ConfigError(f"--progress must be a number of seconds above 0, not {args.progress}")
    t0 = time.perf_counter()
    told: list[float] = [t0]
    shown: list[str] = []

    def tell(f: Figures) -> None:
        now = time.perf_counter()
        for v in f.violations[len(shown) :]:  # each as soon as it is found
            shown.append(v)
            print(f"  {v}", file=sys.stderr, flush=True)
        if now - told[0] >= args.progress:
            told[0] = now
            print(
                f"{now - t0:.0f} s: {f.steps} steps, {f.games} games, {len(f.module_sets)} sets, "
                f"{len(f.violations)} violations",
                file=sys.stderr,
                flush=True,
            )

    f = fuzz(
        args.steps,
        args.seconds,
        seed=args.seed,
        sets=draws,
        max_turns=args.max_turns,
        progress=tell if args.progress is not None else None,
    )
    took = time.perf_counter() - t0
    print(
        f"{f.steps} steps in {f.games} games ({f.finished} finished) in {took:.0f} s "
        f"({f.steps / max(took, 1e-9):.0f} steps/s); {f.refused} bad answers refused with the state unchanged; "
        f"{f.copies} copies played moves of their own with the game unchanged; "
        f"{f.refused_setups} option draws refused (played with the defaults); {len(f.violations)} violations"
    )
    for line in f.coverage():
        print(f"  {line}")
    if args.list_sets:
        for modules, (games, steps) in sorted(f.module_sets.items(), key=lambda kv: (len(kv[0]), kv[0])):
            print(f"  {len(modules):>2} modules, {games} games, {steps} steps: {','.join(modules)}")
    for v in f.violations[len(shown) :]:
        print(f"  {v}", file=sys.stderr)
    return 1 if f.violations else 0
