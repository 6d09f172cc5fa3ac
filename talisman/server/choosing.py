"""Characters chosen by their players before a game begins.

Document 000 leaves the way characters are assigned to the players ("many
methods ... the simplest being" a random deal, ``core.setup.choose-characters``).
Besides dealing and naming characters when a game is made, the lobby can mark
a person's seat as *chosen by its player*. Such a game waits, with the status
``choosing``, until each of those people has opened their seat and picked a
character among those still free; the engine's game is only then created,
from the same seed, and play starts.

Choices are first come, first served (our choice: nobody waits for another
player's turn to pick, as in the lobbies of digital board games); a character
is free when no seat named it at creation and nobody has picked it yet. Seats
dealt at random (bots' and people's alike) get their characters when play
starts, from those nobody named or chose, by the engine's usual deal.

While a game waits, its stored configuration is the engine's configuration
(:func:`talisman.engine.game.make_config`) with the picks made so far in
``characters`` and one more key, ``choose``: the seats whose players pick.
Once play starts it is the engine game's own ``config``, as for any game.

>>> config = {"modules": ["core"], "options": {}, "characters": [None, "troll", None], "seed": 1, "choose": [0]}
>>> still_to_choose(config)
[0]
>>> check_pick(config, 0, "troll")
Traceback (most recent call last):
  ...
talisman.server.errors.ActionError: the Troll is already taken by seat 1
>>> still_to_choose(with_pick(config, 0, "elf"))
[]
"""

from __future__ import annotations

from typing import Any

from talisman.content.ruleset import ruleset_for
from talisman.server.errors import ActionError

STATUS = "choosing"


def waiting_config(config: dict[str, Any], choose: list[int]) -> dict[str, Any]:
    """The stored configuration of a new game whose ``choose`` seats pick their characters."""
    return {**config, "choose": sorted(choose)}


def still_to_choose(config: dict[str, Any]) -> list[int]:
    """The seats whose players have not picked yet (none once play has started)."""
    return [s for s in config.get("choose", ()) if config["characters"][s] is None]


def waiting_summary(config: dict[str, Any]) -> dict[str, Any]:
    """The public facts of a waiting game, shaped as a running game's summary
    (``None`` for a character not chosen or dealt yet), plus the seats still to choose."""
    rules = ruleset_for(tuple(config["modules"]))
    chars = config["characters"]
    return {
        "turn": 0,
        "waiting_for": None,
        "characters": [rules.characters[k].name if k is not None else None for k in chars],
        "alive": [True] * len(chars),
        "choosing": still_to_choose(config),
    }


def check_pick(config: dict[str, Any], seat: int, key: Any) -> str:
    """Raise :class:`ActionError` unless ``seat`` may pick the character ``key`` now; returns it."""
    if seat not in config.get("choose", ()):
        raise ActionError(
            "not-choosing",
            f"seat {seat} does not choose its character: it is "
            + (
                "named when the game was made"
                if config["characters"][seat] is not None
                else "dealt at random when play starts"
            ),
        )
    if config["characters"][seat] is not None:
        raise ActionError(
            "already-chosen",
            f"seat {seat} has already chosen the {_name(config, config['characters'][seat])}: a choice is final",
        )
    rules = ruleset_for(tuple(config["modules"]))
    playable = sorted(k for k, c in rules.characters.items() if c.playable)
    if not isinstance(key, str) or key not in playable:
        raise ActionError(
            "unknown-character", f"{key!r} is not a character of this game (characters: {', '.join(playable)})", 400
        )
    if key in config["characters"]:
        holder = config["characters"].index(key)
        raise ActionError("taken", f"the {_name(config, key)} is already taken by seat {holder}")
    return key


def with_pick(config: dict[str, Any], seat: int, key: str) -> dict[str, Any]:
    """The configuration after ``seat`` picked ``key`` (a new dict: the old one is left as it was)."""
    chars = list(config["characters"])
    chars[seat] = key
    return {**config, "characters": chars}


def _name(config: dict[str, Any], key: str) -> str:
    return ruleset_for(tuple(config["modules"])).characters[key].name
