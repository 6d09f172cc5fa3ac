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

from talisman.engine.formats import check_save, check_state_dict
from talisman.engine.game import Game
from talisman.errors import SaveError

__all__ = ["check_save", "check_state_dict", "read", "replay", "write"]


def replay(save: Any, check: bool = True) -> Game:
    """Play a save again; raise SaveError if malformed or if it does not reproduce."""
    return Game.load(save, check)


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
