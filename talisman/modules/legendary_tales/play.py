"""Setup, the turn (travel, encounter, collect), draws and icons, rewards, tasks, time, the end.

Choices where 002 is silent (see the report): seat 0 starts (the youngest); the return of the
tokens in front is offered before each draw from a bag while its owner has not returned this
turn, and returns the tokens lying there from earlier turns; a crossed hourglass drawn after a
regular hourglass cancels it (time back one); Health tokens placed are capped by the 5 in the box.
"""

from __future__ import annotations

from typing import Any

from talisman.engine.decision import Choice
from talisman.engine.game import Game, frame
from talisman.engine.player import Player
from talisman.modules.legendary_tales import tasks
from talisman.modules.legendary_tales.catalogue import DIE, HEALTH_TOKENS, catalogue
from talisman.modules.legendary_tales.module import MODULE
from talisman.modules.legendary_tales.tasks import action, condition


def adv(g: Game) -> dict[str, Any]:
    return catalogue().adventures[g.globals["adventure"]]


def loc(g: Game, key: str) -> int:
    return g.rules.space_index[key]


def track(g: Game) -> list[str]:
    t: list[str] = adv(g)["adventure"]["track"][f"side{g.globals['side']}"]
    return t


def hero(g: Game, seat: int) -> str:
    return g.players[seat].character


# --- setup ------------------------------------------------------------------------------------


@MODULE.handler("setup")
def setup(g: Game, a: dict[str, Any]) -> None:
    cat = catalogue()
    chars = list(g.config["characters"])
    free = [h for h in cat.heroes if h not in chars]
    for i, c in enumerate(chars):
        if c is None:
            chars[i] = free.pop(g.rng.below(len(free)))
    g.players = [Player(i, c) for i, c in enumerate(chars)]
    g.globals["scoreboard"] = {}
    start_adventure(g, int(g.options["adventure"]), int(g.options["difficulty"]))


def start_adventure(g: Game, number: int, stars: int) -> None:
    """Lay out adventure ``number`` at ``stars`` difficulty: fresh bags, reward bag, tokens."""
    cat = catalogue()
    if number not in cat.adventures:
        from talisman.errors import ConfigError

        raise ConfigError(f"adventure {number} has no data file (adventure-{number}.toml)")
    a = cat.adventures[number]["adventure"]
    g.decks = {f"bag:{p.seat}": list(cat.hero_tokens[p.character]) for p in g.players}
    g.decks.update({f"front:{p.seat}": [] for p in g.players})
    g.decks["reward"] = list(cat.rewards)
    used = set(t for d in g.decks.values() for t in d)
    g.decks["box"] = [t.id for t in cat.tokens if t.id not in used]
    g.decks.update({"aside": [], "scroll": [], "revealed": []})
    g.board = {}
    g.counters = {}
    g.globals = {
        **g.globals,
        "adventure": number,
        "stars": stars,
        "side": 1,
        "time": int(a["track"]["stars"][str(stars)]),
        "step": 0,
        "down": [],
        "story": a.get("intro", ""),
        "drawn": [],
        "phase": "travel",
    }
    for p in g.players:
        p.space = loc(g, a["start"])
    g.say(f"Adventure {number}: {a['title']} ({stars} star{'s' if stars > 1 else ''}). {a.get('intro', '')}")
    tasks.run(g, cat.adventures[number].get("setup", []))
    begin_step(g)
    g.active = 0
    g.turn = 0


def begin_step(g: Game) -> None:
    steps = adv(g).get("step", [])
    s = steps[g.globals["step"]]
    g.globals["story"] = s["story"]
    g.globals["task"] = s["task"]
    g.say(s["story"], type="story")
    g.say(f"Task: {s['task']}")


# --- time ---------------------------------------------------------------------------------------


def move_time(g: Game, n: int, why: str) -> None:
    t = max(0, g.globals["time"] + n)
    g.globals["time"] = t
    g.say(f"Time {'advances' if n > 0 else 'goes back'} ({why}): {track(g)[t]}.")
    if t >= len(track(g)) - 1:
        finish(g, False, "the time counter reached the crescent moon: night falls")


def finish(g: Game, won: bool, how: str) -> None:
    number, stars = g.globals["adventure"], g.globals["stars"]
    board = dict(g.globals.get("scoreboard", {}))
    if won and board.get(str(number), 0) < stars:
        board[str(number)] = stars  # a won Talisman is kept; a higher-star win replaces it
    g.globals["scoreboard"] = board
    if g.options.get("campaign"):
        g.stack.clear()
        g.push("lt-campaign-ask", won=won, how=how)
        g.say(f"The party {'wins' if won else 'loses'} adventure {number}: {how}.")
        return
    end(g, won, how)


def end(g: Game, won: bool, how: str) -> None:
    g.end([p.seat for p in g.players] if won else [], how)
    board = g.globals.get("scoreboard", {})
    assert g.result is not None
    g.result.update({"adventure": g.globals["adventure"], "stars": g.globals["stars"], "won": won})
    if g.options.get("campaign"):
        total = sum(board.values())
        g.result["scoreboard"] = board
        g.result["rank"] = rank(total) if len(board) == 5 else None


def rank(total: int) -> str | None:
    """002's rank table; below 11 stars 002 names no rank (None).

    >>> rank(13)
    'Renowned'
    """
    return "Legendary" if total >= 15 else "Renowned" if total >= 13 else "Heroic" if total >= 11 else None


GATES = {1: 0, 2: 2, 3: 4, 4: 7, 5: 10}


@MODULE.handler("lt-campaign-ask")
def campaign_ask(g: Game, a: dict[str, Any]) -> None:
    number = g.globals["adventure"]
    total = sum(g.globals["scoreboard"].values())
    opts = [
        Choice(f"retry:{s}", f"Retry adventure {number} at {s} stars", [frame("lt-begin", n=number, stars=s)])
        for s in (1, 2, 3)
    ]
    nxt = number + 1
    if a["won"] and nxt in catalogue().adventures and total >= GATES.get(nxt, 0):
        opts += [
            Choice(f"next:{s}", f"Go on to adventure {nxt} at {s} stars", [frame("lt-begin", n=nxt, stars=s)])
            for s in (1, 2, 3)
        ]
    done = len(g.globals["scoreboard"]) == 5
    opts.append(Choice("stop", "Stop the campaign", [frame("lt-stop", won=a["won"], how=a["how"])]))
    if done:
        opts = [o for o in opts if o.id == "stop" or o.id.startswith("retry")]
    g.decide(0, "lt-campaign", "The party decides (seat 0 for the party): retry, go on, or stop.", opts)


@MODULE.handler("lt-begin")
def begin(g: Game, a: dict[str, Any]) -> None:
    start_adventure(g, a["n"], a["stars"])


@MODULE.handler("lt-stop")
def stop(g: Game, a: dict[str, Any]) -> None:
    end(g, a["won"], a["how"])


# --- the turn ------------------------------------------------------------------------------------


@MODULE.handler("next_turn")
def next_turn(g: Game, a: dict[str, Any]) -> None:
    if g.turn > 0:
        g.active = (g.active + 1) % len(g.players)  # clockwise = seat order
    g.turn += 1
    g.globals = {
        **g.globals,
        "returned": [],
        "shields": 0,
        "hourglasses": 0,
        "rewards_due": 0,
        "drawn": [],
        "troll_skin": False,
    }
    g.say(f"{g.name(g.active)}'s turn.", seat=g.active)
    g.push_all([frame("lt-phase", phase=ph) for ph in ("travel", "encounter", "collect")])


@MODULE.handler("lt-phase")
def phase(g: Game, a: dict[str, Any]) -> None:
    g.globals = {**g.globals, "phase": a["phase"]}
    g.push_all([frame(f"lt-{a['phase']}"), frame("lt-check")])


@MODULE.handler("lt-travel")
def travel(g: Game, a: dict[str, Any]) -> None:
    g.decide(
        g.active,
        "lt-travel",
        "Travel (roll the Travel die) or stay?",
        [Choice("stay", "Stay here", [frame("lt-flip")]), Choice("roll", "Roll the Travel die", [frame("lt-roll")])],
    )


def paths(g: Game) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for x, y in adv(g)["adventure"]["paths"]:
        out.setdefault(loc(g, x), []).append(loc(g, y))
        out.setdefault(loc(g, y), []).append(loc(g, x))
    return out


def enemies_at(g: Game, where: int) -> list[int]:
    cat = catalogue()
    down = set(g.globals["down"])
    return [t for t in g.board.get(where, []) if t not in down and cat.tokens[t].kind in ("enemy", "locked-chest")]


def reachable(g: Game, start: int, steps: int) -> list[int]:
    """Locations within ``steps`` along paths; entering one with face-up Enemies ends the move."""
    ways = paths(g)
    seen = {start: 0}
    edge = [start]
    for d in range(1, steps + 1):
        nxt = []
        for here in edge:
            if here != start and enemies_at(g, here):
                continue
            for there in ways.get(here, []):
                if there not in seen:
                    seen[there] = d
                    nxt.append(there)
        edge = nxt
    return sorted(seen)


@MODULE.handler("lt-roll")
def roll(g: Game, a: dict[str, Any]) -> None:
    face = DIE[g.rng.die(6) - 1]
    p = g.players[g.active]
    g.say(
        f"{g.name(g.active)} rolls {'4 and the hourglass' if face == '4h' else 'the Magic Portal' if face == 'portal' else face}."
    )
    if face == "4h":
        move_time(g, 1, "the Travel die")
        if g.result is not None or g.stack and g.stack[-1][0] == "lt-campaign-ask":
            return
        steps = 4
    if face == "portal":
        dests = sorted(range(len(g.rules.spaces)))
    else:
        steps = 4 if face == "4h" else int(face)
        if hero(g, g.active) == "elf":
            steps += 1  # the Elf's ability (our own)
        dests = reachable(g, p.space, steps)
    opts = [
        Choice(
            f"move:{g.rules.spaces[d].id}",
            "Stay" if d == p.space else f"Go to {g.space_name(d)}",
            [frame("lt-goto", to=d), frame("lt-flip")],
        )
        for d in dests
    ]
    g.decide(g.active, "lt-move", "Where do you go?", opts)


@MODULE.handler("lt-goto")
def goto(g: Game, a: dict[str, Any]) -> None:
    g.players[g.active].space = a["to"]


@MODULE.handler("lt-flip")
def flip(g: Game, a: dict[str, Any]) -> None:
    flip_at(g, g.players[g.active].space)


def flip_at(g: Game, where: int) -> None:
    down = g.globals["down"]
    here = [t for t in g.board.get(where, []) if t in down]
    if not here:
        return
    g.globals = {**g.globals, "down": [t for t in down if t not in here]}
    cat = catalogue()
    for t in here:
        reveal(g, t)
    g.say(f"Revealed at {g.space_name(where)}: {', '.join(cat.tokens[t].name for t in here)}.")


def reveal(g: Game, t: int) -> None:
    tok = catalogue().tokens[t]
    if tok.health:
        free = HEALTH_TOKENS - sum(g.counters.values())
        if min(tok.health, free) > 0:
            g.counters[t] = min(tok.health, free)


# --- the encounter ---------------------------------------------------------------------------------


@MODULE.handler("lt-encounter")
def encounter(g: Game, a: dict[str, Any]) -> None:
    here = g.players[g.active].space
    if enemies_at(g, here):
        g.push_all([frame("lt-draw", bag=g.active)] * 3 + [frame("lt-fight")])


@MODULE.handler("lt-draw")
def draw(g: Game, a: dict[str, Any]) -> None:
    owner = a["bag"]
    old = [t for t in g.decks[f"front:{owner}"] if t not in [d[0] for d in g.globals["drawn"]]]
    if old and owner not in g.globals["returned"] and not a.get("asked"):
        g.push("lt-draw", bag=owner, asked=True)
        g.decide(
            owner,
            "lt-return",
            f"{g.name(g.active)} draws from {g.name(owner)}'s bag: return your tokens first?",
            [
                Choice("keep", "Keep them in front of you"),
                Choice("return", "Return them all to your bag", [frame("lt-return", seat=owner)]),
            ],
        )
        return
    bag = g.decks[f"bag:{owner}"]
    if not bag:
        g.say(f"{g.name(owner)}'s bag is empty: nothing is drawn.")
        return
    t = bag.pop(g.rng.below(len(bag)))
    g.decks[f"front:{owner}"].append(t)
    g.globals = {**g.globals, "drawn": [*g.globals["drawn"], [t, owner]]}
    icons = effective(g, t, owner)
    g.say(f"Drawn from {g.name(owner)}'s bag: {catalogue().tokens[t].name} ({', '.join(icons) or 'no icon'}).")
    for i in icons:
        if i == "hourglass":
            if g.globals["shields"] > 0:
                g.globals = {**g.globals, "shields": g.globals["shields"] - 1}
                g.say("A crossed hourglass lets the party ignore it.")
            elif hero(g, owner) == "troll" and not g.globals["troll_skin"]:
                g.globals = {**g.globals, "troll_skin": True}
                g.say("The Troll's thick skull ignores it.")
            else:
                g.globals = {**g.globals, "hourglasses": g.globals["hourglasses"] + 1}
                move_time(g, 1, "an hourglass")
        elif i == "hourglass-back":
            move_time(g, -1, "a green hourglass")
        elif i == "no-hourglass":
            if g.globals["hourglasses"] > 0:  # our choice: it cancels one already counted this turn
                g.globals = {**g.globals, "hourglasses": g.globals["hourglasses"] - 1}
                move_time(g, -1, "a crossed hourglass cancels an earlier one")
            else:
                g.globals = {**g.globals, "shields": g.globals["shields"] + 1}
        if g.result is not None or (g.stack and g.stack[-1][0] == "lt-campaign-ask"):
            return
    more = sum(1 for i in icons if i == "fate") + 2 * sum(1 for i in icons if i == "fate2")
    if "fate" in icons and hero(g, owner) == "prophetess" and owner == g.active:
        more += 1  # the Prophetess's Foresight (our own)
    if more and g.decks[f"bag:{owner}"]:
        g.decide(
            g.active,
            "lt-fate",
            f"Fate: draw {more} more from {g.name(owner)}'s bag?",
            [Choice("draw", f"Draw {more} more", [frame("lt-draw", bag=owner)] * more), Choice("no", "Do not draw")],
        )
        return
    if "magic-bag" in icons:
        opts = [
            Choice(f"bag:{p.seat}", f"Draw from {g.name(p.seat)}'s bag", [frame("lt-draw", bag=p.seat)])
            for p in g.players
            if g.decks[f"bag:{p.seat}"] or g.decks[f"front:{p.seat}"]
        ]
        g.decide(
            g.active,
            "lt-magic",
            "Magic bag: draw one more token from a hero's bag?",
            [*opts, Choice("no", "Do not draw")],
        )
    if "battle" in icons and hero(g, owner) == "warrior" and g.decks[f"bag:{owner}"]:
        g.push("lt-draw", bag=owner)


def effective(g: Game, t: int, owner: int) -> list[str]:
    """The icons a drawn token has: its own, or the hero abilities' (from its owner's bag)."""
    tok = catalogue().tokens[t]
    if tok.owner == "warrior" and tok.key == "battle-cry" and owner == g.active:
        return ["sword", "battle"]
    if tok.owner == "wizard" and tok.key == "spellbook" and owner == g.active:
        return ["hat2"]
    return list(tok.icons)


@MODULE.handler("lt-return")
def give_back(g: Game, a: dict[str, Any]) -> None:
    s = a["seat"]
    used = [d[0] for d in g.globals["drawn"]]
    back = [t for t in g.decks[f"front:{s}"] if t not in used]
    g.decks[f"front:{s}"] = [t for t in g.decks[f"front:{s}"] if t in used]
    g.decks[f"bag:{s}"] += back
    g.globals = {**g.globals, "returned": [*g.globals["returned"], s]}
    g.say(f"{g.name(s)} returns {len(back)} token(s) to the bag.")


def pool(g: Game) -> tuple[int, int, int]:
    s = h = c = 0
    for t, owner in g.globals["drawn"]:
        for i in effective(g, t, owner):
            s += {"sword": 1, "sword2": 2}.get(i, 0)
            h += {"hat": 1, "hat2": 2}.get(i, 0)
            c += i == "sword/hat"
    return s, h, c


def need(t: int) -> tuple[int, int]:
    icons = catalogue().tokens[t].icons
    return sum({"sword": 1, "sword2": 2}.get(i, 0) for i in icons), sum({"hat": 1, "hat2": 2}.get(i, 0) for i in icons)


def feasible(hits: dict[int, int], s: int, h: int, c: int) -> bool:
    ns = sum(need(t)[0] * k for t, k in hits.items())
    nh = sum(need(t)[1] * k for t, k in hits.items())
    return max(0, ns - s) + max(0, nh - h) <= c


def defeat_sets(g: Game, targets: list[int]) -> list[dict[int, int]]:
    """The maximal feasible sets of hits (an enemy with Health may be hit once per Health token + 1)."""
    s, h, c = pool(g)
    found: list[dict[int, int]] = [{}]
    for t in targets:
        top = g.counters.get(t, 0) + 1
        found = [{**f, t: k} for f in found for k in range(top + 1) if feasible({**f, t: k}, s, h, c)]
    found = [{t: k for t, k in f.items() if k} for f in found]
    maximal = [f for f in found if f and not any(o != f and all(o.get(t, 0) >= k for t, k in f.items()) for o in found)]
    out: list[dict[int, int]] = []
    for f in maximal:
        if f not in out:
            out.append(f)
    return out


@MODULE.handler("lt-fight")
def fight(g: Game, a: dict[str, Any]) -> None:
    targets = enemies_at(g, g.players[g.active].space)
    sets = defeat_sets(g, targets)
    if not sets:
        g.say("The icons drawn defeat no enemy.")
        return
    cat = catalogue()
    opts = []
    for f in sets:
        label = " and ".join(f"{cat.tokens[t].name}" + (f" x{k}" if k > 1 else "") for t, k in f.items())
        opts.append(
            Choice(
                "defeat:" + ",".join(f"{t}x{k}" for t, k in sorted(f.items())),
                f"Defeat {label}",
                [frame("lt-hit", t=t) for t, k in sorted(f.items()) for _ in range(k)],
            )
        )
    g.decide(g.active, "lt-defeat", "Which enemies do you defeat?", opts)


@MODULE.handler("lt-hit")
def hit(g: Game, a: dict[str, Any]) -> None:
    t = a["t"]
    tok = catalogue().tokens[t]
    if g.counters.get(t, 0) > 0:
        g.counters[t] -= 1
        if not g.counters[t]:
            del g.counters[t]
        g.say(f"{tok.name} loses a Health token.")
        return
    where = g.players[g.active].space
    g.board[where].remove(t)
    g.decks["box"].append(t)
    g.globals = {
        **g.globals,
        "rewards_due": g.globals["rewards_due"] + tok.rewards,
        "eliminated": [*g.globals.get("eliminated", []), t],
    }
    g.say(f"{tok.name} is {'opened' if tok.kind == 'locked-chest' else 'eliminated'}.")


# --- collect ------------------------------------------------------------------------------------


@MODULE.handler("lt-collect")
def collect(g: Game, a: dict[str, Any]) -> None:
    where = g.players[g.active].space
    cat = catalogue()
    if not enemies_at(g, where):
        down = set(g.globals["down"])
        for t in [t for t in g.board.get(where, []) if t not in down]:
            tok = cat.tokens[t]
            if tok.kind == "chest":
                g.board[where].remove(t)
                g.decks["box"].append(t)
                extra = 1 if hero(g, g.active) == "dwarf" else 0
                g.globals = {**g.globals, "rewards_due": g.globals["rewards_due"] + tok.rewards + extra}
                g.say(f"{g.name(g.active)} opens the {tok.name}.")
            elif tok.kind == "item":
                g.board[where].remove(t)
                g.decks["scroll"].append(t)
                g.say(f"{g.name(g.active)} takes the {tok.name} (onto the scroll).")
    g.push_all([frame("lt-reward")] * g.globals["rewards_due"])
    g.globals = {**g.globals, "rewards_due": 0}


@MODULE.handler("lt-reward")
def reward(g: Game, a: dict[str, Any]) -> None:
    bag = g.decks["reward"]
    if not bag:
        g.say("The Reward bag is empty.")
        return
    t = bag.pop(g.rng.below(len(bag)))  # its icons do nothing now: only a draw from a Hero bag acts
    g.decks["revealed"].append(t)
    name = catalogue().tokens[t].name
    g.say(f"Reward: {name}.")
    g.decide(
        g.active,
        "lt-reward",
        f"Into whose bag does the {name} go?",
        [Choice(f"give:{p.seat}", f"{g.name(p.seat)}'s bag", [frame("lt-give", t=t, seat=p.seat)]) for p in g.players],
    )


@MODULE.handler("lt-give")
def give(g: Game, a: dict[str, Any]) -> None:
    g.decks["revealed"].remove(a["t"])
    g.decks[f"bag:{a['seat']}"].append(a["t"])


# --- tasks -----------------------------------------------------------------------------------------


@MODULE.handler("lt-check")
def check(g: Game, a: dict[str, Any]) -> None:
    steps = adv(g).get("step", [])
    while g.result is None and g.globals["step"] < len(steps):
        s = steps[g.globals["step"]]
        if not tasks.holds(g, s["done"]):
            return
        g.say(f"Task done: {s['task']}")
        before = g.globals["adventure"], g.turn
        tasks.run(g, s.get("then", []))
        if (
            g.result is not None
            or (g.globals["adventure"], g.turn) != before
            or (g.stack and g.stack[-1][0] == "lt-campaign-ask")
        ):
            return
        g.globals = {**g.globals, "step": g.globals["step"] + 1}
        if g.globals["step"] < len(steps):
            begin_step(g)


def where_is(g: Game, t: int) -> int | None:
    for k, v in g.board.items():
        if t in v:
            return k
    return None


def keyed(g: Game, key: str) -> list[int]:
    return catalogue().find(g.globals["adventure"], key)


@condition("never")
def _never(g: Game, spec: dict[str, Any]) -> bool:
    return False


@condition("all")
def _all(g: Game, spec: dict[str, Any]) -> bool:
    return all(tasks.holds(g, s) for s in spec["of"])


@condition("any")
def _any(g: Game, spec: dict[str, Any]) -> bool:
    return any(tasks.holds(g, s) for s in spec["of"])


@condition("on-scroll")
def _on_scroll(g: Game, spec: dict[str, Any]) -> bool:
    keys = set(keyed(g, spec["token"]))
    return sum(1 for t in g.decks["scroll"] if t in keys) >= int(spec.get("count", 1))


@condition("hero-with")
def _hero_with(g: Game, spec: dict[str, Any]) -> bool:
    down = set(g.globals["down"])
    spots = {where_is(g, t) for t in keyed(g, spec["token"]) if t not in down}
    return any(p.space in spots for p in g.players)


@condition("hero-at")
def _hero_at(g: Game, spec: dict[str, Any]) -> bool:
    return any(p.space == loc(g, spec["location"]) for p in g.players)


@condition("eliminated")
def _eliminated(g: Game, spec: dict[str, Any]) -> bool:
    gone = set(g.globals.get("eliminated", []))
    return all(t in gone for t in keyed(g, spec["token"]))


@action("place")
def _place(g: Game, spec: dict[str, Any]) -> None:
    picked: list[int] = []
    for key in spec["tokens"]:
        t = next(t for t in keyed(g, key) if t not in picked and (t in g.decks["aside"] or t in g.decks["box"]))
        picked.append(t)
    if spec.get("shuffle"):
        g.rng.shuffle(picked)
    heroes = {p.space for p in g.players}
    for t, at in zip(picked, spec["at"], strict=True):
        for z in ("aside", "box"):
            if t in g.decks[z]:
                g.decks[z].remove(t)
        where = loc(g, at)
        g.board.setdefault(where, []).append(t)
        if spec.get("face_up") or where in heroes:
            reveal(g, t)  # new tokens where a hero stands are flipped at once
        else:
            g.globals = {**g.globals, "down": [*g.globals["down"], t]}


@action("set-aside")
def _set_aside(g: Game, spec: dict[str, Any]) -> None:
    picked: list[int] = []
    for key in spec["tokens"]:
        t = next(t for t in keyed(g, key) if t not in picked and t in g.decks["box"])
        picked.append(t)
        g.decks["box"].remove(t)
        g.decks["aside"].append(t)


@action("discard")
def _discard(g: Game, spec: dict[str, Any]) -> None:
    for t in keyed(g, spec["token"]):
        if t in g.decks["scroll"]:
            g.decks["scroll"].remove(t)
            g.decks["box"].append(t)
        w = where_is(g, t)
        if w is not None:
            g.board[w].remove(t)
            g.decks["box"].append(t)


@action("to-scroll")
def _to_scroll(g: Game, spec: dict[str, Any]) -> None:
    for t in keyed(g, spec["token"]):
        for z in ("aside", "box"):
            if t in g.decks[z]:
                g.decks[z].remove(t)
                g.decks["scroll"].append(t)
        w = where_is(g, t)
        if w is not None:
            g.board[w].remove(t)
            g.decks["scroll"].append(t)


@action("flip-scroll")
def _flip_scroll(g: Game, spec: dict[str, Any]) -> None:
    label = track(g)[g.globals["time"]]
    g.globals = {**g.globals, "side": 2}
    t2 = track(g)
    g.globals = {**g.globals, "time": t2.index(label) if label in t2 else g.globals["time"]}
    g.say(f"The scroll turns over; the time counter stays on {label}.")


@action("time")
def _time(g: Game, spec: dict[str, Any]) -> None:
    move_time(g, int(spec["n"]), "the story")


@action("say")
def _say(g: Game, spec: dict[str, Any]) -> None:
    g.say(spec["text"], type="story")


@action("win")
def _win(g: Game, spec: dict[str, Any]) -> None:
    finish(g, True, f"the party recovers the Talisman of {adv(g)['adventure']['title']}")
