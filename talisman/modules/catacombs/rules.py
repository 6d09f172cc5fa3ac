"""000's Catacombs rules ("THE TALISMAN CATACOMBS").

- No board: a character below stands on the one space ``catacombs``, which no
  passage joins to any board. It is no place one can point to, so characters
  below never meet one another there (the space has no character encounters).
- Going below (``enter_catacombs``, the verb of the cards that lead there) takes
  the character and its party, and ends its turn: the next turn is the first
  below. Nothing of the Dungeon holds it: a way in from the Dungeon's deck goes
  below all the same.
- Each turn below, instead of moving, the character draws a Catacombs card and
  meets it as usual (the space holds it to that: ``hold``).
- Nothing stays: when its turn ends, every card on the space that was not taken
  is discarded, Enemies beaten or not, Strangers, Places, and the Locales, met
  or not (also before a card is drawn, for what a death below left lying).
- The Exit card offers the way up; climbing out, 2 dice tell where the party
  emerges (the chart is on the card, our own design: 000 gives none).
- Events: the region is ``sheltered`` from ``events`` (board.toml): only the
  Earthquake (``target = "everywhere"``) reaches below from the land.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.content.vocabulary import _str
from talisman.engine import cards, holds, lives, movement
from talisman.modules.catacombs.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

CATACOMBS = "catacombs"
HOLD = "darkness of the Catacombs: draw a Catacombs card"


def below(g: Game, seat: int) -> bool:
    """Is the character in the Catacombs?"""
    return g.rules.spaces[g.players[seat].space].region == CATACOMBS


def space(g: Game) -> int:
    return g.rules.space_index[CATACOMBS]


@MODULE.verb("enter_catacombs", _str)
def enter_catacombs(g: Game, seat: int, text: str, ctx: dict[str, Any]) -> None:
    """The character and its party go below (``text``: how, for the log: "falls through the Sinkhole");
    its turn ends."""
    p = g.players[seat]
    if not p.alive or below(g, seat):
        return
    movement.put(g, seat, space(g))
    holds.release(g, seat)
    g.say(f"{g.name(seat)} {text} into the Catacombs.", type="move", seat=seat, space=CATACOMBS)
    if seat == g.active:
        lives.end_turn_now(g)


@MODULE.ability("turn_start")
def groping_in_the_dark(g: Game, seat: int) -> None:
    """Below, the turn's move is to draw a Catacombs card."""
    if below(g, seat):
        holds.hold(g, seat, HOLD, [{"hook": "catacombs-draw"}], space=space(g))


@MODULE.hook("catacombs-draw")
def catacombs_draw(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Draw one Catacombs card and meet it (the space's own encounter: ``draw = 1``)."""
    clear(g)
    g.say(f"{g.name(seat)} gropes on through the dark.", seat=seat)
    g.push("encounter_space", p=seat)


@MODULE.ability("turn_end")
def nothing_stays(g: Game, seat: int) -> None:
    if g.rules.has_module(MODULE.name):
        clear(g)


def clear(g: Game) -> None:
    """Discard every card lying below (none stays in play unless taken), and any gold dropped there."""
    left = cards.clear_space(g, space(g))
    if left:
        g.say(f"Left in the dark, discarded: {', '.join(g.card_name(c) for c in left)}.")
