"""Base-game rules the effect vocabulary does not say: each is named from the
content (``{ hook = "name" }``) and lives here, next to the others."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from talisman.engine import effects, frames, holds, lives, quests
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.core.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


WARLOCK_QUESTS: Final = {
    1: ("take-life", 0),
    2: ("kill-enemy", 0),
    3: ("give-follower", 0),
    4: ("give-magic-object", 0),
    5: ("give-gold", 3),
    6: ("give-gold", 2),
}


@MODULE.hook("warlock-quest")
def warlock_quest(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Warlock's Cave: ask for a quest (one at a time); finish it for a Talisman.

    One space: a quest is given, held and checked until it is done."""
    p = g.players[seat]
    if "quest" in p.status:
        g.say(f"The Warlock reminds {g.name(seat)} of its quest: {quests.describe(p.status['quest'])}.", seat=seat)
        return
    g.offer(
        seat,
        "warlock",
        "The Warlock offers you a quest.",
        Choice(
            "quest",
            "Ask for a quest (roll a die)",
            [frames.roll(seat, "D6", ["warlock_roll", {"p": seat}], why="the Warlock's quest")],
        ),
        ("decline", "Leave him be"),
    )


@MODULE.handler("warlock_roll", args=frames.Rolled)
def _warlock_roll(g: Game, a: frames.Rolled) -> None:
    goal, n = WARLOCK_QUESTS[a["roll"]]
    quests.start(g, a["p"], goal, n)


@MODULE.hook("dice-with-death")
def dice_with_death(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Death: both roll 2 dice; lower loses (a life for the character); win to go on.

    One space: Death rolls its own dice against the character's (no verb rolls for a foe)."""
    effects.roll(g, seat, "2D6", frame("death_result", p=seat), why="the game with Death")


@MODULE.handler("death_result", args=frames.Rolled)
def _death_result(g: Game, a: frames.Rolled) -> None:
    seat: int = a["p"]
    death, _ = g.roll_dice("2D6", seat)
    g.say(f"Death rolls {death} against {g.name(seat)}'s {a['roll']}.", type="combat", seat=seat)
    if a["roll"] > death:
        holds.release(g, seat)
        g.say(f"{g.name(seat)} beats Death and may go on.", type="combat-result", seat=seat)
        return
    holds.hold(g, seat, "Death", [{"hook": "dice-with-death"}])
    g.say(f"{g.name(seat)} must play Death again next turn.", seat=seat)
    lives.end_turn_now(g)
    if a["roll"] < death:
        lives.lose_lives(g, seat, 1, "Death")
