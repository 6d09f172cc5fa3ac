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
from typing import Any, Final

from talisman.engine.formats import check_save, check_state_dict
from talisman.engine.game import Game
from talisman.errors import SaveError

__all__ = ["check_save", "check_state_dict", "check_writable", "read", "replay", "write"]


def replay(save: Any, check: bool = True) -> Game:
    """Play a save again; raise SaveError if malformed or if it does not reproduce."""
    return Game.load(save, check)


MAX_SAVE_BYTES: Final = 64 * 1024 * 1024  # far above any game's save (a long game writes a few hundred KiB)


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
