"""Talisman Worlds (module ``worlds``, document 004 "Expansion: The Dungeon"): the
Dungeon as a fifth ring of 30 tiles (option ``worlds-dungeon``), moving in it, and
its rooms."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_worlds import game, land, moves, put, rolled, tile_at, turn_of_0, where

from talisman.content.ruleset import ruleset_for
from talisman.modules.worlds import generator
from talisman.modules.worlds.generator import ring_hexes, ring_of

rules = pytest.mark.rules
RING = ring_hexes(5)


def dungeon(*chars: str, **opts):
    return game(*chars, worlds_dungeon=True, **opts)


def ring5(s) -> list[str]:
    return [tile_at(s, *xy) for xy in RING]


def entrance_side(s) -> tuple[str, str]:
    """The Entrance and an Outer tile it touches."""
    q, r = where(s, "dungeon-entrance")
    outer = next(tile_at(s, *xy) for xy in generator_near(q, r) if ring_of(*xy) == 4)
    return "dungeon-entrance", outer


def generator_near(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in generator.NEIGHBOURS]


@rules("worlds.dungeon.tile-list", "worlds.dungeon.mountains")
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_the_dungeon_ring_holds_its_thirty_tiles_round_the_mountains(seed):
    rules_ = ruleset_for(("worlds",))
    tiles = generator.generate(seed, "six", ("worlds-crown",), dungeon=True)["tiles"]
    assert len(tiles) == 91
    ring = {(q, r): sid for q, r, sid in tiles if ring_of(q, r) == 5}
    names = Counter(rules_.space(sid).name for sid in ring.values())
    assert names == {
        "Cavern": 4, "Corridor": 6, "Tunnel": 6, "Vault": 3, "Cell": 1, "Dungeon Entrance": 1, "Guard Room": 1,
        "Hall of Darkness": 1, "Kitchen": 1, "Library": 1, "Monster Pit": 1, "Summoning Circle": 1,
        "Torture Chamber": 1, "Treasure Chamber": 1, "Mountains": 1,
    }  # fmt: skip
    order = [ring[xy] for xy in RING]
    i = order.index("mountains")
    assert {order[i - 1], order[(i + 1) % 30]} == {"dungeon-entrance", "treasure-chamber"}
    draws = {rules_.space(sid).name: rules_.space(sid).draw for sid in ring.values()}
    assert (draws["Cavern"], draws["Corridor"], draws["Tunnel"], draws["Vault"], draws["Dungeon Entrance"]) == (
        2,
        1,
        1,
        3,
        1,
    )
    # the same world, with and without the Dungeon
    assert generator.generate(seed, "six", ("worlds-crown",))["tiles"] == tiles[:61]


@rules("worlds.dungeon.movement")
def test_the_dungeon_is_entered_only_by_its_entrance():
    s = dungeon()
    entrance, outer = entrance_side(s)
    s.dice(1)
    rolled(s, outer)
    ring = set(ring5(s))
    assert moves(s) & ring == {entrance}
    s = dungeon()
    q, r = where(s, "cavern-1")
    beside = next(tile_at(s, *xy) for xy in generator_near(q, r) if ring_of(*xy) == 4)
    if "dungeon-entrance" not in {tile_at(s, *xy) for xy in generator_near(*where(s, beside)) if ring_of(*xy) == 5}:
        s.dice(1)
        rolled(s, beside)
        assert not moves(s) & set(ring5(s))


@rules("worlds.dungeon.movement", "worlds.dungeon.mountains")
@pytest.mark.parametrize("roll", [1, 4, 6])
def test_in_the_dungeon_a_d6_up_to_the_roll_never_over_the_mountains(roll):
    s = dungeon()
    order = ring5(s)
    i = order.index("mountains")
    start = order[(i + 4) % 30]  # beyond the Treasure Chamber, going away from it
    s.dice(roll)
    rolled(s, start)
    assert "rolls a die for movement" in s.log()  # a D6
    there = moves(s)
    assert "mountains" not in there
    j = order.index(start)
    along = {order[(j + d) % 30] for d in range(1, roll + 1)} | {order[(j - d) % 30] for d in range(1, roll + 1)}
    beyond = {order[(i + d) % 30] for d in range(-roll, 0)}  # the far side of the Mountains
    assert there & set(order) <= along - beyond | ({"treasure-chamber"} if roll >= 2 else set())
    assert ("treasure-chamber" in there) is (roll >= 2)


@rules("worlds.dungeon.movement")
def test_the_way_out_is_the_entrance_and_nothing_else():
    s = dungeon()
    order = ring5(s)
    i = order.index("dungeon-entrance")
    start = order[(i - 1) % 30]
    s.dice(2)
    rolled(s, start)
    outside = {t for t in moves(s) if s.game.rules.space(t).region == "outer"}
    q, r = where(s, "dungeon-entrance")
    assert outside and outside <= {tile_at(s, *xy) for xy in generator_near(q, r) if ring_of(*xy) == 4}


@rules("worlds.dungeon.guard-room")
def test_guard_room_bribe_or_fight():
    s = dungeon().set(0, gold=2)
    land(s, "guard-room")
    assert s.options() == ["bribe", "fight"]
    s.choose("bribe")
    assert s.player(0).gold == 0
    s = dungeon().set(0, gold=1)
    land(s, "guard-room", 6, 6, 1)  # the Warrior rolls two dice in battle
    assert "Warrior fights the Dungeon Guard in battle: 6 + 4 Strength = 10 against 1 + 5 = 6." in s.log()


@rules("worlds.dungeon.torture-chamber")
def test_torture_chamber_gold_strength_or_craft():
    s = dungeon().set(0, gold=1)
    land(s, "torture-chamber")
    assert s.options() == ["pay", "strength", "craft"]
    s.choose("craft")
    assert s.player(0).craft == 3


@rules("worlds.dungeon.kitchen")
@pytest.mark.parametrize("roll,lives", [(1, 3), (2, 4), (3, 4), (4, 5), (5, 5), (6, 6)])
def test_kitchen(roll, lives):
    s = dungeon().set(0, lives=4)
    land(s, "kitchen")
    assert "nothing" in s.options()  # the meal is optional
    s.dice(roll).choose("eat")
    assert s.player(0).lives == min(lives, 4) if lives > 4 else s.player(0).lives == lives


@rules("worlds.dungeon.library")
@pytest.mark.parametrize("roll,turns,spells", [(1, 0, 0), (2, 0, 0), (3, 1, 0), (4, 1, 0), (5, 0, 1), (6, 0, 1)])
def test_library(roll, turns, spells):
    s = dungeon()
    land(s, "library", roll)
    assert len(s.player(0).spells) == spells
    assert ("Turn 2 (round 1): Warrior" in s.log() or s.game.active == 0) is bool(turns)


@rules("worlds.dungeon.monster-pit")
@pytest.mark.parametrize("roll,n", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3)])
def test_monster_pit(roll, n):
    s = dungeon().on_top("adventure", *["Bag of Gold"] * 3).set(0, gold=0)
    land(s, "monster-pit", roll)
    assert s.player(0).gold == n


@rules("worlds.dungeon.monster-pit")
def test_monster_pit_6_lets_you_choose_how_many():
    s = dungeon().on_top("adventure", *["Bag of Gold"] * 3).set(0, gold=0)
    land(s, "monster-pit", 6)
    assert s.options() == ["draw-1", "draw-2", "draw-3"]
    s.choose("draw-3")
    assert s.player(0).gold == 3


@rules("worlds.dungeon.summoning-circle")
def test_summoning_circle_calls_the_nearest_enemy_else_draws():
    s = dungeon()
    s.put("cavern-1", "Bear")
    put(s, "cavern-1", *RING[(RING.index(where(s, "summoning-circle")) + 3) % 30])
    land(s, "summoning-circle")
    assert "The Summoning Circle calls the Bear" in s.log()
    assert "Bear" in s.on_space("summoning-circle") or s.player(0).trophies
    s = dungeon().on_top("adventure", "Bag of Gold").set(0, gold=0)
    land(s, "summoning-circle")
    assert s.player(0).gold == 1  # no Enemy anywhere: a card drawn


@rules("worlds.dungeon.cell")
def test_cell_leave_a_follower_and_take_one():
    s = dungeon().give(0, "Maiden")
    s.put("cell", "Guide")
    land(s, "cell")  # the Maiden, the only Follower, is left at once
    assert "Maiden" in s.on_space("cell")
    assert s.kind == "cell-free"
    s.choose("Guide")
    assert s.names(s.player(0).followers) == ["Guide"]


@rules("worlds.dungeon.hall-of-darkness")
@pytest.mark.parametrize("roll,steps", [(1, 3), (2, 2), (3, 1), (4, -1), (5, -2), (6, -3)])
def test_hall_of_darkness_decides_the_next_move(roll, steps):
    s = dungeon()
    order = ring5(s)
    i = order.index("mountains")
    put(s, "hall-of-darkness", *RING[(i + 10) % 30])
    order = ring5(s)
    land(s, "hall-of-darkness")
    assert s.player(0).status["hold"]
    s.dice(roll)
    turn_of_0(s)  # the only way: into the darkness
    j = order.index("hall-of-darkness")
    assert s.space_of(0) == order[(j + steps) % 30]  # back: toward the Entrance, the way it came


@rules("worlds.dungeon.treasure-chamber")
@pytest.mark.parametrize(
    "mine,lord,emerges",
    [
        (1, 6, "crags"),
        (6, 6, "crags"),
        (2, 1, "forest"),
        (3, 1, "chasm"),
        (4, 1, "cursed-glade"),
        (5, 1, "warlocks-cave"),
        (6, 1, "temple"),
    ],
)
def test_treasure_chamber_the_lord_of_darkness_and_where_you_come_out(mine, lord, emerges):
    s = dungeon().set(0, strength=12)
    land(s, "treasure-chamber")
    assert s.kind == "worlds-lord"
    s.dice(mine, mine, lord).choose("strength")  # the Warrior's two dice (the better counts) + 12, against lord + 12
    assert s.space_of(0) == emerges


@rules("worlds.dungeon.treasure-chamber")
def test_treasure_chamber_eight_or_more_leads_to_the_ending():
    s = dungeon(worlds_ending="worlds-crown").set(0, strength=20)
    land(s, "treasure-chamber")
    s.dice(6, 6, 1).choose("strength")  # 26 against 13
    assert s.space_of(0) == "crown-of-command"
    assert s.game.view(None)["layout"]["face_down"] == []
