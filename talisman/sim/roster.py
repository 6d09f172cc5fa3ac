"""Agents by name, for simulations: the name travels to the process (or the Ray worker) that
plays a game, and the agent is made there.

A name is one of the bots of play, :func:`talisman.bots.base.bot_kinds` (the levels for people,
``gentle``, ``fair``, ``hard``, ``strongest``, then ``random``, ``heuristic`` and ``search``:
whatever the bots package adds appears here by itself), one of the bots for analysis,
:func:`talisman.bots.base.analysis_bots` (``ceiling``, ``ceiling-cards``, ``search-fitted``,
``search-self-fitted``, ``search-far``, ``search-randomised``, ``search-paired``), a bot that searches
with a budget (``search:64``, ``ceiling:64``: its iterations per decision), or any factory of
agents by its import path, ``package.module:function``, called with a ``random.Random`` (the
seat's own random source) and returning an :class:`~talisman.bots.base.Agent`.

>>> parse("search:64"), parse("hard")
(('search', {'iterations': 64}), ('hard', {}))
>>> type(make("random", seed=1)).__name__
'RandomBot'
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from talisman.bots.base import Agent, analysis_bots, bot_kinds
from talisman.errors import ConfigError

Factory = Callable[[random.Random], Agent]


def bots() -> dict[str, Callable[..., Agent]]:
    """The bots a simulation may seat, by name: those of play, then those for analysis only."""
    return {**bot_kinds(), **analysis_bots()}


def budgeted(kind: str) -> bool:
    """Whether the bot of this name is a search, on a budget of iterations: ``search``, the ceilings
    (a level is a setting of a bot, its budget its own)."""
    from talisman.bots.search import SearchBot

    made = bots()[kind]
    return isinstance(made, type) and issubclass(made, SearchBot)


def parse(name: str) -> tuple[str, dict[str, Any]]:
    """``"search:64"`` -> ``("search", {"iterations": 64})``; ``"pkg.mod:fn"`` -> ``("pkg.mod:fn", {})``;
    ConfigError for a name that is neither a bot nor an import path."""
    kind, _, arg = name.partition(":")
    if "." in kind and arg.isidentifier():  # an import path: package.module:function
        return name, {}
    kinds = bots()
    if kind not in kinds:
        raise ConfigError(f"unknown bot {kind!r} (bots: {', '.join(kinds)}, or package.module:function)")
    if not arg:
        return kind, {}
    if not budgeted(kind) or not arg.isdigit() or int(arg) < 1:
        searchers = ", ".join(k for k in kinds if budgeted(k))
        raise ConfigError(
            f"bad bot {name!r}: only the bots that search take a budget ({searchers}), as search:ITERATIONS"
        )
    return kind, {"iterations": int(arg)}


def factory(name: str) -> Factory:
    """What makes the agent of this name from a random source."""
    kind, kwargs = parse(name)
    kinds = bots()
    if kind in kinds:
        make_bot = kinds[kind]
        return lambda rng: make_bot(rng, **kwargs)
    module, _, attr = kind.partition(":")
    try:
        found = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as e:
        raise ConfigError(f"no agent factory {name!r}: {e}") from None
    if not callable(found):
        raise ConfigError(f"{name!r} is not a factory of agents")
    made: Factory = found
    return made


def make(name: str, seed: int) -> Agent:
    """The agent of this name, with its own random source seeded with ``seed``."""
    return factory(name)(random.Random(seed))


def check(names: list[str]) -> list[str]:
    """The names, each checked (ConfigError for one that names no agent); a factory is looked up now."""
    for name in names:
        factory(name)
    return names
