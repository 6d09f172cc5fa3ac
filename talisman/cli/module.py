"""``talisman module check DIR``: check home-brew modules (TOML only) before they are played.

Every problem is listed with its file and line, and the exit status is 2 if there is any. A
broken content file blocks only itself: the module is played without it (a broken ``module.toml``
blocks the module). ``talisman/content/homebrew.py`` says what a home-brew module is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from talisman.content import homebrew


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "module",
        help="check home-brew modules (TOML only)",
        description="Home-brew modules: folders of TOML (module.toml and content files). Put good ones in "
        "$TALISMAN_CONTENT (default: the user's data folder, modules) or give --content DIR to play, serve, "
        "simulate or balance; docs/home-brew.md shows one.",
    )
    what = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = what.add_parser(
        "check",
        help="list every problem of the home-brew modules in a folder, with file and line",
        description="Check a home-brew module folder (one holding module.toml), or each module folder in DIR.",
    )
    check.add_argument("folders", nargs="+", metavar="DIR", help="a module folder, or a folder of them")


def run_module(args: argparse.Namespace) -> int:
    bad = 0
    for root in args.folders:
        found = homebrew.install([Path(root)])
        if not found:
            print(f"talisman: error: {root}: no module.toml here nor in its folders", file=sys.stderr)
            bad += 1
        for line in homebrew.report(found):
            print(line)
        for c in found:
            bad += bool(c.problems)
            if c.module is not None and not c.problems:
                rules = homebrew.summary(c.module)
                print(f"{c.folder}: ok: module {c.module.name!r}, {rules}")
    return 2 if bad else 0
