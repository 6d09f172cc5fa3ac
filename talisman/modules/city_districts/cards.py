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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, stats
from talisman.engine.combat import fight_creature
from talisman.engine.game import frame
from talisman.modules.city_districts.law import accuse, arrest
from talisman.modules.city_districts.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

PATROL = {"name": "County Patrol", "strength": 5, "trophy": False}
QUEEN_REWARD = 5
KING_PICKS = 2


# --- County Patrol -------------------------------------------------------------------------------


@MODULE.hook("county-patrol")
def county_patrol(g: Game, seat: int, ctx: dict) -> None:
    g.decide(
        seat,
        "city-county-patrol",
        "A County Patrol (Strength 5) accuses you of a crime.",
        [
            ("go", "Go with them to Judgement Square", [frame("city_patrol_go", p=seat)]),
            ("fight", "Fight them", [frame("city_patrol_fight", p=seat)]),
        ],
    )


@MODULE.handler("city_patrol_go")
def _go(g: Game, a: dict) -> None:
    accuse(g, a["p"])


@MODULE.handler("city_patrol_fight")
def _fight(g: Game, a: dict) -> None:
    seat = a["p"]
    fight_creature(g, seat, PATROL, {}, lose=[frame("city_patrol_gaol", p=seat)])


@MODULE.handler("city_patrol_gaol")
def _gaol(g: Game, a: dict) -> None:
    arrest(g, a["p"])


# --- the King and the Queen -----------------------------------------------------------------------------


def escort_holder(seat: int) -> str:
    return f"city-escort:{seat}"


@MODULE.hook("escort")
def escort(g: Game, seat: int, ctx: dict) -> None:
    card = ctx["src"]
    if cards.held_by(g, escort_holder(seat)):
        g.say(f"{g.name(seat)} is already escorting someone to the Palace.", seat=seat)
        return
    g.decide(
        seat,
        "city-escort",
        f"The {g.card_name(card)} asks for an escort to the Palace of the City.",
        [
            ("decline", "Decline", []),
            ("escort", f"Escort the {g.card_name(card)}", [frame("city_escort_take", p=seat, card=card)]),
        ],
    )


@MODULE.handler("city_escort_take")
def _take(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    here = g.players[seat].space
    if card not in g.cards_on(here):
        return
    cards.lift(g, card, here)
    cards.hold(g, escort_holder(seat), card)
    g.say(f"{g.name(seat)} escorts the {g.card_name(card)} toward the Palace.", seat=seat)


def escorts_arrive(g: Game, seat: int) -> None:
    """At the Palace: the King's gift of 2 Purchase cards, or 5 gold for the Queen's escort."""
    for card in cards.held_by(g, escort_holder(seat)):
        cards.unhold(g, escort_holder(seat), card)
        cards.discard(g, card)
        if g.card_name(card) == "King":
            g.say(f"The King is home: {g.name(seat)} may choose {KING_PICKS} items from the Purchase stock.", seat=seat)
            for _ in range(KING_PICKS):
                g.push("effects", p=seat, list=[{"hook": "choose-purchase"}], ctx={})
        else:
            g.players[seat].gold += QUEEN_REWARD
            g.say(f"The Queen is home: the King gives {g.name(seat)} {QUEEN_REWARD} gold.", type="gold", seat=seat)


@MODULE.ability("death")
def escorts_stay(g: Game, seat: int) -> None:
    for card in cards.held_by(g, escort_holder(seat)):
        cards.unhold(g, escort_holder(seat), card)
        cards.place(g, card, g.players[seat].space)


# --- Pastry and Fish Cake --------------------------------------------------------------------------------


@MODULE.ability("combat")
def eat_before_battle(g: Game, seat: int, fight: dict, back: list) -> list[tuple]:
    kind = "psychic" if fight.get("mode") == "craft" else "battle"
    return [
        (
            f"eat:{c}",
            f"Eat the {g.card_name(c)}: +1 {'Craft' if kind == 'psychic' else 'Strength'} in this fight",
            [frame("city_eat", p=seat, card=c, fight=kind), *back],
        )
        for c in g.players[seat].objects
        if f"eat:{kind}" in g.rules.instances[c].traits
    ]


@MODULE.handler("city_eat")
def _eat(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    if card not in g.players[seat].objects:
        return
    cards.release(g, seat, card)
    cards.discard(g, card)
    g.players[seat].mods.append(("battle_craft" if a["fight"] == "psychic" else "battle_strength", 1, "combat"))
    stats.changed(g)
    g.say(f"{g.name(seat)} eats the {g.card_name(card)}: +1 in this fight.", seat=seat)
