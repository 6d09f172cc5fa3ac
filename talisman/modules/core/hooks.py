"""Base-game rules the effect vocabulary does not say: each is named from the
content (``{ hook = "name" }``) and lives here, next to the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, effects, lives, possessions, quests
from talisman.engine.effects import hook
from talisman.engine.game import frame, handler

if TYPE_CHECKING:
    from talisman.engine.game import Game


@hook("raiders")
def raiders(g: Game, seat: int, ctx: dict) -> None:
    p = g.players[seat]
    oasis = g.rules.space_index["oasis"]
    if p.gold:
        g.gold_on[oasis] = g.gold_on.get(oasis, 0) + p.gold
        g.say(f"Raiders carry {g.name(seat)}'s {p.gold} gold off to the Oasis.", type="gold", seat=seat)
        p.gold = 0
    else:
        g.say(f"The Raiders find nothing on {g.name(seat)}.", seat=seat)


@hook("raft")
def raft(g: Game, seat: int, ctx: dict) -> None:
    """A raft is used at the start of the next turn or lost; its card leaves at once."""
    card = ctx.get("src")
    if card is not None:
        for space, held in list(g.board.items()):
            if card in held:
                cards.lift(g, card, space)
        cards.discard(g, card)
    g.players[seat].status["raft"] = g.turn
    g.say(f"{g.name(seat)} has a raft to cross the Storm River next turn.", seat=seat)


@hook("hag-leaves")
def hag_leaves(g: Game, seat: int, ctx: dict) -> None:
    p = g.players[seat]
    for f in list(p.followers):
        if g.card_name(f) == "Cursed by a Hag":
            possessions.lose_follower(g, seat, f, "is driven off by the Mystic")


def _leave_at_court(name: str):
    def leave(g: Game, seat: int, ctx: dict) -> None:
        p = g.players[seat]
        for f in p.followers:
            if g.card_name(f) == name:
                possessions.lose_follower(g, seat, f, "stays at court")
                p.gold += 3
                g.say(f"The court rewards {g.name(seat)} with 3 gold.", type="gold", seat=seat)
                return

    return leave


hook("leave-prince")(_leave_at_court("Prince"))
hook("leave-princess")(_leave_at_court("Princess"))

WARLOCK_QUESTS = {
    1: ("take-life", 0),
    2: ("kill-enemy", 0),
    3: ("give-follower", 0),
    4: ("give-magic-object", 0),
    5: ("give-gold", 3),
    6: ("give-gold", 2),
}


@hook("warlock-quest")
def warlock_quest(g: Game, seat: int, ctx: dict) -> None:
    """The Warlock's Cave: ask for a quest (one at a time); finish it for a Talisman."""
    p = g.players[seat]
    if "quest" in p.status:
        g.say(f"The Warlock reminds {g.name(seat)} of its quest: {quests.describe(p.status['quest'])}.", seat=seat)
        return
    g.decide(
        seat,
        "warlock",
        "The Warlock offers you a quest.",
        [
            (
                "quest",
                "Ask for a quest (roll a die)",
                [
                    frame(
                        "roll",
                        p=seat,
                        dice="D6",
                        then=["warlock_roll", {"p": seat}],
                        into="roll",
                        why="the Warlock's quest",
                        fate=True,
                    )
                ],
            ),
            ("decline", "Leave him be", []),
        ],
    )


@handler("warlock_roll")
def _warlock_roll(g: Game, a: dict) -> None:
    goal, n = WARLOCK_QUESTS[a["roll"]]
    quests.start(g, a["p"], goal, n)


def _vampire(n: int):
    def bite(g: Game, seat: int, ctx: dict) -> None:
        g.push("vampire", p=seat, n=n)

    return bite


for _n in (1, 2, 3):
    hook(f"vampire-{_n}")(_vampire(_n))


@handler("vampire")
def _vampire_frame(g: Game, a: dict) -> None:
    """Each life the Vampire takes may be paid with a Follower instead."""
    seat, n = a["p"], a["n"]
    p = g.players[seat]
    if n <= 0 or not p.alive:
        return
    if not p.followers:
        lives.lose_lives(g, seat, n, "the Vampire")
        return
    g.decide(
        seat,
        "vampire",
        f"The Vampire will drink {n} {'life' if n == 1 else 'lives'}: give it a Follower instead of one?",
        [
            (
                "life",
                "Lose a life",
                [frame("lose_lives", p=seat, n=1, cause="the Vampire"), frame("vampire", p=seat, n=n - 1)],
            ),
            *[
                (
                    f"follower:{f}",
                    f"Give it the {g.card_name(f)}",
                    [
                        frame("lose_follower", p=seat, card=f, why="is taken by the Vampire"),
                        frame("vampire", p=seat, n=n - 1),
                    ],
                )
                for f in p.followers
            ],
        ],
    )


@hook("dice-with-death")
def dice_with_death(g: Game, seat: int, ctx: dict) -> None:
    """Death: both roll 2 dice; lower loses (a life for the character); win to go on."""
    effects.roll(g, seat, "2D6", frame("death_result", p=seat), why="the game with Death")


@handler("death_result")
def _death_result(g: Game, a: dict) -> None:
    seat = a["p"]
    p = g.players[seat]
    death, _ = g.roll_dice("2D6", seat)
    g.say(f"Death rolls {death} against {g.name(seat)}'s {a['roll']}.", type="combat", seat=seat)
    if a["roll"] > death:
        p.status.pop("hold", None)
        g.say(f"{g.name(seat)} beats Death and may go on.", type="combat-result", seat=seat)
        return
    p.status["hold"] = {"space": p.space, "what": "Death", "effects": [{"hook": "dice-with-death"}]}
    g.say(f"{g.name(seat)} must play Death again next turn.", seat=seat)
    lives.end_turn_now(g)
    if a["roll"] < death:
        lives.lose_lives(g, seat, 1, "Death")
