"""Where 000's City lies: its spaces' ids and the questions rules and law both ask of a place
(in the City? a building? a street?), below both so that neither imports the other to ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import movement
from talisman.modules.city_classic.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

CITY = "city"
GATE = "city-gate"
MAIN_CITY = "city"  # the main board's City space (an Outer Region space of the core game)
WHARF = "wharf"
DONJON = "donjon"
RELEASE = "watch-street"  # where the Donjon lets its prisoners out (our own)
DOORWAY_STREET = "river-walk"  # where the City's Dungeon Doorway lies (our own)


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def in_city(g: Game, seat: int) -> bool:
    return g.rules.spaces[g.players[seat].space].region == CITY


def is_building(g: Game, space: int) -> bool:
    sdef = g.rules.spaces[space]
    return sdef.region == CITY and sdef.stop


def on_street(g: Game, seat: int) -> bool:
    """In the City but in no building and not in the Donjon: the streets, the Town Square, the Wharf, the Gate."""
    space = g.players[seat].space
    return in_city(g, seat) and not is_building(g, space) and g.rules.spaces[space].id != DONJON


def door_of(g: Game, building: int) -> int:
    """The street a building's door opens on."""
    return g.rules.links_of(building, "passage")[0][1]


def space(g: Game, sid: str) -> int:
    return g.rules.space_index[sid]


def put_in_city(g: Game, seat: int, sid: str) -> None:
    """Set a character straight down on a space of the City (no move, nothing met there)."""
    movement.put(g, seat, space(g, sid))
    g.players[seat].status["in-city"] = True
