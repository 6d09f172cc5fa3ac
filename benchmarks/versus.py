"""Talisman side by side with catanatron, the closest full-scope game engine in Python.

    python benchmarks/versus.py [--rounds 5] [--games 10]       # wall-clock, alternating rounds
    python benchmarks/versus.py --instructions                  # machine instructions per action (valgrind)

Catanatron is pinned in the ``bench`` extra (``pip install -e '.[bench]'``). Each
round plays ``--games`` 4-player games of each engine, one after the other in this
process (the same Python, the same load): talisman's base game with the rule-aware
bots, catanatron's with its random players (their games are as long as ours, 920 to
1,050 actions). Engine actions per second time ``apply`` (catanatron's ``execute``)
alone; games per second include the bots. Each ratio is printed as its median over
the rounds with the lowest and highest. ``--instructions`` counts instructions with
callgrind (independent of the machine's load): one game and four games of each, the
difference divided by the difference in actions (so start-up is left out); talisman's
games are the rule-aware bots' answers recorded first and replayed (the engine alone),
catanatron's are played by its random players (whose choice is one ``randrange``); a third
line counts talisman's games played by the rule-aware bots, views and all (what games per
second measure). The same counts are made of games with every compatible Talisman module in play
(``EVERY``) and of Worlds, each given as a multiple of the base game's instructions per action.
``--legendary`` times Legendary Tales games (the rule-aware bot, adventures 1 to 5) in alternating
rounds of the compiled build and the pure package, each in a process of its own.
``--compiled`` plays talisman's compiled build (``scripts/compile.sh``). Each run prints the build
it measures and the load average; the pooled games ratio is all rounds' games over all their time.
``PYTHONHASHSEED`` is fixed (catanatron's games otherwise differ between processes).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import builds  # noqa: E402  (benchmarks/builds.py: which build is measured)

# Every Talisman module that can be played with all the others (the Dungeon of the 4th edition rather than
# the classic one, Another Talisman City rather than the classic City; Worlds, which excludes most, apart).
EVERY: tuple[str, ...] = (
    "core", "endings", "wizards-tower", "master-levels", "roster", "dungeon-characters", "dungeon-4e", "catacombs",
    "airships", "city-districts", "disasters", "optional-rules", "emperors-guard", "brotherhood", "timescape",
)  # fmt: skip
SETS = {"talisman": ("core",), "talisman-every": EVERY, "talisman-worlds": ("core", "worlds")}


def talisman_games(
    n: int, first: int = 0, modules: tuple[str, ...] = ("core",)
) -> tuple[int, float, float, list[list[str]]]:
    """Actions, engine seconds and total seconds of ``n`` 4-player games with rule-aware bots,
    and each game's answers (to replay them)."""
    from talisman import Game
    from talisman.bots import make_bot
    from talisman.engine.view import LazyView

    actions, engine, games = 0, 0.0, []
    start = time.perf_counter()
    for seed in range(first, first + n):
        g = Game.new(players=4, modules=modules, seed=seed, log=False)
        bots = {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}
        answers = []
        while g.result is None and g.turn <= 1000:
            d = g.decision
            assert d is not None
            choice = bots[d.player].choose(LazyView(g, d.player), d)
            t0 = time.perf_counter()
            g.apply(choice)
            engine += time.perf_counter() - t0
            answers.append(choice)
        actions += len(answers)
        games.append(answers)
    return actions, engine, time.perf_counter() - start, games


def catanatron_games(n: int, first: int = 0) -> tuple[int, float, float, list[list[tuple[Any, Any]]]]:
    """The same figures for ``n`` 4-player catanatron games between its random players; each
    game's actions as chosen and as carried out (the dice, the card stolen, filled in)."""
    from catanatron.game import TURNS_LIMIT, Game
    from catanatron.models.player import Color, RandomPlayer

    actions, engine, games = 0, 0.0, []
    start = time.perf_counter()
    for seed in range(first, first + n):
        g = Game([RandomPlayer(c) for c in _seats(Color)], seed=seed + 1)
        done = []
        while g.winning_color() is None and g.state.num_turns < TURNS_LIMIT:
            action = g.state.current_player().decide(g, g.state.playable_actions)
            t0 = time.perf_counter()
            carried_out = g.execute(action)
            engine += time.perf_counter() - t0
            done.append((action, carried_out))
        actions += len(done)
        games.append(done)
    return actions, engine, time.perf_counter() - start, games


def _seats(colour: Any) -> tuple[Any, ...]:
    """Catanatron's four seats, in its order."""
    return (colour.RED, colour.BLUE, colour.WHITE, colour.ORANGE)


def talisman_replayed(first: int, games: list[list[str]], modules: tuple[str, ...] = ("core",)) -> tuple[int, float]:
    """Talisman's engine alone: recorded games answered again, each answer checked and applied
    as in play; their actions and the seconds ``apply`` took (no bot runs between two)."""
    from talisman import Game

    actions, engine = 0, 0.0
    for seed, answers in enumerate(games, start=first):
        g = Game.new(players=4, modules=modules, seed=seed, log=False)
        for answer in answers:
            t0 = time.perf_counter()
            g.apply(answer)
            engine += time.perf_counter() - t0
        actions += len(answers)
    return actions, engine


def catanatron_replayed(first: int, games: list[list[tuple[Any, Any]]]) -> tuple[int, float]:
    """Catanatron's engine alone, the same way: each action checked against the playable ones as
    ``Game.execute`` does, then carried out as it was (its outcome given, as catanatron's own
    replays give it, so the same game is played without the players' random draws between)."""
    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer
    from catanatron.state import apply_action

    actions, engine = 0, 0.0
    for seed, done in enumerate(games, start=first):
        g = Game([RandomPlayer(c) for c in _seats(Color)], seed=seed + 1)
        for chosen, carried_out in done:
            t0 = time.perf_counter()
            if chosen not in g.state.playable_actions:
                raise RuntimeError(f"catanatron's replay of game {seed} went otherwise: {chosen}")
            apply_action(g.state, carried_out)
            engine += time.perf_counter() - t0
        actions += len(done)
    return actions, engine


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def wall_clock(rounds: int, games: int) -> None:
    talisman_games(1)  # imports, the ruleset, the shared caches
    catanatron_games(1)
    keys = ("t_eng", "c_eng", "t_alone", "c_alone", "t_games", "c_games", "t_len", "c_len")
    rows: dict[str, list[float]] = {k: [] for k in keys}
    for r in range(rounds):
        first = 100 + r * games
        ta, te, tt, t_answers = talisman_games(games, first)
        ca, ce, ct, c_actions = catanatron_games(games, first)
        ra, re = talisman_replayed(first, t_answers)
        qa, qe = catanatron_replayed(first, c_actions)
        rows["t_eng"].append(ta / te)
        rows["c_eng"].append(ca / ce)
        rows["t_alone"].append(ra / re)
        rows["c_alone"].append(qa / qe)
        rows["t_games"].append(games / tt)
        rows["c_games"].append(games / ct)
        rows["t_len"].append(ta / games)
        rows["c_len"].append(ca / games)
        print(
            f"round {r + 1}: engine actions/s alone {ra / re:,.0f} vs {qa / qe:,.0f}, between the players' "
            f"choices {ta / te:,.0f} vs {ca / ce:,.0f}, games/s {games / tt:.1f} vs {games / ct:.1f}, "
            f"load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
    ratio_alone = [t / c for t, c in zip(rows["t_alone"], rows["c_alone"], strict=True)]
    ratio_eng = [t / c for t, c in zip(rows["t_eng"], rows["c_eng"], strict=True)]
    ratio_games = [t / c for t, c in zip(rows["t_games"], rows["c_games"], strict=True)]
    # pooled: every round's games over every round's time, each engine (fresh seeds each round)
    pooled = (len(rows["t_games"]) / sum(1 / r for r in rows["t_games"])) / (
        len(rows["c_games"]) / sum(1 / r for r in rows["c_games"])
    )
    med = statistics.median
    print(f"talisman: {med(rows['t_len']):.0f} actions a game; catanatron: {med(rows['c_len']):.0f}")
    print(
        f"engine actions/s, the engine alone (the games' answers replayed): {med(rows['t_alone']):,.0f} vs "
        f"{med(rows['c_alone']):,.0f}: ratio {spread(ratio_alone)}"
    )
    print(
        f"engine actions/s, between the players' choices: {med(rows['t_eng']):,.0f} vs "
        f"{med(rows['c_eng']):,.0f}: ratio {spread(ratio_eng)}"
    )
    print(
        f"complete games/s: {med(rows['t_games']):.1f} vs {med(rows['c_games']):.1f}: ratio {spread(ratio_games)}, "
        f"pooled {pooled:.2f}x ({rounds * games} games of each)"
    )


def record_choices(n: int, path: Path, modules: tuple[str, ...] = ("core",)) -> None:
    """The rule-aware bots' answers in talisman games 0 .. n-1 (replayed under callgrind, bots left out)."""
    path.write_text(json.dumps(talisman_games(n, 0, modules)[3]))


def replay(n: int, path: Path, modules: tuple[str, ...] = ("core",)) -> int:
    """Talisman's engine alone: the first ``n`` recorded games answered again; their actions."""
    from talisman import Game

    actions = 0
    for seed, answers in enumerate(json.loads(path.read_text())[:n]):
        g = Game.new(players=4, modules=modules, seed=seed, log=False)
        for a in answers:
            g.apply(a)
        actions += len(answers)
    return actions


def count(which: str, games: int, choices: Path, compiled: bool) -> tuple[int, int]:
    """Instructions and actions of ``games`` games of one engine under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__]
            + ["--play", which, str(games), str(choices)]
            + (["--compiled"] if compiled else []),
            capture_output=True,
            text=True,
            check=True,
        )
        actions = int(run.stdout.split()[-1])
        for line in out.read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1]), actions
    raise RuntimeError("callgrind wrote no summary")


def instructions(compiled: bool) -> None:
    per = {}
    with tempfile.TemporaryDirectory() as tmp:
        choices = {which: Path(tmp) / f"choices-{which}.json" for which in SETS}
        for which, modules in SETS.items():
            record_choices(4, choices[which], modules)
        for which in ("talisman", "catanatron", "talisman-bots", "talisman-every", "talisman-worlds"):
            path = choices.get(which, choices["talisman"])
            i1, a1 = count(which, 1, path, compiled)
            i4, a4 = count(which, 4, path, compiled)
            per[which] = (i4 - i1) / (a4 - a1)
            print(f"{which}: {per[which]:,.0f} instructions per action ({a4 - a1} actions)", flush=True)
    print(f"talisman runs {per['catanatron'] / per['talisman']:.2f}x fewer instructions per action")
    print(f"with its rule-aware bots and their views: {per['catanatron'] / per['talisman-bots']:.2f}x fewer")
    print(
        f"every compatible Talisman module in play ({len(EVERY)} with the base game): "
        f"{per['talisman-every'] / per['talisman']:.2f}x the base game's instructions per action; "
        f"Worlds: {per['talisman-worlds'] / per['talisman']:.2f}x"
    )


def legendary_games(n: int, first: int = 0) -> tuple[int, float]:
    """Actions and seconds of ``n`` 2-player Legendary Tales games (adventures 1 to 5 in turn) of the
    rule-aware bot, whose play there is the module's own policy."""
    from talisman import Game
    from talisman.bots import make_bot
    from talisman.engine.view import agent_view

    actions = 0
    start = time.perf_counter()
    for seed in range(first, first + n):
        options = {"adventure": 1 + seed % 5, "difficulty": 2}
        g = Game.new(players=2, modules=("legendary-tales",), options=options, seed=seed, log=False)
        bots = {i: make_bot("heuristic", seed * 10 + i) for i in range(2)}
        while g.result is None and g.turn <= 1000:
            d = g.decision
            assert d is not None
            g.apply(bots[d.player].choose(agent_view(g, d.player), d))  # (the view a game of its own gives)
            actions += 1
    return actions, time.perf_counter() - start


def legendary(rounds: int, games: int) -> None:
    """Legendary Tales games per second, the compiled build against the pure package: alternating rounds,
    each in a process of its own (the same seeds in both)."""
    if not (builds.BUILD / "SOURCE_HASH").exists():
        sys.exit("no compiled build: scripts/compile.sh makes one")
    rates: dict[str, list[float]] = {"compiled": [], "pure": []}
    for r in range(rounds):
        for kind in ("compiled", "pure"):
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            flag = ["--compiled"] if kind == "compiled" else []
            run = subprocess.run(
                [sys.executable, __file__, "--play", "legendary", str(games), str(r * games), *flag],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            actions, seconds = run.stdout.split()[-2:]
            rates[kind].append(games / float(seconds))
        print(
            f"round {r + 1}: Legendary Tales games/s compiled {rates['compiled'][-1]:.1f}, pure "
            f"{rates['pure'][-1]:.1f}, load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
    ratios = [c / p for c, p in zip(rates["compiled"], rates["pure"], strict=True)]
    print(f"Legendary Tales games/s, compiled / pure: {spread(ratios)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=10, help="games of each engine per round")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    ap.add_argument("--compiled", action="store_true", help="talisman's compiled build (scripts/compile.sh)")
    ap.add_argument(
        "--legendary", action="store_true", help="Legendary Tales games/s, compiled against pure (alternating)"
    )
    ap.add_argument("--quick", action="store_true", help="one round of one game (the tests')")
    ap.add_argument("--play", nargs=3, metavar=("ENGINE", "GAMES", "CHOICES"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.games = 1, 1
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    builds.use(args.compiled)
    if args.play:  # one engine's games, for callgrind (and the Legendary Tales rounds)
        which, n, choices = args.play
        if which in SETS:
            print(replay(int(n), Path(choices), SETS[which]))
        elif which == "talisman-bots":
            print(talisman_games(int(n))[0])
        elif which == "legendary":
            print(builds.which(), *legendary_games(int(n), int(choices)))
        else:
            print(catanatron_games(int(n))[0])
        return
    print(builds.which(), flush=True)
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit("catanatron is not installed: pip install -e '.[bench]'")
    print(
        f"load average {os.getloadavg()[0]:.2f} (over 1, 5, 15 min: {', '.join(f'{x:.1f}' for x in os.getloadavg())})"
    )
    if args.instructions:
        instructions(args.compiled)
    elif args.legendary:
        legendary(args.rounds, args.games)
    else:
        wall_clock(args.rounds, args.games)


if __name__ == "__main__":
    main()
