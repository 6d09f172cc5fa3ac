"""talisman: an unofficial fan implementation of the Talisman board game family.

>>> from talisman import Game
>>> game = Game.new(["warrior", "wizard"], seed=1)
>>> game.decision.player
0
>>> game.apply(game.decision.options[0].id)

Talisman is a trademark of its owners; this project is not affiliated with them.
"""

from talisman.engine import Decision, Event, Game, Option
from talisman.errors import (
    ConfigError,
    ContentError,
    GameOverError,
    IllegalOptionError,
    OutOfTurnError,
    SaveError,
    TalismanError,
)

__version__ = "0.1.0"
__all__ = [
    "ConfigError",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "GameOverError",
    "IllegalOptionError",
    "Option",
    "OutOfTurnError",
    "SaveError",
    "TalismanError",
    "__version__",
]
