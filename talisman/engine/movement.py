"""Movement (000 "Movement"): rolling and walking the rings, the bridge and its
Sentinel, the Storm River and rafts, the Portal of Power, the Inner Region.

In a ``roll`` region a character rolls its die (D4, D6 or D8 by size) and
moves the full count, clockwise or counter-clockwise, never turning back,
except that on crossing into another region it may pick a new direction. The
player chooses a destination among every space such a walk can end on; a walk
that crosses the bridge inward meets the Sentinel on the way. A walk that
reaches the Portal of Power with moves to spare may instead try the Portal
(walking there first, past the Sentinel if the way crosses the bridge).

In a ``step`` region (the Inner Region, the Crown) there is no roll: one
space a turn, forward toward the Crown or back toward the Plain of Peril.
Retreating ignores the instructions of the spaces it enters. The Valley of
Fire admits only a character holding a Talisman. Going out from the Plain of
Peril to the Portal of Power is a whole move that ends, and is encountered,
on the Portal.

A slave of the Temple who may move only one space (a Toad, in a Blizzard)
still rolls its die for freedom first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.content.dice import parse_range
from talisman.content.places import place_name
from talisman.engine import abilities, effects, frames, holds, lives, possessions, stats
from talisman.engine.base import ENGINE
from talisman.engine.combat import fight_creature
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.engine.realms import realm_at
from talisman.engine.realms import visit as visit_realm

if TYPE_CHECKING:
    from talisman.content.ruleset import Ruleset
    from talisman.engine.game import Game


def region_of(g: Game, space: int) -> str:
    return g.rules.spaces[space].region


def move_options(g: Game, seat: int) -> list[Choice]:
    """The ways a character may move this turn, for the turn menu."""
    p = g.players[seat]
    own = abilities.own_move(g, seat)
    if own is not None:
        return own
    region = g.rules.regions[region_of(g, p.space)]
    if region.movement == "step":
        return step_options(g, seat)
    held = held_here(g, seat)
    if held is not None:
        # A space that decides the next move (the Dungeon's Hall of Darkness): no roll, no other way.
        return [
            Choice(
                "stay",
                f"Face the {held['what']}",
                [
                    frames.clear_status(seat, "hold"),
                    frames.effects(seat, held["effects"], {"space": p.space}),
                ],
            )
        ]
    opts: list[Choice] = []
    die = abilities.movement_die(g, seat)
    if not one_space_only(g, seat):
        opts.append(Choice("roll", f"Roll the D{die} to move", [frames.move_roll(seat)]))
    elif "enslaved" in p.status:
        opts.append(
            Choice(
                "roll",
                f"Roll the D{die} for your freedom, then move one space",
                [frames.move_roll(seat, one_space=True)],
            )
        )
    else:
        opts.append(Choice("roll", "Move one space", [frames.move_choose(seat, roll=1, fixed=True)]))
    nxt = p.status.get("next_move")
    if nxt is not None:
        opts.append(
            Choice(
                "next-move",
                f"Go to the {g.space_name(nxt)} as promised",
                [frames.clear_status(seat, "next_move"), frames.arrive(seat, nxt, "teleport")],
            )
        )
    if raft_ready(g, seat):
        for _link, other in g.rules.links_of(p.space, "ferry"):
            opts.append(
                Choice(
                    f"raft:{g.rules.spaces[other].id}",
                    f"Cross the Storm River by raft to the {g.space_name(other)}",
                    [frame("raft_cross", p=seat, to=other)],
                )
            )
    return opts


def held_here(g: Game, seat: int) -> dict[str, Any] | None:
    """What holds the character on its space this turn (a Werewolf, Death, the
    Hall of Darkness), if anything: its next move is to face it."""
    p = g.players[seat]
    held = p.status.get("hold")
    return held if held is not None and held.get("space") == p.space else None


def raft_ready(g: Game, seat: int) -> bool:
    """A raft got in an earlier turn can be used now (000: "at the start of their next turn")."""
    got = g.players[seat].status.get("raft")
    return got is not None and got < g.turn


def one_space_only(g: Game, seat: int) -> bool:
    """Toads, the Poltergeist's victim and everyone in a Blizzard move a single space."""
    p = g.players[seat]
    if p.toad or stats.has_trait(g, seat, "one-space"):
        return True
    # 000: not in the Dungeon
    return in_blizzard(g) and "blizzard" not in g.rules.regions[g.rules.spaces[p.space].region].sheltered


def in_blizzard(g: Game) -> bool:
    return any(k.startswith("blizzard") for k in g.globals)


@ENGINE.handler("clear_status", args=frames.ClearStatus)
def _clear_status(g: Game, a: frames.ClearStatus) -> None:
    g.players[a["p"]].status.pop(a["name"], None)


@ENGINE.handler("move_roll", args=frames.MoveRoll)
def _move_roll(g: Game, a: frames.MoveRoll) -> None:
    """Roll the movement die (``one_space``: a slave who may move only one space
    still needs the roll to go free; it then moves one space)."""
    seat: int = a["p"]
    effects.roll(
        g,
        seat,
        f"D{abilities.movement_die(g, seat)}",
        frames.move_choose(seat, one_space=a.get("one_space", False)),
        why="movement",
        purpose="movement",
    )


@ENGINE.handler("move_choose", args=frames.MoveChoose)
def _move_choose(g: Game, a: frames.MoveChoose) -> None:
    seat: int = a["p"]
    n = a["roll"]
    p = g.players[seat]
    freed = p.status.get("enslaved")
    if freed and not a.get("fixed"):
        lo, hi = parse_range(freed)
        if not lo <= n <= hi:
            g.say(f"{g.name(seat)} is still enslaved at the {g.space_name(p.space)}.", seat=seat)
            return
        del p.status["enslaved"]
        g.say(f"{g.name(seat)} escapes from slavery.", seat=seat)
    one = bool(a.get("one_space"))
    if one:
        n = 1
    if g.log is not None:
        g.say(f"{g.name(seat)} may move {n} {'space' if n == 1 else 'spaces'}.", seat=seat)
    options: list[Choice] = []
    # ``move-up-to``: any number of spaces up to the roll (the Hunchback, the Clockwork Owl).
    for oid, label, path in _moves(g.rules, p.space, n, stats.has_trait(g, seat, "move-up-to")):
        if abilities.move_allowed(g, seat, path):
            options.append(Choice(oid, label, [frames.walk(seat, path, 0)]))
    to_portal = portal_path(g, seat, n)
    if to_portal is not None:
        # 000: the Portal of Power, OR another portal from the same space (the Door to the Wizard's Tower).
        at = to_portal[-1] if to_portal else p.space
        for i, link in enumerate(portals_from(g, at)):
            options.append(
                Choice(
                    "portal" if i == 0 else f"portal:{g.rules.links[link].b}",
                    f"Try to open the {g.rules.links[link].name or 'portal'}",
                    [frames.walk(seat, to_portal, 0, then=[frame("portal_attempt", p=seat, link=link)])],
                )
            )
    options += abilities.after_roll_options(g, seat, n)
    if not options:
        g.say(f"{g.name(seat)} cannot move.", seat=seat)
        return
    # a single space (a Toad, a Blizzard) is not a roll of 1
    prompt = "You may move 1 space" if one or (a.get("fixed") and n == 1) else f"You rolled {n}"
    g.decide(seat, "move", f"{prompt}: where do you go?", options)


def _moves(rules: Ruleset, start: int, n: int, up_to: bool) -> list[tuple[str, str, list[int]]]:
    """The moves a roll of ``n`` allows from ``start`` (``up_to``: of any number of
    spaces up to ``n``, the longest walk to a space first), as option id, label and
    path, by destination. Rules of modules may bar some (``move_allowed``).
    Worked out once per ruleset: the content alone decides them."""
    key = ("moves", start, n, up_to)
    found = rules.derived.get(key)
    if found is None:
        reach: dict[int, list[int]] = {}
        for k in range(n, 0, -1) if up_to else (n,):
            for dest, path in _walks(rules, start, k).items():
                reach.setdefault(dest, path)
        found = rules.derived[key] = [
            (
                f"move:{rules.spaces[dest].id}",
                f"Move to the {place_name(rules, rules.spaces[dest].id)}, {_route(rules, start, path)}",
                path,
            )
            for dest, path in sorted(reach.items())
        ]
    return found


def _route(rules: Ruleset, start: int, path: list[int]) -> str:
    """How a path leaves: clockwise or counter-clockwise round a ring, forward or
    back along a line, over the bridge, or through a passage into or out of a region."""
    spaces = rules.spaces
    passages = _crossings(rules)[3]
    hops = [i for i in range(len(path)) if (path[i - 1] if i else start, path[i]) in passages]
    if hops:
        i = hops[-1]
        if rules.regions[spaces[path[-1]].region].shape == "line":
            return f"into the {rules.regions[spaces[path[-1]].region].name}"
        left = rules.regions[spaces[path[i - 1] if i else start].region].name
        if i == len(path) - 1:
            return f"out of the {left}"
        return f"out of the {left}, then {'clockwise' if path[i + 1] == rules.cw[path[i]] else 'counter-clockwise'}"
    if any(spaces[s].region != spaces[start].region for s in path):
        return "across the bridge"
    forward = bool(path) and path[0] == rules.cw[start]
    if rules.regions[spaces[start].region].shape == "line":
        return "forward" if forward else "back"
    return "clockwise" if forward else "counter-clockwise"


def _crossings(
    rules: Ruleset,
) -> tuple[dict[int, int], dict[int, int], dict[int, tuple[int, int]], set[tuple[int, int]]]:
    """The ways between regions, by space: bridges (both ends), the passage out
    at the end of a line, the passage into a line from the space it branches
    off (with the direction that leads into the line), and every passage step."""
    cached: tuple[dict[int, int], dict[int, int], dict[int, tuple[int, int]], set[tuple[int, int]]] | None = (
        rules.derived.get("crossings")
    )
    if cached is not None:
        return cached
    bridges: dict[int, int] = {}
    ends: dict[int, int] = {}
    branches: dict[int, tuple[int, int]] = {}
    steps: set[tuple[int, int]] = set()
    for ln in rules.links:
        a, b = rules.space_index[ln.a], rules.space_index[ln.b]
        if ln.kind == "bridge":
            bridges[a], bridges[b] = b, a
        elif ln.kind == "passage":
            for end, other in ((a, b), (b, a)):
                if rules.cw[end] < 0 or rules.ccw[end] < 0:
                    ends[end] = other
                    branches[other] = (end, 1 if rules.ccw[end] < 0 else -1)
            steps |= {(a, b), (b, a)}
    found = rules.derived["crossings"] = (bridges, ends, branches, steps)
    return found


def destinations(g: Game, seat: int, n: int) -> dict[int, list[int]]:
    """Every space a walk of ``n`` from the character's space can end on, with one
    path to it (worked out once per ruleset: the dict is shared, never change it).

    A walk goes round a ring or along a line, never turning back, except that
    over the bridge it may set off either way. A passage joins a space of one
    region to the end of a line (the Ruins to the Dungeon Entrance): from that
    space a walk may turn into the line, and a walk running off that end of
    the line comes out on the space and sets off either way. A walk ends early
    on entering a ``stop`` space (the Treasure Chamber), or on reaching the end
    of a line that leads nowhere.
    """
    return _walks(g.rules, g.players[seat].space, n)


def _walks(rules: Ruleset, start: int, n: int) -> dict[int, list[int]]:
    key = ("walks", start, n)
    found = rules.derived.get(key)
    if found is None:
        found = rules.derived[key] = _walk_all(rules, start, n)
    return found


def _walk_all(rules: Ruleset, start: int, n: int) -> dict[int, list[int]]:
    cw, ccw = rules.cw, rules.ccw
    bridges, ends, branches, _ = _crossings(rules)
    found: dict[int, list[int]] = {}

    def walk(pos: int, left: int, direction: int, path: list[int], came_over: int) -> None:
        if left == 0 or (path and rules.spaces[pos].stop):
            if path:
                found.setdefault(pos, path)
            return
        nxt = cw[pos] if direction > 0 else ccw[pos]
        if nxt >= 0:
            walk(nxt, left - 1, direction, path + [nxt], -1)
        elif pos in ends:
            out = ends[pos]
            for d in (1, -1):
                walk(out, left - 1, d, path + [out], pos)
        elif path:
            found.setdefault(pos, path)
        other = bridges.get(pos)
        if other is not None and other != came_over and (not path or path[-1] != other):
            for d in (1, -1):
                walk(other, left - 1, d, path + [other], pos)
        inner = branches.get(pos)
        if inner is not None and inner[0] != came_over:
            walk(inner[0], left - 1, inner[1], path + [inner[0]], pos)

    for d in (1, -1):
        walk(start, n, d, [], -1)
    found.pop(start, None)
    return found


def portal_path(g: Game, seat: int, n: int) -> list[int] | None:
    """The shortest walk to the Portal of Power when a roll of ``n`` reaches it
    with at least one move to spare (``[]`` when already there), else None."""
    start = g.players[seat].space
    if _portal_distance(g.rules).get(start, n) >= n:
        return None  # no walk can get there with a move to spare
    key = ("portal_path", start, n)
    if key not in g.rules.derived:
        g.rules.derived[key] = _portal_path(g.rules, start, n)
    path: list[int] | None = g.rules.derived[key]
    return path


def _portal_path(rules: Ruleset, start: int, n: int) -> list[int] | None:
    portals = {rules.space_index[ln.a] for ln in rules.links if ln.kind == "portal"}
    if start in portals:
        return []
    for k in range(1, n):
        for dest, path in _walks(rules, start, k).items():
            if dest in portals:
                return path
    return None


def _portal_distance(rules: Ruleset) -> dict[int, int]:
    """Fewest steps from each space to a portal over every ring and link: a lower
    bound of any walk there, worked out once per ruleset."""
    known: dict[int, int] | None = rules.derived.get("portal_distance")
    if known is not None:
        return known
    near: dict[int, set[int]] = {s.index: {rules.cw[s.index], rules.ccw[s.index]} - {-1} for s in rules.spaces}
    for ln in rules.links:
        a, b = rules.space_index[ln.a], rules.space_index[ln.b]
        near[a].add(b)
        near[b].add(a)
    todo = [rules.space_index[ln.a] for ln in rules.links if ln.kind == "portal"]
    dist = {s: 0 for s in todo}
    while todo:
        nxt = []
        for s in todo:
            for t in near[s]:
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        todo = nxt
    rules.derived["portal_distance"] = dist
    return dist


@ENGINE.handler("walk", args=frames.Walk)
def _walk(g: Game, a: frames.Walk) -> None:
    """Walk a chosen path step by step; the Sentinel may stop it at the bridge.
    At the end the character arrives, or does ``then`` (try the Portal)."""
    seat: int = a["p"]
    path = a["path"]
    i = a["i"]
    then = a.get("then")
    p = g.players[seat]
    while i < len(path):
        nxt = path[i]
        guard = _guard(g, p.space, nxt)
        if guard:
            g.say(f"The {guard['name']} bars the bridge to {g.name(seat)}.", seat=seat)
            go_on = [frame("cross", p=seat, to=nxt), frames.walk(seat, path, i + 1, then=then)]
            fight_creature(
                g,
                seat,
                {"name": guard["name"], "strength": guard["strength"], "trophy": False},
                {},
                win=go_on,
                evaded=go_on,
                lose=[frame("stopped", p=seat)],
                standoff=[frame("stopped", p=seat)],
            )
            return
        _step(g, seat, nxt)
        i += 1
        if i < len(path) and realm_at(g, nxt) is not None:
            # Passing over a Realm: the tithe (or the Noble's collection) comes first.
            g.push_frame(frames.walk(seat, path, i, then=then))
            visit_realm(g, seat, nxt)
            return
    if then:
        g.push_all(then)
    else:
        g.push_frame(frames.arrive(seat, p.space, "move"))


def _guard(g: Game, here: int, there: int) -> dict[str, Any] | None:
    """The guard of a bridge crossed from ``here`` to ``there`` (inward only), if any."""
    guards: dict[tuple[int, int], dict[str, Any]] | None = g.rules.derived.get("guards")
    if guards is None:
        guards = g.rules.derived["guards"] = {}
        for ln in g.rules.links:
            if ln.kind == "bridge" and ln.guard:
                src = g.rules.space_index[ln.guard.get("inward_from", ln.a)]
                other = g.rules.space_index[ln.b if ln.a == ln.guard.get("inward_from", ln.a) else ln.a]
                guards.setdefault((src, other), ln.guard)
    return guards.get((here, there))


def _step(g: Game, seat: int, to: int) -> None:
    p = g.players[seat]
    here, there = region_of(g, p.space), region_of(g, to)
    if here != there and here in ("outer", "middle") and there in ("outer", "middle"):
        crossed_river(g, seat)
    before, p.space = p.space, to
    stats.moved(g, seat, before)


@ENGINE.handler("cross", args=frames.GoTo)
def _cross(g: Game, a: frames.GoTo) -> None:
    _step(g, a["p"], a["to"])


@ENGINE.handler("stopped", args=frames.Seat)
def _stopped(g: Game, a: frames.Seat) -> None:
    """Beaten or held to a stand-off by the Sentinel: the move ends on its space,
    and, as after any lost or drawn fight, so does the turn (nothing is met there)."""
    seat: int = a["p"]
    g.say(f"{g.name(seat)} must stop on the {g.space_name(g.players[seat].space)}.", seat=seat)
    lives.end_turn_now(g)


def crossed_river(g: Game, seat: int) -> None:
    """Crossing the Storm River sends the Poltergeist away."""
    p = g.players[seat]
    for f in list(p.followers):
        if "leaves-at-river" in g.rules.instances[f].traits:
            possessions.lose_follower(g, seat, f, "stays behind on the river bank")


@ENGINE.handler("raft_cross", args=frames.GoTo)
def _raft_cross(g: Game, a: frames.GoTo) -> None:
    seat: int = a["p"]
    g.players[seat].status.pop("raft", None)
    g.say(f"{g.name(seat)} crosses the Storm River by raft; the raft is left to the current.", seat=seat)
    crossed_river(g, seat)
    put(g, seat, a["to"])
    g.push_frame(frames.arrive(seat, a["to"], "move"))


def portals_from(g: Game, space: int) -> list[int]:
    """The portal links (by index) that open from a space, in content order."""
    sid = g.rules.spaces[space].id
    return [i for i, ln in enumerate(g.rules.links) if ln.kind == "portal" and ln.a == sid]


class PortalAttempt(TypedDict):
    """Character ``p`` tries the portal of index ``link`` (among the ruleset's links)."""

    p: int
    link: int


@ENGINE.handler("portal_attempt", args=PortalAttempt)
def _portal_attempt(g: Game, a: PortalAttempt) -> None:
    """Try a portal: on its own space when it has one (000: a character entering
    the Wizard's Tower ends its move on the Door), with the Portal's test."""
    seat: int = a["p"]
    link = g.rules.links[a["link"] if "link" in a else portals_from(g, g.players[seat].space)[0]]
    what = link.name or "portal"
    if link.via:
        put(g, seat, g.rules.space_index[link.via])
        g.say(f"{g.name(seat)} stands before the {what}.", type="move", seat=seat, space=link.via)
    n_craft = stats.trait_value(g, seat, "portal-craft-dice") or 2
    then = {"p": seat, "link": g.rules.links.index(link)}
    g.decide(
        seat,
        "portal",
        f"The {what}: how do you try to open it?",
        [
            Choice(
                "strength",
                f"Force it: roll 2 dice, at most your Strength ({stats.strength(g, seat)})",
                [frames.roll(seat, "2D6", ["portal_result", {**then, "attr": "strength"}], why=f"the {what}")],
            ),
            Choice(
                "craft",
                f"Pick the lock: roll {n_craft} {'die' if n_craft == 1 else 'dice'}, at most your Craft ({stats.craft(g, seat)})",
                [frames.roll(seat, f"{n_craft}D6", ["portal_result", {**then, "attr": "craft"}], why=f"the {what}")],
            ),
        ],
    )


class PortalResult(frames.Rolled):
    """The roll of character ``p`` against its ``attr`` to pass a Portal (``link``: the space it
    leads to)."""

    attr: str
    link: int


@ENGINE.handler("portal_result", args=PortalResult)
def _portal_result(g: Game, a: PortalResult) -> None:
    """The attempt is the whole move: the turn ends, on the far side or back on
    the portal's space (what follows from it, a lost life or the portal's
    ``on_pass`` effects, still happens)."""
    seat: int = a["p"]
    attr = a["attr"]
    value = stats.strength(g, seat) if attr == "strength" else stats.craft(g, seat)
    portal = g.rules.links[a["link"] if "link" in a else portals_from(g, g.players[seat].space)[0]]
    what = portal.name or "portal"
    lives.end_turn_now(g)
    if a["roll"] <= value:
        g.say(f"The {what} opens for {g.name(seat)}.", seat=seat)
        put(g, seat, g.rules.space_index[portal.b])
        effects.run(g, seat, portal.on_pass, {"space": g.players[seat].space})
    else:
        g.say(f"The {what} holds fast against {g.name(seat)}.", seat=seat)
        put(g, seat, g.rules.space_index[portal.a])
        lives.lose_attribute(g, seat, attr, 1)


@ENGINE.handler("end_turn_now", args=frames.NoArgs)
def _end_turn_now(g: Game, a: frames.NoArgs) -> None:
    lives.end_turn_now(g)


# --- the Inner Region ---------------------------------------------------------


def ring_distance(g: Game, space: int) -> int:
    """Steps from the region's home space (the Plain of Peril) along its ring or line."""
    sdef = g.rules.spaces[space]
    region = g.rules.regions[sdef.region]
    ring = region.ring
    i = ring.index(sdef.id)
    home = ring.index(region.home) if region.home else 0
    if region.shape == "line":
        return abs(i - home)
    d = (i - home) % len(ring)
    return min(d, len(ring) - d)


def step_neighbours(g: Game, space: int) -> tuple[list[int], list[int]]:
    """(forward, back) neighbours in a step region; links lead out of the ring."""
    rules = g.rules
    d = ring_distance(g, space)
    forward: list[int] = []
    back: list[int] = []
    ring_size = len(rules.regions[rules.spaces[space].region].ring)
    if ring_size > 1:
        for other in {rules.cw[space], rules.ccw[space]} - {-1}:
            (forward if ring_distance(g, other) > d else back).append(other)
    for ln in rules.links:
        if ln.kind not in ("portal", "gate"):
            continue
        a, b = rules.space_index[ln.a], rules.space_index[ln.b]
        if space == b:
            back.append(a)  # out of this region, toward where it was entered
        elif (
            space == a
            and rules.spaces[a].region == rules.spaces[space].region
            and rules.regions[rules.spaces[a].region].movement == "step"
        ):
            forward.append(b)  # onward to the next region (the Valley to the Crown)
    return sorted(forward), sorted(back)


def step_options(g: Game, seat: int) -> list[Choice]:
    p = g.players[seat]
    forward, back = step_neighbours(g, p.space)
    held = p.status.get("hold")
    opts: list[Choice] = []
    if held is not None and held.get("space") == p.space:
        opts.append(
            Choice(
                "stay",
                f"Face the {held['what']} again",
                [frames.effects(seat, held["effects"], {"space": p.space})],
            )
        )
    else:
        for f in forward:
            if not may_enter(g, seat, f):
                continue
            opts.append(
                Choice(
                    f"move:{g.rules.spaces[f].id}",
                    f"Go on to the {g.space_name(f)}",
                    [frames.arrive(seat, f, "forward")],
                )
            )
    for b in back:
        if g.rules.regions[region_of(g, b)].movement == "roll":
            # 000: out through the Portal is the whole move, and it ends on the
            # Portal of Power like any move (so that space is encountered).
            opts.append(
                Choice(
                    f"retreat:{g.rules.spaces[b].id}",
                    f"Go back out to the {g.space_name(b)}",
                    [frames.arrive(seat, b, "move")],
                )
            )
        else:
            opts.append(
                Choice(
                    f"retreat:{g.rules.spaces[b].id}",
                    f"Retreat to the {g.space_name(b)}",
                    [frames.arrive(seat, b, "retreat")],
                )
            )
    if g.rules.spaces[p.space].kind == "crown":
        opts.insert(0, Choice("stay", "Stay on the Crown of Command", []))
    return opts


def may_enter(g: Game, seat: int, space: int) -> bool:
    """The Valley of Fire's barrier: only with a Talisman; and what the rules of
    modules bar (``move_allowed``: the Demon Lord's barrier...)."""
    if g.rules.spaces[space].kind == "valley-of-fire" and not holds_talisman(g, seat):
        return False
    return abilities.move_allowed(g, seat, [space])


def holds_talisman(g: Game, seat: int) -> bool:
    """A Talisman, or a Magic Item held by its proper owner (000: it "becomes a Talisman")."""
    p = g.players[seat]
    for c in p.objects + p.packed:
        card = g.rules.instances[c]
        if "talisman" in card.traits or (card.type == "magic-item" and card.owner == p.character):
            return True
    return False


def put(g: Game, seat: int, space: int) -> None:
    """Set the character down on ``space``: no move, nothing met there (a rule that sends it and
    lets it meet the space pushes :func:`talisman.engine.frames.arrive` after).

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> put(g, 0, g.rules.space_index["chapel"]); g.space_name(g.players[0].space)
    'Chapel'
    """
    p = g.players[seat]
    before, p.space = p.space, space
    stats.moved(g, seat, before)


@ENGINE.handler("teleport", args=frames.Teleport)
def _teleport(g: Game, a: frames.Teleport) -> None:
    seat: int = a["p"]
    to = a["to"]
    p = g.players[seat]
    if not abilities.teleport_allowed(g, seat, to):
        g.say(f"{g.name(seat)} cannot be taken to the {g.space_name(to)} from here.", seat=seat)
        return
    if a.get("next_move"):
        p.status["next_move"] = to
        p.flags.discard("next-move-offered")  # a new offer, for the next turn
        g.say(f"{g.name(seat)} may go to the {g.space_name(to)} as its next move.", seat=seat)
        return
    g.say(f"{g.name(seat)} is moved to the {g.space_name(to)}.", type="move", seat=seat)
    if seat == g.active:
        lives.end_turn_now(g)
    put(g, seat, to)
    if a.get("encounter", True):
        g.push_frame(frames.arrive(seat, to, "teleport"))


@ENGINE.handler("arrive", args=frames.Arrive)
def _arrive(g: Game, a: frames.Arrive) -> None:
    seat: int = a["p"]
    space = a["space"]
    p = g.players[seat]
    came_from = p.space
    if (
        region_of(g, p.space) != region_of(g, space)
        and region_of(g, space) in ("outer", "middle")
        and region_of(g, p.space) in ("outer", "middle")
    ):
        crossed_river(g, seat)
    p.space = space
    stats.moved(g, seat, came_from)
    p.flags.add("arrived")
    if g.log is not None:
        g.say(
            f"{g.name(seat)} {'retreats' if a['how'] == 'retreat' else 'arrives'} on the {place_name(g.rules, g.rules.spaces[space].id)}.",
            type="move",
            seat=seat,
            space=g.rules.spaces[space].id,
        )
    g.push("land", p=seat, how=a["how"])
    abilities.react("arrive", g, seat, came_from)
    if a["how"] != "retreat":
        visit_realm(g, seat, space)
    # 000 (the Wizard on the Cursed Glade): a space that lowers Craft forces
    # the surplus Spells to be discarded at once, before anything is met there.
    possessions.check_limits(g, seat)


# --- moving a number of spaces, and being held --------------------------------


@effects.verb("move_steps")
def _move_steps(g: Game, seat: int, params: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Move ``n`` spaces forward (clockwise: along a line, with the Dungeon's
    arrows) or back, then arrive and encounter where the move ends. Passing
    spaces are not met; the move ends early on a ``stop`` space or at the end
    of a line (choice: it never leaves the line through a passage). It is the
    move itself, so what was left of the turn is dropped."""
    n = effects.amount(g, seat, params["n"])
    forward = params["direction"] == "forward"
    pos, path = g.players[seat].space, []
    for _ in range(n):
        pos = g.rules.cw[pos] if forward else g.rules.ccw[pos]
        if pos < 0:
            break
        path.append(pos)
        if g.rules.spaces[pos].stop:
            break
    if not path:
        g.say(f"{g.name(seat)} can go no further {'forward' if forward else 'back'}.", seat=seat)
        return
    g.say(
        f"{g.name(seat)} moves {len(path)} {'space' if len(path) == 1 else 'spaces'} {'forward' if forward else 'back'}.",
        type="move",
        seat=seat,
    )
    if seat == g.active:
        lives.end_turn_now(g)
    g.push_frame(frames.walk(seat, path, 0))


@effects.verb("hold")
def _hold_verb(g: Game, seat: int, params: dict[str, Any], ctx: dict[str, Any]) -> None:
    """The character's next move is to do ``do`` here instead (the Hall of Darkness)."""
    holds.hold(g, seat, params["what"], list(params["do"]))
    g.say(f"{g.name(seat)} must face the {params['what']} next turn.", seat=seat)
