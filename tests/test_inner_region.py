"""The Inner Region (000 "MOVEMENT IN THE INNER REGION", "ENCOUNTERS IN THE
INNER REGION"): one space a turn, retreating, the Valley of Fire's barrier,
the Crown of Command, and every space of the ring.

The ring, from the Plain of Peril: mines, vampires-tower, pits, then the
Valley of Fire opposite, and back the other way werewolf-den, death, crypt.
Going forward means away from the Plain of Peril; the Valley of Fire leads to
the Crown of Command.

Single-seat games carry a Water Bottle so that each turn stops at its menu
(its "drop" option); otherwise a lone "roll" option is answered at once.
"""

from __future__ import annotations

import pytest

from talisman.testing import Scenario


def lone(character: str = "warrior", space: str = "plain-of-peril") -> Scenario:
    """One character on ``space``, whose every turn waits at the turn menu."""
    return Scenario([character]).no_spells().at(0, space).give(0, "Water Bottle")


def pair(space: str = "plain-of-peril", other: str = "portal-of-power") -> Scenario:
    """The Warrior on ``space``, the Wizard (with a Water Bottle) elsewhere."""
    return Scenario(["warrior", "wizard"]).no_spells().at(0, space).at(1, other).give(1, "Water Bottle")


def moves(s: Scenario) -> set[str]:
    return {o for o in s.options() if o.startswith(("move:", "retreat:", "stay"))}


def rolled(s: Scenario, what: str) -> bool:
    return any(e.type == "roll" and what in e.text for e in s.game.events)


# --- movement ------------------------------------------------------------------------


@pytest.mark.rules("movement.inner.one-space")
def test_no_die_is_rolled_in_the_inner_region_and_the_move_is_one_space():
    s = lone().set(0, craft=5).start()
    assert moves(s) == {"move:mines", "move:crypt", "retreat:portal-of-power"}
    s.dice(1, 1, 1).choose("move:mines")  # the Mines' own dice (3 - 5: stay), not a movement roll
    assert s.space_of(0) == "mines"
    assert not any("for movement" in e.text for e in s.game.events)


@pytest.mark.rules("movement.inner.one-space", "movement.inner.retreat")
@pytest.mark.parametrize(
    "space, expected",
    [
        ("mines", {"move:vampires-tower", "retreat:plain-of-peril"}),
        ("vampires-tower", {"move:pits", "retreat:mines"}),
        ("crypt", {"move:death", "retreat:plain-of-peril"}),
        ("death", {"move:werewolf-den", "retreat:crypt"}),
        ("valley-of-fire", {"move:crown-of-command", "retreat:pits", "retreat:werewolf-den"}),
    ],
)
def test_each_space_leads_one_step_on_or_one_step_back(space, expected):
    s = lone(space=space).give(0, "Talisman").start()
    assert moves(s) == expected


@pytest.mark.rules("movement.inner.retreat")
def test_retreating_ignores_the_instructions_of_the_space_entered():
    s = lone(space="vampires-tower").start()
    s.choose("retreat:mines")
    assert s.space_of(0) == "mines"
    assert not rolled(s, "Mines")  # no 3 dice to find the way out
    assert s.player(0).lives == 4


@pytest.mark.rules("movement.inner.retreat", "movement.inner.complete-encounter-first")
def test_a_character_held_by_a_werewolf_may_still_retreat():
    s = lone(space="death").start()
    s.dice(6, 1, 1, 6).choose("move:werewolf-den")  # a Werewolf of 14 beats 1 + 4
    assert s.player(0).lives == 3 and s.space_of(0) == "werewolf-den"
    assert moves(s) == {"stay", "retreat:death"}  # no way on until it is beaten
    s.choose("retreat:death")
    assert s.space_of(0) == "death" and not rolled(s, "Death")


@pytest.mark.rules("movement.inner.valley-of-fire-talisman", "purchase-talisman.valley-barrier")
@pytest.mark.parametrize("space", ["pits", "werewolf-den"])
def test_without_a_talisman_the_valley_of_fire_is_barred(space):
    s = lone(space=space).start()
    assert moves(s) == {"retreat:vampires-tower" if space == "pits" else "retreat:death"}
    s2 = lone(space=space).give(0, "Talisman").start()
    assert "move:valley-of-fire" in moves(s2)
    s2.choose("move:valley-of-fire")
    assert s2.space_of(0) == "valley-of-fire"


@pytest.mark.rules("movement.inner.valley-of-fire-talisman", "purchase-talisman.valley-barrier")
def test_a_talisman_from_the_stock_opens_the_valley_too():
    s = lone(space="pits")
    card = s.find("Talisman", deck="talisman")
    s._unplace(card)
    s.player(0).objects.append(card)
    s.start()
    assert "move:valley-of-fire" in moves(s)


@pytest.mark.rules("movement.inner.crown-stay")
def test_on_the_crown_a_character_stays_unless_it_retreats():
    s = pair(space="crown-of-command")
    s.dice(1).start()  # the Command Spell first (its one victim): a 1 fails
    assert "Warrior casts the Command Spell." in s.log()
    assert s.decision.kind == "turn"
    assert moves(s) == {"stay", "retreat:valley-of-fire"}
    s.choose("stay")
    assert s.space_of(0) == "crown-of-command" and s.game.active == 1


# --- encounters ------------------------------------------------------------------------


@pytest.mark.rules("inner-region.character-encounters-limited", "movement.portal.link")
def test_characters_meet_on_the_plain_of_peril():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").at(1, "plain-of-peril")
    s.put("fields-1", "Magic Portal")  # another way into the Inner Region
    s.dice(1).start().choose("move:fields-1")
    s.dice(6).choose("step-through")
    assert s.space_of(0) == "plain-of-peril"
    assert s.decision.kind == "encounter" and "meet:1" in s.options()


@pytest.mark.rules("inner-region.character-encounters-limited")
def test_characters_meet_in_the_valley_of_fire():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "pits").at(1, "valley-of-fire").give(0, "Talisman")
    s.start().choose("move:valley-of-fire")
    assert s.decision.kind == "encounter" and "meet:1" in s.options()


@pytest.mark.rules("inner-region.character-encounters-limited")
@pytest.mark.parametrize(
    "space, before",
    [("mines", "plain-of-peril"), ("crypt", "plain-of-peril"), ("vampires-tower", "mines"), ("death", "crypt")],
)
def test_elsewhere_the_space_is_met_and_not_the_character_there(space, before):
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, before).at(1, space).set(0, strength=30, craft=30)
    s.start()
    s.dice(1, 1, 1).choose(f"move:{space}")
    assert not [e for e in s.game.events if "Encounter the Wizard" in e.text]
    assert "meet:1" not in s.options()
    assert any(e.type == "roll" for e in s.game.events)  # the space's own dice were rolled


@pytest.mark.rules("inner-region.creatures-immune")
@pytest.mark.parametrize(
    "space, before, dice",
    [
        ("werewolf-den", "death", (6, 1, 1, 6)),  # Werewolf 14; Warrior 1 + 4 against 6 + 14
        ("pits", "vampires-tower", (1, 1, 1, 6)),  # one Pit Fiend; 1 + 4 against 6 + 4
    ],
)
def test_inner_region_creatures_are_beyond_spells_and_cannot_be_evaded(space, before, dice):
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, before).set(0, craft=5).give(0, "Immobility", "Invisibility")
    s.start()
    s.dice(*dice).choose(f"move:{space}")
    assert not [e for e in s.game.events if e.type in ("cast", "evade")]
    assert s.names(s.player(0).spells) == ["Immobility", "Invisibility"]
    assert s.player(0).lives == 3 and s.game.active == 1


@pytest.mark.rules("combat.evade.inner-region")
def test_an_evading_ability_does_not_work_on_inner_region_creatures():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "death").at(1, "werewolf-den")
    s.player(0).status["traits"] = ["evade-anywhere"]
    s.start()
    s.dice(6, 1, 6).choose("move:werewolf-den")
    assert not [e for e in s.game.events if e.type == "evade"]
    assert s.space_of(0) == "werewolf-den" and s.player(0).status["hold"]["what"] == "Werewolf"


# --- the spaces ------------------------------------------------------------------------


@pytest.mark.rules("inner-region.crypt", "movement.inner.complete-encounter-first")
@pytest.mark.parametrize(
    "dice, emerges",
    [
        ((1, 1, 1), "crypt"),  # 3 - 4 <= 0: the way on is found
        ((2, 2, 1), "plain-of-peril"),  # 1
        ((2, 2, 2), "portal-of-power"),  # 2
        ((3, 2, 2), "portal-of-power"),  # 3
        ((3, 3, 2), "warlocks-cave"),  # 4
        ((3, 3, 3), "warlocks-cave"),  # 5
        ((4, 3, 3), "city"),  # 6
        ((6, 6, 6), "city"),  # 14
    ],
)
def test_the_crypt_sends_you_out_by_three_dice_less_strength(dice, emerges):
    s = pair()
    s.start().dice(*dice).choose("move:crypt")
    assert s.space_of(0) == emerges
    assert s.game.active == 1  # that was the whole move: nothing met there
    assert "Warrior arrives on the City" not in s.log() and s.player(0).gold == 1


@pytest.mark.rules("inner-region.crypt", "movement.inner.complete-encounter-first")
def test_only_staying_in_the_crypt_lets_you_go_on_next_turn():
    s = lone().set(0, strength=6).start()
    s.dice(2, 2, 2).choose("move:crypt")  # 6 - 6 = 0
    assert s.space_of(0) == "crypt"
    assert moves(s) == {"move:death", "retreat:plain-of-peril"}


@pytest.mark.rules("inner-region.mines", "movement.inner.complete-encounter-first")
@pytest.mark.parametrize(
    "dice, emerges",
    [
        ((1, 1, 1), "plain-of-peril"),  # 3 - 2 = 1
        ((2, 1, 1), "portal-of-power"),  # 2
        ((2, 2, 1), "portal-of-power"),  # 3
        ((2, 2, 2), "warlocks-cave"),  # 4
        ((3, 2, 2), "warlocks-cave"),  # 5
        ((3, 3, 2), "tavern"),  # 6
        ((6, 6, 6), "tavern"),  # 16
    ],
)
def test_the_mines_send_you_out_by_three_dice_less_craft(dice, emerges):
    s = pair()
    s.start().dice(*dice).choose("move:mines")
    assert s.space_of(0) == emerges
    assert s.game.active == 1 and s.player(0).gold == 1


@pytest.mark.rules("inner-region.mines", "movement.inner.complete-encounter-first")
def test_finding_the_way_through_the_mines_lets_you_go_on_next_turn():
    s = lone().set(0, craft=4).start()
    s.dice(2, 1, 1).choose("move:mines")  # 4 - 4 = 0
    assert s.space_of(0) == "mines"
    assert moves(s) == {"move:vampires-tower", "retreat:plain-of-peril"}


@pytest.mark.rules("inner-region.mines")
def test_the_dwarf_rolls_two_dice_in_the_mines():
    s = lone("dwarf").start()
    s.dice(2, 1).choose("move:mines")  # 3 - Craft 3 = 0
    assert "Dwarf rolls 2 dice for the way out of the Mines: 2+1 − 3 (Craft) = 0." in s.log()
    assert s.space_of(0) == "mines"


@pytest.mark.rules("inner-region.werewolf-den")
def test_every_character_entering_the_den_meets_its_own_werewolf():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "death").at(1, "death").set(0, strength=5)
    s.start()
    s.dice(1, 6, 6, 1).choose("move:werewolf-den")  # a Werewolf of 9: 6 + 5 beats 1 + 9
    assert "hold" not in s.player(0).status and s.player(0).lives == 4
    s.dice(6, 6, 1).choose("move:werewolf-den")  # the Wizard's Werewolf is 14: 6 + 2 loses to 1 + 14
    texts = [e.text for e in s.game.events if "+ 8 = " in e.text]
    assert texts == ["Warrior rolls a die: 1 + 8 = 9.", "Wizard rolls a die: 6 + 8 = 14."]
    assert s.player(1).lives == 3 and s.player(1).status["hold"]["what"] == "Werewolf"


@pytest.mark.rules("inner-region.werewolf-den", "movement.inner.complete-encounter-first")
def test_a_werewolf_must_be_beaten_before_going_on():
    s = lone(space="death").start()
    s.dice(4, 1, 1, 6).choose("move:werewolf-den")  # Werewolf 12 wins
    assert moves(s) == {"stay", "retreat:death"}
    s.dice(6, 6, 1).choose("stay")  # the same Werewolf (12): 6 + 4 loses to 1 + 12
    assert s.player(0).lives == 2 and moves(s) == {"stay", "retreat:death"}
    s.dice(6, 6, 1).set(0, strength=8).choose("stay")  # 6 + 8 beats 13
    assert "hold" not in s.player(0).status
    assert moves(s) == {"retreat:death"}  # the Valley of Fire needs a Talisman
    assert sum("+ 8 = " in e.text for e in s.game.events) == 1


@pytest.mark.rules("inner-region.pits", "movement.inner.complete-encounter-first")
def test_pit_fiends_are_fought_until_a_life_is_lost_and_the_rest_next_turn():
    s = lone(space="vampires-tower").give(0, "Talisman").start()
    # 3 Pit Fiends: the first is killed (6 + 4 against 1 + 4), the second wins (1 + 4 against 6 + 4).
    s.dice(3, 6, 6, 1, 1, 1, 6).choose("move:pits")
    assert s.player(0).lives == 3
    assert "3 Pit Fiends rise against Warrior." in s.log()
    assert moves(s) == {"stay", "retreat:vampires-tower"}
    s.dice(6, 6, 1, 6, 6, 1).choose("stay")  # the 2 left are killed
    assert s.player(0).lives == 3 and "hold" not in s.player(0).status
    assert s.log().count("Warrior kills the Pit Fiend.") == 3
    assert "move:valley-of-fire" in moves(s)  # on only the turn after the last is killed


@pytest.mark.rules("inner-region.pits")
def test_the_pits_are_passed_at_once_if_every_fiend_falls():
    s = lone(space="vampires-tower").start()
    s.dice(2, 6, 6, 1, 5, 5, 2).choose("move:pits")
    assert s.player(0).lives == 4 and "hold" not in s.player(0).status
    assert s.space_of(0) == "pits"


@pytest.mark.parametrize("roll, lost", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
@pytest.mark.rules("movement.inner.complete-encounter-first")
def test_the_vampire_drinks_one_to_three_lives(roll, lost):
    s = lone(space="mines").set(0, lives=5).start()
    s.dice(roll).choose("move:vampires-tower")
    assert s.player(0).lives == 5 - lost


@pytest.mark.rules("movement.inner.complete-encounter-first")
def test_a_follower_may_be_given_to_the_vampire_instead_of_a_life():
    s = lone(space="mines").give(0, "Maiden").start()
    s.dice(3).choose("move:vampires-tower")
    assert s.decision.kind == "vampire"
    s.choose("Maiden")
    assert s.player(0).lives == 3 and not s.player(0).followers


@pytest.mark.rules("movement.inner.complete-encounter-first")
@pytest.mark.parametrize(
    "mine, death, lives, held",
    [
        ((6, 6), (1, 1), 4, False),  # beaten: go on next turn
        ((3, 3), (2, 4), 4, True),  # a tie: play again next turn
        ((1, 1), (6, 6), 3, True),  # lost: a life, and play again
    ],
)
def test_dice_with_death(mine, death, lives, held):
    s = lone(space="crypt").start()
    s.dice(*mine, *death).choose("move:death")
    assert s.player(0).lives == lives
    assert ("hold" in s.player(0).status) is held
    assert moves(s) == ({"stay", "retreat:crypt"} if held else {"move:werewolf-den", "retreat:crypt"})


@pytest.mark.rules("movement.inner.one-space")
def test_the_plain_of_peril_and_the_valley_of_fire_ask_nothing():
    s = lone(space="pits").give(0, "Talisman").start()
    s.choose("move:valley-of-fire")
    assert s.decision.kind == "turn" and s.player(0).lives == 4
    assert not [e for e in s.game.events if e.type in ("roll", "draw")]


@pytest.mark.rules("inner-region.crown-draw-ending")
def test_the_first_to_reach_the_crown_meets_the_ending():
    s = pair(space="valley-of-fire", other="plain-of-peril").give(0, "Talisman").on_top("adventure", "Bag of Gold")
    s.start().choose("move:crown-of-command")
    assert "Warrior reaches the Crown of Command!" in s.log()
    assert s.game.options["ending"] == "crown-of-command"
    s.dice(1).choose("retreat:portal-of-power")  # the Wizard's turn: away through the Portal
    assert s.game.active == 0 and "Warrior casts the Command Spell." in s.log()
    # (Alone in the game, reaching the Crown wins outright.)
    solo = lone(space="valley-of-fire").give(0, "Talisman").start()
    solo.choose("move:crown-of-command")
    assert solo.game.result and solo.game.result["winners"] == [0]
