"""The Horrible Black Void (000): the character who draws it is sucked into
the Warp Gate of the Timescape; without the Timescape it is annihilated with
its Followers and possessions and is out of the game. The Void is then
discarded for good and serves no other player: when the ending is drawn, the
next character to reach the Crown draws another; when it was chosen for the
game, the next one meets the Crown of Command instead (our choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, frames
from talisman.modules.endings import common

if TYPE_CHECKING:
    from talisman.engine.game import Game

NAME = "horrible-black-void"
SPENT = "void-spent"


def reach(g: Game, seat: int) -> None:
    g.say(f"The Horrible Black Void opens beneath {g.name(seat)}!", type="crown", seat=seat)
    g.globals[SPENT] = True
    gate = common.space_named(g, "Warp Gate")
    if gate is not None:
        common.send(g, seat, gate, "is sucked into the Warp Gate")
        g.push_frame(frames.arrive(seat, gate, "teleport"))
        return
    p = g.players[seat]
    for card in p.holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
    p.gold = 0
    g.push("lose_game", p=seat, why="annihilated by the Horrible Black Void")


turn_start = reach  # one who begins its turn on the Crown under the Void meets it then
