"""The effect vocabulary content is written in, and its validation.

An *effect* is a TOML inline table with exactly one verb key and, optionally,
the modifiers ``if``, ``unless`` and ``target``; an effect list runs in order.

    { lose = { lives = 1 }, unless = { has_any = ["Water Bottle", "Holy Grail"] } }
    { roll = { dice = "D6", rows = [ { at = "1-2", do = [ { lose_turn = 1 } ] } ] } }

Each verb's parameters are checked here when content loads; the engine's
``talisman.engine.effects`` executes them. A module may add verbs of its own
(``Module.verb``: a validator and an executor), accepted while its content loads.

The verbs, by family (their parameters are in :data:`VERBS`):

- resources: ``gain``, ``lose``, ``heal`` (``up_to = "full"`` or a number, at a price), ``refill_fate``,
  ``take_from_card``, ``fall_to_printed`` (Strength or Craft back to the printed value), ``leave_gold``
  (all gold carried off to a space), ``boost`` (a bonus or malus until the turn, this turn or the fight;
  an amount may be an attribute; ``floor = "printed"``);
- cards: ``take_card``, ``fill_spells``, ``discard`` (Spells, Followers, one Follower, by name, Objects,
  Objects passing a card filter), ``discard_cards`` (face-up cards by a filter: all in the region or on
  the board, each on a roll, on a chosen space, or one chosen card), ``discard_this``, ``peek`` (the top
  cards in secret, to reorder or to take one passing a filter), ``steal`` (from a Spell's target),
  ``shop``, ``sell_objects``, ``relocate``, ``entitle``;
- lives: ``follower_for_life`` (a Follower given instead of each life, chosen or at random), ``keep_life``
  (the life or Follower a Spell answers is kept);
- conflict: ``fight``, ``evade`` (the fight a Spell is cast in);
- chance and choice: ``roll`` (a table; ``fate = false``: no second roll), ``test``, ``choose`` (its
  ``decision`` names the kind for bots and front ends);
- movement and turns: ``move`` (to a space, a pick in the region or of a kind, to chosen spaces; as the
  move or as the next one), ``move_steps``, ``hold``, ``draw``, ``extra_turn``, ``lose_turn``,
  ``end_turn``, ``toad``, ``alignment``, ``enslave``, ``status``;
- the game: ``timed`` (a lasting effect on everyone, counted in its causer's turns), ``emit``, ``hook``.

Conditions (``if``, ``unless``) ask about the character: ``has`` (it holds a card of that name, a
Follower too), ``helped_by`` (a Follower of that name that gives its help: not a suspended one, see
``talisman.engine.possessions.suspend_follower``), its attributes, alignment, place and more
(:func:`condition` lists them).

A card filter (``filter``, ``take``) is a table of ``type``, ``subtype``, ``weapon``, ``armour``, ``deck``
(``here``: the deck drawn where the character is), ``used_weapon`` and ``any`` (one of several filters).
A Spell's ``cast.do`` runs its effects for the caster as it is cast, with ``target = "cast_target"``
for the character it is cast on and the condition ``window`` for the window it is cast in.
The condition ``option`` reads a game option: ``{ option = "herb-price=2" }`` holds when the option
``herb-price`` is 2, ``{ option = "lantern" }`` when the option ``lantern`` is on (its module declares it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from talisman.content import dice

ATTRS = ("strength", "craft", "lives", "gold", "fate")
ALIGNMENTS = ("good", "neutral", "evil")
# ``cast_target``: the character a Spell is cast on (in a Spell's ``cast.do``; the caster when it names none);
# ``everywhere``: every character, also those in a region sheltered from events (000's Earthquake reaches
# the Catacombs), where ``all`` and the others leave them out
TARGETS = ("self", "others", "all", "region", "space", "each_clockwise", "chosen_other", "cast_target", "everywhere")
MODIFIERS = ("if", "unless", "target")
# Lasting effects on the whole game that the engine knows, timed by the turns of the character who
# caused them (``timed``): no Spell is cast and no Magic Object works (Destroy Magic); every character
# moves one space a turn (the Blizzard); ``deck-swap:<id>``: cards are drawn from the deck ``to``
# instead of ``from`` (Dark Denizens).
TIMED_EFFECTS = ("destroy-magic", "blizzard")

Validator = Callable[[Any, str], None]


class VocabularyError(ValueError):
    """A content value that the vocabulary does not accept (path says where)."""


def _fail(path: str, msg: str) -> None:
    raise VocabularyError(f"{path}: {msg}")


def _int(v: Any, path: str, minimum: int | None = None) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(path, f"expected a whole number, got {v!r}")
    if minimum is not None and v < minimum:
        _fail(path, f"must be at least {minimum}, got {v}")


def _str(v: Any, path: str) -> None:
    if not isinstance(v, str) or not v:
        _fail(path, f"expected a non-empty string, got {v!r}")


def _dice(v: Any, path: str) -> None:
    try:
        dice.parse(v)
    except ValueError as e:
        _fail(path, str(e))


def _int_or_dice(v: Any, path: str) -> None:
    if isinstance(v, str):
        _dice(v, path)
    else:
        _int(v, path, 0)


def _table(v: Any, path: str, allowed: dict[str, Validator], required: tuple[str, ...] = ()) -> None:
    if not isinstance(v, dict):
        _fail(path, f"expected a table, got {v!r}")
    for key in required:
        if key not in v:
            _fail(path, f"missing field {key!r}")
    for key, val in v.items():
        if key not in allowed:
            _fail(path, f"unknown field {key!r} (allowed: {', '.join(sorted(allowed))})")
        allowed[key](val, f"{path}.{key}")


def effects(v: Any, path: str) -> None:
    """Validate an effect list."""
    if not isinstance(v, list):
        _fail(path, f"expected a list of effects, got {v!r}")
    for i, e in enumerate(v):
        effect(e, f"{path}[{i}]")


def effect(e: Any, path: str) -> None:
    """Validate one effect: exactly one known verb plus known modifiers."""
    if not isinstance(e, dict):
        _fail(path, f"an effect must be a table, got {e!r}")
    verbs = [k for k in e if k not in MODIFIERS]
    if len(verbs) != 1:
        _fail(path, f"an effect needs exactly one verb, found {verbs or 'none'}")
    verb = verbs[0]
    check = VERBS.get(verb) or (_MODULE_VERBS.get() or {}).get(verb)
    guard = e.get("if")
    elsewhere = _ELSEWHERE.get()
    if check is None and isinstance(guard, dict) and isinstance(guard.get("module"), str) and elsewhere is not None:
        check = elsewhere(guard["module"]).get(verb)  # a verb of the module the effect waits for
    if check is None:
        _fail(path, f"unknown effect {verb!r}")
    else:
        check(e[verb], f"{path}.{verb}")
    if "if" in e:
        condition(e["if"], f"{path}.if")
    if "unless" in e:
        condition(e["unless"], f"{path}.unless")
    # ``region:<id>``: every character in that region, wherever the effect comes from (the Dungeon's Cave-In)
    if "target" in e and e["target"] not in TARGETS and not str(e["target"]).startswith("region:"):
        _fail(f"{path}.target", f"unknown target {e['target']!r} (allowed: {', '.join(TARGETS)}, region:<id>)")


# --- conditions -------------------------------------------------------------

_COMPARE_OPS = ("lt", "le", "gt", "ge", "eq")


def condition(c: Any, path: str) -> None:
    """Validate a condition table; all its keys must hold."""
    if not isinstance(c, dict) or not c:
        _fail(path, f"a condition must be a non-empty table, got {c!r}")
    for key, val in c.items():
        p = f"{path}.{key}"
        if key in ("alignment", "alignment_not"):
            if val not in ALIGNMENTS:
                _fail(p, f"unknown alignment {val!r}")
        elif key in (
            "has",
            "helped_by",
            "trait",
            "space",
            "region",
            "space_kind",
            "character",
            "lacks",
            "deck",
            "module",
            "in_stock",
            "option",  # "NAME": the game option is on (true, or not 0 or ""); "NAME=VALUE": it has that value
        ):
            _str(val, p)
        elif key == "window":
            _str(val, p)
        elif key in ("has_any",):
            if not isinstance(val, list) or not val:
                _fail(p, "expected a non-empty list of names")
        elif key in ("not",):
            condition(val, p)
        elif key in ("any",):
            if not isinstance(val, list) or not val:
                _fail(p, "expected a non-empty list of conditions")
            for i, sub in enumerate(val):
                condition(sub, f"{p}[{i}]")
        elif key in ("has_followers", "has_spell_room", "has_talisman_left", "has_fate_room", "wounded"):
            if not isinstance(val, bool):
                _fail(p, "expected true or false")
        elif (
            "_" in key
            and key.rsplit("_", 1)[1] in _COMPARE_OPS
            and key.rsplit("_", 1)[0] in ATTRS + ("base_craft", "base_strength", "spells", "objects", "followers")
        ):
            _int(val, p)
        else:
            _fail(p, f"unknown condition {key!r}")


# --- card filters -------------------------------------------------------------

CARD_FILTER_KEYS = ("type", "subtype", "weapon", "armour", "deck", "used_weapon", "without_trait", "any")


def card_filter(f: Any, path: str) -> None:
    """Validate a card filter: every key must hold (``any``: one of its filters)."""
    if not isinstance(f, dict) or not f:
        _fail(path, f"a card filter must be a non-empty table, got {f!r}")
    for key, val in f.items():
        p = f"{path}.{key}"
        if key in ("type", "subtype"):
            if isinstance(val, str):
                _str(val, p)
            else:
                _names(val, p)
        elif key in ("weapon", "armour", "used_weapon"):
            _bool(val, p)
        elif key in ("deck", "without_trait"):
            _str(val, p)
        elif key == "any":
            if not isinstance(val, list) or not val:
                _fail(p, "expected a non-empty list of card filters")
            for i, sub in enumerate(val):
                card_filter(sub, f"{p}[{i}]")
        else:
            _fail(p, f"unknown card filter {key!r} (allowed: {', '.join(CARD_FILTER_KEYS)})")


# --- verbs ------------------------------------------------------------------


def _discard(v: Any, path: str) -> None:
    """``discard``: a kind of card the character holds; ``pick = "random"`` takes one of them at random
    (``object`` is only picked so: a thief does not ask which purse to cut); ``chance`` rolls a die for
    each Follower or Object, lost on a roll in it."""
    _table(
        v,
        path,
        {
            "what": lambda x, q: (
                None
                if x in ("spells", "followers", "follower", "objects", "object")
                else _fail(q, f"unknown kind {x!r}")
            ),
            "n": lambda x, q: _int(x, q, 1),
            "filter": card_filter,
            "name": _str,
            "why": _str,
            "pick": lambda x, q: None if x == "random" else _fail(q, "pick must be random"),
            "chance": _at,
        },
        ("what",),
    )
    if v.get("pick") == "random" and v["what"] not in ("follower", "object"):
        _fail(f"{path}.pick", "only one follower or one object is picked at random")
    if "chance" in v and v["what"] not in ("followers", "objects"):
        _fail(f"{path}.chance", "only each of the followers or of the objects is lost on a roll")
    if v["what"] == "object" and v.get("pick") != "random":
        _fail(f"{path}.what", 'one object is discarded only with pick = "random"')


def _attr_amounts(v: Any, path: str, allow_all: bool = False) -> None:
    if not isinstance(v, dict) or not v:
        _fail(path, "expected a table of attribute = amount")
    for k, n in v.items():
        if k not in ATTRS:
            _fail(f"{path}.{k}", f"unknown attribute {k!r} (allowed: {', '.join(ATTRS)})")
        if allow_all and n == "all":
            continue
        if isinstance(n, str):
            _dice(n, f"{path}.{k}")
        else:
            _int(n, f"{path}.{k}", 0)


def _rows(v: Any, path: str, row_fields: dict[str, Validator] | None = None) -> None:
    if not isinstance(v, list) or not v:
        _fail(path, "expected a non-empty list of rows")
    fields = row_fields or {"at": _at, "do": effects}
    for i, row in enumerate(v):
        _table(row, f"{path}[{i}]", fields, required=("at",))


def _at(v: Any, path: str) -> None:
    try:
        dice.parse_range(v)
    except ValueError as e:
        _fail(path, str(e))


def _bool(v: Any, path: str) -> None:
    if not isinstance(v, bool):
        _fail(path, f"expected true or false, got {v!r}")


def _names(v: Any, path: str) -> None:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        _fail(path, "expected a list of names")


def _options(v: Any, path: str) -> None:
    if not isinstance(v, list) or not v:
        _fail(path, "expected a non-empty list of options")
    for i, opt in enumerate(v):
        _table(opt, f"{path}[{i}]", {"label": _str, "id": _str, "if": condition, "do": effects}, ("label", "do"))


def _price_list(v: Any, path: str) -> None:
    if not isinstance(v, dict) or not v:
        _fail(path, "expected a table of item = price")
    for k, n in v.items():
        _int(n, f"{path}.{k}", 0)


VERBS: dict[str, Validator] = {
    "gain": lambda v, p: _attr_amounts(v, p),
    "lose": lambda v, p: _attr_amounts(v, p, allow_all=True),
    "heal": lambda v, p: _table(
        v,
        p,
        {
            "up_to": lambda x, q: None if x == "full" else _int(x, q, 1),
            "price": lambda x, q: _int(x, q, 0),
            "paid_to": _str,
        },
    ),
    "refill_fate": lambda v, p: _table(
        v, p, {"price": lambda x, q: _int(x, q, 0), "up_to": lambda x, q: _int(x, q, 1)}
    ),
    "take_card": lambda v, p: _table(v, p, {"deck": _str, "n": lambda x, q: _int(x, q, 1), "name": _str}, ("deck",)),
    "fill_spells": _bool,
    "fight": lambda v, p: _table(
        v,
        p,
        {
            "name": _str,
            "strength": _int_or_dice,
            "craft": _int_or_dice,
            "count": _int_or_dice,
            "evade": _bool,
            "until_won": _bool,
            "subtype": _str,
            "trophy": _bool,
            "harmless": _bool,
            "on_win": effects,
            "on_lose": effects,
            "on_standoff": effects,
        },
        ("name",),
    ),
    "roll": lambda v, p: _table(
        v,
        p,
        {
            "dice": _dice,
            "rows": _rows,
            "optional_trait": _str,
            "bonus_trait": _str,
            "dice_trait": _str,
            "prompt": _str,
            "per_follower": _bool,
            "fate": _bool,
        },
        ("dice", "rows"),
    ),
    "test": lambda v, p: _table(
        v,
        p,
        {
            "dice": _dice,
            "vs": lambda x, q: None if x in ATTRS else _fail(q, f"unknown attribute {x!r}"),
            "op": lambda x, q: None if x in ("<", "<=", ">", ">=") else _fail(q, f"unknown comparison {x!r}"),
            "success": effects,
            "failure": effects,
            "dice_trait": _str,
        },
        ("dice", "vs", "op"),
    ),
    "choose": lambda v, p: _table(
        v, p, {"prompt": _str, "options": _options, "optional": _bool, "decision": _str}, ("options",)
    ),
    "move": lambda v, p: _table(
        v,
        p,
        {
            "to": _str,
            "pick": lambda x, q: (
                None if x in ("region", "board", "same-kind", "kind", "spaces") else _fail(q, f"unknown pick {x!r}")
            ),
            "kind": _str,
            "next_move": _bool,
            "encounter": _bool,
            "as_move": _bool,
            "prompt": _str,
            "spaces": lambda x, q: _table(x, q, {"ids": _names, "cards": _str, "kind": _str}),
            "not_here": _bool,
            "optional": _bool,
            "decision": _str,
            "label": _str,
            "do": effects,
        },
    ),
    "move_steps": lambda v, p: _table(
        v,
        p,
        {
            "n": _int_or_dice,
            "direction": lambda x, q: (
                None if x in ("forward", "back") else _fail(q, "direction must be forward or back")
            ),
        },
        ("n", "direction"),
    ),
    "hold": lambda v, p: _table(v, p, {"what": _str, "do": effects}, ("what", "do")),
    "draw": lambda v, p: _int(v, p, 1),
    "extra_turn": lambda v, p: _int(v, p, 1),
    "lose_turn": lambda v, p: _int(v, p, 1),
    "toad": lambda v, p: _table(v, p, {"turns": lambda x, q: _int(x, q, 1)}, ("turns",)),
    "alignment": lambda v, p: None if v in ALIGNMENTS else _fail(p, f"unknown alignment {v!r}"),
    "relocate": lambda v, p: _table(
        v, p, {"dice": _dice, "rows": lambda x, q: _rows(x, q, {"at": _at, "to": _str})}, ("dice", "rows")
    ),
    "shop": lambda v, p: _table(v, p, {"items": _price_list, "free_trait": _str}, ("items",)),
    "sell_objects": lambda v, p: _table(v, p, {"price": lambda x, q: _int(x, q, 0)}, ("price",)),
    "discard": _discard,
    "discard_cards": lambda v, p: _table(
        v,
        p,
        {
            "where": lambda x, q: None if x in ("region", "board") else _fail(q, "where must be region or board"),
            "filter": card_filter,
            "pick": lambda x, q: None if x in ("all", "space", "card") else _fail(q, "pick must be all, space or card"),
            "chance": _at,
            "except_this": _bool,
            "decision": _str,
            "prompt": _str,
        },
    ),
    "follower_for_life": lambda v, p: _table(
        v,
        p,
        {
            "lives": lambda x, q: _int(x, q, 1),
            "pick": lambda x, q: None if x in ("choose", "random") else _fail(q, "pick must be choose or random"),
            "decision": _str,
            "prompt": _str,
            "cause": _str,
            "why": _str,
        },
    ),
    "enslave": lambda v, p: _table(v, p, {"free_on": _at}, ("free_on",)),
    "take_from_card": lambda v, p: None if v in ATTRS else _fail(p, f"unknown attribute {v!r}"),
    "hook": _str,
    "end_turn": _bool,
    "move_again": _bool,
    "status": lambda v, p: _table(
        v,
        p,
        {"name": _str, "rounds": lambda x, q: _int(x, q, 1), "turns": lambda x, q: _int(x, q, 1), "this_turn": _bool},
        ("name",),
    ),
    "fall_to_printed": lambda v, p: None if v in ("strength", "craft") else _fail(p, "expected strength or craft"),
    "peek": lambda v, p: _table(
        v,
        p,
        {"n": lambda x, q: _int(x, q, 1), "deck": _str, "reorder": _bool, "take": card_filter, "prompt": _str},
        ("n",),
    ),
    "steal": lambda v, p: _table(
        v,
        p,
        {
            "what": lambda x, q: (
                None
                if isinstance(x, list) and x and all(w in ("gold", "object", "follower") for w in x)
                else _fail(q, "expected a list of gold, object, follower")
            ),
            "decision": _str,
            "prompt": _str,
        },
        ("what",),
    ),
    "evade": lambda v, p: _table(v, p, {"whole_space": _bool}),
    "keep_life": _bool,
    "leave_gold": _str,
    "emit": _str,
    "discard_this": _bool,
    "entitle": _bool,
    "boost": lambda v, p: _table(
        v,
        p,
        {
            "strength": _boost_amount,
            "craft": _boost_amount,
            "battle_strength": _boost_amount,
            "until": lambda x, q: (
                None if x in ("turn", "combat", "this-turn") else _fail(q, "until must be turn, this-turn or combat")
            ),
            "floor": lambda x, q: None if x == "printed" else _fail(q, "floor must be printed"),
        },
        ("until",),
    ),
    "timed": lambda v, p: _table(
        v,
        p,
        {
            "effect": lambda x, q: (
                None
                if x in TIMED_EFFECTS or str(x).startswith("deck-swap:")
                else _fail(q, f"unknown timed effect {x!r} (allowed: {', '.join(TIMED_EFFECTS)}, deck-swap:<id>)")
            ),
            "turns": lambda x, q: _int(x, q, 1),
            "from": _str,
            "to": _str,
        },
        ("effect", "turns"),
    ),
}


def _boost_amount(v: Any, path: str) -> None:
    """A whole number (below 0 for a malus), or an attribute whose value it is now (Psionic Blast: the Craft)."""
    if v in ATTRS:
        return
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(path, f"expected a whole number or an attribute, got {v!r}")


_MODULE_VERBS: ContextVar[Mapping[str, Validator] | None] = ContextVar("module_verbs", default=None)
_ELSEWHERE: ContextVar[Callable[[str], Mapping[str, Validator]] | None] = ContextVar("verbs_elsewhere", default=None)


@contextmanager
def module_verbs(
    verbs: Mapping[str, Validator], elsewhere: Callable[[str], Mapping[str, Validator]] | None = None
) -> Iterator[None]:
    """While content is loaded, also accept the verbs the game's modules add (``Module.verb``), and
    (``elsewhere``: a module's name to its verbs) the verbs of a module an effect waits for with
    ``if = { module = "..." }``, which runs only when that module is in the game."""
    token, other = _MODULE_VERBS.set(verbs), _ELSEWHERE.set(elsewhere)
    try:
        yield
    finally:
        _MODULE_VERBS.reset(token)
        _ELSEWHERE.reset(other)
