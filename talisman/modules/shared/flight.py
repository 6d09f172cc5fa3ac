"""Flight from a Dungeon, as both Dungeons have it (the 4th edition's fight-or-flight option and
000's rule): a character declares that it flees, and from then on moves only the way out (each
Dungeon says which way that is, and when flight may be declared). The declaration is the status
``flight`` of the character."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import frames
from talisman.engine.decision import Choice

if TYPE_CHECKING:
    from talisman.engine.game import Game


def flee_choice(seat: int, kind: str, way: str, back: list[Any]) -> Choice:
    """The option to declare flight: a frame of ``kind`` (the module's handler is :func:`declare`),
    then ``back``; ``way``, the way the character will move, in words.

    >>> flee_choice(0, "flee", "toward the Entrance", []).frames
    [('flee', {'p': 0})]
    """
    return Choice(
        "flee",
        f"Declare that you flee the Dungeon (from now on you move only {way})",
        [(kind, {"p": seat}), *back],
        "free",
    )


def declare(g: Game, a: frames.Seat) -> None:
    """Character ``p`` flees the Dungeon (a module registers it as the handler of its kind)."""
    g.players[a["p"]].status["flight"] = True
    g.say(f"{g.name(a['p'])} flees the Dungeon.", seat=a["p"])
