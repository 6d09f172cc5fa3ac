"""The levels for people on one rating scale: Bradley-Terry ratings, with 95% bootstrap intervals,
fitted on two-player games between the levels (``talisman.sim.balance.rating``), fair at 0.

The games are ``talisman simulate`` records (JSON lines), given as files or members of the records'
archive (``ARCHIVE:MEMBER``, a pattern reads each member it matches: :mod:`talisman.sim.records`); a bot named by what it
is counts as the level it plays (``heuristic`` is fair, ``search:24`` hard, ``search:240``
strongest), so that earlier strength runs count too. For example, the pairs of docs/bots.md:

    talisman simulate --games 200 --players 2 --bot gentle,fair --rotate --seed 2027 --out gf.jsonl
    talisman simulate --games 100 --players 2 --bot hard,fair --rotate --seed 2028 --out hf.jsonl
    python benchmarks/levels.py gf.jsonl hf.jsonl 'benchmarks/records.tar.xz:strength-2p-240it-*.jsonl'

``--quick`` fits a few made-up games (the test suite's run).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import builds

builds.use()

from talisman.bots.levels import HARD_ITERATIONS, LEVELS, STRONGEST_ITERATIONS  # noqa: E402
from talisman.sim import records  # noqa: E402
from talisman.sim.balance.rating import Game, fit_ratings, record_game  # noqa: E402

AS_LEVEL = {
    "heuristic": "fair",
    f"search:{HARD_ITERATIONS}": "hard",
    f"search:{STRONGEST_ITERATIONS}": "strongest",
    f"strongest:{STRONGEST_ITERATIONS}": "strongest",
}


def level_games(paths: list[str]) -> list[Game]:
    """The two-player games between levels in these record files, each bot named as its level."""
    games: list[Game] = []
    for path in records.expand(paths):
        for line in records.read_text(path).splitlines():
            if not line.strip():
                continue
            bots, shares = record_game(json.loads(line))
            named = [AS_LEVEL.get(b, b) for b in bots]
            if len(named) == 2 and all(b in LEVELS for b in named):
                games.append((named, shares))
    return games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("records", nargs="*", help="talisman simulate records (JSON lines), or ARCHIVE:MEMBER")
    ap.add_argument("--seed", type=int, default=1, help="the bootstrap's seed")
    ap.add_argument("--quick", action="store_true", help="a few made-up games: shows it works (the tests')")
    args = ap.parse_args()
    print(builds.which(), flush=True)
    if args.quick:
        games: list[Game] = [(("gentle", "fair"), (0.0, 1.0))] * 3 + [(("fair", "hard"), (1.0, 0.0))] * 2
        games += [(("gentle", "fair"), (1.0, 0.0)), (("hard", "strongest"), (0.0, 1.0))]
    else:
        games = level_games(args.records)
    if not games:
        sys.exit("no two-player games between levels in these records")
    pairs = Counter(" - ".join(sorted(bots)) for bots, _ in games)
    print("games:", ", ".join(f"{pair} {n}" for pair, n in sorted(pairs.items())))
    played = [name for name in LEVELS if any(name in bots for bots, _ in games)]
    ratings = fit_ratings(games, played, seed=args.seed, anchor="fair" if "fair" in played else None)
    print("| level | rating | 95% interval | games |")
    print("|---|---|---|---|")
    for r in ratings:
        print(f"| {r['name']} | {r['rating']:+.0f} | {r['low']:+.0f} to {r['high']:+.0f} | {r['games']} |")


if __name__ == "__main__":
    main()
