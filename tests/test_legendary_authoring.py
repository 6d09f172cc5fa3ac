"""Custom Legendary Tales adventures (002 invites players to invent their own): every adventure
file is checked before play, a folder of custom ones is offered as adventures 6 and more, and
``talisman adventure FILE`` checks one for its author."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from talisman.modules.legendary_tales import authoring
from talisman.modules.legendary_tales.catalogue import catalogue

CUSTOM = "legendary-tales.custom-adventures"


def first_adventure_as(number: int, title: str) -> str:
    text = (authoring.DATA / "adventure-1.toml").read_text(encoding="utf-8")
    return text.replace("number = 1\n", f"number = {number}\n", 1).replace(
        'title = "The Curse of the Fairies"', f'title = "{title}"', 1
    )


BROKEN = """
[adventure]
number = 7
title = "Broken"
start = "nowhere"
paths = [["pool", "pool"]]
layout = {}
track = {side1 = ["1"], side2 = ["1", "moon"], stars = {1 = 0, 2 = 0, 3 = 0}}
[[token]]
key = "imp"
name = "Imp"
icons = ["laser"]
[[step]]
story = "An imp."
task = "Beat it."
done = {if = "eliminated", token = "ghost"}
then = [{do = "explode"}, {do = "place", tokens = ["imp", "imp"], at = ["pool"]}]
"""


def talisman(*args: str, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TALISMAN_LT_ADVENTURES": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "talisman", *args], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.rules(CUSTOM)
def test_the_five_adventures_pass_the_checks_a_custom_one_must_pass() -> None:
    for n in range(1, 6):
        path = authoring.DATA / f"adventure-{n}.toml"
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert authoring.problems(data, builtin=True) == [], path
        assert authoring.problems(data) != []  # numbered 1-5: not a custom number


@pytest.mark.rules(CUSTOM)
def test_each_problem_of_a_broken_adventure_is_named() -> None:
    found = "; ".join(authoring.problems(tomllib.loads(BROKEN)))
    for words in (
        "start: unknown location 'nowhere'",
        "paths: ['pool', 'pool']",
        "each of the 12 locations",
        "side1",
        "icons: unknown icon 'laser'",
        "no token has the key 'ghost'",
        "unknown action 'explode'",
        "'imp' named 2 times, 1 such token",
        "as many locations (at) as tokens",
        'no step does "win"',
    ):
        assert words in found, words


@pytest.mark.rules(CUSTOM)
def test_a_custom_adventure_in_the_folder_is_offered_and_played_to_its_end(tmp_path: Path) -> None:
    (tmp_path / "lantern.toml").write_text(first_adventure_as(6, "The Lost Lantern"), encoding="utf-8")
    (tmp_path / "broken.toml").write_text(BROKEN, encoding="utf-8")
    played = talisman(
        "play", "--modules", "legendary-tales", "--option", "adventure=6", "--seat", "?=heuristic",
        "--seat", "?=heuristic", "--plain", "--seed", "3", folder=tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "The Lost Lantern" in played.stdout and "Game over" in played.stdout
    broken = talisman("play", "--modules", "legendary-tales", "--option", "adventure=7", "--plain", folder=tmp_path)
    assert broken.returncode == 2 and "broken.toml" in broken.stderr and "Traceback" not in broken.stderr
    alone = talisman(
        "play", "--modules", "legendary-tales", "--option", "adventure=6", "--option", "campaign=true",
        "--plain", folder=tmp_path,
    )  # fmt: skip
    assert alone.returncode == 2 and "a custom one is played alone" in alone.stderr
    # the built-in tokens keep their numbers beside a custom adventure (saves stay good)
    code = (
        "import json; from talisman.modules.legendary_tales.catalogue import catalogue as c; "
        "print(json.dumps([c().adventure_tokens[n] for n in range(1, 6)]))"
    )
    env = {**os.environ, "TALISMAN_LT_ADVENTURES": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert json.loads(out) == [catalogue().adventure_tokens[n] for n in range(1, 6)]


@pytest.mark.rules(CUSTOM)
def test_talisman_adventure_checks_files_for_their_author(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(first_adventure_as(8, "The Good One"), encoding="utf-8")
    bad.write_text(BROKEN, encoding="utf-8")
    ok = talisman("adventure", str(good), folder=tmp_path / "none")
    assert ok.returncode == 0 and "ok: adventure 8" in ok.stdout
    both = talisman("adventure", str(good), str(bad), str(tmp_path / "missing.toml"), folder=tmp_path / "none")
    assert both.returncode == 2 and "Traceback" not in both.stderr
    assert "bad.toml" in both.stderr and "missing.toml" in both.stderr
