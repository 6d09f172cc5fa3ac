"""``talisman balance``: one command per question about a game's balance, each answered by seeded
games between bots, with a progress bar, the tables in the terminal, and an HTML page with plots
and a JSON summary in ``--out DIR``:

    talisman balance characters --modules core --precision 2.5 --out balance/characters
    talisman balance compare --modules core --against core,disasters --games 2000 --out balance/disasters
    talisman balance skill --agents gentle,fair,hard,strongest --games 100 --out balance/skill
    talisman balance tune --modules disasters --target turns=330 --trials 20 --games 200 --out balance/tune

The same seed gives the same figures whatever ``--workers`` or ``--backend`` (local processes or Ray).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from talisman.cli.play import check_max_turns, parse_modules, parse_options
from talisman.cli.simulate import add_play_options
from talisman.content import homebrew
from talisman.errors import ConfigError
from talisman.sim import roster, runner
from talisman.sim.balance import characters, compare, pages, skill, tune
from talisman.sim.balance.deal import whole_blocks
from talisman.sim.balance.sides import Side, plan
from talisman.sim.runner import GameSpec

# the random bot, then the levels for people: the rule-aware bot blundering and as it is, the search at two budgets
DEFAULT_AGENTS = "random,gentle,fair,hard,strongest"


def _common(p: argparse.ArgumentParser, games: int | None, games_help: str, players: int, bot: bool = True) -> None:
    """The arguments every question takes (``bot``: and the one agent of every seat, ``--bot``)."""
    p.add_argument("--modules", default="core", help="comma-separated modules (default: core)")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeat for several)"
    )
    p.add_argument(
        "--tune",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a tunable number of the modules set otherwise (see talisman balance tune)",
    )
    p.add_argument("--players", type=int, default=players, help=f"seats per game (default {players})")
    p.add_argument("--games", type=int, default=games, help=games_help)
    p.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    if bot:
        p.add_argument("--bot", default="heuristic", help="the agent of every seat (default heuristic)")
    add_play_options(p)
    p.add_argument("--out", required=True, metavar="DIR", help="folder for index.html, the plots and summary.json")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "balance",
        help="balance questions answered by simulated games: characters, compare, skill, tune",
        description="The balance workshop: each question answered by seeded games between bots, with "
        "tables in the terminal and an HTML page, plots and summary.json in --out DIR.",
    )
    what = p.add_subparsers(dest="question", required=True, metavar="QUESTION")
    c = what.add_parser(
        "characters",
        help="every character ranked by win rate, with intervals; each seat's win rate",
        description="Every playable character of the modules ranked by win rate with a 95% interval, each "
        "dealt equally often to each seat; each seat's win rate and the first player's advantage. With "
        "--precision, the games are planned for it, and more are played until every interval is that narrow.",
    )
    _common(c, None, "games (rounded up to whole blocks of the deal; default: planned for --precision, else 1000)", 4)
    c.add_argument(
        "--precision",
        type=float,
        default=None,
        metavar="POINTS",
        help="the wanted half-width of every character's 95%% interval, in points of win rate (2.5: ±2.5)",
    )
    k = what.add_parser(
        "compare",
        help="two rule sets on the same games: differences with paired intervals and a verdict",
        description="Play the same seeds, characters and seats under two rule sets, A (--modules, --option, "
        "--tune) and B (--against, --against-option, --against-tune: what is not given is A's), and report "
        "each difference (B - A) with a paired 95%% interval and whether the games show it.",
    )
    _common(k, 1000, "games on each side (default 1000)", 4)
    k.add_argument("--against", default=None, metavar="MODULES", help="B's modules (default: A's)")
    k.add_argument("--against-option", action="append", default=[], metavar="NAME=VALUE", help="an option of B")
    k.add_argument("--against-tune", action="append", default=[], metavar="NAME=N", help="a tuned number of B")
    s = what.add_parser(
        "skill",
        help="a matchup matrix of agents, and how much skill decides a game",
        description="Each ordered pair of agents plays the same games (one seat the first, the others the "
        "second): the matrix of shares of the wins, each agent's rating (Bradley-Terry on the Elo scale, "
        "with a 95%% bootstrap interval), and the share of games skill decides.",
    )
    _common(s, 100, "games for each pair of agents (default 100)", 2, bot=False)
    s.add_argument(
        "--agents",
        default=DEFAULT_AGENTS,
        help="comma-separated agents: bots and levels (gentle, fair, hard, strongest; search:N: a budget), or "
        f"package.module:function (default {DEFAULT_AGENTS})",
    )
    s.add_argument("--anchor", default=None, metavar="AGENT", help="the agent rated 0 (default: the mean rating is 0)")
    t = what.add_parser(
        "tune",
        help="search a module's tunable numbers toward a target, and propose (never apply) the best",
        description="Search the tunable numbers of the modules (or those named) with Optuna toward a target, "
        "each trial on the same games; check the best against the content as it is on fresh games. "
        "The content is not changed.",
    )
    _common(t, 200, "games for each trial (default 200)", 4)
    t.add_argument("--number", action="append", default=[], metavar="NAME", help="a number to tune (default: all)")
    t.add_argument("--target", default="fair", help="fair (default) or turns=N")
    t.add_argument("--trials", type=int, default=20, help="trials, the first the content as it is (default 20)")
    t.add_argument("--check-games", type=int, default=None, help="fresh games of the check (default: --games)")


# --- running games with a progress bar ---------------------------------------------------------


class Player:
    """Plays lists of games on the chosen backend, advancing one progress bar over the whole run, and
    writes every game's record to ``--out``'s ``games.jsonl`` (with the part of the run it belongs
    to: ``a`` or ``b`` of a compare, a tuning run's trial), for ``talisman report`` or another look."""

    def __init__(self, args: argparse.Namespace, total: int, what: str) -> None:
        self.out = Path(args.out)
        self.workers = args.workers or os.cpu_count() or 1
        if self.workers < 1:
            raise ConfigError("--workers must be at least 1")
        self.backend, self.address = args.backend, args.address
        self.console = Console(stderr=True, highlight=False)
        self.bar = Progress(
            TextColumn(f"[bold]{what}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=self.console,
            disable=args.quiet,
        )
        self.task = self.bar.add_task("games", total=total)

    def __enter__(self) -> Player:
        # one connection to Ray for the whole run (a tuning run plays its trials one after another)
        self.ray_started = self.backend == "ray" and runner.init_ray(self.address)
        self.out.mkdir(parents=True, exist_ok=True)
        self.records = (self.out / "games.jsonl").open("w", encoding="utf-8")
        self.bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.bar.stop()
        self.records.close()
        if self.ray_started:
            import ray

            ray.shutdown()

    def more(self, games: int) -> None:
        """The run needs ``games`` more than planned (a precision not reached yet)."""
        total = self.bar.tasks[0].total or 0
        self.bar.update(self.task, total=total + games)

    def play(self, todo: list[GameSpec], part: str = "") -> list[dict[str, Any]]:
        return list(self._tick(runner.stream(todo, self.workers, self.backend, self.address), part))

    def _tick(self, stream: Iterator[dict[str, Any]], part: str) -> Iterator[dict[str, Any]]:
        for r in stream:
            self.records.write(json.dumps(r | {"part": part} if part else r, separators=(",", ":")) + "\n")
            self.bar.advance(self.task)
            yield r


# --- the questions ----------------------------------------------------------------------------------


def _tuning(specs: list[str]) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for name, value in parse_options(specs).items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"a tuned number is NAME=N, a whole number, not {name}={value!r}")
        out[name] = value
    return tuple(sorted(out.items()))


def _side(modules: str, options: list[str], tuning: list[str], players: int) -> Side:
    side = Side(parse_modules(modules), tuple(sorted(parse_options(options).items())), _tuning(tuning))
    side.check(players)
    return side


def _setup(args: argparse.Namespace) -> Side:
    homebrew.load(args.content)
    if args.games is not None and args.games < 1:
        raise ConfigError("--games must be at least 1")
    check_max_turns(args.max_turns)
    return _side(args.modules, args.option, args.tune, args.players)


def _names(side: Side) -> dict[str, str]:
    return {k: c.name for k, c in side.rules.characters.items()}


def run_balance(args: argparse.Namespace) -> int:
    side = _setup(args)
    out = Path(args.out)
    console = Console(highlight=False)
    if args.question == "characters":
        s = _characters(args, side)
        names = _names(side)
        for table in pages.characters_tables(s, names):
            console.print(table)
        for line in pages.characters_text(s):
            console.print(line)
        page = pages.characters_page(s, names, out, side.label)
    elif args.question == "compare":
        other = _side(
            args.against or args.modules,
            [*args.option, *args.against_option],
            [*args.tune, *args.against_tune],
            args.players,
        )
        s = _compare(args, side, other)
        names = _names(side) | _names(other)
        for table in pages.compare_tables(s, names):
            console.print(table)
        for line in pages.compare_text(s, side.label, other.label, names):
            console.print(line)
        page = pages.compare_page(s, names, out, side.label, other.label)
    elif args.question == "skill":
        s = _skill(args, side)
        for table in pages.skill_tables(s):
            console.print(table)
        for line in pages.skill_text(s, side.label):
            console.print(line)
        page = pages.skill_page(s, out, side.label)
    else:
        s = _tune(args, side)
        for table in pages.tune_tables(s):
            console.print(table)
        for line in pages.tune_text(s):
            console.print(line)
        page = pages.tune_page(s, out)
    console.print(f"Report written to {page}")
    return 0


def _characters(args: argparse.Namespace, side: Side) -> dict[str, Any]:
    chars = side.characters()
    bots = roster.check([args.bot])
    if args.precision is not None and not 0 < args.precision < 50:
        raise ConfigError("--precision is in points of win rate, more than 0 and less than 50 (2.5: ±2.5 points)")
    precision = args.precision / 100 if args.precision else None
    if args.games:
        games = whole_blocks(args.games, len(chars))
    elif precision:
        games = characters.planned_games(len(chars), args.players, precision)
    else:
        games = whole_blocks(1000, len(chars))
    records: list[dict[str, Any]] = []
    with Player(args, games, "characters") as player:
        for _ in range(4):  # the planned games, then up to three more rounds for a precision not reached
            todo = plan(side, range(len(records), games), args.players, args.seed, chars, bots, args.max_turns)
            records += player.play(todo)
            s = characters.summarise(records, args.players, precision)
            if not precision or s["reached"] or (s["games_needed"] or 0) <= games:
                break
            player.more(s["games_needed"] - games)
            games = s["games_needed"]
    return s


def _compare(args: argparse.Namespace, a: Side, b: Side) -> dict[str, Any]:
    chars = compare.common_characters(a.characters(), b.characters())
    bots = roster.check([args.bot])
    games = range(args.games)
    with Player(args, 2 * args.games, "comparing") as player:
        ra = player.play(plan(a, games, args.players, args.seed, chars, bots, args.max_turns), "a")
        rb = player.play(plan(b, games, args.players, args.seed, chars, bots, args.max_turns), "b")
    return compare.summarise(ra, rb)


def _skill(args: argparse.Namespace, side: Side) -> dict[str, Any]:
    agents = list(dict.fromkeys(a.strip() for a in args.agents.split(",") if a.strip()))
    if len(agents) < 2:
        raise ConfigError("--agents needs at least two different agents")
    roster.check(agents)
    if args.anchor is not None and args.anchor not in agents:
        raise ConfigError(f"--anchor {args.anchor!r} is not one of --agents ({', '.join(agents)})")
    todo = skill.plan(side, agents, args.games, args.players, args.seed, side.characters(), args.max_turns)
    with Player(args, len(todo), "matchups") as player:
        records = player.play(todo)
    return skill.summarise(records, agents, args.players, args.seed, args.anchor)


def _tune(args: argparse.Namespace, side: Side) -> dict[str, Any]:
    target = tune.Target.parse(args.target)
    names = tune.tunable(side, args.number)
    if args.trials < 1:
        raise ConfigError("--trials must be at least 1")
    check = args.check_games or args.games
    if check < 2:
        raise ConfigError("--check-games must be at least 2")
    with Player(args, args.trials * args.games + 2 * check, "tuning") as player:
        return tune.run(
            side,
            names,
            target,
            player.play,
            trials=args.trials,
            games=args.games,
            check_games=check,
            players=args.players,
            seed=args.seed,
            characters=side.characters(),
            bots=roster.check([args.bot]),
            max_turns=args.max_turns,
        )
