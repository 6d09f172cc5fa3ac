"""The simulator in Legendary Tales: a sweep over adventures, difficulties and party sizes in one
run, each record telling the party's result, and a report of the party's success per cell with
its 95% Wilson interval (terminal, HTML page, plot, summary.json); bad flags fail in one line."""

from __future__ import annotations

import json

import pytest

from talisman.cli.main import main
from talisman.cli.simulate import parse_sweep, parse_values
from talisman.errors import ConfigError
from talisman.sim import analysis, records, runner

LT = ("legendary-tales",)


def test_a_sweep_plays_every_cell_on_the_same_seeds() -> None:
    todo = runner.sweep(3, [1, 2], ["heuristic"], 4, LT, {"adventure": [1, 3], "difficulty": [2]})
    cells = [(s.players, dict(s.options)["adventure"]) for s in todo]
    assert cells == [(n, a) for n in (1, 2) for a in (1, 3) for _ in range(3)]
    assert [s.seed for s in todo[:3]] == [s.seed for s in todo[3:6]] == [runner.game_seed(4, i) for i in range(3)]
    assert todo[:3] == runner.specs(3, 1, ["heuristic"], 4, LT, {"adventure": 1, "difficulty": 2})


def test_a_record_tells_the_partys_result() -> None:
    [r] = runner.run(runner.specs(1, 2, ["heuristic"], 3, LT, {"adventure": 2, "difficulty": 3}))
    assert r["options"] == {"adventure": 2, "difficulty": 3} and (r["adventure"], r["stars"]) == (2, 3)
    assert r["won"] == bool(r["winners"]) and r["finished"]
    assert r["tasks_done"] == 3 if r["won"] else r["tasks_done"] < 3  # Dragon Hunt has three tasks
    json.dumps(r)


def test_the_party_success_per_cell_with_its_wilson_interval() -> None:
    def rec(adventure: int, players: int, won: bool) -> dict[str, object]:
        return {
            "adventure": adventure,
            "stars": 2,
            "players": players,
            "bots": ["search"] * players,
            "won": won,
            "turns": 20,
            "tasks_done": 2 if won else 1,
        }

    rs = [rec(1, 2, w) for w in (True, True, True, False)] + [rec(1, 3, False)] * 5 + [rec(4, 2, True)] * 10
    rows = analysis.party(rs)
    assert [(r["adventure"], r["players"], r["games"], r["wins"]) for r in rows] == [
        (1, 2, 4, 3),
        (1, 3, 5, 0),
        (4, 2, 10, 10),
    ]
    assert rows[0]["rate"] == 0.75 and (rows[0]["low"], rows[0]["high"]) == analysis.wilson(3, 4)
    assert rows[1]["low"] == 0.0 and 0.43 < rows[1]["high"] < 0.44  # 0 of 5
    assert rows[2]["high"] == pytest.approx(1.0) and 0.72 < rows[2]["low"] < 0.73  # 10 of 10
    assert rows[0]["tasks"] == 1.75


def test_simulate_sweeps_and_reports_the_partys_success(tmp_path, capsys) -> None:
    out, report = tmp_path / "lt.jsonl", tmp_path / "report"
    argv = ["simulate", "--modules", "legendary-tales", "--bot", "heuristic", "--games", "3", "--seed", "5"]
    argv += ["--option", "adventure=1..2", "--option", "difficulty=1", "--option", "difficulty=3"]
    argv += ["--players", "1,2", "--workers", "1", "--quiet", "--out", str(out), "--report", str(report)]
    assert main(argv) == 0
    recs = list(records.read(out))
    assert len(recs) == 2 * 2 * 2 * 3
    summary = json.loads((report / "summary.json").read_text())
    rows = summary["party"]
    assert len(rows) == 8 and all(r["games"] == 3 for r in rows)
    for r in rows:
        cell = [
            x for x in recs if (x["adventure"], x["stars"], x["players"]) == (r["adventure"], r["stars"], r["players"])
        ]
        wins = sum(x["won"] for x in cell)
        assert r["wins"] == wins and [r["low"], r["high"]] == list(analysis.wilson(wins, 3))
    page = (report / "index.html").read_text()
    assert "Party success by adventure, difficulty and party size" in page and "2: Dragon Hunt" in page
    assert (report / "party_success.png").stat().st_size > 0
    shown = capsys.readouterr().out
    assert "Party success" in shown and "Success rate per hero" in shown and "95% interval" in shown


def test_talisman_report_reads_a_legendary_run(tmp_path, capsys) -> None:
    out = tmp_path / "lt.jsonl"
    records.write(out, runner.run(runner.specs(4, 2, ["heuristic"], 1, LT, {"adventure": 3})))
    assert main(["report", str(out), "--out", str(tmp_path / "r")]) == 0
    assert "Party success" in capsys.readouterr().out


def test_sweep_values() -> None:
    assert parse_values("1..3,5", "x") == [1, 2, 3, 5]
    assert parse_sweep(["adventure=1,2", "adventure=2..4", "campaign=false"]) == {
        "adventure": [1, 2, 3, 4],
        "campaign": [False],
    }
    with pytest.raises(ConfigError, match="LOW <= HIGH"):
        parse_values("3..1", "--players")


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--players", "0..2"], "1 to 6 players"),
        (["--players", "two"], "--players is a whole number"),
        (["--players", "4..2"], "LOW <= HIGH"),
        (["--option", "adventure=1..9"], "cannot be 6"),
        (["--option", "adventure"], "NAME=VALUE"),
        (["--option", "adventure=1,,2"], "empty value"),
        (["--option", "colour=red"], "unknown option 'colour'"),
        (["--bot", "search:x"], "bad bot"),
    ],
)
def test_bad_flags_fail_in_one_line(tmp_path, capsys, flags: list[str], message: str) -> None:
    argv = ["simulate", "--modules", "legendary-tales", "--games", "1", "--quiet", "--out", str(tmp_path / "x.jsonl")]
    assert main(argv + flags) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x.jsonl").exists()
