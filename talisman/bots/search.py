"""A search bot: Information-Set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012) over copies of the game.

At a decision worth thinking about, the bot repeats, within its budget:

1. **sample** a world consistent with what its seat sees
   (:meth:`~talisman.engine.view.LazyView.sample_world`: decks reshuffled,
   others' Spells and Scrolls drawn again, the dice reseeded), so it never
   plans on hidden cards;
2. **select** down a tree of its own choices for the rest of this turn by
   UCB1 with availability counts (an option absent from a sampled world is
   not counted against it), trying the rule-aware bot's choice first;
3. **roll out** with the rule-aware bot for every seat until ``horizon``
   turns after this one have ended (by default a whole round: one turn of
   each other seat), or the game does;
4. **evaluate** the position (:func:`~talisman.bots.evaluation.evaluate`: a win
   is 1; otherwise each character's share of a softmax over its strength, lives,
   Talisman and progress toward the Crown) and add the value to the path.

It plays the most visited option, unless that is not the rule-aware bot's
choice and does not look better than it by :data:`MARGIN`: with a small budget
the search's estimates are noisy, and it should depart from sound play only on
clear evidence. Decisions with one real option, and kinds
where there is little to weigh (:data:`SKIP`), are left to the rule-aware bot
at once, which keeps a whole game fast enough for large experiments.

The budget is ``iterations`` per decision (deterministic: the same seed
gives the same choices), or ``seconds`` of wall-clock time when given.
Opponents inside the search are modelled by the rule-aware bot.
"""

from __future__ import annotations

import math
import random
import time
from pathlib import Path
from typing import Any

from talisman.bots.evaluation import SEARCHED_WEIGHTS_FILE, WEIGHTS_FILE, evaluate, fitted_weights
from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import knowledge_for
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.engine.rng import Rng
from talisman.engine.view import LazyView, agent_view
from talisman.errors import ConfigError

DEFAULT_ITERATIONS = 10
# Turns of other seats simulated after this one; None: a whole round of the others (one turn for
# each other seat). Chosen by four-player matches on the same games (README, the search bot's
# variants): at 135 iterations a round won 45.3% of 150, one turn 33.3% (McNemar's p = 0.018).
# With two seats both are one turn.
DEFAULT_HORIZON: int | None = None
FAR_HORIZON = 3  # the turns after this one that the rollouts of FarSearchBot play
MAX_ROLLOUT_ACTIONS = 200
EXPLORATION = 0.5  # UCB1 constant, for values in [0, 1]
MAX_REPEATS = 3  # searches of one kind of decision in a row within a turn
MAX_TREE_DEPTH = 8  # own choices in the tree of one search
ROLLOUT_RANDOMNESS = 0.1  # the share of random choices in the rollouts of RandomisedSearchBot
# How much better (in value) another option must look than the rule-aware one. Chosen by
# matches on the same 1,000 two-player games at 240 iterations (README, the search bot's
# variants): 0.025 won 73.5%, 0.05 66.8% (McNemar's p = 0.001); 0.1 and 0 did worse on fewer.
MARGIN = 0.025
# Left to the rule-aware bot: rare or minor choices, and the frequent Fate rerolls and
# takings, where its simple rules lose little and searching would double the time of a game.
SKIP = frozenset(
    {"others-turn", "counterspell", "heal", "buy-fate", "end-turn", "sell", "discard-spell", "fate", "take"}
)


class _Node:
    """Statistics of one of the bot's own choices: visits, value, availability."""

    __slots__ = ("visits", "value", "avail", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}

    def select(self, ids: list[str], prior: str, rng: random.Random) -> str:
        """UCB1 over the options available here (untried ones first, the prior first of all)."""
        children = self.children
        for i in ids:
            child = children.get(i)
            if child is None:
                child = children[i] = _Node()
            child.avail += 1
        untried = [i for i in ids if children[i].visits == 0]
        if untried:
            return prior if prior in untried else rng.choice(untried)
        best, best_u = ids[0], -1.0
        for i in ids:
            c = children[i]
            u = c.value / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
            if u > best_u:
                best, best_u = i, u
        return best


def candidates(decision: Decision) -> list[str]:
    """The options the search weighs: those that move the game on."""
    return [o.id for o in decision.options if o.group == "main"]


class SearchBot:
    """Information-set MCTS with truncated rollouts by the rule-aware bot."""

    name = "search"

    def __init__(
        self,
        rng: random.Random,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        horizon: int | None = DEFAULT_HORIZON,
        weights: Path | None = None,
        epsilon: float = 0.0,
    ) -> None:
        if iterations < 1 and seconds is None:
            raise ConfigError("the search bot needs at least one iteration or a time budget")
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        # Evaluate by the weights of this file, fitted on games' outcomes (None: the hand-set score).
        self.weights = None if weights is None else fitted_weights(weights)
        self.epsilon = epsilon  # the share of the rollouts' choices taken at random among the main options
        self.policy = HeuristicBot(random.Random(rng.getrandbits(32)))
        self.last: dict[str, Any] = {}  # what the last search found, for analysis
        self._last_key: tuple[Any, ...] = ()
        self._repeats = 0
        self.own: Any = None  # a game of its own's search (Legendary Tales': on sampled bag draws)

    def choose(self, view: Any, decision: Decision) -> str:
        if self.own is None:
            maker = knowledge_for(tuple(view["modules"])).search_maker
            if maker is not None:
                self.own = maker(random.Random(self.rng.getrandbits(32)), max(1, self.iterations), self.seconds)
        if self.own is not None:
            choice: str = self.own.choose(view, decision)
            self.last = self.own.last
            return choice
        fallback = self.policy.choose(view, decision)
        ids = candidates(decision)
        # A decision that keeps coming back in one turn (swapping Objects to and fro)
        # is left to the rule-aware bot after a few searches, so that play always moves on.
        key = (view["turn"], decision.player, decision.kind)
        self._repeats = self._repeats + 1 if key == self._last_key else 0
        self._last_key = key
        if decision.kind in SKIP or len(ids) < 2 or fallback not in ids or self._repeats >= MAX_REPEATS:
            self.last = {}
            return fallback
        if not isinstance(view, LazyView):
            raise ConfigError(
                "the search bot plans on a view made by talisman.bots.observe(game, seat), "
                "which can sample the cards it cannot see"
            )
        return self.search(view, decision, ids, fallback)

    def search(self, view: LazyView, decision: Decision, ids: list[str], prior: str) -> str:
        root = _Node()
        deadline = self._deadline()
        done = 0
        while not self._spent(done, self.iterations, deadline):
            self._iterate(self.world(view), root, decision.player, ids, prior)
            done += 1
        return self._verdict(root, ids, prior, done)

    def _deadline(self) -> float | None:
        """When a search with a time budget must stop (None: its budget is in iterations)."""
        return None if self.seconds is None else time.perf_counter() + self.seconds

    @staticmethod
    def _spent(done: int, budget: int, deadline: float | None) -> bool:
        """Whether a search has spent its budget: ``budget`` iterations, or its time up to
        ``deadline`` when it has one (one iteration at least)."""
        if deadline is not None:
            return done > 0 and time.perf_counter() >= deadline
        return done >= budget

    def _iterate(self, world: Game, root: _Node, seat: int, ids: list[str], prior: str) -> None:
        """One iteration on ``world``: down the tree from ``root``, a rollout, its value up the path."""
        path = self._descend(world, root, seat, ids, prior)
        value = self._rollout(world, seat)
        for node in path:
            node.visits += 1
            node.value += value

    def _verdict(self, root: _Node, ids: list[str], prior: str, done: int) -> str:
        """The option the search plays: the most visited (the best valued among equals), unless it
        is not the rule-aware bot's choice and does not look better than it by :data:`MARGIN`."""
        found = {i: (c.visits, c.value / c.visits if c.visits else 0.0) for i, c in root.children.items()}
        best = max(ids, key=lambda i: (found[i][0], found[i][1], i == prior))
        if best != prior and found.get(prior, (0, 0.0))[0] and found[best][1] - found[prior][1] < MARGIN:
            best = prior  # the rule-aware choice stands unless the search finds clearly better
        self.last = {"iterations": done, "options": found, "choice": best, "prior": prior}
        return best

    def world(self, view: LazyView) -> Game:
        """A world consistent with what the seat sees, its hidden cards and dice drawn again."""
        return view.sample_world(self.rng)

    def _descend(self, w: Game, root: _Node, seat: int, ids: list[str], prior: str) -> list[_Node]:
        """Walk the tree of this seat's choices for the rest of the turn, adding one new node."""
        turn = w.turn
        node, path = root, [root]
        while True:
            choice = node.select(ids, prior, self.rng)
            node = node.children[choice]
            path.append(node)
            w.apply(choice)
            new = node.visits == 0
            # Others (and this seat's trivial choices) play by the rule-aware bot until this seat's next real choice.
            steps = 0
            while w.result is None and w.turn == turn and steps < MAX_ROLLOUT_ACTIONS:
                steps += 1
                d = w.decision
                assert d is not None  # a game not over has a decision pending
                prior = self.policy.choose(agent_view(w, d.player), d)
                ids = candidates(d)
                if d.player == seat and d.kind not in SKIP and len(ids) >= 2 and prior in ids:
                    break
                w.apply(prior)
            if new or w.result is not None or w.turn != turn or len(path) > MAX_TREE_DEPTH:
                return path

    def _rollout(self, w: Game, seat: int) -> float:
        horizon = self.horizon if self.horizon is not None else max(1, len(w.config.characters) - 1)
        stop = w.turn + horizon
        steps = 0
        policy = self.policy
        epsilon = self.epsilon
        rng = self.rng
        while w.result is None and w.turn <= stop and steps < MAX_ROLLOUT_ACTIONS:
            d = w.decision
            assert d is not None
            ids = candidates(d) if epsilon and rng.random() < epsilon else []
            w.apply(rng.choice(ids) if ids else policy.choose(agent_view(w, d.player), d))
            steps += 1
        return evaluate(w, self.weights)[seat]


class CeilingBot(SearchBot):
    """The search with perfect knowledge, for analysis only (never offered in play): it searches
    the game itself, the hidden cards and the dice to come included (its rollouts throw the very
    dice the game will throw, as long as the same choices are made). How far the honest search
    bot is from it says how much of the game the hidden information decides
    (``docs/bots.md``, "The ceiling")."""

    name = "ceiling"

    def world(self, view: LazyView) -> Game:
        return view.open_world()


class CardsCeilingBot(SearchBot):
    """The search that sees the hidden cards (deck order, others' Spells) but not the dice to
    come, for analysis only: between the honest search and :class:`CeilingBot`, it tells what
    the hidden cards are worth apart from the dice."""

    name = "ceiling-cards"

    def world(self, view: LazyView) -> Game:
        w = view.open_world()
        w.rng = Rng(self.rng.getrandbits(64))
        return w


class FittedSearchBot(SearchBot):
    """The search that scores where its rollouts stop by the evaluation fitted on games' outcomes
    (:func:`~talisman.bots.evaluation.fitted_score`) instead of the hand-set one, for analysis
    (``docs/simulation.md``, the search's variants)."""

    name = "search-fitted"

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None) -> None:
        super().__init__(rng, iterations, seconds, weights=WEIGHTS_FILE)


class SelfFittedSearchBot(SearchBot):
    """The search that scores where its rollouts stop by an evaluation fitted on the positions of
    its own games against the rule-aware bot, with their outcomes as the target
    (:data:`~talisman.bots.evaluation.SEARCHED_WEIGHTS_FILE`), rather than on rule-aware bots'
    games as :class:`FittedSearchBot`'s is, for analysis (``docs/simulation.md``)."""

    name = "search-self-fitted"

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None) -> None:
        super().__init__(rng, iterations, seconds, weights=SEARCHED_WEIGHTS_FILE)


class FarSearchBot(SearchBot):
    """The search with the evaluation fitted on rule-aware games (as :class:`FittedSearchBot`) and
    rollouts of :data:`FAR_HORIZON` turns after the search's own (two rounds in two-player games),
    for analysis (``docs/simulation.md``): whether a better calibrated score where the rollouts
    stop lets a longer look-ahead pay, which it did not with the hand-set one."""

    name = "search-far"

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None) -> None:
        super().__init__(rng, iterations, seconds, horizon=FAR_HORIZON, weights=WEIGHTS_FILE)


class RandomisedSearchBot(SearchBot):
    """The search whose rollouts take :data:`ROLLOUT_RANDOMNESS` of their choices at random among
    the main options, the rest by the rule-aware bot, for analysis (``docs/simulation.md``)."""

    name = "search-randomised"

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None) -> None:
        super().__init__(rng, iterations, seconds, epsilon=ROLLOUT_RANDOMNESS)


class PairedSearchBot(SearchBot):
    """The search with the fitted evaluation (as :class:`FittedSearchBot`) that tries every option
    of the decision on the same sampled worlds (common random numbers: one deck order, one hand of
    the others, one run of dice for all of them), so that two options' values differ by the choice
    more than by the luck of the worlds drawn, for analysis (``docs/simulation.md``, the search's
    variants). Its budget goes in blocks of one world per option (at least one block), and it
    plays the best valued option, under the same :data:`MARGIN` before it departs from the
    rule-aware choice."""

    name = "search-paired"

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None) -> None:
        super().__init__(rng, iterations, seconds, weights=WEIGHTS_FILE)

    def search(self, view: LazyView, decision: Decision, ids: list[str], prior: str) -> str:
        root = _Node()
        deadline = self._deadline()
        budget = max(1, self.iterations // len(ids)) * len(ids)
        done = 0
        while not self._spent(done, budget, deadline):
            seed = self.rng.getrandbits(64)
            for option in ids:  # the same world for every option, the option forced at the root
                self._iterate(view.sample_world(random.Random(seed)), root, decision.player, [option], option)
                done += 1
        return self._verdict(root, ids, prior, done)  # equal visits: the best valued
