"""The third phase, Collect Rewards and Items: with no enemy left where the hero stands, chests
are opened and items taken onto the scroll; then one Reward per enemy eliminated (two for a
wealthy one, a chest's number for a chest) is drawn from the Reward bag, each put into any
hero's bag. A Reward's icons do nothing when it comes out of the Reward bag.
"""

from __future__ import annotations

from typing import TypedDict

from talisman.engine import frames
from talisman.engine.decision import Choice
from talisman.engine.game import Game, frame
from talisman.modules.legendary_tales.board import enemies_at, hero
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.module import MODULE


@MODULE.handler("lt-collect", args=frames.NoArgs)
def collect(g: Game, a: frames.NoArgs) -> None:
    where = g.players[g.active].space
    cat = catalogue()
    if not enemies_at(g, where):
        down = set(g.globals["down"])
        for t in [t for t in g.board.get(where, []) if t not in down]:
            tok = cat.tokens[t]
            if tok.kind == "chest":
                g.board[where].remove(t)
                g.decks["box"].append(t)
                extra = 1 if hero(g, g.active) == "dwarf" else 0  # the Dwarf's Treasure Nose (our own)
                g.globals = {**g.globals, "rewards_due": g.globals["rewards_due"] + tok.rewards + extra}
                g.say(f"{g.name(g.active)} opens the {tok.name}.")
            elif tok.kind == "item":
                g.board[where].remove(t)
                g.decks["scroll"].append(t)
                g.say(f"{g.name(g.active)} takes the {tok.name} (onto the scroll).")
    g.push_all([frame("lt-reward")] * g.globals["rewards_due"])
    g.globals = {**g.globals, "rewards_due": 0}


@MODULE.handler("lt-reward", args=frames.NoArgs)
def reward(g: Game, a: frames.NoArgs) -> None:
    bag = g.decks["reward"]
    if not bag:
        g.say("The Reward bag is empty.")
        return
    t = bag.pop(g.rng.below(len(bag)))  # its icons do nothing now: only a draw from a Hero bag acts
    g.decks["revealed"].append(t)
    name = catalogue().tokens[t].name
    g.say(f"Reward: {name}.")
    g.decide(
        g.active,
        "lt-reward",
        f"Into whose bag does the {name} go?",
        [Choice(f"give:{p.seat}", f"{g.name(p.seat)}'s bag", [frame("lt-give", t=t, seat=p.seat)]) for p in g.players],
    )


class Give(TypedDict):
    """The token ``t`` goes into the bag of the character ``seat``."""

    t: int
    seat: int


@MODULE.handler("lt-give", args=Give)
def give(g: Game, a: Give) -> None:
    g.decks["revealed"].remove(a["t"])
    g.decks[f"bag:{a['seat']}"].append(a["t"])
