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
import os
import tempfile
from pathlib import Path
from typing import Any

from talisman.errors import SaveError, TalismanError


def _whole(v: Any) -> bool:
    """A whole number in JSON (true and false are not numbers)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise SaveError(msg)


def check_save(save: Any) -> None:
    """Raise SaveError unless ``save`` has the shape of a save."""
    from talisman.engine.game import SAVE_FORMAT, STATE_VERSION

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
    if check and g.result != save["result"]:
        raise SaveError(f"the save says the game ended {save['result']!r}, but the replay gives {g.result!r}")
    return g


MAX_SAVE_BYTES = 64 * 1024 * 1024  # far above any game's save (a long game writes a few hundred KiB)


def read(path: str | Path) -> Any:
    """Read a save file; raise SaveError unless it is UTF-8 JSON (any value:
    :func:`check_save` says whether it is a save)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MiB: not a save")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(f"{path} is not UTF-8 text (byte {e.start}): a save is written in UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path} is not valid JSON: {e}") from None
    except RecursionError:
        raise SaveError(f"{path} is nested too deeply to be a save") from None
    except ValueError as e:  # an integer of more digits than Python converts
        raise SaveError(f"{path} is not a save: {e}") from None


def check_writable(path: str | Path) -> Path:
    """Check, before a game is played, that a save can be written at ``path``
    (relative to the current folder); raise SaveError with the reason if not."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise SaveError(f"cannot save to {path}: it is a folder")
    if not folder.is_dir():
        raise SaveError(f"cannot save to {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise SaveError(f"cannot save to {path}: the folder {folder} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise SaveError(f"cannot save to {path}: the file is not writable")
    return target


def write(path: str | Path, save: dict[str, Any]) -> None:
    """Write a save atomically: to a new file beside it, then renamed over it, so
    that a crash never leaves half a save (nor destroys the one there was)."""
    target = check_writable(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(save, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_state_dict(d: Any) -> None:
    """Raise SaveError unless ``d`` looks like a snapshot from ``Game.state_dict``."""
    from talisman.engine.game import STATE_VERSION

    _need(isinstance(d, dict), "a snapshot must be a JSON object")
    _need(
        _whole(d.get("version")) and d.get("version") == STATE_VERSION,
        f"unsupported snapshot version {d.get('version')!r}",
    )
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
