"""The regression oracle: fingerprints of many seeded bot games, every module set.

    python benchmarks/seeded_games.py --record before.json      # at the commit you start from
    python benchmarks/seeded_games.py --compare before.json     # after your change

A refactoring or a speed change must leave every game the same (same actions,
same final state hash); a rule fix changes only the games where the rule comes
into play, and ``--compare`` lists them. Not a test: a tool for the engineer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from talisman import Game  # noqa: E402
from talisman.bots import make_bot, play_out  # noqa: E402

MODULE_SETS: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    "core": (("core",), {}),
    "core-no-fate": (("core",), {"fate": False, "command-spell": "4e"}),
    "endings": (("endings",), {}),
    "wizards-tower": (("wizards-tower",), {}),
    "master-levels": (("master-levels",), {}),
    "roster": (("roster",), {}),
    "dungeon-4e": (("dungeon-4e", "dungeon-characters"), {}),
    "dungeon-4e-rules": (("dungeon-4e",), {"fight-or-flight": True, "random-treasures": True}),
    "dungeon-classic": (("dungeon-classic",), {}),
    "everything-4e": (("endings", "wizards-tower", "master-levels", "roster", "dungeon-4e"), {}),
    "everything-classic": (("endings", "wizards-tower", "master-levels", "roster", "dungeon-classic"), {}),
    "catacombs": (("catacombs",), {}),
    "airships": (("airships",), {}),
    "city-classic": (("city-classic",), {}),
    "city-districts": (("city-districts",), {}),
    "dungeon-characters": (("dungeon-characters",), {}),
    "all-boards": (("catacombs", "airships", "city-districts", "dungeon-4e", "roster", "endings"), {}),
    **{f"legendary-tales-{n}": (("legendary-tales",), {"adventure": n, "difficulty": 1 + n % 3}) for n in range(1, 6)},
    "legendary-tales-campaign": (("legendary-tales",), {"campaign": True}),
}


def fingerprint(modules: tuple[str, ...], options: dict[str, object], seed: int, bot: str, players: int) -> dict:
    g = Game.new(players=players, modules=modules, options=dict(options), seed=seed, log=False)
    bots = {i: make_bot(bot, seed * 7 + i) for i in range(len(g.players))}
    steps = play_out(g, bots, max_turns=150)
    return {"steps": steps, "turn": g.turn, "hash": g.state_hash(), "result": g.result}


def run(games: int, sets: list[str]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for name, (modules, options) in MODULE_SETS.items():
        if sets and not any(name.startswith(s) for s in sets):
            continue
        for bot in ("random", "heuristic"):
            for seed in range(games):
                players = 2 + seed % 3
                out[f"{name}/{bot}/{seed}"] = fingerprint(modules, options, seed, bot, players)
        print(f"  {name}: {games * 2} games", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record", type=Path)
    ap.add_argument("--compare", type=Path)
    ap.add_argument("--games", type=int, default=15, help="seeds per module set and bot")
    ap.add_argument("--sets", nargs="*", default=[], help="only the module sets whose names begin so")
    args = ap.parse_args()
    start = time.perf_counter()
    now = run(args.games, args.sets)
    print(f"{len(now)} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if args.record:
        args.record.write_text(json.dumps(now, indent=0, sort_keys=True))
    if args.compare:
        before = json.loads(args.compare.read_text())
        differ = [k for k in before if k in now and before[k] != now[k]]
        for k in differ:
            print(f"differs: {k}: {before[k]['steps']} steps -> {now[k]['steps']}")
        print(f"{len(differ)} of {len(before)} games differ")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
