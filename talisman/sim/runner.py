"""Playing many seeded games between bots, in parallel, and recording each.

Game ``i`` of a run with master seed ``S`` is set up with :func:`game_seed`
``(S, i)`` and its bots with seeds derived from it, so a game's record never
depends on which process (or which machine of a Ray cluster) played it, nor
on how many there were: the same seed gives the same records, in the same
order, whatever the number of workers. Only ``seconds`` (wall-clock time)
varies from run to run.

>>> spec = GameSpec(index=0, seed=game_seed(1, 0), players=2, bots=("random", "random"), max_turns=30)
>>> record = play_game(spec)
>>> record["index"], len(record["characters"]), record["finished"] in (True, False)
(0, 2, True)
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final

from talisman.bots.base import Agent, seated
from talisman.bots.loop import bot_seed, play
from talisman.content.ruleset import freeze_rulesets
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.errors import ConfigError
from talisman.sim import roster
from talisman.sim.features import FeatureTally

UNFINISHED = "unfinished: turn limit reached"
MAX_TURNS: Final = 1000  # the turns a game may last by default (the web server's turn cap too)


@dataclass(frozen=True)
class GameSpec:
    """Everything that decides one game of a simulation (plain, picklable data)."""

    index: int
    seed: int
    players: int
    bots: tuple[str, ...]  # one agent name per seat (talisman.sim.roster): "heuristic", "search:64"
    modules: tuple[str, ...] = ("core",)
    options: tuple[tuple[str, Any], ...] = ()
    max_turns: int = MAX_TURNS
    characters: tuple[str | None, ...] | None = None
    tuning: tuple[tuple[str, int], ...] = ()  # tunable numbers set otherwise (Game.new's tuning)
    content: tuple[str, ...] = ()  # folders of home-brew modules the game's process installs first


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``master`` (stable across processes and versions)."""
    return random.Random(f"talisman-simulate:{master}:{index}").getrandbits(48)


def make_agent(spec: str, seed: int) -> Agent:
    """The agent a seat's name stands for (:mod:`talisman.sim.roster`), with its own seeded random source."""
    return roster.make(spec, seed)


def seat_bots(bots: list[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """Bots per seat: the list repeated over the seats, shifted by the game index when rotating
    (so that in a head-to-head each bot sits in each seat equally often)."""
    shift = index % len(bots) if rotate else 0
    return tuple(bots[(seat + shift) % len(bots)] for seat in range(players))


def specs(
    games: int,
    players: int,
    bots: list[str],
    seed: int,
    modules: tuple[str, ...] = ("core",),
    options: dict[str, Any] | None = None,
    max_turns: int = MAX_TURNS,
    start: int = 0,
    rotate: bool = False,
) -> list[GameSpec]:
    """The specs of games ``start`` .. ``start + games - 1`` of a run."""
    roster.check(bots)
    opts = tuple(sorted((options or {}).items()))
    return [
        GameSpec(
            index=i,
            seed=game_seed(seed, i),
            players=players,
            bots=seat_bots(bots, players, i, rotate),
            modules=modules,
            options=opts,
            max_turns=max_turns,
        )
        for i in range(start, start + games)
    ]


def sweep(
    games: int,
    players: Sequence[int],
    bots: list[str],
    seed: int,
    modules: tuple[str, ...] = ("core",),
    options: Mapping[str, Sequence[Any]] | None = None,
    max_turns: int = MAX_TURNS,
    start: int = 0,
    rotate: bool = False,
) -> list[GameSpec]:
    """``games`` games for each cell of a sweep: each number of players, with each combination of
    the options' values. Game ``i`` of every cell has the same seed, so cells differ only in
    what the sweep varies (common random numbers).

    >>> todo = sweep(2, [1, 2], ["heuristic"], 1, ("legendary-tales",), {"adventure": [1, 2]})
    >>> [(s.players, dict(s.options)["adventure"], s.index) for s in todo][:3]
    [(1, 1, 0), (1, 1, 1), (1, 2, 0)]
    """
    names = sorted(options or {})
    out: list[GameSpec] = []
    for n in players:
        for values in itertools.product(*((options or {})[k] for k in names)):
            out += specs(games, n, bots, seed, modules, dict(zip(names, values)), max_turns, start, rotate)
    return out


def play_game(spec: GameSpec) -> dict[str, Any]:
    """Play one game to its end (or the turn limit) and return its record."""
    t0 = time.perf_counter()
    if spec.content:
        from talisman.content import homebrew

        homebrew.install([Path(c) for c in spec.content])  # once a process (a Ray worker has its own)
    g = Game.new(
        spec.characters or None,
        players=None if spec.characters else spec.players,
        modules=spec.modules,
        options=dict(spec.options),
        seed=spec.seed,
        log=False,
        tuning=dict(spec.tuning),
    )
    agents = [make_agent(b, bot_seed(spec.seed, seat)) for seat, b in enumerate(spec.bots)]
    characters = [p.character for p in g.players]  # now in each seat
    start_chars = list(characters)
    alive = [True] * len(g.players)
    deaths: list[dict[str, Any]] = []
    tally = FeatureTally(g.rules) if g.rules.features else None

    def watch(d: Decision, chosen: str) -> None:
        """Each death as it happens, and the character now in each seat."""
        while len(alive) < len(g.players):  # a seat raised a second character (a Mirror Image)
            alive.append(True)
            characters.append(g.players[len(characters)].character)
        for p in g.players:
            if alive[p.seat] != p.alive:
                if not p.alive:
                    deaths.append(
                        {
                            "seat": g.controller(p.seat),
                            "character": characters[p.seat],
                            "turn": g.turn,
                            "cause": p.status.get("dead", "killed"),
                        }
                    )
                elif p.character != characters[p.seat]:
                    characters[p.seat] = p.character  # a new character took the seat over
                alive[p.seat] = p.alive

    count = None if tally is None else partial(tally.count, g)
    actions = play(g, seated(g, agents), max_turns=spec.max_turns, chosen=count, applied=watch)
    result = g.result or {"winners": [], "how": UNFINISHED, "turn": g.turn}
    record = {
        "index": spec.index,
        "seed": spec.seed,
        "players": spec.players,
        "modules": list(spec.modules),
        "bots": list(spec.bots),
        "characters": start_chars,
        "winners": list(result["winners"]),
        "winner_characters": [g.players[w].character for w in result["winners"]],
        "winner_bots": [spec.bots[w] for w in result["winners"]],
        "ending": result["how"],
        "finished": g.result is not None,
        "turns": g.turn,
        "rounds": g.round,
        "actions": actions,
        "deaths": deaths,
        "seconds": round(time.perf_counter() - t0, 4),
    }
    if spec.options:  # (Parquet cannot store an empty struct)
        record["options"] = dict(spec.options)
    if spec.tuning:
        record["tuning"] = dict(spec.tuning)
    if tally is not None:  # each feature the modules declare: how often chosen, how many decisions offered it
        record["features"] = tally.uses()
        record["features_offered"] = tally.offers()
    if g.rules.modules and g.rules.modules[0].game == "legendary-tales":  # the party wins or loses together
        record |= {
            "won": bool(result.get("won")),
            "adventure": g.globals["adventure"],
            "stars": g.globals["stars"],
            "tasks_done": g.globals["step"] + bool(result.get("won")),  # the last task done ends the game
        }
    return record


def run_local(
    todo: list[GameSpec], workers: int, play_one: Callable[[GameSpec], dict[str, Any]] = play_game
) -> Iterator[dict[str, Any]]:
    """Play the games in ``workers`` processes; yields records in game order. ``play_one`` plays
    a game (a function of a module, so that a worker process can be given it by name)."""
    if workers <= 1 or len(todo) <= 1:
        for spec in todo:
            yield play_one(spec)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(min(workers, len(todo)), initializer=freeze_rulesets) as pool:
        yield from pool.imap(play_one, todo, chunksize=1)


# A Ray task costs a few milliseconds to schedule and return, a base game about 0.1 s of one
# core: a task plays a batch of games, about TASKS_PER_CPU batches for each CPU of the cluster
# (so that a slow batch leaves the others something to do), at most MAX_BATCH games each.
TASKS_PER_CPU = 4
MAX_BATCH = 64


def play_batch(todo: list[GameSpec]) -> list[dict[str, Any]]:
    """Play several games one after another (one Ray task); their records in order."""
    freeze_rulesets()  # the task's worker process plays games and nothing else
    return [play_game(spec) for spec in todo]


def batches(todo: list[GameSpec], cpus: int) -> list[list[GameSpec]]:
    """The games cut into consecutive batches, about ``TASKS_PER_CPU`` for each CPU.

    >>> [len(b) for b in batches(specs(10, 2, ["random"], 1), cpus=1)]
    [3, 3, 3, 1]
    """
    size = max(1, min(MAX_BATCH, -(-len(todo) // (TASKS_PER_CPU * max(1, cpus)))))
    return [todo[i : i + size] for i in range(0, len(todo), size)]


def init_ray(address: str | None) -> bool:
    """Join the Ray cluster at ``address`` (a local Ray instance when None) unless this process is
    connected already; returns whether it connected now (and so should ``ray.shutdown()`` when done)."""
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the installed extras
        raise ConfigError("the Ray backend needs the ray extra: pip install 'talisman-engine[ray]'") from e
    if ray.is_initialized():
        return False
    ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    return True


def run_ray(todo: list[GameSpec], address: str | None) -> Iterator[dict[str, Any]]:
    """Play the games as Ray tasks, in batches (see :func:`batches`), on the cluster at
    ``address`` or a local Ray instance when None; yields the records in game order."""
    started = init_ray(address)
    import ray

    try:
        task = ray.remote(play_batch)
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        pending = [task.remote(batch) for batch in batches(todo, cpus)]
        for ref in pending:  # every batch is submitted at once; read back in order
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def stream(
    todo: list[GameSpec], workers: int = 1, backend: str = "local", address: str | None = None
) -> Iterator[dict[str, Any]]:
    """Play the games on a backend (``local`` processes or ``ray``); yields the records in game order."""
    if backend == "local":
        return run_local(todo, workers)
    if backend == "ray":
        return run_ray(todo, address)
    raise ConfigError(f"unknown backend {backend!r} (local or ray)")


def run(
    todo: list[GameSpec], workers: int = 1, backend: str = "local", address: str | None = None
) -> list[dict[str, Any]]:
    """Play the games and return their records, in game order."""
    return list(stream(todo, workers, backend, address))
