"""The search bot and the agent interface: it plans only on sampled worlds
(never the hidden cards), always answers legally, and keeps to its budget."""

from __future__ import annotations

import random
import time

import pytest

from talisman import Game
from talisman.bots import act, make_bot, observe, play_out
from talisman.bots.evaluation import evaluate
from talisman.bots.search import SearchBot
from talisman.engine.cards import check_conservation
from talisman.engine.determinise import determinise, hidden_from
from talisman.engine.view import LazyView
from talisman.errors import ConfigError


def _midgame(seed: int = 4, players: int = 3, turns: int = 25) -> Game:
    g = Game.new(players=players, seed=seed, log=False)
    bots = [make_bot("heuristic", seed + i) for i in range(players)]
    while not g.is_over and g.turn < turns:
        g.apply(act(bots[g.decision.player], g))
    return g


@pytest.mark.rules("spells-scrolls.spell.hidden")
def test_a_sampled_world_redraws_only_what_the_seat_cannot_see():
    g = Game.new(["wizard", "warrior", "priest"], seed=11, log=False)
    before = g.state_dict()
    seen_before = observe(g, 1)["players"][1]
    worlds = [determinise(g, 1, random.Random(k)) for k in range(12)]
    assert g.state_dict() == before  # the real game is untouched
    assert any(w.players[0].spells != g.players[0].spells for w in worlds)  # the Wizard's hand is redrawn
    assert any(w.decks["adventure"] != g.decks["adventure"] for w in worlds)  # deck order too
    for w in worlds:
        check_conservation(w)
        assert w.players[1].spells == g.players[1].spells  # the seat's own hand stays
        assert [len(p.spells) for p in w.players] == [len(p.spells) for p in g.players]
        assert sorted(w.decks["purchase"]) == sorted(g.decks["purchase"])
        assert observe(w, 1)["players"][1] == seen_before  # the same view of its own sheet
        assert w.rng.state != g.rng.state  # the dice to come are redrawn
    assert all(seat != 1 for seat, _, _ in hidden_from(g, 1))


def test_a_spectator_sample_hides_every_hand_and_a_world_plays_on():
    g = _midgame(seed=1)  # a game where someone holds a Spell at turn 25
    w = determinise(g, None, random.Random(3))
    hidden = hidden_from(g, None)
    assert sum(1 for _, h, _ in hidden if h == "spells") == sum(len(p.spells) for p in g.players) > 0
    bots = [make_bot("heuristic", i) for i in range(3)]
    while not w.is_over and w.turn < g.turn + 6:
        w.apply(act(bots[w.decision.player], w))
        check_conservation(w)


def test_the_lazy_view_is_the_view():
    g = _midgame(seed=8)
    for seat in (None, 0, 1, 2):
        lazy = LazyView(g, seat)
        assert {k: (list(v) if k == "players" else v) for k, v in lazy.items()} == g.view(seat)
    assert observe(g, 1)["players"][1] == g.view(1)["players"][1]


def test_search_bot_answers_every_decision_legally_in_a_whole_game():
    g = Game.new(players=2, seed=21, log=False)
    bots = [SearchBot(random.Random(1), iterations=4), make_bot("heuristic", 2)]
    searched = 0
    while not g.is_over and g.turn <= 400:
        d = g.decision
        choice = bots[d.player].choose(observe(g, d.player), d)
        assert choice in d.ids
        searched += d.player == 0 and bool(bots[0].last)
        g.apply(choice)
    assert searched > 10
    check_conservation(g)


def test_search_bot_keeps_to_its_iteration_budget_and_is_reproducible():
    g = _midgame(seed=5, players=2, turns=12)
    while not g.is_over:
        d = g.decision
        if d.kind == "move" and len(d.ids) > 1:
            break
        g.apply(act(make_bot("heuristic", 0), g))
    d = g.decision
    a, b = SearchBot(random.Random(9), iterations=10), SearchBot(random.Random(9), iterations=10)
    before = g.state_hash()
    first, second = a.choose(observe(g, d.player), d), b.choose(observe(g, d.player), d)
    assert g.state_hash() == before  # searching never touches the real game
    assert first == second and first in d.ids
    assert a.last["iterations"] == 10
    assert sum(n for n, _ in a.last["options"].values()) == 10


def test_search_bot_keeps_to_a_time_budget():
    g = _midgame(seed=6, players=2, turns=10)
    while g.decision.kind != "move" or len(g.decision.ids) < 2:
        g.apply(act(make_bot("heuristic", 0), g))
    bot = SearchBot(random.Random(1), iterations=0, seconds=0.05)
    t0 = time.perf_counter()
    bot.choose(observe(g, g.decision.player), g.decision)
    assert time.perf_counter() - t0 < 0.05 + 0.5  # one iteration may finish past the deadline
    assert bot.last["iterations"] >= 1


def test_search_bot_needs_a_view_that_can_sample_and_a_budget():
    g = _midgame(seed=6, players=2, turns=10)
    while g.decision.kind != "move" or len(g.decision.ids) < 2:
        g.apply(act(make_bot("heuristic", 0), g))
    with pytest.raises(ConfigError, match="observe"):
        SearchBot(random.Random(1)).choose(g.view(g.decision.player), g.decision)
    with pytest.raises(ConfigError):
        SearchBot(random.Random(1), iterations=0)


def test_evaluation_is_a_share_of_the_win():
    g = _midgame(seed=3)
    values = evaluate(g)
    assert len(values) == 3 and abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
    g2 = g.clone()
    g2.end([1], "test")
    assert evaluate(g2) == [0.0, 1.0, 0.0]


def test_play_out_and_make_bot_know_the_search_bot():
    g = Game.new(players=2, seed=2, log=False)
    play_out(g, [make_bot("search", 1), make_bot("random", 2)], max_turns=6)
    assert g.turn >= 6 or g.is_over


def test_a_seats_second_character_hides_nothing_from_it():
    """A Mirror Image's Spells are its own seat's: a sampled world keeps them."""
    from talisman.engine.determinise import hidden_from
    from talisman.testing import Scenario

    s = Scenario(["wizard", "warrior"], modules=("core", "master-levels"))
    g = s.game
    g.push("mirror_pass", p=0)
    g.advance()
    twin = next(p.seat for p in g.players if p.seat != 0 and g.controller(p.seat) == 0)
    g.players[twin].spells.append(g.decks["spell"].pop())
    owners = {owner for owner, _, _ in hidden_from(g, 0)}
    assert twin not in owners and 0 not in owners
    assert {owner for owner, _, _ in hidden_from(g, 1)} >= {0, twin}


def test_the_search_leaves_the_rule_aware_choice_only_by_its_margin(monkeypatch):
    """Where the most visited option is not the rule-aware bot's, the search plays it only if
    its mean value beats the rule-aware choice's by more than ``MARGIN``."""
    from talisman.bots import search

    g = Game.new(players=2, seed=5, log=False)
    rule_aware = make_bot("heuristic", 1)
    monkeypatch.setattr(search, "MARGIN", -1.0)  # any departure the search finds stands
    while not g.is_over:
        d = g.decision
        bot = SearchBot(random.Random(3), iterations=30)
        choice = bot.choose(observe(g, d.player), d)
        found = bot.last
        if found and choice != found["prior"]:
            break
        g.apply(act(rule_aware, g))
    else:
        pytest.fail("no decision on which the search departs from the rule-aware bot")
    gap = found["options"][choice][1] - found["options"][found["prior"]][1]
    assert found["options"][choice][0] >= found["options"][found["prior"]][0]  # the most visited
    for margin, expected in ((gap - 1e-9, choice), (gap + 1e-9, found["prior"])):
        monkeypatch.setattr(search, "MARGIN", margin)
        again = SearchBot(random.Random(3), iterations=30)  # the same seed: the same search
        assert again.choose(observe(g, d.player), d) == expected


@pytest.mark.parametrize(("players", "turns"), [(2, 1), (3, 2), (4, 3)])
def test_a_rollout_plays_a_whole_round_of_the_others_by_default(players, turns):
    """After the searching seat's turn, each other seat plays one turn before the position is
    valued (a lone turn of the next seat missed what the rest could do to the bot in four-player
    games); an explicit ``horizon`` still counts turns."""
    g = _midgame(seed=5, players=players, turns=8)
    world = g.clone()
    SearchBot(random.Random(1))._rollout(world, g.decision.player)
    assert world.is_over or world.turn == g.turn + turns + 1
    world = g.clone()
    SearchBot(random.Random(1), horizon=1)._rollout(world, g.decision.player)
    assert world.is_over or world.turn == g.turn + 2


def test_the_fitted_evaluation_reads_its_weights_and_prefers_the_stronger():
    """The weights fitted on games' outcomes (talisman/bots/evaluation.toml) are read, each for a
    feature the evaluation knows, and a character made stronger, healthier and holding a Talisman
    gets a larger share of the win."""
    from talisman.bots.evaluation import FEATURES, fitted_weights

    weights = dict(zip(FEATURES, fitted_weights(), strict=True))
    assert weights["strength"] > 0 and weights["lives"] > 0 and weights["talisman"] > 0
    g = _midgame(seed=3, players=2, turns=10)
    before = evaluate(g, fitted_weights())
    assert abs(sum(before) - 1) < 1e-9
    better = g.clone()
    p = better.players[0]
    p.strength += 2
    p.lives += 1
    p.objects.append(next(i for i, card in enumerate(better.rules.instances) if "talisman" in card.traits))
    after = evaluate(better, fitted_weights())
    assert after[0] > before[0] + 0.05 and after[1] < before[1]


def test_fitted_weights_for_an_unknown_feature_are_refused(tmp_path, monkeypatch):
    from talisman.bots import evaluation

    bad = tmp_path / "evaluation.toml"
    bad.write_text("[weights]\nstrength = 0.1\nluck = 2.0\n")
    with pytest.raises(ConfigError, match="luck"):
        evaluation.fitted_weights.__wrapped__(bad)


def test_the_search_variants_for_analysis_score_and_roll_out_as_they_say():
    """search-fitted plays the search with the evaluation fitted on rule-aware games, search-self-fitted
    with the one fitted on the search's own games, search-far with the first and rollouts of two rounds;
    search-randomised the search whose rollouts take a tenth of their choices at random: same seed, same
    budget, other choices or values."""
    from talisman.bots.evaluation import SEARCHED_WEIGHTS_FILE, WEIGHTS_FILE, fitted_weights
    from talisman.bots.search import FAR_HORIZON
    from talisman.sim.roster import make

    g = _midgame(seed=5, players=2, turns=12)
    while g.decision.kind != "move" or len(g.decision.ids) < 3:
        g.apply(act(make_bot("heuristic", 0), g))
    found = {}
    for name in ("search", "search-fitted", "search-self-fitted", "search-far", "search-randomised"):
        bot = make(f"{name}:16", seed=3)
        bot.choose(observe(g, g.decision.player), g.decision)
        found[name] = bot.last["options"]
    assert len({str(options) for options in found.values()}) == len(found)
    assert make("search-fitted:16", seed=3).weights == fitted_weights(WEIGHTS_FILE)
    assert make("search-self-fitted:16", seed=3).weights == fitted_weights(SEARCHED_WEIGHTS_FILE)
    assert fitted_weights(SEARCHED_WEIGHTS_FILE) != fitted_weights(WEIGHTS_FILE)
    far = make("search-far:16", seed=3)
    assert far.weights == fitted_weights(WEIGHTS_FILE) and far.horizon == FAR_HORIZON == 3
    assert make("search:16", seed=3).weights is None and make("search-randomised:16", seed=3).epsilon == 0.1


def test_the_paired_search_tries_every_option_on_the_same_worlds(monkeypatch):
    """search-paired (with the fitted evaluation) spends its budget in blocks of one world per
    option: within a block every option is played on a world drawn from one seed (the same cards
    and dice), the blocks' seeds differ, every option gets as many visits, and the best valued one
    is played, or the rule-aware choice unless another looks better by MARGIN."""
    from talisman.bots.search import MARGIN, candidates
    from talisman.sim.roster import make

    g = _midgame(seed=5, players=2, turns=12)
    while g.decision.kind != "move" or len(g.decision.ids) < 3:
        g.apply(act(make_bot("heuristic", 0), g))
    drawn: list[object] = []
    sample = LazyView.sample_world

    def recorded(view: LazyView, rng: random.Random) -> Game:
        drawn.append(rng.getstate())
        return sample(view, rng)

    monkeypatch.setattr(LazyView, "sample_world", recorded)
    bot = make("search-paired:16", seed=3)
    assert bot.weights is not None
    choice = bot.choose(observe(g, g.decision.player), g.decision)
    k = len(candidates(g.decision))
    blocks = [drawn[i : i + k] for i in range(0, len(drawn), k)]
    assert bot.last["iterations"] == len(drawn) == 16 // k * k
    assert all(len(set(block)) == 1 for block in blocks) and len({b[0] for b in blocks}) == len(blocks)
    assert {visits for visits, _ in bot.last["options"].values()} == {16 // k}
    monkeypatch.setattr(LazyView, "sample_world", sample)
    seat, departed, other = g.decision.player, 0, make_bot("heuristic", 1)
    for _ in range(30):  # this and the next searched decisions: the best valued option, or the prior by MARGIN
        found, prior = bot.last["options"], bot.last["prior"]
        best = max(found, key=lambda i: found[i][1])
        assert choice == (best if found[best][1] - found[prior][1] >= MARGIN else prior)
        departed += choice != prior
        g.apply(choice)
        bot.last = {}
        while not bot.last:
            assert not g.is_over
            d = g.decision
            choice = bot.choose(observe(g, seat), d) if d.player == seat else other.choose(observe(g, d.player), d)
            if not bot.last:
                g.apply(choice)
    assert departed
