"""The turn and its first phase, Travel: stay, or roll the Travel die and move up to the roll
along the paths (passing heroes and face-down tokens, stopping on entering face-up enemies), the
"4 + hourglass" face moving time first, the Magic Portal jumping anywhere; face-down tokens where
the move ends are turned face up. Turns pass in seat order; each turn runs the three phases.
"""

from __future__ import annotations

from typing import TypedDict

from talisman.engine import frames, movement
from talisman.engine.decision import Choice
from talisman.engine.game import Game, frame
from talisman.modules.legendary_tales.board import enemies_at, flip_at, hero, paths
from talisman.modules.legendary_tales.catalogue import DIE
from talisman.modules.legendary_tales.ending import move_time, over
from talisman.modules.legendary_tales.module import MODULE

PHASES = ("travel", "encounter", "collect")


@MODULE.handler("next_turn", args=frames.NoArgs)
def next_turn(g: Game, a: frames.NoArgs) -> None:
    if g.turn > 0:
        g.active = (g.active + 1) % len(g.players)  # clockwise = seat order
    g.turn += 1
    g.globals = {
        **g.globals,
        "returned": [],
        "shields": 0,  # crossed hourglasses drawn: 002 lets them ignore hourglasses of this turn only
        "hourglasses": 0,
        "rewards_due": 0,
        "drawn": [],
        "troll_skin": False,
    }
    g.say(f"{g.name(g.active)}'s turn.", seat=g.active)
    g.push_all([frame("lt-phase", phase=ph) for ph in PHASES])


class Phase(TypedDict):
    """A phase of the active hero's turn (``travel``, ``encounter``...: the frame ``lt-<phase>`` runs it)."""

    phase: str


@MODULE.handler("lt-phase", args=Phase)
def phase(g: Game, a: Phase) -> None:
    g.globals = {**g.globals, "phase": a["phase"]}
    g.push_all([frame(f"lt-{a['phase']}"), frame("lt-check")])


@MODULE.handler("lt-travel", args=frames.NoArgs)
def travel(g: Game, a: frames.NoArgs) -> None:
    g.decide(
        g.active,
        "lt-travel",
        "Travel (roll the Travel die) or stay?",
        [Choice("stay", "Stay here", [frame("lt-flip")]), Choice("roll", "Roll the Travel die", [frame("lt-roll")])],
    )


def reachable(g: Game, start: int, steps: int) -> list[int]:
    """Locations within ``steps`` along paths; entering one with face-up Enemies ends the move."""
    ways = paths(g)
    seen = {start: 0}
    edge = [start]
    for d in range(1, steps + 1):
        nxt = []
        for here in edge:
            if here != start and enemies_at(g, here):
                continue
            for there in ways.get(here, []):
                if there not in seen:
                    seen[there] = d
                    nxt.append(there)
        edge = nxt
    return sorted(seen)


@MODULE.handler("lt-roll", args=frames.NoArgs)
def roll(g: Game, a: frames.NoArgs) -> None:
    face = DIE[g.rng.die(6) - 1]
    p = g.players[g.active]
    said = {"4h": "4 and the hourglass", "portal": "the Magic Portal"}.get(str(face), str(face))
    shown = {"4h": 4, "portal": "◎"}.get(str(face), face)  # the die as the front ends draw it
    g.say(f"{g.name(g.active)} rolls {said}.", dice=[shown])
    if face == "4h":
        move_time(g, 1, "the Travel die")
        if over(g):
            return
    if face == "portal":
        dests = list(range(len(g.rules.spaces)))
    else:
        steps = 4 if face == "4h" else int(face)
        if hero(g, g.active) == "elf":
            steps += 1  # the Elf's ability (our own)
        dests = reachable(g, p.space, steps)
    opts = [
        Choice(
            f"move:{g.rules.spaces[d].id}",
            "Stay" if d == p.space else f"Go to {g.space_name(d)}",
            [frame("lt-goto", to=d), frame("lt-flip")],
        )
        for d in dests
    ]
    g.decide(g.active, "lt-move", "Where do you go?", opts)


class Goto(TypedDict):
    """The active hero goes to the space of index ``to``."""

    to: int


@MODULE.handler("lt-goto", args=Goto)
def goto(g: Game, a: Goto) -> None:
    movement.put(g, g.active, a["to"])


@MODULE.handler("lt-flip", args=frames.NoArgs)
def flip(g: Game, a: frames.NoArgs) -> None:
    flip_at(g, g.players[g.active].space)
