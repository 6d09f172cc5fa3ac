"""``talisman adventure FILE...``: check Legendary Tales adventure files (custom adventures).

Each file is read and checked as a game would (``authoring.check``); a good one is summed up, a
bad one named with every problem found, and the exit status is 2 if any is bad.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from talisman.errors import ContentError


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "adventure",
        help="check Legendary Tales adventure files",
        description=(
            "Check custom Legendary Tales adventures (TOML files, numbered 6 or more). Put good ones in "
            "$TALISMAN_LT_ADVENTURES (default: the user's data folder, legendary-adventures) and play "
            "one with: talisman play --modules legendary-tales --option adventure=N"
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="an adventure file")


def run_adventure(args: argparse.Namespace) -> int:
    import talisman.modules.legendary_tales  # noqa: F401  (registers the conditions and actions checked)
    from talisman.modules.legendary_tales import authoring

    bad = 0
    for name in args.files:
        path = Path(name)
        try:
            data = authoring.read(path)
            authoring.check(data, str(path), builtin=path.resolve().parent == authoring.DATA.resolve())
        except ContentError as e:
            print(f"talisman: error: {e}", file=sys.stderr)
            bad += 1
            continue
        a = data["adventure"]
        tokens = sum(int(t.get("count", 1)) for t in data.get("token", []))
        print(f"{path}: ok: adventure {a['number']}, {a['title']!r}, {tokens} tokens, {len(data['step'])} steps")
    return 2 if bad else 0
