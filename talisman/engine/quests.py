"""Quests a character carries: the Warlock's (base game), later Pandora's Box.

A quest is stored on the character as ``status["quest"] = {"goal": ..., "reward": ...}``.
Goals: ``take-life`` (take a life from another character), ``kill-enemy``,
``give-follower``, ``give-magic-object``, ``give-gold`` (with ``n``). Giving
is done from the turn menu whenever the character can; the Warlock then
brings the character back to his Cave and rewards it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from talisman.engine import cards, frames, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.flow import end_turn_now
from talisman.engine.game import frame
from talisman.engine.possessions import offer, settle_packs

if TYPE_CHECKING:
    from talisman.engine.game import Game

GOALS: Final = {
    "take-life": "take a life from another character",
    "kill-enemy": "kill an Enemy",
    "give-follower": "give up a Follower",
    "give-magic-object": "give up a Magic Object",
    "give-gold": "give up {n} gold",
}


def describe(quest: dict[str, Any]) -> str:
    return GOALS[quest["goal"]].format(n=quest.get("n", 0))


def start(g: Game, seat: int, goal: str, n: int = 0) -> None:
    g.players[seat].status["quest"] = {"goal": goal, "n": n}
    g.say(f"The Warlock sets {g.name(seat)} a quest: {describe({'goal': goal, 'n': n})}.", type="quest", seat=seat)


def on_life_taken(g: Game, seat: int, victim: int) -> None:
    q = g.players[seat].status.get("quest")
    if q and q["goal"] == "take-life" and victim != seat:
        complete(g, seat)


def on_enemy_killed(g: Game, seat: int) -> None:
    q = g.players[seat].status.get("quest")
    if q and q["goal"] == "kill-enemy":
        complete(g, seat)


def options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Turn-menu options to hand over what the Warlock asked for."""
    p = g.players[seat]
    q = p.status.get("quest")
    if not q or p.toad:
        return []
    if q["goal"] == "give-follower":
        return [
            Choice(
                f"quest:{f}", f"Give the {g.card_name(f)} to the Warlock", [frame("quest_give", p=seat, card=f)], "free"
            )
            for f in p.followers
        ]
    if q["goal"] == "give-magic-object":
        return [
            Choice(
                f"quest:{c}", f"Give the {g.card_name(c)} to the Warlock", [frame("quest_give", p=seat, card=c)], "free"
            )
            for c in p.objects + p.packed
            if g.rules.instances[c].type == "magic-object"
        ]
    if q["goal"] == "give-gold" and p.gold >= q["n"]:
        return [
            Choice("quest:gold", f"Give {q['n']} gold to the Warlock", [frame("quest_give", p=seat, card=-1)], "free")
        ]
    return []


@ENGINE.handler("quest_give", args=frames.CardOf)
def _quest_give(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    p = g.players[seat]
    q = p.status.get("quest")
    if q is None:
        return
    if card == -1:
        p.gold -= q["n"]
    elif card in p.holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
        settle_packs(g, seat)
    else:
        return
    complete(g, seat)


def complete(g: Game, seat: int) -> None:
    """Quest done: the Warlock brings the character to his Cave with a Talisman."""
    p = g.players[seat]
    del p.status["quest"]
    cave = next((s.index for s in g.rules.spaces if s.kind == "warlocks-cave"), None)
    g.say(f"{g.name(seat)} has done the Warlock's bidding.", type="quest", seat=seat)
    if cave is not None and p.alive:
        if seat == g.active:
            end_turn_now(g)
        p.space = cave
        stats.changed(g)
        g.say(f"The Warlock brings {g.name(seat)} to his Cave.", type="move", seat=seat)
    talisman = cards.take_with(g, "talisman", "talisman")
    if talisman is None:
        g.say("No Talisman is left to give.", seat=seat)
    else:
        offer(g, seat, talisman)
