"""How many of a person's questions are real choices, in full four-player games.

    python benchmarks/real_choices.py                       # with the standing answers a new player gets
    python benchmarks/real_choices.py --standing none       # with none: every question asked
    python benchmarks/real_choices.py --standing no-fate,spells-own-turn

Seat 0 stands for the person (the rule-aware bot answers for it, as for every
seat). Each decision asked of seat 0 is counted by kind: *prompts* are the Fate
reroll questions (``fate``) and the Spell offers at the start of another
player's turn (``others-turn``); every other decision is a *real choice* (a
move, a fight, an encounter...). A decision that seat 0's standing answers
answer for it is not asked, so not counted (the front ends answer it); a Fate
reroll shown beside the die (``fate-beside-die``) stops nothing and is counted
apart, as an *offer beside the die* (the bot still answers it, as a person may
click it). By default seat 0 has the standing answers a new player gets
(:data:`talisman.engine.standing.NEW_PLAYER`). Prints the decisions per game by
kind and the share of real choices.
"""

from __future__ import annotations

import argparse
from collections import Counter

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman import Game  # noqa: E402
from talisman.bots import act, make_bot  # noqa: E402
from talisman.engine.standing import NEW_PLAYER, beside_the_die, check_answers, standing_answer  # noqa: E402

PROMPTS = ("fate", "others-turn")
BESIDE = "beside the die"


def count_questions(seed: int, modules: tuple[str, ...], standing: tuple[str, ...]) -> Counter[str]:
    """The kinds of the decisions seat 0 is asked in one whole seeded game (and its offers beside the die)."""
    g = Game.new(players=4, modules=modules, seed=seed, log=False)
    bots = [make_bot("heuristic", seed * 7 + i) for i in range(4)]
    asked: Counter[str] = Counter()
    while not g.is_over and g.turn <= 1000:
        d = g.decision
        auto = standing_answer(g, standing) if d.player == 0 else None
        if auto is not None:
            g.apply(auto)
            continue
        if d.player == 0:
            asked[BESIDE if beside_the_die(g, standing) else d.kind] += 1
        g.apply(act(bots[d.player], g))
    return asked


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--modules", default="core", help="comma-separated modules (default: core)")
    ap.add_argument(
        "--standing",
        default=",".join(NEW_PLAYER),
        help=f"seat 0's standing answers, comma-separated, or none (default: a new player's, {','.join(NEW_PLAYER)})",
    )
    ap.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works (the tests')")
    args = ap.parse_args()
    if args.quick:
        args.games = 1
    print(builds.which(), flush=True)
    standing = () if args.standing == "none" else check_answers(s for s in args.standing.split(",") if s)
    modules = tuple(m for m in args.modules.split(",") if m)
    total: Counter[str] = Counter()
    for seed in range(args.games):
        total += count_questions(seed, modules, standing)
    beside = total.pop(BESIDE, 0)
    n = sum(total.values())
    prompts = sum(total[k] for k in PROMPTS)
    print(
        f"{args.games} four-player games ({args.modules}), seat 0's standing answers: {', '.join(standing) or 'none'}"
    )
    print(f"questions asked of seat 0: {n / args.games:.1f} a game")
    for kind, c in total.most_common(12):
        print(f"  {kind:18} {c / args.games:7.1f} a game  {100 * c / n:5.1f}%")
    print(
        f"Fate rerolls: {100 * total['fate'] / n:.1f}%; Spells at another's turn start: {100 * total['others-turn'] / n:.1f}%"
    )
    if beside:
        print(f"Fate rerolls offered beside the die, not stopping the game: {beside / args.games:.1f} a game")
    print(f"real choices: {100 * (n - prompts) / n:.1f}% of the questions ({(n - prompts) / args.games:.1f} a game)")


if __name__ == "__main__":
    main()
