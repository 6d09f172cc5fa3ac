"""A Warrant Card: held by a character the Law wants (000). The City's Law
(module ``city-classic``) acts on it; the Emperor's Guard and the Brotherhood
of the Bell lay one, and the Guard will take no bribe from its holder. It is
the status ``warrant`` of the character, whichever module laid it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from talisman.engine.game import Game


def has_warrant(g: Game, seat: int) -> bool:
    return bool(g.players[seat].status.get("warrant"))


def give_warrant(g: Game, seat: int, why: str) -> None:
    """The character takes a Warrant Card (one at most: a second changes nothing)."""
    if has_warrant(g, seat):
        return
    g.players[seat].status["warrant"] = True
    g.say(f"{g.name(seat)} takes a Warrant Card ({why}): the Law wants it.", seat=seat)


def lift_warrant(g: Game, seat: int) -> None:
    """The character's Warrant Card, if it has one, is gone: the Law no longer wants it."""
    g.players[seat].status.pop("warrant", None)
