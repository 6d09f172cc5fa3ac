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


def _deep_condition(depth: int) -> str:
    nest = '{if = "hero-at", location = "pool"}'
    for _ in range(depth):
        nest = '{if = "all", of = [' + nest + "]}"
    return nest


FIRST_DONE = 'done = {if = "all", of = [{if = "on-scroll", token = "herbs", count = 3}, {if = "hero-with", token = "alchemist"}]}'


@pytest.mark.rules(CUSTOM)
@pytest.mark.parametrize(
    "change, message",
    [
        ((FIRST_DONE, "done = " + _deep_condition(300)), "nested too deep"),  # issue 37: a traceback in tomllib
        ((FIRST_DONE, "done = " + _deep_condition(20)), "conditions nested more than 8 deep"),
        (("stars = {1 = 0, 2 = 2, 3 = 4}", 'stars = "many"'), "stars: a table of start spaces by stars, not 'many'"),
        (("number = 8\n", f"number = {10**30}\n"), "number: a number of 31 digits (a custom adventure is numbered 6"),
        (("number = 8\n", f"number = 1{'0' * 5000}\n"), "cannot be read"),  # more digits than Python shows
        (("count = 3\n", "count = 100000000\n"), "count: 100000000 (a whole number from 1 to 20)"),
        (("count = 3\n", "count = true\n"), "count: True (a whole number from 1 to 20)"),
        (("[adventure.layout]", 'layout = "here"\n[adventure.elsewhere]'), "layout: a table of locations, not 'here'"),
        (("side1 = [", 'side1 = "long"\nxside1 = ['), "side1: a list of 2 to 40 spaces"),
        (('token = "herbs", count = 3}', 'token = "herbs", count = "three"}'), "count: a whole number from 1 to 200"),
        (('token = "herbs", count = 3}', 'token = ["herbs"], count = 3}'), "token: a token key, not ['herbs']"),
        (('then = [{do = "to-scroll", token = "talisman"}, {do = "win"}]', 'then = "win"'), "then: a list of action"),
    ],
)
def test_a_custom_adventure_of_the_wrong_shape_is_a_clear_error(tmp_path: Path, change, message) -> None:
    """Issue 37: the checker names what is wrong, whatever the file holds; never a traceback."""
    text = first_adventure_as(8, "Strange")
    assert change[0] in text, change[0]
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    r = talisman("adventure", str(bad), folder=tmp_path / "none")
    assert r.returncode == 2 and "Traceback" not in r.stderr and message in r.stderr, r.stderr


def _every_place(data, path=()):
    """Every key and index of a TOML document, as a path."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        yield (*path, k)
        yield from _every_place(v, (*path, k))


@pytest.mark.rules(CUSTOM)
def test_any_value_of_the_wrong_kind_anywhere_is_named_never_raised() -> None:
    data = tomllib.loads(first_adventure_as(8, "Strange"))
    wrong = ("many", -1, 10**30, [], {}, [1, 2], {"a": 1}, True, 1.5, [[]], [{}])
    for place in _every_place(data):
        for value in wrong:
            changed = json.loads(json.dumps(data))
            *outer, last = place
            at = changed
            for k in outer:
                at = at[k]
            at[last] = value
            authoring.problems(changed)  # (raised nothing)
