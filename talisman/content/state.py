"""The state a module keeps, as its ``module.toml`` declares it: each key of a game's ``globals``
(scope ``game``) or of a character's ``status`` (scope ``character``), its kind and its meaning.

One module owns each key. Another module's code may read it, or set it, only if that module says
so (``reads``, ``writes``); the tests scan the code and play games of every module to hold every
module to its declarations. A key ending in ``:*`` declares a family of keys sharing that prefix
(``hex:*``: one per Hex Spell in play).

>>> keys = state_keys("city-classic", {"character": {"crimes": {"kind": "words", "meaning": "its crimes"}}}, print)
>>> keys["character"]["crimes"].kind, keys["character"]["crimes"].module
('words', 'city-classic')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

SCOPES: Final = ("game", "character")
# The kinds a key's value may be, each with what it is (a copy of the game shares the value: see
# talisman.engine.sharing; every kind is plain JSON data, as a save writes it).
KINDS: Final = {
    "bool": "true or false",
    "int": "a whole number (a count, a turn, a seat, a space, a card instance)",
    "str": "a word or a sentence",
    "numbers": "a list of whole numbers (card instances, seats, spaces, scores)",
    "words": "a list of words",
    "list": "a list of tables or of lists",
    "record": "a table of named fields",
    "mapping": "a table from a name, a seat or a card to a value",
}


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _table(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) for k in v)


_FITS: Final[dict[str, Callable[[Any], bool]]] = {
    "bool": lambda v: isinstance(v, bool),
    "int": _whole,
    "str": lambda v: isinstance(v, str),
    "numbers": lambda v: isinstance(v, list) and all(_whole(x) for x in v),
    "words": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "list": lambda v: isinstance(v, list) and all(isinstance(x, list | dict) for x in v),
    "record": _table,
    "mapping": _table,
}
_FIELDS: Final = ("kind", "meaning", "derived")
_USES: Final = ("reads", "writes")
_PARTS: Final = SCOPES + _USES  # the parts a [state] table may have
KEY: Final = re.compile(r"[a-z][a-z0-9_-]*(:\*)?\Z")  # a key, or a family of keys (``hex:*``)


@dataclass(frozen=True)
class StateKey:
    """One key a module keeps in the state: in ``scope`` (``game``: ``g.globals``; ``character``:
    ``p.status``), its ``name`` (``hex:*`` for the family of keys beginning ``hex:``), its ``kind``
    (one of :data:`KINDS`) and its ``meaning``, one line. A ``derived`` key is one the derived
    values of :mod:`talisman.engine.stats` read (a character's lasting ``traits``...): it is set only
    through :func:`talisman.engine.stats.set_status` / :func:`~talisman.engine.stats.set_global`,
    which forget them.

    >>> StateKey("core", "game", "hex:*", "record", "a Hex Spell's curse").matches("hex:114")
    True
    """

    module: str
    scope: str
    name: str
    kind: str
    meaning: str
    derived: bool = False

    def fits(self, value: Any) -> bool:
        """Is ``value`` of this key's kind?

        >>> StateKey("core", "character", "tamed", "numbers", "creatures tamed").fits([3, True])
        False
        """
        return _FITS[self.kind](value)

    def matches(self, key: str) -> bool:
        """Is ``key`` this key, or one of its family?"""
        if self.name.endswith(":*"):
            return key.startswith(self.name[:-1])
        return key == self.name


def state_keys(module: str, table: Any, problem: Callable[[str, str], None]) -> dict[str, dict[str, StateKey]]:
    """The keys a ``[state.game.<key>]`` / ``[state.character.<key>]`` table declares for
    ``module``, by scope; ``problem(where, message)`` hears of each one refused (left out)."""
    out: dict[str, dict[str, StateKey]] = {scope: {} for scope in SCOPES}
    for scope in SCOPES:
        found = table.get(scope, {}) if isinstance(table, dict) else None
        if not isinstance(found, dict):
            problem(f"state.{scope}", "expected tables [state.<scope>.<key>] of kind and meaning")
            continue
        for name, spec in found.items():
            where = f"state.{scope}.{name}"
            if not KEY.match(name):
                problem(where, "a key is lowercase letters, digits, '-' and '_' (a family ends ':*')")
            elif not isinstance(spec, dict) or any(k not in _FIELDS for k in spec):
                problem(
                    where, "expected a table of kind and meaning (and derived = true for a key derived values read)"
                )
            elif spec.get("kind") not in KINDS:
                problem(f"{where}.kind", f"one of {', '.join(KINDS)}, not {spec.get('kind')!r}")
            elif not isinstance(spec.get("meaning"), str) or not spec["meaning"]:
                problem(f"{where}.meaning", "one line saying what the key holds")
            elif not isinstance(spec.get("derived", False), bool):
                problem(f"{where}.derived", "true for a key the derived values read, else left out")
            else:
                kind, meaning, derived = spec["kind"], spec["meaning"], spec.get("derived", False)
                out[scope][name] = StateKey(module, scope, name, kind, meaning, derived)
    return out


def state_uses(table: Any, problem: Callable[[str, str], None]) -> dict[str, dict[str, tuple[str, ...]]]:
    """The keys of other modules a ``[state.reads]`` / ``[state.writes]`` table names, by use and scope
    (``reads = {character = ["hold"]}``); ``problem(where, message)`` hears of each one refused.

    >>> state_uses({"reads": {"character": ["hold"]}}, print)["reads"]
    {'character': ('hold',)}
    """
    out: dict[str, dict[str, tuple[str, ...]]] = {use: {} for use in _USES}
    for use in _USES:
        found = table.get(use, {}) if isinstance(table, dict) else {}
        if not isinstance(found, dict) or any(s not in SCOPES for s in found):
            problem(f"state.{use}", f"expected a table of {' and '.join(SCOPES)}, each a list of keys")
            continue
        for scope, keys in found.items():
            if not isinstance(keys, list) or not all(isinstance(k, str) and KEY.match(k) for k in keys):
                problem(f"state.{use}", f"{scope}: expected a list of keys")
            else:
                out[use][scope] = tuple(keys)
    return out


def check_state_table(table: Any, problem: Callable[[str, str], None]) -> None:
    """Refuse a ``[state]`` table with parts other than the scopes and the uses."""
    if not isinstance(table, dict):
        problem("state", "expected a table")
        return
    for part in table:
        if part not in _PARTS:
            problem(f"state.{part}", f"unknown part {part!r} (allowed: {', '.join(_PARTS)})")


def owner(declared: Mapping[str, StateKey], key: str) -> StateKey | None:
    """The declaration among ``declared`` (one scope's, by name) that ``key`` is, or is one of the family of.

    >>> hexes = {"hex:*": StateKey("core", "game", "hex:*", "record", "a Hex Spell's curse")}
    >>> owner(hexes, "hex:7").module, owner(hexes, "blizzard")
    ('core', None)
    """
    found = declared.get(key)
    if found is not None:
        return found
    head, colon, _ = key.partition(":")
    return declared.get(f"{head}:*") if colon else None
