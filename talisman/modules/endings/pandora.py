"""Pandora's Box (000): the character who reaches the Crown opens the Box and
rolls a D8.

1 The Arena and 6 The Arena Revisited: see :mod:`.arena`.
2 Finder's Keepers: claim any Objects, Magic Objects and Magic Items from
  every discard pile (within what it can carry); from then on, each turn it
  may teleport to another character and encounter it, and it wins by taking
  every other character's last life (the last one standing; another may win
  first).
3 Perils of Pandora: now and at the start of each of its turns the opener
  may teleport one other character onto another and make the first attack
  the second in battle (in psychic combat if the attacker's abilities allow
  it), bout after bout until one is dead; when a single other character is
  left, the opener may teleport to it and fight it to the finish.
4 The Quest of a Lifetime: land on (and encounter) 13 places in order, the
  Crown of Command last. Places on boards the game does not have are left out
  of the quest (000: rules for expansions not in use are ignored). The
  Castle may be replaced by the Royal Castle only when a rule razes it, which
  no module of the game does yet.
5 Bring Me the Head of the Hydra: come back with 7 Dragons killed, kept as
  trophies (they cannot be traded for Strength meanwhile).
7 Ashes to Ashes: come back after taking a life from another character.
8 Raise the Rabble to Victory: come back with 12 Followers.

Choices: the Box is opened by each character who reaches the Crown; an
outcome that sends the character out (4, 5, 7, 8) moves it off the Crown at
once, and it wins when it lands on the Crown again with the task done. The
card does not say the Box opens only once: a character that comes back with
its task not done may open it again, the new roll taking the old task's
place, or keep the task (two characters each sent for seven Dragons, which
hardly anyone brings back, had hunted each other to the turn cap).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import combat, effects, frames, movement, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.endings import arena, common
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

NAME = "pandoras-box"
QUEST_PLACES = (
    ("Monastery of Pure Good",),
    ("Graveyard",),
    ("Anarchist's Guild",),
    ("Guard Room",),
    ("Space Fortress",),
    ("Endless Sea",),
    ("Magic Emporium",),
    ("Tavern",),
    ("Castle",),
    ("Oasis",),
    ("Village",),
    ("High Temple",),
    ("Crown of Command",),
)
DRAGONS_NEEDED = 7
FOLLOWERS_NEEDED = 12
RETURNS = ("quest", "hydra", "ashes", "rabble")


def reach(g: Game, seat: int) -> None:
    aim = common.goal(g, seat, NAME)
    if aim is None:
        open_box(g, seat)
    elif aim["kind"] in RETURNS:
        if done(g, seat, aim):
            common.win(g, seat, f"came back to the Crown of Command with Pandora's task done ({aim['text']})")
        else:
            g.say(f"{g.name(seat)} has not yet done what the Box asked: {aim['text']}.", seat=seat)
            g.offer(
                seat,
                "pandora-again",
                f"Open Pandora's Box again? A new roll takes the place of the task ({aim['text']}).",
                Choice("reopen", "Open the Box again", [frame("pandora_reopen", p=seat)]),
                ("keep", "Keep the task"),
            )


def open_box(g: Game, seat: int) -> None:
    g.say(f"{g.name(seat)} carefully opens Pandora's Box.", type="crown", seat=seat)
    effects.roll(g, seat, "D8", frame("pandora_outcome", p=seat), why="Pandora's Box")


@MODULE.handler("pandora_reopen", args=frames.Seat)
def _reopen(g: Game, a: frames.Seat) -> None:
    """The task not done is given up (the Hydra's Dragons may be traded again) and the Box opened anew."""
    seat = a["p"]
    aim = common.goal(g, seat, NAME)
    if aim is not None and aim["kind"] == "hydra":
        possessions.take_back_traits(g, seat, ["keep-trophies:dragon"])
    common.clear_goal(g, seat)
    open_box(g, seat)


def turn_start(g: Game, seat: int) -> None:
    """A character who stays on the Crown has opened the Box already: nothing more comes of it."""


def done(g: Game, seat: int, aim: dict[str, Any]) -> bool:
    p = g.players[seat]
    if aim["kind"] == "quest":
        last: bool = aim["next"] == len(aim["places"]) - 1
        return last
    if aim["kind"] == "hydra":
        return dragons(g, seat) >= DRAGONS_NEEDED
    if aim["kind"] == "ashes":
        taken: bool = aim["taken"]
        return taken
    return len(p.followers) >= FOLLOWERS_NEEDED


def dragons(g: Game, seat: int) -> int:
    return sum(1 for c in g.players[seat].trophies if g.rules.instances[c].subtype == "dragon")


@MODULE.handler("pandora_outcome", args=frames.Rolled)
def _outcome(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    if n in (1, 6):
        arena.open_arena(g, seat, magic=(n == 6))
    elif n == 2:
        common.set_goal(g, seat, NAME, "finders-keepers", "Finder's Keepers: take every other character's last life")
        g.push("finders_pick", p=seat)
    elif n == 3:
        common.set_goal(g, seat, NAME, "perils", "Perils of Pandora: set the others against each other")
        g.push("perils_offer", p=seat)
    elif n == 4:
        places = [names for names in QUEST_PLACES if any(common.space_named(g, nm) is not None for nm in names)]
        common.set_goal(
            g,
            seat,
            NAME,
            "quest",
            "the Quest of a Lifetime: " + ", ".join(p[0] for p in places),
            places=[list(p) for p in places],
            next=0,
        )
        common.leave_crown(g, seat, "sets out on the Quest of a Lifetime")
    elif n == 5:
        common.set_goal(g, seat, NAME, "hydra", f"bring {DRAGONS_NEEDED} Dragons' heads back to the Crown")
        possessions.lend_traits(g, seat, ["keep-trophies:dragon"])
        common.leave_crown(g, seat, "sets out to hunt Dragons")
    elif n == 7:
        common.set_goal(g, seat, NAME, "ashes", "take a life from another character and come back", taken=False)
        common.leave_crown(g, seat, "sets out to take a life")
    else:
        common.set_goal(g, seat, NAME, "rabble", f"come back with {FOLLOWERS_NEEDED} Followers")
        common.leave_crown(g, seat, "sets out to raise the rabble")


# --- Finder's Keepers ---------------------------------------------------------------


def claimable(g: Game, seat: int) -> list[int]:
    out = []
    for pile in g.discards.values():
        out += [c for c in pile if g.rules.instances[c].is_item and possessions.can_take(g, seat, c)]
    return out


@MODULE.handler("finders_pick", args=frames.Seat)
def _finders_pick(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    found = claimable(g, seat)
    if not found:
        return
    g.decide(
        seat,
        "finders-keepers",
        "Finder's Keepers: claim what lies in the discard piles.",
        [
            *[
                Choice(
                    f"claim:{c}",
                    f"Claim the {g.card_name(c)}",
                    [frame("finders_claim", p=seat, card=c), frame("finders_pick", p=seat)],
                )
                for c in found
            ],
            Choice("done", "Claim nothing more", []),
        ],
        confirm=True,
    )


@MODULE.handler("finders_claim", args=frames.CardOf)
def _finders_claim(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    for pile in g.discards.values():
        if card in pile and possessions.can_take(g, seat, card):
            pile.remove(card)
            possessions.give_item(g, seat, card)
            return


def rivals(g: Game, seat: int) -> list[int]:
    """The other players' living characters (not the seat's own second body)."""
    mine = g.controller(seat)
    return [s for s in g.living() if g.controller(s) != mine]


@MODULE.ability("turn")
def finders_leap(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    if not aim or aim["kind"] != "finders-keepers":
        return []
    return [
        Choice(f"leap:{o}", f"Teleport to the {g.name(o)} and encounter it", [frame("pandora_leap", p=seat, other=o)])
        for o in rivals(g, seat)
    ]


@MODULE.handler("pandora_leap", args=frames.Toward)
def _leap(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    if not g.players[other].alive:
        return
    common.send(g, seat, g.players[other].space, f"teleports to the {g.name(other)}")
    g.push_frame(frames.meet(seat, other))


# --- Perils of Pandora -------------------------------------------------------------


def _modes(g: Game, attacker: int) -> list[str]:
    return ["strength", "craft"] if stats.has_trait(g, attacker, "psychic-attack") else ["strength"]


@MODULE.handler("perils_offer", args=frames.Seat)
def _perils_offer(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    others = rivals(g, seat)
    word = {"strength": "battle", "craft": "psychic combat"}
    if len(others) >= 2:
        opts = [
            Choice(
                f"perils:{x}:{y}:{m}",
                f"Send the {g.name(x)} to fight the {g.name(y)} in {word[m]}",
                [frame("perils_send", p=seat, x=x, y=y, mode=m)],
            )
            for x in others
            for y in others
            if x != y
            for m in _modes(g, x)
        ]
    elif len(others) == 1:
        x = others[0]
        opts = [
            Choice(
                f"finish:{x}:{m}",
                f"Teleport to the {g.name(x)} and fight it to the finish in {word[m]}",
                [frame("perils_send", p=seat, x=seat, y=x, mode=m)],
            )
            for m in _modes(g, seat)
        ]
    else:
        return
    g.decide(seat, "perils", "Perils of Pandora: whom do you set against whom?", [*opts, Choice("pass", "Not now", [])])


class PerilsBout(TypedDict):
    """Character ``x`` fights character ``y`` in ``mode`` (strength or craft)."""

    x: int
    y: int
    mode: str


class PerilsSend(PerilsBout):
    """Character ``p`` sends character ``x`` against character ``y`` in ``mode`` (strength or craft)."""

    p: int


@MODULE.handler("perils_send", args=PerilsSend)
def _perils_send(g: Game, a: PerilsSend) -> None:
    x, y = a["x"], a["y"]
    if x == a["p"]:
        common.send(g, x, g.players[y].space, f"teleports to the {g.name(y)}")
    else:
        movement.put(g, x, g.players[y].space)
        g.say(
            f"Pandora's power hurls the {g.name(x)} onto the {g.name(y)}: they must fight until one is dead.",
            type="move",
            seat=x,
        )
    g.push("perils_bout", x=x, y=y, mode=a["mode"])


@MODULE.handler("perils_bout", args=PerilsBout)
def _perils_bout(g: Game, a: PerilsBout) -> None:
    x, y = a["x"], a["y"]
    if g.players[x].alive and g.players[y].alive:
        combat.arranged_fight(g, x, y, a["mode"], ("perils_result", {"x": x, "y": y}))


class PerilsResult(frames.Settled):
    """How the bout of character ``x`` against character ``y`` ended."""

    x: int
    y: int


@MODULE.handler("perils_result", args=PerilsResult)
def _perils_result(g: Game, a: PerilsResult) -> None:
    from talisman.engine.combat import lose_battle_life

    g.push("perils_bout", x=a["x"], y=a["y"], mode=a["mode"])
    win, lose = a["win"], a["lose"]
    if win is not None and lose is not None:
        lose_battle_life(g, lose, cause=f"beaten by the {g.name(win)}", armour=a["mode"] == "strength", by=win)


@MODULE.ability("turn_start", character="goal")
def perils_each_turn(g: Game, seat: int) -> None:
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    if aim and aim["kind"] == "perils":
        g.push("perils_offer", p=seat)


# --- the returning quests ------------------------------------------------------------


@MODULE.ability("landed", character="goal")
def quest_places(g: Game, seat: int) -> None:
    """The Quest of a Lifetime counts the places landed on, in order."""
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    if not aim or aim["kind"] != "quest" or aim["next"] >= len(aim["places"]) - 1:
        return
    here = g.rules.spaces[g.players[seat].space].name
    if here in aim["places"][aim["next"]]:
        common.update_goal(g, seat, next=aim["next"] + 1)
        following = aim["places"][aim["next"] + 1][0]
        g.say(f"{g.name(seat)} has visited the {here} for its quest; next, the {following}.", type="quest", seat=seat)


@MODULE.ability("life_taken", character="goal")
def ashes(g: Game, seat: int, victim: int) -> None:
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    if aim and aim["kind"] == "ashes" and not aim["taken"] and g.controller(victim) != g.controller(seat):
        common.update_goal(g, seat, taken=True)
        g.say(f"{g.name(seat)} has taken a life: it may go back to the Crown.", type="quest", seat=seat)
