"""The rules engine: a pure, deterministic state machine.

Its rule files register their handlers, hooks and endings on the base
module :data:`ENGINE` (the entry point ``engine``), which every ruleset plays.
"""

from talisman.engine import (  # noqa: F401  (their rules register on ENGINE)
    abilities,
    cards,
    combat,
    effects,
    encounter,
    endings,
    lives,
    movement,
    possessions,
    quests,
    realms,
    setup,
    spells,
    stats,
    turn,
    view,
)
from talisman.engine.base import ENGINE
from talisman.engine.decision import Decision, Event, Option
from talisman.engine.game import Game

__all__ = ["ENGINE", "Decision", "Event", "Game", "Option"]
