"""The rules engine: a pure, deterministic state machine.

Importing this package registers the handlers of every engine subsystem.
"""

from talisman.engine import (  # noqa: F401  (imported for their frame handlers)
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
    turn,
)
from talisman.engine.decision import Decision, Event, Option
from talisman.engine.game import Game

__all__ = ["Decision", "Event", "Game", "Option"]
