"""000's Talisman City: entering, moving, leaving, and the buildings' own rules.

- The City Gate: the main board's City space is the City Gate, its printed
  instructions ignored: a character whose move ends there passes to the City
  board's City Gate and its turn ends. From there its next move goes in to the
  Town Square, or out onto the main board (the Gate is that space: the move
  counts from it).
- Moving: a die round the streets as in the Outer Region (the region's ring);
  the buildings lie off it, entered by their doors (passage links), and a
  move that enters one ends there (``stop``); out of a building by its door.
  No walk goes through the Gate and back in. There is no staying: in a roll
  region the only moves are moves away.
- Leaving by road: a roll that reaches the City Gate with moves to spare may
  run on onto the main board, either way from the City space; a character
  holding a Warrant that tries it is arrested at the Gate (``law``).
- Animals (Mules, Horses, Horses and Carts, Dragons, any animal Follower) stay
  outside the buildings: entering one, they wait on its street, and come back
  to the character as it leaves by that door (unless someone took them).
- The Wharf: beginning a turn there, pay 2G for a barge to any Outer Region
  space, 4G to any Middle Region space, or stow away (000's conditions and
  table). A Barge card met in the Outer or Middle Region carries one to the
  Wharf (never a Raft: the Storm River's raft lands on the City space, which is
  the Gate, outside the walls). The Water Walking Spell walks one there.
- Loans: a Loan card and 3G at the Bank; repaid with 4G there in one payment.
  A character who leaves the City owing it, by any way, is turned into a Toad
  by the Bank's Wizard (for 3 turns, the base game's Toad) and the debt is void.
- Exits: with the ``timescape`` module in play the Enchantress may open a Warp
  Gate (2 dice under Strength plus Craft) to its Warp Gate space (the
  Timescape's rule judges it). 000's Dungeon: with ``dungeon-classic`` in play, one of its Doorways
  lies in the City (on River Walk) from the start (000's Scout: "two on the
  Main Board and one in the City").

Choices where 000 is silent are marked where they are made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, effects, frames, lives, possessions, stats
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame, one_option
from talisman.engine.movement import _walks
from talisman.modules.city_classic.law import arrest, crime, release
from talisman.modules.city_classic.module import MODULE
from talisman.modules.city_classic.places import (
    CITY,
    DONJON,
    DOORWAY_STREET,
    GATE,
    MAIN_CITY,
    WHARF,
    active,
    door_of,
    in_city,
    is_building,
    put_in_city,
    space,
)
from talisman.modules.shared.warrant import give_warrant, has_warrant, lift_warrant

if TYPE_CHECKING:
    from talisman.engine.game import Game

BARGE_FARE = {"outer": 2, "middle": 4}
LOAN, LOAN_DUE = 3, 4
TOAD_TURNS = 3
WOODS_OUTSIDE = "woods-2"  # stowaway 4: "the Woods space immediately outside the City Gate" (the nearest Woods)


@MODULE.ability("turn_start")
def in_the_city(g: Game, seat: int) -> None:
    if active(g) and in_city(g, seat):
        g.players[seat].status["in-city"] = True


# --- the City Gate -------------------------------------------------------------------------------


@MODULE.ability("land")
def city_space_is_the_gate(g: Game, seat: int) -> list[Choice]:
    """000: the main board's City space is the City Gate; its printed instructions are ignored."""
    if not active(g) or g.rules.spaces[g.players[seat].space].id != MAIN_CITY:
        return []
    return one_option(
        seat,
        "city-gate",
        "Go to the City Gate (the City space's own instructions are ignored; your turn ends)",
        "to_city_gate",
        "instead",
    )


@MODULE.handler("to_city_gate", args=frames.Seat)
def _to_city_gate(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    end_turn_at(g, seat, GATE, f"{g.name(seat)} comes to the City Gate: next turn it may enter the City.")


def end_turn_at(g: Game, seat: int, sid: str, text: str) -> None:
    """Set a character down on a space of the City, ``text`` saying how; in its own turn, the turn
    ends there."""
    put_in_city(g, seat, sid)
    g.say(text, type="move", seat=seat)
    if seat == g.active:
        lives.end_turn_now(g)


@MODULE.ability("setup")
def start_at_the_gate(g: Game, seat: int) -> None:
    """A character whose start is the City space (the Thief, the Assassin) begins at the City Gate
    (choice: 000 makes the City space the Gate; such a character may go in on its first move)."""
    if active(g) and g.rules.spaces[g.players[seat].space].id == MAIN_CITY:
        put_in_city(g, seat, GATE)


@MODULE.ability("move_allowed")
def through_the_gate(g: Game, seat: int, path: list[int]) -> bool:
    """No walk passes the City Gate and turns back into the City (out by road: ``leave_options``)."""
    if not active(g) or not path:
        return True
    gate = space(g, GATE)
    return gate not in path[:-1] or g.rules.spaces[path[-1]].region != CITY


@MODULE.ability("after_roll")
def leave_options(g: Game, seat: int, roll: int) -> list[Choice]:
    """Out by road: a walk to the City Gate with moves to spare runs on onto the
    main board from the City space, either way (000: "any additional Movement is
    taken on the main Board"); from the Gate itself the whole roll is the main board's."""
    if not active(g) or not in_city(g, seat) or g.rules.spaces[g.players[seat].space].id == DONJON:
        return []
    rules = g.rules
    here, gate, outside = g.players[seat].space, space(g, GATE), space(g, MAIN_CITY)
    to_gate: list[tuple[list[int], int]] = [([], roll)] if here == gate else []
    for k in range(1, roll):
        path = _walks(rules, here, k).get(gate)
        if path is not None and gate not in path[:-1]:
            to_gate.append((path, roll - k))
            break
    opts: list[Choice] = []
    seen: set[int] = set()
    for inside, rest in to_gate:
        for dest, outer in sorted(_walks(rules, outside, rest).items()):
            if dest in seen or rules.spaces[dest].region == CITY:
                continue
            seen.add(dest)
            opts.append(
                Choice(
                    f"move:{rules.spaces[dest].id}",
                    f"Leave the City by the Gate and go on to the {g.space_name(dest)}",
                    [frame("leave_by_road", p=seat, path=[*inside, *outer], gate=len(inside))],
                )
            )
    return opts


class LeaveByRoad(TypedDict):
    """Character ``p`` walks out of the City along ``path`` (space indexes), passing its gate at
    step ``gate``."""

    p: int
    path: list[int]
    gate: int


@MODULE.handler("leave_by_road", args=LeaveByRoad)
def _leave_by_road(g: Game, a: LeaveByRoad) -> None:
    """000: with a Warrant, leaving by road means arrest at the Gate."""

    seat = a["p"]
    if has_warrant(g, seat):
        g.say(f"The guards at the City Gate know {g.name(seat)}'s face: it is wanted.", seat=seat)
        arrest(g, seat, "tried to leave the City by road with a Warrant")
        return
    g.push_frame(frames.walk(seat, a["path"], 0))


# --- animals wait outside the buildings ----------------------------------------------------------


def animals(g: Game, seat: int) -> list[int]:
    p = g.players[seat]
    return [
        c
        for c in p.followers + p.objects + p.packed
        if "waits-outside" in g.rules.instances[c].traits or g.rules.instances[c].subtype in ("animal", "dragon")
    ]


@MODULE.ability("arrive")
def animals_outside(g: Game, seat: int, came_from: int) -> None:
    if not active(g):
        return
    p = g.players[seat]
    here = p.space
    left = p.status.get("animals-outside")
    if left and here != left["building"]:
        street = left["street"]
        back = [c for c in left["cards"] if c in g.cards_on(street)]
        del p.status["animals-outside"]
        for c in back:
            cards.lift(g, c, street)
            cards.receive(g, seat, c, "followers" if g.rules.instances[c].type == "follower" else "objects")
            g.say(f"{g.name(seat)} takes the {g.card_name(c)} back from outside the door.", seat=seat)
    if not is_building(g, here):
        return
    waiting = animals(g, seat)
    if not waiting:
        return
    street = door_of(g, here)
    for c in waiting:
        cards.release(g, seat, c)
        cards.place(g, c, street)
        g.say(f"No animals in the {g.space_name(here)}: the {g.card_name(c)} waits outside.", seat=seat)
    p.status["animals-outside"] = {"building": here, "street": street, "cards": waiting}


# --- leaving the City: the Bank's Wizard, the Errand Boy and the Urchins ------------------------------


@MODULE.ability("arrive")
def left_the_city(g: Game, seat: int, came_from: int) -> None:
    """Out of the City (by a walk, a barge, any way: ``in-city`` remembers where one was):
    000's Loan unpaid, the Bank's Wizard turns one into a Toad; the Errand Boy and
    the Urchins stay behind (000's Gladiator and Merchant: the core game's rule reads
    the space one came from, which a walk out of the City has already left behind)."""
    p = g.players[seat]
    if not active(g):
        return
    if in_city(g, seat):
        p.status["in-city"] = True
        return
    if not p.status.pop("in-city", None):
        return
    if p.status.pop("loan", None):
        g.say(f"{g.name(seat)} leaves the City without repaying the Bank: its Wizard strikes.", seat=seat)
        effects.run(g, seat, [{"toad": {"turns": TOAD_TURNS}}])
    if not stats.has_trait(g, seat, "urchins-follow"):
        for f in [f for f in p.followers if "city-bound" in g.rules.instances[f].traits]:
            possessions.lose_follower(g, seat, f, "stays behind in the City")


# --- the Wharf: barges and stowaways -----------------------------------------------------------------


def stowaway_allowed(g: Game, seat: int) -> bool:
    """000: alone, no Followers, 4 possessions or fewer, no Horse, Mule or Horse and Cart (Followers all)."""
    p = g.players[seat]
    alone = not any(o.alive and o.space == p.space for i, o in enumerate(g.players) if i != seat)
    return alone and not p.followers and len(p.objects) + len(p.packed) <= 4


@MODULE.ability("turn")
def wharf_departures(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if not active(g) or g.rules.spaces[p.space].id != WHARF:
        return []
    opts: list[Choice] = []
    for region, fare in BARGE_FARE.items():
        if p.gold >= fare:
            opts.append(
                Choice(
                    f"barge:{region}",
                    f"Pay {fare}G for a barge to any space of the {g.rules.regions[region].name}",
                    [lose_gold(seat, fare, "the barge"), frame("voyage", p=seat, regions=[region])],
                )
            )
    if stowaway_allowed(g, seat):
        opts.append(Choice("stowaway", "Try to stow away on a passing barge (roll a die)", [frame("stowaway", p=seat)]))
    return opts


class LoseGold(frames.Because):
    """Character ``p`` pays ``n`` gold for ``why`` (in words)."""

    n: int


def lose_gold(p: int, n: int, why: str) -> Frame:
    """Character ``p`` pays ``n`` gold for ``why`` (see :class:`LoseGold`)."""
    return ("lose_gold", {"p": p, "n": n, "why": why})


@MODULE.handler("lose_gold", args=LoseGold)
def _lose_gold(g: Game, a: LoseGold) -> None:
    seat = a["p"]
    g.players[seat].gold -= a["n"]
    g.say(f"{g.name(seat)} pays {a['n']}G for {a['why']}.", type="gold", seat=seat)


class Voyage(TypedDict):
    """Character ``p`` sails to a space of one of the ``regions`` (their ids)."""

    p: int
    regions: list[str]


@MODULE.handler("voyage", args=Voyage)
def _voyage(g: Game, a: Voyage) -> None:
    """A passage by water to a space of one's choice in these regions: the move of the turn."""
    seat = a["p"]
    dests = [s for s in g.rules.spaces if s.region in a["regions"] and s.id != MAIN_CITY]
    g.decide(
        seat,
        "voyage",
        "Where does the barge put you ashore?",
        [
            Choice(
                f"move:{s.id}",
                f"Go ashore at the {g.space_name(s.index)}",
                [frames.arrive(seat, s.index, "move")],
            )
            for s in dests
        ],
    )


@MODULE.handler("stowaway", args=frames.Seat)
def _stowaway(g: Game, a: frames.Seat) -> None:
    effects.roll(g, a["p"], "D6", frame("stowaway_result", p=a["p"]), why="stowing away")


@MODULE.handler("stowaway_result", args=frames.Rolled)
def _stowaway_result(g: Game, a: frames.Rolled) -> None:
    """000's table. Choice: beating the Sailor (2) you stay on the Wharf unseen, but with no passage."""

    seat, roll = a["p"], a["roll"]
    if roll == 1:
        arrest(g, seat, "was caught stowing away")
    elif roll == 2:
        g.say(f"A Sailor sees {g.name(seat)} creeping aboard.", seat=seat)
        effects.run(g, seat, [{"fight": {"name": "Sailor", "strength": 6, "trophy": False}}])
    elif roll == 3:
        g.say(f"{g.name(seat)} is discovered and runs off into the streets.", seat=seat)
        effects.run(g, seat, [{"move_steps": {"n": "D6", "direction": "forward"}}])
    elif roll == 4:
        g.say(f"{g.name(seat)} stows away, but the barge puts in just outside the City.", seat=seat)
        g.push_frame(frames.arrive(seat, space(g, WOODS_OUTSIDE), "move"))
    else:
        g.say(f"{g.name(seat)} stows away on a barge.", seat=seat)
        g.push("voyage", p=seat, regions=["outer"] if roll == 5 else ["outer", "middle"])


@MODULE.hook("barge")
def barge(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """000: a Barge met in the Outer or Middle Region may carry one to the City's Wharf.

    One card: a voyage to the Wharf, priced by the Region one boards in, is the classic City's passage."""
    if g.rules.spaces[g.players[seat].space].region not in BARGE_FARE:
        return
    g.offer(
        seat,
        "barge",
        "A Barge is tied up here, bound for the City: ride it to the Wharf?",
        Choice("ride", "Ride the Barge to the City's Wharf (your turn ends there)", [frame("ride_barge", p=seat)]),
        ("stay", "Stay ashore"),
    )


@MODULE.handler("ride_barge", args=frames.Seat)
def _ride_barge(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    end_turn_at(g, seat, WHARF, f"{g.name(seat)} rides the Barge down to the City's Wharf.")


@MODULE.spell_effect("water-walking")
def water_walking(g: Game, a: dict[str, Any]) -> None:
    """000: a character who casts Water Walking may simply walk to the Wharf (from the Outer or Middle Region).

    One card: a walk over the river to the Wharf, from the Outer or Middle Region."""
    seat = a["p"]
    if g.rules.spaces[g.players[seat].space].region not in BARGE_FARE:
        g.say("There is no water to walk on here.", seat=seat)
        return
    g.say(f"{g.name(seat)} walks over the river to the City's Wharf.", seat=seat)
    g.push_frame(frames.arrive(seat, space(g, WHARF), "move"))


# --- the Bank ----------------------------------------------------------------------------------------


@MODULE.hook("bank")
def bank(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a Loan owed until one leaves the City, and a robbery that is a crime."""
    p = g.players[seat]
    opts: list[Choice] = [Choice("leave", "Leave the Bank", [])]
    if p.status.get("loan"):
        if p.gold >= LOAN_DUE:
            opts.append(Choice("repay", f"Repay your Loan: {LOAN_DUE}G", [frame("repay_loan", p=seat)]))
    else:
        opts.append(
            Choice(
                "loan",
                f"Take a Loan: {LOAN}G now, {LOAN_DUE}G to repay before you leave the City",
                [frame("take_loan", p=seat)],
            )
        )
    if p.alignment in ("neutral", "evil"):
        opts.append(Choice("rob", "Try to rob the Bank (roll a die; robbery is a crime)", [frame("rob_bank", p=seat)]))
    g.decide(seat, "bank", "The Bank: what is your business?", opts)


@MODULE.handler("take_loan", args=frames.Seat)
def _take_loan(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    p.status["loan"] = True
    p.gold += LOAN
    g.say(f"{g.name(seat)} takes a Loan of {LOAN}G from the Bank.", type="gold", seat=seat)


@MODULE.handler("repay_loan", args=frames.Seat)
def _repay_loan(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    p.gold -= LOAN_DUE
    del p.status["loan"]
    g.say(f"{g.name(seat)} repays its Loan: {LOAN_DUE}G.", type="gold", seat=seat)


@MODULE.handler("rob_bank", args=frames.Seat)
def _rob_bank(g: Game, a: frames.Seat) -> None:

    crime(g, a["p"], "H", "robs the Bank")
    effects.roll(g, a["p"], "D6", frame("robbery", p=a["p"]), why="robbing the Bank")


@MODULE.handler("robbery", args=frames.Rolled)
def _robbery(g: Game, a: frames.Rolled) -> None:
    """facts 1.4: 1 a Toad; 2 spotted, a Warrant; 3 no chance; 4 +1G; 5 +2G; 6 +4G and a Warrant."""

    seat, roll = a["p"], a["roll"]
    if roll == 1:
        effects.run(g, seat, [{"toad": {"turns": TOAD_TURNS}}])
    elif roll == 3:
        g.say(f"{g.name(seat)} sees no chance to rob the Bank.", seat=seat)
    elif roll in (4, 5, 6):
        effects.run(g, seat, [{"gain": {"gold": {4: 1, 5: 2, 6: 4}[roll]}}])
    if roll in (2, 6):
        g.say(f"{g.name(seat)} is seen robbing the Bank.", seat=seat)
        give_warrant(g, seat, "a robbery of the Bank")


# --- the Royal Castle: Warrants for sale ---------------------------------------------------------------


WARRANT_PRICE = 1


@MODULE.hook("royal-castle")
def royal_castle(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a Warrant is bought and laid on another character."""
    p = g.players[seat]
    if p.gold < WARRANT_PRICE:
        return
    rivals = [i for i, o in enumerate(g.players) if i != seat and o.alive and not has_warrant(g, i)]
    if not rivals:
        return
    g.decide(
        seat,
        "warrant",
        f"The Royal Castle: buy a Warrant ({WARRANT_PRICE}G) and lay it on another character?",
        [
            Choice("none", "Buy no Warrant", []),
            *[
                Choice(
                    f"warrant:{i}",
                    f"Lay a Warrant on the {g.name(i)}",
                    [lose_gold(seat, WARRANT_PRICE, "a Warrant"), frame("lay_warrant", p=seat, on=i)],
                )
                for i in rivals
            ],
        ],
    )


class LayWarrant(TypedDict):
    """Character ``p`` has a Warrant laid on character ``on``."""

    p: int
    on: int


@MODULE.handler("lay_warrant", args=LayWarrant)
def _lay_warrant(g: Game, a: LayWarrant) -> None:

    g.say(f"{g.name(a['p'])} swears out a Warrant against the {g.name(a['on'])}.", seat=a["p"])
    give_warrant(g, a["on"], "sworn out at the Royal Castle")


# --- the Six Fates Inn -----------------------------------------------------------------------------------


@MODULE.hook("riverman")
def riverman(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Our own: the riverman's passage is a barge's, for 2G, to the Outer Region.

    One space: a voyage out of the City to a space of the Outer Region, by the classic City's passage."""
    if g.players[seat].gold < BARGE_FARE["outer"]:
        g.say("A riverman offers passage, but you cannot pay him.", seat=seat)
        return
    g.decide(
        seat,
        "barge",
        "A riverman offers passage down the river (2G to any space of the Outer Region).",
        [
            Choice("stay", "Stay in the City", []),
            Choice(
                "sail",
                "Pay him 2G and sail",
                [
                    lose_gold(seat, BARGE_FARE["outer"], "the passage"),
                    frame("voyage", p=seat, regions=["outer"]),
                ],
            ),
        ],
    )


@MODULE.hook("ruckus")
def ruckus(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """A ruckus at the Inn: a City card is drawn and met there (a fight in a building: Statute B).

    One space: a City card is drawn and met in a building (the classic City's Statute B)."""
    g.push("card_queue", p=seat)
    g.push_frame(frames.draw_cards(seat, len(g.cards_on(g.players[seat].space)) + 1))


BIG_MONEY = ((6, -1), (9, 1), (11, 2), (99, 4))  # die + Craft at most ..., gold won (our own)


@MODULE.hook("big-money")
def big_money(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the die plus Craft is read on a table of winnings (the roll verb reads the die alone)."""
    effects.roll(g, seat, "D6", frame("big_money", p=seat), why="a game of Big Money")


@MODULE.handler("big_money", args=frames.Rolled)
def _big_money(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    total = a["roll"] + stats.craft(g, seat)
    won = next(n for top, n in BIG_MONEY if total <= top)
    g.say(f"Big Money: {a['roll']} + Craft {stats.craft(g, seat)} = {total}.", seat=seat)
    if won > 0:
        effects.run(g, seat, [{"gain": {"gold": won}}])
    elif g.players[seat].gold:
        effects.run(g, seat, [{"lose": {"gold": 1}}])


# --- the Enchantress's Warp Gate (with a Timescape module) ------------------------------------------------


@MODULE.hook("warp-gate")
def warp_gate(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """000: the Enchantress judges (2 dice under Strength and Craft together); the
    ``timescape`` module's rule (``timescape_seek``) does it, with its once-only limit.

    One space: the Enchantress's way into the Timescape, by that module's own seeking."""
    g.push("timescape_seek", p=seat, who="enchantress")


# --- the City's Dungeon Doorway (with 000's Dungeon) ------------------------------------------------------


@MODULE.ability("setup")
def city_doorway(g: Game, seat: int) -> None:
    """000's Scout counts three Doorways, "two on the Main Board and one in the City":
    with ``dungeon-classic`` in play, one of its Doorways lies on River Walk from the start
    (choice: it is laid once, as the first character enters play)."""
    if not active(g) or not g.rules.has_module("dungeon-classic") or g.globals.get("city-doorway"):
        return
    g.globals["city-doorway"] = True
    card = cards.take_named(g, "adventure", "Doorway")
    if card is not None:
        cards.place(g, card, space(g, DOORWAY_STREET))


@MODULE.spell_effect("pardon")
def pardon(g: Game, a: dict[str, Any]) -> None:
    """One card: a Warrant is lifted, and the Donjon opened."""
    seat = a["p"]
    p = g.players[seat]
    lift_warrant(g, seat)
    g.say(f"A royal pardon: {g.name(seat)} is no longer wanted.", seat=seat)
    if g.rules.spaces[p.space].id == DONJON:
        release(g, seat, keep_warrant=False)
