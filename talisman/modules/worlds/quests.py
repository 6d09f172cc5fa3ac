"""004's optional rules: Warlock Quests (D20) and The One Talisman.

Warlock Quests (option ``worlds-quests``): the Warlock's Cave sets a quest of
004's D20 table instead of its own; a character holds one at a time. To drop
it, get blind drunk at the Tavern (its 1: a turn lost there), then ask the
Warlock again. A quest done, the character must come back to the Cave to be
given a Talisman. Every other Talisman a character would take (a card drawn,
the Temple's 10, a purchase) is removed from the game and a life gained in
its place ("replaced by extra life").

How each quest is done (``deliver``: the thing is handed over there and
gone; our readings where 004 gives only the words):

1 kill a Dragon (an Enemy or a creature of the dragon kind); 2 arrive on two
different Woods carrying a Magic Object (it is shown, not given up); 3 arrive
on the Tavern with 5 gold, and give it; 4 arrive on the Castle with the
Prince or the Princess, who stays at court; 5 arrive on the Graveyard with a
Spirit among your trophies, and give it; 6 arrive on the Chapel with 3 Fate,
and give it; 7 meet the Ranger (the Forest's 6); 8 meet the Barbarian (the
Crags' 6); 9 be enslaved at the Temple; 10 arrive on the City with two
Weapons, and give them to the Alchemist; 11 be moved by a teleport (not a
walk); 12 arrive on the Castle with three Followers, who stay at court; 13
become a Toad; 14 arrive on the Cursed Glade with an Axe, and leave it; 15
change alignment; 16 cross the Chasm with at least three Followers and lose
none; 17 (004's line breaks off at "deliver an axe to the": ``design =
our-own``) arrive on the Village with an Axe, for its Blacksmith; 18 arrive on
the Oasis with a Water Bottle, and give it; 19 enter the Valley of Fire with
no Talisman; 20 fall to a single life, then be healed back to your starting
lives (our reading of "lose all your lives, then get replenished": losing the
last one would end the character).

The One Talisman (option ``worlds-one-talisman``): every Talisman but one is
removed from the game at setup; holding it adds 2 to Strength and Craft
(counted from when it is taken up, checked as it changes hands and as turns
begin and end). With Warlock Quests, the quest's reward is that Talisman,
wherever it is: it leaves its holder (or its place) for the one who claims it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, frames, lives, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.effects import roll
from talisman.engine.game import frame, one_option
from talisman.modules.worlds import world
from talisman.modules.worlds.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

KEY = "worlds-quest"  # status: {"n": 1-20, "done": bool, ...progress}
REWARD = "worlds-reward"  # status while the Warlock's Talisman is handed over
BONUS = "one-talisman"  # the ``until`` of the +2 mods
QUESTS = {
    1: "kill a Dragon",
    2: "carry a Magic Object to two different Woods",
    3: "deliver five gold to the Tavern",
    4: "deliver the Prince or the Princess to the Castle",
    5: "deliver an Enemy Spirit to the Graveyard",
    6: "deliver three Fate to the Chapel",
    7: "meet the Ranger in the Forest",
    8: "meet the Barbarian in the Crags",
    9: "be enslaved at the Temple",
    10: "deliver two Weapons to the Alchemist in the City",
    11: "be teleported somewhere",
    12: "deliver three Followers to the Castle",
    13: "become a Toad",
    14: "deliver an Axe to the Cursed Glade",
    15: "change alignment",
    16: "guide three Followers or more across the Chasm, losing none",
    17: "deliver an Axe to the Village's Blacksmith",
    18: "deliver a Water Bottle to the Oasis",
    19: "enter the Valley of Fire without a Talisman",
    20: "fall to a single life, then be healed back to your starting lives",
}


def quests_on(g: Game) -> bool:
    return world.active(g) and bool(g.options.get("worlds-quests"))


def one_on(g: Game) -> bool:
    return world.active(g) and bool(g.options.get("worlds-one-talisman"))


def is_talisman(g: Game, card: int) -> bool:
    return "talisman" in g.rules.instances[card].traits


def quest(g: Game, seat: int) -> dict[str, Any] | None:
    q: dict[str, Any] | None = g.players[seat].status.get(KEY)
    return q


def kind_here(g: Game, seat: int) -> str:
    return g.rules.spaces[g.players[seat].space].kind


def done(g: Game, seat: int, how: str) -> None:
    q = quest(g, seat)
    if q is None or q["done"]:
        return
    g.players[seat].status[KEY] = {**q, "done": True}
    g.say(
        f"{g.name(seat)} has done the Warlock's quest ({how}): back to his Cave for the Talisman!",
        type="quest",
        seat=seat,
    )


def named(g: Game, held: list[int], *names: str) -> list[int]:
    return [c for c in held if g.card_name(c) in names]


def with_trait(g: Game, held: list[int], trait: str) -> list[int]:
    return [c for c in held if trait in g.rules.instances[c].traits]


def give_up(g: Game, seat: int, given: list[int]) -> None:
    for c in given:
        cards.release(g, seat, c)
        cards.discard(g, c)
    possessions.settle_packs(g, seat)


# --- setting up: the Talismans ------------------------------------------------------------------


@MODULE.ability("setup")
def talismans_set_aside(g: Game, seat: int) -> None:
    """The One Talisman: all but one Talisman leave the game (once, as the game begins)."""
    if not one_on(g) or "worlds-one-talisman" in g.globals:
        return
    found = [c for deck in (*g.decks.values(), *g.discards.values()) for c in deck if is_talisman(g, c)]
    kept = next((c for c in g.decks.get("talisman", ()) if is_talisman(g, c)), found[0] if found else -1)
    for c in found:
        if c != kept:
            for pile in (*g.decks.values(), *g.discards.values()):
                if c in pile:
                    pile.remove(c)
            cards.remove(g, c)
    g.globals["worlds-one-talisman"] = kept


# --- the Warlock's Cave ----------------------------------------------------------------------------


@MODULE.ability("land")
def warlock(g: Game, seat: int) -> list[Choice]:
    if not quests_on(g) or kind_here(g, seat) != "warlocks-cave":
        return []
    q = quest(g, seat)
    if q is None:
        return one_option(
            seat, "worlds-quest", "Ask the Warlock for a quest (roll a D20)", "worlds_quest_ask", "instead"
        )
    if q["done"]:
        return one_option(seat, "worlds-claim", "Claim your Talisman from the Warlock", "worlds_quest_claim", "instead")
    return [Choice("worlds-quest-held", f"The Warlock waits: {QUESTS[q['n']]}", [], "instead")]


@MODULE.handler("worlds_quest_ask", args=frames.Seat)
def _ask(g: Game, a: frames.Seat) -> None:
    roll(g, a["p"], "D20", frame("worlds_quest_set", p=a["p"]), why="the Warlock's quest")


@MODULE.handler("worlds_quest_set", args=frames.Rolled)
def _set(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    p = g.players[seat]
    p.status[KEY] = {"n": n, "done": False, "alignment": p.alignment, "woods": [], "low": False, "since": g.turn}
    g.say(f"The Warlock sets {g.name(seat)} a quest: {QUESTS[n]}.", type="quest", seat=seat)
    check(g, seat, "given")


@MODULE.handler("worlds_quest_claim", args=frames.Seat)
def _claim(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].status.pop(KEY, None)
    card = g.globals.get("worlds-one-talisman") if one_on(g) else cards.take_with(g, "talisman", "talisman")
    if card is None or card == -1:
        g.say("The Warlock has no Talisman left to give.", seat=seat)
        return
    if one_on(g):
        card = int(card)
        holder = cards.owner_of(g, card)
        if holder == seat:
            g.say(f"{g.name(seat)} holds the One Talisman already.", seat=seat)
            return
        if holder is not None:
            cards.release(g, holder, card)
            sync(g, holder)
        else:
            _take_from_anywhere(g, card)
        g.say(f"The One Talisman flies to {g.name(seat)}.", type="gain", seat=seat)
    g.players[seat].status[REWARD] = True
    possessions.offer(g, seat, card)
    g.players[seat].status.pop(REWARD, None)
    sync(g, seat)


def _take_from_anywhere(g: Game, card: int) -> None:
    """Lift a card from its deck, discard pile or the space it lies on."""
    for pile in (*g.decks.values(), *g.discards.values()):
        if card in pile:
            pile.remove(card)
            return
    for space, held in g.board.items():
        if card in held:
            cards.lift(g, card, space)
            return


# --- other Talismans: an extra life instead ---------------------------------------------------


@MODULE.ability("gained")
def no_other_talisman(g: Game, seat: int, card: int) -> None:
    p = g.players[seat]
    if one_on(g):
        sync(g, seat)
    if not quests_on(g) or not is_talisman(g, card) or p.status.get(REWARD) or one_on(g):
        return
    cards.release(g, seat, card)
    possessions.settle_packs(g, seat)
    cards.remove(g, card)
    lives.gain_lives(g, seat, 1)
    g.say(f"Only the Warlock's quests win a Talisman: {g.name(seat)} gains a life instead.", seat=seat)


# --- The One Talisman: +2 Strength and Craft while held ---------------------------------------------


def holds_the_one(g: Game, seat: int) -> bool:
    card = g.globals.get("worlds-one-talisman", -1)
    return card != -1 and card in g.players[seat].objects + g.players[seat].packed


def sync(g: Game, seat: int) -> None:
    """Give or take back the One Talisman's +2 Strength and Craft."""
    if not one_on(g):
        return
    p = g.players[seat]
    has = any(m[2] == BONUS for m in p.mods)
    if holds_the_one(g, seat) and p.alive and not has:
        stats.add_mod(g, seat, "strength", 2, BONUS)
        stats.add_mod(g, seat, "craft", 2, BONUS)
    elif has and not holds_the_one(g, seat):
        stats.drop_mods(g, seat, BONUS)


# --- progress ------------------------------------------------------------------------------------------


@MODULE.ability("arrive")
def arrived(g: Game, seat: int, came_from: int) -> None:
    if not (quests_on(g) or one_on(g)):
        return
    sync(g, seat)
    if quests_on(g):
        landing = next((f for f in reversed(g.stack) if f[0] == "land" and f[1].get("p") == seat), None)
        if landing is not None and landing[1].get("how") == "teleport":
            check(g, seat, "teleported")
        check(g, seat, "arrived")


@MODULE.ability("turn_start")
def turn_begins(g: Game, seat: int) -> None:
    for p in g.players:
        sync(g, p.seat)


@MODULE.ability("landed")
def landed(g: Game, seat: int) -> None:
    """Before the space is met: what the Chasm, the Forest and the Crags will be judged by."""
    q = quest(g, seat) if quests_on(g) else None
    if q is None or q["done"]:
        return
    p = g.players[seat]
    g.players[seat].status[KEY] = {
        **q,
        "before": {
            "strength": p.strength,
            "craft": p.craft,
            "followers": list(p.followers),
            "kind": kind_here(g, seat),
        },
    }


@MODULE.ability("turn_end")
def turn_ends(g: Game, seat: int) -> None:
    for p in g.players:
        sync(g, p.seat)
    if not quests_on(g):
        return
    q = quest(g, seat)
    p = g.players[seat]
    if q is not None and not q["done"] and kind_here(g, seat) == "tavern" and p.lost_turns > 0:
        del p.status[KEY]
        g.say(f"{g.name(seat)}, blind drunk at the Tavern, forgets the Warlock's quest.", type="quest", seat=seat)
        return
    check(g, seat, "turn-end")


@MODULE.ability("killed")
def slew(g: Game, seat: int, fight: dict[str, Any]) -> None:
    if not quests_on(g):
        return
    subtypes = {g.rules.instances[c].subtype for c in fight.get("foes", ())}
    subtypes |= {f.get("subtype", "") for f in fight.get("adhoc", ())}
    q = quest(g, seat)
    if q is not None and q["n"] == 1 and "dragon" in subtypes:
        done(g, seat, "a Dragon slain")


def check(g: Game, seat: int, event: str) -> None:
    """Is the quest done now? (``event``: given, arrived, teleported, turn-end.)"""
    q = quest(g, seat)
    p = g.players[seat]
    if q is None or q["done"] or not p.alive:
        return
    n, here = q["n"], kind_here(g, seat)
    held = p.objects + p.packed
    if n == 2 and event == "arrived" and here == "woods" and any(g.rules.instances[c].is_magic for c in held):
        woods = sorted({*q["woods"], p.space})
        p.status[KEY] = {**q, "woods": woods}
        if len(woods) >= 2:
            done(g, seat, "a Magic Object shown in two Woods")
    elif n == 3 and event == "arrived" and here == "tavern" and p.gold >= 5:
        p.gold -= 5
        done(g, seat, "five gold left at the Tavern")
    elif n == 4 and event == "arrived" and here == "castle" and with_trait(g, p.followers, "royal"):
        give_up(g, seat, with_trait(g, p.followers, "royal")[:1])
        done(g, seat, "royalty delivered to the Castle")
    elif n == 5 and event == "arrived" and here == "graveyard":
        spirits = [c for c in p.trophies if g.rules.instances[c].subtype == "spirit"]
        if spirits:
            p.trophies.remove(spirits[0])
            cards.discard(g, spirits[0])
            done(g, seat, "a Spirit laid to rest")
    elif n == 6 and event == "arrived" and here == "chapel" and p.fate >= 3:
        p.fate -= 3
        done(g, seat, "three Fate given to the Chapel")
    elif n in (7, 8) and event == "turn-end":
        before = q.get("before") or {}
        attr, place = ("craft", "forest") if n == 7 else ("strength", "crags")
        if before.get("kind") == place and here == place and getattr(p, attr) > before.get(attr, 99):
            done(g, seat, "the Ranger met" if n == 7 else "the Barbarian met")
    elif n == 9 and here == "temple" and "enslaved" in p.status:
        done(g, seat, "enslaved at the Temple")
    elif n == 10 and event == "arrived" and here == "city":
        weapons = [c for c in held if g.rules.instances[c].weapon]
        if len(weapons) >= 2:
            give_up(g, seat, weapons[:2])
            done(g, seat, "two Weapons for the Alchemist")
    elif n == 11 and event == "teleported":
        done(g, seat, "teleported")
    elif n == 12 and event == "arrived" and here == "castle" and len(p.followers) >= 3:
        give_up(g, seat, p.followers[:3])
        done(g, seat, "three Followers left at court")
    elif n == 13 and p.toad:
        done(g, seat, "a Toad")
    elif n in (14, 17) and event == "arrived" and here == ("cursed-glade" if n == 14 else "village"):
        axes = named(g, held, "Axe")
        if axes:
            give_up(g, seat, axes[:1])
            done(g, seat, "an Axe delivered")
    elif n == 15 and p.alignment != q["alignment"]:
        done(g, seat, "a change of heart")
    elif n == 16 and event == "turn-end" and here == "chasm":
        before = (q.get("before") or {}).get("followers", [])
        if len(before) >= 3 and all(f in p.followers for f in before):
            done(g, seat, "the Followers guided across the Chasm")
    elif n == 18 and event == "arrived" and here == "oasis" and named(g, held, "Water Bottle"):
        give_up(g, seat, named(g, held, "Water Bottle")[:1])
        done(g, seat, "a Water Bottle for the Oasis")
    elif n == 19 and event == "arrived" and here == "valley-of-fire":
        if not any(is_talisman(g, c) for c in held):
            done(g, seat, "the Valley of Fire entered without a Talisman")
    elif n == 20:
        if p.lives <= 1 and not q["low"]:
            p.status[KEY] = {**q, "low": True}
        elif q["low"] and p.lives >= stats.life_cap(g, seat):
            done(g, seat, "brought low and made whole")


@MODULE.ability("notes")
def quest_note(g: Game, seat: int) -> list[str]:
    """The Warlock's quest on the character's sheet."""
    q = quest(g, seat) if quests_on(g) else None
    if q is None:
        return []
    return [
        f"Warlock's quest: {QUESTS[q['n']]}" + (" (done: back to the Cave for the Talisman)." if q["done"] else ".")
    ]


@MODULE.ability("life_lost")
def lives_low(g: Game, seat: int, n: int) -> None:
    if quests_on(g):
        check(g, seat, "life")
