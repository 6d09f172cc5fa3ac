"""The Dragon King (000): Strength 12+D8, Craft 12+D8 (rolled when he fights),
5 lives. Fought in battle and psychic combat at once (:mod:`.boss`, ``dual``
rounds). The character who reaches him rolls a D8:

1 Its Followers flee and its Magic Objects and Magic Items are destroyed;
  it must then beat the King alone to win.
2 He eats one of its Followers (at random) and throws it into the Plain of
  Peril; with no Followers he takes a life and throws it into the Portal of
  Power.
3 It must beat his three younger brothers (Strength 9 each) one after the
  other in battle; a lost battle costs a life and throws it into the Plain of
  Peril (a stand-off is fought again: our choice).
4 It must beat the King to win.
5 He flies off to the others, one at a time: each fights him or is eaten; he
  regenerates between them. If every other character dies, the one on the
  throne wins.
6 Every face-up Dragon on the boards comes to the Crown: it fights them all
  at once until it beats them, then the King.
7 He sleeps: 2D8 under its Craft assassinates him and wins; failing, as 2.
8 He is away: it takes his treasure and wins.

Choices: thrown characters land without encountering; a fight with the King
is to the death; a character still on the throne at the start of its turn
(after 5) rolls again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, effects, frames, lives, possessions
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame
from talisman.modules.endings import boss, common
from talisman.modules.endings.module import MODULE
from talisman.modules.endings.pandora import rivals

if TYPE_CHECKING:
    from talisman.engine.game import Game

NAME = "dragon-king"
WIN = "defeated the Dragon King and rules from the Crown of Command"


def reach(g: Game, seat: int) -> None:
    g.say(f"The Dragon King looks down on {g.name(seat)}.", type="crown", seat=seat)
    effects.roll(g, seat, "D8", frame("dragon_king_outcome", p=seat), why="the Dragon King's mood")


turn_start = reach


def king(g: Game, seat: int, on_win: list[Any]) -> dict[str, Any]:
    strength, _ = g.roll_dice("D8", seat)
    craft, _ = g.roll_dice("D8", seat)
    g.say(f"The Dragon King fights with Strength {12 + strength} and Craft {12 + craft}.", type="attack", seat=seat)
    return boss.boss(
        "Dragon King",
        strength=12 + strength,
        craft=12 + craft,
        lives=5,
        modes=("dual",),
        subtype="dragon",
        on_win=on_win,
    )


def _won(seat: int) -> list[Any]:
    return [common.ending_win(seat, WIN)]


@MODULE.handler("dragon_king_outcome", args=frames.Rolled)
def _outcome(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    p = g.players[seat]
    if n == 1:
        for f in list(p.followers):
            possessions.lose_follower(g, seat, f, "flees in fear")
        for c in [c for c in p.objects + p.packed if g.rules.instances[c].is_magic]:
            cards.release(g, seat, c)
            cards.discard(g, c)
        g.say(f"The Dragon King's spell destroys {g.name(seat)}'s magic.", type="lose", seat=seat)
        boss.fight(g, seat, king(g, seat, _won(seat)))
    elif n == 2:
        g.push("dragon_king_feast", p=seat)
    elif n == 3:
        plain = [throw(seat, "plain-of-peril")]
        then = _won(seat)
        for _ in range(3):
            brother = boss.boss("Dragon King's brother", strength=9, subtype="dragon", on_win=then, on_loss=plain)
            then = [boss.boss_round(seat, brother)]
        g.say("The Dragon King's three younger brothers come at you one after the other.", type="attack", seat=seat)
        g.push_all(then)
    elif n == 4:
        boss.fight(g, seat, king(g, seat, _won(seat)))
    elif n == 5:
        g.say("The Dragon King likes you, and flies off to eat your opponents.", type="event", seat=seat)
        for other in reversed(rivals(g, seat)):
            g.push("dragon_king_visit", p=seat, victim=other)
    elif n == 6:
        g.push("dragon_king_summons", p=seat)
    elif n == 7:
        effects.roll(g, seat, "2D8", frame("dragon_king_asleep", p=seat), why="assassinating the sleeping Dragon King")
    else:
        g.say("The Dragon King is out to lunch: his treasure and his magic are yours.", type="event", seat=seat)
        common.win(g, seat, "took the absent Dragon King's treasure and rules from the Crown of Command")


@MODULE.handler("dragon_king_feast", args=frames.Seat)
def _feast(g: Game, a: frames.Seat) -> None:
    """He eats a Follower and throws the character into the Plain of Peril, or
    takes a life and throws it into the Portal of Power."""
    seat = a["p"]
    p = g.players[seat]
    if p.followers:
        eaten = p.followers[g.rng.below(len(p.followers))]
        g.push_frame(throw(seat, "plain-of-peril"))
        possessions.lose_follower(g, seat, eaten, "is eaten by the Dragon King")
    else:
        g.push_frame(throw(seat, "portal-of-power"))
        lives.lose_lives(g, seat, 1, "the Dragon King")


class Throw(TypedDict):
    """Character ``p`` is thrown from the Crown to the space of id ``to``."""

    p: int
    to: str


def throw(p: int, to: str) -> Frame:
    """The Dragon King throws character ``p`` to the space of id ``to``."""
    return ("dragon_king_throw", {"p": p, "to": to})


@MODULE.handler("dragon_king_throw", args=Throw)
def _throw(g: Game, a: Throw) -> None:
    common.send(g, a["p"], g.rules.space_index[a["to"]], "is thrown from the Crown by the Dragon King")


@MODULE.handler("dragon_king_asleep", args=frames.Rolled)
def _asleep(g: Game, a: frames.Rolled) -> None:
    from talisman.engine import stats

    seat = a["p"]
    if a["roll"] < stats.craft(g, seat):
        common.win(g, seat, "slew the sleeping Dragon King and rules from the Crown of Command")
    else:
        g.say("The Dragon King wakes!", type="event", seat=seat)
        g.push("dragon_king_feast", p=seat)


@MODULE.handler("dragon_king_visit", args=frames.Victim)
def _visit(g: Game, a: frames.Victim) -> None:
    ruler, victim = a["p"], a["victim"]
    if not g.players[victim].alive or g.result is not None:
        return
    g.decide(
        victim,
        "dragon-king",
        "The Dragon King swoops on you: fight him, or be eaten?",
        [
            Choice(
                "fight",
                "Fight the Dragon King (battle and psychic combat at once)",
                [frame("dragon_king_challenge", p=victim, ruler=ruler)],
            ),
            Choice("eaten", "Be eaten", [frame("dragon_king_eats", p=victim)]),
        ],
    )


class Challenge(TypedDict):
    """Character ``p`` fights the Dragon King, in the service of the ruler ``ruler`` (a seat)."""

    p: int
    ruler: int


@MODULE.handler("dragon_king_challenge", args=Challenge)
def _challenge(g: Game, a: Challenge) -> None:
    boss.fight(g, a["p"], king(g, a["p"], []))


@MODULE.handler("dragon_king_eats", args=frames.Seat)
def _eats(g: Game, a: frames.Seat) -> None:
    lives.kill(g, a["p"], "eaten by the Dragon King")


@MODULE.handler("dragon_king_summons", args=frames.Seat)
def _summons(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    here = g.players[seat].space
    found = [
        (space, c)
        for space, held in sorted(g.board.items())
        for c in held
        if g.rules.instances[c].type == "enemy" and g.rules.instances[c].subtype == "dragon"
    ]
    for space, c in found:
        if space != here:
            cards.lift(g, c, space)
            cards.place(g, c, here)
    dragons = [c for _, c in found]
    if not dragons:
        g.say("No Dragon answers the King's call: he fights alone.", type="event", seat=seat)
        boss.fight(g, seat, king(g, seat, _won(seat)))
        return
    g.say(
        f"The Dragon King calls {len(dragons)} Dragon{'s' if len(dragons) > 1 else ''} to the Crown.",
        type="event",
        seat=seat,
    )
    g.push("dragon_king_horde", p=seat, dragons=dragons)


class DragonKingHorde(TypedDict):
    """The ``dragons`` (cards) called to the Crown fight character ``p`` in turn."""

    p: int
    dragons: list[int]


@MODULE.handler("dragon_king_horde", args=DragonKingHorde)
def _horde(g: Game, a: DragonKingHorde) -> None:
    """All the Dragons at once, until they are beaten (then the King) or the character dies."""
    seat = a["p"]
    here = g.players[seat].space
    dragons = [c for c in a["dragons"] if c in g.cards_on(here)]
    if not g.players[seat].alive:
        return
    if not dragons:
        boss.fight(g, seat, king(g, seat, _won(seat)))
        return
    again = [frame("dragon_king_horde", p=seat, dragons=dragons)]
    g.push_frame(
        frames.combat(seat, dragons, [], "strength", False, True, again, again, again, [], {"space": here}, unique=True)
    )
