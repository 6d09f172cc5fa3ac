"""``talisman simulate``: many seeded games between bots, with a progress bar,
written one record per game (JSON lines, or Parquet for a ``.parquet`` file).

    talisman simulate --games 1000 --players 4 --bot heuristic --seed 1 --out games.jsonl
    talisman simulate --games 1000 --players 2 --bot search,heuristic --rotate --out h2h.jsonl
    talisman simulate --modules legendary-tales --option adventure=1..5 --option difficulty=1,3 \
        --players 1..4 --games 50 --out lt.jsonl --report lt-report/
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from talisman.cli.play import check_max_turns, parse_modules, parse_value
from talisman.content import homebrew
from talisman.errors import ConfigError
from talisman.sim import analysis, records, runner
from talisman.sim.report import (
    adventure_names,
    character_names,
    feature_notes,
    party_table,
    terminal_tables,
    write_report,
)


def parse_values(text: str, what: str) -> list[Any]:
    """``"1..3"`` -> ``[1, 2, 3]``; ``"1,4"`` -> ``[1, 4]``; ``"4e"`` -> ``["4e"]`` (each value
    read as ``talisman play`` reads an option).

    >>> parse_values("2..4", "--players"), parse_values("true,false", "x")
    ([2, 3, 4], [True, False])
    """
    out: list[Any] = []
    for part in (p.strip() for p in text.split(",")):
        low, dots, high = part.partition("..")
        if dots:
            a, b = parse_value(low.strip()), parse_value(high.strip())
            if not isinstance(a, int) or not isinstance(b, int) or isinstance(a, bool) or isinstance(b, bool) or a > b:
                raise ConfigError(f"{what}: a range is LOW..HIGH of whole numbers, LOW <= HIGH, not {part!r}")
            out += range(a, b + 1)
        elif part:
            out.append(parse_value(part))
        else:
            raise ConfigError(f"{what}: an empty value in {text!r}")
    return out


def parse_sweep(specs: list[str]) -> dict[str, list[Any]]:
    """``["adventure=1..3", "difficulty=2", "adventure=5"]`` -> ``{"adventure": [1, 2, 3, 5], "difficulty": [2]}``."""
    sweep: dict[str, list[Any]] = {}
    for spec in specs:
        if "=" not in spec:
            raise ConfigError(f"an option is NAME=VALUE, not {spec!r}")
        name, text = (x.strip() for x in spec.split("=", 1))
        values = sweep.setdefault(name, [])
        values += [v for v in parse_values(text, f"--option {name}") if v not in values]
    return sweep


def add_play_options(p: argparse.ArgumentParser) -> None:
    """The options of how simulated games are played, shared with ``talisman balance``: the turn
    cap, the processes or the Ray cluster, and home-brew modules."""
    p.add_argument(
        "--max-turns",
        type=int,
        default=runner.MAX_TURNS,
        help=f"stop a game after this many turns (default {runner.MAX_TURNS})",
    )
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes, or tasks on a Ray cluster (needs the ray extra)",
    )
    p.add_argument("--address", default=None, help="the Ray cluster to join (default: start a local Ray instance)")
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="home-brew modules to offer besides the user's (a module folder, or a folder of them)",
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many seeded games between bots and record them",
        description="Play N seeded games between bots in parallel and write one record per game "
        "(characters, winner, ending, turns, deaths and causes, time, how often each feature of the modules "
        "was offered and chosen). The same seed "
        "gives the same records whatever the number of workers. Options and --players may take several "
        "values, to sweep them in one run. For Legendary Tales (--modules legendary-tales) the run ends "
        "with the party's success per adventure, difficulty and party size, with 95% Wilson intervals.",
    )
    p.add_argument("--games", type=int, default=100, help="how many games, in each cell of a sweep (default 100)")
    p.add_argument(
        "--players",
        default="4",
        metavar="N",
        help="seats per game, 1 to 6 (default 4); several sweep them: 2,3 or 1..4",
    )
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
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option; several values sweep it (adventure=1..5, difficulty=1,3, or the option "
        "repeated): every combination of the options' values and --players is a cell of --games games",
    )
    p.add_argument("--seed", type=int, default=1, help="master seed: game i gets a seed derived from it (default 1)")
    p.add_argument(
        "--start", type=int, default=0, help="index of the first game, to run a long experiment in chunks (default 0)"
    )
    add_play_options(p)
    p.add_argument("--out", required=True, metavar="FILE", help="records file: .jsonl, or .parquet")
    p.add_argument(
        "--report",
        metavar="DIR",
        default=None,
        help="also print the tables of talisman report and write its plots and HTML page into DIR",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ConfigError("--games must be at least 1")
    if args.start < 0:
        raise ConfigError("--start cannot be negative")
    homebrew.load(args.content)
    bots = [b.strip() for spec in (args.bot or ["heuristic"]) for b in spec.split(",") if b.strip()]
    modules = parse_modules(args.modules)
    check_max_turns(args.max_turns)
    players = parse_values(args.players, "--players")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in players):
        raise ConfigError(f"--players is a whole number, a list (2,3) or a range (1..4), not {args.players!r}")
    sweep = parse_sweep(args.option)
    from talisman.engine.game import make_config

    for n in sorted(set(players)):  # a bad configuration fails here, before any process starts
        for name, values in sweep.items():
            for v in values:
                make_config(None, n, modules, {k: vs[0] for k, vs in sweep.items()} | {name: v}, 0)
        if not sweep:
            make_config(None, n, modules, {}, 0)
    todo = runner.sweep(
        args.games,
        list(dict.fromkeys(players)),
        bots,
        args.seed,
        modules=modules,
        options=sweep,
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
    done: list[dict[str, Any]] = []
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
                done.append(r)
                bar.advance(task)
                yield r

        n = records.write(args.out, tick(runner.stream(todo, workers, args.backend, args.address)))
    took = time.perf_counter() - t0
    console.print(
        f"{n} games ({finished} finished) in {took:.1f} s "
        f"({args.backend}{'' if args.backend == 'ray' else f', {workers} workers'}): {args.out}"
    )
    s = analysis.summarise(done)
    adventures = adventure_names(modules)
    out = Console(highlight=False)
    if args.report:
        names = character_names(modules)
        notes = feature_notes([modules])
        for table in terminal_tables(s, names, adventures, notes):
            out.print(table)
        out.print(f"Report written to {write_report(s, Path(args.report), names, adventures, notes)}")
    elif s["party"]:  # a cooperative game: the party's success is what a run is for
        out.print(party_table(s, adventures))
    return 0
