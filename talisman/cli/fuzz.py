"""``talisman fuzz``: play random and rule-aware games over every module set with
the engine's invariants checked after each step (:mod:`talisman.sim.fuzz`)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from talisman.cli.play import check_max_turns
from talisman.errors import ConfigError
from talisman.sim.fuzz import fuzz, module_sets


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "fuzz",
        help="fuzz the engine: random and rule-aware play over every module set, invariants checked at each step",
        description="Play games over every set of modules that can be played together, with random options, "
        "random and rule-aware bots, and after each step check that every card is in one place, no counter is "
        "negative, a bad answer is refused with the state unchanged, and a clone and a snapshot play on alike.",
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
        help="only the sets holding this module (repeatable; e.g. --with legendary-tales)",
    )


def run_fuzz(args: argparse.Namespace) -> int:
    if args.steps < 1 or args.seconds <= 0:
        raise ConfigError("--steps must be at least 1 and --seconds above 0")
    check_max_turns(args.max_turns)
    sets = [s for s in module_sets() if all(m in s for m in args.with_modules)]
    if not sets:
        raise ConfigError(f"no set of modules holds {', '.join(args.with_modules)} (see talisman play --help)")
    t0 = time.perf_counter()
    f = fuzz(args.steps, args.seconds, seed=args.seed, sets=sets, max_turns=args.max_turns)
    took = time.perf_counter() - t0
    print(
        f"{f.steps} steps in {f.games} games ({f.finished} finished) over {len(f.module_sets)} of {len(sets)} "
        f"module sets in {took:.0f} s ({f.steps / max(took, 1e-9):.0f} steps/s); {f.refused} bad answers refused "
        f"with the state unchanged; {f.refused_setups} option draws refused (played with the defaults); "
        f"{len(f.violations)} violations"
    )
    for v in f.violations:
        print(f"  {v}", file=sys.stderr)
    return 1 if f.violations else 0
