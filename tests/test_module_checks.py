"""Loading a ruleset checks what content names against what its modules declare:
traits, hooks, Spell effects, verbs, hook points and decision kinds (issue 9, items 2 and 4)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from talisman import Game
from talisman.content.modules import Module, known_modules, register_module, unregister_module
from talisman.content.ruleset import ruleset_for
from talisman.engine.decision import Choice
from talisman.errors import ConfigError, ContentError

_names = count()


@pytest.fixture(autouse=True)
def _forget_the_test_modules() -> Iterator[None]:
    """The modules these tests register hold bad content on purpose: no other test may meet them."""
    yield
    for name in [n for n in known_modules() if n.startswith("test-checks-")]:
        unregister_module(name)


CARD = """
[card.odd-charm]
name = "Odd Charm"
deck = "adventure"
type = "object"
number = 4
{extra}
text = "Object. A test card."
"""


def module_with(tmp_path: Path, extra: str, **declare: Any) -> str:
    """A module of one card (``extra``: its TOML lines), registered under a fresh name."""
    name = f"test-checks-{next(_names)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "cards.toml").write_text(CARD.format(extra=extra))
    m = Module(name=name, title="Test", content_dir=folder)
    for trait, meaning in declare.get("traits", {}).items():
        m.trait(trait, meaning)
    for hook in declare.get("hooks", ()):
        m.hook(hook)(lambda g, seat, ctx: None)
    for kind, meaning in declare.get("decisions", {}).items():
        m.decision(kind, meaning)
    register_module(m)
    return name


def test_a_trait_no_module_declares_is_refused_with_the_file_and_the_entry(tmp_path):
    name = module_with(tmp_path, 'traits = ["teleport-on-7"]')
    with pytest.raises(ContentError, match=r"cards\.toml: card\.odd-charm\.traits: trait 'teleport-on-7'"):
        ruleset_for((name,))


def test_a_declared_trait_loads(tmp_path):
    name = module_with(tmp_path, 'traits = ["odd:2@out:dungeon"]', traits={"odd": "odd:N: a test trait"})
    rules = ruleset_for((name,))
    assert rules.traits["odd"] == "odd:N: a test trait" and "talisman" in rules.traits  # the engine's own


def test_a_trait_of_a_module_not_chosen_is_refused(tmp_path):
    name = module_with(tmp_path, 'traits = ["title-evil"]')  # the master levels' trait
    with pytest.raises(ContentError, match="title-evil"):
        ruleset_for((name,))
    assert ruleset_for((name, "master-levels")).traits["title-evil"]


def test_a_trait_named_by_an_effect_is_checked(tmp_path):
    name = module_with(tmp_path, 'use = [{ gain = { gold = 1 }, unless = { trait = "no-such-trait" } }]')
    with pytest.raises(ContentError, match="card.odd-charm.use: trait 'no-such-trait'"):
        ruleset_for((name,))


def test_a_hook_no_module_registers_is_refused(tmp_path):
    name = module_with(tmp_path, 'use = [{ hook = "no-such-hook" }]')
    with pytest.raises(ContentError, match="card.odd-charm.use: hook 'no-such-hook' is registered by no module"):
        ruleset_for((name,))
    assert (
        "odd-hook" in ruleset_for((module_with(tmp_path, 'use = [{ hook = "odd-hook" }]', hooks=["odd-hook"]),)).hooks
    )


def test_a_hook_of_a_module_not_played_may_wait_behind_a_module_condition(tmp_path):
    name = module_with(tmp_path, 'use = [{ hook = "kings-champion", if = { module = "master-levels" } }]')
    assert "kings-champion" not in ruleset_for((name,)).hooks
    assert "kings-champion" in ruleset_for((name, "master-levels")).hooks


def test_an_ability_at_an_undeclared_hook_point_is_refused():
    m = Module(name=f"test-checks-{next(_names)}", title="Test")
    m.ability("no-such-point")(lambda g, seat: None)
    register_module(m)
    with pytest.raises(ConfigError, match="'no-such-point', a hook point no module declares"):
        ruleset_for((m.name,))


def test_two_modules_may_not_give_one_hook_two_meanings():
    a, b = (Module(name=f"test-checks-{next(_names)}", title="Test") for _ in range(2))
    a.hook("same")(lambda g, seat, ctx: None)
    b.hook("same")(lambda g, seat, ctx: None)
    register_module(a)
    register_module(b)
    with pytest.raises(ConfigError, match="hook 'same'"):
        ruleset_for((a.name, b.name))


def test_a_module_verb_is_checked_and_run(tmp_path):
    name = f"test-checks-{next(_names)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "cards.toml").write_text(
        CARD.format(extra="on_draw = [{ tithe = 2 }]").replace('type = "object"', 'type = "event"')
    )
    m = Module(name=name, title="Test", content_dir=folder)

    def check_tithe(value: Any, path: str) -> None:
        if not isinstance(value, int):
            raise ContentError(f"{path}: a whole number of gold")

    @m.verb("tithe", check_tithe)
    def tithe(g: Any, seat: int, n: int, ctx: dict[str, Any]) -> None:
        g.players[seat].gold = max(0, g.players[seat].gold - n)

    register_module(m)
    rules = ruleset_for((name,))
    assert rules.verbs["tithe"].execute is tithe
    from talisman.testing import Scenario

    s = Scenario(["warrior", "wizard"], modules=(name,)).no_spells().at(0, "village").set(0, gold=3)
    s.at(1, "chapel").set(1, lost_turns=50).on_top("adventure", "Odd Charm")
    s.dice(1).start().choose("move:fields-1")
    assert s.player(0).gold == 1
    (folder / "cards.toml").write_text(CARD.format(extra='on_draw = [{ tithe = "two" }]'))
    ruleset_for.cache_clear()
    with pytest.raises(ContentError, match="a whole number of gold"):
        Game.new(["warrior"], modules=[name])
    ruleset_for.cache_clear()


WISH = 'use = [{ choose = { decision = "odd-wish", prompt = "Wish", options = [{ label = "Gold", do = [{ gain = { gold = 1 } }] }] } }]'


def test_a_decision_kind_no_module_declares_is_refused(tmp_path):
    name = module_with(tmp_path, WISH)
    with pytest.raises(ContentError, match="card.odd-charm.use: decision 'odd-wish' is declared by no module"):
        ruleset_for((name,))
    declared = module_with(tmp_path, WISH, decisions={"odd-wish": "a test wish"})
    assert ruleset_for((declared,)).decisions["odd-wish"] == "a test wish"


def test_rule_code_may_not_ask_an_undeclared_decision_kind():
    g = Game.new(["warrior", "wizard"], seed=1)
    before = g.state_hash()
    with pytest.raises(RuntimeError, match="decision kind 'no-such-kind' is declared by no module"):
        g.decide(0, "no-such-kind", "Which?", [Choice("a", "A"), Choice("b", "B")])
    assert g.state_hash() == before


def test_every_decision_kind_the_package_asks_is_declared_by_its_module_or_the_engine():
    """Each ``g.decide(seat, "kind", ...)`` in the package names a kind that the module owning the file
    declares, or the engine (the Cell's code, shared by the two Dungeons, is declared by each)."""
    package = Path(__file__).resolve().parents[1] / "talisman"
    engine = ruleset_for(()).decisions
    undeclared = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        declared = [engine]
        if parts[0] == "modules" and len(parts) > 2:
            owners = {"shared": ("dungeon-classic", "dungeon-4e")}.get(parts[1], (parts[1].replace("_", "-"),))
            declared = [ruleset_for((m,)).decisions for m in owners]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "decide":
                kind = node.args[1] if len(node.args) > 1 else None
                if isinstance(kind, ast.Constant) and not all(kind.value in d for d in declared):
                    undeclared.append(f"{path.relative_to(package)}:{node.lineno}: {kind.value!r}")
    assert not undeclared


def test_a_game_of_its_own_plays_without_talismans_core_and_mixes_with_no_other_game() -> None:
    """A module of another game on the same engine (Legendary Tales) resolves without the core game
    and the engine's Talisman vocabulary; naming it with a module of Talisman is refused."""
    from talisman.content.modules import game_of, played_modules, resolve_modules

    other = Module(name=f"test-checks-{next(_names)}", title="A game of its own", game="test-game")
    register_module(other)
    assert game_of((other.name,)) == "test-game"
    assert played_modules(["core", other.name]) == [other.name]
    assert [m.name for m in resolve_modules(("core", other.name))] == [other.name]
    assert played_modules(["city-classic"]) == ["core", "city-classic"]
    with pytest.raises(ConfigError, match="belong to different games"):
        resolve_modules((other.name, "city-classic"))
    needy = Module(
        name=f"test-checks-{next(_names)}", title="Needs Talisman", requires=("city-classic",), game="test-game"
    )
    register_module(needy)
    with pytest.raises(ConfigError, match="belongs to talisman, not to test-game"):
        resolve_modules((needy.name,))
