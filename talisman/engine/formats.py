"""The shapes of a save and of a snapshot (plain JSON data), checked before
either is played or rebuilt."""

from __future__ import annotations

from typing import Any, Final

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
