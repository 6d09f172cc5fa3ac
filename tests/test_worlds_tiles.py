"""Talisman Worlds (module ``worlds``, document 004 "Tile Encounters"): every tile's
table played on a world, each tile reached by a step from a touching tile."""

from __future__ import annotations

import pytest
from test_worlds import game, land, moves, put, tile_at, turn_of_0

rules = pytest.mark.rules


def thief(**stats) -> object:
    """The Thief (Strength 3, Craft 3) as seat 0, without the Scenario's defaults."""
    s = game("thief", "wizard")
    return s.set(0, **{"strength": 3, "craft": 3, "gold": 1, "lives": 4, **stats})


# --- the Outer Region ----------------------------------------------------------------------------------


@rules("worlds.tile.forest")
@pytest.mark.parametrize("roll,craft,lost", [(2, 3, 1), (3, 3, 1), (4, 3, 0), (5, 3, 0), (6, 4, 0)])
def test_forest(roll, craft, lost):
    s = thief()
    land(s, "forest", roll)
    assert (s.player(0).craft, s.player(0).lost_turns) == (craft, lost)


@rules("worlds.tile.forest")
def test_forest_1_a_brigand_of_strength_4():
    s = thief()
    land(s, "forest", 1, 1, 6)
    assert "Thief fights the Brigand in battle: 1 + 3 Strength = 4 against 6 + 4 = 10" in s.log()
    assert s.player(0).lives == 3


@rules("worlds.tile.crags")
@pytest.mark.parametrize("roll,strength,lost", [(2, 3, 1), (3, 3, 1), (4, 3, 0), (5, 3, 0), (6, 4, 0)])
def test_crags(roll, strength, lost):
    s = thief()
    land(s, "crags", roll)
    assert (s.player(0).strength, s.player(0).lost_turns) == (strength, lost)


@rules("worlds.tile.crags")
def test_crags_1_a_spirit_of_craft_4():
    s = thief()
    land(s, "crags", 1, 2, 6)
    assert "Thief fights the Spirit in psychic combat: 2 + 3 Craft = 5 against 6 + 4 = 10" in s.log()
    assert s.player(0).lives == 3


@rules("worlds.tile.graveyard")
def test_graveyard_by_alignment():
    s = game("elf", "wizard").set(0, lives=4)  # good
    land(s, "graveyard")
    assert s.player(0).lives == 3
    s = game("dwarf", "wizard", fate=True).set(0, fate=0, gold=3)  # neutral
    land(s, "graveyard")
    assert s.options() == ["fate:3", "fate:2", "fate:1", "fate:0"]
    s.choose("fate:2")
    assert (s.player(0).fate, s.player(0).gold) == (2, 1)
    s = game("wizard", "warrior", fate=True).set(0, fate=0)  # evil
    land(s, "graveyard")
    assert s.options() == ["restore-fate", "pray", "nothing"]
    s.choose("restore-fate")
    assert s.player(0).fate == 3


@rules("worlds.tile.graveyard")
@pytest.mark.parametrize("roll,fate,spells", [(1, 0, 0), (4, 0, 0), (5, 1, 0), (6, 0, 1)])
def test_graveyard_the_evil_pray(roll, fate, spells):
    s = game("wizard", "warrior", fate=True).set(0, fate=0, craft=4)
    land(s, "graveyard", roll).choose("pray")
    assert (s.player(0).fate, len(s.player(0).spells)) == (fate, spells)


@rules("worlds.tile.city", "worlds.tile.city.enchantress")
@pytest.mark.parametrize("roll,strength,craft", [(2, 2, 3), (3, 3, 2), (4, 3, 4), (5, 4, 3)])
def test_city_enchantress(roll, strength, craft):
    s = thief()
    land(s, "city", roll)
    assert s.options() == ["enchantress", "doctor", "alchemist", "nothing"]
    s.choose("enchantress")
    assert (s.player(0).strength, s.player(0).craft) == (strength, craft)


@rules("worlds.tile.city.enchantress")
def test_city_enchantress_toad_and_spell():
    s = thief()
    land(s, "city", 1).choose("enchantress")
    assert s.player(0).toad
    s = thief()
    land(s, "city", 6).choose("enchantress")
    assert len(s.player(0).spells) == 1


@rules("worlds.tile.city.doctor")
def test_city_doctor_heals_up_to_two_at_one_gold():
    s = thief(lives=1, gold=5)
    land(s, "city").choose("doctor")
    assert s.options() == ["heal:2", "heal:1", "heal:0"]
    s.choose("heal:2")
    assert (s.player(0).lives, s.player(0).gold) == (3, 3)


@rules("worlds.tile.city.alchemist")
def test_city_alchemist_buys_objects_at_one_gold():
    s = thief(gold=0).give(0, "Helmet", "Wand", deck="adventure")
    land(s, "city").choose("alchemist").choose("Helmet").choose("Wand")
    assert s.player(0).gold == 2 and s.player(0).objects == []


@rules("worlds.tile.village", "worlds.tile.village.blacksmith")
@pytest.mark.parametrize("item,price", [("Helmet", 2), ("Sword", 2), ("Axe", 3), ("Shield", 3), ("Armour", 4)])
def test_village_blacksmith(item, price):
    s = thief(gold=price)
    land(s, "village")
    assert s.options() == ["blacksmith", "healer", "mystic", "nothing"]
    s.choose("blacksmith").choose(f"buy:{item}")
    assert s.player(0).gold == 0 and s.names(s.player(0).objects) == [item]


@rules("worlds.tile.village.healer")
def test_village_healer():
    s = thief(lives=1, gold=5)
    land(s, "village").choose("healer")
    assert s.options()[0] == "heal:3"  # up to the starting 4
    s.choose("heal:3")
    assert (s.player(0).lives, s.player(0).gold) == (4, 2)


@rules("worlds.tile.village.mystic")
@pytest.mark.parametrize(
    "roll,alignment,craft,spells",
    [(1, "evil", 4, 0), (2, "good", 4, 0), (4, "good", 4, 0), (5, "good", 5, 0), (6, "good", 4, 1)],
)
def test_village_mystic(roll, alignment, craft, spells):
    s = game("elf", "wizard").set(0, craft=4)
    land(s, "village", roll).choose("mystic")
    p = s.player(0)
    assert (p.alignment, p.craft, len(p.spells)) == (alignment, craft, spells)


@rules("worlds.tile.tavern")
def test_tavern():
    s = thief()
    land(s, "tavern", 1)
    assert s.player(0).lost_turns == 1
    s = thief()
    land(s, "tavern", 2, 1, 5)
    assert "Thief fights the Farmer in battle: 1 + 3 Strength = 4 against 5 + 3 = 8" in s.log()
    s = thief(gold=2)
    land(s, "tavern", 3)
    assert s.player(0).gold == 1
    s = thief(gold=0)
    land(s, "tavern", 4)
    assert s.player(0).gold == 1
    s = thief()
    land(s, "tavern", 5)
    assert s.kind == "teleport" and all(s.game.rules.space(i[3:]).region == "outer" for i in s.options())
    assert len(s.options()) == 23
    s = thief()
    land(s, "tavern", 6)
    assert s.player(0).status["next_move"] == s.game.rules.space_index["temple"]


@rules("worlds.tile.chapel")
def test_chapel_by_alignment():
    s = game("wizard", "warrior").set(0, lives=4)
    land(s, "chapel")
    assert s.player(0).lives == 3
    s = thief(lives=2, gold=1)
    land(s, "chapel")
    assert s.options() == ["heal:1", "heal:0"]
    s = game("elf", "wizard").set(0, lives=1, gold=0)
    land(s, "chapel")
    assert s.options() == ["heal", "pray", "nothing"]
    s.choose("heal")
    assert s.player(0).lives == 4


@rules("worlds.tile.chapel")
@pytest.mark.parametrize("roll,lives,spells", [(1, 4, 0), (4, 4, 0), (5, 5, 0), (6, 4, 1)])
def test_chapel_the_good_pray(roll, lives, spells):
    s = game("elf", "wizard").set(0, lives=4, craft=4)
    land(s, "chapel", roll).choose("pray")
    assert (s.player(0).lives, len(s.player(0).spells)) == (lives, spells)


# --- the Middle Region ---------------------------------------------------------------------------------


@rules("worlds.tile.temple")
@pytest.mark.parametrize(
    "dice,check",
    [
        ((1, 1), lambda p: p.lives == 3),
        ((1, 2), lambda p: p.lives == 4),
        ((2, 3), lambda p: "enslaved" in p.status),
        ((3, 3), lambda p: p.strength == 5),
        ((3, 4), lambda p: p.craft == 5),
        ((4, 4), lambda p: len(p.spells) == 1),
        ((4, 5), lambda p: len(p.spells) == 1),
        ((5, 6), lambda p: p.fate == 2),
        ((6, 6), lambda p: p.lives == 7),
    ],
)
def test_temple(dice, check):
    s = game(fate=True).set(0, lives=5, fate=0)
    land(s, "temple").dice(*dice).choose("pray")
    assert check(s.player(0))


@rules("worlds.tile.temple")
def test_temple_10_a_talisman_and_4_a_follower():
    s = game()
    land(s, "temple").dice(4, 6).choose("pray")
    assert "Talisman" in s.names(s.player(0).objects)
    s = game().give(0, "Maiden")
    land(s, "temple").dice(2, 2).choose("pray")
    assert s.player(0).followers == []


@rules("worlds.tile.chasm")
def test_chasm_for_yourself_and_each_follower():
    s = game().give(0, "Maiden", "Mule")
    land(s, "chasm", 1, 2, 6)
    assert s.player(0).lives == 4
    assert s.names(s.player(0).followers) == ["Mule"]


@rules("worlds.tile.castle")
def test_castle_royal_doctor_and_the_prince():
    s = game().set(0, lives=2, gold=1)
    land(s, "castle").choose("doctor").choose("heal:1")
    assert (s.player(0).lives, s.player(0).gold) == (3, 0)
    s = game().set(0, lives=1).give(0, "Prince")
    land(s, "castle")
    assert s.player(0).lives == 3  # two lives free


# --- the Inner Region ----------------------------------------------------------------------------------


def inner(s, sid: str, before: str, *dice: int):
    """Seat 0 steps from ``before`` onto ``sid``, two touching inner tiles at (0, -1) and (1, -1)."""
    put(s, before, 0, -1)
    put(s, sid, 1, -1)
    s.dice(*dice)
    turn_of_0(s, before)
    return s.choose(f"move:{sid}")


@rules("worlds.tile.crypt")
@pytest.mark.parametrize(
    "dice,emerges",
    [((1, 1, 1), "crypt"), ((2, 2, 2), "portal-of-power"), ((3, 3, 2), "warlocks-cave"), ((6, 6, 6), "city")],
)
def test_crypt_by_three_dice_less_strength(dice, emerges):
    s = game()  # Strength 4
    inner(s, "crypt", "mines", *dice)
    assert s.space_of(0) == emerges


@rules("worlds.tile.crypt", "worlds.tile.mines", "worlds.tile.portal-of-power")
def test_sent_to_the_plain_of_peril_off_the_world_you_choose_a_tile_beside_the_portal():
    s = game()
    put(s, "portal-of-power", 1, -2)
    inner(s, "crypt", "mines", 2, 2, 1)  # 5 - 4 = 1: the Plain of Peril
    assert s.kind == "worlds-peril"
    assert moves(s) == {tile_at(s, 0, -1), tile_at(s, 1, -1)}


@rules("worlds.tile.mines")
@pytest.mark.parametrize(
    "dice,emerges",
    [((1, 1, 1), "mines"), ((2, 2, 2), "portal-of-power"), ((3, 3, 2), "warlocks-cave"), ((4, 3, 3), "tavern")],
)
def test_mines_by_three_dice_less_craft(dice, emerges):
    s = game()  # Craft 4
    inner(s, "mines", "crypt", *dice)
    assert s.space_of(0) == emerges


@rules("worlds.tile.death")
@pytest.mark.parametrize(
    "mine,death,lives,held", [((6, 6), (1, 1), 5, False), ((3, 3), (2, 4), 5, True), ((1, 1), (6, 6), 4, True)]
)
def test_death(mine, death, lives, held):
    s = game()
    inner(s, "death", "crypt", *mine, *death)
    assert s.player(0).lives == lives
    assert ("hold" in s.player(0).status) is held


@rules("worlds.tile.werewolf-den")
def test_werewolf_of_two_dice_fought_again_until_beaten():
    s = game()
    inner(s, "werewolf-den", "crypt", 6, 6, 1, 1, 1)  # a Werewolf of 12: the Warrior's 1 (two dice) + 4 loses to 1 + 12
    assert "Werewolf" in s.log() and s.player(0).lives == 4
    assert s.player(0).status["hold"]["what"] == "Werewolf"
    s.dice(6, 1, 1).set(0, strength=9)
    turn_of_0(s)  # facing it again is the only way: taken at once; 6 + 9 beats the same 12 + 1
    assert "Warrior fights the Werewolf in battle: 6 + 9 Strength = 15 against 1 + 12 = 13." in s.log()
    assert "hold" not in s.player(0).status


@rules("worlds.tile.pits")
def test_pits_d6_fiends_of_strength_4():
    s = game(seed=0, worlds_inner="eight")
    tiles = {t for _, _, t in s.game.globals["layout"]["tiles"]}
    if "pits" not in tiles:  # lay the Pits in place of another inner tile
        other = next(t for t in ("crypt", "death", "mines", "werewolf-den", "vampires-tower") if t in tiles)
        laid = [[q, r, "pits" if t == other else t] for q, r, t in s.game.globals["layout"]["tiles"]]
        s.game.globals["layout"] = {**s.game.globals["layout"], "tiles": laid}
    before = next(
        t
        for t in ("crypt", "death", "mines", "vampires-tower")
        if t in {x for _, _, x in s.game.globals["layout"]["tiles"]}
    )
    inner(s, "pits", before, 2, 6, 6, 1, 6, 6, 1)  # each fight: the Warrior's two dice, then the Fiend's
    assert "2 Pit Fiends rise" in s.log() and s.log().count("kills the Pit Fiend") == 2


@rules("worlds.tile.vampires-tower")
@pytest.mark.parametrize("roll,lost", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_vampires_tower(roll, lost):
    s = game()
    inner(s, "vampires-tower", "crypt", roll)
    assert s.player(0).lives == 5 - lost


@rules("worlds.tile.vampires-tower")
def test_a_follower_saves_a_life_from_the_vampire():
    s = game().give(0, "Maiden")
    inner(s, "vampires-tower", "crypt", 3)
    assert s.kind == "vampire"
    s.choose("Maiden")
    assert s.player(0).lives == 4 and not s.player(0).followers
