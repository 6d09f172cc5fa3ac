"""A game's world: its tiles on the hex grid, which tiles touch, how far apart.

The layout is game state, plain data in ``g.globals``: ``layout`` is public
(the tiles as [q, r, space id], and ``face_down``: the ending tile until it is
revealed, with ``labels`` naming a revealed ending), ``world-ending`` is not
(the ending drawn, and the rest of the pool). It is drawn at setup from the
game's seed (``generator.generate``), so the same seed gives the same world.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from talisman.modules.worlds import generator
from talisman.modules.worlds.module import MODULE

if TYPE_CHECKING:
    from talisman.content.ruleset import Ruleset
    from talisman.engine.game import Game

LAYOUT = "layout"
SECRET = "world-ending"
WATER, DESERT = "water", "desert"
ONE_WAY = ("oasis", "hidden-valley")  # one way only, outward (004)
NO_STOP = (WATER, DESERT)
KEPT = 64


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


@dataclass(frozen=True)
class Geometry:
    """The tiles of one world, by space index."""

    pos: dict[int, tuple[int, int]]
    ring: dict[int, int]
    near: dict[int, tuple[int, ...]]  # the tiles touching each tile
    bridge: tuple[int, ...]  # the middle tiles the Sentinel's bridge leads to, over the river
    sentinel: int

    def on_world(self, index: int) -> bool:
        return index in self.pos


def lay_out(g: Game, endings: tuple[str, ...]) -> None:
    """Draw the world of this game (once: a character coming in later finds it laid out)."""
    if LAYOUT in g.globals:
        return
    chosen = g.options["worlds-ending"]
    drawn = generator.generate(g.config.seed, g.options["worlds-inner"], endings, g.options["worlds-dungeon"])
    if chosen != "random":  # the ending chosen, the others left for the Horrible Black Void
        drawn["ending"], drawn["pool"] = chosen, [e for e in endings if e != chosen]
    g.globals[LAYOUT] = {"shape": "hex", "tiles": drawn["tiles"], "face_down": [generator.ENDING], "labels": {}}
    g.globals[SECRET] = {"ending": drawn["ending"], "pool": drawn["pool"]}


def tiles(g: Game) -> tuple[tuple[int, int, str], ...]:
    return tuple((q, r, sid) for q, r, sid in g.globals[LAYOUT]["tiles"])


def geometry(g: Game) -> Geometry:
    """The world's geometry, worked out once per layout (a few kept per ruleset). The last one
    asked for is found again by the layout's own list of tiles (laid once, never changed), with
    no key made of its tiles: a move asks for it at every tile it could reach."""
    laid_out = g.globals[LAYOUT]["tiles"]
    last: tuple[Any, Geometry] | None = g.rules.derived.get("worlds-geometry-last")
    if last is not None and last[0] is laid_out:
        return last[1]
    laid = tiles(g)
    known: dict[Any, Geometry] = g.rules.derived.setdefault("worlds-geometry", {})
    found = known.get(laid)
    if found is None:
        if len(known) >= KEPT:
            del known[next(iter(known))]
        found = known[laid] = geometry_of(g.rules, laid)
    g.rules.derived["worlds-geometry-last"] = (laid_out, found)
    return found


def geometry_of(rules: Ruleset, laid: tuple[tuple[int, int, str], ...]) -> Geometry:
    pos = {rules.space_index[sid]: (q, r) for q, r, sid in laid}
    at = {xy: i for i, xy in pos.items()}
    near = {
        i: tuple(at[(q + dq, r + dr)] for dq, dr in generator.NEIGHBOURS if (q + dq, r + dr) in at)
        for i, (q, r) in pos.items()
    }
    ring = {i: generator.ring_of(*xy) for i, xy in pos.items()}
    sentinel = rules.space_index["sentinel"]
    bridge = tuple(
        sorted(i for i, xy in pos.items() if ring[i] == 2 and generator.hex_distance(xy, pos[sentinel]) == 2)
    )
    return Geometry(pos, ring, near, bridge, sentinel)


def kind(g: Game, index: int) -> str:
    return g.rules.spaces[index].kind


def placed(g: Game, index: int) -> bool:
    """Is this space on the world? (Two of the eight inner tiles are not, with ``worlds-inner = "eight"``.)"""
    return not active(g) or geometry(g).on_world(index) or g.rules.spaces[index].region not in REGIONS


REGIONS = ("outer", "river", "middle", "inner", "crown", "worlds-dungeon")


def ending_revealed(g: Game) -> bool:
    return not g.globals[LAYOUT]["face_down"]


def secret(g: Game) -> dict[str, Any]:
    found: dict[str, Any] = g.globals[SECRET]
    return found
