"""Levels for people (talisman/bots/levels.py) and the ceiling bot for analysis: named levels
build the bots they say, in every place a bot is chosen; the gentle bot blunders as it says;
the ceiling searches the game itself, where the honest search imagines one."""

from __future__ import annotations

import random

import pytest

from talisman import Game
from talisman.bots import bot_kinds, make_bot, observe, play_out
from talisman.bots.heuristic import HeuristicBot
from talisman.bots.levels import GENTLE_BLUNDERS, LEVELS, STRONGEST_ITERATIONS, make_level
from talisman.bots.search import CardsCeilingBot, CeilingBot, SearchBot
from talisman.errors import ConfigError
from talisman.server.catalog import bot_names
from talisman.sim.roster import parse
from talisman.sim.runner import make_agent


def test_each_level_is_a_setting_of_a_bot():
    assert list(LEVELS) == ["gentle", "fair", "hard", "strongest"]
    gentle, fair = make_level("gentle", random.Random(0)), make_level("fair", random.Random(0))
    assert isinstance(gentle, HeuristicBot) and gentle.blunders == GENTLE_BLUNDERS
    assert isinstance(fair, HeuristicBot) and fair.blunders == 0
    hard, strongest = make_level("hard", random.Random(0)), make_level("strongest", random.Random(0))
    assert isinstance(hard, SearchBot) and isinstance(strongest, SearchBot)
    assert hard.iterations < strongest.iterations == STRONGEST_ITERATIONS
    with pytest.raises(ConfigError, match="unknown level"):
        make_level("easy", random.Random(0))


def test_levels_are_offered_wherever_a_bot_is_chosen_and_the_ceiling_nowhere_in_play():
    for name in LEVELS:
        assert name in bot_kinds() and name in bot_names()
        assert parse(name) == (name, {})
    for analysis in (
        "ceiling",
        "ceiling-cards",
        "search-fitted",
        "search-self-fitted",
        "search-far",
        "search-randomised",
        "search-paired",
    ):
        assert analysis not in bot_kinds() and analysis not in bot_names()
    assert isinstance(make_agent("ceiling:5", 1), CeilingBot)
    assert isinstance(make_agent("ceiling-cards:5", 1), CardsCeilingBot)


def test_the_gentle_bot_blunders_about_a_third_of_its_real_choices_and_the_fair_bot_never():
    """Over a few games, the gentle bot's answers differ from the rule-aware bot's on the same
    positions about as often as it blunders (a blunder may hit the sound choice by chance)."""
    differ = real = 0
    for seed in range(3):
        g = Game.new(players=2, modules=("core",), seed=seed, log=False)
        gentle, fair, sound = make_bot("gentle", seed), make_bot("fair", seed), make_bot("heuristic", seed)
        while not g.is_over and g.turn <= 40:
            d = g.decision
            assert d is not None
            view = observe(g, d.player)
            choice, usual = gentle.choose(view, d), sound.choose(view, d)
            assert fair.choose(view, d) == usual
            if sum(o.group == "main" for o in d.options) > 1:
                real += 1
                differ += choice != usual
            g.apply(choice)
    assert real > 50
    assert 0.1 < differ / real < GENTLE_BLUNDERS


def test_the_ceiling_searches_the_game_itself_where_the_honest_bot_imagines_one():
    g = Game.new(players=2, modules=("core",), seed=4, log=False)
    view = observe(g, 0)
    honest = view.sample_world(random.Random(1))
    seen = view.open_world()
    assert seen.state_hash() == g.state_hash()
    assert honest.decks != g.decks or honest.rng.state != g.rng.state
    cards = CardsCeilingBot(random.Random(0)).world(view)
    assert cards.decks == g.decks and cards.rng.state != g.rng.state


def test_games_between_levels_end_legally():
    g = Game.new(players=2, modules=("core",), seed=2, log=False)
    bots = {0: make_bot("gentle", 1), 1: make_bot("hard", 2)}
    play_out(g, bots, max_turns=40)
    assert g.turn > 40 or g.is_over
