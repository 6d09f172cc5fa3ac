"""talisman simulate and talisman report: seeded, reproducible whatever the
number of workers or the backend, and a report with tables and plots."""

from __future__ import annotations

import json

import pytest

from talisman.cli.main import main
from talisman.sim import analysis, records, runner


def _strip(recs):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in recs]


def test_same_seed_same_records_whatever_the_number_of_workers(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    common = [
        "simulate",
        "--games",
        "6",
        "--players",
        "3",
        "--bot",
        "random",
        "--seed",
        "7",
        "--max-turns",
        "60",
        "--quiet",
    ]
    assert main([*common, "--workers", "1", "--out", str(one)]) == 0
    assert main([*common, "--workers", "2", "--out", str(two)]) == 0
    a, b = list(records.read(one)), list(records.read(two))
    assert [r["index"] for r in a] == list(range(6))
    assert _strip(a) == _strip(b)
    assert len({r["seed"] for r in a}) == 6
    other = runner.run(runner.specs(6, 3, ["random"], 8, max_turns=60))
    assert _strip(other) != _strip(a)  # another seed, other games


def test_a_record_tells_the_whole_game():
    [r] = runner.run(runner.specs(1, 4, ["heuristic"], 3, max_turns=1000))
    assert r["players"] == 4 and len(r["characters"]) == 4 and r["bots"] == ["heuristic"] * 4
    assert r["finished"] and r["winners"] and r["ending"] != runner.UNFINISHED
    assert r["winner_characters"] == [r["characters"][w] for w in r["winners"]]
    assert r["turns"] > 0 and r["actions"] >= r["turns"] and r["seconds"] > 0
    assert all({"seat", "character", "turn", "cause"} <= set(d) for d in r["deaths"])
    json.dumps(r)


def test_chunks_and_rotation_make_one_experiment():
    whole = runner.specs(4, 2, ["search:2", "heuristic"], 5, rotate=True)
    parts = runner.specs(2, 2, ["search:2", "heuristic"], 5, rotate=True) + runner.specs(
        2, 2, ["search:2", "heuristic"], 5, rotate=True, start=2
    )
    assert whole == parts
    assert [s.bots for s in whole] == [("search:2", "heuristic"), ("heuristic", "search:2")] * 2


def test_a_game_cut_short_is_recorded_as_unfinished():
    [r] = runner.run(runner.specs(1, 2, ["random"], 1, max_turns=3))
    assert not r["finished"] and r["winners"] == [] and r["ending"] == runner.UNFINISHED and r["turns"] == 4


def test_parquet_records_read_back(tmp_path):
    out = tmp_path / "games.parquet"
    assert (
        main(
            [
                "simulate",
                "--games",
                "3",
                "--players",
                "2",
                "--bot",
                "random",
                "--max-turns",
                "30",
                "--workers",
                "1",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    recs = list(records.read(out))
    assert [r["index"] for r in recs] == [0, 1, 2]
    assert _strip(recs) == _strip(runner.run(runner.specs(3, 2, ["random"], 1, max_turns=30)))


def test_bad_input_is_refused_clearly(tmp_path, capsys):
    out = tmp_path / "x.jsonl"
    assert main(["simulate", "--games", "2", "--bot", "genius", "--out", str(out)]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--players", "9", "--out", str(out)]) == 2
    assert main(["simulate", "--games", "2", "--bot", "heuristic:5", "--out", str(out)]) == 2
    assert not out.exists()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"index": 0}\n')
    assert main(["report", str(bad), "--out", str(tmp_path / "r")]) == 2
    assert "not a game record" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "r")]) == 2


def test_report_writes_tables_plots_and_a_page(tmp_path, capsys):
    games = tmp_path / "games.jsonl"
    assert (
        main(
            [
                "simulate",
                "--games",
                "8",
                "--players",
                "2",
                "--bot",
                "heuristic,random",
                "--rotate",
                "--seed",
                "3",
                "--workers",
                "2",
                "--quiet",
                "--out",
                str(games),
            ]
        )
        == 0
    )
    out = tmp_path / "report"
    assert main(["report", str(games), "--out", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "Win rate per character" in shown and "Win rate per bot" in shown and "Causes of death" in shown
    for name in ("win_rates.png", "game_length.png", "deaths.png", "endings.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (out / "index.html").read_text()
    assert "win_rates.png" in page and "Endings" in page
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 8
    assert sum(r["wins"] for r in summary["bots"]) == pytest.approx(sum(1 for r in records.read(games) if r["winners"]))


def test_wilson_intervals():
    assert analysis.wilson(0, 10)[0] == 0.0
    lo, hi = analysis.wilson(600, 1000)
    assert 0.569 < lo < 0.570 and 0.629 < hi < 0.631
    rows = analysis.summarise(
        [
            {
                "players": 2,
                "bots": ["a", "b"],
                "characters": ["x", "y"],
                "winners": [0],
                "ending": "e",
                "finished": True,
                "turns": 10,
                "deaths": [{"seat": 1, "character": "y", "turn": 9, "cause": "c"}],
            },
            {
                "players": 2,
                "bots": ["b", "a"],
                "characters": ["y", "x"],
                "winners": [0, 1],
                "ending": "f",
                "finished": True,
                "turns": 20,
                "deaths": [],
            },
        ]
    )
    assert {r["name"]: r["wins"] for r in rows["bots"]} == {"a": 1.5, "b": 0.5}
    assert rows["causes"] == [("c", 1)] and rows["turns"]["median"] == 15


def test_ray_backend_gives_the_same_records(tmp_path):
    """A local Ray instance (started and stopped by the command) plays the same games."""
    local = runner.run(runner.specs(3, 2, ["random"], 11, max_turns=40), workers=1)
    out = tmp_path / "ray.jsonl"
    assert (
        main(
            [
                "simulate",
                "--games",
                "3",
                "--players",
                "2",
                "--bot",
                "random",
                "--seed",
                "11",
                "--max-turns",
                "40",
                "--backend",
                "ray",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    import ray  # the ray extra is part of the test dependencies

    assert not ray.is_initialized()
    assert _strip(list(records.read(out))) == _strip(local)
