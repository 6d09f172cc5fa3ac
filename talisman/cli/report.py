"""``talisman report``: turn simulation records into tables and plots.

talisman report games.jsonl --out report/
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from talisman.errors import ConfigError
from talisman.sim import analysis, records
from talisman.sim.report import adventure_names, character_names, feature_notes, terminal_tables, write_report


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="win rates (a cooperative party's success per adventure), game length, deaths, endings and features used",
        description="Read the records of talisman simulate (one or more files, e.g. the chunks of "
        "one experiment) and write plots, summary.json and index.html into a folder; "
        "print the tables in the terminal.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="records written by talisman simulate (.jsonl or .parquet)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the plots and the HTML page")


def run_report(args: argparse.Namespace) -> int:
    recs = records.read_all(args.files)
    if not recs:
        raise ConfigError("no game records in " + ", ".join(args.files))
    s = analysis.summarise(recs)
    modules = tuple(recs[0].get("modules") or ("core",))
    names = character_names(modules)
    adventures = adventure_names(modules)
    notes = feature_notes(tuple(r.get("modules") or ("core",)) for r in recs)
    console = Console(highlight=False)
    for table in terminal_tables(s, names, adventures, notes):
        console.print(table)
    page = write_report(s, Path(args.out), names, adventures, notes)
    console.print(f"Report written to {page}")
    return 0
