"""The agent interface: an agent sees only its seat's view and the pending
decision (never the hidden state) and answers with an option id."""

from __future__ import annotations

import random
from typing import Any, Protocol

from talisman.engine.decision import Decision
from talisman.errors import ConfigError


class Agent(Protocol):
    """Anything that can answer a decision from a view."""

    name: str

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        """Return the id of one of ``decision.options``."""


def make_bot(kind: str, seed: int = 0) -> Agent:
    """A bot by name: ``random`` or ``heuristic``."""
    from talisman.bots.heuristic import HeuristicBot
    from talisman.bots.random_bot import RandomBot

    kinds = {"random": RandomBot, "heuristic": HeuristicBot}
    if kind not in kinds:
        raise ConfigError(f"unknown bot {kind!r} (bots: {', '.join(kinds)})")
    return kinds[kind](random.Random(seed))


def play_out(game, agents: dict[int, Agent] | list[Agent], max_turns: int = 1000, check=None) -> int:
    """Let agents play a game until it ends or reaches ``max_turns``; returns the actions taken."""
    steps = 0
    while not game.is_over and game.turn <= max_turns:
        d = game.decision
        agent = agents[d.player]
        game.apply(agent.choose(game.view(d.player), d))
        steps += 1
        if check is not None:
            check(game)
    return steps
