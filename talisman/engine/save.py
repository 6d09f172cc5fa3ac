"""Saves and replays.

A save is the configuration (modules, options, characters, seed) and the list
of actions: option ids, and ``{"dice": [...]}`` where dice were scripted. A
replay plays it again from the start and checks the final state hash.

>>> from talisman import Game
>>> g = Game.new(["troll", "elf"], seed=3)
>>> g.apply(g.decision.options[0].id)
>>> replay(g.save()).state_hash() == g.state_hash()
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from talisman.errors import SaveError, TalismanError


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise SaveError(msg)


def check_save(save: Any) -> None:
    """Raise SaveError unless ``save`` has the shape of a save."""
    from talisman.engine.game import SAVE_FORMAT, STATE_VERSION

    _need(isinstance(save, dict), "a save must be a JSON object")
    _need(save.get("format") == SAVE_FORMAT, f"not a Talisman save (format should be {SAVE_FORMAT!r})")
    _need(
        save.get("version") == STATE_VERSION,
        f"unsupported save version {save.get('version')!r} (this program reads {STATE_VERSION})",
    )
    cfg = save.get("config")
    _need(isinstance(cfg, dict), "the save has no configuration")
    for key, kind in (("modules", list), ("options", dict), ("characters", list), ("seed", int)):
        _need(isinstance(cfg.get(key), kind), f"the save's configuration has no valid {key!r}")
    _need(isinstance(save.get("actions"), list), "the save has no list of actions")
    for i, act in enumerate(save["actions"]):
        ok = isinstance(act, str) or (
            isinstance(act, dict) and isinstance(act.get("dice"), list) and all(isinstance(v, int) for v in act["dice"])
        )
        _need(ok, f"action {i + 1} is neither an option id nor a dice script: {act!r}")
    _need(isinstance(save.get("state_hash"), str), "the save has no state hash")


def replay(save: Any, check: bool = True):
    """Play a save again; raise SaveError if malformed or if it does not reproduce."""
    from talisman.engine.game import Game

    check_save(save)
    cfg = save["config"]
    try:
        g = Game.new(cfg["characters"], modules=cfg["modules"], options=cfg["options"], seed=cfg["seed"])
    except TalismanError as e:
        raise SaveError(f"the save's configuration cannot be played: {e}") from None
    for i, act in enumerate(save["actions"]):
        try:
            if isinstance(act, dict):
                g.script_dice(act["dice"])
            else:
                g.apply(act)
        except TalismanError as e:
            raise SaveError(f"action {i + 1} ({act!r}) cannot be replayed: {e}") from None
    if check and g.state_hash() != save["state_hash"]:
        raise SaveError(
            f"the replay does not reproduce the saved game: state {g.state_hash()} instead of {save['state_hash']}"
        )
    return g


def read(path: str | Path) -> dict[str, Any]:
    """Read a save file; raise SaveError if it is not JSON."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{path} is not valid JSON: {e}") from None


def write(path: str | Path, save: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(save, indent=1), encoding="utf-8")


def check_state_dict(d: Any) -> None:
    """Raise SaveError unless ``d`` looks like a snapshot from ``Game.state_dict``."""
    from talisman.engine.game import STATE_VERSION

    _need(isinstance(d, dict), "a snapshot must be a JSON object")
    _need(d.get("version") == STATE_VERSION, f"unsupported snapshot version {d.get('version')!r}")
    for key in (
        "config",
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
    ):
        _need(key in d, f"the snapshot lacks {key!r}")
