"""Toads (000 "Toads and Transformations").

A Toad has Strength 1 and Craft 1, moves one space a turn, has no special
abilities, cannot cast or gain Spells (it keeps those it had) and cannot own
possessions: its Objects, Followers, Scrolls and gold are dropped where it
changed. It keeps its lives, its trophies, and its Titles and Abilities
(which it cannot use while a Toad). It changes back at the end of its third
full turn as a Toad (the turn it changed in does not count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, stats
from talisman.engine.possessions import check_limits

if TYPE_CHECKING:
    from talisman.engine.game import Game


def become_toad(g: Game, seat: int, turns: int = 3) -> None:
    p = g.players[seat]
    if not p.alive or p.toad:
        return
    space = p.space
    scrolls = [c for c in p.cards if g.rules.instances[c].type == "scroll"]
    for card in p.objects + p.packed + p.followers + scrolls:
        cards.place(g, card, space)
    p.objects, p.packed, p.followers = [], [], []
    p.cards = [c for c in p.cards if c not in scrolls]
    if p.gold:
        g.gold_on[space] = g.gold_on.get(space, 0) + p.gold
        p.gold = 0
    p.toad = turns
    p.status["toad_turn"] = g.turn  # the turn it changed in; its own next turn is its first full one
    p.status.pop("raft", None)
    stats.changed(g)
    g.say(
        f"{g.name(seat)} is turned into a Toad for {turns} turns and drops everything it carried "
        f"on the {g.space_name(space)}.",
        type="toad",
        seat=seat,
    )


def count_down(g: Game, seat: int) -> None:
    """At the end of a turn: one turn less as a Toad."""
    p = g.players[seat]
    if not p.toad or p.status.get("toad_turn") == g.turn:
        return
    p.toad -= 1
    stats.changed(g)
    if p.toad == 0:
        p.status.pop("toad_turn", None)
        g.say(f"{g.name(seat)} is a Toad no longer.", type="toad", seat=seat)
        check_limits(g, seat)
