"""000's Disasters rules ("TALISMAN Disasters").

- The cards: twelve Adventure cards numbered 0 and labelled Disaster (subtype
  ``disaster``), nine striking the Outer Region, one the Middle, two the Inner.
- Drawn, a Disaster is played at once, before anything else is met (its
  ``on_draw``: the verb ``disaster``): it goes to the space its card names (a
  ``kind`` of space in a ``region``); where the board has several of them
  (Fields, Plains...), the player who drew it chooses one not struck yet. With
  none left to strike (every one struck, or a board without such a space), it
  is removed from the game.
- The characters on that space are struck at once (the card's ``strike``).
- Then the card lies face up on that space for the rest of the game (type
  ``place``, trait ``fixed``: no card filter picks it, so nothing discards it).
  That is the lasting change: everyone who meets the space meets the card first
  (number 0), and on a space that draws cards it counts among them (the Fields
  draw nothing more: the Flood is all there is). The front ends draw a struck
  space with the Disaster's name.
- Choice: the card drawn was one of the cards the drawer's space asked for;
  played elsewhere, another is drawn in its place. The encounter already begun
  goes on (a drawer struck on its own space meets the Disaster card there too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.content.places import place_name
from talisman.content.vocabulary import _fail, _str, _table, effects
from talisman.engine import cards, frames
from talisman.engine import effects as run_effects
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.disasters.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

SUBTYPE = "disaster"


def _disaster(v: Any, path: str) -> None:
    _table(v, path, {"kind": _str, "region": _str, "strike": effects}, ("kind", "region", "strike"))
    if not v["strike"]:
        _fail(f"{path}.strike", "a Disaster strikes those on its space: name what it does to them")


def struck(g: Game, space: int, but: int | None = None) -> int | None:
    """The Disaster lying on a space (other than ``but``: one just drawn there), if one struck it."""
    return next((c for c in g.cards_on(space) if c != but and g.rules.instances[c].subtype == SUBTYPE), None)


def targets(g: Game, kind: str, region: str, card: int | None = None) -> list[int]:
    """The spaces the Disaster ``card`` may strike: those of its kind and region not struck yet."""
    spaces = g.rules.spaces
    return [s.index for s in spaces if s.kind == kind and s.region == region and struck(g, s.index, card) is None]


@MODULE.verb("disaster", _disaster)
def disaster(g: Game, seat: int, params: dict[str, Any], ctx: dict[str, Any]) -> None:
    """The Disaster just drawn goes from the drawer's space to the one it strikes (it lies where it
    was drawn while the drawer chooses)."""
    card, here = ctx["src"], ctx["space"]
    if card not in g.cards_on(here):
        return
    name = g.card_name(card)
    g.say(f"Disaster! {g.name(seat)} draws the {name}.", type="draw", seat=seat, card=name)
    where = targets(g, params["kind"], params["region"], card)
    if not where:
        cards.lift(g, card, here)
        cards.remove(g, card)
        g.say(f"The {name} finds nothing left to strike.", seat=seat)
        g.push_frame(frames.draw_cards(seat, len(g.cards_on(here)) + 1))
        return
    g.decide(
        seat,
        "disaster-space",
        f"The {name} strikes: choose the space it falls on.",
        [
            Choice(
                f"space:{g.rules.spaces[s].id}",
                f"The {place_name(g.rules, g.rules.spaces[s].id)}",
                [frame("disaster_strike", p=seat, card=card, space=s, drawn_on=here)],
            )
            for s in where
        ],
    )


class DisasterStrike(frames.CardOn):
    """The Disaster ``card`` drawn by character ``p`` on the space ``drawn_on`` strikes the space
    ``space``."""

    drawn_on: int


@MODULE.handler("disaster_strike", args=DisasterStrike)
def _disaster_strike(g: Game, a: DisasterStrike) -> None:
    """The card lies on its space from now on; the characters there are struck at once."""
    seat, card, space, drawn_on = a["p"], a["card"], a["space"], a["drawn_on"]
    if card not in g.cards_on(drawn_on):
        return
    cards.lift(g, card, drawn_on)
    cards.place(g, card, space)
    where = place_name(g.rules, g.rules.spaces[space].id)
    g.say(f"The {g.card_name(card)} strikes the {where}.", type="disaster", seat=seat, space=g.rules.spaces[space].id)
    if space != drawn_on and g.players[seat].space == drawn_on:
        g.push_frame(frames.draw_cards(seat, len(g.cards_on(drawn_on)) + 1))  # in the place of the card drawn
    strike = g.rules.instances[card].on_draw[0]["disaster"]["strike"]
    for p in reversed(g.players):  # pushed last first: the first seat is struck first
        if p.alive and p.space == space:
            run_effects.run(g, p.seat, strike, {"src": card, "space": space})
