"""The state each module keeps, as its module.toml declares it (talisman.content.state): one owner
per key, code that touches only the keys its module owns or says it reads or sets, content that
names only declared keys, and games of every module whose state holds declared keys only."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import talisman_example
from state_uses import Use, constants, uses

from talisman import Game
from talisman.bots import make_bot
from talisman.content.modules import Module, get_module, known_modules, resolve_modules
from talisman.content.ruleset import content_files
from talisman.content.state import SCOPES, StateKey, owner
from talisman.engine.base import ENGINE
from talisman.errors import SaveError

ROOT = Path(__file__).resolve().parents[1]
# The places that work a key out rather than name it, and where the keys they may touch are declared.
WORKED_OUT = {
    (
        "talisman/engine/effects.py",
        "_status",
    ): "the status verb: content names the key (test_content_names_declared_keys)",
    (
        "talisman/engine/effects.py",
        "_timed",
    ): "the timed verb: content names the key (test_content_names_declared_keys)",
    (
        "talisman/engine/movement.py",
        "_clear_status",
    ): "the clear_status frame: its makers name the key (frames.clear_status)",
    (
        "talisman/engine/abilities.py",
        "awake",
    ): "the keys that wake a reaction: its module names them beside it (test_waking checks them declared)",
    ("talisman/engine/stats.py", "helper_strength"): "the engine's charmed and raised",
    ("talisman/engine/stats.py", "set_status"): "the setter of derived keys: its callers name the key",
    ("talisman/engine/stats.py", "set_global"): "the setter of derived keys: its callers name the key",
    (
        "talisman/engine/turn.py",
        "expire_globals",
    ): "every timed effect of the game: whatever counts down by a seat's turns",
    ("talisman/modules/core/abilities.py", "_adopt"): "charmed or raised, which core declares it sets",
    ("talisman/modules/endings/boss.py", "lives_of"): "a boss's pool of lives: endings' demon-lord",
    ("talisman/modules/endings/boss.py", "_set_lives"): "a boss's pool of lives: endings' demon-lord",
}


def every_module() -> list[Module]:
    """The engine and every module known (the example module among them, which conftest registers)."""
    found = {m.name: m for m in (ENGINE, *(get_module(n) for n in known_modules()), talisman_example.MODULE)}
    return list(found.values())


def folder_of(m: Module) -> Path | None:
    return m.content_dir.resolve() if m.content_dir is not None else None


def declarations() -> dict[str, dict[str, StateKey]]:
    """Every key any module declares, by scope."""
    out: dict[str, dict[str, StateKey]] = {scope: {} for scope in SCOPES}
    for m in every_module():
        for scope in SCOPES:
            out[scope].update(m.state[scope])
    return out


@cache
def code_uses() -> list[tuple[Module, Use]]:
    """Every place the package's code (and the example module's) reads or sets a key, with the module
    whose code it is (the engine's: every file outside a module's own folder)."""
    files = sorted((ROOT / "talisman").rglob("*.py")) + sorted((ROOT / "examples").rglob("*.py"))
    named = constants(files)
    folders = [(f, m) for m in every_module() if (f := folder_of(m)) is not None]
    found = []
    for path in files:
        module = next((m for f, m in folders if f in path.resolve().parents), ENGINE)
        found += [(module, use) for use in uses(path, named)]
    return found


def test_each_key_has_one_owner():
    seen: dict[tuple[str, str], str] = {}
    for m in every_module():
        for scope in SCOPES:
            for name in m.state[scope]:
                assert (scope, name) not in seen, f"{scope} key {name!r}: declared by {seen[scope, name]} and {m.name}"
                seen[scope, name] = m.name
    for (scope, name), first in seen.items():
        family = [k for (s, k) in seen if s == scope and k != name and k.endswith(":*") and name.startswith(k[:-1])]
        assert not family, f"{scope} key {name!r} of {first} is one of the family {family[0]!r}"


def test_a_module_reads_or_sets_only_keys_other_modules_declare():
    every = declarations()
    for m in every_module():
        for use in (m.reads, m.writes):
            for scope, keys in use.items():
                for key in keys:
                    found = owner(every[scope], key)
                    assert found is not None, f"{m.name} names the {scope} key {key!r}, which no module declares"
                    assert found.module != m.name, f"{m.name} names its own {scope} key {key!r} as another's"


def test_code_touches_only_the_keys_its_module_owns_or_names():
    every = declarations()
    wrong = []
    for m, use in code_uses():
        where = f"{use.path.relative_to(ROOT)}:{use.line}"
        if use.key is None:
            if (str(use.path.relative_to(ROOT)), use.function) not in WORKED_OUT:
                wrong.append(f"{where}: a {use.scope} key worked out where no test follows it")
            continue
        found = owner(every[use.scope], use.key)
        if found is None:
            wrong.append(f"{where}: the {use.scope} key {use.key!r} is declared by no module")
        elif found.module != m.name:
            allowed = (
                m.writes.get(use.scope, ()) if use.sets else (*m.reads.get(use.scope, ()), *m.writes.get(use.scope, ()))
            )
            if found.name not in allowed:
                how = "sets" if use.sets else "reads"
                wrong.append(f"{where}: {m.name} {how} {found.module}'s {use.scope} key {use.key!r} without saying so")
    assert not wrong, "\n".join(wrong)


def test_every_declared_key_is_touched_somewhere():
    touched = {(use.scope, use.key) for _, use in code_uses() if use.key is not None}
    touched |= {("character", n) for n in content_names("status", "name")}
    touched |= {("game", n) for n in content_names("timed", "effect")}
    touched |= {("character", k) for k in ("charmed", "raised")}  # (core's _adopt, the engine's helper_strength)
    unused = [
        f"{m.name}: {scope} key {key.name!r}"
        for m in every_module()
        for scope in SCOPES
        for key in m.state[scope].values()
        if not any(s == scope and k is not None and key.matches(k) for s, k in touched)
    ]
    assert not unused, "declared but never touched: " + ", ".join(unused)


def test_a_module_names_only_the_keys_of_others_its_code_touches():
    touched: dict[str, set[tuple[str, str, bool]]] = {}
    for m, use in code_uses():
        if use.key is not None:
            touched.setdefault(m.name, set()).add((use.scope, use.key, use.sets))
    touched.setdefault("core", set()).add(("character", "charmed", True))  # (its _adopt works the key out)
    stale = [
        f"{m.name} {how} the {scope} key {key!r}, which its code no longer touches"
        for m in every_module()
        for how, named in (("reads", m.reads), ("writes", m.writes))
        for scope, keys in named.items()
        for key in keys
        if not any(s == scope and k == key and (sets or how == "reads") for s, k, sets in touched.get(m.name, ()))
    ]
    assert not stale, "\n".join(stale)


def content_names(verb: str, field: str) -> set[str]:
    """The keys the content of every module names in its effects ``verb = { field = ... }``."""
    import tomllib

    def walk(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            found = value.get(verb)
            if isinstance(found, dict) and isinstance(found.get(field), str):
                yield found[field]
            for v in value.values():
                yield from walk(v)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v)

    names: set[str] = set()
    for m in every_module():
        for path in content_files(m):
            names.update(walk(tomllib.loads(path.read_text(encoding="utf-8"))))
    return names


def test_content_names_declared_keys():
    every = declarations()
    for scope, verb, field in (("character", "status", "name"), ("game", "timed", "effect")):
        for name in content_names(verb, field):
            assert owner(every[scope], name) is not None, (
                f"content names the {scope} key {name!r}: no module declares it"
            )


SAVES = ROOT / "tests" / "fixtures" / "saves"


def test_a_save_and_a_snapshot_made_before_the_declarations_load():
    """Made at the commit before the state was declared: 600 actions of a game of the classic City's
    modules, whose characters had been held, wanted by a Warrant, released by the Law and killed."""
    save = json.loads((SAVES / "made-before-the-declared-state.json").read_text())
    g = Game.load(save)  # checks that the replay reproduces the saved state hash
    snapshot = Game.from_state_dict(json.loads((SAVES / "snapshot-before-the-declared-state.json").read_text()))
    assert snapshot.state_hash() == g.state_hash() == save["state_hash"]


GAMES = [((name,), {}) for name in known_modules()] + [
    (
        ("city-classic", "timescape", "emperors-guard", "brotherhood", "disasters", "optional-rules", "master-levels"),
        {},
    ),
    (("catacombs", "airships", "city-districts", "dungeon-4e", "roster", "endings"), {}),
    (("dungeon-classic", "endings", "wizards-tower", "master-levels", "roster"), {}),
    (("worlds",), {"worlds-quests": True}),
    (("example",), {}),
]


@pytest.mark.parametrize(("modules", "options"), GAMES, ids=["+".join(m) for m, _ in GAMES])
def test_a_game_keeps_only_declared_keys_of_their_kinds(modules: tuple[str, ...], options: dict[str, object]):
    every = declarations()
    for seed in range(2):
        g = Game.new(players=3, modules=modules, options=dict(options), seed=seed, log=False)
        played = resolve_modules(g.config.modules)
        keeps: dict[str, dict[str, StateKey]] = {scope: {} for scope in SCOPES}
        for m in played:
            for scope in SCOPES:
                keeps[scope].update(m.state[scope])
        sets = {scope: {k for m in played for k in m.writes.get(scope, ())} for scope in SCOPES}
        bots = [make_bot("random", seed * 7 + i) for i in range(len(g.players))]
        for _ in range(400):
            if g.is_over:
                break
            kept = [("game", *kv) for kv in g.globals.items()]
            kept += [("character", *kv) for p in g.players for kv in p.status.items()]
            for scope, key, value in kept:
                # (a key a module of the game sets, though its owner is not played: the City's released)
                found = owner(keeps[scope], key) or (owner(every[scope], key) if key in sets[scope] else None)
                assert found is not None, (
                    f"{modules} seed {seed}: the {scope} key {key!r} belongs to no module of the game"
                )
                assert found.fits(value), f"{modules} seed {seed}: {scope} {key!r} is {value!r}, not {found.kind}"
            d = g.decision
            g.apply(bots[d.player].choose(g.view(d.player), d))


# What a character's derived values read beside its statuses (talisman.engine.stats): a module changes
# these only through the engine's owner functions, which forget the values (movement.put,
# cards.receive / release, stats.add_mod / drop_mods, lives.set_attribute, possessions...).
DERIVED_FIELDS = {
    "space",
    "strength",
    "craft",
    "alignment",
    "toad",
    "character",
    "followers",
    "objects",
    "cards",
    "mods",
}
MUTATORS = {"append", "remove", "pop", "extend", "insert", "clear", "sort", "reverse"}


def module_files() -> list[Path]:
    """The code of every module (its own folder), the example module's among them."""
    return sorted(p for m in every_module() if (f := folder_of(m)) is not None for p in f.rglob("*.py"))


def test_derived_keys_are_set_only_through_their_setters():
    every = declarations()
    wrong = []
    for m, use in code_uses():
        found = owner(every[use.scope], use.key) if use.key is not None else None
        where = f"{use.path.relative_to(ROOT)}:{use.line}"
        if use.setter and use.key is not None and (found is None or not found.derived):
            wrong.append(
                f"{where}: a setter of derived keys sets the {use.scope} key {use.key!r}, which is not derived"
            )
        elif use.sets and not use.setter and found is not None and found.derived and m is not ENGINE:
            wrong.append(f"{where}: {m.name} sets the derived {use.scope} key {use.key!r} without its setter")
    assert not wrong, "\n".join(wrong)


def forgets_or_writes(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Where code forgets derived values by hand, or changes what they read other than by an owner function."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("changed", "moved", "derived"):
            v = node.value  # (a ruleset's own caches are no memo of a game's)
            ruleset = isinstance(v, ast.Attribute) and v.attr == "rules" or isinstance(v, ast.Name) and v.id == "rules"
            if not ruleset:
                yield node.lineno, f"touches the memo of derived values ({node.attr})"
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        )
        for t in targets:
            for e in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(e, ast.Attribute) and e.attr in DERIVED_FIELDS | {"status"}:
                    yield node.lineno, f"sets .{e.attr}"
                elif (
                    isinstance(e, ast.Subscript)
                    and isinstance(e.value, ast.Attribute)
                    and e.value.attr in DERIVED_FIELDS
                ):
                    yield node.lineno, f"sets an item of .{e.value.attr}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            held = node.func.value
            if isinstance(held, ast.Attribute) and held.attr in DERIVED_FIELDS:
                yield node.lineno, f"changes .{held.attr} in place ({node.func.attr})"


def test_no_module_forgets_derived_values_or_changes_what_they_read_by_hand():
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in module_files()
        for line, what in forgets_or_writes(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_scan_finds_a_change_made_by_hand():
    code = "p.followers.append(card)\np.space = 3\nstats.changed(g)\np.mods += [m]\np.status = {}\n"
    assert sorted(line for line, _ in forgets_or_writes(ast.parse(code))) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("scope", "key", "value", "says"),
    [
        ("game", "songs", 3, "the snapshot keeps the game key 'songs', which no module of the game declares"),
        ("character", "crimes", ["F"], "the character key 'crimes', which no module of the game declares"),
        ("character", "traits", "see-spells", "the snapshot's character key 'traits' is 'see-spells', not words"),
    ],
)
def test_a_snapshot_keeping_an_undeclared_key_is_refused(scope: str, key: str, value: object, says: str):
    g = Game.new(players=2, seed=4, log=False)
    g.apply(g.legal_ids()[0])
    d = json.loads(json.dumps(g.state_dict()))
    assert Game.from_state_dict(d).state_hash() == g.state_hash()  # as it is, it loads
    (d["globals"] if scope == "game" else d["players"][1]["status"])[key] = value
    before = json.dumps(d, sort_keys=True)
    with pytest.raises(SaveError, match=re.escape(says)):
        Game.from_state_dict(d)
    assert json.dumps(d, sort_keys=True) == before  # nothing changed


def test_a_snapshot_may_keep_a_key_a_module_of_its_game_sets_for_another():
    """The City's ``released`` (declared by city-districts, set by brotherhood) in a game without the City."""
    g = Game.new(players=2, modules=("brotherhood",), seed=4, log=False)
    d = json.loads(json.dumps(g.state_dict()))
    d["players"][0]["status"]["released"] = True
    assert Game.from_state_dict(d).players[0].status["released"] is True
