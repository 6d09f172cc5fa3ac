"""Leaving Another Talisman City (003 22:6), and what waits at the City Gates.

003: "When you leave the City you may pause your Movement at the City Gates to pick up any Animals
and/or Objects you left at the Stables, the North Gate or the West Gate. After you retrieve them you
may continue your Movement outside the City."

- Out by a gate (instead of moving, from a gate that is open): the character steps out to the City
  Gates (the main board's City space: the step costs nothing, our choice) and its movement is under
  way: it rolls its own die for the main board, then pauses at the City Gates, then moves the roll
  on from there (a Toad, the Poltergeist's victim, anyone in a Blizzard rolls nothing: it pauses, then
  moves its one space, as everywhere on the main board).
- The pause: what waits for the character is offered thing by thing, each a "may": a riding animal at
  the Stables (one left there on arrival rolls 22:6's die: 1 stolen with its load, 2 the Guards
  accuse it, Judgement Square, and its movement is over; 3-6 it comes back; one bought on this visit
  comes back without a die), a Bow with the guards, an Object at the Stables that no beast carries;
  the load comes back with the last beast. Going on leaves the rest there, for a later way out
  (choice: a beast bought on this visit and left so is then "left here", and rolls the die).
- A character whose move begins on the City Gates with things waiting there (it stopped there and
  left them, and goes on without entering, 22:22: "You may pick them up when you are ready to
  leave") pauses the same way after its roll. Choice: a Toad, a character moving one space or held,
  or promised another move, moves as the engine says, and its things wait on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from talisman.engine import abilities, cards, effects, frames, movement, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.city_districts.module import MODULE
from talisman.modules.city_districts.rules import (
    GATES_SPACE,
    at,
    guards,
    is_steed,
    left_city,
    space,
    stables,
    take_back,
)

if TYPE_CHECKING:
    from talisman.engine.game import Game


def waiting(g: Game, seat: int) -> list[int]:
    """What waits for the character at the City Gates: with the guards, at the Stables."""
    return cards.held_by(g, guards(seat)) + cards.held_by(g, stables(seat))


@MODULE.handler("city_leave_city", args=frames.Seat)
def _leave_city(g: Game, a: frames.Seat) -> None:
    """22:6: out to the City Gates; the movement begins there (the roll), with the pause."""
    seat = a["p"]
    p = g.players[seat]
    p.status.pop("city-released", None)
    g.say(f"{g.name(seat)} leaves the City by the {g.space_name(p.space)}.", type="move", seat=seat)
    movement.put(g, seat, space(g, GATES_SPACE))
    left_city(g, seat)
    if movement.one_space_only(g, seat):
        g.push_all([frame("city_collect", p=seat), frames.move_choose(seat, roll=1, fixed=True)])
    else:
        g.push("city_gates_roll", p=seat)


@MODULE.ability("own_move")
def ready_to_leave(g: Game, seat: int) -> list[Choice] | None:
    """A move from the City Gates with things waiting there: the roll, then the pause to take them back."""
    p = g.players[seat]
    if not at(g, seat, GATES_SPACE) or not waiting(g, seat):
        return None
    if movement.one_space_only(g, seat) or movement.held_here(g, seat) or "next_move" in p.status:
        return None
    if "airship" in p.status:
        return None  # aboard an Airship: its own way to move
    die = abilities.movement_die(g, seat)
    label = f"Roll the D{die} to move (pausing at the City Gates to take back what waits there)"
    return one_option(seat, "roll", label, "city_gates_roll")


@MODULE.handler("city_gates_roll", args=frames.Seat)
def _gates_roll(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    die = f"D{abilities.movement_die(g, seat)}"
    effects.roll(g, seat, die, frame("city_gates_pause", p=seat), why="movement")


@MODULE.handler("city_gates_pause", args=frames.Rolled)
def _pause(g: Game, a: frames.Rolled) -> None:
    """The roll is made: pause at the City Gates (if anything waits), then move it on."""
    seat = a["p"]
    g.push_all([frame("city_collect", p=seat), frames.move_choose(seat, roll=a["roll"])])


def collect_choices(g: Game, seat: int) -> list[Choice]:
    """One Choice for each thing the character may take back now (a beast's load comes with the last beast)."""
    p = g.players[seat]
    bought = set(p.status.get("city-bought", ()))
    at_stables = cards.held_by(g, stables(seat))
    beasts = [c for c in at_stables if is_steed(g, c)]
    again = [frame("city_collect", p=seat)]
    out = []
    for c in beasts:
        how = "bought on this visit: no die" if c in bought else "a die: it may have been stolen"
        fetch = frame("city_fetch", p=seat, beast=c)
        out.append(Choice(f"take:{c}", f"Fetch the {g.card_name(c)} from the Stables ({how})", [fetch, *again]))
    loose = [] if beasts else [(c, "from the Stables") for c in at_stables]  # a load comes with its beast
    for c, where in [(c, "back from the guards") for c in cards.held_by(g, guards(seat))] + loose:
        out.append(
            Choice(f"take:{c}", f"Take the {g.card_name(c)} {where}", [frame("city_take", p=seat, card=c), *again])
        )
    return out


@MODULE.handler("city_collect", args=frames.Seat)
def _collect(g: Game, a: frames.Seat) -> None:
    """The pause at the City Gates: take back what the character will, a thing at a time, or go on (the
    engine's kind of decision for what to take, ``take``: its ids, ``take:<card>`` and ``done``)."""
    seat = a["p"]
    offers = collect_choices(g, seat)
    if not offers:
        g.players[seat].status.pop("city-bought", None)
        return
    go_on = Choice("done", "Go on, leaving the rest at the City Gates", [frame("city_go_on", p=seat)])
    g.decide(seat, "take", "You pause at the City Gates: what do you take back?", [*offers, go_on])


@MODULE.handler("city_go_on", args=frames.Seat)
def _go_on(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].status.pop("city-bought", None)  # a beast not fetched is one left here now
    left = [g.card_name(c) for c in waiting(g, seat)]
    g.say(f"{g.name(seat)} goes on; waiting at the City Gates: {', '.join(left)}.", seat=seat)


class CityFetch(TypedDict):
    """Character ``p`` fetches its ``beast`` (a card) on leaving the City."""

    p: int
    beast: int


@MODULE.handler("city_fetch", args=CityFetch)
def _fetch_beast(g: Game, a: CityFetch) -> None:
    """A beast bought on this visit comes back at once; one left on arrival rolls for theft (``city_theft``)."""
    seat, beast = a["p"], a["beast"]
    p = g.players[seat]
    bought = p.status.get("city-bought", ())
    if beast not in bought:
        why = f"the {g.card_name(beast)} at the Stables"
        effects.roll(g, seat, "D6", frame("city_theft", p=seat, beast=beast), why=why)
        return
    left = [c for c in bought if c != beast]
    if left:
        p.status["city-bought"] = left
    else:
        del p.status["city-bought"]
    loads = [c for c in cards.held_by(g, stables(seat)) if not is_steed(g, c)]
    beasts = [c for c in cards.held_by(g, stables(seat)) if is_steed(g, c)]
    take_back(g, seat, [beast, *(loads if len(beasts) == 1 else ())])


@MODULE.handler("city_take", args=frames.CardOf)
def _take_thing(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    holder = guards(seat) if card in cards.held_by(g, guards(seat)) else stables(seat)
    cards.unhold(g, holder, card)
    possessions.give_item(g, seat, card)
    possessions.settle_packs(g, seat)
