"""A game's configuration: what it is played with (modules, options, characters, tuned numbers)
and its seed, a frozen value checked once when the game is set up
(:func:`~talisman.engine.game.make_config`).

Saves, states and the web server's records hold it as plain JSON data, the dict
``{"modules": [...], "options": {...}, "characters": [...], "seed": n}`` (with ``"tuning"``
when some number is tuned): :meth:`GameConfig.to_dict` writes that form and
:meth:`GameConfig.from_dict` reads it, from saves of every version.

>>> c = GameConfig(("core",), (("fate", False),), ("troll", None), 7)
>>> c.seed, c.option("fate"), c.to_dict()["characters"]
(7, False, ['troll', None])
>>> GameConfig.from_dict(c.to_dict()) == c
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from talisman.errors import ConfigError

OptionValue = bool | int | float | str  # a game option's value (the choices of its OptionSpec)


@dataclass(frozen=True)
class GameConfig:
    """What a game is played with: ``modules`` (those played, in order, the core game first),
    ``options`` set otherwise than their defaults (name, value pairs, in the order given),
    ``characters`` (one per seat; ``None``: dealt at random at setup), the ``seed`` of its dice
    and shuffles, and the ``tuning`` of tunable numbers (sorted name, value pairs; empty: the
    content as it is)."""

    modules: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    characters: tuple[str | None, ...]
    seed: int
    tuning: tuple[tuple[str, int], ...] = ()

    def option(self, name: str) -> OptionValue | None:
        """The value the configuration gives an option (None: its default)."""
        for key, value in self.options:
            if key == name:
                return value
        return None

    def to_dict(self) -> dict[str, Any]:
        """The plain JSON form, as saves, states and the server's records keep it (a new dict)."""
        plain: dict[str, Any] = {
            "modules": list(self.modules),
            "options": dict(self.options),
            "characters": list(self.characters),
            "seed": self.seed,
        }
        if self.tuning:
            plain["tuning"] = dict(self.tuning)
        return plain

    @classmethod
    def from_dict(cls, plain: Mapping[str, Any]) -> GameConfig:
        """The configuration of its plain JSON form (saves and states of every version: a save
        made before tuning existed has no ``tuning``). Raises ConfigError when a part is missing
        or of the wrong kind; what it names (modules, options, characters) is checked when a game
        is set up with it."""
        try:
            modules, options, characters, seed = (
                plain["modules"],
                plain["options"],
                plain["characters"],
                plain["seed"],
            )
        except KeyError as e:
            raise ConfigError(f"the configuration has no {e.args[0]!r}") from None
        tuning = plain.get("tuning") or {}
        if not (
            isinstance(modules, list)
            and isinstance(options, dict)
            and isinstance(characters, list)
            and isinstance(tuning, dict)
            and isinstance(seed, int)
            and not isinstance(seed, bool)
        ):
            raise ConfigError("the configuration's modules, options, characters, seed or tuning are malformed")
        return cls(
            tuple(modules),
            tuple(options.items()),
            tuple(characters),
            seed,
            tuple(sorted(tuning.items())),
        )
