"""The engine fuzzer: random and rule-aware play over every module set, with
the engine's invariants checked after each step.

A *step* is one answered decision. Before it, the fuzzer

- sends a bad answer (an unknown option, or a legal one from the wrong seat)
  and checks that it is refused and that the state is unchanged;
- makes a twin: a ``clone()``, or (every other step) the game rebuilt from its
  snapshot (``state_dict``), which must have the same state;

then answers with the seat's bot, on the game and on the twin, and checks
that both reach the same state. After it, every card must
be in exactly one place (:func:`talisman.engine.cards.check_conservation`) and
no counter may be negative. A game ends when it is over, stalled (a violation:
the machine should never find itself with nothing to ask) or at ``max_turns``.

``talisman fuzz`` runs it for a number of steps or seconds and prints the
figures; :func:`fuzz_game` is what the test suite runs under hypothesis.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from talisman.bots import make_bot
from talisman.bots.base import Agent
from talisman.content.modules import TALISMAN, get_module, known_modules, resolve_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine.cards import check_conservation
from talisman.engine.game import Game
from talisman.engine.view import agent_view
from talisman.errors import ConfigError, IllegalOptionError, OutOfTurnError

BOTS = ("random", "heuristic")
BAD_ANSWERS = ("no-such-option", "", "move:nowhere", "cast:99999", "x" * 300)


@dataclass
class Figures:
    """What a fuzz run reached."""

    steps: int = 0
    games: int = 0
    finished: int = 0
    refused: int = 0  # bad answers refused with the state unchanged
    refused_setups: int = 0  # option draws refused with a clear error (played with the defaults instead)
    module_sets: set[tuple[str, ...]] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        self.steps += other.steps
        self.games += other.games
        self.finished += other.finished
        self.refused += other.refused
        self.refused_setups += other.refused_setups
        self.module_sets |= other.module_sets
        self.violations += other.violations


def module_sets(names: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """Every set of modules that can be played together (core always in), each
    once, as the game names it (what a module requires added); then each game of
    its own on the engine (Legendary Tales), alone."""
    named = list(names or known_modules())
    others = [(m,) for m in named if get_module(m).game != TALISMAN]
    optional = [m for m in named if m != "core" and (m,) not in others]
    order = {name: i for i, name in enumerate(("core", *optional))}
    found: dict[tuple[str, ...], None] = {}
    for n in range(len(optional) + 1):
        for combo in itertools.combinations(optional, n):
            try:
                played = {m.name for m in resolve_modules(("core", *combo)) if not m.base}
            except ConfigError:
                continue  # modules that exclude each other
            found.setdefault(tuple(sorted(played, key=lambda m: (order.get(m, len(order)), m))), None)
    return [*found, *others]


def random_options(modules: tuple[str, ...], r: random.Random) -> dict[str, Any]:
    """A value for each option of the set, drawn from its choices."""
    return {name: r.choice(spec.choices) for name, spec in sorted(ruleset_for(modules).options.items())}


def check_counters(g: Game) -> None:
    """No counter below zero: lives, gold, Fate, Strength and Craft counters, what cards hold, gold on spaces."""
    for p in g.players:
        for what in ("lives", "gold", "fate", "strength", "craft", "lost_turns"):
            if getattr(p, what) < 0:
                raise AssertionError(f"the {g.name(p.seat)} has {getattr(p, what)} {what}")
    for where, counters in (("card", g.counters), ("space", g.gold_on)):
        bad = {k: v for k, v in counters.items() if v < 0}
        if bad:
            raise AssertionError(f"negative counters on {where}s: {bad}")


def _bad_answer(g: Game, r: random.Random) -> tuple[str, int | None]:
    """An answer the game must refuse: an unknown id, or a legal id from another seat."""
    d = g.decision
    assert d is not None
    others = [s for s in range(len(g.players)) if s != d.player]
    if others and r.random() < 0.5:
        return r.choice(d.ids), r.choice(others)
    return r.choice(BAD_ANSWERS), None


def fuzz_game(
    seed: int,
    modules: tuple[str, ...],
    *,
    players: int | None = None,
    max_steps: int = 10_000,
    max_turns: int = 400,
    deadline: float | None = None,
) -> Figures:
    """Play one game under the fuzzer's checks; violations are recorded, not raised."""
    r = random.Random(seed)
    n = players or r.randint(1, 6)
    options = random_options(modules, r)
    figures = Figures(games=1, module_sets={modules})
    where = f"seed {seed}, modules {','.join(modules)}, options {options}"
    try:
        g = Game.new(players=n, modules=modules, options=options, seed=seed, log=False)
    except ConfigError as e:
        # Some options rule each other out (a campaign of Legendary Tales begins with the first adventure):
        # refused with a clear error, that is right; but the set must play with its options' defaults.
        try:
            g = Game.new(players=n, modules=modules, seed=seed, log=False)
        except ConfigError as again:
            figures.violations.append(f"{where}: a set of modules the game offers cannot be set up: {again}")
            return figures
        figures.refused_setups += 1
        where = f"seed {seed}, modules {','.join(modules)}, default options (refused {options}: {e})"
    bots: dict[int, Agent] = {}
    step = 0
    conserved = g.rules.services.get("conservation", check_conservation)  # a game of its own checks its own pieces
    try:
        conserved(g)
        check_counters(g)
        h = g.state_hash()
        while not g.is_over and g.turn <= max_turns and step < max_steps:
            if deadline is not None and time.monotonic() > deadline:
                break
            d = g.decision
            assert d is not None, "a game not over has no pending decision"
            bad, seat = _bad_answer(g, r)
            try:
                g.apply(bad, player=seat)
            except (IllegalOptionError, OutOfTurnError):
                pass
            else:
                raise AssertionError(f"the bad answer {bad!r} (seat {seat}) was accepted")
            if g.state_hash() != h:
                raise AssertionError(f"a refused answer {bad!r} changed the state")
            figures.refused += 1
            # The twin that answers like the game: a clone, or (every other step) the game rebuilt from its snapshot.
            twin = g.clone() if step % 2 else Game.from_state_dict(g.state_dict(), log=False)
            if step % 2 == 0 and twin.state_hash() != h:
                raise AssertionError("the game rebuilt from its snapshot differs")
            bot = bots.get(d.player)
            if bot is None:
                bot = bots[d.player] = make_bot(r.choice(BOTS), seed * 10 + d.player)
            choice = bot.choose(agent_view(g, d.player), d)
            g.apply(choice, player=d.player)
            twin.apply(choice, player=d.player)
            h = g.state_hash()
            if twin.state_hash() != h:
                kind = "clone" if step % 2 else "snapshot"
                raise AssertionError(f"a {kind} answering {choice!r} like the game reaches another state")
            conserved(g)
            check_counters(g)
            step += 1
        if g.stalled:
            raise AssertionError(f"the game stalled: {g.result}")
    except Exception as e:  # every fault is a finding: recorded with where it happened
        figures.violations.append(f"{where}, step {step}, turn {g.turn}: {type(e).__name__}: {e}")
    figures.steps = step
    figures.finished = int(g.is_over)
    return figures


def games(seed: int, sets: Sequence[tuple[str, ...]]) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Game seeds and module sets, going round every set in turn."""
    for i in itertools.count():
        yield seed * 1_000_003 + i, sets[i % len(sets)]


def fuzz(
    steps: int, seconds: float, seed: int = 0, sets: Sequence[tuple[str, ...]] | None = None, max_turns: int = 400
) -> Figures:
    """Fuzz until ``steps`` steps or ``seconds`` seconds, whichever comes first."""
    sets = list(sets or module_sets())
    deadline = time.monotonic() + seconds
    total = Figures()
    for game_seed, modules in games(seed, sets):
        if total.steps >= steps or time.monotonic() > deadline:
            break
        total.add(fuzz_game(game_seed, modules, max_steps=steps - total.steps, max_turns=max_turns, deadline=deadline))
    return total
