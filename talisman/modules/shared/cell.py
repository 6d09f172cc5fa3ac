"""The Cell, a room of both Dungeons (000's and the 4th edition's): leave one
Follower locked there, then you may free one left before. Each Dungeon
module registers it on itself with :func:`register_cell`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.content.modules import Module
from talisman.engine import cards, frames, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import frame

if TYPE_CHECKING:
    from talisman.engine.game import Game


def register_cell(module: Module) -> None:
    """The content hook ``cell`` and its frames, on ``module``."""
    module.hook("cell")(cell)
    module.declare_decisions(
        {"cell": "the Cell: the Follower to leave locked there", "cell-free": "the Cell: a Follower left there to free"}
    )
    module.handler("cell_leave", args=frames.CardOf)(_cell_leave)
    module.handler("cell_free", args=CellFree)(_cell_free)


def cell(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Cell: leave one Follower locked here, then you may free one left before.
    Choice: a Follower that clings to you (Cursed by a Hag, the Poltergeist) cannot be left."""
    p = g.players[seat]
    free = [f for f in p.followers if not g.rules.instances[f].must_take]
    if not free:
        g.push("cell_free", p=seat, left=-1)
        return
    g.decide(
        seat,
        "cell",
        "You must leave one of your Followers locked in the Cell.",
        [Choice(f"leave:{f}", f"Leave the {g.card_name(f)}", [frame("cell_leave", p=seat, card=f)]) for f in free],
    )


def _cell_leave(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    cards.release(g, seat, card)
    cards.place(g, card, p.space)
    g.say(f"{g.name(seat)} leaves the {g.card_name(card)} locked in the Cell.", seat=seat)
    possessions.settle_packs(g, seat)
    g.push("cell_free", p=seat, left=card)


class CellFree(TypedDict):
    """Character ``p`` may free a Follower locked in the Cell, but for the one it has just left
    there (``left``: that card, or -1)."""

    p: int
    left: int


def _cell_free(g: Game, a: CellFree) -> None:
    seat = a["p"]
    space = g.players[seat].space
    prisoners = [
        c
        for c in g.cards_on(space)
        if g.rules.instances[c].type == "follower" and c != a["left"] and possessions.can_take(g, seat, c)
    ]
    if prisoners:
        g.decide(
            seat,
            "cell-free",
            "Free a Follower locked in the Cell?",
            [
                Choice("nothing", "Free no one", []),
                *[Choice(f"free:{c}", f"Free the {g.card_name(c)}", [frames.take(seat, c)]) for c in prisoners],
            ],
            confirm=True,
        )
