"""The features used: seeded four-player games of the rule-aware bots for each module (with the
modules some of its features need), and the table of how often each feature a character may
choose was offered and taken, module by module, with the reason one never used never pays.

    python benchmarks/features_used.py --games 200 --workers 2 --out /tmp/features
    python benchmarks/features_used.py --sets city-classic,timescape+city-classic --games 50 --out /tmp/f

A set is modules joined by ``+``, then game options after ``@``
(``optional-rules+dungeon-classic@king-of-the-hill=true``: King of the Hill's way out of 000's
Treasure Chamber is offered only in such games). Each set's records are written as
``DIR/<set>.jsonl`` (``talisman report`` reads them); a set already recorded with as many games
is read back, not played again. A game that fails (a bug the run found) is told on stderr and
left out of the records. The table (Markdown, as in docs/bots.md) pools every set: a feature's
row counts the games that had it. The compiled build plays about three times faster
(``scripts/compile.sh``, then ``PYTHONPATH=build/compiled``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman.cli.play import parse_value  # noqa: E402
from talisman.sim import analysis, records, runner  # noqa: E402
from talisman.sim.report import FEATURE_HEAD, feature_notes, feature_rows  # noqa: E402

# Each module, with the modules (and options) some of its features need: the Brotherhood's Donjon
# and the City's Master Level titles are the City's; the Enchantress who opens the Timescape is too;
# King of the Hill's way out is in 000's Dungeon; the 4th edition's flight is its Fight or Flight's;
# the Merchant haggles and trades with the Pedlar in 000's City, the Scout seals 000's Doorways;
# the Gypsy claims Scrolls, which only 003's City has.
SETS = (
    "core",
    "airships",
    "brotherhood+city-classic",
    "catacombs",
    "city-classic",
    "city-districts",
    "disasters",
    "dungeon-4e",
    "dungeon-4e@fight-or-flight=true",
    "dungeon-characters",
    "dungeon-characters+city-districts",
    "dungeon-classic",
    "emperors-guard",
    "endings",
    "master-levels+city-classic",
    "optional-rules+dungeon-classic@king-of-the-hill=true",
    "roster",
    "roster+city-classic+dungeon-classic",
    "timescape+city-classic",
    "wizards-tower",
    "worlds",
    "legendary-tales",
)


def play(spec: runner.GameSpec) -> dict[str, Any]:
    """A game's record, or what made it fail."""
    try:
        return runner.play_game(spec)
    except Exception:  # a bug of the rules or the bots: told, and the run goes on
        return {"failed": spec.index, "error": traceback.format_exc(limit=-3)}


def played(todo: list[runner.GameSpec], workers: int, name: str) -> Iterator[dict[str, Any]]:
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for r in pool.imap(play, todo, chunksize=1):
            if "failed" in r:
                print(f"{name}: game {r['failed']} failed:\n{r['error']}", file=sys.stderr)
            else:
                yield r


def play_set(name: str, games: int, seed: int, workers: int, out: Path) -> list[dict[str, object]]:
    """The records of ``games`` games of a set (played, or read back when recorded already)."""
    path = out / f"{name}.jsonl"
    done = out / f"{name}.games"  # how many were played (some may have failed)
    if path.is_file() and done.is_file() and done.read_text() == str(games):
        return list(records.read(path))
    modules, *options = name.split("@")
    chosen = {k: parse_value(v) for k, _, v in (o.partition("=") for o in options)}
    todo = runner.specs(games, 4, ["heuristic"], seed, modules=tuple(modules.split("+")), options=chosen)
    t0 = time.perf_counter()
    n = records.write(path, played(todo, workers, name))
    done.write_text(str(games))
    print(f"{name}: {n} of {games} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return list(records.read(path))


def markdown(recs: list[dict[str, object]]) -> str:
    """The features table of these records, in Markdown."""
    notes = feature_notes(tuple(r["modules"]) for r in recs)  # type: ignore[arg-type]
    rows = feature_rows(analysis.features(recs), notes)
    lines = ["| " + " | ".join(FEATURE_HEAD) + " |", "|" + "---|" * len(FEATURE_HEAD)]
    module = ""
    for row in rows:
        shown = "" if row[0] == module else f"`{row[0]}`"
        module = row[0]
        lines.append("| " + " | ".join([shown, *row[1:]]) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games of each set (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated sets, modules joined by + (default: all)")
    ap.add_argument("--out", required=True, type=Path, help="folder for the records")
    ap.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games, args.workers, args.sets = 1, 1, "core"
    print(builds.which(), file=sys.stderr, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    recs: list[dict[str, object]] = []
    for name in args.sets.split(","):
        recs += play_set(name.strip(), args.games, args.seed, args.workers, args.out)
    print(markdown(recs))


if __name__ == "__main__":
    main()
