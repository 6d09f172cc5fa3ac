"""The base game's content is complete, and bad content is refused clearly."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from talisman.content.loader import RawContent, load_file
from talisman.content.ruleset import ruleset_for
from talisman.errors import ContentError

RULES = ruleset_for(("core",))

OUTER = (
    "village fields-1 graveyard woods-1 sentinel hills-1 chapel fields-2 crags plains-1 woods-2 fields-3 city "
    "fields-4 hills-2 plains-2 woods-3 plains-3 tavern fields-5 ruins plains-4 forest fields-6"
).split()
MIDDLE = (
    "portal-of-power black-knight hidden-valley hills-3 cursed-glade runes-1 chasm runes-2 warlocks-cave "
    "desert-1 oasis desert-2 temple woods-4 runes-3 castle"
).split()
INNER = "plain-of-peril mines vampires-tower pits valley-of-fire werewolf-den death crypt".split()


def test_board_has_the_fourth_edition_spaces_in_order():
    assert list(RULES.regions["outer"].ring) == OUTER
    assert list(RULES.regions["middle"].ring) == MIDDLE
    assert list(RULES.regions["inner"].ring) == INNER
    assert list(RULES.regions["crown"].ring) == ["crown-of-command"]
    assert len(RULES.spaces) == 49


def test_deck_sizes():
    sizes = {deck: len(ids) for deck, ids in RULES.decks.items()}
    assert sizes == {"adventure": 104, "spell": 24, "purchase": 28, "talisman": 4}


def test_adventure_deck_by_type():
    by_type = Counter(RULES.instances[c].type for c in RULES.decks["adventure"])
    assert by_type == {
        "enemy": 29,
        "event": 13,
        "follower": 13,
        "magic-object": 13,
        "object": 19,
        "stranger": 8,
        "place": 9,
    }


def test_purchase_stock_counts():
    names = Counter(RULES.instances[c].name for c in RULES.decks["purchase"])
    assert names == {
        "Armour": 4,
        "Axe": 4,
        "Helmet": 4,
        "Mule": 4,
        "Raft": 1,
        "Shield": 4,
        "Sword": 3,
        "Water Bottle": 4,
    }


def test_fourteen_base_characters():
    assert len(RULES.characters) == 14
    assert RULES.characters["warrior"].craft == 2
    assert {k for k, c in RULES.characters.items() if c.size != "M"} == {"dwarf", "ghoul", "troll"}


def test_every_hook_named_by_content_exists():
    def hooks_in(effects):
        for e in effects:
            for k, v in e.items():
                if k == "hook":
                    yield v
                elif isinstance(v, dict):
                    for sub in ("on_win", "on_lose", "on_standoff", "success", "failure"):
                        yield from hooks_in(v.get(sub, ()))
                    for row in v.get("rows", ()):
                        yield from hooks_in(row.get("do", ()))
                    for opt in v.get("options", ()):
                        yield from hooks_in(opt.get("do", ()))

    named = set()
    for s in RULES.spaces:
        named |= set(hooks_in(s.encounter + s.on_enter + s.before_draw))
    for c in RULES.cards.values():
        named |= set(hooks_in(c.on_encounter + c.on_draw + c.use + tuple(c.cast.get("do", ()))))
        if c.type == "spell" and "hook" in c.cast:
            assert c.cast["hook"] in RULES.spell_effects, c.name
    assert named <= set(RULES.hooks), named - set(RULES.hooks)


def test_every_verb_has_an_executor():
    from talisman.content.vocabulary import VERBS
    from talisman.engine.effects import EXECUTORS

    assert set(VERBS) == set(EXECUTORS)


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '[card.x]\nname = "X"\ndeck = "adventure"\ntype = "enemy"\nstrength = "lots"\ntext = "t"\n',
            "card.x.strength: expected a whole number",
        ),
        ('[card.x]\nname = "X"\ndeck = "adventure"\ntype = "enemy"\n', "card.x: missing field 'text'"),
        ('[card.x]\nname = "X"\ndeck = "adventure"\ntype = "weapon"\ntext = "t"\n', "card.x.type: expected one of"),
        (
            '[card.x]\nname = "X"\ndeck = "adventure"\ntype = "event"\ntext = "t"\non_encounter = [{ teleport_home = 1 }]\n',
            "unknown effect 'teleport_home'",
        ),
        (
            '[card.x]\nname = "X"\ndeck = "adventure"\ntype = "event"\ntext = "t"\non_encounter = [{ gain = { luck = 1 } }]\n',
            "unknown attribute 'luck'",
        ),
        (
            '[card.x]\nname = "X"\ndeck = "adventure"\ntype = "event"\ntext = "t"\non_encounter = [{ roll = { dice = "D6+", rows = [] } }]\n',
            "dice",
        ),
        ('[card.x]\nname = "X"\ndeck = "adventure"\ntype = "event"\ntext = "t"\nwings = 2\n', "unknown field 'wings'"),
        ('[space.x]\nname = "X"\n', "space.x: missing field 'kind'"),
        ("[card.x\n", "not valid TOML"),
        ('[monster.x]\nname = "X"\n', "unknown section [monster]"),
    ],
)
def test_bad_content_names_file_and_entry(tmp_path: Path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        load_file(path, RawContent(), "testmod/bad.toml")
    assert "testmod/bad.toml" in str(err.value)
    assert message in str(err.value)


def test_duplicate_ids_are_refused(tmp_path: Path):
    path = tmp_path / "dup.toml"
    path.write_text('[card.bear]\nname = "Bear"\ndeck = "adventure"\ntype = "enemy"\ntext = "t"\n')
    raw = RawContent()
    load_file(path, raw, "a.toml")
    with pytest.raises(ContentError, match="duplicate id"):
        load_file(path, raw, "b.toml")


def test_inventory_copy_matches_the_shared_original():
    shared = Path(__file__).resolve().parents[2] / "shared" / "rules" / "inventory.yaml"
    if not shared.exists():
        pytest.skip("the shared inventory is not beside this checkout")
    mine = Path(__file__).resolve().parents[1] / "rules" / "inventory.yaml"
    assert mine.read_text() == shared.read_text()


def last_line(*lines: str) -> str:
    """What a fresh Python process running these lines prints last (a fresh process: nothing else
    this test run built or left is counted)."""
    out = subprocess.run(
        [sys.executable, "-c", "import gc\n" + "\n".join(lines)], capture_output=True, text=True, check=True
    )
    return out.stdout.strip().splitlines()[-1]


def test_a_ruleset_built_freezes_no_garbage():
    """Once the program asks for it (``freeze_rulesets``), a ruleset built is frozen out of the
    collector's sight: garbage frozen with it (the build's recursive helpers make some) would be
    kept for ever."""
    collected = last_line(
        "from talisman.content.ruleset import freeze_rulesets, ruleset_for",
        "freeze_rulesets()",
        "before = gc.get_freeze_count()",
        "ruleset_for(('core', 'roster', 'endings'))",
        "assert gc.get_freeze_count() > before + 1_000",
        "gc.unfreeze()",
        "print(gc.collect())",
    )
    assert collected == "0"


def test_a_library_call_freezes_nothing():
    """Building a ruleset is no choice about the process: only its program freezes (``freeze_rulesets``)."""
    frozen = last_line(
        "from talisman.content.ruleset import ruleset_for",
        "ruleset_for(('core', 'roster'))",
        "print(gc.get_freeze_count())",
    )
    assert frozen == "0"


def test_the_command_line_freezes_its_rulesets():
    frozen = last_line(
        "from talisman.cli.main import main",
        "main(['play', '--seat', '?=random', '--max-turns', '1', '--quiet', '--plain', '--seed', '1'])",
        "print(gc.get_freeze_count() > 10_000)",
    )
    assert frozen == "True"
