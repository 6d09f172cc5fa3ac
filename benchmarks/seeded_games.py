"""The regression oracle: fingerprints of many seeded bot games, every module set.

    python benchmarks/seeded_games.py --record before.json      # at the commit you start from
    python benchmarks/seeded_games.py --compare before.json     # after your change

A refactoring or a speed change must leave every game the same (same actions,
same final state hash); a rule fix changes only the games where the rule comes
into play, and ``--compare`` lists them. Not a test: a tool for the engineer.
The games are played by the one game loop (``talisman.bots.loop.play``) with the
bots seeded as every game loop seeds them (``bot_seed``); records made before
7 December's evening seeded them otherwise, and compare with nothing made since.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman import Game  # noqa: E402
from talisman.bots import make_bot  # noqa: E402
from talisman.bots.loop import bot_seed, play  # noqa: E402
from talisman.engine.view import agent_view  # noqa: E402

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
    "worlds": (("worlds",), {}),
    "worlds-quests": (("worlds",), {"worlds-quests": True}),
    "timescape": (("timescape",), {}),
    "emperors-guard": (("emperors-guard",), {}),
    "brotherhood": (("brotherhood",), {}),
    "disasters": (("disasters",), {}),
    "optional-rules": (("optional-rules",), {}),
    "classic-city-set": (
        ("city-classic", "timescape", "emperors-guard", "brotherhood", "disasters", "optional-rules", "master-levels"),
        {},
    ),
    **{f"legendary-tales-{n}": (("legendary-tales",), {"adventure": n, "difficulty": 1 + n % 3}) for n in range(1, 6)},
    "legendary-tales-campaign": (("legendary-tales",), {"campaign": True}),
}


def fingerprint(modules: tuple[str, ...], options: dict[str, object], seed: int, bot: str, players: int) -> dict:
    g = Game.new(players=players, modules=modules, options=dict(options), seed=seed, log=False)
    bots = {i: make_bot(bot, bot_seed(seed, i)) for i in range(len(g.players))}
    played = hashlib.sha256()
    steps = play(
        g,
        lambda d: bots[d.player].choose(agent_view(g, d.player), d),
        max_turns=150,
        chosen=lambda d, choice: played.update(choice.encode() + b"\n"),
    )
    actions = played.hexdigest()[:16]
    return {"steps": steps, "turn": g.turn, "actions": actions, "hash": g.state_hash(), "result": g.result}


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
    ap.add_argument(
        "--actions-only",
        action="store_true",
        help="compare the actions played only, not the final state's hash (a change that adds data to the "
        "state, the same games played)",
    )
    ap.add_argument("--quick", action="store_true", help="one game of the base game per bot (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games, args.sets = 1, ["core-no-fate"]
    print(builds.which(), flush=True)
    start = time.perf_counter()
    now = run(args.games, args.sets)
    print(f"{len(now)} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if args.record:
        args.record.write_text(json.dumps(now, indent=0, sort_keys=True))
    if args.compare:
        before = json.loads(args.compare.read_text())
        keys = ("steps", "turn", "actions", "result") if args.actions_only else None

        def same(a: dict, b: dict) -> bool:
            return a == b if keys is None else all(a.get(k) == b.get(k) for k in keys)

        differ = [k for k in before if k in now and not same(before[k], now[k])]
        for k in differ:
            print(f"differs: {k}: {before[k]['steps']} steps -> {now[k]['steps']}")
        print(f"{len(differ)} of {len(before)} games differ")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
