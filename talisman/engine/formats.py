"""The shapes of a save and of a snapshot (plain JSON data), checked before
either is played or rebuilt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from talisman.content.modules import Module, get_module, known_modules
from talisman.content.state import SCOPES, StateKey, owner
from talisman.errors import SaveError

SAVE_FORMAT: Final = "talisman-save"
STATE_VERSION: Final = 1
# What a game is made of besides its rules, configuration, log and history: the parts of a snapshot.
STATE_SLOTS: Final = (
    "rng",
    "players",
    "decks",
    "discards",
    "board",
    "gold_on",
    "counters",
    "globals",
    "stack",
    "active",
    "turn",
    "round",
    "result",
)


def _whole(v: Any) -> bool:
    """A whole number in JSON (true and false are not numbers)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise SaveError(msg)


def check_save(save: Any) -> None:
    """Raise SaveError unless ``save`` has the shape of a save."""
    _need(isinstance(save, dict), "a save must be a JSON object")
    _need(save.get("format") == SAVE_FORMAT, f"not a Talisman save (format should be {SAVE_FORMAT!r})")
    _need(
        _whole(save.get("version")) and save.get("version") == STATE_VERSION,
        f"unsupported save version {save.get('version')!r} (this program reads {STATE_VERSION})",
    )
    cfg = save.get("config")
    _need(isinstance(cfg, dict), "the save has no configuration")
    for key, kind in (("modules", list), ("options", dict), ("characters", list)):
        _need(isinstance(cfg.get(key), kind), f"the save's configuration has no valid {key!r}")
    _need(_whole(cfg.get("seed")), "the save's configuration has no valid 'seed'")
    _need(all(isinstance(m, str) for m in cfg["modules"]), "the save's modules must be names (strings)")
    tuning = cfg.get("tuning", {})
    _need(
        isinstance(tuning, dict) and all(isinstance(k, str) and _whole(v) for k, v in tuning.items()),
        "the save's tuning must map names of numbers to whole numbers",
    )
    _need(
        all(c is None or isinstance(c, str) for c in cfg["characters"]),
        "the save's characters must be names (strings) or null",
    )
    _need("result" in save, "the save has no result (null for a game not finished)")
    result = save["result"]
    _need(
        result is None
        or (
            isinstance(result, dict)
            and isinstance(result.get("winners"), list)
            and all(_whole(w) for w in result["winners"])
            and isinstance(result.get("how"), str)
        ),
        "the save's result must be null or a table of winners and how",
    )
    _need(isinstance(save.get("actions"), list), "the save has no list of actions")
    for i, act in enumerate(save["actions"]):
        ok = isinstance(act, str) or (
            isinstance(act, dict) and isinstance(act.get("dice"), list) and all(isinstance(v, int) for v in act["dice"])
        )
        _need(ok, f"action {i + 1} is neither an option id nor a dice script: {act!r}")
    _need(isinstance(save.get("state_hash"), str), "the save has no state hash")


def check_state_dict(d: Any) -> None:
    """Raise SaveError unless ``d`` looks like a snapshot from ``Game.state_dict``."""
    _need(isinstance(d, dict), "a snapshot must be a JSON object")
    _need(
        _whole(d.get("version")) and d.get("version") == STATE_VERSION,
        f"unsupported snapshot version {d.get('version')!r}",
    )
    for key in ("config", *STATE_SLOTS):
        _need(key in d, f"the snapshot lacks {key!r}")


def check_declared_state(d: dict[str, Any], modules: Sequence[Module]) -> None:
    """Raise SaveError unless every key of the snapshot ``d``'s ``globals`` and of each character's
    ``status`` is one that ``modules`` (the game's, the base ones among them) declare, or one that
    they say they set and another module declares (the City's ``released``), with a value of its kind.

    >>> from talisman.content.modules import resolve_modules
    >>> check_declared_state({"globals": {"songs": 3}, "players": []}, resolve_modules(["core"]))
    Traceback (most recent call last):
    talisman.errors.SaveError: the snapshot keeps the game key 'songs', which no module of the game declares
    """
    keeps: dict[str, dict[str, StateKey]] = {scope: {} for scope in SCOPES}
    sets: dict[str, set[str]] = {scope: set() for scope in SCOPES}
    for m in modules:
        for scope in SCOPES:
            keeps[scope].update(m.state[scope])
            sets[scope].update(m.writes.get(scope, ()))
    kept = [("game", k, v) for k, v in d["globals"].items()]
    kept += [("character", k, v) for p in d["players"] for k, v in p.get("status", {}).items()]
    for scope, key, value in kept:
        found = owner(keeps[scope], key)
        if found is None and key in sets[scope]:
            found = next((f for n in known_modules() if (f := owner(get_module(n).state[scope], key))), None)
        if found is None:
            raise SaveError(f"the snapshot keeps the {scope} key {key!r}, which no module of the game declares")
        _need(found.fits(value), f"the snapshot's {scope} key {key!r} is {value!r}, not {found.kind} ({found.meaning})")
