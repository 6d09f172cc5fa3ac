"""The rule-aware bot's knowledge of Talisman Worlds (module ``worlds``).

Nothing is keyed to a layout: the bot reads the world's tiles from the view (``layout``) and
walks the ways the rules allow without a raft or a Water Bottle: touching tiles (never onto
Water or a Desert; the Oasis and the Hidden Valley outward only), the Sentinel's bridge, the
Portal into the inner tiles beside it, the Valley of Fire to the ending. On the Sentinel it
fights its way over when it is heading further in and dares it; on the Portal it tries the way
in when it is ready for the inner ring, with its better attribute; in the Valley it gives up its
Talisman, and goes on to the ending. Under Warlock Quests it carries out the quest it can do. The Dungeon ring and the
lords of the ending tiles are shared knowledge (:mod:`talisman.modules.shared.dungeon_advice`, :mod:`talisman.modules.shared.crown_advice`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Final

from talisman.bots.heuristic import FAR, HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.content.ruleset import Ruleset
from talisman.engine.decision import Decision, Option
from talisman.modules.core.advice.common import cards_worth, dares_the_bridge, ready_for_inner, target
from talisman.modules.core.advice.moving import next_move
from talisman.modules.worlds import generator
from talisman.modules.worlds.module import ENDINGS

ADVICE: Final = Advice("worlds")
Tiles = tuple[tuple[int, int, str], ...]
BLOCKED: Final = ("water", "desert", "mountains")
ONE_WAY: Final = ("oasis", "hidden-valley")
DUNGEON_RING, ENTRANCE = 5, "dungeon-entrance"
SENTINEL: Final = "sentinel"
VALLEY: Final = "valley-of-fire"
# The inner tiles whose test throws a character out of the inner ring, by the attribute tested.
THROWN_OUT_BY: Final = {"crypt": "strength", "mines": "craft"}


def tiles_of(view: Any) -> Tiles | None:
    """A world's tiles as the view shows them (None on a board of another shape)."""
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
    sentinel = rules.space_index[SENTINEL]
    for b, xy in pos.items():
        if ring[b] == 2 and generator.hex_distance(xy, pos[sentinel]) == 2:
            graph[sentinel].add(b)
            graph[b].add(sentinel)
    return graph


ADVICE.layout(tiles_of, world_graph)


def on_world(bot: HeuristicBot) -> bool:
    return bot.layout is not None


@ADVICE.value("crown-ending")
def _revealed_ending(bot: HeuristicBot) -> str | None:
    """The ending a world's centre tile shows once turned over, by its name ('' while face
    down); the Demon Lord by the name of 000's, whom he is fought like (Craft 12, four lives)."""
    if not on_world(bot):
        return None
    label = (bot.view.get("layout") or {}).get("labels", {}).get("crown-of-command", "")
    name = next((key for key, title in ENDINGS.items() if title == label), "")
    return "demon-lord" if name == "worlds-demon-lord" else name


def crossing(bot: HeuristicBot, aim: str) -> bool:
    """Would the bot, heading for ``aim``, fight the Sentinel to cross to the middle tiles?"""
    return bool(aim) and bot.region(aim) != "outer" and dares_the_bridge(bot)


def _way_further_in(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Sentinel or the Portal: the way further in, when the bot wants it."""
    aim = target(bot)
    if bot.offered("worlds-sentinel") and crossing(bot, aim):
        return "worlds-sentinel"
    if bot.offered("worlds-portal") and ready_for_inner(bot):
        return "worlds-portal"
    return None


ADVICE.answer("encounter", order=10)(_way_further_in)


@ADVICE.answer("worlds-portal")
def _portal(bot: HeuristicBot, d: Decision) -> str:
    return "strength" if bot.me["strength"] >= bot.me["craft"] else "craft"


ADVICE.always(
    "give", "worlds-valley", why="A Talisman is given up at the Valley of Fire: it opens the way on to the ending."
)


def better_attribute(bot: HeuristicBot, d: Decision) -> str:
    """Strength or Craft, whichever the bot is stronger in (of the two offered)."""
    me = bot.me
    return max((i for i in d.ids if i in ("strength", "craft")), key=lambda i: (me[i], i), default=d.ids[0])


ADVICE.answer("worlds-boss", "worlds-lord")(better_attribute)


@ADVICE.answer("worlds-peril")
def _peril(bot: HeuristicBot, d: Decision) -> str:
    """Out of the Plain of Peril onto the inner tile with the best way on to the Valley of Fire."""
    return min(d.options, key=lambda o: (steps_to_valley(bot, o.space), o.id)).id


@ADVICE.answer("worlds-royale")
def _royale(bot: HeuristicBot, d: Decision) -> str:
    """Battle Royale: the rival it beats by most, in the attribute that does it."""

    def margin(o: Option) -> tuple[int, int]:
        other = bot.sheet(o.seat)
        return (bot.me[o.verb] - other[o.verb], -other["lives"])

    return max(d.options, key=margin).id


@ADVICE.answer("worlds-doom")
def _doom(bot: HeuristicBot, d: Decision) -> str:
    """The Hand of Doom: the strongest rival."""
    return max(d.options, key=lambda o: (bot.sheet(o.seat)["strength"] + bot.sheet(o.seat)["craft"], o.id)).id


@ADVICE.space_bonus
def _past_the_cards(bot: HeuristicBot, sid: str, aim: str) -> float:
    """On a world the Sentinel's tile offers the Sentinel or the tile's cards: a bot that will
    cross meets only the Sentinel, whatever lies there (a Spirit of Craft 10 on that tile, the
    one way in, kept a bot out for hundreds of turns)."""
    if sid != SENTINEL or not on_world(bot) or not crossing(bot, aim):
        return 0.0
    return -cards_worth(bot, sid)


@ADVICE.value("way-in")
def _way_in(bot: HeuristicBot) -> str | None:
    """Kept out of the middle by the Sentinel on a world: the Tavern, whose boatman may ferry
    the bot to the Temple (at once, not only late in a long game as on the main board)."""
    return "tavern" if on_world(bot) and "tavern" in bot.rules.space_index else None


@ADVICE.value("inner-step")
def _inner_step(bot: HeuristicBot) -> str | None:
    """In the inner ring of a world the tiles all lead on: the one with the best way on to the
    Valley of Fire (:func:`steps_to_valley`), once the bot holds a Talisman to give up there."""
    if not on_world(bot):
        return None
    forward = bot.options("move")
    if not forward or not bot.has("Talisman"):
        return None
    return min(forward, key=lambda o: (steps_to_valley(bot, o.space), o.id)).id


def throws_out(bot: HeuristicBot, sid: str) -> bool:
    """Would this inner tile most likely throw the bot back out: the Crypt (3 dice under its
    Strength) or the Mines (under its Craft), where that is its weaker attribute?"""
    tested = THROWN_OUT_BY.get(bot.rules.space(sid).kind)
    if tested is None:
        return False
    other = "craft" if tested == "strength" else "strength"
    return bool(bot.me[tested] < bot.me[other])


def steps_to_valley(bot: HeuristicBot, start: str) -> int:
    """Steps on from ``start`` round the inner ring to the Valley of Fire, neither back through
    the bot's own tile nor through a tile that would throw it out (:func:`throws_out`): an Elf
    of Craft 13 and Strength 4 went the shorter way, by the Crypt, and was thrown out to the
    City, turn after turn. :data:`~talisman.bots.heuristic.FAR` and more when no such way is left."""
    valley = bot.distance(start, VALLEY)
    if throws_out(bot, start):
        return FAR + valley
    inner = {s.id for s in bot.rules.spaces if bot.region(s.id) == bot.region(VALLEY) and s.id != bot.here()}
    seen, todo = {start: 0}, deque([start])
    while todo:
        at = todo.popleft()
        if at == VALLEY:
            return seen[at]
        for nxt in inner:
            if nxt not in seen and bot.distance(at, nxt) == 1 and not throws_out(bot, nxt):
                seen[nxt] = seen[at] + 1
                todo.append(nxt)
    return FAR + valley


@ADVICE.value("inner-route")
def _through_the_valley(bot: HeuristicBot) -> str | None:
    """The Talisman given up in the Valley of Fire opens the way to the ending for the next
    turn (the step there is offered only then): the bot takes it. (Its last Talisman given up,
    the core game's step turned it back out, as one with no Talisman to pass the Valley: the
    Talisman lost for nothing, visit after visit, and games ran to the turn cap.)"""
    if not on_world(bot) or bot.rules.space(bot.here()).kind != "valley-of-fire":
        return None
    on = [o for o in bot.options("move") if o.space == generator.ENDING]
    return on[0].id if on else None


@ADVICE.answer("turn", order=15)
def _boat_in(bot: HeuristicBot, d: Decision) -> str | None:
    """The Tavern's boatman offers the Temple: the way in for a bot the Sentinel keeps out."""
    if not on_world(bot) or not bot.offered("next-move"):
        return None
    aim = bot.aim()
    if bool(aim) and bot.region(aim) != "outer" and bot.region(next_move(bot)) != "outer":
        return "next-move"
    return None


# Where a quest of 004's table is done, and what the bot must carry there (module worlds' quests).
QUEST_PLACES: Final[dict[int, tuple[str, Callable[[HeuristicBot], bool]]]] = {
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


@ADVICE.aim(order=100)
def _quest(bot: HeuristicBot) -> str | None:
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
    kinds = [s.id for s in bot.rules.spaces if s.kind == place[0] and bot.distance(bot.here(), s.id) < 99]
    return bot.nearest(kinds) if kinds else None
