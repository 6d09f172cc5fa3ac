"""000's Dungeon rules ("THE TALISMAN DUNGEON").

- Doorways: four Place cards in the Adventure deck; one drawn stays face up
  where it was found; with two on the board a third is discarded and another
  card drawn. A character that lands on a Doorway may, on its next turn, go
  down to the Entrance, where its turn ends (Horses, Warhorses and Horses and
  Carts are left on the Entrance). From the Entrance it goes on into the
  Dungeon, or climbs back out through any face-up Doorway (its turn ends there).
- Sealing: with no face-up Doorway on the board (all removed, or turned face
  down by the Scout) the Dungeon is sealed until another is found; those
  inside may leave only through the Treasure Chamber, and none may flee.
- Moving: one die, as in the Outer and Middle Regions, along the spiral toward
  the Treasure Chamber only, except when a card or space says so, on the turn
  after a defeat in battle or psychic combat (toward the Entrance, stopping
  there), and while fleeing. Fleeing may be declared at the start of a turn
  once the Entrance is left behind; it lasts until the Entrance is reached,
  through defeats too. Nothing teleports a character out of the Dungeon.
- The Treasure Chamber ends any move; the next turn's move is a die on its
  chart, plus 1 for each character on the Crown of Command (over 6 reads 6).
- The Dungeon is part of the Outer Region for cards that strike a region, and
  the Blizzard does not reach it (the region's ``events_as`` and ``sheltered``).

000's character exceptions that apply in the Dungeon (Large characters roll a
D4, the Dwarf may evade, the Warrior fights with one Weapon, the Prophetess
draws no extra cards, no special attack on the Guard...) are traits of the
characters, read where the region is ``dungeon`` (core/character_rules.py and
the roster module): they wake up in a game with this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, effects, frames, lives, movement
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.dungeon_classic.module import MODULE
from talisman.modules.shared import flight

if TYPE_CHECKING:
    from talisman.engine.game import Game

DUNGEON = "dungeon"
ENTRANCE = "entrance"
DOORWAY = "Doorway"
MAX_DOORWAYS = 2
# The Treasure Chamber chart (facts/city-timescape-classic.md 3): a die, +1 per
# character on the Crown of Command, more than 6 read as 6.
CHART = {1: "castle", 2: "temple", 3: "warlocks-cave", 4: "portal-of-power", 5: "plain-of-peril", 6: "crown-of-command"}


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def in_dungeon(g: Game, seat: int) -> bool:
    return g.rules.spaces[g.players[seat].space].region == DUNGEON


def doorways(g: Game) -> list[tuple[int, int]]:
    """Every Doorway lying on the board, with its space."""
    return [(s, c) for s, held in sorted(g.board.items()) for c in held if g.card_name(c) == DOORWAY]


def open_doorways(g: Game) -> list[tuple[int, int]]:
    """The Doorways lying face up (not turned over by the Scout: ``turned-doorways``)."""
    turned = g.globals.get("turned-doorways", ())
    return [(s, c) for s, c in doorways(g) if c not in turned]


def sealed(g: Game) -> bool:
    return not open_doorways(g)


# --- Doorways: finding them, going down, climbing out ------------------------------------------


@MODULE.ability("draw_refused")
def third_doorway(g: Game, card: int) -> bool:
    """Two Doorways at most on the main board; the Talisman City's own (000's Scout: "two on
    the Main Board and one in the City", module ``city-classic``) is not one of them."""
    on_main = [s for s, _ in doorways(g) if g.rules.spaces[s].region != "city"]
    return g.card_name(card) == DOORWAY and active(g) and len(on_main) >= MAX_DOORWAYS


@MODULE.hook("doorway-found")
def doorway_found(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """A new Doorway unseals the Dungeon.

    One card: a new Doorway unseals the classic Dungeon."""
    if g.globals.pop("dungeon-sealed", None):
        g.say("A new Doorway is found: the Dungeon is open again.", seat=seat)


@MODULE.hook("doorway")
def doorway(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: a way down into the Dungeon next turn, unless the Doorway was turned."""
    if ctx["src"] in g.globals.get("turned-doorways", ()):
        return
    g.players[seat].status["doorway"] = {"space": g.players[seat].space, "turn": g.turn}
    g.say(f"{g.name(seat)} finds a Doorway into the Dungeon: next turn it may go down.", seat=seat)


@MODULE.ability("turn")
def doorway_moves(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    if not active(g):
        return []
    p = g.players[seat]
    here = p.space
    found = p.status.get("doorway")
    opts: list[Choice] = []
    if found and found["space"] == here and found["turn"] < g.turn and any(s == here for s, _ in open_doorways(g)):
        opts.append(
            Choice(
                "enter-dungeon",
                "Go down through the Doorway to the Dungeon's Entrance (your turn ends there)",
                [frame("enter_dungeon", p=seat)],
            )
        )
    if g.rules.spaces[here].id == ENTRANCE:
        for s, _ in open_doorways(g):
            opts.append(
                Choice(
                    f"climb-out:{g.rules.spaces[s].id}",
                    f"Climb out through the Doorway on the {g.space_name(s)} (your turn ends there)",
                    [frame("climb_out", p=seat, to=s)],
                )
            )
    return opts


@MODULE.handler("enter_dungeon", args=frames.Seat)
def _enter_dungeon(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    entrance = g.rules.space_index[ENTRANCE]
    p.status.pop("doorway", None)
    movement.put(g, seat, entrance)
    g.say(f"{g.name(seat)} goes down into the Dungeon and waits at the Entrance.", type="move", seat=seat)
    for c in [c for c in p.objects + p.packed + p.followers if "horse" in g.rules.instances[c].traits]:
        cards.release(g, seat, c)
        cards.place(g, c, entrance)
        g.say(f"The {g.card_name(c)} cannot go down: it is left at the Entrance.", seat=seat)
    lives.end_turn_now(g)


@MODULE.handler("climb_out", args=frames.GoTo)
def _climb_out(g: Game, a: frames.GoTo) -> None:
    seat = a["p"]
    movement.put(g, seat, a["to"])
    g.say(f"{g.name(seat)} climbs out of the Dungeon onto the {g.space_name(a['to'])}.", type="move", seat=seat)
    lives.end_turn_now(g)


@MODULE.ability("arrive", character=("doorway", "flight"))
def left_doorway(g: Game, seat: int, came_from: int) -> None:
    p = g.players[seat]
    found = p.status.get("doorway")
    if found and found["space"] != p.space:
        del p.status["doorway"]
    if p.status.get("flight") and g.rules.spaces[p.space].id == ENTRANCE:
        del p.status["flight"]
        g.say(f"{g.name(seat)} reaches the Entrance: the flight is over.", seat=seat)


# --- moving in the Dungeon ------------------------------------------------------------------------


@MODULE.ability("move_allowed")
def along_the_spiral(g: Game, seat: int, path: list[int]) -> bool:
    """Toward the Treasure Chamber only; toward the Entrance only when fleeing, or
    on the turn after a defeat."""
    if not active(g) or not in_dungeon(g, seat) or not path:
        return True
    p = g.players[seat]
    back = bool(p.status.get("flight")) or p.status.get("retreat", g.turn) < g.turn
    prev = p.space
    for step in path:
        if g.rules.spaces[step].region == DUNGEON and (step == g.rules.cw[prev]) == back:
            return False
        prev = step
    return True


@MODULE.ability("teleport_allowed")
def no_teleport_out(g: Game, seat: int, to: int) -> bool:
    return not (active(g) and in_dungeon(g, seat) and g.rules.spaces[to].region != DUNGEON)


@MODULE.ability("defeated")
def beaten_back(g: Game, seat: int) -> None:
    """000: beaten in battle or psychic combat in the Dungeon, the next move is toward the Entrance."""
    if active(g) and in_dungeon(g, seat):
        g.players[seat].status["retreat"] = g.turn


@MODULE.ability("turn_end", character="retreat")
def retreat_done(g: Game, seat: int) -> None:
    p = g.players[seat]
    if p.status.get("retreat", g.turn) < g.turn:
        del p.status["retreat"]


@MODULE.ability("turn")
def declare_flight(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if (
        not active(g)
        or not in_dungeon(g, seat)
        or p.status.get("flight")
        or sealed(g)
        or g.rules.spaces[p.space].id == ENTRANCE
    ):
        return []
    return [flight.flee_choice(seat, "declare_flight", "toward the Entrance", back)]


MODULE.handler("declare_flight", args=frames.Seat)(flight.declare)


@MODULE.ability("turn_start", character="flight")
def flight_sealed(g: Game, seat: int) -> None:
    """In a sealed Dungeon flight is vain: the way out is the Treasure Chamber."""
    p = g.players[seat]
    if p.status.get("flight") and (not in_dungeon(g, seat) or sealed(g)):
        del p.status["flight"]
        if in_dungeon(g, seat):
            g.say(
                f"The Dungeon is sealed: {g.name(seat)} must find its way out through the Treasure Chamber.", seat=seat
            )


# --- rooms ------------------------------------------------------------------------------------


@MODULE.hook("treasure-chamber-exit")
def treasure_chamber_exit(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Treasure Chamber's chart of ways out of the classic Dungeon."""
    effects.roll(g, seat, "D6", frame("chamber_chart", p=seat), why="the Treasure Chamber chart")


@MODULE.handler("chamber_chart", args=frames.Rolled)
def _chamber_chart(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    crowned = sum(1 for p in g.players if p.alive and g.rules.spaces[p.space].kind == "crown")
    result = min(6, a["roll"] + crowned)
    dest = g.rules.space_index[CHART[result]]
    g.say(
        f"{g.name(seat)} leaves the Treasure Chamber: {a['roll']}"
        f"{f' + {crowned} on the Crown' if crowned else ''} = {result}, the {g.space_name(dest)}.",
        type="move",
        seat=seat,
    )
    g.push_frame(frames.arrive(seat, dest, "move"))
