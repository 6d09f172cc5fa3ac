"""How the game is won (core.win.conditions; engine: talisman/engine/endings.py):
the Crown of Command and its Command Spell, the last character standing, a solo game."""

from __future__ import annotations

import pytest

from talisman.testing import Scenario

WIN = "core.win.conditions"
ALONE = "endings.crown-of-command.alone"
NOT_ALONE = "endings.crown-of-command.not-alone"


def on_the_crown(chars: list[str], ruler: int = 0, **options) -> Scenario:
    """Seat ``ruler`` stands alone on the Crown of Command as the game starts; the others are in the Outer Region."""
    s = Scenario(chars, **options).no_spells()
    for seat in range(len(chars)):
        s.at(seat, "crown-of-command" if seat == ruler else "village")
    return s


@pytest.mark.rules(WIN)
def test_in_a_solo_game_reaching_the_crown_wins():
    s = Scenario(["warrior"]).no_spells().at(0, "valley-of-fire").give(0, "Talisman")
    s.start().choose("move:crown-of-command")
    assert s.game.is_over and s.game.result["winners"] == [0]
    assert "Crown of Command" in s.game.result["how"]


@pytest.mark.rules(WIN)
def test_reaching_the_crown_with_rivals_alive_does_not_end_the_game():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "valley-of-fire").at(1, "village").give(0, "Talisman")
    s.start().choose("move:crown-of-command")
    assert not s.game.is_over and s.game.active == 1 and s.space_of(0) == "crown-of-command"


@pytest.mark.rules(WIN, ALONE)
def test_the_ruler_casts_the_command_spell_at_a_victim_of_its_choice():
    s = on_the_crown(["warrior", "wizard", "thief"])
    s.start()
    assert s.decision.kind == "command" and set(s.options()) == {"victim:1", "victim:2"}
    s.dice(4).choose("victim:2")
    assert s.decision.kind == "command-victim" and s.decision.player == 2
    assert set(s.options()) == {"life", "concede"}
    s.choose("life")
    assert [s.player(i).lives for i in range(3)] == [4, 4, 3]
    assert s.decision.kind == "turn" and s.decision.player == 0  # then the ruler's turn goes on
    assert "stay" in s.options()


@pytest.mark.rules(WIN, ALONE)
@pytest.mark.parametrize("roll", [1, 2, 3])
def test_the_command_spell_does_nothing_on_1_to_3(roll):
    s = on_the_crown(["warrior", "wizard", "thief"])
    s.dice(roll).start().choose("victim:1")
    assert [s.player(i).lives for i in range(3)] == [4, 4, 4]
    assert s.decision.kind == "turn" and s.decision.player == 0


@pytest.mark.rules(WIN, ALONE)
def test_a_victim_who_concedes_leaves_the_game_and_the_last_one_left_wins():
    s = on_the_crown(["warrior", "wizard"])
    s.dice(6).start()  # one rival: it is the victim
    s.choose("concede")
    assert not s.player(1).alive and s.player(1).conceded
    assert s.game.is_over and s.game.result["winners"] == [0]
    assert "Crown of Command" in s.game.result["how"]


@pytest.mark.rules(WIN, ALONE)
def test_the_ruler_wins_when_the_command_spell_kills_the_last_rival():
    s = on_the_crown(["warrior", "wizard"]).set(1, lives=1)
    s.dice(5).start().choose("life")
    assert s.game.is_over and s.game.result["winners"] == [0]


@pytest.mark.rules(WIN, ALONE)
def test_4e_command_spell_strikes_every_other_character():
    s = on_the_crown(["warrior", "wizard", "thief"], command_spell="4e")
    s.dice(4).start()
    assert [s.player(i).lives for i in range(3)] == [4, 3, 3]
    s = on_the_crown(["warrior", "wizard", "thief"], command_spell="4e")
    s.dice(3).start()
    assert [s.player(i).lives for i in range(3)] == [4, 4, 4]


@pytest.mark.rules(WIN, ALONE)
def test_the_command_spell_is_cast_again_each_turn():
    s = on_the_crown(["warrior", "wizard"]).on_top("adventure", "Bag of Gold")
    s.dice(4, 1, 2).start().choose("life").choose("stay")  # the Wizard then rolls 1
    s.choose("move:fields-1")
    assert s.game.turn == 3 and s.decision.player == 0
    assert s.log().count("Warrior casts the Command Spell.") == 2
    assert "Warrior rolls a die for the Command Spell: 2." in s.log() and s.player(1).lives == 3


@pytest.mark.rules(WIN, NOT_ALONE)
def test_a_ruler_who_is_not_alone_must_fight_the_others_on_the_crown():
    s = on_the_crown(["wizard", "warrior"]).at(1, "crown-of-command")
    s.start()
    assert s.decision.kind == "crown-challenge" and set(s.options()) == {"attack:1", "psychic:1"}
    assert "Command Spell" not in s.log()


@pytest.mark.rules(WIN, NOT_ALONE)
def test_reaching_an_occupied_crown_means_fighting_who_is_there():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "valley-of-fire").at(1, "crown-of-command")
    s.give(0, "Talisman")
    s.start().choose("move:crown-of-command")
    assert s.decision.kind == "crown-challenge" and "leave" not in s.options()
    s.dice(6, 1, 1).choose("psychic:1")  # 6 + 5 against 1 + 2
    assert s.decision.kind == "spoils" and s.decision.player == 0


@pytest.mark.rules(WIN, ALONE)
def test_the_holder_of_the_amulet_cannot_cast_the_command_spell():
    s = on_the_crown(["warrior", "wizard"]).give(0, "Amulet")
    s.dice(6).start()
    assert "cannot cast the Command Spell" in s.log()
    assert s.player(1).lives == 4 and s.decision.kind == "turn"


@pytest.mark.rules(WIN, ALONE)
def test_a_counterspell_cancels_the_command_spell():
    s = on_the_crown(["warrior", "thief"]).give(1, "Counterspell")
    s.start()
    assert s.decision.kind == "counterspell" and s.decision.player == 1
    s.choose("counter:")
    assert s.player(1).lives == 4 and s.player(1).spells == []
    assert "Counterspell" in s.names(s.game.discards["spell"])
    assert s.decision.kind == "turn" and s.decision.player == 0
    s = on_the_crown(["warrior", "thief"]).give(1, "Counterspell")
    s.start().dice(6).choose("allow")
    assert s.decision.kind == "command-victim"


@pytest.mark.rules(WIN)
def test_the_last_character_alive_wins():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").at(1, "fields-1").set(1, lives=1)
    s.dice(1, 6, 6, 1).start().choose("move:fields-1").choose("meet:1").choose("attack:1")
    s.choose("life")
    assert not s.player(1).alive
    assert s.game.is_over and s.game.result == {"winners": [0], "how": "the last character standing", "turn": 1}


@pytest.mark.rules(WIN)
def test_a_solo_character_who_dies_loses():
    s = Scenario(["warrior"]).no_spells().at(0, "woods-1").set(0, lives=1).on_top("adventure", "Giant")
    s.dice(1, 1, 1, 6).start().choose("move:sentinel")
    assert s.game.is_over and s.game.result["winners"] == []


@pytest.mark.rules(WIN, "toads-transformations.no-spells")
def test_a_toad_on_the_crown_cannot_cast_the_command_spell():
    from talisman.engine.transform import become_toad

    s = on_the_crown(["warrior", "wizard"])
    become_toad(s.game, 0, 3)
    s.dice(6).start()
    assert "Command Spell" in s.log() and "casts the Command Spell" not in s.log()
    assert s.player(1).lives == 4 and s.decision.kind == "turn"


@pytest.mark.rules(NOT_ALONE, "encounters.character")
def test_on_an_occupied_crown_a_special_ability_may_be_used_instead_of_an_attack():
    """000: an encounter with a character is an attack or a special ability: the Thief may steal."""
    s = Scenario(["thief", "warrior"]).no_spells().at(0, "valley-of-fire").at(1, "crown-of-command")
    s.give(0, "Talisman").give(1, "Sword")
    s.start().choose("move:crown-of-command")
    assert s.decision.kind == "crown-challenge" and "leave" not in s.options()
    assert "attack:1" in s.options() and "Steal the Sword" in s.labels()
    s.choose("Steal the Sword")
    assert "Thief takes the Sword from the Warrior." in s.log() and "Thief attacks" not in s.log()
