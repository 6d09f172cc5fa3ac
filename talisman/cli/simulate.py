"""``talisman simulate``: many seeded games between bots, with a progress bar,
written one record per game (JSON lines, or Parquet for a ``.parquet`` file).

    talisman simulate --games 1000 --players 4 --bot heuristic --seed 1 --out games.jsonl
    talisman simulate --games 1000 --players 2 --bot search,heuristic --rotate --out h2h.jsonl
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from talisman.cli.play import check_max_turns, parse_modules, parse_options
from talisman.errors import ConfigError
from talisman.sim import records, runner


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many seeded games between bots and record them",
        description="Play N seeded games between bots in parallel and write one record per game "
        "(characters, winner, ending, turns, deaths and causes, time). The same seed "
        "gives the same records whatever the number of workers.",
    )
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, default=4, help="seats per game, 1 to 6 (default 4)")
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="BOT",
        help="the bot of every seat (random, heuristic, search or search:ITERATIONS); a comma list "
        "or repeated --bot fills the seats in turn (default heuristic)",
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="shift the bots one seat per game, so each bot plays each seat equally often",
    )
    p.add_argument("--modules", default="core", help="comma-separated modules (default: core)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--seed", type=int, default=1, help="master seed: game i gets a seed derived from it (default 1)")
    p.add_argument(
        "--start", type=int, default=0, help="index of the first game, to run a long experiment in chunks (default 0)"
    )
    p.add_argument("--max-turns", type=int, default=1000, help="stop a game after this many turns (default 1000)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes, or tasks on a Ray cluster (needs the ray extra)",
    )
    p.add_argument("--address", default=None, help="the Ray cluster to join (default: start a local Ray instance)")
    p.add_argument("--out", required=True, metavar="FILE", help="records file: .jsonl, or .parquet")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ConfigError("--games must be at least 1")
    if args.start < 0:
        raise ConfigError("--start cannot be negative")
    bots = [b.strip() for spec in (args.bot or ["heuristic"]) for b in spec.split(",") if b.strip()]
    modules = parse_modules(args.modules)
    check_max_turns(args.max_turns)
    options = parse_options(args.option)
    from talisman.engine.game import make_config

    make_config(None, args.players, modules, options, 0)  # a bad configuration fails here, before any process starts
    todo = runner.specs(
        args.games,
        args.players,
        bots,
        args.seed,
        modules=modules,
        options=options,
        max_turns=args.max_turns,
        start=args.start,
        rotate=args.rotate,
    )
    workers = args.workers or os.cpu_count() or 1
    if workers < 1:
        raise ConfigError("--workers must be at least 1")
    console = Console(stderr=True, highlight=False)
    t0 = time.perf_counter()
    finished = 0
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        disable=args.quiet,
    ) as bar:
        task = bar.add_task("games", total=len(todo))

        def tick(stream: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            nonlocal finished
            for r in stream:
                finished += r["finished"]
                bar.advance(task)
                yield r

        n = records.write(args.out, tick(runner.stream(todo, workers, args.backend, args.address)))
    took = time.perf_counter() - t0
    console.print(
        f"{n} games ({finished} finished) in {took:.1f} s "
        f"({args.backend}{'' if args.backend == 'ray' else f', {workers} workers'}): {args.out}"
    )
    return 0
