"""Toads (000 "Toads and Transformations"; engine: talisman/engine/transform.py).

The base game uses no Transformations deck, so a transformed character is
always a plain Toad.
"""

from __future__ import annotations

import pytest

from talisman.engine import stats
from talisman.engine.transform import become_toad
from talisman.testing import Scenario


def toad(s: Scenario, seat: int = 0) -> Scenario:
    """Make a character a Toad before the game starts (arranging a test)."""
    become_toad(s.game, seat, 3)
    return s


@pytest.mark.rules("toads-transformations.draw-card")
def test_a_character_turned_into_a_toad_becomes_a_plain_toad_for_three_turns():
    s = Scenario(["warrior"]).no_spells().at(0, "fields-3")
    s.dice(1, 1).start().choose("move:city").choose("enchantress")
    assert s.player(0).toad == 3
    assert "Warrior is turned into a Toad for 3 turns" in s.log()
    assert s.game.view(None)["players"][0]["toad"] == 3


@pytest.mark.rules("toads-transformations.duration", "toads-transformations.movement")
def test_a_toad_moves_one_space_a_turn_and_changes_back_after_three_full_turns():
    s = Scenario(["warrior"]).no_spells().at(0, "fields-3").put("fields-4", "Sword")
    s.dice(1, 1).start().choose("move:city").choose("enchantress")
    assert s.game.turn == 2 and s.player(0).toad == 3  # the turn it changed in does not count
    assert s.labels() == [
        "Move to the Fields (east-south-east), counter-clockwise",
        "Move to the Fields (south-south-east), clockwise",
    ]
    assert "Warrior may move 1 space." in s.log()
    s.choose("move:fields-4")  # a full turn as a Toad
    assert s.game.turn == 3 and s.player(0).toad == 2
    s.choose("move:city").choose("nothing")
    assert s.game.turn == 4 and s.player(0).toad == 1
    s.dice(2).choose("move:fields-4")  # the end of the third full turn
    assert s.player(0).toad == 0 and "Warrior is a Toad no longer." in s.log()
    assert s.game.turn == 5 and "Warrior rolls a die for movement: 2." in s.log()


@pytest.mark.rules("toads-transformations.drop-possessions", "toads-transformations.no-spells")
def test_a_toad_drops_every_possession_where_it_changed_but_keeps_its_spells():
    s = Scenario(["wizard"]).at(0, "fields-3").set(0, gold=3)
    s.give(0, "Sword", "Helmet", "Mule", "Maiden").trophy(0, "Ogre")
    spells = list(s.player(0).spells)
    s.dice(1, 1).start().choose("roll").choose("move:city").choose("enchantress")
    p = s.player(0)
    assert p.objects == p.packed == p.followers == [] and p.gold == 0
    assert sorted(s.on_space("city")) == ["Helmet", "Maiden", "Mule", "Sword"]
    assert s.game.gold_on[s.game.rules.space_index["city"]] == 3
    assert p.spells == spells and s.names(p.trophies) == ["Ogre"]


@pytest.mark.rules("toads-transformations.drop-possessions")
def test_a_toad_cannot_pick_up_objects_or_keep_gold():
    s = toad(Scenario(["warrior"]).no_spells().at(0, "village").put("fields-1", "Sword"))
    s.start().choose("move:fields-1")
    assert s.on_space("fields-1") == ["Sword"] and s.player(0).objects == []
    s = toad(Scenario(["warrior"]).no_spells().at(0, "village").on_top("adventure", "Bag of Gold"))
    s.start().choose("move:fields-1")
    assert s.player(0).gold == 0
    assert s.game.gold_on.get(s.game.rules.space_index["fields-1"]) == 1


@pytest.mark.rules("toads-transformations.toad-stats")
def test_a_toad_has_strength_and_craft_1_and_gets_its_own_back():
    s = Scenario(["troll"]).no_spells().set(0, strength=8)
    toad(s)
    assert (stats.strength(s.game, 0), stats.craft(s.game, 0)) == (1, 1)
    assert stats.strength(s.game, 0, battle=True) == 1
    s.player(0).toad = 0
    assert (stats.strength(s.game, 0), stats.craft(s.game, 0)) == (8, 1)


@pytest.mark.rules("toads-transformations.toad-stats", "toads-transformations.must-encounter")
def test_a_toad_must_fight_what_it_meets_with_strength_1():
    s = toad(Scenario(["troll"]).no_spells().at(0, "village").on_top("adventure", "Goblin"))
    s.dice(6, 4).start().choose("move:fields-1")  # no movement roll; 6 + 1 = 7 against 4 + 2
    assert "6 + 1 Strength = 7" in s.log() and s.names(s.player(0).trophies) == ["Goblin"]


@pytest.mark.rules("toads-transformations.must-encounter")
def test_a_toad_meets_the_space_it_lands_on():
    s = toad(Scenario(["monk"]).no_spells().at(0, "fields-2"))
    s.start().choose("move:chapel")
    assert s.decision.kind == "choose" and "pray" in s.options()
    s.dice(4).choose("pray")  # 4, and no +1 for the Monk's prayer
    assert s.player(0).lives == 4 and "With +1" not in s.log()


@pytest.mark.rules("toads-transformations.no-attribute-gain")
def test_a_toad_cannot_gain_strength_or_craft():
    s = toad(Scenario(["warrior"]).no_spells().at(0, "fields-3"))
    s.dice(5).start().choose("move:city").choose("enchantress")  # 5: +1 Strength
    assert s.player(0).strength == 4 and "A Toad cannot gain Strength." in s.log()
    s = toad(Scenario(["warrior"]).no_spells().at(0, "fields-3"))
    s.dice(4).start().choose("move:city").choose("enchantress")  # 4: +1 Craft
    assert s.player(0).craft == 2


@pytest.mark.rules("toads-transformations.shared-lives")
def test_lives_lost_or_gained_as_a_toad_are_the_characters():
    s = toad(Scenario(["warrior"]).no_spells().at(0, "village").put("fields-1", "Witch"))
    s.dice(2).start().choose("move:fields-1")  # the Witch: 2, lose a life
    assert s.player(0).lives == 3
    s = toad(Scenario(["warrior"]).no_spells().at(0, "village").put("fields-1", "Pool of Life"))
    s.start().choose("move:fields-1")
    assert s.player(0).lives == 5
    s.player(0).toad = 0
    assert s.player(0).lives == 5


@pytest.mark.rules("toads-transformations.no-spells")
def test_a_toad_cannot_cast_or_gain_spells_but_casts_them_again_once_changed_back():
    s = Scenario(["wizard"]).no_spells().give(0, "Divination").at(0, "village").put("fields-1", "Witch")
    toad(s)
    s.dice(5).start()  # only the one-space move is offered
    assert s.decision.kind == "move"
    s.choose("move:fields-1")  # the Witch: 5, a Spell
    assert s.names(s.player(0).spells) == ["Divination"] and "cannot hold another Spell" in s.log()
    s = Scenario(["wizard"]).no_spells().give(0, "Divination").at(0, "village")
    s.start()
    assert any(o.startswith("cast:") for o in s.options())


@pytest.mark.rules("toads-transformations.no-abilities")
def test_a_toad_has_no_special_abilities():
    s = toad(Scenario(["druid"]).no_spells().at(0, "village"))
    s.start()
    assert s.decision.kind == "move"  # no change of alignment offered
    s = toad(Scenario(["elf"]).no_spells().at(0, "woods-1"))
    s.start()
    assert s.decision.kind == "move" and not any(o.startswith("woods:") for o in s.options())
    s = toad(Scenario(["warrior"]).no_spells().at(0, "woods-1").on_top("adventure", "Goblin"))
    s.dice(6, 4).start().choose("move:sentinel")  # one die, not two
    assert "6 + 1 Strength = 7" in s.log() and s.game.rng.scripted == ()
    s = toad(Scenario(["thief", "warrior"]).no_spells().at(0, "village").at(1, "fields-1").set(1, gold=3))
    s.start().choose("move:fields-1").choose("meet:1")
    assert not any(o.startswith("steal:") for o in s.options())
    s = toad(Scenario(["dwarf"]).no_spells().at(0, "plains-1"))
    s.dice(4).start().choose("move:crags")  # it must roll in the Crags
    assert "Dwarf rolls a die for the Crags: 4." in s.log()


@pytest.mark.rules("toads-transformations.drop-possessions", "toads-transformations.must-encounter")
def test_a_toad_that_beats_a_character_can_only_take_a_life():
    s = toad(Scenario(["troll", "thief"]).no_spells().at(0, "village").at(1, "fields-1").set(1, gold=3))
    s.give(1, "Sword")
    s.dice(6, 1).start().choose("move:fields-1").choose("meet:1").choose("attack:1")  # 6 + 1 against 1 + 3 + 1
    assert s.player(1).lives == 3 and s.player(1).gold == 3 and s.player(0).gold == 0


@pytest.mark.rules("toads-transformations.duration")
def test_a_toad_made_in_another_characters_turn_counts_its_own_next_turn():
    s = Scenario(["sorceress", "warrior"]).no_spells().give(0, "Random").at(0, "village").at(1, "village")
    s.on_top("adventure", "Bag of Gold", "Two Bags of Gold")
    s.start()
    s.dice(1, 1).choose(f"cast:{s.player(0).spells[0]}:1")  # Random on the Warrior: 1, a Toad
    assert s.player(1).toad == 3
    s.choose("move:fields-1")  # the Sorceress's turn ends
    assert s.game.active == 1
    s.choose("move:fields-6")  # the Toad's first full turn
    assert s.player(1).toad == 2
