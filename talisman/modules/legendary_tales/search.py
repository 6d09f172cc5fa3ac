"""A search for Legendary Tales (002): determinised Monte Carlo on sampled bag draws.

At a decision worth weighing (:data:`SEARCHED`) the bot repeats, within its budget: sample a
world consistent with what its seat sees (:func:`~talisman.modules.legendary_tales.sampling.sample_world`: the random source reseeded, so
every draw from a bag, the Travel die and the Reward bag come out anew; the tokens lying face
down exchanged among the places a shuffled placement could have put them; in adventure 5 the
hideout drawn again among the clues not yet seen); then, in that same world for every option
(common random numbers), apply the option, play on with :class:`LegendaryPolicy` for every
seat until the adventure ends (or ``horizon`` turns have passed, when given), and score the
party (:func:`evaluate`). Of the destinations of a move it weighs the policy's :data:`MOVES`
favourites. It plays the option of best mean value, unless its gain over the policy's own
choice, world by world, is under :data:`MARGIN` plus one standard error: a few worlds are
noisy, and the search should leave sound play only on clear evidence. The budget is ``iterations`` worlds per decision (the same seed
gives the same choices), or ``seconds`` of wall-clock time when given.

>>> import random
>>> from talisman import Game
>>> from talisman.engine.view import agent_view
>>> g = Game.new(["warrior", "wizard"], modules=["legendary-tales"], seed=2)
>>> bot = LegendarySearch(random.Random(0), iterations=2)
>>> bot.choose(agent_view(g, 0), g.decision) in g.legal_ids()
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.errors import ConfigError
from talisman.modules.legendary_tales.board import paths
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.policy import LegendaryPolicy
from talisman.modules.legendary_tales.view import token_face

# Searched: the decisions where a draw to come weighs (roll or stay is left to the policy).
SEARCHED = frozenset({"lt-move", "lt-fate", "lt-magic", "lt-return", "lt-defeat", "lt-reward"})
DEFAULT_ITERATIONS = 8
MAX_ROLLOUT_ACTIONS = 600
MARGIN = 0.02  # how much better (in value) an option must look than the policy's choice
MOVES = 4  # destinations weighed: the policy's first choices

# --- a quick view for rollouts -------------------------------------------------------------------


def _places(g: Game) -> tuple[dict[str, Any], ...]:
    """The adventure's locations with their paths (static: kept per adventure in ``rules.derived``)."""
    key = ("lt-places", g.globals["adventure"])
    found: tuple[dict[str, Any], ...] | None = g.rules.derived.get(key)
    if found is None:
        ways = paths(g)
        found = g.rules.derived[key] = tuple(
            {"index": s.index, "id": s.id, "name": s.name, "paths": sorted(ways.get(s.index, []))}
            for s in g.rules.spaces
        )
    return found


def quick_view(g: Game) -> dict[str, Any]:
    """What :class:`LegendaryPolicy` reads of the view (``Game.view``: the same values), built
    fast for rollouts in sampled worlds, where no one else looks: static parts are cached.

    >>> from talisman import Game
    >>> g = Game.new(["elf"], modules=["legendary-tales"], seed=1)
    >>> quick_view(g)["heroes"][0]["bag"] == g.view(0)["heroes"][0]["bag"]
    True
    """
    down = set(g.globals["down"])

    def token(t: int) -> dict[str, Any]:
        if t in down:
            return token_face(t, False)
        return {**token_face(t, True), "health": g.counters.get(t, 0)}

    number = g.globals["adventure"]
    places = _places(g)
    track = catalogue().adventures[number]["adventure"]["track"][f"side{g.globals['side']}"]
    return {
        "adventure": {"number": number, "task": g.globals.get("task", "")},
        "time": {"at": g.globals["time"], "moon": len(track) - 1},
        "locations": [
            {
                **place,
                "heroes": [p.seat for p in g.players if p.space == place["index"]],
                "tokens": [token(t) for t in g.board.get(place["index"], [])],
            }
            for place in places
        ],
        "heroes": [
            {
                "seat": p.seat,
                "hero": p.character,
                "location": p.space,
                "bag_count": len(g.decks[f"bag:{p.seat}"]),
                "bag": [token(t) for t in sorted(g.decks[f"bag:{p.seat}"])],
                "front": [token(t) for t in g.decks[f"front:{p.seat}"]],
            }
            for p in g.players
        ],
        "scroll": [token(t) for t in g.decks["scroll"]],
    }


# --- the value of a position --------------------------------------------------------------------


def outcome(g: Game) -> bool | None:
    """Won (True), lost (False) or going on (None); a campaign's adventure ends at its question."""
    if g.result is not None:
        return bool(g.result.get("won"))
    d = g.stack[-1][1] if g.stack and g.stack[-1][0] == "decide" else None
    if d is not None and d["kind"] == "lt-campaign":
        stop = next(o for o in d["options"] if o[0] == "stop")
        return bool(stop[2][0][1]["won"])
    return None


def evaluate(g: Game) -> float:
    """The party's value in [0, 1]: a win is worth 0.8 and up to 0.2 more for the time left on
    the track (a win with time to spare is a safer one); a loss up to 0.3 for the tasks done.
    A game not over (a rollout cut short) is valued as a loss that far on, plus half the rest.

    >>> from talisman import Game
    >>> 0 < evaluate(Game.new(["elf"], modules=["legendary-tales"], seed=1)) < 1
    True
    """
    data = catalogue().adventures[g.globals["adventure"]]
    tasks = max(1, len(data.get("step", [])) - 1)
    track = data["adventure"]["track"][f"side{g.globals['side']}"]
    left = 1.0 - int(g.globals["time"]) / max(1, len(track) - 1)
    done = min(1.0, int(g.globals["step"]) / tasks)
    ended = outcome(g)
    if ended:
        return 0.8 + 0.2 * left
    return 0.3 * done + (0.0 if ended is False else 0.5 * left * (1 - 0.3 * done))


# --- the search ---------------------------------------------------------------------------------------


class LegendarySearch:
    """Determinised flat Monte Carlo over sampled bag draws, rolled out by :class:`LegendaryPolicy`."""

    name = "legendary-search"

    def __init__(
        self,
        rng: random.Random,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        horizon: int | None = None,
    ) -> None:
        if iterations < 1 and seconds is None:
            raise ConfigError("the search needs at least one iteration or a time budget")
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon  # turns played on after the decision's own; None: to the adventure's end
        self.policy = LegendaryPolicy(random.Random(rng.getrandbits(32)))
        self.last: dict[str, Any] = {}  # what the last search found, for analysis
        self.times: list[float] = []  # seconds of each search, for measurement

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        prior = self.policy.choose(view, decision)
        ids = [o.id for o in decision.options]
        if decision.kind not in SEARCHED or len(ids) < 2:
            self.last = {}
            return prior
        sample = getattr(view, "sample_world", None)
        if sample is None:
            raise ConfigError("the search plans on a view made by agent_view(game, seat), which can sample worlds")
        if decision.kind == "lt-move":
            ids = self.first_moves(view, decision, ids, prior)
        return self.search(view, decision, ids, prior)

    def first_moves(self, view: Mapping[str, Any], d: Decision, ids: list[str], prior: str) -> list[str]:
        """The policy's :data:`MOVES` favourite destinations, its choice first."""
        out, rest = [prior], [i for i in ids if i != prior]
        while rest and len(out) < MOVES:
            out.append(self.policy.move(view, d, [o for o in d.options if o.id in rest]))
            rest.remove(out[-1])
        return out

    def search(self, view: Mapping[str, Any], decision: Decision, ids: list[str], prior: str) -> str:
        t0 = time.perf_counter()
        deadline = None if self.seconds is None else t0 + self.seconds
        values: dict[str, list[float]] = {i: [] for i in ids}
        done = 0
        while (time.perf_counter() < deadline or not done) if deadline is not None else done < self.iterations:
            world = view.sample_world(self.rng)  # type: ignore[attr-defined]
            seed = self.rng.getrandbits(32)
            for i in ids:
                values[i].append(self.rollout(world.clone(), i, seed))
            done += 1
        means = {i: statistics.fmean(v) for i, v in values.items()}
        best = max(ids, key=lambda i: (means[i], i == prior))
        gain = [b - p for b, p in zip(values[best], values[prior], strict=True)]  # world by world
        noise = statistics.stdev(gain) / done**0.5 if done > 1 else 0.0
        if statistics.fmean(gain) < MARGIN + noise:
            best = prior  # the policy's choice stands unless another is better beyond the noise
        self.last = {"iterations": done, "options": means, "choice": best}
        self.times.append(time.perf_counter() - t0)
        return best

    def rollout(self, w: Game, option: str, seed: int) -> float:
        """Apply ``option`` in world ``w`` and play on by the policy; the party's value."""
        w.apply(option)
        policy = LegendaryPolicy(random.Random(seed))
        stop = None if self.horizon is None else w.turn + self.horizon
        steps = 0
        while outcome(w) is None and (stop is None or w.turn <= stop) and steps < MAX_ROLLOUT_ACTIONS:
            d = w.decision
            assert d is not None  # a game not over has a decision pending
            w.apply(d.options[0].id if len(d.options) == 1 else policy.choose(quick_view(w), d))
            steps += 1
        return evaluate(w)
