"""The engine fuzzer: random and rule-aware play over module sets, with
the engine's invariants checked after each step.

A *step* is one answered decision. Before it, the fuzzer

- sends a bad answer (an unknown option, or a legal one from the wrong seat)
  and checks that it is refused and that the state is unchanged;
- lets a ``clone()`` play moves of its own, and checks that the game has not
  changed (in the checking mode of :mod:`talisman.engine.sharing`, so a value
  the game shares with a copy changed in place is found where it happens);
- makes a twin: a ``clone()``, or (every other step) the game rebuilt from its
  snapshot (``state_dict``), which must have the same state;

then answers with the seat's bot, on the game and on the twin, and checks
that both reach the same state. After it, every card must
be in exactly one place (:func:`talisman.engine.cards.check_conservation`) and
no counter may be negative. A game ends when it is over, stalled (a violation:
the machine should never find itself with nothing to ask) or at ``max_turns``.

``talisman fuzz`` runs it for a number of steps or seconds over module sets
drawn from its seed (:class:`SetDraws`: small and large sets, every module)
and prints the figures and the sets it covered; :func:`fuzz_game` is what the
test suite runs under hypothesis.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from talisman.bots import make_bot
from talisman.bots.base import Agent
from talisman.bots.loop import bot_seed, play
from talisman.content.modules import TALISMAN, get_module, known_modules, resolve_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine import sharing
from talisman.engine.cards import check_conservation
from talisman.engine.decision import Decision
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
    copies: int = 0  # copies that played moves of their own with the game unchanged
    module_sets: dict[tuple[str, ...], list[int]] = field(default_factory=dict)  # set: [games, steps]
    violations: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        self.steps += other.steps
        self.games += other.games
        self.finished += other.finished
        self.refused += other.refused
        self.refused_setups += other.refused_setups
        self.copies += other.copies
        for modules, (games, steps) in other.module_sets.items():
            mine = self.module_sets.setdefault(modules, [0, 0])
            mine[0] += games
            mine[1] += steps
        self.violations += other.violations

    def coverage(self) -> list[str]:
        """Which sets the run played: how many of each size, the modules none of them held, the largest."""
        sizes = Counter(len(s) for s in self.module_sets)
        held = {m for s in self.module_sets for m in s}
        missing = sorted(set(known_modules()) - held)
        largest = max(self.module_sets, key=len, default=())
        return [
            f"{len(self.module_sets)} module sets, by number of modules: "
            + ", ".join(f"{n}: {sizes[n]}" for n in sorted(sizes)),
            f"modules held by none: {', '.join(missing) or 'none'}",
            f"a largest set ({len(largest)} modules): {', '.join(largest)}",
        ]


def module_sets(names: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """Every set of modules that can be played together (core always in), each
    once, as the game names it (what a module requires added); then each game of
    its own on the engine (Legendary Tales), alone. (All of them: 24,769 sets of the
    package's modules, 3 s to list; a run draws from them with :class:`SetDraws`.)"""
    named = list(names or known_modules())
    others = [(m,) for m in named if get_module(m).game != TALISMAN]
    optional = [m for m in named if m != "core" and (m,) not in others]
    found: dict[tuple[str, ...], None] = {}
    for n in range(len(optional) + 1):
        for combo in itertools.combinations(optional, n):
            played = _played(combo, optional)
            if played is not None:
                found.setdefault(played, None)
    return [*found, *others]


def _played(chosen: Sequence[str], optional: Sequence[str]) -> tuple[str, ...] | None:
    """The set a game plays with these optional modules, as it names it (core first, then the
    modules in the order of ``optional``, what one requires added); None if some exclude others."""
    try:
        played = {m.name for m in resolve_modules(("core", *chosen)) if not m.base}
    except ConfigError:
        return None
    order = {name: i for i, name in enumerate(("core", *optional))}
    return tuple(sorted(played, key=lambda m: (order.get(m, len(order)), m)))


class SetDraws:
    """The module sets of a run, drawn from a seed so that every run covers small and large sets
    and every module: first each module's own set (core and the module, with what it requires; a
    game of its own alone), then, in turn, a largest set (every optional module that can join the
    others, taken in a random order) and three sets of a size drawn evenly from none to every
    optional module; now and then a game of its own instead. ``holding``: only sets holding
    these modules.

    >>> draws = SetDraws(7, ("core", "city-classic", "dungeon-4e", "dungeon-classic", "dungeon-characters"))
    >>> first = [draws.next() for _ in range(5)]
    >>> first[:4]
    [('core', 'city-classic'), ('core', 'dungeon-4e', 'dungeon-characters'), ('core', 'dungeon-classic'), ('core', 'dungeon-characters')]
    >>> len(first[4])   # a largest set: the two Dungeons exclude each other
    4
    """

    def __init__(self, seed: int, names: Sequence[str] | None = None, holding: Sequence[str] = ()) -> None:
        named = list(names or known_modules())
        self.others = [m for m in named if get_module(m).game != TALISMAN]
        self.optional = [m for m in named if m != "core" and m not in self.others]
        self.holding = tuple(m for m in holding if m != "core")
        self.rng = random.Random(seed)
        alone = [m for m in self.holding if m in self.others]
        if alone and len(self.holding) > 1:
            raise ConfigError(f"{alone[0]} is a game of its own: it is played with no other module")
        if not alone and _played(self.holding, self.optional) is None:
            raise ConfigError(f"no set of modules holds {', '.join(self.holding)}: they cannot be played together")
        owns = [self.own(m) for m in [*self.optional, *self.others]]
        self.firsts: list[tuple[str, ...]] = list(dict.fromkeys(s for s in owns if s is not None))
        self.count = 0  # sets drawn after the firsts

    def own(self, module: str) -> tuple[str, ...] | None:
        """The set of one module (with those the run must hold), if it can be played so."""
        if module in self.others:
            return (module,) if self.holding in ((), (module,)) else None
        if self.holding and self.holding[0] in self.others:
            return None
        return _played(list(dict.fromkeys([*self.holding, module])), self.optional)

    def next(self) -> tuple[str, ...]:
        """The set of the run's next game."""
        if self.firsts:
            return self.firsts.pop(0)
        self.count += 1
        r = self.rng
        if self.holding and self.holding[0] in self.others:
            return self.holding
        if not self.holding and r.randrange(len(self.optional) + len(self.others)) < len(self.others):
            return (r.choice(self.others),)
        return self.draw(len(self.optional) if self.count % 4 == 1 else r.randint(0, len(self.optional)))

    def draw(self, size: int) -> tuple[str, ...]:
        """A set of ``size`` optional modules (with those the run must hold), or as many as can be played
        together, taken in a random order (a largest set, when ``size`` is their number)."""
        r = self.rng
        chosen = list(self.holding)
        for m in r.sample(self.optional, len(self.optional)):
            if len(chosen) >= size:
                break
            if m not in chosen and _played([*chosen, m], self.optional) is not None:
                chosen.append(m)
        played = _played(chosen, self.optional)
        assert played is not None  # each module was added only if the set could still be played
        return played


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


def _play_apart(copy: Game, r: random.Random, moves: int = 1) -> None:
    """Answer a copy's decisions at random (an error there is a violation, as in the game: a value
    shared with the game changed in place, or any other fault of a rule)."""
    for _ in range(moves):
        ids = copy.legal_ids()
        if not ids:
            return
        choice = r.choice(ids)
        try:
            copy.apply(choice)
        except Exception as e:
            raise AssertionError(f"a clone answering {choice!r} failed: {type(e).__name__}: {e}") from e


def fuzz_game(
    seed: int,
    modules: tuple[str, ...],
    *,
    players: int | None = None,
    max_steps: int = 10_000,
    max_turns: int = 400,
    deadline: float | None = None,
) -> Figures:
    """Play one game under the fuzzer's checks, in the checking mode of
    :mod:`~talisman.engine.sharing` (a value the game shares with a copy changed in place is
    a violation); violations are recorded, not raised."""
    with sharing.checking():
        return _fuzz_game(seed, modules, players, max_steps, max_turns, deadline)


def _fuzz_game(
    seed: int, modules: tuple[str, ...], players: int | None, max_steps: int, max_turns: int, deadline: float | None
) -> Figures:
    r = random.Random(seed)
    n = players or r.randint(1, 6)
    options = random_options(modules, r)
    figures = Figures(games=1, module_sets={modules: [1, 0]})
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
    checks = _Checks(g, seed, r, figures)
    try:
        checks.conserved(g)
        check_counters(g)
        checks.h = g.state_hash()
        play(
            g,
            checks.answer,
            max_turns=max_turns,
            applied=checks.applied,
            going=lambda: checks.step < max_steps and (deadline is None or time.monotonic() <= deadline),
        )
        if g.stalled:
            raise AssertionError(f"the game stalled: {g.result}")
    except Exception as e:  # every fault is a finding: recorded with where it happened
        figures.violations.append(f"{where}, step {checks.step}, turn {g.turn}: {type(e).__name__}: {e}")
    figures.steps = figures.module_sets[modules][1] = checks.step
    figures.finished = int(g.is_over)
    return figures


class _Checks:
    """The fuzzer's checks around each step of one game (see the module): before the seat's bot
    answers, bad answers, a copy playing apart and a twin; after, the twin's state, the cards
    and the counters."""

    def __init__(self, g: Game, seed: int, r: random.Random, figures: Figures) -> None:
        self.g, self.seed, self.r, self.figures = g, seed, r, figures
        self.bots: dict[int, Agent] = {}
        self.step = 0
        self.h = ""
        self.twin = g
        # a game of its own checks its own pieces
        self.conserved = g.rules.services.get("conservation", check_conservation)

    def answer(self, d: Decision) -> str:
        g, r, h, step = self.g, self.r, self.h, self.step
        bad, seat = _bad_answer(g, r)
        try:
            g.apply(bad, player=seat)
        except (IllegalOptionError, OutOfTurnError):
            pass
        else:
            raise AssertionError(f"the bad answer {bad!r} (seat {seat}) was accepted")
        if g.state_hash() != h:
            raise AssertionError(f"a refused answer {bad!r} changed the state")
        self.figures.refused += 1
        # A copy that plays moves of its own: the game must not change.
        _play_apart(g.clone(), r)
        if g.state_hash() != h:
            raise AssertionError("moves played on a clone changed the game")
        self.figures.copies += 1
        # The twin that answers like the game: a clone, or (every other step) the game rebuilt from its snapshot.
        twin = g.clone() if step % 2 else Game.from_state_dict(g.state_dict(), log=False)
        if step % 2 == 0 and twin.state_hash() != h:
            raise AssertionError("the game rebuilt from its snapshot differs")
        self.twin = twin
        bot = self.bots.get(d.player)
        if bot is None:
            bot = self.bots[d.player] = make_bot(r.choice(BOTS), bot_seed(self.seed, d.player))
        return bot.choose(agent_view(g, d.player), d)

    def applied(self, d: Decision, choice: str) -> None:
        g = self.g
        self.twin.apply(choice, player=d.player)
        self.h = g.state_hash()
        if self.twin.state_hash() != self.h:
            kind = "clone" if self.step % 2 else "snapshot"
            raise AssertionError(f"a {kind} answering {choice!r} like the game reaches another state")
        self.conserved(g)
        check_counters(g)
        self.step += 1


def games(seed: int, sets: Sequence[tuple[str, ...]] | SetDraws) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Game seeds and module sets: the sets given, in turn, or those drawn."""
    for i in itertools.count():
        yield seed * 1_000_003 + i, sets.next() if isinstance(sets, SetDraws) else sets[i % len(sets)]


def fuzz(
    steps: int,
    seconds: float,
    seed: int = 0,
    sets: Sequence[tuple[str, ...]] | SetDraws | None = None,
    max_turns: int = 400,
    progress: Callable[[Figures], None] | None = None,
) -> Figures:
    """Fuzz until ``steps`` steps or ``seconds`` seconds, whichever comes first, over the sets
    given, or drawn from the seed (:class:`SetDraws`); ``progress`` is told the figures so far
    after each game."""
    deadline = time.monotonic() + seconds
    total = Figures()
    for game_seed, modules in games(seed, SetDraws(seed) if sets is None else sets):
        if total.steps >= steps or time.monotonic() > deadline:
            break
        total.add(fuzz_game(game_seed, modules, max_steps=steps - total.steps, max_turns=max_turns, deadline=deadline))
        if progress is not None:
            progress(total)
    return total
