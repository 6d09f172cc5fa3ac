"""Hook points where special abilities (of characters, Followers and Objects)
add options or react. Modules register functions; the engine asks them all.

Each point collects options as ``(id, label, frames[, group])``:

- ``turn``: the turn menu (the Druid's change of alignment, the Elf's walk...)
- ``after_roll``: once the movement die is known (the Troll's regeneration)
- ``combat``: before a fight with creatures (taming, the Priest's exorcism...)
- ``meet``: meeting another character (the Thief's theft...)
- ``end_of_turn``: as the turn ends (building a raft)

and ``killed`` lets abilities react when creatures are killed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from talisman.engine.game import frame

if TYPE_CHECKING:
    from talisman.engine.game import Game

POINTS: dict[str, list[Callable]] = {
    "turn": [], "after_roll": [], "combat": [], "meet": [], "end_of_turn": [], "killed": [],
}


def ability(point: str):
    """Register a function at a hook point."""

    def register(fn):
        POINTS[point].append(fn)
        return fn

    return register


def _collect(point: str, *args) -> list[tuple]:
    out: list[tuple] = []
    for fn in POINTS[point]:
        out += fn(*args)
    return out


def turn_options(g: Game, seat: int, back: list) -> list[tuple]:
    return [] if g.players[seat].toad else _collect("turn", g, seat, back)


def after_roll_options(g: Game, seat: int, roll: int) -> list[tuple]:
    return [] if g.players[seat].toad else _collect("after_roll", g, seat, roll)


def combat_options(g: Game, seat: int, fight: dict, back: list) -> list[tuple]:
    return _collect("combat", g, seat, fight, back)


def meet_options(g: Game, seat: int, other: int) -> list[tuple]:
    """Abilities used on a character met; one able to evade here is first asked (``ability_on``)."""
    from talisman.engine.combat import can_evade_here

    if g.players[seat].toad:
        return []
    opts = _collect("meet", g, seat, other)
    if not can_evade_here(g, other):
        return opts
    return [(o[0], o[1], [frame("ability_on", a=seat, d=other, then=[list(f) for f in o[2]])], *o[3:]) for o in opts]


def end_of_turn_options(g: Game, seat: int) -> list[tuple]:
    return [] if g.players[seat].toad else _collect("end_of_turn", g, seat)


def on_enemies_killed(g: Game, seat: int, fight: dict) -> None:
    for fn in POINTS["killed"]:
        fn(g, seat, fight)
