"""The hex grid of a world and the draw that fills it (004 "The Board").

Coordinates are axial (q, r), pointy-top, the ending at (0, 0). Ring k holds
6k hexes, walked as the public map tool walks them (facts/worlds.md): from
(0, -k), k steps along each of six directions in turn. Each hex in that order
takes a tile drawn without replacement from its ring's pool:

- ring 4, the Outer Region: its 24 tiles (the main board's Outer spaces);
- ring 3, the river: 10 Water, 6 Desert, the Oasis and the Hidden Valley;
- ring 2, the Middle Region: its 12 tiles (Runes three times);
- ring 1, the Inner Region: 6 tiles, of the six 004 lists (option
  ``worlds-inner = "six"``) or of the map tool's eight (``"eight"``). The
  tool may leave out the Valley of Fire, the only way to the ending: here it
  is always laid, and the five others drawn from the seven (our own rule, so
  that every world has its way to the ending);
- ring 0: one ending, face down;
- ring 5, with the option ``worlds-dungeon``: the Dungeon's 30 tiles. The
  Mountains lie between the Dungeon Entrance and the Treasure Chamber (004:
  so that the way runs all round); the Entrance's place is drawn, the other
  27 tiles shuffled into the rest of the ring.

Every ring is full, so every world has the same rings and counts; only the
places differ. The dice are our own (the game's seed, through its own
generator), not the map tool's, so a seed does not give the tool's map.
"""

from __future__ import annotations

from typing import Any

from talisman.engine.rng import Rng

DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RINGS = 4
OUTER = (
    "village", "fields-1", "graveyard", "woods-1", "sentinel", "hills-1", "chapel", "fields-2",
    "crags", "plains-1", "woods-2", "fields-3", "city", "fields-4", "hills-2", "plains-2",
    "woods-3", "plains-3", "tavern", "fields-5", "ruins", "plains-4", "forest", "fields-6",
)  # fmt: skip
RIVER = (
    *(f"water-{i}" for i in range(1, 11)),
    *(f"desert-{i}" for i in range(1, 7)),
    "oasis",
    "hidden-valley",
)
MIDDLE = (
    "portal-of-power", "black-knight", "hills-3", "cursed-glade", "runes-1", "chasm",
    "runes-2", "warlocks-cave", "temple", "woods-4", "runes-3", "castle",
)  # fmt: skip
INNER_SIX = ("valley-of-fire", "crypt", "death", "werewolf-den", "mines", "vampires-tower")
INNER_EIGHT = (*INNER_SIX, "pits", "plain-of-peril")
VALLEY = "valley-of-fire"
ENDING = "crown-of-command"  # the space of the centre tile, whatever ending lies on it
DUNGEON = (
    *(f"cavern-{i}" for i in range(1, 5)),
    *(f"corridor-{i}" for i in range(1, 7)),
    *(f"tunnel-{i}" for i in range(1, 7)),
    *(f"vault-{i}" for i in range(1, 4)),
    "cell", "guard-room", "hall-of-darkness", "kitchen", "library", "monster-pit", "summoning-circle",
    "torture-chamber",
)  # fmt: skip
ENTRANCE, MOUNTAINS, CHAMBER = "dungeon-entrance", "mountains", "treasure-chamber"
REGION_OF_RING = {0: "crown", 1: "inner", 2: "middle", 3: "river", 4: "outer", 5: "worlds-dungeon"}


def ring_hexes(k: int) -> list[tuple[int, int]]:
    """The hexes of ring ``k``, in the map tool's order."""
    if k == 0:
        return [(0, 0)]
    q, r = 0, -k
    out = []
    for dq, dr in DIRECTIONS:
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def ring_of(q: int, r: int) -> int:
    """How far a hex lies from the centre, in hexes."""
    return max(abs(q), abs(r), abs(q + r))


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return ring_of(a[0] - b[0], a[1] - b[1])


def pools(inner: str) -> dict[int, tuple[str, ...]]:
    """The tiles each ring draws from."""
    return {4: OUTER, 3: RIVER, 2: MIDDLE, 1: INNER_SIX if inner == "six" else INNER_EIGHT}


def generate(seed: int, inner: str, endings: tuple[str, ...], dungeon: bool = False) -> dict[str, Any]:
    """A world: ``tiles`` as [q, r, space id] (centre first, ring by ring), the
    ``ending`` drawn for the centre, and the endings left (``pool``: the Horrible
    Black Void draws another)."""
    rng = Rng(seed ^ 0x574F524C44)  # "WORLD": its own dice, so the game's stay as they were
    tiles: list[list[Any]] = [[0, 0, ENDING]]
    for k in range(1, RINGS + 1):
        pool = list(pools(inner)[k])
        hexes = ring_hexes(k)
        if len(pool) > len(hexes):  # the eight inner tiles: the Valley of Fire always, five of the rest
            pool.remove(VALLEY)
            pool = [pool.pop(rng.below(len(pool))) for _ in range(len(hexes) - 1)] + [VALLEY]
        for q, r in hexes:
            tiles.append([q, r, pool.pop(rng.below(len(pool)))])
    rest = list(endings)
    ending = rest.pop(rng.below(len(rest)))
    if dungeon:
        tiles += dungeon_ring(rng)
    return {"tiles": tiles, "ending": ending, "pool": rest, "revealed": False}


def dungeon_ring(rng: Rng) -> list[list[Any]]:
    """Ring 5: the Entrance, the Mountains and the Treasure Chamber side by side, the rest shuffled."""
    hexes = ring_hexes(RINGS + 1)
    at = rng.below(len(hexes))
    pool = list(DUNGEON)
    rng.shuffle(pool)
    laid = {at: ENTRANCE, (at + 1) % len(hexes): MOUNTAINS, (at + 2) % len(hexes): CHAMBER}
    for i in range(len(hexes)):
        if i not in laid:
            laid[i] = pool.pop()
    return [[q, r, laid[i]] for i, (q, r) in enumerate(hexes)]
