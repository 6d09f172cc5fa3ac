"""The ending tile (004 "Endings"): one of the eight endings drawn at random (or
chosen: option ``worlds-ending``), laid face down in the centre, turned over
when a character first steps on it. Each ending's rules are in 004's words,
where they differ from the ``endings`` module's 000 versions (bosses.py,
doom.py, royale.py); here the shared parts and the Crown of Command.

- Crown of Command (004, as the 4th edition): alone on it, the character casts
  the Command Spell at the start of each turn; on 4-6 every other character
  loses a life. Not alone, it must encounter the others there instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import stats
from talisman.engine.endings import crown_reached, ending_of, rivals, rivals_on_crown
from talisman.modules.worlds import world
from talisman.modules.worlds.generator import ENDING
from talisman.modules.worlds.module import ENDINGS, MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


@MODULE.ability("setup")
def lay_out(g: Game, seat: int) -> None:
    world.lay_out(g, tuple(ENDINGS))


@MODULE.ending_choice
def drawn(g: Game) -> str | None:
    return world.secret(g)["ending"] if world.active(g) and world.SECRET in g.globals else None


def ending_here(g: Game) -> str:
    """The ending on the world's centre tile now."""
    return ending_of(g)


def on_ending(g: Game, seat: int) -> bool:
    return g.players[seat].alive and g.players[seat].space == g.rules.space_index[ENDING]


def at_ending(g: Game) -> list[int]:
    """The living characters on the ending tile, in seat order."""
    return [p.seat for p in g.players if on_ending(g, p.seat)]


@MODULE.ability("arrive")
def reveal(g: Game, seat: int, came_from: int) -> None:
    """Stepping on the face-down ending turns it over."""
    if not world.active(g) or not on_ending(g, seat) or world.ending_revealed(g):
        return
    name = world.secret(g)["ending"]
    layout = g.globals[world.LAYOUT]
    g.globals[world.LAYOUT] = {**layout, "face_down": [], "labels": {ENDING: ENDINGS[name]}}
    g.say(f"{g.name(seat)} turns over the ending tile: {ENDINGS[name]}!", type="crown", seat=seat)


# --- the Crown of Command ------------------------------------------------------------------------


def _crown_reach(g: Game, seat: int) -> None:
    crown_reached(
        g, seat, f"{g.name(seat)} takes the Crown of Command!", "took the Crown of Command with no rival left"
    )


def _crown_turn_start(g: Game, seat: int) -> None:
    if rivals_on_crown(g, seat):
        g.push("crown_challenge", p=seat, rivals=rivals_on_crown(g, seat))
        return
    if g.players[seat].toad or stats.has_trait(g, seat, "no-spells"):
        g.say(f"{g.name(seat)} cannot cast the Command Spell now.", seat=seat)
        return
    if not rivals(g, seat):
        g.end([g.controller(seat)], "rules from the Crown of Command")
        return
    g.push("command_spell", p=seat, victim=-1)  # on 4-6 every other character loses a life


MODULE.ending("worlds-crown", _crown_reach, _crown_turn_start)
