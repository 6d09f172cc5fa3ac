"""An operation on the flow of frames that rules at every level use."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from talisman.engine.game import Game


def end_turn_now(g: Game) -> None:
    """Throw away what remains of this turn except its end."""
    stack = g.stack
    while stack and stack[-1][0] != "turn_end":
        stack.pop()
