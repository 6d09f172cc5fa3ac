"""The exceptions the library raises. Every one leaves the game state untouched."""


class TalismanError(Exception):
    """Base class of every error this library raises on bad input."""


class IllegalOptionError(TalismanError):
    """An option that is not among the pending decision's legal options."""


class OutOfTurnError(IllegalOptionError):
    """A player answered a decision that belongs to another player."""


class GameOverError(IllegalOptionError):
    """An action was sent to a game that has ended."""


class ContentError(TalismanError):
    """Content (TOML) that is malformed; the message names the file and entry."""


class ConfigError(TalismanError):
    """A game configuration that cannot be played (unknown module, bad seat...)."""


class SaveError(TalismanError):
    """A save file that is malformed or does not reproduce its recorded game."""


class ScriptError(TalismanError):
    """Scripted dice that cannot be used (a value a die cannot show)."""
