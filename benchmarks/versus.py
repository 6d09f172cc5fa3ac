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
second measure).
``--compiled`` plays talisman's compiled build (``scripts/compile.sh``).
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

import builds  # noqa: E402  (benchmarks/builds.py: which build is measured)


def talisman_games(n: int, first: int = 0) -> tuple[int, float, float]:
    """Actions, engine seconds and total seconds of ``n`` base games with rule-aware bots."""
    from talisman import Game
    from talisman.bots import make_bot
    from talisman.engine.view import LazyView

    actions, engine = 0, 0.0
    start = time.perf_counter()
    for seed in range(first, first + n):
        g = Game.new(players=4, modules=("core",), seed=seed, log=False)
        bots = {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}
        while g.result is None and g.turn <= 1000:
            d = g.decision
            assert d is not None
            choice = bots[d.player].choose(LazyView(g, d.player), d)
            t0 = time.perf_counter()
            g.apply(choice)
            engine += time.perf_counter() - t0
            actions += 1
    return actions, engine, time.perf_counter() - start


def catanatron_games(n: int, first: int = 0) -> tuple[int, float, float]:
    """The same figures for ``n`` 4-player catanatron games between its random players."""
    from catanatron.game import TURNS_LIMIT, Game
    from catanatron.models.player import Color, RandomPlayer

    actions, engine = 0, 0.0
    start = time.perf_counter()
    for seed in range(first, first + n):
        g = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)], seed=seed + 1)
        while g.winning_color() is None and g.state.num_turns < TURNS_LIMIT:
            action = g.state.current_player().decide(g, g.state.playable_actions)
            t0 = time.perf_counter()
            g.execute(action)
            engine += time.perf_counter() - t0
            actions += 1
    return actions, engine, time.perf_counter() - start


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def wall_clock(rounds: int, games: int) -> None:
    talisman_games(1)  # imports, the ruleset, the shared caches
    catanatron_games(1)
    rows: dict[str, list[float]] = {k: [] for k in ("t_eng", "c_eng", "t_games", "c_games", "t_len", "c_len")}
    for r in range(rounds):
        ta, te, tt = talisman_games(games, 100 + r * games)
        ca, ce, ct = catanatron_games(games, 100 + r * games)
        rows["t_eng"].append(ta / te)
        rows["c_eng"].append(ca / ce)
        rows["t_games"].append(games / tt)
        rows["c_games"].append(games / ct)
        rows["t_len"].append(ta / games)
        rows["c_len"].append(ca / games)
        print(
            f"round {r + 1}: engine actions/s {ta / te:,.0f} vs {ca / ce:,.0f}, "
            f"games/s {games / tt:.1f} vs {games / ct:.1f}, load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
    ratio_eng = [t / c for t, c in zip(rows["t_eng"], rows["c_eng"], strict=True)]
    ratio_games = [t / c for t, c in zip(rows["t_games"], rows["c_games"], strict=True)]
    med = statistics.median
    print(f"talisman: {med(rows['t_len']):.0f} actions a game; catanatron: {med(rows['c_len']):.0f}")
    print(f"engine actions/s: {med(rows['t_eng']):,.0f} vs {med(rows['c_eng']):,.0f}: ratio {spread(ratio_eng)}")
    print(f"complete games/s: {med(rows['t_games']):.1f} vs {med(rows['c_games']):.1f}: ratio {spread(ratio_games)}")


def record_choices(n: int, path: Path) -> None:
    """The rule-aware bots' answers in talisman games 0 .. n-1 (replayed under callgrind, bots left out)."""
    from talisman import Game
    from talisman.bots import make_bot
    from talisman.engine.view import LazyView

    games = []
    for seed in range(n):
        g = Game.new(players=4, modules=("core",), seed=seed, log=False)
        bots = {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}
        answers = []
        while g.result is None and g.turn <= 1000:
            d = g.decision
            assert d is not None
            answers.append(bots[d.player].choose(LazyView(g, d.player), d))
            g.apply(answers[-1])
        games.append(answers)
    path.write_text(json.dumps(games))


def replay(n: int, path: Path) -> int:
    """Talisman's engine alone: the first ``n`` recorded games answered again; their actions."""
    from talisman import Game

    actions = 0
    for seed, answers in enumerate(json.loads(path.read_text())[:n]):
        g = Game.new(players=4, modules=("core",), seed=seed, log=False)
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
        choices = Path(tmp) / "choices.json"
        record_choices(4, choices)
        for which in ("talisman", "catanatron", "talisman-bots"):
            i1, a1 = count(which, 1, choices, compiled)
            i4, a4 = count(which, 4, choices, compiled)
            per[which] = (i4 - i1) / (a4 - a1)
            print(f"{which}: {per[which]:,.0f} instructions per action ({a4 - a1} actions)", flush=True)
    print(f"talisman runs {per['catanatron'] / per['talisman']:.2f}x fewer instructions per action")
    print(f"with its rule-aware bots and their views: {per['catanatron'] / per['talisman-bots']:.2f}x fewer")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=10, help="games of each engine per round")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    ap.add_argument("--compiled", action="store_true", help="talisman's compiled build (scripts/compile.sh)")
    ap.add_argument("--quick", action="store_true", help="one round of one game (the tests')")
    ap.add_argument("--play", nargs=3, metavar=("ENGINE", "GAMES", "CHOICES"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.games = 1, 1
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    builds.use(args.compiled)
    if args.play:  # one engine's games, for callgrind
        which, n, choices = args.play
        if which == "talisman":
            print(replay(int(n), Path(choices)))
        elif which == "talisman-bots":
            print(talisman_games(int(n))[0])
        else:
            print(catanatron_games(int(n))[0])
        return
    print(builds.which(), flush=True)
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit("catanatron is not installed: pip install -e '.[bench]'")
    if args.instructions:
        instructions(args.compiled)
    else:
        wall_clock(args.rounds, args.games)


if __name__ == "__main__":
    main()
