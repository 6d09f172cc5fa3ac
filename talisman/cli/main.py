"""The ``talisman`` command: one entry point, a subcommand per job.

talisman play --seat Warrior=human --seat Troll=heuristic
talisman replay game.json
talisman rules --coverage
talisman simulate --games 1000 --players 4 --bot heuristic --out games.jsonl
talisman report games.jsonl --out report/
talisman balance characters --games 4000 --out balance/
talisman module check my-modules/
talisman serve --port 8000
talisman fuzz --steps 1000000 --seconds 3600
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable

from talisman.errors import TalismanError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="talisman",
        description="An unofficial fan implementation of the Talisman board game: play, replay, check rule coverage.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal, against people or bots",
        description="Play in the terminal. Each --seat is CHARACTER=CONTROLLER, where the controller "
        "is human, a level for people (gentle, fair, hard or strongest), or a bot (random, "
        "heuristic: the rule-aware bot, or search); a character of '?' is dealt at random, "
        "and 'choose' (people only: choose=human) lets that person pick one when the "
        "game begins, in seat order, among the characters no other seat has.",
    )
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="CHARACTER=CONTROLLER",
        help="a seat, e.g. Warrior=human, ?=hard or choose=human (repeat for 1 to 6 seats; "
        "default: you and three heuristic bots)",
    )
    play.add_argument(
        "--modules", default=None, help="comma-separated modules (default: core; with --load, the save's own)"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. fate=false or command-spell=4e",
    )
    play.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="home-brew modules to offer besides the user's (a module folder, or a folder of them)",
    )
    play.add_argument("--seed", type=int, default=None, help="random seed (default: a random one)")
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the game to FILE (JSON, relative to the current folder) when it ends or is left",
    )
    play.add_argument(
        "--load",
        metavar="FILE",
        help="go on with a game saved by --save (the seats' controllers are the save's, or those of --seat; "
        "its modules, options and seed are the save's: --modules, --option and --seed are refused); "
        "without --save it is saved back to FILE when it ends or is left",
    )
    play.add_argument(
        "--tutorial",
        action="store_true",
        help="a guided first game: you play the Wizard against a rule-aware Warrior, each step explained as it comes",
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="line by line, without the full-screen map (the default when not at a terminal)",
    )
    play.add_argument(
        "--bot-delay",
        type=float,
        default=0.3,
        metavar="SECONDS",
        help="on the full screen, the pause after each bot move (default 0.3; Ctrl+F toggles it)",
    )
    play.add_argument("--max-turns", type=int, default=2000, help="stop a game that lasts longer (default 2000)")
    play.add_argument("--quiet", action="store_true", help="with only bots, print just the result")
    play.add_argument(
        "--standing",
        default=None,
        metavar="NAMES",
        help="standing answers for the people's seats, comma-separated, or none (default: a new player's, "
        "fate-beside-die,spells-that-matter): no-fate (never ask me to reroll with Fate), fate-beside-die "
        "(offer a reroll for a few seconds, then keep the roll), spells-own-turn (offer me Spells only in my "
        "own turn and when I am attacked), spells-that-matter (in another's turn, only the Spells made for that moment)",
    )

    replay = sub.add_parser(
        "replay",
        help="replay a saved game and check it reproduces",
        description="Replay a save file and check that it reproduces the same final state.",
    )
    replay.add_argument("file", help="a save written by talisman play --save")
    replay.add_argument("--log", action="store_true", help="print the game's log")

    rules = sub.add_parser(
        "rules", help="rule inventory coverage", description="Show which rules of the inventory have tests."
    )
    rules.add_argument("--coverage", action="store_true", help="one line per module: covered/total, then missing ids")
    rules.add_argument("--missing", metavar="MODULE", help="list the untested rule ids of one module")
    rules.add_argument("--inventory", help="path to inventory.yaml (default: the project's copy)")

    serve = sub.add_parser(
        "serve",
        help="the web game: lobby, board, friends and bots in the browser",
        description="Serve the web game (and its JSON API, documented at /docs).",
    )
    from talisman.server.serve import add_arguments

    add_arguments(serve)

    from talisman.cli import adventure, balance, fuzz, module, report, simulate

    simulate.add_parser(sub)
    report.add_parser(sub)
    balance.add_parser(sub)
    fuzz.add_parser(sub)
    adventure.add_parser(sub)
    module.add_parser(sub)
    return parser


COMMANDS = {
    "play": "talisman.cli.play:run_play",
    "replay": "talisman.cli.replay:run_replay",
    "rules": "talisman.cli.coverage:run_rules",
    "serve": "talisman.server.serve:run_serve",
    "simulate": "talisman.cli.simulate:run_simulate",
    "report": "talisman.cli.report:run_report",
    "fuzz": "talisman.cli.fuzz:run_fuzz",
    "adventure": "talisman.cli.adventure:run_adventure",
    "balance": "talisman.cli.balance:run_balance",
    "module": "talisman.cli.module:run_module",
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module, function = COMMANDS[args.command].split(":")
    from talisman.content.ruleset import freeze_rulesets

    freeze_rulesets()  # the command owns its process
    try:
        run: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), function)
        return run(args)
    except BrokenPipeError:
        # The reader went away (`talisman rules --coverage | head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except TalismanError as e:
        print(f"talisman: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
