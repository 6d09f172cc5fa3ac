"""The example module of docs/writing-a-module.md (the package examples/example-module): its hook,
frame handler, ability, option, traits, character, the state it keeps and its advice at work, its
entry point, and seeded bot games with it played to the end."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import pytest
from talisman_example import MODULE
from talisman_example.module import SONGS_HEARD

from talisman import Game
from talisman.bots import make_bot, observe, play_out
from talisman.bots.knowledge import knowledge_for
from talisman.bots.loop import bot_seed
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

EXAMPLE = ("example",)
PACKAGE = Path(__file__).resolve().parents[1] / "examples" / "example-module"


def bard(first: str = "warrior", **options: object) -> Scenario:
    s = Scenario([first, "wizard"], modules=EXAMPLE, **options).no_spells().at(0, "village").set(0, gold=3)
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


def test_each_song_heard_is_kept_on_the_character_and_three_are_all_he_knows():
    s = bard().dice(1).start().choose("move:fields-1").choose("pay")
    assert s.player(0).status[SONGS_HEARD] == 1
    copy = Game.from_state_dict(s.game.state_dict(), log=False)  # the state is saved with the game
    assert copy.players[0].status[SONGS_HEARD] == 1
    s = bard().dice(1)
    s.game.touched()  # (a position arranged by hand: see Game.apply)
    s.game.players[0].status[SONGS_HEARD] = 3
    s.start().choose("move:fields-1")
    assert s.kind != "bard" and "knows every song of the Wandering Bard" in s.log()


def test_the_lamplighter_hears_him_for_nothing():
    s = bard("lamplighter").dice(1).start().choose("move:fields-1")
    assert s.labels() == ["Let him be", "Listen to his song (he asks nothing of you)"]
    craft = s.player(0).craft
    s.choose("pay")
    assert s.player(0).gold == 3 and s.player(0).craft == craft + 1


def test_the_lucky_coin_pays_on_a_six():
    for die, gold in ((6, 2), (5, 1)):
        s = Scenario(["warrior", "wizard"], modules=EXAMPLE).no_spells().give(0, "Lucky Coin").set(0, gold=1)
        s.at(1, "chapel").set(1, lost_turns=50)
        s.dice(die, 1).start()
        assert s.player(0).gold == gold


def test_the_advice_pays_for_a_song_while_craft_is_low():
    bot = make_bot("heuristic", 0)
    for first, craft, answer in (("warrior", 3, "pay"), ("warrior", 6, "leave"), ("lamplighter", 6, "pay")):
        s = bard(first).set(0, craft=craft).dice(1).start().choose("move:fields-1")
        assert s.kind == "bard"
        assert bot.choose(observe(s.game, 0), s.decision) == answer, (first, craft)


def test_without_its_advice_the_bard_is_weighed_by_the_outcome(monkeypatch: pytest.MonkeyPatch):
    """A module with no advice is still played with sense: the outcome fallback
    (talisman.bots.outcome) pays for the Craft the song gives, though its first option would not."""
    monkeypatch.setattr(MODULE, "advice", ())
    knowledge_for.cache_clear()
    try:
        s = bard().dice(1).start().choose("move:fields-1")
        assert s.kind == "bard" and s.options()[0] != "pay"
        assert make_bot("heuristic", 0).choose(observe(s.game, 0), s.decision) == "pay"
    finally:
        knowledge_for.cache_clear()


def test_bot_games_with_the_example_module_play_to_the_end():
    for seed in range(4):
        g = Game.new(["lamplighter", None, None], modules=EXAMPLE, seed=seed, log=False)
        bots = [make_bot("heuristic" if seed % 2 else "random", bot_seed(seed, seat)) for seat in range(3)]
        play_out(g, bots, max_turns=1000, check=check_conservation)  # the one game loop, cards counted each step
        assert g.result is not None and g.result["winners"], (seed, g.turn)
        assert g.rules.has_module("example")


def test_the_package_declares_the_module_as_its_entry_point():
    """Installed (pip install examples/example-module), the package is found by its entry point."""
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text())
    points = project["project"]["entry-points"]["talisman.modules"]
    assert {name: pkgutil.resolve_name(target) for name, target in points.items()} == {"example": MODULE}
    assert MODULE.name == "example" and MODULE.advice == ("talisman_example.advice:ADVICE",)
