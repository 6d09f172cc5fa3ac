"""The tiles whose rules 004 changes or the world's shape makes new.

- Portal of Power (004): draw one card, or instead try the Portal: choose
  Strength or Craft, roll 2D6; at or under it, go to the Plain of Peril. 004
  names no cost for a failed try, so none is taken (unlike 000's lost point).
- The Plain of Peril: 004's six inner tiles leave it out, yet the Portal, the
  Crypt and the Mines send characters there. Our reading (``design = our-own``):
  where it is not on the world, "the Plain of Peril" is the inner tiles beside
  the Portal of Power, and the character picks one of them.
- Sentinel (004: crossing from the outer region, it must be beaten, then roll
  next turn): a character on the Sentinel may fight it (Strength 9, the map
  tool's figure) instead of drawing; beaten, its bridge is open to that
  character's next move from there (movement.py).
- Valley of Fire (004): give up a Talisman to be let on to the ending on the
  next turn (movement.py offers the way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, lives, movement, possessions, stats
from talisman.engine.combat import fight_creature
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.worlds import world
from talisman.modules.worlds.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

SENTINEL_STRENGTH = 9
PASSED = "sentinel-passed"  # status: beaten the Sentinel, its bridge open from its tile
PAID = "valley-paid"  # status: gave up a Talisman in the Valley of Fire


def here(g: Game, seat: int, sid: str) -> bool:
    return g.players[seat].space == g.rules.space_index[sid]


# --- the Portal of Power ---------------------------------------------------------------------


@MODULE.ability("land")
def portal_try(g: Game, seat: int) -> list[Choice]:
    if not world.active(g) or not here(g, seat, "portal-of-power"):
        return []
    return one_option(
        seat,
        "worlds-portal",
        "Try the Portal of Power instead of drawing (2 dice, at or under Strength or Craft)",
        "worlds_portal",
        "main",
    )


@MODULE.handler("worlds_portal", args=frames.Seat)
def _portal(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.decide(
        seat,
        "worlds-portal",
        "The Portal of Power: with what do you try it?",
        [
            Choice(
                attr,
                f"{attr.title()} ({value}): roll 2 dice, at or under it",
                [
                    frames.roll(
                        seat, "2D6", ["worlds_portal_result", {"p": seat, "attr": attr}], why="the Portal of Power"
                    )
                ],
            )
            for attr, value in (("strength", stats.strength(g, seat)), ("craft", stats.craft(g, seat)))
        ],
    )


class PortalResult(frames.Rolled):
    """The roll of character ``p`` against its ``attr`` to pass a Portal."""

    attr: str


@MODULE.handler("worlds_portal_result", args=PortalResult)
def _portal_result(g: Game, a: PortalResult) -> None:
    seat = a["p"]
    value = stats.strength(g, seat) if a["attr"] == "strength" else stats.craft(g, seat)
    if a["roll"] > value:
        g.say(f"The Portal of Power stays shut to {g.name(seat)}.", seat=seat)
        return
    g.say(f"The Portal of Power opens for {g.name(seat)}.", seat=seat)
    to_peril(g, seat, encounter=True)


# --- the Plain of Peril ----------------------------------------------------------------------


def peril_tiles(g: Game) -> list[int]:
    """Where "the Plain of Peril" is on this world: its tile, or the inner tiles beside the Portal."""
    geo = world.geometry(g)
    plain = g.rules.space_index["plain-of-peril"]
    if geo.on_world(plain):
        return [plain]
    portal = g.rules.space_index["portal-of-power"]
    return sorted(t for t in geo.near[portal] if geo.ring[t] == 1)


def to_peril(g: Game, seat: int, encounter: bool) -> None:
    """Send a character to the Plain of Peril (its choice of tile where there are two); the move ends the turn."""
    if seat == g.active:
        lives.end_turn_now(g)
    ways = peril_tiles(g)
    go = [
        Choice(
            f"move:{g.rules.spaces[t].id}",
            f"Go to the {g.space_name(t)}",
            [frame("worlds_go", p=seat, space=t, encounter=encounter)],
        )
        for t in ways
    ]
    if len(go) == 1:
        g.push_all(go[0].frames)
    else:
        g.decide(seat, "worlds-peril", "The Plain of Peril: on which inner tile do you come out?", go)


@MODULE.hook("worlds-peril")
def peril(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    to_peril(g, seat, encounter=False)


class Go(TypedDict):
    """Character ``p`` goes to the space of index ``space`` (``encounter``: it meets the space)."""

    p: int
    space: int
    encounter: bool


@MODULE.handler("worlds_go", args=Go)
def _go(g: Game, a: Go) -> None:
    seat, to = a["p"], a["space"]
    if a["encounter"]:
        g.push_frame(frames.arrive(seat, to, "move"))
        return
    movement.put(g, seat, to)
    g.say(f"{g.name(seat)} is moved to the {g.space_name(to)}.", type="move", seat=seat)


# --- the Sentinel ----------------------------------------------------------------------------


@MODULE.ability("land")
def sentinel_challenge(g: Game, seat: int) -> list[Choice]:
    if not world.active(g) or not here(g, seat, "sentinel") or PASSED in g.players[seat].status:
        return []
    return one_option(
        seat,
        "worlds-sentinel",
        f"Fight the Sentinel (Strength {SENTINEL_STRENGTH}) to cross the river next turn",
        "worlds_sentinel",
        "main",
    )


@MODULE.handler("worlds_sentinel", args=frames.Seat)
def _sentinel(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    fight_creature(
        g,
        seat,
        {"name": "Sentinel", "strength": SENTINEL_STRENGTH, "trophy": False},
        {},
        win=[frame("worlds_sentinel_passed", p=seat)],
    )


@MODULE.handler("worlds_sentinel_passed", args=frames.Seat)
def _sentinel_passed(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].status[PASSED] = g.turn
    g.say(f"The Sentinel lets {g.name(seat)} by: next turn its bridge leads over the river.", seat=seat)


@MODULE.ability("arrive")
def ways_closed(g: Game, seat: int, came_from: int) -> None:
    """The way over the bridge is open only from the Sentinel's tile, the way to the ending only
    from the Valley of Fire: leaving the tile closes it."""
    if not world.active(g):
        return
    if not here(g, seat, "sentinel"):
        g.players[seat].status.pop(PASSED, None)
    if not here(g, seat, "valley-of-fire"):
        g.players[seat].status.pop(PAID, None)


# --- the Valley of Fire ----------------------------------------------------------------------


def talismans(g: Game, seat: int) -> list[int]:
    p = g.players[seat]
    return [c for c in p.objects + p.packed if "talisman" in g.rules.instances[c].traits]


@MODULE.hook("worlds-valley")
def valley(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a Talisman given up opens the way on to the ending."""
    if PAID in g.players[seat].status:
        return
    held = talismans(g, seat)
    if not held:
        g.say(f"{g.name(seat)} has no Talisman to give up: the way on to the ending stays closed.", seat=seat)
        return
    g.offer(
        seat,
        "worlds-valley",
        "The Valley of Fire: give up a Talisman, and go on to the ending next turn?",
        Choice("give", "Give up a Talisman", [frame("worlds_valley_paid", p=seat, card=held[0])]),
        ("keep", "Keep it"),
    )


@MODULE.handler("worlds_valley_paid", args=frames.CardOf)
def _valley_paid(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    cards.release(g, seat, card)
    cards.discard(g, card)
    possessions.settle_packs(g, seat)
    g.players[seat].status[PAID] = g.turn
    g.say(f"{g.name(seat)} gives up a Talisman to the Valley of Fire: the ending lies open.", seat=seat)
