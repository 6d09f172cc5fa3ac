"""A module's declarations read from its module.toml (talisman.content.modules.declared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from talisman.content.modules import DECLARATION, declared, get_module
from talisman.content.ruleset import content_files
from talisman.content.state import StateKey, owner
from talisman.errors import ConfigError

GOOD = """\
[module]
name = "tiny"
title = "A tiny module"
requires = ["dungeon-characters"]

[option.tip]
default = 1
choices = [1, 2]
help = "What a tip costs."
labels = ["1 gold", "2 gold"]

[traits]
"tip-free" = "never tips"

[decisions]
tip = "whether to tip the innkeeper"

[option-args]
tip = "number"

[points]
on-tip = "asked as a tip is paid"

[feature.tip]
meaning = "a tip paid"
verbs = "tip"
kinds = ["tip", "choose"]
never_pays = "a gold for nothing"

[state.character.songs]
kind = "int"
meaning = "the songs heard"

[state.game."curse:*"]
kind = "record"
meaning = "a curse on a space"

[state.reads]
character = ["hold"]
"""


def write(folder: Path, text: str) -> Path:
    (folder / DECLARATION).write_text(text, encoding="utf-8")
    return folder


def test_every_declaration_of_the_file_is_on_the_module(tmp_path: Path) -> None:
    m = declared(write(tmp_path, GOOD))
    assert (m.name, m.title, m.requires, m.content_dir) == ("tiny", "A tiny module", ("dungeon-characters",), tmp_path)
    assert m.options["tip"].choices == (1, 2) and m.options["tip"].labels == ("1 gold", "2 gold")
    assert m.traits == {"tip-free": "never tips"} and m.decisions == {"tip": "whether to tip the innkeeper"}
    assert m.option_args == {"tip": "number"} and m.points == {"on-tip": "asked as a tip is paid"}
    tip = m.features["tip"]
    assert (tip.kinds, tip.verbs, tip.never_pays) == (("tip", "choose"), ("tip",), "a gold for nothing")
    assert m.state["character"]["songs"] == StateKey("tiny", "character", "songs", "int", "the songs heard")
    assert owner(m.state["game"], "curse:12") == m.state["game"]["curse:*"]
    assert m.reads == {"character": ("hold",)} and m.writes == {}


def test_options_found_as_the_module_loads_come_after_the_file_s(tmp_path: Path) -> None:
    extra = declared(write(tmp_path, GOOD)).options["tip"]
    m = declared(tmp_path, options_found={"tip-again": extra})
    assert list(m.options) == ["tip", "tip-again"]


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        (("[points]", "[point]"), 21, "unknown section"),
        (('verbs = "tip"', 'verb = "tip"'), 24, "unknown field 'verb'"),
        (('tip = "number"', 'tip = "card? number"'), 18, "a required argument after an optional one"),
        (('help = "What a tip costs."\n', ""), 6, "option.tip.help: a sentence saying what the option does"),
        (('"tip-free" = "never tips"', '"tip-free" = 3'), 12, "tip-free: expected its meaning"),
        (('title = "A tiny module"\n', ""), 1, "a name and a title"),
        (('verbs = "tip"\n', ""), 24, "names no option"),
        (('requires = ["dungeon-characters"]', 'requires = "dungeon-characters"'), 1, "expected a list"),
        (("choices = [1, 2]", "choices = 1"), 6, "option.tip.choices: a list of values"),
        (("default = 1", "default = 3"), 6, "option.tip.default: one of the choices, not 3"),
        (('labels = ["1 gold", "2 gold"]', 'labels = ["1 gold"]'), 6, "one label for each choice"),
        (('kind = "int"', 'kind = "number"'), 30, "state.character.songs.kind: one of bool, int"),
        (('meaning = "the songs heard"', 'meaning = ""'), 30, "state.character.songs.meaning: one line"),
        (('meaning = "the songs heard"', 'means = "the songs heard"'), 30, "expected a table of kind and meaning"),
        (("[state.character.songs]", "[state.character.Songs]"), 30, "a key is lowercase letters"),
        (("[state.reads]", "[state.uses]"), 38, "unknown part 'uses'"),
        (('character = ["hold"]', 'character = "hold"'), 38, "character: expected a list of keys"),
        (('character = ["hold"]', 'seat = ["hold"]'), 38, "expected a table of game and character"),
    ],
)
def test_a_malformed_file_is_refused_with_its_file_and_line(
    tmp_path: Path, change: tuple[str, str], line: int, says: str
) -> None:
    write(tmp_path, GOOD.replace(*change))
    with pytest.raises(ConfigError) as e:
        declared(tmp_path)
    assert str(e.value).startswith(f"{tmp_path / DECLARATION}:{line}: ") and says in str(e.value)


def test_a_file_that_is_not_toml_is_refused_with_its_line(tmp_path: Path) -> None:
    write(tmp_path, GOOD.replace("[decisions]", "[decisions"))
    with pytest.raises(ConfigError, match=r"module\.toml:15: not valid TOML: "):
        declared(tmp_path)


def test_the_declarations_are_not_content() -> None:
    core = get_module("core")
    assert (core.content_dir / DECLARATION).is_file()
    assert all(p.name != DECLARATION for p in content_files(core))
