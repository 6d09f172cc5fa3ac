"""What holds a character on its space: the engine's ``hold`` status, which modules set and lift
only through :func:`hold` and :func:`release`. A held character's next move is to face what
holds it there (:func:`talisman.engine.movement.held_here`): a Werewolf, Death, a gaol, the Hall of
Darkness.

>>> from talisman import Game
>>> g = Game.new(["warrior", "wizard"], seed=1)
>>> hold(g, 0, "Gargoyle", [{"hook": "gargoyle"}])
>>> g.players[0].status["hold"]["what"]
'Gargoyle'
>>> release(g, 0); "hold" in g.players[0].status
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from talisman.engine.game import Game


def hold(g: Game, seat: int, what: str, effects: list[dict[str, Any]], space: int | None = None) -> None:
    """Hold the character on its space (or on ``space``): its next move there is to face ``what``,
    running ``effects`` (vocabulary effects) instead of moving."""
    p = g.players[seat]
    p.status["hold"] = {"space": p.space if space is None else space, "what": what, "effects": effects}


def release(g: Game, seat: int) -> None:
    """The character is held no more (whether it was or not)."""
    g.players[seat].status.pop("hold", None)
