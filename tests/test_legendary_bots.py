"""Bots in Legendary Tales: the heuristic bot answers its decisions with the cooperative policy
(modules/legendary_tales/policy.py), always legally, and wins clearly more often than random play; the search bot
(modules/legendary_tales/search.py) plays every adventure to its end, is deterministic for a seed, and
plans on sampled worlds that depend only on what its seat sees."""

from __future__ import annotations

import random

import pytest

from talisman import Game
from talisman.bots.base import make_bot, play_out
from talisman.bots.search import SearchBot
from talisman.engine.view import agent_view
from talisman.modules.legendary_tales.adventures import CLUES
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.policy import LegendaryPolicy, short
from talisman.modules.legendary_tales.sampling import sample_world, shuffled_groups
from talisman.modules.legendary_tales.search import SEARCHED, LegendarySearch, quick_view

LT = ["legendary-tales"]


def wins(bot: str, games: int, adventure: int = 1) -> int:
    won = 0
    for seed in range(games):
        g = Game.new(
            None, players=2, modules=LT, options={"difficulty": 3, "adventure": adventure}, seed=seed, log=False
        )
        play_out(g, [make_bot(bot, seed * 7 + i) for i in range(2)], max_turns=3000)
        assert g.is_over and not g.stalled
        won += bool(g.result and g.result["won"])
    return won


@pytest.mark.rules("legendary-tales.cooperative-goal")
def test_the_rule_aware_bot_wins_adventure_one_far_more_often_than_random_play() -> None:
    # measured over 60 games each: 92% against 35% at three stars with two heroes
    assert wins("heuristic", 20) >= wins("random", 20) + 5


def quick_search(seed: int) -> LegendarySearch:
    """A search with the smallest budget: one world and rollouts of two turns, for fast tests."""
    return LegendarySearch(random.Random(seed), iterations=1, horizon=2)


def policy_game(adventure: int, seed: int, actions: int, heroes: int = 2) -> Game:
    """A game of ``adventure`` played ``actions`` steps on by the policy."""
    g = Game.new(None, players=heroes, modules=LT, options={"adventure": adventure, "difficulty": 2}, seed=seed)
    policy = LegendaryPolicy(random.Random(seed))
    for _ in range(actions):
        d = g.decision
        assert d is not None
        g.apply(policy.choose(agent_view(g, d.player), d))
    return g


@pytest.mark.parametrize("adventure", [1, 2, 3, 4, 5])
def test_every_adventure_plays_to_its_end_with_the_search_bot(adventure: int) -> None:
    g = Game.new(["dwarf", "wizard"], modules=LT, options={"adventure": adventure}, seed=adventure, log=False)
    bot = quick_search(1)
    play_out(g, [bot, make_bot("heuristic", 2)], max_turns=3000)
    assert g.is_over and g.result is not None and "won" in g.result
    assert bot.times  # it did search


def test_the_search_controller_searches_legendary_decisions() -> None:
    g = policy_game(1, 3, 0)
    bot = SearchBot(random.Random(1), iterations=1)
    while g.decision is not None and g.decision.kind != "lt-return":
        d = g.decision
        g.apply(bot.choose(agent_view(g, d.player), d))
    assert g.decision is not None
    assert bot.choose(agent_view(g, g.decision.player), g.decision) in ("keep", "return")
    assert bot.last["iterations"] == 1 and set(bot.last["options"]) == {"keep", "return"}


def choices(bot: LegendarySearch, g: Game, searched: int) -> list[str]:
    """Play ``g`` on with ``bot`` for every seat until it has searched ``searched`` times."""
    out = []
    while g.decision is not None and len(bot.times) < searched:
        d = g.decision
        out.append(bot.choose(agent_view(g, d.player), d))
        g.apply(out[-1])
    return out


def test_the_search_keeps_to_a_time_budget() -> None:
    g = policy_game(2, 4, 10)
    bot = LegendarySearch(random.Random(1), iterations=0, seconds=0.05)
    choices(bot, g, 3)
    assert all(t < 0.05 + 0.5 for t in bot.times)  # at most one rollout per option past the deadline
    assert bot.last["iterations"] >= 1


def test_the_search_is_deterministic_for_a_seed() -> None:
    runs = [choices(LegendarySearch(random.Random(5), iterations=2, horizon=2), policy_game(2, 4, 10), 12)]
    runs.append(choices(LegendarySearch(random.Random(5), iterations=2, horizon=2), policy_game(2, 4, 10), 12))
    assert runs[0] == runs[1] and len(runs[0]) >= 12


def state(g: Game) -> tuple[object, ...]:
    return g.rng.state, g.decks, g.board, g.globals, g.counters, g.stack, [p.space for p in g.players]


def disguised(g: Game) -> Game:
    """The same game as its seats see it, with all they cannot see changed: the bags and the
    Reward bag in another order, the random source reseeded, the tokens lying face down of each
    shuffled placement exchanged (in adventure 5 before the hideout is told, another hideout)."""
    h = g.clone()
    h.rng.state ^= 0x5DEECE66D
    for name in h.decks:
        if name.startswith("bag:") or name in ("reward", "box"):
            h.decks[name].reverse()
    down = set(h.globals["down"])
    cat = catalogue()
    if h.globals["adventure"] == 5 and h.globals["step"] == 0:
        dropped = next(t for t in h.decks["box"] if cat.tokens[t].key == CLUES[h.globals["hideout"]])
        where, i = next(
            (w, i)
            for w, ts in h.board.items()
            for i, t in enumerate(ts)
            if t in down and cat.tokens[t].key in CLUES.values()
        )
        other = h.board[where][i]
        h.board[where][i] = dropped
        h.decks["box"][h.decks["box"].index(dropped)] = other
        h.globals = {
            **h.globals,
            "hideout": next(p for p, k in CLUES.items() if k == cat.tokens[other].key),
            "down": [*down - {other}, dropped],
        }
        down = set(h.globals["down"])
    for tokens, at in shuffled_groups(h.globals["adventure"]):
        spots = [
            (w, i)
            for w, ts in h.board.items()
            if h.rules.spaces[w].id in at
            for i, t in enumerate(ts)
            if t in down and t in tokens
        ]
        for back in {cat.tokens[h.board[w][i]].back for w, i in spots}:
            mine = [(w, i) for w, i in spots if cat.tokens[h.board[w][i]].back == back]
            ids = [h.board[w][i] for w, i in mine]
            for (w, i), t in zip(mine, ids[1:] + ids[:1], strict=True):
                h.board[w][i] = t
    return h


@pytest.mark.parametrize(("adventure", "actions"), [(1, 0), (2, 25), (3, 12), (4, 6), (5, 0), (5, 30)])
def test_a_sampled_world_depends_only_on_what_the_seats_see(adventure: int, actions: int) -> None:
    g = policy_game(adventure, adventure, actions)
    h = disguised(g)
    assert g.view(0) | {"locations": None} == h.view(0) | {"locations": None}
    assert state(g) != state(h)
    worlds = [sample_world(x, 0, random.Random(9)) for x in (g, h)]
    assert state(worlds[0]) == state(worlds[1])


@pytest.mark.parametrize("adventure", [2, 5])
def test_the_search_chooses_the_same_in_games_that_look_the_same(adventure: int) -> None:
    g = policy_game(adventure, 2, 0)
    policy = LegendaryPolicy(random.Random(0))
    for _ in range(6):  # at six searched decisions in a row
        while (d := g.decision) is not None and (d.kind not in SEARCHED or len(d.options) < 2):
            g.apply(policy.choose(agent_view(g, d.player), d))
        assert d is not None
        h = disguised(g)
        bots = [LegendarySearch(random.Random(3), iterations=3, horizon=2) for _ in (g, h)]
        picked = [bot.choose(agent_view(x, d.player), d) for bot, x in zip(bots, (g, h), strict=True)]
        assert picked[0] == picked[1] and bots[0].last == bots[1].last
        g.apply(picked[0])


def test_a_sampled_world_exchanges_face_down_tokens_only_within_their_placement() -> None:
    g = policy_game(1, 6, 0)
    down = set(g.globals["down"])
    seen = set()
    for seed in range(6):
        w = sample_world(g, 0, random.Random(seed))
        assert sorted(map(sorted, w.board.values())) != [] and sorted(sum(w.board.values(), [])) == sorted(
            sum(g.board.values(), [])
        )
        for where, tokens in g.board.items():
            for i, t in enumerate(tokens):
                if t not in down:
                    assert w.board[where][i] == t  # what lies face up stays
        seen.add(tuple(tuple(w.board[k]) for k in sorted(w.board)))
    assert len(seen) > 1


def test_the_quick_view_shows_the_policy_what_the_view_does() -> None:
    for adventure in range(1, 6):
        g = policy_game(adventure, adventure, 20)
        full, quick = g.view(0), quick_view(g)
        assert quick["heroes"] == [{k: h[k] for k in quick["heroes"][0]} for h in full["heroes"]]
        assert quick["locations"] == [{k: loc[k] for k in quick["locations"][0]} for loc in full["locations"]]
        assert quick["scroll"] == full["scroll"] and quick["adventure"]["task"] == full["adventure"]["task"]


def test_the_policy_draws_no_more_once_the_enemies_here_are_beaten() -> None:
    view = {
        "heroes": [{"location": 0}],
        "locations": [{"tokens": [{"face_up": True, "kind": "enemy", "icons": ["sword", "hat"], "health": 1}]}],
        "drawn": [{"icons": ["sword"]}, {"icons": ["hat"]}, {"icons": ["sword/hat"]}],
    }
    assert short(view, 0) == (0, 1)
    view["drawn"].append({"icons": ["hat"]})
    assert short(view, 0) == (0, 0)
