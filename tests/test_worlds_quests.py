"""Talisman Worlds (module ``worlds``, document 004 "Optional Rules"): Warlock
Quests (D20, one at a time, claimed at the Cave) and The One Talisman."""

from __future__ import annotations

import pytest
from test_worlds import game, land, plain_river, put, rolled, tile_at

from talisman.engine import stats
from talisman.modules.worlds.quests import KEY, QUESTS

rules = pytest.mark.rules


def quester(*chars: str, **opts):
    return game(*chars, worlds_quests=True, **opts)


def set_quest(s, n: int, seat: int = 0):
    p = s.player(seat)
    p.status[KEY] = {"n": n, "done": False, "alignment": p.alignment, "woods": [], "low": False}
    return s


def done(s, seat: int = 0) -> bool:
    return bool(s.player(seat).status.get(KEY, {}).get("done"))


@rules("worlds.warlock-quests.d20", "worlds.variant.warlock-quests")
@pytest.mark.parametrize("roll", [1, 7, 13, 20])
def test_the_warlock_sets_a_d20_quest(roll):
    s = quester()
    land(s, "warlocks-cave", roll)  # the only way there, instead of the Warlock's own quests: taken at once
    assert s.player(0).status[KEY]["n"] == roll and "roll a D20" not in s.log()
    assert QUESTS[roll] in s.log()


@rules("worlds.warlock-quests.one-at-a-time")
def test_one_quest_at_a_time_dropped_only_by_getting_drunk():
    s = set_quest(quester(), 3)
    land(s, "warlocks-cave")
    assert s.player(0).status[KEY]["n"] == 3 and "sets" not in s.log()  # no second quest
    s = set_quest(quester(), 13)
    land(s, "tavern", 1)  # blind drunk: a turn lost
    assert KEY not in s.player(0).status
    s = set_quest(quester(), 13)
    land(s, "tavern", 4)
    assert KEY in s.player(0).status


@rules("worlds.warlock-quests.claim", "worlds.variant.warlock-quests")
def test_a_quest_done_is_claimed_at_the_cave():
    s = set_quest(quester(), 6).set(0, fate=3)
    land(s, "chapel")
    assert done(s) and s.player(0).fate == 0
    assert "Talisman" not in s.names(s.player(0).objects)
    land(s, "warlocks-cave")  # the claim, the only way there: made at once
    assert "Talisman" in s.names(s.player(0).objects) and KEY not in s.player(0).status


@rules("worlds.variant.warlock-quests")
def test_any_other_talisman_is_an_extra_life_instead():
    s = quester().set(0, lives=4)
    land(s, "temple").dice(4, 6).choose("pray")  # 10: a Talisman
    assert "Talisman" not in s.names(s.player(0).objects) and s.player(0).lives == 5


@rules("worlds.warlock-quests.d20")
@pytest.mark.parametrize(
    "n,tile,arrange,after",
    [
        (3, "tavern", lambda s: s.set(0, gold=6), lambda s: s.player(0).gold <= 1 + 1),
        (4, "castle", lambda s: s.give(0, "Princess"), lambda s: not s.player(0).followers),
        (6, "chapel", lambda s: s.set(0, fate=4), lambda s: s.player(0).fate == 1),
        (10, "city", lambda s: s.give(0, "Sword", "Axe", deck="purchase"), lambda s: not s.player(0).objects),
        (12, "castle", lambda s: s.give(0, "Maiden", "Guide", "Mule"), lambda s: not s.player(0).followers),
        (14, "cursed-glade", lambda s: s.give(0, "Axe", deck="purchase"), lambda s: not s.player(0).objects),
        (17, "village", lambda s: s.give(0, "Axe", deck="purchase"), lambda s: True),
        (18, "oasis", lambda s: s.give(0, "Water Bottle"), lambda s: True),
        (19, "valley-of-fire", lambda s: s, lambda s: True),
    ],
)
def test_deliveries(n, tile, arrange, after):
    s = set_quest(arrange(quester().on_top("adventure", "Bag of Gold", "Bag of Gold", "Bag of Gold")), n)
    if tile == "oasis":
        plain_river(s)
        put(s, "oasis", 0, -3)
        rolled(s.dice(1), tile_at(s, 0, -2))
        s.choose("move:oasis")
    else:
        land(s, tile, 3, 3, 3)
    assert done(s) and after(s)


@rules("worlds.warlock-quests.d20")
def test_a_delivery_needs_what_is_asked():
    s = set_quest(quester().set(0, gold=4), 3)
    land(s, "tavern", 4)
    assert not done(s)


@rules("worlds.warlock-quests.d20")
def test_quest_5_a_spirit_to_the_graveyard_and_2_two_woods():
    s = set_quest(quester("wizard", "warrior"), 5).trophy(0, "Ghost")
    land(s, "graveyard")
    assert done(s) and s.player(0).trophies == []
    s = set_quest(quester(), 2).give(0, "Wand", deck="adventure").on_top("adventure", "Bag of Gold", "Bag of Gold")
    land(s, "woods-1")
    assert not done(s)
    land(s, "woods-2")
    assert done(s)


@rules("worlds.warlock-quests.d20")
def test_quests_7_8_meeting_the_ranger_and_the_barbarian():
    s = set_quest(quester("thief", "wizard"), 7)
    land(s, "forest", 6)
    assert done(s)
    s = set_quest(quester("thief", "wizard"), 8)
    land(s, "crags", 6)
    assert done(s)
    s = set_quest(quester("thief", "wizard"), 8)
    land(s, "crags", 4)
    assert not done(s)


@rules("worlds.warlock-quests.d20")
def test_quests_9_13_15_enslaved_a_toad_a_change_of_heart():
    s = set_quest(quester(), 9)
    land(s, "temple").dice(2, 3).choose("pray")
    assert done(s)
    s = set_quest(quester("thief", "wizard"), 13)
    land(s, "city", 1).choose("enchantress")
    assert done(s)
    s = set_quest(quester("elf", "wizard"), 15)
    land(s, "village", 1).choose("mystic")
    assert done(s)


@rules("worlds.warlock-quests.d20")
def test_quest_11_teleported():
    s = set_quest(quester("thief", "wizard"), 11).set(1, lost_turns=1)
    land(s, "tavern", 6)
    assert not done(s)
    s.choose("next-move")  # the boatman rows the Thief to the Temple
    assert done(s)


@rules("worlds.warlock-quests.d20")
def test_quest_16_three_followers_across_the_chasm():
    s = set_quest(quester(), 16).give(0, "Maiden", "Prince", "Mule")
    land(s, "chasm", 6, 6, 6, 6)
    assert done(s)
    s = set_quest(quester(), 16).give(0, "Maiden", "Prince", "Mule")
    land(s, "chasm", 6, 1, 6, 6)
    assert not done(s)


@rules("worlds.warlock-quests.d20")
def test_quest_20_brought_low_then_made_whole():
    s = set_quest(quester(), 20).set(0, lives=2, gold=5)
    land(s, "forest", 1, 1, 1, 6)  # the Brigand takes a life: 1 left
    assert s.player(0).lives == 1 and not done(s)
    land(s, "village").choose("healer").choose("heal:3")
    assert done(s)


@rules("worlds.warlock-quests.d20")
def test_quest_1_kill_a_dragon():
    s = set_quest(quester(), 1).set(0, strength=30)
    s.put("fields-1", "Dragon")
    land(s, "fields-1")
    if s.kind == "combat":
        s.choose("fight")
    assert done(s)


@rules("worlds.variant.one-talisman")
def test_the_one_talisman_is_alone_and_adds_two():
    s = game(worlds_one_talisman=True)
    g = s.game
    talismans = [
        c
        for pile in (*g.decks.values(), *g.discards.values())
        for c in pile
        if "talisman" in g.rules.instances[c].traits
    ]
    assert len(talismans) == 1
    before = (stats.strength(g, 0), stats.craft(g, 0))
    land(s, "temple").dice(4, 6).choose("pray")  # 10: the Talisman
    assert "Talisman" in s.names(s.player(0).objects)
    assert (stats.strength(g, 0), stats.craft(g, 0)) == (before[0] + 2, before[1] + 2)


@rules("worlds.variant.one-talisman", "worlds.warlock-quests.claim")
def test_with_quests_the_one_talisman_flies_to_the_claimer():
    s = game("warrior", "wizard", worlds_one_talisman=True, worlds_quests=True)
    g = s.game
    one = g.globals["worlds-one-talisman"]
    g.decks["talisman"].remove(one)
    s.player(1).objects.append(one)
    s.player(0).status[KEY] = {"n": 13, "done": True, "alignment": "neutral", "woods": [], "low": False}
    land(s, "warlocks-cave")
    assert one in s.player(0).objects and one not in s.player(1).objects
    assert stats.strength(g, 0) == s.player(0).strength + 2
