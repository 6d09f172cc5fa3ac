"""The lords of three ending tiles (004 "Endings"), each with lives of its own
that outlast a challenger (kept in ``g.globals``); whoever takes the last one
wins the game; with no character on the tile, the lord heals them all. Each
attack is an ordinary fight with a creature of Strength 12 or Craft 12 (no
evading): a lost fight costs a life, as any.

- Dragon King (Strength 12, Craft 12, 5 lives): at the start of each turn
  there, roll a die: 1-2 give up a Talisman, or be killed without one; 3-4
  every character on the tile, clockwise from you, attacks him with Strength
  or Craft (our reading of "all characters": those before him); 5-6 attack
  him, and after each win attack again, until a stand-off or a defeat ends
  your turn. Characters there do not encounter each other (the Crown's
  challenge is not made).
- Demon Lord (Craft 12, 4 lives): attack with Craft each turn there; a
  stand-off or a defeat sends you back to the Crags (not encountered: our
  choice).
- Eagle King (Strength 12, Craft 12, 4 lives): the same, with Strength or Craft.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, lives, movement, possessions, stats
from talisman.engine.combat import fight_creature
from talisman.engine.decision import Choice
from talisman.engine.effects import roll
from talisman.engine.game import frame
from talisman.modules.worlds import world
from talisman.modules.worlds.endings import at_ending, ending_here
from talisman.modules.worlds.module import MODULE
from talisman.modules.worlds.tiles import talismans

if TYPE_CHECKING:
    from talisman.engine.game import Game

LORDS: dict[str, dict[str, Any]] = {
    "worlds-dragon-king": {"name": "Dragon King", "lives": 5, "modes": ("strength", "craft"), "repel": False},
    "worlds-demon-lord": {"name": "Demon Lord", "lives": 4, "modes": ("craft",), "repel": True},
    "worlds-eagle-king": {"name": "Eagle King", "lives": 4, "modes": ("strength", "craft"), "repel": True},
}
VALUE = 12  # the Strength and Craft of every lord
KEY = "worlds-lords"  # globals: lives left, by lord


def lives_left(g: Game, lord: str) -> int:
    left: int = g.globals.get(KEY, {}).get(lord, LORDS[lord]["lives"])
    return left


def set_lives(g: Game, lord: str, n: int) -> None:
    g.globals[KEY] = {**g.globals.get(KEY, {}), lord: n}


def attack(g: Game, seat: int, lord: str, again: bool, after: list[Any]) -> None:
    """The character attacks the lord, with Strength or Craft as the lord allows (its choice)."""
    if not g.players[seat].alive:
        g.push_all(after)
        return
    title = LORDS[lord]["name"]
    opts = [
        Choice(
            mode,
            f"Attack the {title} with {mode.title()} ({stats.strength(g, seat) if mode == 'strength' else stats.craft(g, seat)})",
            [frame("worlds_lord_fight", p=seat, lord=lord, mode=mode, again=again, after=after)],
        )
        for mode in LORDS[lord]["modes"]
    ]
    if len(opts) == 1:
        g.push_all(opts[0].frames)
    else:
        g.decide(seat, "worlds-boss", f"The {title} ({lives_left(g, lord)} lives left): how do you attack?", opts)


class LordHit(TypedDict):
    """Character ``p`` hits the lord ``lord`` (``again``: it may attack again; ``after``: the frames
    that follow)."""

    p: int
    lord: str
    again: bool
    after: list[Any]


class LordFight(LordHit):
    """Character ``p`` attacks the lord in ``mode`` (strength or craft)."""

    mode: str


@MODULE.handler("worlds_lord_fight", args=LordFight)
def _fight(g: Game, a: LordFight) -> None:
    seat, lord = a["p"], a["lord"]
    after = [tuple(f) for f in a["after"]]
    repel = [frame("worlds_lord_repels", p=seat, lord=lord)] if LORDS[lord]["repel"] else []
    fight_creature(
        g,
        seat,
        {"name": LORDS[lord]["name"], a["mode"]: VALUE, "evade": False, "trophy": False},
        {},
        win=[frame("worlds_lord_hit", p=seat, lord=lord, again=a["again"], after=a["after"])],
        lose=[*repel, *after],
        standoff=[*repel, *after],
    )


@MODULE.handler("worlds_lord_hit", args=LordHit)
def _hit(g: Game, a: LordHit) -> None:
    seat, lord = a["p"], a["lord"]
    title = LORDS[lord]["name"]
    left = lives_left(g, lord) - 1
    set_lives(g, lord, left)
    if left <= 0:
        g.say(f"{g.name(seat)} takes the {title}'s last life!", type="crown", seat=seat)
        g.end([g.controller(seat)], f"took the last life of the {title}")
        return
    g.say(f"{g.name(seat)} takes one of the {title}'s lives: {left} left.", type="combat-result", seat=seat)
    if a["again"]:
        attack(g, seat, lord, True, [])
    else:
        g.push_all([tuple(f) for f in a["after"]])


class LordRepels(TypedDict):
    """The lord ``lord`` repels character ``p``."""

    p: int
    lord: str


@MODULE.handler("worlds_lord_repels", args=LordRepels)
def _repels(g: Game, a: LordRepels) -> None:
    seat = a["p"]
    if not g.players[seat].alive:
        return
    if seat == g.active:
        lives.end_turn_now(g)
    movement.put(g, seat, g.rules.space_index["crags"])
    g.say(f"The {LORDS[a['lord']]['name']} hurls {g.name(seat)} back to the Crags.", type="move", seat=seat)


def _reach(lord: str) -> Any:
    def reach(g: Game, seat: int) -> None:
        g.say(f"{g.name(seat)} stands before the {LORDS[lord]['name']}.", type="crown", seat=seat)

    return reach


def _lord_turn(lord: str) -> Any:
    def turn_start(g: Game, seat: int) -> None:
        attack(g, seat, lord, False, [])

    return turn_start


MODULE.ending("worlds-demon-lord", _reach("worlds-demon-lord"), _lord_turn("worlds-demon-lord"))
MODULE.ending("worlds-eagle-king", _reach("worlds-eagle-king"), _lord_turn("worlds-eagle-king"))


# --- the Dragon King --------------------------------------------------------------------------------


def _dragon_turn(g: Game, seat: int) -> None:
    roll(g, seat, "D6", frame("worlds_dragon", p=seat), why="the Dragon King")


@MODULE.handler("worlds_dragon", args=frames.Rolled)
def _dragon(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    lord = "worlds-dragon-king"
    if n <= 2:
        held = talismans(g, seat)
        if not held:
            lives.kill(g, seat, "eaten by the Dragon King, with no Talisman to give")
            return
        cards.release(g, seat, held[0])
        cards.discard(g, held[0])
        possessions.settle_packs(g, seat)
        g.say(f"{g.name(seat)} gives up a Talisman to the Dragon King.", seat=seat)
    elif n <= 4:
        here = at_ending(g)
        order = sorted(here, key=lambda s: (s - seat) % len(g.players))
        g.say("The Dragon King calls every challenger before him.", seat=seat)
        g.push("worlds_dragon_all", order=order)
    else:
        attack(g, seat, lord, True, [])


class DragonAll(TypedDict):
    """The characters ``order`` (seats) fight the Dragon King in turn."""

    order: list[int]


@MODULE.handler("worlds_dragon_all", args=DragonAll)
def _dragon_all(g: Game, a: DragonAll) -> None:
    order = a["order"]
    if not order or g.result is not None:
        return
    first, rest = order[0], order[1:]
    attack(g, first, "worlds-dragon-king", False, [frame("worlds_dragon_all", order=rest)])


MODULE.ending("worlds-dragon-king", _reach("worlds-dragon-king"), _dragon_turn)


@MODULE.ability("turn_end")
def lords_heal(g: Game, seat: int) -> None:
    """With no character on the tile, a lord heals every life."""
    if not world.active(g) or world.SECRET not in g.globals:
        return
    lord = ending_here(g)
    if lord in LORDS and not at_ending(g) and lives_left(g, lord) < LORDS[lord]["lives"]:
        set_lives(g, lord, LORDS[lord]["lives"])
        g.say(f"Alone again, the {LORDS[lord]['name']} heals all his lives.")
