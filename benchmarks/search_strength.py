"""The search bot's strength against its thinking time (issue 11, point 5).

Three steps, each its own sub-command, so that a long experiment can share the machine and be
resumed:

``calibrate``
    Times the search bot's decisions at each budget of :data:`BUDGETS` (iterations per decision)
    in two- and four-player base games against the rule-aware bot, one core: the median and 90th
    percentile of the *searched* decisions (the ones it thinks about), and the median over all of
    its decisions (trivial ones are answered by the rule-aware bot at once). Writes
    ``strength-calibration.json``.
``play --players P --iterations N --games G [--first F]``
    Plays games F to G - 1 (F is 0 unless given) of the seeded base games (master seed 2026,
    characters dealt at random, seats rotated so that the search bot sits in each seat equally
    often) of one search bot against P - 1
    rule-aware bots with ``talisman simulate``, in chunks of 20 games
    (``strength-<P>p-<N>it-<start>.jsonl``); a chunk already complete is skipped. Two processes
    on two cores share a match by playing apart ranges (``--games 500`` and ``--first 500
    --games 1000``): a game's seed and seat follow from its index alone.
``experiments``
    Each variant of the search bot tried (a folder of chunks under
    ``results/search-experiments/``, named for the variant, played like ``play`` from a copy of
    the compiled build with the variant's ``search.py``) against the bot of the main series (the
    curve's, ``MARGIN`` 0.05) on the same games: both bots' wins, the games only one of them
    won, and McNemar's exact p-value. Two were adopted: ``margin-0.025`` and ``round-horizon``
    (rollouts that play a whole round of the others, with ``MARGIN`` 0.025).
``screens``
    Each screen of a variant at a small budget (``screens-35/<bot>-<N>.jsonl`` under the records,
    played with ``talisman simulate --bot <bot>:<N>,heuristic --players 2 --rotate --seed 2026``)
    against the search as it is at the same budget (``screens-35/search-<N>.jsonl``) on the games
    both played: wins with Wilson intervals, the games only one won, McNemar's exact p-value.
``pack``
    Packs the chunks played since (under ``results/``, out of the tree) into the records' archive
    ``benchmarks/records.tar.xz``, which every other step reads beside them.
``report [--markdown] [--no-plot]``
    Reads every chunk, prints the search bot's win rate per budget and player count with 95%
    Wilson intervals (all games, and games decided before the turn limit), with ``--markdown``
    also as the README's table rows, and draws the curve ``docs/search-strength.png`` (win rate
    against median milliseconds per searched decision). The four-player matches of an experiment
    not adopted, the bot with its moves left to the rule-aware bot (``"move"`` added to ``SKIP``
    in ``talisman/bots/search.py``, ``play``, and its chunks moved to ``results/moves-left/``), are
    reported beside.

Run it on the compiled build for the budgets the README quotes (``scripts/compile.sh``, then
``PYTHONPATH=build/compiled``): the iterations are what a game depends on (the same seeds give the
same games on either build); the milliseconds are what the compiled build takes per decision.

    python benchmarks/search_strength.py calibrate
    python benchmarks/search_strength.py play --players 2 --iterations 135 --games 200
    python benchmarks/search_strength.py report
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
import builds  # noqa: E402  (benchmarks/builds.py: after PYTHONPATH, so that a compiled build put there is the one timed)

builds.use()

from talisman.bots import make_bot, observe  # noqa: E402
from talisman.bots.search import SearchBot  # noqa: E402
from talisman.engine.game import Game  # noqa: E402
from talisman.sim import records  # noqa: E402
from talisman.sim.analysis import wilson  # noqa: E402

# The records kept: one archive in the tree (ARCHIVE:MEMBER names a member, see talisman.sim.records).
ARCHIVE = ROOT / "benchmarks" / "records.tar.xz"
# Where chunks are played, out of the tree (.gitignore): read beside the archive until packed into it.
RESULTS = ROOT / "benchmarks" / "results"
# An experiment, not adopted: four-player matches of the search bot with "move" added to its SKIP
# (its moves left to the rule-aware bot). Reported beside the bot's own, at the bot's own timings.
MOVES_LEFT = "moves-left"
# Variants of the search bot tried against the main series' bot (issue 11; the README says what each changed).
EXPERIMENTS = "search-experiments"
# Screens of the search's variants at a small budget, two-player games, against the search as it is
# on the same games (issue 35): one file of records a bot.
SCREENS = "screens-35"
CURVE = ROOT / "docs" / "search-strength.png"
SEED = 2026
CHUNK = 20  # a multiple of 2 and of 4: each chunk rotates the search bot through every seat
# Iterations per decision. On the compiled build, one core, idle: 14, 135 and 1,400 took about 5, 50
# and 500 ms per searched decision, and 240 was the most that stayed within 100 ms in four-player
# games as well (the morning of 2026-12-05; the afternoon's faster build takes 4, 40, 75 and 390 to
# 460 ms); 3,000 is the curve's point near one second (two-player games only: about 4.5 minutes a
# game). The machine is shared and its speed changes from hour to hour (the same budgets took 2.7
# times as long on a busy afternoon), so each calibration also times catanatron's games beside the
# search bot, to show how fast the machine was.
BUDGETS = (14, 135, 240, 1400, 3000)


def calibrate(players: int, iterations: int, games: int = 3, decisions: int = 40) -> dict[str, float]:
    """Milliseconds per decision of the search bot in seat 0 against rule-aware bots, over the first
    ``decisions`` searched decisions of each of ``games`` games."""
    searched: list[float] = []
    every: list[float] = []
    reference: list[float] = []
    for seed in range(games):
        reference.append(reference_speed())
        g = Game.new(players=players, modules=("core",), seed=100 + seed, log=False)
        search = SearchBot(random.Random(seed), iterations=iterations)
        others = {i: make_bot("heuristic", i) for i in range(1, players)}
        count = 0
        while not g.is_over and count < decisions:
            d = g.decision
            assert d is not None
            if d.player == 0:
                t0 = time.perf_counter()
                choice = search.choose(observe(g, 0), d)
                ms = (time.perf_counter() - t0) * 1000
                every.append(ms)
                if search.last:
                    searched.append(ms)
                    count += 1
            else:
                choice = others[d.player].choose(observe(g, d.player), d)
            g.apply(choice)
    searched.sort()
    return {
        "players": players,
        "iterations": iterations,
        "searched_decisions": len(searched),
        "median_ms": statistics.median(searched),
        "p90_ms": searched[int(0.9 * (len(searched) - 1))],
        "median_ms_all_decisions": statistics.median(every),
        "share_searched": len(searched) / len(every),
        "catanatron_games_per_s": statistics.median(reference),
    }


def reference_speed() -> float:
    """The machine's speed now, in catanatron's 4-player games per second (the same five games each
    time: ``PYTHONHASHSEED`` is fixed by :func:`main`), timed beside the search bot's decisions."""
    from versus import catanatron_games

    seconds = catanatron_games(5)[2]
    return 5 / seconds


def cmd_calibrate(args: argparse.Namespace) -> None:
    compiled = not str(sys.modules[Game.__module__].__file__).endswith(".py")
    out = RESULTS / "strength-calibration.json"
    kept = json.loads(kept_text(out.name))["rows"]
    rows = [r for r in kept if r["iterations"] not in args.iterations]  # a budget timed again replaces its rows
    for iterations in args.iterations:
        for players in (2, 4):
            row = calibrate(players, iterations, games=args.games, decisions=args.decisions)
            row["compiled"] = compiled
            row["load_average"] = os.getloadavg()[0]
            rows.append(row)
            print(
                f"{players}p  {iterations:>5} iterations: searched decisions median {row['median_ms']:8.1f} ms, "
                f"90th percentile {row['p90_ms']:8.1f} ms ({row['searched_decisions']} decisions); "
                f"all its decisions median {row['median_ms_all_decisions']:.2f} ms "
                f"({row['share_searched']:.0%} searched)",
                flush=True,
            )
    rows.sort(key=lambda r: (r["iterations"], r["players"]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"rows": rows}, indent=1) + "\n")
    print(f"written {out}")


def chunk_path(players: int, iterations: int, start: int, folder: Path = RESULTS) -> Path:
    return folder / f"strength-{players}p-{iterations}it-{start:04d}.jsonl"


def simulate(players: int, bots: str, start: int, games: int, out: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "talisman", "simulate", "--games", str(games), "--start", str(start),
         "--players", str(players), "--bot", bots, "--rotate", "--seed", str(SEED),
         "--workers", "1", "--quiet", "--out", str(out)],
        check=True,
        cwd=RESULTS,  # not the checkout: `-m` puts the working directory first on the path
        env={**os.environ, "PYTHONPATH": absolute_path(os.environ.get("PYTHONPATH", ""))},
    )  # fmt: skip


def absolute_path(pythonpath: str) -> str:
    """``PYTHONPATH`` with each entry made absolute, so that a compiled build named relative to the
    checkout is still the one the games run on from the results directory."""
    return os.pathsep.join(str(Path(p).resolve()) for p in pythonpath.split(os.pathsep) if p)


def cmd_play(args: argparse.Namespace) -> None:
    bots = ",".join([f"search:{args.iterations}"] + ["heuristic"] * (args.players - 1))
    if args.first % CHUNK:
        raise SystemExit(f"--first must be a multiple of {CHUNK} (a chunk's first game)")
    for start in range(args.first, args.games, CHUNK):
        out = chunk_path(args.players, args.iterations, start, RESULTS / args.folder)
        out.parent.mkdir(parents=True, exist_ok=True)
        if out.exists() and len(out.read_text().splitlines()) == CHUNK:
            continue
        part = out.with_suffix(".part.jsonl")
        # A chunk stopped part-way keeps its games: the rest are played (game indices go on, so the
        # seeds and seats are the ones an unbroken run gives) and appended.
        rest = out.with_suffix(".rest.part.jsonl")
        kept = [line for f in (part, rest) if f.exists() for line in f.read_text().splitlines() if line.endswith("}")]
        part.write_text("".join(line + "\n" for line in kept))
        t0 = time.perf_counter()
        simulate(args.players, bots, start + len(kept), CHUNK - len(kept), rest)
        part.write_text("".join(line + "\n" for line in kept + rest.read_text().splitlines()))
        rest.unlink()
        part.rename(out)
        print(f"{out.name}: {time.perf_counter() - t0:.0f} s", flush=True)


def searcher_won(record: dict[str, Any]) -> bool:
    return any(record["bots"][seat].startswith("search") for seat in record["winners"])


def kept_text(name: str) -> str:
    """A file of the records: as played since under ``results/``, else as packed in the archive."""
    loose = RESULTS / name
    return loose.read_text() if loose.exists() else records.read_text(f"{ARCHIVE}:{name}")


def chunks(folder: str, pattern: str) -> dict[int, dict[str, Any]]:
    """The records of a series' chunks (``folder`` under the records, '' for the main series) by
    game index: those packed in the archive, then those played since under ``results/``."""
    packed = [f"{ARCHIVE}:{m}" for m in records.members(ARCHIVE, f"{folder}/{pattern}" if folder else pattern)]
    loose = sorted((RESULTS / folder).glob(pattern))
    return {r["index"]: r for path in [*packed, *loose] for r in records.read(path)}


def tally(players: int, iterations: int, folder: str = "") -> dict[str, Any] | None:
    """The search bot's results at one budget and player count, from its chunks. Of a chunk still
    being played, a game counts when every game of its rotation (the search bot in each seat once)
    is in, so seats stay balanced."""
    played = chunks(folder, f"strength-{players}p-{iterations}it-*.jsonl")
    games = [
        r for i, r in played.items() if all(j in played for j in range(i - i % players, i - i % players + players))
    ]
    if not games:
        return None
    wins = sum(searcher_won(r) for r in games)
    decided = [r for r in games if r["finished"]]
    won_decided = sum(searcher_won(r) for r in decided)
    lo, hi = wilson(wins, len(games))
    dlo, dhi = wilson(won_decided, len(decided))
    return {
        "players": players,
        "iterations": iterations,
        "games": len(games),
        "wins": wins,
        "rate": wins / len(games),
        "low": lo,
        "high": hi,
        "decided": len(decided),
        "decided_rate": won_decided / len(decided) if decided else 0.0,
        "decided_low": dlo,
        "decided_high": dhi,
    }


def mcnemar(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value: how likely a split at least this uneven of the games
    only one of two bots won, were both equally strong."""
    n, k = only_a + only_b, min(only_a, only_b)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n) if n else 1.0


def cmd_experiments(args: argparse.Namespace) -> None:
    print(
        "variant                 players  iterations  games  its wins (95% Wilson)        the curve's bot's wins"
        "  only it  only the curve's  McNemar p"
    )
    firsts = records.members(ARCHIVE, f"{EXPERIMENTS}/*/strength-*p-*it-0000.jsonl")
    firsts += [str(p.relative_to(RESULTS)) for p in (RESULTS / EXPERIMENTS).glob("*/strength-*p-*it-0000.jsonl")]
    for first in sorted(set(firsts), key=lambda f: f.rsplit("/", 1)):  # by folder, then chunk
        folder, name = first.rsplit("/", 1)
        players, iterations = (int(part.rstrip("pit")) for part in name.split("-")[1:3])
        pattern = f"strength-{players}p-{iterations}it-*.jsonl"
        tried = chunks(folder, pattern)
        curve = chunks("", pattern)
        both = sorted(set(tried) & set(curve))
        a = [searcher_won(tried[i]) for i in both]
        b = [searcher_won(curve[i]) for i in both]
        only_a = sum(x and not y for x, y in zip(a, b, strict=True))
        only_b = sum(y and not x for x, y in zip(a, b, strict=True))
        print(
            f"{folder.rsplit('/', 1)[-1]:<22}  {players:>7}  {iterations:>10}  {len(both):>5}  {sum(a):>4} {sum(a) / len(both):5.1%}"
            f" ({'-'.join(f'{x:.1%}' for x in wilson(sum(a), len(both)))})"
            f"  {sum(b):>12} {sum(b) / len(both):5.1%}  {only_a:>7}  {only_b:>16}  {mcnemar(only_a, only_b):9.3f}"
        )


def screen_records(name: str) -> dict[int, dict[str, Any]]:
    """One screen's records by game index: packed in the archive, else played since under ``results/``."""
    member = f"{SCREENS}/{name}"
    loose = RESULTS / SCREENS / name
    return {r["index"]: r for r in records.read(loose if loose.exists() else f"{ARCHIVE}:{member}")}


def cmd_screens(args: argparse.Namespace) -> None:
    names = {m.rsplit("/", 1)[1] for m in records.members(ARCHIVE, f"{SCREENS}/*.jsonl")}
    names |= {p.name for p in (RESULTS / SCREENS).glob("*.jsonl")}
    print(
        "screen                          games  its wins (95% Wilson)       the search's  only it  only the search  McNemar p"
    )
    for name in sorted(names):
        budget = name.removesuffix(".jsonl").rsplit("-", 1)[1]
        if name == f"search-{budget}.jsonl":
            continue
        tried, base = screen_records(name), screen_records(f"search-{budget}.jsonl")
        both = sorted(set(tried) & set(base))
        # Not the rule-aware bot's win (the first games of some screens name their bot by a factory's path).
        a = [any(tried[i]["bots"][seat] != "heuristic" for seat in tried[i]["winners"]) for i in both]
        b = [searcher_won(base[i]) for i in both]
        only_a = sum(x and not y for x, y in zip(a, b, strict=True))
        only_b = sum(y and not x for x, y in zip(a, b, strict=True))
        low, high = wilson(sum(a), len(both))
        print(
            f"{name.removesuffix('.jsonl'):<30}  {len(both):>5}  {sum(a):>4} {sum(a) / len(both):5.1%} ({low:.1%}-{high:.1%})"
            f"  {sum(b):>12}  {only_a:>7}  {only_b:>15}  {mcnemar(only_a, only_b):9.3f}"
        )


def cmd_pack(args: argparse.Namespace) -> None:
    for name in records.pack(ARCHIVE, RESULTS):
        print(f"packed {name}")
    print(f"the records are in {ARCHIVE.relative_to(ROOT)}: results/ may go")


def cmd_report(args: argparse.Namespace) -> None:
    calibration = json.loads(kept_text("strength-calibration.json"))["rows"]
    timed = {(row["players"], row["iterations"]): row for row in calibration}
    rows = []
    for series, folder in (("", ""), (", moves left", MOVES_LEFT)):
        for t in (t for p in (2, 4) for it in BUDGETS if (t := tally(p, it, folder))):
            t["series"] = f"{t['players']} players{series}"
            t["ms"] = timed[t["players"], t["iterations"]]["median_ms"]
            t["p90"] = timed[t["players"], t["iterations"]]["p90_ms"]
            rows.append(t)
    print("series                    iterations  ms/decision  games  search wins  95% Wilson     decided games: wins")
    for t in rows:
        print(
            f"{t['series']:<24}  {t['iterations']:>10}  {t['ms']:>11.1f}  {t['games']:>5}  "
            f"{t['wins']:>5} {t['rate']:6.1%}  {t['low']:5.1%}-{t['high']:5.1%}   "
            f"{t['decided']:>5}: {t['decided_rate']:6.1%} ({t['decided_low']:5.1%}-{t['decided_high']:5.1%})"
        )
    if args.markdown:
        print(
            "\n| players | iterations | ms per searched decision (median; 90th percentile) | games | search bot's wins | 95% Wilson interval |"
        )
        print("|---|---|---|---|---|---|")
        for t in rows:
            print(
                f"| {t['series']} | {t['iterations']:,} | {t['ms']:.0f}; {t['p90']:.0f} | {t['games']:,} | "
                f"**{t['wins']:,} ({t['rate']:.1%})** | {t['low']:.1%}-{t['high']:.1%} |"
            )
    if args.plot:
        plot(rows)


def plot(rows: list[dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    # name, colour, line, x shifted (so that error bars at the same budget stay apart), label offset
    # (None: the games are counted in the legend instead, where labels would overlap)
    series = (
        ("2 players", "tab:blue", "-", 1.0, (6, -12)),
        ("4 players", "tab:orange", "-", 1.0, (6, -12)),
        ("4 players, moves left", "grey", "--", 1.12, None),
    )
    for name, colour, line, shift, offset in series:
        pts = sorted((t for t in rows if t["series"] == name), key=lambda t: t["ms"])
        if not pts:
            continue
        players = pts[0]["players"]
        xs = [t["ms"] * shift for t in pts]
        ys = [100 * t["rate"] for t in pts]
        err = [[100 * (t["rate"] - t["low"]) for t in pts], [100 * (t["high"] - t["rate"]) for t in pts]]
        label = f"{name}: search vs {players - 1} rule-aware"
        if offset is None:
            label += f" ({', '.join(str(t['games']) for t in pts)} games)"
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=4, color=colour, linestyle=line, label=label)
        for x, y, t in zip(xs, ys, pts) if offset is not None else ():
            ax.annotate(f"{t['iterations']} it., {t['games']} games", (x, y),
                        textcoords="offset points", xytext=offset, fontsize=7, color=colour)  # fmt: skip
        ax.axhline(100 / players, color=colour, linestyle=":", linewidth=1)
    ax.axvline(100, color="grey", linestyle="--", linewidth=0.8)
    ax.axhline(75, color="grey", linestyle="--", linewidth=0.8)
    ax.axhline(40, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("median time per searched decision (ms, compiled build, one core, idle)")
    ax.set_ylabel("search bot's wins (%), 95% Wilson interval")
    ax.set_title("The search bot against the rule-aware bot, base game")
    ax.set_ylim(0, 100)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(CURVE, dpi=110)
    print(f"written {CURVE}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    cal = sub.add_parser("calibrate", help="time the search bot's decisions at each budget")
    cal.add_argument("--iterations", type=int, nargs="+", default=list(BUDGETS))
    cal.add_argument("--games", type=int, default=3)
    cal.add_argument("--decisions", type=int, default=40, help="searched decisions timed per game")
    cal.set_defaults(run=cmd_calibrate)
    play = sub.add_parser("play", help="play a match at one budget, in chunks")
    play.add_argument("--players", type=int, choices=(2, 4), required=True)
    play.add_argument("--iterations", type=int, required=True)
    play.add_argument("--games", type=int, required=True, help="play games up to this index")
    play.add_argument(
        "--first", type=int, default=0, help="the first game (a second process, on another core, plays a later range)"
    )
    play.add_argument("--folder", default="", help="a folder under results/ for a series of its own")
    play.set_defaults(run=cmd_play)
    exp = sub.add_parser("experiments", help="variants of the search bot against the curve's, on the same games")
    exp.set_defaults(run=cmd_experiments)
    scr = sub.add_parser("screens", help="the screens of variants against the search as it is, on the same games")
    scr.set_defaults(run=cmd_screens)
    pack = sub.add_parser("pack", help="pack the chunks played since into the records' archive")
    pack.set_defaults(run=cmd_pack)
    rep = sub.add_parser("report", help="win rates with Wilson intervals, and the curve")
    rep.add_argument("--no-plot", dest="plot", action="store_false")
    rep.add_argument("--markdown", action="store_true", help="also print the table as the README's rows")
    rep.set_defaults(run=cmd_report)
    args = parser.parse_args()
    print(builds.which(), flush=True)
    if os.environ.get("PYTHONHASHSEED") != "0":  # catanatron's games, the speed reference, depend on it
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    args.run(args)


if __name__ == "__main__":
    main()
