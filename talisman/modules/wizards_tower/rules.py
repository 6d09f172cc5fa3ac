"""The Wizard's Tower rules the effect vocabulary cannot say (000 "The Wizard's
Tower").

- Passing the Door leaves the character's steeds (Mules, Horses, Horses and
  Carts, Warhorses) at the Portal of Power, with whatever only they could
  carry; the Gargoyle of the Antechamber must then be beaten before going on
  (choice: the turn ends on the Antechamber, as 000 says, and the Gargoyle
  bars the way from the next turn, like the Inner Region's Werewolf).
- Dice with Death: both roll 2 dice; a win goes on, a loss or a tie costs a
  life and sends the character back out of the Tower (000; the Inner Region's
  Death space of the base game is the 4th edition's, played again next turn).
- The Magical Trap and the Pit Trap: a die for each Object carried (by the
  character or its Articles), and for each Follower; 1-2 loses it.
- The Dragon Prince (15/15), in battle or psychic combat at the character's
  choice; a loss or a tie sends it back out. He is a Dragon, so bonuses
  against Dragons count (the Holy Lance), but he is ``unique``: what slays
  or turns away Dragons outright does not work on him.
- A character sent back out may only move toward the Portal of Power, one
  space a turn, until it leaves the Tower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, effects, frames, holds, lives, stats
from talisman.engine.combat import FightIn, ask_mode
from talisman.engine.game import frame
from talisman.engine.movement import ring_distance
from talisman.modules.wizards_tower.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

REGION = "tower"
GARGOYLE = {"name": "Gargoyle", "strength": "3D6+4", "evade": False, "until_won": True, "trophy": False}
PRINCE = 15
RETREAT = "leave-tower"


def in_tower(g: Game, space: int) -> bool:
    return g.rules.spaces[space].region == REGION


def is_steed(g: Game, card: int) -> bool:
    return "steed" in g.rules.instances[card].traits


@MODULE.hook("enter-tower")
def enter_tower(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Past the Door: steeds stay at the Portal, and the Gargoyle bars the way on."""
    p = g.players[seat]
    here = p.space
    portal = next(
        g.rules.space_index[ln.a] for ln in g.rules.links if ln.kind == "portal" and g.rules.space_index[ln.b] == here
    )
    for f in [f for f in p.followers if is_steed(g, f)]:
        cards.release(g, seat, f)
        cards.place(g, f, portal)
        g.say(
            f"{g.name(seat)}'s {g.card_name(f)} cannot enter the Tower: it waits at the {g.space_name(portal)}.",
            seat=seat,
        )
    while len(p.packed) > stats.pack_capacity(g, seat):
        card = p.packed.pop()
        if len(p.objects) < stats.capacity(g, seat):
            cards.receive(g, seat, card, "objects")
        else:
            cards.place(g, card, portal)
            g.say(f"The {g.card_name(card)} stays at the {g.space_name(portal)} with the steeds.", seat=seat)
    holds.hold(g, seat, "Gargoyle", [{"fight": GARGOYLE}], space=here)
    g.say(f"A Gargoyle guards the {g.space_name(here)}: {g.name(seat)} must beat it to go on.", seat=seat)


def send_back(g: Game, seat: int, why: str) -> None:
    p = g.players[seat]
    if p.alive and in_tower(g, p.space):
        p.status[RETREAT] = True
        g.say(f"{g.name(seat)} {why} and must leave the Tower.", seat=seat)


@MODULE.handler("tower_send_back", args=frames.Because)
def _send_back(g: Game, a: frames.Because) -> None:
    send_back(g, a["p"], a["why"])


@MODULE.ability("move_allowed")
def only_outward(g: Game, seat: int, path: list[int]) -> bool:
    """A character sent back goes only toward the Portal of Power."""
    p = g.players[seat]
    if not p.status.get(RETREAT) or not in_tower(g, p.space):
        return True
    return all(not in_tower(g, s) or ring_distance(g, s) < ring_distance(g, p.space) for s in path)


@MODULE.ability("landed", character=RETREAT)
def out_of_the_tower(g: Game, seat: int) -> None:
    p = g.players[seat]
    if p.status.get(RETREAT) and not in_tower(g, p.space):
        del p.status[RETREAT]


@MODULE.hook("tower-dice-with-death")
def dice_with_death(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Tower's Death sends the loser back down the Tower."""
    effects.roll(g, seat, "2D6", frame("tower_death_result", p=seat), why="the dice with Death")


@MODULE.handler("tower_death_result", args=frames.Rolled)
def _death_result(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    death, _ = g.roll_dice("2D6", seat)
    g.say(f"Death rolls {death} against {g.name(seat)}'s {a['roll']}.", type="combat", seat=seat)
    if a["roll"] > death:
        g.say(f"{g.name(seat)} beats Death and may go on.", type="combat-result", seat=seat)
        return
    send_back(g, seat, "loses at dice with Death")
    lives.lose_lives(g, seat, 1, "Death")


@MODULE.hook("dragon-prince")
def dragon_prince(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Dragon Prince is fought by Strength or Craft, as one chooses."""
    ask_mode(g, seat, "dragon-prince", "Dragon Prince", PRINCE, "dragon_prince_fight")


@MODULE.handler("dragon_prince_fight", args=FightIn)
def _prince_fight(g: Game, a: FightIn) -> None:
    seat, mode = a["p"], a["mode"]
    beaten = [frame("tower_send_back", p=seat, why="is driven off by the Dragon Prince")]
    g.push_frame(
        frames.combat(
            seat,
            [],
            [{"name": "Dragon Prince", mode: PRINCE, "subtype": "dragon"}],
            mode,
            False,
            False,
            [],
            beaten,
            beaten,
            [],
            {"space": g.players[seat].space},
            unique=True,
        )
    )
