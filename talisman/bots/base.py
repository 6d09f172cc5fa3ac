"""The agent interface: an agent sees only its seat's view and the pending
decision (never the hidden state) and answers with an option id."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from talisman.bots.loop import Answer, play
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.engine.view import agent_view
from talisman.errors import ConfigError


class Agent(Protocol):
    """Anything that can answer a decision from a view."""

    name: str

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        """Return the id of one of ``decision.options``, from ``view`` (what the
        seat may see: :func:`observe`, or the dict of ``Game.view``)."""


def bot_kinds() -> dict[str, Callable[..., Agent]]:
    """Every bot :func:`make_bot` can build, by name: the levels for people
    (:mod:`talisman.bots.levels`), then the bots themselves (the web lobby offers these)."""
    from talisman.bots.heuristic import HeuristicBot
    from talisman.bots.levels import LEVELS
    from talisman.bots.random_bot import RandomBot
    from talisman.bots.search import SearchBot

    levels: dict[str, Callable[..., Agent]] = {name: level.make for name, level in LEVELS.items()}
    return {**levels, "random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}


def bot_texts() -> dict[str, str]:
    """What each bot of :func:`bot_kinds` is, in a few words for a person choosing an opponent.

    >>> texts = bot_texts()
    >>> list(texts) == list(bot_kinds()), texts["random"]
    (True, 'takes any option, a move on nine times in ten')
    """
    from talisman.bots.levels import LEVELS

    return {
        **{name: level.text for name, level in LEVELS.items()},
        "random": "takes any option, a move on nine times in ten",
        "heuristic": "the rule-aware bot itself (the level fair)",
        "search": "the search bot itself, at its default budget",
    }


def analysis_bots() -> dict[str, Callable[..., Agent]]:
    """Bots for analysis only, never offered in play (``talisman simulate`` takes them): the
    ceiling, a search allowed to see the hidden cards and the dice to come, and the search that
    sees the hidden cards alone; and the search's variants tried against it: with the evaluation
    fitted on games' outcomes (of rule-aware bots, or of the search's own; or the first with rollouts
    of two rounds), with rollouts that take
    some of their choices at random, and with every option tried on the same sampled worlds."""
    from talisman.bots.search import (
        CardsCeilingBot,
        CeilingBot,
        FarSearchBot,
        FittedSearchBot,
        PairedSearchBot,
        RandomisedSearchBot,
        SelfFittedSearchBot,
    )

    return {
        "ceiling": CeilingBot,
        "ceiling-cards": CardsCeilingBot,
        "search-fitted": FittedSearchBot,
        "search-self-fitted": SelfFittedSearchBot,
        "search-far": FarSearchBot,
        "search-randomised": RandomisedSearchBot,
        "search-paired": PairedSearchBot,
    }


def make_bot(kind: str, seed: int = 0) -> Agent:
    """A bot by name: one of :func:`bot_kinds`."""
    kinds = bot_kinds()
    if kind not in kinds:
        raise ConfigError(f"unknown bot {kind!r} (bots: {', '.join(kinds)})")
    return kinds[kind](random.Random(seed))


def observe(game: Game, seat: int) -> Mapping[str, Any]:
    """What an agent is given to decide on: ``seat``'s view of the game (in a game of Talisman a
    :class:`~talisman.engine.view.LazyView`, each part built when first read; in a game of its own
    on the engine, such as Legendary Tales, that game's view). It shows only what the seat may
    know, and can sample worlds consistent with it for search (``sample_world``).

    >>> from talisman import Game
    >>> observe(Game.new(["elf"], modules=["legendary-tales"], seed=1), 0)["game"]
    'legendary-tales'
    """
    return agent_view(game, seat)


def act(agent: Agent, game: Game) -> str:
    """Ask ``agent``, on its seat's view, to answer the pending decision (returns the option id)."""
    d = game.decision
    assert d is not None, "the game is over"
    return agent.choose(agent_view(game, d.player), d)


def seated(game: Game, agents: Mapping[int, Agent] | Sequence[Agent]) -> Answer:
    """The answer of the agent in the seat of each decision, from that seat's view (for
    :func:`talisman.bots.loop.play`)."""
    return lambda d: agents[d.player].choose(agent_view(game, d.player), d)


def play_out(
    game: Game,
    agents: dict[int, Agent] | list[Agent],
    max_turns: int = 1000,
    check: Callable[[Game], object] | None = None,
) -> int:
    """Let agents play a game until it ends or reaches ``max_turns``; returns the actions taken.
    ``check`` is called with the game after each action."""
    return play(
        game, seated(game, agents), max_turns=max_turns, applied=None if check is None else lambda d, c: check(game)
    )
