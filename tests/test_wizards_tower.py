"""The Wizard's Tower (module ``wizards-tower``; talisman/modules/wizards_tower/):
the Door, the rooms one space a turn, retreating, and the Crown at the top."""

from __future__ import annotations

import pytest

from talisman.engine.cards import check_conservation
from talisman.engine.game import frame
from talisman.testing import Scenario

rules = pytest.mark.rules
MODS = ("wizards-tower",)


def tower(space: str, chars: tuple[str, ...] = ("elf", "thief"), **stats) -> Scenario:
    """Seat 0 on ``space``; the others idle far away."""
    s = Scenario(list(chars), modules=MODS).no_spells().at(0, space).set(0, **{"strength": 4, "craft": 4, **stats})
    for seat in range(1, len(chars)):
        s.at(seat, "village").set(seat, lost_turns=50)
    return s


def turn_of_0(s: Scenario, space: str | None = None) -> Scenario:
    """Drop what is pending and begin a turn of seat 0 (on ``space`` when given)."""
    g = s.game
    g.stack.clear()
    if space:
        s.at(0, space)
    g.active = 0
    g.push_all([frame("turn_start", p=0), frame("turn_end", p=0)])
    g.advance()
    return s


# --- the Door -----------------------------------------------------------------------


@rules("wizards-tower.door-only-entrance")
def test_the_door_is_tried_from_the_portal_of_power_instead_of_the_portal():
    s = tower("black-knight")
    s.dice(3).start()
    assert {"portal", "portal:antechamber"} <= set(s.options())  # the Portal OR the Door
    assert not any(o.startswith("move:") and s.game.rules.space(o[5:]).region == "tower" for o in s.options())
    s.choose("portal:antechamber")
    assert s.space_of(0) == "tower-door" and s.kind == "portal"  # the move ends on the Door
    s.dice(3, 1).choose("strength")
    assert "The Door to the Wizard's Tower opens for Elf" in s.log() and s.space_of(0) == "antechamber"
    assert s.game.turn == 3  # the turn ended there (the Thief's passed)


@rules("wizards-tower.door-only-entrance")
def test_a_door_that_holds_leaves_the_character_on_the_portal_a_point_poorer():
    s = tower("black-knight")
    s.dice(3).start().choose("portal:antechamber")
    s.dice(6, 6).choose("craft")
    assert s.space_of(0) == "portal-of-power" and s.player(0).craft == 3


@rules("wizards-tower.door-only-entrance")
def test_the_door_needs_movement_to_spare():
    s = tower("black-knight")
    s.dice(1).start()
    assert "portal:antechamber" not in s.options()


@rules("wizards-tower.no-mounts")
def test_steeds_and_what_only_they_carried_stay_at_the_portal():
    s = tower("black-knight").give(0, "Mule", "Sword", "Axe", "Shield", "Helmet", "Armour", "Water Bottle")
    p = s.player(0)
    p.packed, p.objects = p.objects[4:], p.objects[:4]
    s.dice(3).start().choose("roll").choose("portal:antechamber")
    s.dice(1, 1).choose("strength")
    assert s.space_of(0) == "antechamber" and p.followers == []
    assert sorted(s.on_space("portal-of-power")) == ["Armour", "Mule", "Water Bottle"]
    assert len(p.objects) == 4 and p.packed == []
    check_conservation(s.game)


# --- the rooms ---------------------------------------------------------------------------


@rules("wizards-tower.antechamber-gargoyle", "wizards-tower.movement")
def test_the_gargoyle_bars_the_antechamber_until_beaten():
    s = tower("black-knight")
    s.dice(3).start().choose("portal:antechamber")
    s.dice(1, 1).choose("strength")
    turn_of_0(s)
    assert set(s.options()) == {"stay", "retreat:portal-of-power"}  # no way on past the Gargoyle
    s.dice(6, 6, 6, 6, 1).choose("stay")  # Strength 3D6+4 = 22 against 6 + 4
    assert s.player(0).lives == 3 and "fights the Gargoyle in battle: 6 + 4 Strength = 10 against 1 + 22" in s.log()
    turn_of_0(s)
    s.set(0, strength=20).dice(6, 1).choose("stay")  # the same Gargoyle: 26 against 1 + 22
    assert "hold" not in s.player(0).status
    turn_of_0(s)
    assert set(s.options()) == {"move:dice-with-death", "retreat:portal-of-power"}  # one space a turn


@rules("wizards-tower.exit")
def test_leaving_the_tower_needs_no_stop_at_the_door():
    s = tower("antechamber")
    s.dice(1).start().choose("retreat:portal-of-power")  # straight out: the whole move
    assert s.space_of(0) == "portal-of-power" and "draws a card" in s.log()


@rules("wizards-tower.dice-with-death")
def test_beating_death_lets_the_character_go_on():
    s = tower("antechamber")
    s.dice(6, 5, 1, 1).start().choose("move:dice-with-death")
    assert s.player(0).lives == 4 and "beats Death" in s.log()
    turn_of_0(s)
    assert "move:magical-trap" in s.options()


@rules("wizards-tower.dice-with-death", "wizards-tower.retreat")
@pytest.mark.parametrize("mine,deaths", [((1, 1), (3, 3)), ((3, 3), (4, 2))])
def test_losing_or_tying_with_death_costs_a_life_and_forces_retreat(mine, deaths):
    s = tower("antechamber")
    s.dice(*mine, *deaths).start().choose("move:dice-with-death")
    assert s.player(0).lives == 3 and "must leave the Tower" in s.log()
    # back toward the Portal is the only way, one space a turn, so it is taken by itself
    assert "Elf retreats on the Antechamber" in s.log() and "Elf arrives on the Portal of Power" in s.log()
    assert "leave-tower" not in s.player(0).status  # out of the Tower: free again


@rules("wizards-tower.retreat")
def test_retreating_is_one_space_a_turn_and_ignores_the_rooms():
    s = tower("pit-trap").give(0, "Sword", "Unicorn")
    s.start().choose("retreat:magical-trap")
    assert s.space_of(0) == "magical-trap" and s.names(s.player(0).objects) == ["Sword"]
    assert "rolls" not in s.log().split("retreats on the Magical Trap")[-1]


@rules("wizards-tower.magical-trap")
def test_the_magical_trap_destroys_each_object_on_1_or_2():
    s = tower("dice-with-death").give(0, "Mule", "Sword", "Axe", "Shield", "Helmet", "Armour")
    p = s.player(0)
    p.packed, p.objects = p.objects[4:], p.objects[:4]
    s.dice(1, 3, 2, 6, 5).start().choose("move:magical-trap")
    assert s.names(p.objects + p.packed) == ["Axe", "Helmet", "Armour"]  # the Sword (1) and the Shield (2) go
    check_conservation(s.game)


@rules("wizards-tower.pit-trap")
def test_the_pit_trap_takes_each_follower_on_1_or_2():
    s = tower("magical-trap").give(0, "Unicorn", "Mule", "Maiden")
    s.dice(2, 6, 1).start().choose("move:pit-trap")
    assert s.names(s.player(0).followers) == ["Mule"] and s.player(0).lives == 4


# --- the Dragon Prince ------------------------------------------------------------------


@rules("wizards-tower.dragon-prince")
@pytest.mark.parametrize("mode", ["strength", "craft"])
def test_the_dragon_prince_is_fought_in_battle_or_psychic_combat_by_choice(mode):
    s = tower("pit-trap", strength=12, craft=12)
    s.start().choose("move:dragon-prince")
    assert s.kind == "dragon-prince" and set(s.options()) == {"strength", "craft"}
    s.dice(6, 1).choose(mode)  # 6 + 12 against 1 + 15
    assert s.player(0).lives == 4 and "leave-tower" not in s.player(0).status
    noun = "battle" if mode == "strength" else "psychic combat"
    assert f"fights the Dragon Prince in {noun}" in s.log()
    turn_of_0(s)
    assert "move:tower-crown" in s.options()


@rules("wizards-tower.dragon-prince", "wizards-tower.retreat")
@pytest.mark.parametrize("dice,lives", [((1, 6), 3), ((5, 1), 4)])  # a loss; a tie (5 + 11 = 1 + 15)
def test_losing_or_tying_with_the_dragon_prince_sends_you_out(dice, lives):
    s = tower("pit-trap", strength=11)
    s.start().choose("move:dragon-prince")
    s.dice(*dice).choose("strength")
    assert s.player(0).lives == lives and "must leave the Tower" in s.log()
    assert "Elf retreats on the Pit Trap" in s.log() and "Elf arrives on the Portal of Power" in s.log()


@rules("wizards-tower.dragon-prince-immunities")
def test_bonuses_against_dragons_count_against_the_dragon_prince():
    s = tower("pit-trap", strength=8).give(0, "Holy Lance")
    s.start().choose("move:dragon-prince")
    s.dice(6, 1).choose("strength")  # 6 + 8 + 3 = 17 against 1 + 15
    assert "6 + 11 Strength = 17" in s.log() and "leave-tower" not in s.player(0).status


@rules("wizards-tower.dragon-prince-immunities")
def test_what_turns_dragons_away_outright_does_not_work_on_the_dragon_prince():
    s = tower("pit-trap", chars=("minstrel", "thief")).give(0, "Potion of Strength")  # so that fighting is a choice
    s.start().choose("move:dragon-prince").choose("strength")
    assert s.kind == "combat" and "let-be" not in s.options()
    s2 = tower("fields-1", chars=("minstrel", "thief")).put("graveyard", "Dragon")
    s2.dice(1).start().choose("move:graveyard")
    assert "let-be" in s2.options()  # an ordinary Dragon: he may let it be


# --- meeting in the Tower, and the top ------------------------------------------------------


@rules("wizards-tower.no-magic-in-character-encounters")
def test_characters_meeting_in_the_tower_use_no_magic():
    s = tower("magical-trap").give(0, "Ring")
    s.at(1, "pit-trap").set(1, strength=4, craft=4, lost_turns=0).give(1, "Psionic Blast")
    s.player(1).status["traits"] = ["evade-anywhere"]  # so that the Thief has a choice to make
    s.start().choose("move:pit-trap").choose("meet:1")
    s.choose("attack:1")
    assert s.kind == "defend" and set(s.options()) == {"defend", "evade"}  # no Spell to cast
    s.dice(6, 1).choose("defend")
    assert s.kind == "spoils"  # the Thief was not offered its Psionic Blast
    assert "Elf scores 6 + 4 = 10" in s.log()  # the Ring's +1 does not count
    s.choose("life")
    assert "no-magic" not in s.game.globals  # till the end of that turn only


def test_outside_the_tower_the_same_fight_counts_the_ring():
    s = tower("fields-1").give(0, "Ring")
    s.at(1, "graveyard").set(1, strength=4, craft=4, lost_turns=0)
    s.dice(1, 6, 1).start().choose("roll").choose("move:graveyard").choose("meet:1").choose("attack:1")
    assert "Elf scores 6 + 5 = 11" in s.log()


@rules("wizards-tower.crown-room")
def test_the_top_of_the_tower_leads_to_the_crown_of_command():
    s = tower("dragon-prince", chars=("elf",))
    s.start().choose("move:tower-crown")
    assert s.space_of(0) == "crown-of-command"
    assert s.game.result["winners"] == [0]  # alone in the game: it rules


def test_the_tower_route_is_remembered_for_the_lord_of_chaos():
    from talisman.modules.endings.common import route

    s = Scenario(["elf", "thief"], modules=(*MODS, "endings"), ending="lord-of-chaos").no_spells().at(0, "antechamber")
    s.at(1, "village").set(1, lost_turns=50)
    s.dice(6, 6, 1, 1).start().choose("move:dice-with-death")
    assert route(s.game, 0) == "the Wizard's Tower"


# --- bot games ----------------------------------------------------------------------------

CHARACTERS = [
    "assassin",
    "druid",
    "dwarf",
    "elf",
    "ghoul",
    "minstrel",
    "monk",
    "priest",
    "prophetess",
    "sorceress",
    "thief",
    "troll",
    "warrior",
    "wizard",
]


def test_random_bot_games_around_the_tower_keep_every_card_in_one_place():
    import random

    from talisman.bots import make_bot, play_out

    inside = 0
    for seed in range(60):
        r = random.Random(seed)
        n = r.randint(1, 4)
        s = Scenario(r.sample(CHARACTERS, n), seed=seed, modules=MODS, fate=r.random() < 0.5)
        for seat in range(n):
            s.at(seat, r.choice(["portal-of-power", "black-knight", "antechamber", "magical-trap", "dragon-prince"]))
            if r.random() < 0.5:
                s.give(seat, "Mule")
        g = s.start().game
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(n)}, max_turns=60, check=check_conservation)
        inside += any("Door to the Wizard's Tower opens" in e.text or "Dragon Prince in" in e.text for e in g.events)
        for p in g.players:
            assert p.lives >= 0 and p.strength >= 1 and p.craft >= 1
    assert inside >= 20
