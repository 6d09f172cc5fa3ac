"""Numbers a module declares by name (``[number.<id>]``): a value of its own that its rule code reads,
or the number at a place of its content; tunable ones may be set otherwise for one game (a balance
experiment's tuning), the content read again with the new value in its place, and nothing else changed."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.content.loader import split_path
from talisman.content.modules import Module, resolve_modules
from talisman.content.ruleset import build, ruleset_for
from talisman.errors import ConfigError, ContentError, SaveError
from talisman.testing import Scenario

DISASTERS = ("core", "disasters")


def test_a_module_declares_its_numbers_a_value_or_a_place_of_its_content():
    guard = ruleset_for(("core", "emperors-guard"))
    assert guard.numbers == {"guard-strength": 5, "guard-craft": 3}
    assert guard.number_defs["guard-strength"].path == "number.guard-strength.value"
    disasters = ruleset_for(DISASTERS)
    corpse = disasters.number_defs["restless-dead-strength"]
    assert corpse.value == 3 and (corpse.low, corpse.high) == (1, 6) and corpse.tunable
    assert disasters.cards["disaster-restless-dead"].on_encounter[0]["fight"]["strength"] == 3


def test_tuning_reads_the_content_again_with_the_number_in_its_place():
    tuned = ruleset_for(DISASTERS, (("restless-dead-strength", 6), ("wildfire-strike", 2)))
    assert tuned.cards["disaster-restless-dead"].on_encounter[0]["fight"]["strength"] == 6
    assert tuned.cards["disaster-wildfire"].on_draw[0]["disaster"]["strike"][0]["lose"]["lives"] == 2
    assert tuned.numbers["restless-dead-strength"] == 6 and tuned.tuning == (
        ("restless-dead-strength", 6),
        ("wildfire-strike", 2),
    )
    plain = ruleset_for(DISASTERS)
    assert plain.cards["disaster-restless-dead"].on_encounter[0]["fight"]["strength"] == 3  # the content as it is
    assert [c.key for c in tuned.instances] == [c.key for c in plain.instances]  # the same decks


@pytest.mark.parametrize(
    ("tuning", "message"),
    [
        ((("restless-dead-strength", 7),), "between 1 and 6"),
        ((("restless-dead-strength", True),), "between 1 and 6"),
        ((("guard-strength", 5),), "no tunable number 'guard-strength'"),
    ],
)
def test_a_tuning_outside_what_is_declared_is_refused(tuning, message):
    with pytest.raises(ConfigError, match=message):
        ruleset_for(DISASTERS, tuning)
    with pytest.raises(ConfigError, match=message):
        Game.new(players=2, modules=["disasters"], tuning=dict(tuning))


@pytest.mark.rules("emperors-guard.fight-option")
def test_the_guard_fights_at_the_strength_its_number_says():
    def fight(tuning):
        s = Scenario(["warrior", "wizard"], modules=("emperors-guard",), tuning=tuning).no_spells()
        s.at(0, "crags").at(1, "graveyard").set(1, gold=0)
        s.game.touched()
        s.game.globals["guards"] = [{"id": 0, "space": s.game.rules.space_index["fields-1"]}]
        s.game.globals["guards-round"] = 0
        s = s.dice(1, 1).start()  # the walk onto the graveyard, a bribe die of 1 (no bribe)
        label = s.decision.option("fight").label
        s.dice(3, 1).choose("fight").fight()  # the wizard: 3 + Strength 2 = 5; the Guard: 1 + its Strength
        return label, s.player(1).lives

    assert fight(None) == ("Fight the Guard (Strength 5)", 3)  # 5 against 6: a life lost
    assert fight({"guard-strength": 3}) == ("Fight the Guard (Strength 3)", 4)  # 5 against 4


def test_a_tuned_game_keeps_its_tuning_in_its_save_and_replays():
    g = Game.new(players=3, modules=["disasters"], seed=4, tuning={"restless-dead-strength": 6})
    play_out(g, {i: make_bot("random", i) for i in range(3)}, max_turns=60)
    save = g.save()
    assert save["config"]["tuning"] == {"restless-dead-strength": 6}
    assert Game.load(save).state_hash() == g.state_hash()
    plain = Game.new(players=3, modules=["disasters"], seed=4)
    assert (
        not plain.config.tuning and "tuning" not in plain.save()["config"]
    )  # none: the content as it is, the very ruleset everyone else asks for
    assert plain.rules is ruleset_for(DISASTERS) and g.rules is ruleset_for(DISASTERS, (("restless-dead-strength", 6),))
    save["config"]["tuning"] = {"restless-dead-strength": "6"}
    with pytest.raises(SaveError, match="tuning"):
        Game.load(save)


def _module(tmp_path, text: str) -> Module:
    (tmp_path / "n.toml").write_text(text)
    return Module(name="numbers-test", title="numbers", content_dir=tmp_path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[number.x]\nvalue = 2\nat = "card.bear.strength"\ntext = "t"', "not both"),
        ('[number.x]\ntext = "t"', "not both"),
        ('[number.x]\nat = "card.no-such-card.strength"\ntext = "t"', "holds nothing at card.no-such-card.strength"),
        ('[number.x]\nat = "card.bear.name"\ntext = "t"', "not a whole number"),
        ('[number.x]\nvalue = 9\ntune = [1, 6]\ntext = "t"', "outside its bounds"),
        ('[number.x]\nvalue = 2\ntune = [6, 1]\ntext = "t"', "low < high"),
        ('[number.x]\nat = "card..strength"\ntext = "t"', "a place in the content"),
    ],
)
def test_a_number_that_is_not_there_or_not_a_number_is_refused_at_loading(tmp_path, text, message):
    with pytest.raises(ContentError, match=message):
        build((*resolve_modules(("core",)), _module(tmp_path, text)))


def test_a_place_is_kind_key_field_then_names_and_indexes():
    assert split_path("table.x.rows[2].do[0].gain.gold") == ["table", "x", "rows", 2, "do", 0, "gain", "gold"]
    for bad in ("card", "card.x", "card.x[0].y", "card.x..y", "card.x.y z"):
        with pytest.raises(ContentError):
            split_path(bad)
