"""The second phase, Encounter: facing face-up enemies, the hero draws 3 tokens from their bag;
the icons drawn act at once (hourglasses, fate, the magic bag) and the swords and hats defeat the
largest sets of enemies they can pay for, the player choosing among them. Drawn tokens stay in
front of their bags' owners; before a draw from a bag its owner may return all of theirs.

Returning (002: "Before the draw, you MAY decide to return all of the tokens in front of you to your
Hero bag first. You may only return ALL or NONE!"): the owner is asked once before a draw, not
before each token of it. Our reading of "a draw": the encounter's three tokens are one draw, and so
is a Magic bag's token (002's note asks the owner before that one); the tokens a Fate icon or the
Warrior's Battle cry adds, from the same bag, belong to the draw they come in. An owner who kept its
tokens is asked again before a later draw from its bag, until it has returned once this turn.
"All the tokens in front of you" are those left there by earlier turns: the tokens drawn in this
encounter are on the table in play, and go in front of their owners as it ends (002, "Ending the
Encounter": "you must leave all of the tokens you have drawn on the table in front of you"; its
worked example hands the Wizard her two tokens back after the fight), so a return does not take
them out of the fight.

Choices where 002 is silent: a crossed hourglass drawn after a regular hourglass cancels it (time
back one), one drawn first ignores the next hourglass of this turn; an enemy's Health tokens are
capped by the 5 in the box.

>>> feasible({}, 0, 0, 0)
True
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from talisman.engine import frames
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import Game, frame
from talisman.modules.legendary_tales.board import enemies_at, hero
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.ending import move_time, over
from talisman.modules.legendary_tales.module import MODULE

SWORDS = {"sword": 1, "sword2": 2}
HATS = {"hat": 1, "hat2": 2}


@MODULE.handler("lt-encounter", args=frames.NoArgs)
def encounter(g: Game, a: frames.NoArgs) -> None:
    if enemies_at(g, g.players[g.active].space):
        g.push_all([draw_from(g.active), *more_of_the_draw(g.active, 2), frame("lt-fight")])


def more_of_the_draw(owner: int, n: int) -> list[Frame]:
    """Further tokens of a draw from a bag whose owner was asked before it (no new question).

    >>> more_of_the_draw(1, 2)
    [('lt-draw', {'bag': 1, 'asked': True}), ('lt-draw', {'bag': 1, 'asked': True})]
    """
    return [draw_from(owner, asked=True)] * n


def _offer_return(g: Game, owner: int) -> None:
    g.push_frame(draw_from(owner, asked=True))
    g.decide(
        owner,
        "lt-return",
        f"{g.name(g.active)} draws from {g.name(owner)}'s bag: return your tokens first?",
        [
            Choice("keep", "Keep them in front of you"),
            Choice("return", "Return them all to your bag", [frame("lt-return", seat=owner)]),
        ],
    )


class Draw(TypedDict):
    """A token drawn from the bag of the hero of seat ``bag`` (``asked``: its owner was asked
    before the draw whether to return its tokens)."""

    bag: int
    asked: NotRequired[bool]


def draw_from(bag: int, asked: bool = False) -> Frame:
    """A token is drawn from the bag of the hero of seat ``bag``."""
    return ("lt-draw", {"bag": bag, "asked": True} if asked else {"bag": bag})


@MODULE.handler("lt-draw", args=Draw)
def draw(g: Game, a: Draw) -> None:
    owner = a["bag"]
    used = [d[0] for d in g.globals["drawn"]]
    old = [t for t in g.decks[f"front:{owner}"] if t not in used]
    if old and owner not in g.globals["returned"] and not a.get("asked"):
        _offer_return(g, owner)
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
        _time_icon(g, i, owner)
        if over(g):
            return
    more = icons.count("fate") + 2 * icons.count("fate2")
    if "fate" in icons and hero(g, owner) == "prophetess" and owner == g.active:
        more += 1  # the Prophetess's Foresight (our own)
    if more and g.decks[f"bag:{owner}"]:
        g.decide(
            g.active,
            "lt-fate",
            f"Fate: draw {more} more from {g.name(owner)}'s bag?",
            [Choice("draw", f"Draw {more} more", more_of_the_draw(owner, more)), Choice("no", "Do not draw")],
        )
        return
    if "magic-bag" in icons:
        opts = [
            Choice(f"bag:{p.seat}", f"Draw from {g.name(p.seat)}'s bag", [draw_from(p.seat)])
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
        g.push_all(more_of_the_draw(owner, 1))


def _time_icon(g: Game, icon: str, owner: int) -> None:
    """What an hourglass, a green hourglass or a crossed hourglass drawn from a bag does."""
    if icon == "hourglass":
        if g.globals["shields"] > 0:
            g.globals = {**g.globals, "shields": g.globals["shields"] - 1}
            g.say("A crossed hourglass lets the party ignore it.")
        elif hero(g, owner) == "troll" and not g.globals["troll_skin"]:
            g.globals = {**g.globals, "troll_skin": True}
            g.say("The Troll's thick skull ignores it.")
        else:
            g.globals = {**g.globals, "hourglasses": g.globals["hourglasses"] + 1}
            move_time(g, 1, "an hourglass")
    elif icon == "hourglass-back":
        move_time(g, -1, "a green hourglass")
    elif icon == "no-hourglass":
        if g.globals["hourglasses"] > 0:  # our choice: it cancels one already counted this turn
            g.globals = {**g.globals, "hourglasses": g.globals["hourglasses"] - 1}
            move_time(g, -1, "a crossed hourglass cancels an earlier one")
        else:
            g.globals = {**g.globals, "shields": g.globals["shields"] + 1}


def effective(g: Game, t: int, owner: int) -> list[str]:
    """The icons a drawn token has: its own, or the hero abilities' (from its owner's bag)."""
    tok = catalogue().tokens[t]
    if tok.owner == "warrior" and tok.key == "battle-cry" and owner == g.active:
        return ["sword", "battle"]
    if tok.owner == "wizard" and tok.key == "spellbook" and owner == g.active:
        return ["hat2"]
    return list(tok.icons)


class Return(TypedDict):
    """The character ``seat`` returns its tokens to its bag."""

    seat: int


@MODULE.handler("lt-return", args=Return)
def give_back(g: Game, a: Return) -> None:
    s = a["seat"]
    used = [d[0] for d in g.globals["drawn"]]
    back = [t for t in g.decks[f"front:{s}"] if t not in used]
    g.decks[f"front:{s}"] = [t for t in g.decks[f"front:{s}"] if t in used]
    g.decks[f"bag:{s}"] += back
    g.globals = {**g.globals, "returned": [*g.globals["returned"], s]}
    g.say(f"{g.name(s)} returns {len(back)} token(s) to the bag.")


def pool(g: Game) -> tuple[int, int, int]:
    """The swords, hats and sword-or-hat choices drawn this turn."""
    s = h = c = 0
    for t, owner in g.globals["drawn"]:
        for i in effective(g, t, owner):
            s += SWORDS.get(i, 0)
            h += HATS.get(i, 0)
            c += i == "sword/hat"
    return s, h, c


def need(t: int) -> tuple[int, int]:
    """The swords and hats an enemy shows."""
    icons = catalogue().tokens[t].icons
    return sum(SWORDS.get(i, 0) for i in icons), sum(HATS.get(i, 0) for i in icons)


def feasible(hits: dict[int, int], s: int, h: int, c: int) -> bool:
    """Whether ``s`` swords, ``h`` hats and ``c`` choices pay for these hits on enemies."""
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


@MODULE.handler("lt-fight", args=frames.NoArgs)
def fight(g: Game, a: frames.NoArgs) -> None:
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


class Hit(TypedDict):
    """The token ``t`` hits the party."""

    t: int


@MODULE.handler("lt-hit", args=Hit)
def hit(g: Game, a: Hit) -> None:
    t = a["t"]
    tok = catalogue().tokens[t]
    if g.counters.get(t, 0) > 0:
        g.counters[t] -= 1
        if not g.counters[t]:
            del g.counters[t]
        g.say(f"{tok.name} loses a Health token.")
        return
    g.board[g.players[g.active].space].remove(t)
    g.decks["box"].append(t)
    g.globals = {
        **g.globals,
        "rewards_due": g.globals["rewards_due"] + tok.rewards,
        "eliminated": [*g.globals.get("eliminated", []), t],
    }
    g.say(f"{tok.name} is {'opened' if tok.kind == 'locked-chest' else 'eliminated'}.")
