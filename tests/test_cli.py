"""The ``talisman`` command: play (bots and a scripted human), replay, rules."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from talisman.cli.main import main
from talisman.engine import save as saves

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "talisman.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_bots_only_game_runs_to_the_end(tmp_path):
    save = tmp_path / "g.json"
    r = run(
        "play",
        "--seat",
        "Troll=heuristic",
        "--seat",
        "?=heuristic",
        "--seat",
        "Elf=random",
        "--seed",
        "3",
        "--save",
        str(save),
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    assert "wins after" in r.stdout or "stops after" in r.stdout
    assert json.loads(save.read_text())["format"] == "talisman-save"


def test_human_seat_plays_from_the_keyboard(tmp_path):
    save = tmp_path / "h.json"
    r = run(
        "play",
        "--seat",
        "Warrior=human",
        "--seat",
        "Wizard=heuristic",
        "--seed",
        "5",
        "--max-turns",
        "6",
        "--save",
        str(save),
        stdin="1\n" * 400,
    )
    assert r.returncode == 0, r.stderr
    assert "your choice" in r.stdout
    assert "The Warrior" in r.stdout  # the acting character's sheet
    assert "Turn" in r.stdout  # the board position table
    assert run("replay", str(save)).returncode == 0


def test_a_standing_answer_is_not_asked_and_the_game_is_the_same(tmp_path):
    game = ["play", "--seat", "Warrior=human", "--seat", "Wizard=heuristic", "--seed", "5", "--max-turns", "6"]
    asked = run(*game, "--save", str(tmp_path / "a.json"), stdin="1\n" * 400)  # 1: keep every roll
    spared = run(*game, "--save", str(tmp_path / "b.json"), "--standing", "no-fate", stdin="1\n" * 400)
    assert asked.returncode == 0 and spared.returncode == 0, spared.stderr
    assert "Spend 1 Fate to roll again?" in asked.stdout and "Spend 1 Fate to roll again?" not in spared.stdout
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("a.json", "b.json"))
    assert a["actions"] == b["actions"] and a["state_hash"] == b["state_hash"]
    assert run(*game, "--standing", "never-lose").returncode != 0


def test_human_can_quit_and_bad_input_is_asked_again(tmp_path):
    r = run("play", "--seat", "Warrior=human", "--seat", "Wizard=heuristic", "--seed", "5", stdin="banana\n99\nq\n")
    assert r.returncode == 0
    assert r.stdout.count("Please answer with a number") == 2
    assert "You leave the game" in r.stdout


@pytest.mark.rules("core.setup.choose-characters")
def test_people_choose_their_characters_at_the_start(tmp_path):
    save = tmp_path / "c.json"
    # seat 1 asks for the Warrior (seat 2's), then for nothing offered, then takes the Elf by name;
    # seat 3 takes the first one left (the Assassin) by number; then seat 1 leaves at its first decision
    r = run(
        "play",
        "--seat",
        "choose=human",
        "--seat",
        "Warrior=heuristic",
        "--seat",
        "choose=human",
        "--seat",
        "?=random",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin="warrior\n99\nelf\n1\nq\n",
    )
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.split("Seat 1 plays the Elf.")
    assert "Seat 1: the characters you may choose" in first and "Seat 3: the characters" in second
    assert "Elf: Strength 3, Craft 4, Fate 3, Lives 4, good, starts at the Forest" in first
    assert "- You need not roll in the Forest." in first  # the abilities, in full
    assert "Warrior:" not in first and "Elf:" not in second  # only the free characters
    assert first.count("Please answer with a number from 1 to 13 or the name") == 2
    assert "Seat 3 plays the Assassin." in second
    assert "Seat 1: the Elf (human)" in second and "Seat 3: the Assassin (human)" in second
    config = json.loads(save.read_text())["config"]
    assert config["characters"] == ["elf", "warrior", "assassin", None] and config["seed"] == 5
    dealt = saves.replay(saves.read(save)).players[3].character
    assert dealt not in ("elf", "warrior", "assassin")  # dealt from the others


def test_a_person_may_leave_instead_of_choosing():
    r = run("play", "--seat", "choose=human", "--seat", "?=random", stdin="q\n")
    assert r.returncode == 0 and "You leave the game." in r.stdout and "A new game" not in r.stdout


def test_replay_reports_a_tampered_save(tmp_path):
    save = tmp_path / "g.json"
    assert (
        run(
            "play",
            "--seat",
            "?=random",
            "--seat",
            "?=random",
            "--seed",
            "8",
            "--max-turns",
            "10",
            "--save",
            str(save),
            "--quiet",
        ).returncode
        == 0
    )
    data = json.loads(save.read_text())
    data["state_hash"] = "deadbeef"
    save.write_text(json.dumps(data))
    r = run("replay", str(save))
    assert r.returncode == 1
    assert "does not reproduce" in r.stderr


def test_replay_reports_a_malformed_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    r = run("replay", str(bad))
    assert r.returncode == 1 and "not valid JSON" in r.stderr
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.returncode == 1 and "cannot read" in r.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--seat", "Warrior"], "CHARACTER=CONTROLLER"),
        (["play", "--seat", "Warrior=wizardly"], "unknown controller"),
        (["play", "--seat", "Dragonlord=human"], "unknown character"),
        (["play", "--seat", "choose=heuristic"], "only a person chooses"),
        (
            ["play", "--seat", "choose=human", "--option", "fate=sometimes"],
            "is true or false, not 'sometimes'",
        ),  # checked before choosing
        (["play", "--modules", "atlantis", "--seat", "?=random"], "unknown module"),
        (["play", "--seat", "?=random", "--option", "fate=sometimes"], "is true or false, not 'sometimes'"),
        (["play", "--seat", "?=random", "--option", "fate=1"], "is true or false, not 1"),  # by type: 1 is not true
        (["play", "--seat", "?=random", "--max-turns", "-1"], "--max-turns must be at least 1"),
        (["play", "--seat", "?=random", "--modules", ""], "--modules is a comma-separated list"),
        (["play", "--seat", "?=random", "--modules", "endings,,roster"], "--modules is a comma-separated list"),
        (["play", "--seat", "?=random", "--seed", "-1"], "the seed must be a whole number from 0"),
        (["play", "--seat", "?=random", "--save", "/no/such/folder/g.json"], "there is no folder"),
        (["play", "--seat", "?=random", "--save", "."], "it is a folder"),
        (["play", "--load", "g.json", "--modules", "city-classic"], "leave out --modules with --load"),  # issue 37
        (["play", "--load", "g.json", "--seed", "3", "--option", "fate=false"], "leave out --seed and --option"),
        (["simulate", "--max-turns", "0", "--out", "x.jsonl"], "--max-turns must be at least 1"),
        (["simulate", "--modules", " ", "--out", "x.jsonl"], "--modules is a comma-separated list"),
        (["fuzz", "--seconds", "nan"], "--seconds a number above 0, not nan"),  # issue 37: nan was no limit
        (["fuzz", "--seconds", "inf"], "--seconds a number above 0, not inf"),
        (["fuzz", "--seconds", "0"], "--seconds a number above 0"),
        (["fuzz", "--with", "atlantis"], "unknown module 'atlantis'"),
        (["fuzz", "--progress", "nan"], "--progress must be a number of seconds above 0"),
        (["fuzz", "--with", "dungeon-4e", "--with", "dungeon-classic"], "cannot be played together"),
    ],
)
def test_bad_arguments_are_clear_errors(args, message, capsys):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_every_subcommand_has_help():
    for sub in ("play", "replay", "rules"):
        r = run(sub, "--help")
        assert r.returncode == 0 and "usage" in r.stdout


def test_rules_coverage_lists_every_module():
    r = run("rules", "--coverage")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    for module in ("core", "movement", "combat", "worlds", "legendary-tales"):
        assert any(line.startswith(f"{module} ") and "/" in line for line in lines)
    counts = [re.fullmatch(r"\S+ (\d+)/(\d+)(?:  \(\+(\d+) descriptive\))?", line) for line in lines if "/" in line]
    complete = all(m and int(m[1]) + int(m[3] or 0) == int(m[2]) for m in counts)
    assert ("missing: none" in r.stdout) == complete and "missing:" in r.stdout
    r = run("rules", "--missing", "combat")
    assert r.returncode == 0
    assert all(line.startswith("combat.") for line in r.stdout.splitlines())


def test_descriptive_rules_are_counted_apart_never_as_tested():
    from talisman.cli.coverage import load_descriptive, module_coverage

    rules = ["core.strength.definition", "core.strength.total", "core.strength.zero-loses-life"]
    tested = {"core.strength.definition": ["t.py"], "core.strength.total": ["t.py"]}
    assert module_coverage(rules, tested, {"core.strength.definition": "a story"}) == (
        1,
        1,
        ["core.strength.zero-loses-life"],
    )
    descriptive = load_descriptive()
    for rule in ("core.play-outline", "core.possessions.definition", "dungeon-4e.char.gypsy"):
        assert rule in descriptive
    lore = next(line for line in run("rules", "--coverage").stdout.splitlines() if line.startswith("dungeon-4e "))
    assert "(+5 descriptive)" in lore


def a_save(tmp_path: Path) -> dict:
    from talisman import Game

    g = Game.new(["troll", "elf"], seed=3)
    g.apply(g.decision.ids[0])
    return g.save()


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe{\x00}\x00", "not UTF-8 text"),  # UTF-16 with its byte order mark
        ("{}".encode("utf-16"), "not UTF-8 text"),
        (b"\x80\x81 not text", "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "talisman-save", "seed": ' + b"9" * 5000 + b"}", "not a save"),
        (b"[1, 2, 3]", "a save must be a JSON object"),
    ],
)
def test_replay_refuses_bad_files_with_a_reason_never_a_traceback(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda s: s["config"].update(modules=[["core"]]), "modules must be names"),
        (lambda s: s["config"].update(modules=[{"a": 1}]), "modules must be names"),
        (lambda s: s["config"].update(characters=[["troll"], "elf"]), "characters must be names"),
        (lambda s: s["config"].update(characters=[{"x": 1}, "elf"]), "characters must be names"),
        (lambda s: s["config"].update(seed=2**70), "the seed must be a whole number from 0"),
        (lambda s: s["config"].update(seed=True), "no valid 'seed'"),
        (lambda s: s["config"].update(options={"fate": 1}), "is true or false, not 1"),
        (lambda s: s.update(version=True), "unsupported save version"),
        (lambda s: s.update(result={"winners": [0], "how": "by cheating", "turn": 1}), "the save says the game ended"),
        (lambda s: s.update(result=[1]), "result must be null or a table"),
        (lambda s: s.pop("result"), "the save has no result"),
    ],
)
def test_replay_checks_every_part_of_a_save(tmp_path, capsys, mutate, message):
    save = a_save(tmp_path)
    mutate(save)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(save))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_save_is_written_atomically_relative_to_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save = a_save(tmp_path)
    saves.write("g.json", save)
    assert json.loads((tmp_path / "g.json").read_text()) == save
    real = json.dump

    def crash(*args, **kwargs):
        real({"half": "a save"}, args[1])
        raise OSError("the disk is full")

    monkeypatch.setattr(json, "dump", crash)
    with pytest.raises(OSError):
        saves.write("g.json", {**save, "actions": []})
    assert json.loads((tmp_path / "g.json").read_text()) == save  # the old save is whole
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # and no half-written file is left
