"""The cards of Another Talisman City that the effect vocabulary cannot say (003 22:7 to 22:9).

- County Patrol (22:7): go with the soldiers (the next turn is a trial in
  Judgement Square) or fight them (Strength 5): won, they leave; lost, a life
  and the Gaol. Choice: going with them is itself an accusation, so the Map of
  the City Sewers lets the character slip away.
- King and Queen (22:7): taken along (kept beside the character, neither a
  Follower nor an Object) until the character reaches the Palace: the King
  gives 2 Purchase cards of the character's choice, the Queen's escort earns 5
  gold. Choice: one escort at a time; a character who dies leaves them on its
  space.
- Pastry and Fish Cake (22:8): eaten before the dice of a battle (Pastry) or a
  psychic combat (Fish Cake) for +1 in it.
- Dog (22:8): may fight a battle in its holder's place with Strength 2 (the
  core game's ``stand-in:2``), never beside it; loyal, it never wanders off (the City
  Center) and no theft takes it (choice: the engine's ways of taking a
  Follower, the thief's steal and a psychic victor's spoils, pass it over).
- Great Axe (22:8): a 1 on its holder's attack die breaks it before the scores
  are added (choice: it does not help in that battle).
- Bow and Quiver (22:8): instead of moving, shoot a face-up Enemy or a character
  1 to 3 spaces away (the spaces a move of that many could reach) in the
  shooter's region: a battle the shooter cannot lose a life in; an Enemy hit is
  a trophy, a character hit loses a life (Armour may save it). The Quiver is
  spent instead of the Bow when there is one.
- Horse, Warhorse, Horse and Cart (22:8): after the movement roll (not in the
  City, nor where the move is one space) add up to 3, 2 or 1. The other
  Followers keep to the die (up to 3 ride in the Cart): they are left on the
  space the ride began, and on the next turn, instead of it, the rider may go
  back and gather them; after that they are ditched, there for anyone to take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, combat, frames, lives, movement, stats
from talisman.engine.combat import fight_creature
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.city_districts.law import accuse, arrest
from talisman.modules.city_districts.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

PATROL = {"name": "County Patrol", "strength": 5, "trophy": False}
QUEEN_REWARD = 5
KING_PICKS = 2


# --- County Patrol -------------------------------------------------------------------------------


@MODULE.hook("county-patrol")
def county_patrol(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: go to the districts' court, or fight the Patrol (a crime of its own)."""
    g.decide(
        seat,
        "city-county-patrol",
        "A County Patrol (Strength 5) accuses you of a crime.",
        [
            Choice("go", "Go with them to Judgement Square", [frame("city_patrol_go", p=seat)]),
            Choice("fight", "Fight them", [frame("city_patrol_fight", p=seat)]),
        ],
    )


@MODULE.handler("city_patrol_go", args=frames.Seat)
def _go(g: Game, a: frames.Seat) -> None:
    accuse(g, a["p"])


@MODULE.handler("city_patrol_fight", args=frames.Seat)
def _fight(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    fight_creature(g, seat, PATROL, {}, lose=[frame("city_patrol_gaol", p=seat)])


@MODULE.handler("city_patrol_gaol", args=frames.Seat)
def _gaol(g: Game, a: frames.Seat) -> None:
    arrest(g, a["p"])


# --- the King and the Queen -----------------------------------------------------------------------------


def escort_holder(seat: int) -> str:
    return f"city-escort:{seat}"


@MODULE.hook("escort")
def escort(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    card = ctx["src"]
    if cards.held_by(g, escort_holder(seat)):
        g.say(f"{g.name(seat)} is already escorting someone to the Palace.", seat=seat)
        return
    g.decide(
        seat,
        "city-escort",
        f"The {g.card_name(card)} asks for an escort to the Palace of the City.",
        [
            Choice("decline", "Decline", []),
            Choice("escort", f"Escort the {g.card_name(card)}", [frame("city_escort_take", p=seat, card=card)]),
        ],
    )


@MODULE.handler("city_escort_take", args=frames.CardOf)
def _take(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    here = g.players[seat].space
    if card not in g.cards_on(here):
        return
    cards.lift(g, card, here)
    cards.hold(g, escort_holder(seat), card)
    g.players[seat].status["city-escort"] = g.card_name(card)
    g.say(f"{g.name(seat)} escorts the {g.card_name(card)} toward the Palace.", seat=seat)


def escorts_arrive(g: Game, seat: int) -> None:
    """At the Palace: the King's gift of 2 Purchase cards, or 5 gold for the Queen's escort."""
    g.players[seat].status.pop("city-escort", None)
    for card in cards.held_by(g, escort_holder(seat)):
        cards.unhold(g, escort_holder(seat), card)
        cards.discard(g, card)
        if g.card_name(card) == "King":
            g.say(f"The King is home: {g.name(seat)} may choose {KING_PICKS} items from the Purchase stock.", seat=seat)
            for _ in range(KING_PICKS):
                g.push_frame(frames.effects(seat, [{"hook": "choose-purchase"}], {}))
        else:
            g.players[seat].gold += QUEEN_REWARD
            g.say(f"The Queen is home: the King gives {g.name(seat)} {QUEEN_REWARD} gold.", type="gold", seat=seat)


@MODULE.ability("death")
def escorts_stay(g: Game, seat: int) -> None:
    g.players[seat].status.pop("city-escort", None)
    for card in cards.held_by(g, escort_holder(seat)):
        cards.unhold(g, escort_holder(seat), card)
        cards.place(g, card, g.players[seat].space)


# --- Pastry and Fish Cake --------------------------------------------------------------------------------


@MODULE.ability("combat")
def eat_before_battle(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    kind = "psychic" if fight.get("mode") == "craft" else "battle"
    return [
        Choice(
            f"eat:{c}",
            f"Eat the {g.card_name(c)}: +1 {'Craft' if kind == 'psychic' else 'Strength'} in this fight",
            [frame("city_eat", p=seat, card=c, fight=kind), *back],
        )
        for c in g.players[seat].objects
        if f"eat:{kind}" in g.rules.instances[c].traits
    ]


class CityEat(frames.CardOf):
    """Character ``p`` eats the food ``card`` in the fight of ``fight`` (its kind)."""

    fight: str


@MODULE.handler("city_eat", args=CityEat)
def _eat(g: Game, a: CityEat) -> None:
    seat, card = a["p"], a["card"]
    if card not in g.players[seat].objects:
        return
    cards.release(g, seat, card)
    cards.discard(g, card)
    stats.add_mod(g, seat, "battle_craft" if a["fight"] == "psychic" else "battle_strength", 1, "combat")
    g.say(f"{g.name(seat)} eats the {g.card_name(card)}: +1 in this fight.", seat=seat)


# --- the Great Axe ------------------------------------------------------------------------------------------------


@MODULE.ability("attack_faces")
def great_axe_breaks(g: Game, seat: int, fight: dict[str, Any], faces: list[int]) -> list[int]:
    """A 1 rolled in battle breaks the Great Axe: it is gone before the scores are added."""
    if fight.get("mode") != "strength" or 1 not in faces:
        return faces
    p = g.players[seat]
    for c in [o for o in p.objects if "breaks-on-1" in g.rules.instances[o].traits]:
        cards.release(g, seat, c)
        cards.discard(g, c)
        g.say(f"{g.name(seat)} rolls a 1: the {g.card_name(c)} breaks.", seat=seat)
    return faces


# --- the Bow and the Quiver -----------------------------------------------------------------------------------------

BOW_RANGE = 3


def bow_targets(g: Game, seat: int) -> list[tuple[str, int, int]]:
    """What the character can shoot at: ("enemy", space, card) and ("character", space, seat), up to 3
    spaces away along its region (the walks a move of 1 to 3 could make), in its own region."""
    from talisman.engine.movement import destinations

    p = g.players[seat]
    region = g.rules.spaces[p.space].region
    spaces = sorted({d for n in range(1, BOW_RANGE + 1) for d in destinations(g, seat, n)} | {p.space})
    out: list[tuple[str, int, int]] = []
    for s in spaces:
        if g.rules.spaces[s].region != region:
            continue
        out += [("enemy", s, c) for c in g.cards_on(s) if g.rules.instances[c].is_enemy]
        out += [("character", s, o.seat) for o in g.players if o.alive and o.seat != seat and o.space == s]
    return out


@MODULE.ability("turn")
def shoot(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Instead of moving, shoot the Bow."""
    p = g.players[seat]
    bow = next((o for o in p.objects if "bow" in g.rules.instances[o].traits), None)
    if bow is None or p.status.get("hold") or stats.items_suppressed(g, seat):
        return []
    if "missiles" in g.rules.spaces[p.space].suppress:
        return []  # no missile is loosed there (000's Timescape)
    opts = []
    for what, s, target in bow_targets(g, seat):
        name = g.card_name(target) if what == "enemy" else g.name(target)
        opts.append(
            Choice(
                f"shoot:{what}:{target}",
                f"Shoot the {name} on the {g.space_name(s)} with the Bow",
                [frame("city_shoot", p=seat, what=what, target=target, space=s, bow=bow)],
            )
        )
    return opts


class CityShoot(TypedDict):
    """Character ``p`` shoots its ``bow`` at ``target`` (``what``: an enemy card, or a character) on
    the space ``space``."""

    p: int
    what: str
    target: int
    space: int
    bow: int


@MODULE.handler("city_shoot", args=CityShoot)
def _shoot(g: Game, a: CityShoot) -> None:
    seat, target, space = a["p"], a["target"], a["space"]
    p = g.players[seat]
    quiver = next((o for o in p.objects if "quiver" in g.rules.instances[o].traits), None)
    spent = quiver if quiver is not None else a["bow"]
    if spent in p.objects:
        cards.release(g, seat, spent)
        cards.discard(g, spent)
        g.say(f"{g.name(seat)} shoots; the {g.card_name(spent)} is spent.", type="attack", seat=seat)
    if a["what"] == "character":
        combat.arranged_fight(g, seat, target, "strength", ("city_arrow_settle", {"archer": seat}))
        return
    if target not in g.cards_on(space):
        return
    card = g.rules.instances[target]
    g.push_frame(
        frames.combat(
            seat,
            [],
            [{"name": card.name, "strength": card.strength, "subtype": card.subtype}],
            "strength",
            False,
            False,
            [frame("city_arrow_kills", p=seat, card=target, space=space)],
            [],
            [],
            [],
            {},
            harmless=True,
        )
    )


@MODULE.handler("city_arrow_kills", args=frames.CardOn)
def _arrow_kills(g: Game, a: frames.CardOn) -> None:
    seat, card, space = a["p"], a["card"], a["space"]
    if card in g.cards_on(space):
        cards.lift(g, card, space)
        if "no-trophy" in g.rules.instances[card].traits:
            cards.discard(g, card)
        else:
            g.players[seat].trophies.append(card)
        g.say(f"{g.name(seat)}'s arrow kills the {g.card_name(card)}.", type="combat-result", seat=seat)


class ArrowSettle(frames.Settled):
    """A shot at a character is settled (``archer``: the seat that shot)."""

    archer: int


@MODULE.handler("city_arrow_settle", args=ArrowSettle)
def _arrow_settle(g: Game, a: ArrowSettle) -> None:
    """The archer's loss costs it nothing; a target beaten loses a life (Armour may save it)."""
    from talisman.engine.combat import lose_battle_life

    win, lose = a["win"], a["lose"]
    if win is None or lose is None or lose == a["archer"]:
        return
    lose_battle_life(g, lose, cause=f"shot by the {g.name(win)}", by=win)


# --- riding -------------------------------------------------------------------------------------------------


def ride_bonus(g: Game, card: int) -> int:
    return g.rules.instances[card].trait_number("ride")


@MODULE.ability("after_roll")
def ride(g: Game, seat: int, roll: int) -> list[Choice]:
    """Add up to the mount's bonus to the movement roll (22:8), once a move; not in the City. (Asked
    after every roll: the mount is looked for first, in a loop rather than ``max`` with a key, which
    compiled code calls as a Python function for each Follower.)"""
    p = g.players[seat]
    if "rode" in p.flags:
        return []
    best: int | None = None
    most = 0
    for f in stats.followers_used(g, seat):
        n = ride_bonus(g, f)
        if best is None or n > most:
            best, most = f, n
    if not most:
        return []
    from talisman.modules.city_districts.rules import in_city

    if in_city(g, seat) or g.rules.regions[g.rules.spaces[p.space].region].movement != "roll":
        return []
    return [
        Choice(
            f"ride:{k}",
            f"Ride the {g.card_name(best)}: move {roll + k} instead",
            [frame("city_ride", p=seat, roll=roll + k, mount=best)],
        )
        for k in range(1, most + 1)
        if best is not None
    ]


class CityRide(TypedDict):
    """Character ``p`` rides its ``mount`` by ``roll`` spaces."""

    p: int
    roll: int
    mount: int


@MODULE.handler("city_ride", args=CityRide)
def _ride(g: Game, a: CityRide) -> None:
    """Followers keep to the die's pace: those who cannot ride are left behind
    (up to N ride in a ``cart:N``, the Horse and Cart's 3); next turn the rider may go back for them."""
    seat, mount = a["p"], a["mount"]
    p = g.players[seat]
    p.flags.add("rode")
    walkers = [f for f in p.followers if ride_bonus(g, f) == 0 and "riding-animal" not in g.rules.instances[f].traits]
    seats = next((int(t.split(":")[1]) for t in g.rules.instances[mount].traits if t.startswith("cart:")), 0)
    left = walkers[seats:]
    for f in left:
        cards.release(g, seat, f)
        cards.place(g, f, p.space)
    if left:
        p.status["ditched"] = {"space": p.space, "cards": left, "turn": g.turn}
        g.say(
            f"{g.name(seat)} rides ahead; {', '.join(g.card_name(f) for f in left)} "
            f"{'is' if len(left) == 1 else 'are'} left behind on the {g.space_name(p.space)}.",
            seat=seat,
        )
    g.push_frame(frames.move_choose(seat, roll=a["roll"], fixed=True))


@MODULE.ability("turn")
def ride_back(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    left = g.players[seat].status.get("ditched")
    if not left or left["turn"] >= g.turn:
        return []
    return one_option(
        seat,
        "ride-back",
        f"Ride back to your Followers on the {g.space_name(left['space'])} (instead of your turn)",
        "city_ride_back",
    )


@MODULE.handler("city_ride_back", args=frames.Seat)
def _ride_back(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    left = p.status.pop("ditched")
    movement.put(g, seat, left["space"])
    for f in left["cards"]:
        if f in g.cards_on(p.space):
            cards.lift(g, f, p.space)
            cards.receive(g, seat, f, "followers")
    g.say(
        f"{g.name(seat)} rides back and gathers its Followers on the {g.space_name(p.space)}.", type="move", seat=seat
    )
    lives.end_turn_now(g)


@MODULE.ability("turn_end", character="ditched")
def ditched_for_good(g: Game, seat: int) -> None:
    """Not fetched on the next turn, those left behind are free for anyone to take."""
    left = g.players[seat].status.get("ditched")
    if left and left["turn"] < g.turn:
        del g.players[seat].status["ditched"]
