"""Combat, psychic combat, stand-offs and evading (000 "Combat", "Psychic
Combat", "Evading").

Die order: a fight with creatures rolls the character's die (two for the
Warrior) and then the creatures' one die; a fight between characters rolls the
attacker's die(s) and then the defender's. Armour rolls a die after a lost battle.
"""

from __future__ import annotations

import pytest

from talisman.errors import ScriptError
from talisman.testing import Scenario


def kinds(s: Scenario) -> str | None:
    return s.kind


def arrive(s: Scenario, sid: str, roll: int, *dice: int) -> Scenario:
    return s.arrive(sid, roll, *dice)


def fight(s: Scenario) -> Scenario:
    return s.fight()


def to_fields(character: str, *cards: str, other: str = "wizard") -> Scenario:
    """``character`` on the Village, 1 space from the Fields, where the first of ``cards`` will be drawn."""
    s = Scenario([character, other]).no_spells().at(0, "village").at(1, "castle")
    s.on_top("adventure", *cards)
    return s


# --- when combat happens, and its score -------------------------------------------------


@pytest.mark.rules("combat.when", "combat.score", "combat.outcome")
def test_a_creature_whose_strength_is_given_fights_in_battle():
    """The Tavern's Farmer (Strength 3): a Troll rolling 1 scores 7 and wins against 3 + 3."""
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5")
    arrive(s, "tavern", 1, 2, 1, 3)  # the Tavern's 2: a Farmer picks a fight
    assert "Troll fights the Farmer in battle: 1 + 6 Strength = 7 against 3 + 3 = 6." in s.log()
    assert s.player(0).lives == 4
    assert s.player(0).trophies == []  # no card, no trophy


@pytest.mark.rules("combat.psychic.when", "combat.psychic.resolution")
def test_a_creature_whose_craft_is_given_fights_in_psychic_combat():
    """The Crags' Spirit (Craft 4) against the Wizard's Craft 5."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-2").at(1, "castle")
    arrive(s, "crags", 1, 1, 1, 6)  # the Crags' 1: a Spirit attacks
    assert "Wizard fights the Spirit in psychic combat: 1 + 5 Craft = 6 against 6 + 4 = 10." in s.log()
    assert s.player(0).lives == 3


@pytest.mark.rules("combat.score")
@pytest.mark.parametrize("character, sides", [("dwarf", 4), ("warrior", 6), ("troll", 8)])
def test_the_combat_die_follows_the_characters_size(character, sides):
    """Small characters roll a D4, medium a D6, large a D8: a face above the die is impossible."""
    faces = [sides] * (2 if character == "warrior" else 1)
    s = to_fields(character, "Giant")
    fight(arrive(s, "fields-1", 1, *faces, 1))
    assert f"fights the Giant in battle: {sides} + " in s.log()
    s2 = to_fields(character, "Giant")
    with pytest.raises(ScriptError):
        fight(arrive(s2, "fields-1", 1, sides + 1, sides + 1, 1))


@pytest.mark.rules("combat.score")
def test_the_score_adds_weapons_and_objects_to_strength():
    """Strength 4, a Sword (+1 in battle) and a Magic Belt (+1): a 2 scores 8."""
    s = to_fields("warrior", "Giant")
    s.give(0, "Sword", "Magic Belt")
    fight(arrive(s, "fields-1", 1, 2, 1, 2))
    assert "Warrior fights the Giant in battle: 2 + 6 Strength = 8 against 2 + 6 = 8." in s.log()


@pytest.mark.rules("combat.outcome")
def test_beaten_by_a_creature_the_character_loses_a_life_and_its_turn_ends():
    s = to_fields("troll", "Giant", "Sword")
    fight(arrive(s, "fields-1", 1, 1, 2))  # 1 + 6 against 2 + 6
    assert s.player(0).lives == 3 and s.on_space("fields-1") == ["Giant"]
    assert s.game.active == 1


@pytest.mark.rules("combat.outcome")
def test_a_spell_may_prevent_the_life_lost_to_a_creature():
    s = to_fields("monk", "Giant")  # Craft 3: room for a Spell
    s.give(0, "Preservation")
    fight(arrive(s, "fields-1", 1, 1, 2))  # 1 + 2 + 3 against 2 + 6
    assert kinds(s) == "prevent-life-loss"
    s.choose("Preservation")
    assert s.player(0).lives == 4 and s.player(0).spells == []


@pytest.mark.rules("combat.outcome", "encounters.type.enemy-physical")
def test_a_beaten_creature_is_killed_and_kept_as_a_trophy():
    s = to_fields("troll", "Giant")
    fight(arrive(s, "fields-1", 1, 2, 1))  # 2 + 6 against 1 + 6
    assert s.names(s.player(0).trophies) == ["Giant"] and s.on_space("fields-1") == []
    assert s.player(0).lives == 4


@pytest.mark.rules("combat.standoff", "combat.outcome")
def test_a_stand_off_harms_neither_and_ends_the_turn():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.on_top("adventure", "Sword", "Giant")  # the Ruins: a Giant and a Sword
    fight(arrive(s, "ruins", 1, 2, 2))  # 2 + 6 against 2 + 6
    assert "Stand-off between Troll and the Giant." in s.log()
    assert s.player(0).lives == 4 and s.player(0).objects == [] and s.player(0).trophies == []
    assert sorted(s.on_space("ruins")) == ["Giant", "Sword"]
    assert s.game.active == 1


# --- Spells before the dice, Fate after -------------------------------------------------


@pytest.mark.rules("combat.magic-before-roll")
def test_spells_are_cast_before_the_dice():
    """Psionic Blast is offered before the roll; once cast the fight is asked again, and the dice follow."""
    s = to_fields("wizard", "Giant", other="warrior")
    s.give(0, "Psionic Blast", "Psionic Blast")
    arrive(s, "fields-1", 1)
    assert kinds(s) == "combat" and s.decision.prompt.endswith("your Strength 2.")
    first = next(o for o in s.options() if o.startswith("cast:"))
    s.choose(first)
    assert kinds(s) == "combat" and s.decision.prompt.endswith("your Strength 7.")  # 2 + Craft 5
    s.dice(1, 6).choose("fight")  # 1 + 7 against 6 + 6
    assert s.player(0).lives == 3
    assert s.log().index("Wizard casts Psionic Blast.") < s.log().index("Wizard fights the Giant")


@pytest.mark.rules("combat.magic-before-roll", "combat.outcome")
def test_fate_may_reroll_the_characters_battle_die():
    s = Scenario(["troll", "wizard"], fate=True).no_spells().at(0, "village").at(1, "castle")
    s.on_top("adventure", "Giant")
    s.dice(1).start().choose("keep")  # no re-roll of the movement die
    fight(s.dice(1, 3).choose("move:fields-1"))  # 1 + 6 against 3 + 6
    assert kinds(s) == "fate" and set(s.options()) == {"keep", "reroll"}  # no Spell after the roll
    s.dice(5).choose("reroll")  # 5 + 6 against the same 3 + 6
    assert s.player(0).fate == 0 and s.player(0).lives == 4
    assert s.names(s.player(0).trophies) == ["Giant"]


@pytest.mark.rules("combat.score", "movement.sentinel.attack-inbound")
def test_the_fate_question_of_a_fight_names_the_fight():
    """After a move over the bridge, "You rolled 5" alone read as the movement roll: the question says
    it is the battle with the Sentinel."""
    s = Scenario(["troll", "wizard"], fate=True).no_spells().at(0, "sentinel").at(1, "castle")
    s.dice(1).start().choose("keep")
    s.dice(2, 3).choose("move:hills-3")  # over the bridge: the Sentinel bars it
    assert kinds(s) == "fate"
    assert s.decision.prompt == "You rolled 2 in battle against the Sentinel. Spend 1 Fate to roll again?"


@pytest.mark.rules("combat.score")
def test_without_fate_option_no_reroll_is_offered():
    s = to_fields("troll", "Giant")
    s.set(0, fate=1)
    fight(arrive(s, "fields-1", 1, 1, 3))
    assert s.player(0).lives == 3 and s.player(0).fate == 1


# --- armour -------------------------------------------------------------------------------


@pytest.mark.rules("combat.outcome")
@pytest.mark.parametrize("armour, saving, failing", [("Helmet", 6, 5), ("Shield", 5, 4), ("Armour", 4, 3)])
def test_armour_may_save_the_life_lost_in_battle(armour, saving, failing):
    for roll, lives in ((saving, 4), (failing, 3)):
        s = to_fields("troll", "Giant")
        s.give(0, armour)
        fight(arrive(s, "fields-1", 1, 1, 6, roll))  # 1 + 6 against 6 + 6, then the armour's die
        assert s.player(0).lives == lives, (armour, roll)


@pytest.mark.rules("combat.outcome")
def test_only_one_piece_of_armour_is_used():
    """Helmet, Shield and Armour together give one roll, at the best number (4-6)."""
    s = to_fields("troll", "Giant")
    s.give(0, "Helmet", "Shield", "Armour")
    fight(arrive(s, "fields-1", 1, 1, 6, 3))
    assert s.player(0).lives == 3
    assert "armour fails (rolled 3, needed 4+)" in s.log() and s.log().count("armour") == 1


@pytest.mark.rules("combat.outcome")
def test_the_monk_may_use_no_armour():
    s = to_fields("monk", "Giant")
    s.give(0, "Armour")
    fight(arrive(s, "fields-1", 1, 1, 6))
    assert s.player(0).lives == 3 and "armour" not in s.log()


@pytest.mark.rules("combat.psychic.resolution")
def test_armour_does_not_help_in_psychic_combat():
    s = to_fields("troll", "Demon")
    s.give(0, "Armour")
    fight(arrive(s, "fields-1", 1, 1, 6))
    assert s.player(0).lives == 3 and "armour" not in s.log()


# --- the Runes -------------------------------------------------------------------------


@pytest.mark.rules("combat.score", "encounters.example-sorceress-runes-oasis")
def test_creatures_on_the_runes_add_two_to_their_roll():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "chasm").at(1, "castle")
    s.on_top("adventure", "Ghost")
    s.put("runes-2", "Lemure")
    arrive(s, "runes-2", 1, 4, 1)  # 4 + 1 Craft against 1 + 1 + 2
    assert "against 1 + 1 (+2 for the Runes) = 4" in s.log()
    assert s.names(s.player(0).trophies) == ["Lemure"]
    s2 = Scenario(["troll", "wizard"]).no_spells().at(0, "chasm").at(1, "castle")
    s2.put("runes-2", "Lemure")
    arrive(s2, "runes-2", 1, 3, 1)  # 3 + 1 against 4: a stand-off there
    assert s2.on_space("runes-2") == ["Lemure"] and s2.player(0).lives == 4


# --- several enemies ---------------------------------------------------------------------


@pytest.mark.rules("combat.multiple-enemies", "encounters.type.enemy-physical")
def test_strength_enemies_fight_together_as_one():
    """A Bear (3) and an Ogre (5) on the Ruins: one die plus 8; both carcasses are kept."""
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.on_top("adventure", "Bear", "Ogre")
    fight(arrive(s, "ruins", 1, 5, 2))  # 5 + 6 against 2 + 8 (the Bear might have been tamed first)
    assert "Troll fights the Bear and Ogre in battle: 5 + 6 Strength = 11 against 2 + 8 = 10." in s.log()
    assert sorted(s.names(s.player(0).trophies)) == ["Bear", "Ogre"]
    assert s.on_space("ruins") == []


@pytest.mark.rules("combat.multiple-enemies")
def test_losing_to_several_enemies_costs_one_life():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.on_top("adventure", "Bear", "Ogre")
    fight(arrive(s, "ruins", 1, 3, 2))  # 3 + 6 against 2 + 8
    assert s.player(0).lives == 3 and sorted(s.on_space("ruins")) == ["Bear", "Ogre"]


@pytest.mark.rules("combat.psychic.multiple-spirits")
def test_spirits_fight_together_as_one():
    """A Lemure (1) and a Spectre (3) lying on the Ruins: one die plus Craft 4."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.put("ruins", "Lemure", "Spectre")
    arrive(s, "ruins", 1, 6, 2)  # 6 + 5 against 2 + 1 + 3
    assert "Wizard fights the Lemure and Spectre in psychic combat: 6 + 5 Craft = 11 against 2 + 4 = 6." in s.log()
    assert sorted(s.names(s.player(0).trophies)) == ["Lemure", "Spectre"]


@pytest.mark.rules("combat.multiple-enemies", "combat.psychic.multiple-spirits")
def test_strength_enemies_are_fought_first_then_the_spirits():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.put("ruins", "Spectre", "Wolf")
    fight(arrive(s, "ruins", 1, 6, 1, 4, 4))  # 6 + 2 against 1 + 2; then 4 + 5 against 4 + 3
    log = s.log()
    assert log.index("Wizard kills the Wolf.") < log.index("The Spectre (Craft 3) attacks Wizard.")
    assert sorted(s.names(s.player(0).trophies)) == ["Spectre", "Wolf"]


@pytest.mark.rules("combat.multiple-enemies", "combat.outcome")
def test_beaten_by_the_strength_enemies_the_spirits_wait():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.put("ruins", "Spectre", "Wolf")
    fight(arrive(s, "ruins", 1, 1, 6))
    assert s.player(0).lives == 3 and sorted(s.on_space("ruins")) == ["Spectre", "Wolf"]
    assert s.game.active == 1


# --- the Bandit's bribe ----------------------------------------------------------------------


@pytest.mark.rules("combat.evade.definition", "encounters.non-hostile-after")
def test_paying_the_bandit_lets_the_character_go_on():
    """The Bandit, paid 1G, stays on the space; the character then meets the other cards."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle").set(0, gold=2)
    s.on_top("adventure", "Sword", "Bandit")
    arrive(s, "ruins", 1)
    assert "bribe" in s.options()
    s.choose("bribe")
    assert s.player(0).gold == 1
    assert kinds(s) == "take"
    s.choose("Take the Sword")
    assert s.names(s.player(0).objects) == ["Sword"] and s.on_space("ruins") == ["Bandit"]


@pytest.mark.rules("combat.evade.definition")
def test_no_bribe_without_the_gold():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "village").at(1, "castle").set(0, gold=0)
    s.on_top("adventure", "Bandit")
    arrive(s, "fields-1", 1, 1, 6)
    assert s.player(0).lives == 3


# --- characters against characters -------------------------------------------------------


def setup_meeting(attacker: str, defender: str) -> Scenario:
    """``attacker`` (seat 0) on the Village, one space from ``defender`` (seat 1) on the Fields."""
    return Scenario([attacker, defender]).no_spells().at(0, "village").at(1, "fields-1")


@pytest.mark.rules("combat.when", "combat.pvp.evade-option", "combat.pvp.resolution", "combat.pvp.spoils")
def test_battle_between_characters_and_the_winners_prize():
    s = setup_meeting("troll", "elf")
    s.give(1, "Sword", "Maiden", "Invisibility")
    s.set(1, gold=2)
    arrive(s, "fields-1", 1).choose("meet:1").choose("attack:1")
    # The Elf, attacked, chooses: fight back, or evade (by Spell here: not in the Woods).
    assert s.decision.player == 1 and kinds(s) == "defend"
    assert set(s.options()) == {"defend", next(o for o in s.options() if o.startswith("cast:"))}
    s.choose("defend")
    assert kinds(s) == "combat-magic" and s.decision.player == 1  # the Elf may cast before the dice
    s.dice(3, 2).choose("ready")  # 3 + 6 against 2 + 4
    assert "Troll scores 3 + 6 = 9; Elf scores 2 + 4 = 6." in s.log()
    assert s.decision.player == 0 and kinds(s) == "spoils"
    opts = s.options()
    assert "life" in opts and "gold" in opts and any(o.startswith("object:") for o in opts)
    assert not any(o.startswith("follower:") for o in opts)  # no Follower in battle
    s.choose("Take the Sword")
    assert s.names(s.player(0).objects) == ["Sword"] and s.player(1).objects == []
    assert s.player(1).lives == 4 and s.names(s.player(1).followers) == ["Maiden"]


@pytest.mark.rules("combat.pvp.spoils")
@pytest.mark.parametrize("save, lives", [(5, 3), (6, 4)])
def test_the_winner_may_take_a_life_which_armour_can_save(save, lives):
    s = setup_meeting("troll", "thief")
    s.give(1, "Helmet")
    arrive(s, "fields-1", 1).choose("meet:1").dice(3, 2).choose("attack:1")
    s.dice(save).choose("life")
    assert s.player(1).lives == lives


@pytest.mark.rules("combat.pvp.resolution", "combat.pvp.spoils")
def test_the_defender_who_wins_takes_the_prize():
    s = setup_meeting("wizard", "troll").set(0, gold=3)
    arrive(s, "fields-1", 1).choose("meet:1").dice(1, 6).choose("attack:1")  # 1 + 2 against 6 + 6
    assert s.decision.player == 1 and kinds(s) == "spoils"
    s.choose("gold")
    assert (s.player(0).gold, s.player(1).gold) == (2, 2)
    assert s.player(0).lives == 4


@pytest.mark.rules("combat.standoff", "combat.pvp.resolution")
def test_a_stand_off_between_characters():
    s = setup_meeting("troll", "thief")
    arrive(s, "fields-1", 1).choose("meet:1").dice(1, 4).choose("attack:1")  # 1 + 6 against 4 + 3
    assert "Stand-off: neither is harmed." in s.log()
    assert s.player(0).lives == 4 and s.player(1).lives == 4
    assert s.game.active == 1


@pytest.mark.rules("combat.pvp.magic", "combat.magic-before-roll")
def test_both_characters_may_cast_spells_before_the_dice():
    s = setup_meeting("wizard", "sorceress")
    s.give(0, "Psionic Blast")
    s.give(1, "Psionic Blast")
    arrive(s, "fields-1", 1).choose("meet:1").choose("attack:1")
    assert s.decision.player == 0 and kinds(s) == "combat-magic"
    s.choose("Psionic Blast").choose("ready")  # (the Wizard drew a new Spell: it may cast again)
    assert s.decision.player == 1 and kinds(s) == "combat-magic"
    s.dice(1, 1).choose("Psionic Blast")  # 1 + 2 + 5 against 1 + 2 + 4
    assert "Wizard scores 1 + 7 = 8; Sorceress scores 1 + 6 = 7." in s.log()


@pytest.mark.rules("combat.pvp.evade-option", "combat.evade.targets")
def test_the_character_attacked_may_evade_by_ability():
    s = Scenario(["troll", "elf"]).no_spells().at(0, "graveyard").at(1, "woods-1")
    arrive(s, "woods-1", 1).choose("meet:1").choose("attack:1")
    assert s.decision.player == 1 and "evade" in s.options()
    s.choose("evade")
    assert "Elf evades Troll." in s.log() and s.player(1).lives == 4 and s.player(0).lives == 4
    assert s.game.active == 1


@pytest.mark.rules("combat.pvp.evade-option", "combat.evade.definition")
def test_the_character_attacked_may_evade_by_invisibility():
    s = setup_meeting("troll", "thief")
    s.give(1, "Invisibility")
    arrive(s, "fields-1", 1).choose("meet:1").choose("attack:1").choose("Invisibility")
    assert "Thief evades Troll." in s.log() and "scores" not in s.log()
    assert s.player(1).spells == [] and s.player(1).lives == 4


# --- psychic combat between characters ------------------------------------------------------


@pytest.mark.rules("combat.psychic.pvp", "combat.psychic.pvp-spoils")
def test_psychic_combat_between_characters_may_win_a_follower():
    s = setup_meeting("wizard", "troll")
    s.give(1, "Maiden", "Sword")
    arrive(s, "fields-1", 1).choose("meet:1")
    assert "psychic:1" in s.options()
    s.dice(2, 1).choose("psychic:1")  # 2 + 5 against 1 + 1 + 2 (the Maiden)
    assert "Wizard scores 2 + 5 = 7; Troll scores 1 + 3 = 4." in s.log()
    opts = s.options()
    assert any(o.startswith("follower:") for o in opts) and any(o.startswith("object:") for o in opts)
    s.choose("Take the Maiden")
    assert s.names(s.player(0).followers) == ["Maiden"] and s.player(1).followers == []


@pytest.mark.rules("combat.psychic.pvp", "combat.psychic.pvp-spoils")
def test_psychic_combat_lost_by_the_attacker():
    s = setup_meeting("wizard", "troll")
    s.give(0, "Maiden")
    arrive(s, "fields-1", 1).choose("meet:1").dice(1, 8).choose("psychic:1")  # 1 + 5 + 2 against 8 + 1
    assert s.decision.player == 1 and "follower:" + str(s.player(0).followers[0]) in s.options()
    s.choose("Maiden")
    assert s.names(s.player(1).followers) == ["Maiden"]


@pytest.mark.rules("combat.psychic.pvp")
def test_only_a_character_with_the_ability_attacks_psychically():
    s = setup_meeting("troll", "wizard")
    arrive(s, "fields-1", 1).choose("meet:1")
    assert "psychic:1" not in s.options() and "attack:1" in s.options()


@pytest.mark.rules("combat.psychic.pvp", "combat.standoff")
def test_psychic_stand_off_between_characters():
    s = setup_meeting("wizard", "sorceress")
    arrive(s, "fields-1", 1).choose("meet:1").dice(3, 4).choose("psychic:1")  # 3 + 5 against 4 + 4
    assert "Stand-off: neither is harmed." in s.log()
    assert s.player(0).lives == 4 and s.player(1).lives == 4


@pytest.mark.rules("combat.psychic.pvp-spoils")
def test_the_psychic_winner_may_take_a_life_armour_cannot_save():
    s = setup_meeting("wizard", "troll")
    s.give(1, "Armour")
    arrive(s, "fields-1", 1).choose("meet:1").dice(2, 1).choose("psychic:1")
    s.choose("life")
    assert s.player(1).lives == 3 and "armour" not in s.log()


# --- evading -----------------------------------------------------------------------------------


@pytest.mark.rules("combat.declare-evade", "combat.evade.definition", "combat.evade.targets")
def test_the_elf_may_evade_in_the_woods():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "graveyard").at(1, "castle")
    s.on_top("adventure", "Giant")
    arrive(s, "woods-1", 1)
    assert set(s.options()) >= {"fight", "evade"}
    s.choose("evade")
    assert "Elf evades the Giant." in s.log()
    assert s.player(0).lives == 4 and s.player(0).trophies == [] and s.on_space("woods-1") == ["Giant"]


@pytest.mark.rules("combat.declare-evade")
def test_no_evading_without_an_ability_or_spell():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "village").at(1, "castle")
    s.on_top("adventure", "Giant")
    arrive(s, "fields-1", 1, 1, 6)
    assert s.player(0).lives == 3  # the only choice was to fight


@pytest.mark.rules("combat.declare-evade", "combat.evade.targets")
def test_the_dwarf_may_evade_in_the_hills():
    s = Scenario(["dwarf", "wizard"]).no_spells().at(0, "sentinel").at(1, "castle")
    s.on_top("adventure", "Giant")
    arrive(s, "hills-1", 1)
    assert "evade" in s.options()
    s.choose("evade")
    assert s.player(0).lives == 4 and s.on_space("hills-1") == ["Giant"]


@pytest.mark.rules("combat.evade.definition", "encounters.non-hostile-after")
def test_after_evading_the_other_cards_may_be_met():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "graveyard").at(1, "castle")
    s.put("woods-1", "Giant", "Sword")
    s.game.gold_on[s.game.rules.space_index["woods-1"]] = 1
    arrive(s, "woods-1", 1).choose("evade")
    assert kinds(s) == "take"
    s.choose("Take the Sword")
    assert s.names(s.player(0).objects) == ["Sword"] and s.player(0).gold == 2
    assert s.on_space("woods-1") == ["Giant"]


@pytest.mark.rules("combat.evade.definition", "combat.evade.targets", "combat.psychic.resolution")
def test_invisibility_evades_every_creature_on_the_space():
    """One Invisibility evades the Strength enemies and the Spirits lying with them."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.give(0, "Invisibility")
    s.put("ruins", "Ghost", "Giant")
    arrive(s, "ruins", 1)
    assert kinds(s) == "combat" and "Giant" in s.labels()[0]
    s.choose("Invisibility")
    assert s.player(0).lives == 4 and s.player(0).trophies == []
    assert sorted(s.on_space("ruins")) == ["Ghost", "Giant"]
    assert "The Ghost (Craft 4) attacks Wizard." not in s.log()
    assert s.game.active == 1


@pytest.mark.rules("combat.evade.definition")
def test_immobility_evades_only_the_creatures_it_holds():
    """000's exception: Immobility holds the Giant, but the Ghost lying with it still attacks."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.give(0, "Immobility")
    s.on_top("spell", "Counterspell")  # the Wizard's next Spell
    s.put("ruins", "Ghost", "Giant")
    arrive(s, "ruins", 1, 6, 1)
    s.choose("Immobility")  # then the Ghost: 6 + 5 against 1 + 4
    assert "Wizard evades the Giant." in s.log() and "The Ghost (Craft 4) attacks Wizard." in s.log()
    assert s.names(s.player(0).trophies) == ["Ghost"] and s.on_space("ruins") == ["Giant"]


@pytest.mark.rules("combat.evade.inner-region")
def test_no_creature_is_evaded_in_the_inner_region():
    """The Werewolf must be fought: Invisibility is not offered (Psionic Blast still is)."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "death").at(1, "castle")
    s.give(0, "Invisibility", "Psionic Blast")
    s.start().dice(3).choose("move:werewolf-den")  # a Werewolf of Strength 3 + 8
    assert kinds(s) == "combat" and "Strength 11" in s.labels()[0]
    labels = s.labels()
    assert not any("Invisibility" in label for label in labels) and "evade" not in s.options()
    assert any("Psionic Blast" in label for label in labels)


@pytest.mark.rules("combat.evade.inner-region", "combat.pvp.evade-option")
def test_characters_may_still_be_evaded_in_the_inner_region():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "pits").at(1, "valley-of-fire")
    s.give(0, "Talisman")
    s.give(1, "Invisibility")
    s.start().choose("move:valley-of-fire").choose("meet:1").choose("attack:1")
    assert s.decision.player == 1 and kinds(s) == "defend"
    s.choose("Invisibility")
    assert "Wizard evades Troll." in s.log() and s.player(1).lives == 4


@pytest.mark.rules("combat.evade.targets", "combat.evade.definition")
def test_a_creature_a_space_sends_may_be_evaded_by_spell():
    """(A) anything attacking in the Outer Region: the Tavern's Farmer."""
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.give(0, "Invisibility")
    arrive(s, "tavern", 1, 2)
    assert kinds(s) == "combat" and "Farmer" in s.labels()[0]
    s.choose("Invisibility")
    assert "Wizard evades the Farmer." in s.log() and s.player(0).lives == 4


@pytest.mark.rules("combat.psychic.resolution", "combat.declare-evade")
def test_the_elf_may_evade_a_spirit_in_the_woods():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "graveyard").at(1, "castle")
    s.put("woods-1", "Wraith")
    arrive(s, "woods-1", 1)
    assert "Craft 5" in s.labels()[0] and "evade" in s.options()
    s.choose("evade")
    assert s.player(0).lives == 4 and s.on_space("woods-1") == ["Wraith"]


@pytest.mark.rules("combat.psychic.resolution", "combat.standoff")
def test_a_psychic_stand_off_with_a_spirit():
    s = to_fields("monk", "Wraith")
    arrive(s, "fields-1", 1, 4, 2)  # 4 + 3 Craft against 2 + 5
    assert "Stand-off between Monk and the Wraith." in s.log()
    assert s.player(0).lives == 4 and s.on_space("fields-1") == ["Wraith"] and s.game.active == 1


@pytest.mark.rules("combat.psychic.resolution")
def test_a_spell_may_prevent_the_life_lost_to_a_spirit():
    s = to_fields("monk", "Wraith")
    s.give(0, "Preservation")
    arrive(s, "fields-1", 1, 1, 6)
    s.choose("Preservation")
    assert s.player(0).lives == 4 and s.game.active == 1


@pytest.mark.rules("combat.pvp.resolution", "combat.psychic.pvp")
def test_fate_rerolls_in_a_fight_between_characters():
    """Each side may spend Fate on its own die, attacker first."""
    s = Scenario(["troll", "thief"], fate=True).no_spells().at(0, "village").at(1, "fields-1")
    s.dice(1).start().choose("keep").choose("move:fields-1").choose("meet:1")
    s.dice(1, 6).choose("attack:1")  # 1 + 6 against 6 + 3
    assert s.decision.player == 0 and kinds(s) == "fate"
    s.dice(8).choose("reroll")  # 8 + 6
    assert s.decision.player == 1 and kinds(s) == "fate"
    s.dice(2).choose("reroll")  # 2 + 3
    assert "Troll scores 8 + 6 = 14; Thief scores 2 + 3 = 5." in s.log()
    assert (s.player(0).fate, s.player(1).fate) == (0, 1)


# --- a stand-off or a lost fight ends the turn at once ---------------------------------


@pytest.mark.rules("combat.standoff")
def test_a_stand_off_with_enemy_cards_ends_the_turn_before_the_other_cards_are_met():
    """A Giant (battle) and a Wraith (psychic combat) on the Ruins: after a stand-off with the Giant the turn
    ends, and the Wraith is not fought."""
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.on_top("adventure", "Wraith", "Giant")
    fight(arrive(s, "ruins", 1, 2, 2))  # 2 + 6 against 2 + 6
    assert "Stand-off between Troll and the Giant." in s.log() and "the Wraith" not in s.log()
    assert sorted(s.on_space("ruins")) == ["Giant", "Wraith"] and s.game.active == 1


@pytest.mark.rules("combat.outcome")
def test_a_lost_fight_with_enemy_cards_ends_the_turn_before_the_other_cards_are_met():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle")
    s.on_top("adventure", "Wraith", "Giant")
    fight(arrive(s, "ruins", 1, 1, 6))  # 1 + 6 against 6 + 6
    assert s.player(0).lives == 3 and "the Wraith" not in s.log()
    assert sorted(s.on_space("ruins")) == ["Giant", "Wraith"] and s.game.active == 1


@pytest.mark.rules("combat.standoff", "combat.outcome")
@pytest.mark.parametrize("dice, lives", [((2, 4), 4), ((1, 6), 3)])  # a stand-off (2 + 4 = 4 + 2); a loss
def test_a_stand_off_or_a_lost_fight_with_a_named_creature_ends_the_turn(dice, lives):
    """The Cave's Goblin (a creature named by a card), then a Fountain of Wisdom lying beside it: not met."""
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5").at(1, "castle").set(0, strength=4)
    s.on_top("adventure", "Cave", "Fountain of Wisdom")
    arrive(s, "ruins", 1, 2, *dice)  # the Cave's 2: a Goblin (Strength 2)
    assert "fights the Goblin" in s.log() and s.player(0).lives == lives
    assert s.player(0).craft == 1 and "drinks" not in s.log() and s.game.active == 1
