"""Talisman Worlds (module ``worlds``, document 004 "Endings"): the eight ending
tiles, each chosen with the option ``worlds-ending`` and met on the world's centre."""

from __future__ import annotations

from collections import Counter

import pytest
from test_worlds import game, turn_of_0

from talisman.modules.worlds import generator
from talisman.modules.worlds.bosses import lives_left
from talisman.modules.worlds.module import ENDINGS

rules = pytest.mark.rules
CENTRE = "crown-of-command"


def enter(s, *dice: int):
    """Seat 0, having given up its Talisman in the Valley of Fire, steps onto the ending tile."""
    s.player(0).status["valley-paid"] = 0
    s.dice(*dice)
    turn_of_0(s, "valley-of-fire")
    return s.choose(f"move:{CENTRE}")


def on_it(s, *dice: int):
    """Begin seat 0's turn on the ending tile, with these dice."""
    s.dice(*dice)
    return turn_of_0(s, CENTRE)


def far(s, *seats: int):
    for seat in seats:
        s.at(seat, "village")
    return s


@rules("worlds.endings.list", "worlds.endings.setup")
def test_the_eight_endings_are_drawn_at_random():
    drawn = Counter(generator.generate(seed, "six", tuple(ENDINGS))["ending"] for seed in range(400))
    assert set(drawn) == set(ENDINGS) and len(ENDINGS) == 8
    assert sorted(ENDINGS.values()) == sorted(
        [
            "Crown of Command",
            "Horrible Black Void",
            "Battle Royale",
            "Dragon King",
            "Demon Lord",
            "Eagle King",
            "Hand of Doom",
            "Thieves' Guild",
        ]
    )
    assert min(drawn.values()) > 20


@rules("worlds.ending.horrible-black-void")
def test_the_black_void_takes_the_character_and_another_ending_takes_its_place():
    s = far(game(worlds_ending="worlds-black-void").give(0, "Helmet", deck="adventure"), 1)
    enter(s)
    p = s.player(0)
    assert not p.alive and p.conceded and "replace" not in p.status
    assert s.on_space(CENTRE) == []  # its possessions were pulled in too
    secret = s.game.globals["world-ending"]
    assert secret["ending"] != "worlds-black-void" and "worlds-black-void" not in secret["pool"]
    assert s.game.view(None)["layout"]["face_down"] == [CENTRE]


@rules("worlds.ending.hand-of-doom")
def test_hand_of_doom_1_kills_everyone_and_no_one_wins():
    s = far(game("warrior", "wizard", "thief", worlds_ending="worlds-hand-of-doom"), 1, 2)
    on_it(s, 1)
    assert s.game.result["winners"] == [] and not any(p.alive for p in s.game.players)


@rules("worlds.ending.hand-of-doom")
@pytest.mark.parametrize("roll", [2, 3])
def test_hand_of_doom_2_3_costs_a_life(roll):
    s = far(game(worlds_ending="worlds-hand-of-doom"), 1)
    on_it(s, roll)
    assert s.player(0).lives == 4 and s.game.result is None


@rules("worlds.ending.hand-of-doom")
def test_hand_of_doom_4_5_kills_the_character_chosen_and_6_wins():
    s = far(game("warrior", "wizard", "thief", worlds_ending="worlds-hand-of-doom"), 1, 2)
    on_it(s, 4)
    assert s.kind == "worlds-doom" and s.options() == ["kill:1", "kill:2"]
    s.choose("kill:2")
    assert not s.player(2).alive and s.player(1).alive
    s = far(game("warrior", "wizard", "thief", worlds_ending="worlds-hand-of-doom"), 1, 2)
    on_it(s, 6)
    assert s.game.result["winners"] == [0] and not s.player(1).alive and not s.player(2).alive


@rules("worlds.ending.thieves-guild")
def test_thieves_guild_takes_gold_and_kills_who_cannot_pay():
    s = far(game("warrior", "wizard", "thief", worlds_ending="worlds-thieves-guild"), 1, 2)
    s.set(0, gold=0).set(1, gold=2).set(2, gold=0)
    on_it(s, 2)
    assert (s.player(0).gold, s.player(1).gold) == (1, 1)
    assert not s.player(2).alive


@rules("worlds.ending.thieves-guild")
@pytest.mark.parametrize("roll,n", [(3, 1), (4, 1), (5, 2), (6, 2)])
def test_thieves_guild_takes_objects(roll, n):
    s = far(game(worlds_ending="worlds-thieves-guild"), 1)
    s.give(1, "Helmet", "Shield", "Axe", deck="purchase")
    s.give(0, "Sword", "Armour", "Water Bottle", "Water Bottle", deck="purchase")
    enter(s)  # on the tile: any number of Objects
    on_it(s, roll)
    assert len(s.player(0).objects) == 4 + n and len(s.player(1).objects) == 3 - n
    assert "drop" not in s.options()


@rules("worlds.ending.thieves-guild")
def test_thieves_guild_with_everyone_on_it_the_richest_wins():
    s = game("warrior", "wizard", worlds_ending="worlds-thieves-guild")
    s.at(1, CENTRE).set(1, gold=1).set(0, gold=3)
    on_it(s)
    assert s.game.result["winners"] == [0]


def lord(ending: str, *chars: str):
    return far(game(*(chars or ("warrior", "wizard")), worlds_ending=ending), *range(1, len(chars) or 2))


@rules("worlds.ending.eagle-king")
def test_eagle_king_loses_a_life_to_each_win_and_hurls_the_beaten_to_the_crags():
    s = lord("worlds-eagle-king")
    s.set(0, strength=10)
    on_it(s).dice(6, 6, 1).choose("strength")  # the Warrior's two dice: 6 + 10 against 1 + 12
    assert lives_left(s.game, "worlds-eagle-king") == 3 and s.space_of(0) == CENTRE
    on_it(s).dice(1, 6).choose("craft")  # 1 + 4 against 6 + 12
    assert s.space_of(0) == "crags" and s.player(0).lives == 4


@rules("worlds.ending.eagle-king")
def test_eagle_king_the_last_life_wins():
    s = lord("worlds-eagle-king")
    s.game.globals["worlds-lords"] = {"worlds-eagle-king": 1}
    s.set(0, strength=10)
    on_it(s).dice(6, 6, 1).choose("strength")
    assert s.game.result["winners"] == [0]


@rules("worlds.ending.demon-lord")
def test_demon_lord_is_fought_with_craft_only():
    s = lord("worlds-demon-lord")
    s.set(0, craft=10)
    on_it(s, 6, 1)  # no choice: Craft
    assert "psychic combat" in s.log() and lives_left(s.game, "worlds-demon-lord") == 3
    on_it(s, 1, 1)  # 1 + 10 against 1 + 12
    assert s.space_of(0) == "crags"


@rules("worlds.ending.demon-lord", "worlds.ending.dragon-king.extra")
def test_a_lord_alone_heals_every_life():
    s = lord("worlds-demon-lord")
    s.game.globals["worlds-lords"] = {"worlds-demon-lord": 2}
    s.set(0, craft=1)
    on_it(s, 1, 6)  # beaten: back to the Crags, and no one is left on the tile
    assert lives_left(s.game, "worlds-demon-lord") == 4


@rules("worlds.ending.dragon-king")
def test_dragon_king_1_2_takes_a_talisman_or_your_life():
    s = lord("worlds-dragon-king").give(0, "Talisman")
    on_it(s, 1)
    assert "Talisman" not in s.names(s.player(0).objects) and s.player(0).alive
    s = lord("worlds-dragon-king")
    on_it(s, 2)
    assert not s.player(0).alive


@rules("worlds.ending.dragon-king")
def test_dragon_king_5_6_attack_again_after_each_win_to_his_last_life():
    s = lord("worlds-dragon-king").set(0, strength=40)
    on_it(s, 5)
    for _ in range(5):
        s.choose("strength")  # each win: attack again
    assert s.log().count("fights the Dragon King") == 5
    assert s.game.result["winners"] == [0]


@rules("worlds.ending.dragon-king")
def test_dragon_king_a_defeat_ends_the_turn_on_the_tile():
    s = lord("worlds-dragon-king").set(0, strength=0)
    on_it(s, 6).choose("strength")
    assert lives_left(s.game, "worlds-dragon-king") == 5 and s.player(0).lives == 4
    assert s.space_of(0) == CENTRE and s.game.active == 1  # the Dragon King sends no one away


@rules("worlds.ending.dragon-king", "worlds.ending.dragon-king.extra")
def test_dragon_king_3_4_everyone_on_the_tile_attacks_him_clockwise():
    s = lord("worlds-dragon-king", "warrior", "wizard", "thief")
    s.at(2, CENTRE).set(0, strength=12).set(2, strength=12)
    s.set(0, strength=40).set(2, strength=40)
    on_it(s, 3)
    assert s.decision.player == 0
    s.choose("strength")
    assert s.decision.player == 2  # next clockwise on the tile (the Wizard is elsewhere)
    s.choose("strength")
    assert lives_left(s.game, "worlds-dragon-king") == 3 and s.game.active == 0


@rules("worlds.ending.dragon-king")
def test_dragon_king_the_last_life_wins():
    s = lord("worlds-dragon-king").set(0, strength=12)
    s.game.globals["worlds-lords"] = {"worlds-dragon-king": 1}
    on_it(s, 6).dice(6, 1).choose("strength")
    assert s.game.result["winners"] == [0]


@rules("worlds.ending.battle-royale.setup")
def test_battle_royale_the_talismanless_lose_and_the_rest_are_drawn_in():
    s = game("warrior", "wizard", "thief", worlds_ending="worlds-battle-royale")
    far(s, 1, 2).give(1, "Talisman")
    enter(s)
    assert not s.player(2).alive and s.player(2).conceded
    assert s.space_of(1) == CENTRE
    assert s.kind == "worlds-royale" and s.options() == ["strength:1", "craft:1"]


@rules("worlds.ending.battle-royale.fights")
def test_battle_royale_fights_to_the_last_one_standing():
    s = game("warrior", "wizard", "thief", worlds_ending="worlds-battle-royale")
    far(s, 1, 2).give(1, "Talisman").give(2, "Talisman")
    s.set(0, strength=8, lives=2).set(1, lives=1).set(2, lives=1)
    enter(s)
    assert set(s.options()) == {"strength:1", "craft:1", "strength:2", "craft:2"}
    s.choose("strength:1")
    while s.kind == "defend":
        s.dice(6, 1).choose("defend")
    assert not s.player(1).alive  # a life taken, not an Object nor gold
    assert s.kind == "worlds-royale" and s.options() == ["strength:2", "craft:2"]
    s.choose("strength:2")
    while s.kind == "defend":
        s.dice(6, 1).choose("defend")
    assert s.game.result["winners"] == [0]


@rules("worlds.ending.battle-royale.fights")
def test_battle_royale_a_stand_off_is_fought_again():
    s = game("warrior", "wizard", worlds_ending="worlds-battle-royale")
    far(s, 1).give(1, "Talisman")
    s.set(0, strength=4).set(1, strength=4)
    enter(s).dice(*[3] * 8).choose("strength:1")  # 3 + 4 against 3 + 4, again and again
    assert s.log().count("Stand-off") >= 2
    assert s.log().count("Warrior attacks Wizard in battle") == s.log().count("Stand-off") + 1
