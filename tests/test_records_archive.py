"""The experiments' records are one archive in the tree (benchmarks/records.tar.xz), read where it lies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from talisman.cli.main import main
from talisman.errors import ConfigError
from talisman.sim import records

ARCHIVE = Path(__file__).resolve().parents[1] / "benchmarks" / "records.tar.xz"


def test_the_head_to_head_records_are_read_from_the_archive() -> None:
    chunks = records.expand([f"{ARCHIVE}:h2h-search-*.jsonl"])
    assert len(chunks) == 10 and chunks[0].endswith(".tar.xz:h2h-search-0.jsonl")
    games = records.read_all(chunks)
    assert len(games) == 1000  # the match docs/simulation.md quotes: the search bot won 597
    assert sum(any(g["bots"][w].startswith("search") for w in g["winners"]) for g in games) == 597


def test_the_report_reads_the_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", f"{ARCHIVE}:lt-search4-*.jsonl", "--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 400


def test_packing_adds_and_replaces_members(tmp_path: Path) -> None:
    folder = tmp_path / "played"
    (folder / "series").mkdir(parents=True)
    (folder / "a.jsonl").write_text("first\n")
    (folder / "series" / "b.jsonl").write_text("second\n")
    archive = tmp_path / "kept.tar.xz"
    assert records.pack(archive, folder) == ["a.jsonl", "series/b.jsonl"]
    (folder / "a.jsonl").write_text("again\n")
    records.pack(archive, folder)
    assert records.members(archive) == ["a.jsonl", "series/b.jsonl"]
    assert records.read_text(f"{archive}:a.jsonl") == "again\n"
    once = archive.read_bytes()
    records.pack(archive, folder)
    assert archive.read_bytes() == once  # the same records, the same bytes


def test_a_member_not_there_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="no member"):
        records.read_text(f"{ARCHIVE}:h2h-search-1000.jsonl")
    with pytest.raises(ConfigError, match="is named"):
        records.expand([f"{ARCHIVE}:nothing-*.jsonl"])
    with pytest.raises(ConfigError, match="no such archive"):
        list(records.read("nowhere.tar.xz:a.jsonl"))


def test_the_screens_are_paired_with_the_search_on_the_same_games() -> None:
    """`search_strength.py screens` reads each screen of issue 35 and the search's games beside it:
    the figures docs/simulation.md quotes (search-fitted:24 won 139 of 200, 43 only it, 39 only the
    search, McNemar's p = 0.74; search-self-fitted:24 and search-far:24 on the first 60), the first
    games' factory-named bots counted as the screened bot."""
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "search_strength.py"
    out = subprocess.run([sys.executable, str(script), "screens"], capture_output=True, text=True, check=True).stdout
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert rows["search-fitted-24"][1:4] == ["200", "139", "69.5%"]
    assert rows["search-fitted-24"][-4:] == ["135", "43", "39", "0.741"]
    assert rows["search-randomised-24"][-4:] == ["135", "28", "41", "0.148"]
    screened = {name: rows[name][1:3] + rows[name][-4:] for name in ("search-self-fitted-24", "search-far-24")}
    assert screened["search-self-fitted-24"] == ["60", "27", "42", "6", "21", "0.006"]
    assert screened["search-far-24"] == ["60", "41", "42", "14", "15", "1.000"]
