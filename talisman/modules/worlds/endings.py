"""The ending tile (004 "Endings"): one of the endings drawn at random, laid face
down in the centre, revealed when a character first steps on it.

The endings drawn from are those of 004 this module plays (``ENDINGS``, each
registered below or in its own file, in 004's words where they differ from the
``endings`` module's 000 versions).

- Crown of Command (004, as the 4th edition): alone on it, the character casts
  the Command Spell at the start of each turn; on 4-6 every other character
  loses a life. Not alone, it must encounter the others there instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import stats
from talisman.engine.endings import rivals, rivals_on_crown
from talisman.modules.worlds import world
from talisman.modules.worlds.generator import ENDING
from talisman.modules.worlds.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

TITLES = {"worlds-crown": "Crown of Command"}
ENDINGS = tuple(TITLES)


@MODULE.ability("setup")
def lay_out(g: Game, seat: int) -> None:
    world.lay_out(g, ENDINGS)


@MODULE.ending_choice
def drawn(g: Game) -> str | None:
    return world.secret(g)["ending"] if world.active(g) and world.SECRET in g.globals else None


@MODULE.ability("arrive")
def reveal(g: Game, seat: int, came_from: int) -> None:
    """Stepping on the face-down ending turns it over."""
    if not world.active(g) or g.players[seat].space != g.rules.space_index[ENDING] or world.ending_revealed(g):
        return
    name = world.secret(g)["ending"]
    layout = g.globals[world.LAYOUT]
    g.globals[world.LAYOUT] = {**layout, "face_down": [], "labels": {ENDING: TITLES[name]}}
    g.say(f"{g.name(seat)} turns over the ending tile: {TITLES[name]}!", type="crown", seat=seat)


def _crown_reach(g: Game, seat: int) -> None:
    g.say(f"{g.name(seat)} takes the Crown of Command!", type="crown", seat=seat)
    here = rivals_on_crown(g, seat)
    if here:
        g.push("crown_challenge", p=seat, rivals=here)
    elif not rivals(g, seat):
        g.end([g.controller(seat)], "took the Crown of Command with no rival left")


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
