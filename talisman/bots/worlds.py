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

from typing import Any, Final

from talisman.content.ruleset import Ruleset
from talisman.modules.worlds import generator

Tiles = tuple[tuple[int, int, str], ...]
BLOCKED: Final = ("water", "desert", "mountains")
ONE_WAY: Final = ("oasis", "hidden-valley")
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
    return bot.tiles is not None  # (read from the view once per decision)


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


def inner_step(bot: Any, ids: list[str]) -> str | None:
    """In the inner ring of a world the tiles all lead on ("move:"): the one nearest the ending,
    through the Valley of Fire, once the bot holds a Talisman to give up there."""
    if not on_world(bot):
        return None
    forward = [i for i in ids if i.startswith("move:")]
    if not forward or not bot.has("Talisman"):
        return None
    return min(forward, key=lambda i: (bot._d(i.split(":", 1)[1], "crown-of-command"), i))


def boat_in(bot: Any, ids: list[str]) -> bool:
    """The Tavern's boatman offers the Temple: the way in for a bot the Sentinel keeps out."""
    if not on_world(bot) or "next-move" not in ids:
        return False
    aim = bot._aim()
    return bool(aim) and bot.region(aim) != "outer" and bot.region(bot._next_move()) != "outer"


TRAIL: Final = 6  # moves remembered


def remember(bot: Any, sid: str) -> None:
    if on_world(bot):
        bot.trail = [*bot.trail[-(TRAIL - 1) :], sid]


def retread(bot: Any, sid: str) -> float:
    """Moving up to the roll, two bots can follow each other round the same few tiles for ever
    (a hunter and its prey, a wounded bot and its healer): each recent visit of a tile counts
    against going there again."""
    return 1.0 * bot.trail.count(sid) if on_world(bot) else 0.0


# Where a quest of 004's table is done, and what the bot must carry there (module worlds' quests).
QUEST_PLACES: Final[dict[int, tuple[str, Any]]] = {
    2: ("woods", lambda b: any(b.card(c["id"]).is_magic for c in b.me["objects"])),
    3: ("tavern", lambda b: b.me["gold"] >= 5),
    4: ("castle", lambda b: b.has("Prince") or b.has("Princess")),
    6: ("chapel", lambda b: b.me["fate"] >= 3),
    7: ("forest", lambda b: True),
    8: ("crags", lambda b: True),
    9: ("temple", lambda b: True),
    10: ("city", lambda b: sum(1 for c in b.me["objects"] if b.card(c["id"]).weapon) >= 2),
    11: ("tavern", lambda b: True),
    12: ("castle", lambda b: len(b.me["followers"]) >= 3),
    13: ("city", lambda b: True),
    14: ("cursed-glade", lambda b: b.has("Axe")),
    15: ("village", lambda b: True),
    16: ("chasm", lambda b: len(b.me["followers"]) >= 3),
    17: ("village", lambda b: b.has("Axe")),
    18: ("oasis", lambda b: b.has("Water Bottle")),
}


QUEST_PATIENCE: Final = 60  # turns a bot waits before it drinks away a quest it cannot do


def quest_aim(bot: Any) -> str | None:
    """Under Warlock Quests: back to the Cave with a quest done, or on to where it is done;
    a quest it cannot do yet is left to chance (None)."""
    if not on_world(bot) or not bot.view.get("options", {}).get("worlds-quests"):
        return None
    q = bot.me["status"].get("worlds-quest")
    if q is None:
        return "warlocks-cave" if not bot.has("Talisman") else None
    if q["done"]:
        return "warlocks-cave"
    place = QUEST_PLACES.get(q["n"])
    if place is None or not place[1](bot):
        # not to be done yet: grow meanwhile; long held, drink it away at the Tavern for another
        return "tavern" if bot.view["turn"] - q.get("since", 0) > QUEST_PATIENCE else ""
    kinds = [s.id for s in bot.rules.spaces if s.kind == place[0] and bot._d(bot.here(), s.id) < 99]
    return bot._nearest(kinds) if kinds else None


def better_attribute(bot: Any, ids: list[str]) -> str:
    """Strength or Craft, whichever the bot is stronger in (of the two offered)."""
    me = bot.me
    return max((i for i in ids if i in ("strength", "craft")), key=lambda i: (me[i], i), default=ids[0])


def royale_target(bot: Any, ids: list[str]) -> str:
    """Battle Royale: the rival it beats by most, in the attribute that does it."""
    players = bot.view["players"]

    def margin(i: str) -> tuple[int, int]:
        mode, seat = i.split(":")
        other = players[int(seat)]
        return (bot.me[mode] - other[mode], -other["lives"])

    return max(ids, key=margin)


def doom_victim(bot: Any, ids: list[str]) -> str:
    """The Hand of Doom: the strongest rival."""
    players = bot.view["players"]
    return max(
        ids, key=lambda i: (players[int(i.split(":")[1])]["strength"] + players[int(i.split(":")[1])]["craft"], i)
    )


def revealed_ending(bot: Any) -> str:
    """The ending a world's centre tile shows once turned over, as the bot's endings are named
    ('' while face down): the Demon Lord asks for Craft."""
    layout = bot.view.get("layout") if on_world(bot) else None
    label = (layout or {}).get("labels", {}).get("crown-of-command", "")
    return "demon-lord" if label == "Demon Lord" else ""
