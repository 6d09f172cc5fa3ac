"""How the heuristic bot finds its way on a Talisman Worlds board (module ``worlds``).

Nothing is keyed to a layout: the bot reads the world's tiles from the view
(``layout``) and walks the ways the rules allow without a raft or a Water
Bottle: touching tiles (never onto Water or a Desert; the Oasis and the Hidden
Valley outward only), the Sentinel's bridge, the Portal into the inner tiles
beside it, the Valley of Fire to the ending. On the Sentinel it fights its way
over when it is heading further in and dares it; on the Portal it tries the way
in when it is ready for the inner ring, with its better attribute; in the
Valley it gives up its Talisman.
"""

from __future__ import annotations

from typing import Any

from talisman.content.ruleset import Ruleset
from talisman.modules.worlds import generator

Tiles = tuple[tuple[int, int, str], ...]
BLOCKED = ("water", "desert", "mountains")
ONE_WAY = ("oasis", "hidden-valley")
DUNGEON_RING, ENTRANCE = 5, "dungeon-entrance"


def tiles_of(view: Any) -> Tiles | None:
    layout = view.get("layout") if hasattr(view, "get") else None
    if not layout or layout.get("shape") != "hex":
        return None
    return tuple((q, r, sid) for q, r, sid in layout["tiles"])


def world_graph(rules: Ruleset, tiles: Tiles) -> dict[int, set[int]]:
    """The ways between tiles (by space index) a bot may plan with; spaces off the world have none."""
    pos = {rules.space_index[sid]: (q, r) for q, r, sid in tiles}
    at = {xy: i for i, xy in pos.items()}
    ring = {i: generator.ring_of(*xy) for i, xy in pos.items()}
    kind = {i: rules.spaces[i].kind for i in pos}
    graph: dict[int, set[int]] = {s.index: set() for s in rules.spaces}
    for a, (q, r) in pos.items():
        for dq, dr in generator.NEIGHBOURS:
            b = at.get((q + dq, r + dr))
            if b is None or kind[b] in BLOCKED or kind[a] in BLOCKED:
                continue
            ra, rb = ring[a], ring[b]
            if (kind[b] in ONE_WAY and ra >= rb) or (kind[a] in ONE_WAY and rb <= ra):
                continue
            if (ra == DUNGEON_RING) != (rb == DUNGEON_RING) and ENTRANCE not in (kind[a], kind[b]):
                continue  # the Dungeon ring: in and out by its Entrance
            if ra >= 2 and rb >= 2 or (ra == 1 and rb == 1):
                graph[a].add(b)
            elif kind[a] == "portal" and rb == 1:
                graph[a].add(b)
                graph[b].add(a)
            elif kind[a] == "valley-of-fire" and rb == 0:
                graph[a].add(b)
                graph[b].add(a)
    sentinel = rules.space_index["sentinel"]
    for b, xy in pos.items():
        if ring[b] == 2 and generator.hex_distance(xy, pos[sentinel]) == 2:
            graph[sentinel].add(b)
            graph[b].add(sentinel)
    return graph


def on_encounter(bot: Any, ids: list[str]) -> str | None:
    """On the Sentinel or the Portal: the way further in, when the bot wants it."""
    target = bot.target()
    if "worlds-sentinel" in ids and target and bot.region(target) != "outer" and bot.dares_the_bridge():
        return "worlds-sentinel"
    if "worlds-portal" in ids and bot.ready_for_inner():
        return "worlds-portal"
    return None


def on_portal(bot: Any, ids: list[str]) -> str:
    me = bot.me
    return "strength" if me["strength"] >= me["craft"] else "craft"


def on_world(bot: Any) -> bool:
    return tiles_of(bot.view) is not None


def roam_bonus(bot: Any, sid: str) -> float:
    """On a world, where a move may stop short of its roll, a bot would keep to a few tiles:
    a tile that will draw fresh cards (none lying there) is worth a little more."""
    if not on_world(bot):
        return 0.0
    sdef = bot.rules.space(sid)
    return 1.5 if sdef.draw and not bot.view["board"].get(sid) else 0.0


def way_in(bot: Any) -> str | None:
    """Kept out of the middle by the Sentinel on a world: the Tavern, whose boatman may ferry
    the bot to the Temple (at once, not only late in a long game as on the main board)."""
    return "tavern" if on_world(bot) and "tavern" in bot.rules.space_index else None
