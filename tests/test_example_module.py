"""The example module of docs/writing-a-module.md (tests/fixtures/example_module):
its hook, frame handler, ability, option and trait at work, and bot games with it."""

from __future__ import annotations

from talisman import Game
from talisman.bots import make_bot, observe, play_out
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

EXAMPLE = ("example",)


def bard(**options: object) -> Scenario:
    s = Scenario(["warrior", "wizard"], modules=EXAMPLE, **options).no_spells().at(0, "village").set(0, gold=3)
    return s.at(1, "chapel").set(1, lost_turns=50).on_top("adventure", "Wandering Bard")


def test_the_bard_sings_for_his_fee():
    s = bard().dice(1).start().choose("move:fields-1")
    assert s.kind == "bard"
    craft = s.player(0).craft
    s.choose("pay")
    assert s.player(0).gold == 2 and s.player(0).craft == craft + 1
    assert "Wandering Bard" in s.on_space("fields-1")  # a Stranger stays


def test_the_bards_fee_is_the_games_option():
    s = bard(bard_fee=2).dice(1).start().choose("move:fields-1")
    assert any("Pay 2G" in label for label in s.labels())
    s.choose("pay")
    assert s.player(0).gold == 1


def test_no_song_for_one_who_cannot_pay():
    s = bard().set(0, gold=0).dice(1).start().choose("move:fields-1")
    assert s.kind != "bard" or s.options() == ["leave"]


def test_the_lucky_coin_pays_on_a_six():
    s = Scenario(["warrior", "wizard"], modules=EXAMPLE).no_spells().give(0, "Lucky Coin").set(0, gold=1)
    s.at(1, "chapel").set(1, lost_turns=50)
    s.dice(6, 1).start()
    assert s.player(0).gold == 2
    s = Scenario(["warrior", "wizard"], modules=EXAMPLE).no_spells().give(0, "Lucky Coin").set(0, gold=1)
    s.at(1, "chapel").set(1, lost_turns=50)
    s.dice(5, 1).start()
    assert s.player(0).gold == 1


def test_bot_games_with_the_example_module_play_to_the_end():
    for seed in range(6):
        g = Game.new(players=3, modules=EXAMPLE, seed=seed, log=False)
        play_out(g, {i: make_bot("heuristic" if seed % 2 else "random", seed + i) for i in range(3)}, max_turns=150)
        check_conservation(g)
        assert g.rules.has_module("example")


def test_a_module_without_advice_is_played_by_weighing_outcomes_not_by_its_first_option():
    """The example brings no advice for the rule-aware bot: its Bard's question is answered by
    the outcome fallback (talisman.bots.outcome), which pays for the Craft the song gives."""
    s = bard().dice(1).start().choose("move:fields-1")
    assert s.kind == "bard" and s.options()[0] != "pay"
    assert make_bot("heuristic", 0).choose(observe(s.game, 0), s.decision) == "pay"
