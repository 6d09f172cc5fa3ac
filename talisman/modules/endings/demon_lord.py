"""The Demon Lord (000): a Spirit of Craft 12 with 4 lives holds the Crown.

The character who reaches him fights him in psychic combat and wins the game
by taking all his lives. Choice: one round a turn, the round being the turn's
action, so that "while you are fighting" lasts and the character "may choose
to flee at any time": at the start of each turn on the Crown it fights on or
flees to the Plain of Peril. Fleeing leaves the Demon Lord the lives he has;
a challenger's death gives him back all four.

While anyone fights him his barrier closes the Valley of Fire: nobody else
may enter it, and whoever stands there when it rises is thrown by the chart
(D8): 1 the Warp Gate (Timescape), 2 the Torture Chamber (Dungeon), 3 the
Magic Emporium (City), 4 the Portal of Power, 5 the Graveyard, 6 the Cursed
Glade, 7 the Oasis, 8 the Castle. Choice where 000 gives no fallback: a
result naming a board the game does not have is rolled again. Thrown
characters arrive without encountering the space (it is not their turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import effects, frames
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.endings import boss, common
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

NAME = "demon-lord"
CRAFT, LIVES = 12, 4
POOL = "demon-lord"
CHART = (
    "Warp Gate",
    "Torture Chamber",
    "Magic Emporium",
    "Portal of Power",
    "Graveyard",
    "Cursed Glade",
    "Oasis",
    "Castle",
)


def demon_lord(seat: int) -> dict[str, Any]:
    return boss.boss(
        "Demon Lord",
        craft=CRAFT,
        lives=LIVES,
        modes=("craft",),
        subtype="spirit",
        pause=True,
        pool=POOL,
        on_win=[frame("demon_lord_slain", p=seat)],
    )


def fighters(g: Game) -> list[int]:
    """The characters fighting the Demon Lord now."""
    return [s for s in g.globals.get(POOL, {}).get("fighters", ()) if common.on_crown(g, s)]


def _set_fighters(g: Game, seats: list[int]) -> None:
    g.globals[POOL] = {**g.globals.get(POOL, {}), "fighters": seats}


def reach(g: Game, seat: int) -> None:
    g.say(
        f"The Demon Lord ({g.globals.get(POOL, {}).get('lives', LIVES)} lives) rises before {g.name(seat)}.",
        type="crown",
        seat=seat,
    )
    _offer(g, seat)


def turn_start(g: Game, seat: int) -> None:
    _offer(g, seat)


def _offer(g: Game, seat: int) -> None:
    g.decide(
        seat,
        "demon-lord",
        "The Demon Lord: fight a round of psychic combat, or flee?",
        [
            Choice("fight", "Fight the Demon Lord in psychic combat (Craft 12)", [frame("demon_lord_round", p=seat)]),
            Choice("flee", "Flee to the Plain of Peril", [frame("demon_lord_flee", p=seat)]),
        ],
    )


@MODULE.handler("demon_lord_round", args=frames.Seat)
def _round(g: Game, a: frames.Seat) -> None:
    from talisman.engine import lives

    seat = a["p"]
    lives.end_turn_now(g)  # the round is the turn's action
    boss.fight(g, seat, demon_lord(seat))
    if seat not in fighters(g):
        common.set_goal(g, seat, NAME, NAME, "fights the Demon Lord for the Crown")
        if not fighters(g):
            _raise_barrier(g, seat)  # pushed last: those in the Valley are thrown out before the round
        _set_fighters(g, [*fighters(g), seat])


def _raise_barrier(g: Game, seat: int) -> None:
    valley = [p.seat for p in g.players if p.alive and g.rules.spaces[p.space].kind == "valley-of-fire"]
    g.say("A mystic barrier closes the Valley of Fire.", type="event", seat=seat)
    for other in reversed(valley):
        g.push("demon_lord_throw", p=other)


@MODULE.handler("demon_lord_throw", args=frames.Seat)
def _throw(g: Game, a: frames.Seat) -> None:
    effects.roll(g, a["p"], "D8", frame("demon_lord_thrown", p=a["p"]), why="where the barrier throws you")


@MODULE.handler("demon_lord_thrown", args=frames.Rolled)
def _thrown(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    space = common.space_named(g, CHART[a["roll"] - 1])
    if space is None:
        g.say(f"There is no {CHART[a['roll'] - 1]} in this game: {g.name(seat)} rolls again.", seat=seat)
        g.push("demon_lord_throw", p=seat)
        return
    common.send(g, seat, space, "is thrown out of the Valley of Fire")


@MODULE.handler("demon_lord_flee", args=frames.Seat)
def _flee(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    common.clear_goal(g, seat)
    _set_fighters(g, [f for f in fighters(g) if f != seat])
    plain = next(s.index for s in g.rules.spaces if s.kind == "plain-of-peril")
    common.send(g, seat, plain, "flees from the Demon Lord")


@MODULE.handler("demon_lord_slain", args=frames.Seat)
def _slain(g: Game, a: frames.Seat) -> None:
    g.globals.pop(POOL, None)
    common.win(g, a["p"], "took the last life of the Demon Lord and rules from the Crown of Command")


@MODULE.ability("move_allowed")
def barrier(g: Game, seat: int, path: list[int]) -> bool:
    """Nobody else may enter the Valley of Fire while the Demon Lord is fought."""
    if (
        POOL not in g.globals
        or not common.in_game(g)
        or not any(g.rules.spaces[s].kind == "valley-of-fire" for s in path)
    ):
        return True
    return not [f for f in fighters(g) if f != seat]


@MODULE.ability("death", game=POOL)
def challenger_killed(g: Game, seat: int) -> None:
    """The Demon Lord regains his lives when his challenger dies."""
    if common.in_game(g) and seat in g.globals.get(POOL, {}).get("fighters", ()):
        g.globals[POOL] = {"fighters": [f for f in fighters(g) if f != seat]}
        g.say("The Demon Lord regains all his lives and awaits the next challenger.", seat=seat)
