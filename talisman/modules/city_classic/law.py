"""000's Law of the City: the Statutes, the Watch, Warrants and the Donjon.

The engine detects each crime as it happens, in the City only:

- A: any battle or psychic combat on the streets (the Town Square, the Wharf
  and the Gate count as streets), whoever started it, both sides of a fight
  between characters; the Law's own fights (the Watch, the Patrol) are no crime;
- B: any fight in a building: immediate arrest, the Donjon;
- C: a missile shot (a bow, a pistol: the option that shoots first);
- D: Karate, Assassination, Secret Strikes, Killer Blows (the options that make them);
- E: trading in the streets without a Licence (no Licence can be had: 000's
  joke): the content that sells in a street says so (verb ``crime``, the Pedlar);
- F: casting a Spell or reading a Scroll in the street;
- G: beguiling, charming, corrupting, enchanting: Spells too, so in the street;
- H: plundering or stealing (the Thief's thefts, robbing the Bank, taking from
  a beaten character is no theft: it is the spoils of a fight, already A or B);
- I: being a Cyborg, Ghoul, Hobgoblin, Orc, Troll, Warrior of Chaos or Champion of
  Chaos (each turn that ends within the walls);
- J: having no gold at all (at the end of a turn within the walls; not in the
  turn one is let out of the Donjon). Choice: the City Gate is not within the
  walls for I and J: one waits there to be let in.

After the turn in which a crime is done (choice: 000's "after resolving an
Encounter" read as the end of the turn, when every fight of it is over), the
Law check: draw a City card; a Law card (the Watch, the Patrol) means the
Watch (Strength 7) tries to arrest the criminal: if it wins, the Donjon; a win
or a stand-off escapes for now. Any other card is discarded unmet. Statute B
skips the check: the arrest is certain.

Warrants: a Warrant is laid by the Royal Castle (bought there for 1G and given
to another, who may not refuse), the Bank (a seen robbery), the Informer. A
character holding one who meets any Law card is attacked by the Watch, and
keeps the Warrant win or lose; it may not leave the City by road; and a
character who beats it in a fight between characters may turn it over to the
Law (000), besides taking the spoils: it goes to the Donjon at once.

The Donjon: each turn there, instead of moving, Bribe (2G + 1G per Follower),
Escape (a 1 on a die: out, keeping the Warrant) or be Judged (a die: our own
table after talisman-c's, facts 1.4). Bribing or serving a sentence discards
the Warrant; the released walk out onto Watch Street, their turn over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.content import vocabulary as voc
from talisman.engine import cards, effects, frames, holds, lives
from talisman.engine.combat import fight_creature, foe_names
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.city_classic.module import MODULE
from talisman.modules.city_classic.places import (
    DONJON,
    GATE,
    RELEASE,
    active,
    in_city,
    is_building,
    on_street,
    put_in_city,
)
from talisman.modules.shared.warrant import give_warrant, has_warrant, lift_warrant

if TYPE_CHECKING:
    from talisman.engine.game import Game

STATUTES = {
    "A": "fighting in the streets",
    "B": "fighting in a building",
    "C": "loosing a missile",
    "D": "a forbidden blow",
    "E": "trading in the streets without a Licence",
    "F": "magic in the streets",
    "G": "beguiling in the streets",
    "H": "theft",
    "I": "being of a forbidden race",
    "J": "having no money at all",
}
LAW_FOES = ("Watch", "Patrol")
WATCH_STRENGTH = 7
# Statute I's forbidden races are the characters with the trait ``forbidden-race``; the Warriors and
# Champions of Chaos are Titles held.
FORBIDDEN_TITLES = ("warrior-of-chaos", "champion-of-chaos")
# The options that do a forbidden act, by statute (ids of the decisions' options, or their prefix before ":").
# The characters' Karate and Secret Strikes are their killer blows here; Corrupting and
# Enchanting have no option of their own (a Spell that does it is Statute F already).
ACTS = {
    "C": ("bow", "pistol"),
    "D": ("assassinate", "killer-blow"),
    "G": ("beguile", "charm", "lure"),
    "H": ("steal-here", "steal"),
}
STREET_ONLY = ("A", "E", "F", "G")
BRIBE, BRIBE_PER_FOLLOWER = 2, 1
ESCAPE_ROLL = 1


def crime(g: Game, seat: int, statute: str, what: str = "") -> None:
    """Record a crime against a Statute, if done where the Statute holds."""
    if not active(g) or not in_city(g, seat) or g.rules.spaces[g.players[seat].space].id == DONJON:
        return
    if statute == "A" and is_building(g, g.players[seat].space):
        statute = "B"
    if statute in STREET_ONLY and not on_street(g, seat):
        return
    status = g.players[seat].status
    done = status.get("crimes", [])
    if statute not in done:
        status["crimes"] = [*done, statute]  # a new list: a copy of the game shares the old one
        g.say(
            f"{g.name(seat)} breaks Statute {statute} of the City ({STATUTES[statute]}){': ' + what if what else ''}.",
            seat=seat,
        )


def _crime_check(v: Any, path: str) -> None:
    if v not in STATUTES:
        voc._fail(path, f"expected a Statute of the City, one of {', '.join(STATUTES)}, got {v!r}")


@MODULE.verb("crime", _crime_check)
def _crime_verb(g: Game, seat: int, statute: str, ctx: dict[str, Any]) -> None:
    """Content says a crime is done (the Pedlar's wares: Statute E)."""
    crime(g, seat, statute)


# --- detecting the crimes as they happen --------------------------------------------------------------


@MODULE.ability("fight_result")
def fights_are_crimes(g: Game, seat: int, fight: dict[str, Any], outcome: str, margin: int) -> str:
    """A and B: every fight with creatures in the City, but the Law's own (C, D: how it was fought)."""
    if active(g) and in_city(g, seat) and not set(foe_names(g, fight).split(" and ")) & set(LAW_FOES):
        crime(g, seat, "A", f"a fight with the {foe_names(g, fight)}")
        if fight.get("shot"):
            crime(g, seat, "C")
        if fight.get("assassinate"):
            crime(g, seat, "D")
    return outcome


@MODULE.ability("pvp_rolled")
def pvp_is_a_crime(g: Game, fight: dict[str, Any], s_att: int, s_dfd: int) -> None:
    """A and B for both sides of a fight between characters; D for an assassination."""
    for seat in (fight["a"], fight["d"]):
        crime(g, seat, "A", f"a fight between the {g.name(fight['a'])} and the {g.name(fight['d'])}")
    if fight.get("assassinate"):
        crime(g, fight["a"], "D")


@MODULE.ability("chose")
def forbidden_acts(g: Game, seat: int, kind: str, option: str) -> None:
    """C, D, G, H: the options that shoot, strike, beguile or steal."""
    if not active(g) or not in_city(g, seat):
        return
    act = option.split(":", 1)[0]
    for statute, ids in ACTS.items():
        if act in ids:
            crime(g, seat, statute, act.replace("-", " "))


@MODULE.ability("cast")
def street_magic(g: Game, seat: int, card: int) -> None:
    """F: a Spell cast or a Scroll read in the street."""
    crime(g, seat, "F", f"{g.card_name(card)}")


# --- the end of the turn: standing crimes, then the Law ------------------------------------------------


def forbidden_race(g: Game, seat: int) -> bool:
    """A character of a race Statute I forbids (its card's trait); a second body (a Mirror Image) goes
    by a name of its own and is not judged by its card."""
    card = g.rules.characters[g.players[seat].character]
    return "forbidden-race" in card.traits and g.name(seat) == card.name


@MODULE.ability("turn_end")
def law_after_turn(g: Game, seat: int) -> None:
    if not active(g):
        return
    p = g.players[seat]
    just_out = p.status.pop("released", None) is not None
    if in_city(g, seat) and g.rules.spaces[p.space].id not in (DONJON, GATE):
        if forbidden_race(g, seat) or any(t in p.status.get("master", {}) for t in FORBIDDEN_TITLES):
            crime(g, seat, "I", f"a {g.name(seat)} in the City")
        if p.gold == 0 and not just_out:
            crime(g, seat, "J")
    for i, other in enumerate(g.players):
        done = other.status.pop("crimes", None)
        if not done or not other.alive or not in_city(g, i):
            continue
        if "B" in done:
            g.push("arrested", p=i, why="fought in a building")
        else:
            g.push("law_check", p=i)


@MODULE.handler("law_check", args=frames.Seat)
def _law_check(g: Game, a: frames.Seat) -> None:
    """000: draw a City card: a Law card and the Watch comes; any other, nothing happens (it is discarded)."""
    seat = a["p"]
    card = cards.draw(g, "city")
    if card is None:
        return
    law = g.rules.instances[card].subtype == "law"
    g.say(f"The Law check for {g.name(seat)}: the {g.card_name(card)}.", seat=seat)
    cards.discard(g, card)
    if law:
        watch_arrest(g, seat, "the Watch comes for the criminal")
    else:
        g.say(f"The Watch does not come: {g.name(seat)} gets away with it.", seat=seat)


def watch_arrest(g: Game, seat: int, why: str) -> None:
    """The Watch tries an arrest: a battle with it (Strength 7); lost, the Donjon."""
    g.say(f"{why[0].upper()}{why[1:]}: the Watch tries to arrest {g.name(seat)}.", seat=seat)
    fight_creature(
        g,
        seat,
        {"name": "Watch", "strength": WATCH_STRENGTH, "evade": False, "trophy": False},
        {},
        lose=[frame("arrested", p=seat, why="was arrested by the Watch")],
    )


@MODULE.hook("law-card")
def law_card(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """000: a character holding a Warrant who meets any Law card: the Watch tries to arrest it."""
    if has_warrant(g, seat):
        watch_arrest(g, seat, f"the {g.card_name(ctx['src'])} knows the Warrant" if "src" in ctx else "the Law")
    else:
        g.say(f"The Law has nothing against {g.name(seat)}.", seat=seat)


@MODULE.hook("take-warrant")
def take_warrant(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: a Warrant, given unless the character has one, is the classic City's law."""
    give_warrant(g, seat, "the Law of the City")


# --- arrest and the Donjon -----------------------------------------------------------------------------


def arrest(g: Game, seat: int, why: str) -> None:
    """To the Donjon at once; the turn, if it is this character's, is over."""
    if seat == g.active:
        lives.end_turn_now(g)
    g.push("arrested", p=seat, why=why)


@MODULE.handler("arrested", args=frames.Because)
def _arrested(g: Game, a: frames.Because) -> None:
    seat = a["p"]
    p = g.players[seat]
    if not p.alive:
        return
    put_in_city(g, seat, DONJON)
    hold(g, seat)
    g.say(f"{g.name(seat)} {a['why']} and is thrown into the Donjon.", type="move", seat=seat)


def hold(g: Game, seat: int) -> None:
    holds.hold(g, seat, "the Judge of the Donjon", [{"hook": "donjon"}])


@MODULE.ability("turn_start")
def prisoner(g: Game, seat: int) -> None:
    """Anyone in the Donjon (sent there by a rule of another module too: the Thief's theft) faces the Judge."""
    p = g.players[seat]
    if active(g) and g.rules.spaces[p.space].id == DONJON and "hold" not in p.status:
        hold(g, seat)


def bribe_price(g: Game, seat: int) -> int:
    return BRIBE + BRIBE_PER_FOLLOWER * len(g.players[seat].followers)


@MODULE.hook("donjon")
def donjon(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    p = g.players[seat]
    price = bribe_price(g, seat)
    opts: list[Choice] = []
    if p.gold >= price:
        opts.append(
            Choice("bribe", f"Bribe the judge: {price}G (your Warrant is discarded)", [frame("donjon_bribe", p=seat)])
        )
    opts += [
        Choice(
            "escape",
            f"Try to escape: roll a die, {ESCAPE_ROLL} and you are out (keeping your Warrant)",
            [frames.roll(seat, "D6", ["donjon_escape", {"p": seat}], why="an escape")],
        ),
        Choice(
            "judged",
            "Be judged: roll a die (your Warrant is discarded when you are let out)",
            [frames.roll(seat, "D6", ["donjon_judged", {"p": seat}], why="the judgement")],
        ),
    ]
    g.decide(seat, "donjon", "The Donjon: how do you get out?", opts)


def release(g: Game, seat: int, keep_warrant: bool) -> None:
    p = g.players[seat]
    if not keep_warrant:
        lift_warrant(g, seat)
    holds.release(g, seat)
    p.status["released"] = True  # choice: not penniless (J) in the very turn one is let out
    put_in_city(g, seat, RELEASE)
    g.say(f"{g.name(seat)} walks out of the Donjon onto {g.space_name(p.space)}.", type="move", seat=seat)


def stay(g: Game, seat: int, why: str) -> None:
    hold(g, seat)
    g.say(f"{g.name(seat)} {why}, and stays in the Donjon.", seat=seat)


@MODULE.handler("donjon_bribe", args=frames.Seat)
def _donjon_bribe(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    price = bribe_price(g, seat)
    g.players[seat].gold -= price
    g.say(f"{g.name(seat)} bribes the judge with {price}G.", type="gold", seat=seat)
    release(g, seat, keep_warrant=False)


@MODULE.handler("donjon_escape", args=frames.Rolled)
def _donjon_escape(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    if a["roll"] == ESCAPE_ROLL:
        g.say(f"{g.name(seat)} escapes from the Donjon!", seat=seat)
        release(g, seat, keep_warrant=True)
    else:
        stay(g, seat, "finds no way out")


# The Judgement (our own, after talisman-c's: facts 1.4): the die, what it costs, whether one is let out.
JUDGEMENT = {
    1: ("is flogged", {"lose": {"lives": 1}}, False),
    2: ("is sentenced to another day", None, False),
    3: ("is fined 4G", {"lose": {"gold": 4}}, True),
    4: ("is fined 2G", {"lose": {"gold": 2}}, True),
    5: ("is pardoned", None, True),
    6: ("was wrongly arrested and is given 1G", {"gain": {"gold": 1}}, True),
}
for _roll, (_what, _effect, _out) in JUDGEMENT.items():
    if _effect:
        voc.effects([_effect], f"JUDGEMENT.{_roll}")


@MODULE.handler("donjon_judged", args=frames.Rolled)
def _donjon_judged(g: Game, a: frames.Rolled) -> None:
    """Choice: a fine that cannot be paid in full keeps one in for another day."""
    seat = a["p"]
    what, effect, out = JUDGEMENT[a["roll"]]
    fine = effect["lose"].get("gold", 0) if effect and "lose" in effect else 0
    if fine and g.players[seat].gold < fine:
        stay(g, seat, f"{what} but cannot pay it")
        return
    g.say(f"The judge has spoken: {g.name(seat)} {what}.", seat=seat)
    if out:
        release(g, seat, keep_warrant=False)
    else:
        hold(g, seat)
    if effect:
        effects.run(g, seat, [effect])


# --- turned over to the Law by a victor ------------------------------------------------------------------


@MODULE.ability("pvp_won")
def hand_over(g: Game, winner: int, loser: int) -> None:
    """000: "If the loser possess a Warrant, the victor may turn the loser over to the Law.
    The loser is immediately placed in the Donjon." Choice: besides the spoils, not instead."""
    if not active(g) or not has_warrant(g, loser) or not g.players[loser].alive:
        return
    g.offer(
        winner,
        "warrant",
        f"The {g.name(loser)} holds a Warrant: turn it over to the Law?",
        Choice(
            "hand-over",
            f"Turn the {g.name(loser)} over to the Law (to the Donjon)",
            [frame("handed_over", p=loser, by=winner)],
        ),
        ("let-go", "Let it go"),
    )


@MODULE.handler("handed_over", args=frames.By)
def _handed_over(g: Game, a: frames.By) -> None:
    seat = a["p"]
    if seat == g.active:
        lives.end_turn_now(g)
    g.push("arrested", p=seat, why=f"is turned over to the Law by the {g.name(a['by'])}")
