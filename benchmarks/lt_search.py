"""The Legendary Tales search bot against the rule-aware policy: the same seeded games as
``talisman simulate`` (so the two bots meet the same draws), each adventure with the party's
success and its 95% Wilson interval, and the search's median time per decision.

    python benchmarks/lt_search.py --bot search:4 --games 40 --out lt-search4.jsonl

The records are those of ``talisman simulate`` (``talisman report FILE --out DIR`` draws them),
each with ``search_seconds``: the time of every search the bots made in that game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import builds  # benchmarks/builds.py: the build measured is the one on PYTHONPATH

builds.use()

from talisman.bots.search import SearchBot  # noqa: E402
from talisman.engine.game import Game  # noqa: E402
from talisman.engine.view import agent_view  # noqa: E402
from talisman.sim import analysis, runner  # noqa: E402


def play(spec: runner.GameSpec) -> dict[str, object]:
    """One game as ``runner.play_game`` plays it, with the search times kept."""
    t0 = time.perf_counter()
    g = Game.new(
        None, players=spec.players, modules=spec.modules, options=dict(spec.options), seed=spec.seed, log=False
    )
    agents = [runner.make_agent(b, spec.seed * 8 + seat) for seat, b in enumerate(spec.bots)]
    actions = 0
    while g.result is None and g.turn <= spec.max_turns:
        d = g.decision
        assert d is not None
        g.apply(agents[d.player].choose(agent_view(g, d.player), d))
        actions += 1
    result = g.result or {"winners": [], "how": runner.UNFINISHED}
    # the search of a game of its own (Legendary Tales' module) is the search bot's ``own``
    times = [t for a in agents if isinstance(a, SearchBot) and a.own is not None for t in a.own.times]
    return {
        "index": spec.index,
        "seed": spec.seed,
        "players": spec.players,
        "modules": list(spec.modules),
        "bots": list(spec.bots),
        "characters": [p.character for p in g.players],
        "winners": list(result["winners"]),
        "ending": result["how"],
        "finished": g.result is not None,
        "turns": g.turn,
        "actions": actions,
        "deaths": [],
        "seconds": round(time.perf_counter() - t0, 4),
        "options": dict(spec.options),
        "won": bool(result.get("won")),
        "adventure": g.globals["adventure"],
        "stars": g.globals["stars"],
        "tasks_done": g.globals["step"] + bool(result.get("won")),
        "search_seconds": [round(t, 5) for t in times],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot", default="search:4")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--adventures", default="1,2,3,4,5")
    p.add_argument("--stars", type=int, default=2)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--out", required=True)
    p.add_argument("--quick", action="store_true", help="one short game (the tests')")
    a = p.parse_args()
    if a.quick:
        a.games, a.adventures, a.bot = 1, "1", "search:1"
    print(builds.which(), flush=True)
    adventures = [int(x) for x in a.adventures.split(",")]
    todo = runner.sweep(
        a.games,
        [a.players],
        [a.bot],
        a.seed,
        ("legendary-tales",),
        {"adventure": adventures, "difficulty": [a.stars]},
    )
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = []
    with out.open("w", encoding="utf-8") as f:
        for spec in todo:
            r = play(spec)
            done.append(r)
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
            f.flush()
    for row in analysis.party(done):
        print(
            f"adventure {row['adventure']}: {row['wins']}/{row['games']} = {100 * row['rate']:.1f}% "
            f"({100 * row['low']:.1f}-{100 * row['high']:.1f}%)"
        )
    times = [t for r in done for t in r["search_seconds"]]  # type: ignore[attr-defined]
    if times:
        print(f"{len(times)} searches, median {1000 * statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
