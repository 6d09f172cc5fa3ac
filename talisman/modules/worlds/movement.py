"""Moving on a world (004 "Getting Around").

The die depends on where the turn starts: a D4 in the Outer Region, a D3 in
the river and the Middle Region; the character moves to any tile up to that
many steps away (not the full count: "up to the maximum"), a step being to a
touching tile. Everywhere:

- Water tiles are crossed only with a raft (one ready from an earlier turn, as
  the core game's; crossing uses it up); Desert tiles only with a Water Bottle
  (``desert-safe``); no move ends on either.
- The Oasis and the Hidden Valley are one way, outward: entered only from the
  Middle Region side (a lower ring) and left only outward (to a higher ring),
  so the Outer Region cannot use them.
- The inner ring is entered only through the Portal of Power (tiles.py), the
  ending only from the Valley of Fire once a Talisman was given up there.
- The Sentinel's bridge: from the Sentinel, once beaten (tiles.py), a step to
  a Middle tile two hexes away, over the river; back out it is free.
- The Dungeon ring (option ``worlds-dungeon``): a D6 there; in and out only by
  the Dungeon Entrance (or out of the Treasure Chamber, dungeon.py), never onto
  the Mountains; a move ends on the Treasure Chamber. 004's "newly discovered
  portals" into the Dungeon come from the Dungeon expansion's cards, which are
  not in play here: there are none.

In the inner ring (and on the ending) there is no roll: one step to a
touching inner tile a turn. Our own additions (``design = our-own``): from an
inner tile beside the Portal of Power a character may go back out to it (a
whole move, encountered), and from the ending back to the Valley of Fire; a
space that holds a character (the Werewolf, Death) is faced first, as in the
core game.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from talisman.content.places import place_name
from talisman.engine import frames, movement, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.worlds import world
from talisman.modules.worlds.generator import ENDING
from talisman.modules.worlds.module import MODULE
from talisman.modules.worlds.tiles import PAID, PASSED

if TYPE_CHECKING:
    from talisman.engine.game import Game
    from talisman.modules.worlds.world import Geometry

DICE = {"outer": 4, "river": 3, "middle": 3, "worlds-dungeon": 6}
STEPPING = ("inner", "crown")
DUNGEON_RING = 5


def region_here(g: Game, seat: int) -> str:
    return g.rules.spaces[g.players[seat].space].region


@MODULE.ability("movement_die")
def world_die(g: Game, seat: int) -> int:
    """004: D4 starting in the Outer Region, D3 in the river or the Middle Region, D6 in the
    Dungeon, whatever the character's size. A slave of
    the Temple, who goes free on a 4-6 (004's own table), rolls a D6 (our reading: a D3 never
    could), and moves up to it once free."""
    if not world.active(g) or region_here(g, seat) not in DICE:
        return 0
    return 6 if "enslaved" in g.players[seat].status else DICE[region_here(g, seat)]


def step_ok(g: Game, geo: Geometry, a: int, b: int, raft: bool, bottle: bool) -> bool:
    """May a walk go from tile ``a`` to the touching tile ``b``?"""
    ra, rb = geo.ring[a], geo.ring[b]
    if ra <= 1 or rb <= 1:
        return False  # the inner ring and the ending have ways of their own
    kb, ka = world.kind(g, b), world.kind(g, a)
    if kb == "mountains":
        return False
    if (ra == DUNGEON_RING) != (rb == DUNGEON_RING):  # into or out of the Dungeon: by the Entrance only
        return (kb if rb == DUNGEON_RING else ka) == "dungeon-entrance"
    if (kb == world.WATER and not raft) or (kb == world.DESERT and not bottle):
        return False
    if kb in world.ONE_WAY and ra >= rb:
        return False
    return not (ka in world.ONE_WAY and rb <= ra)


def ways(g: Game, seat: int, geo: Geometry, a: int, start: int) -> list[int]:
    """The tiles a walk at ``a`` may step to next (the bridge included)."""
    p = g.players[seat]
    raft = movement.raft_ready(g, seat)
    bottle = stats.has_trait(g, seat, "desert-safe")
    out = [b for b in geo.near[a] if step_ok(g, geo, a, b, raft, bottle)]
    if a == geo.sentinel and a == start and PASSED in p.status:
        out += geo.bridge
    if a in geo.bridge:
        out.append(geo.sentinel)  # back over the bridge, unguarded that way
    return out


def reach(g: Game, seat: int, most: int) -> dict[int, list[int]]:
    """Every tile 1 to ``most`` steps away where a move may end, with a shortest path."""
    geo = world.geometry(g)
    start = g.players[seat].space
    if not geo.on_world(start):
        return {}
    paths = {start: [start]}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if len(paths[at]) > most or (at != start and g.rules.spaces[at].stop):
            continue  # a move ends on the Treasure Chamber
        for b in ways(g, seat, geo, at, start):
            if b not in paths:
                paths[b] = paths[at] + [b]
                todo.append(b)
    return {d: path[1:] for d, path in paths.items() if d != start and world.kind(g, d) not in world.NO_STOP}


def where(g: Game, index: int) -> str:
    """A tile's name and place: "Fields (3) at 2,-4"."""
    q, r = world.geometry(g).pos[index]
    return f"{place_name(g.rules, g.rules.spaces[index].id)} at {q},{r}"


@MODULE.ability("board_moves")
def world_moves(g: Game, seat: int, roll: int) -> list[Choice]:
    """The tiles a roll reaches (a Toad, moving one space, reaches the touching ones)."""
    if not world.active(g) or region_here(g, seat) not in DICE:
        return []
    out = []
    for dest, path in sorted(reach(g, seat, roll).items()):
        go = []
        if any(world.kind(g, s) == world.WATER for s in path):
            go.append(frames.clear_status(seat, "raft"))  # the raft is left to the current
        go.append(frames.walk(seat, path, 0))
        steps = f"{len(path)} {'step' if len(path) == 1 else 'steps'}"
        out.append(Choice(f"move:{g.rules.spaces[dest].id}", f"Move to the {where(g, dest)} ({steps})", go))
    return out


@MODULE.ability("next_spaces")
def _next_tiles(g: Game, seat: int) -> list[int] | None:
    """One step on the world: a touching tile a walk may step to from here."""
    geo = world.geometry(g)
    here = g.players[seat].space
    return ways(g, seat, geo, here, here) if geo.on_world(here) else None


@MODULE.ability("own_move")
def inner_moves(g: Game, seat: int) -> list[Choice] | None:
    """The inner ring and the ending: one step a turn, no roll."""
    if not world.active(g) or region_here(g, seat) not in STEPPING:
        return None
    p = g.players[seat]
    held = movement.held_here(g, seat)
    if held is not None:
        return [
            Choice(
                "stay",
                f"Face the {held['what']} again",
                [frames.effects(seat, held["effects"], {"space": p.space})],
            )
        ]
    geo = world.geometry(g)
    here = p.space
    ending = g.rules.space_index[ENDING]
    opts = []
    if here == ending:
        opts.append(Choice("stay", "Stay on the ending", []))
    for t in geo.near[here]:
        sid = g.rules.spaces[t].id
        if geo.ring[t] == 1 and here != ending:
            opts.append(Choice(f"move:{sid}", f"Go on to the {where(g, t)}", [frames.arrive(seat, t, "forward")]))
        elif geo.ring[t] == 2 and sid == "portal-of-power":
            opts.append(
                Choice(
                    f"retreat:{sid}",
                    f"Go back out to the {where(g, t)}",
                    [frames.arrive(seat, t, "move")],
                )
            )
        elif here == ending and g.rules.spaces[t].kind == "valley-of-fire":
            opts.append(Choice(f"retreat:{sid}", f"Go back to the {where(g, t)}", [frames.arrive(seat, t, "retreat")]))
    if g.rules.spaces[here].kind == "valley-of-fire" and PAID in p.status:
        opts.append(Choice(f"move:{ENDING}", "Go on to the ending tile", [frame("worlds_to_ending", p=seat)]))
    return opts


@MODULE.handler("worlds_to_ending", args=frames.Seat)
def _to_ending(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].status.pop(PAID, None)
    g.push_frame(frames.arrive(seat, g.rules.space_index[ENDING], "forward"))


@MODULE.ability("teleport_allowed")
def on_the_world(g: Game, seat: int, to: int) -> bool:
    """Nothing takes a character off the world, nor onto Water or a Desert (no move ends there)."""
    return not world.active(g) or (world.placed(g, to) and world.kind(g, to) not in world.NO_STOP)
