"""Movement (000 "MOVEMENT"): rolling and walking the Outer and Middle Regions,
the bridge and its Sentinel, the Storm River and rafts, the Portal of Power,
and the moves that need no roll (the Tavern's offers, the Blizzard, the
Poltergeist, Toads, slavery at the Temple).

Board order (clockwise): Outer = village, fields-1, graveyard, woods-1,
sentinel, hills-1, chapel, fields-2, crags, ... tavern, fields-5, ruins,
plains-4, forest, fields-6; Middle = portal-of-power, black-knight,
hidden-valley, hills-3, cursed-glade, runes-1, chasm, ... temple, woods-4,
runes-3, castle. The bridge joins the Sentinel and hills-3.
"""

from __future__ import annotations

import pytest

from talisman.engine import movement
from talisman.errors import ScriptError
from talisman.testing import Scenario


def quiet(s: Scenario, n: int = 1) -> Scenario:
    """Stack harmless cards (a Bag of Gold: +1 gold, no question) on the Adventure deck."""
    return s.on_top("adventure", *["Bag of Gold"] * n)


def ids(g, spaces) -> set[str]:
    return {g.rules.spaces[i].id for i in spaces}


def walk(s: Scenario, roll: int, dest: str) -> Scenario:
    """Roll ``roll`` to move (from the turn menu if it asks) and go to ``dest``."""
    s.dice(roll).start()
    if s.decision.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{dest}")


def movement_rolls(s: Scenario, who: str) -> int:
    return sum(1 for e in s.game.events if e.text.startswith(f"{who} rolls") and "for movement" in e.text)


# --- the turn ------------------------------------------------------------------


@pytest.mark.rules("movement.turn-phases")
def test_a_turn_is_movement_then_encounter_then_the_next_seat():
    s = quiet(Scenario(["warrior", "wizard", "troll"]).no_spells().at(0, "village"))
    s.dice(1).start().choose("move:fields-1")
    texts = [e.text for e in s.game.events]
    arrive = next(i for i, t in enumerate(texts) if t.startswith("Warrior arrives on the Fields"))
    draw = next(i for i, t in enumerate(texts) if t.startswith("Warrior draws a card"))
    assert arrive < draw  # movement first, then the encounter
    assert s.player(0).gold == 2  # the Bag of Gold was encountered
    assert s.game.active == 1 and s.decision.player == 1  # play passed to the left


# --- rolling and walking -------------------------------------------------------


@pytest.mark.rules("movement.roll-outer-middle", "movement.full-distance-either-way")
def test_the_roll_is_walked_in_full_either_way_round():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village")
    s.dice(3).start()
    assert s.decision.kind == "move"
    assert set(s.options()) == {"move:woods-1", "move:plains-4"}  # 3 clockwise or 3 counter-clockwise
    s.choose("move:plains-4")
    assert s.space_of(0) == "plains-4"


@pytest.mark.rules("movement.roll-outer-middle")
def test_the_middle_region_is_walked_by_the_roll_too():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "oasis")
    s.dice(2).start()
    assert set(s.options()) == {"move:temple", "move:warlocks-cave"}


@pytest.mark.rules("movement.die-size-by-size")
@pytest.mark.parametrize(
    "character, start, sides", [("dwarf", "crags", 4), ("warrior", "tavern", 6), ("troll", "crags", 8)]
)
def test_the_movement_die_follows_the_characters_size(character, start, sides):
    s = Scenario([character, "wizard"]).no_spells().at(0, start)
    name = s.game.name(0)
    s.dice(sides).start()
    assert f"{name} rolls {'a die' if sides == 6 else f'a D{sides}'} for movement: {sides}." in s.log()
    ring = s.game.rules.regions["outer"].ring
    far = {ring[(ring.index(start) + sides) % 24], ring[(ring.index(start) - sides) % 24]}
    assert far <= {o.split(":")[1] for o in s.options()}


@pytest.mark.rules("movement.die-size-by-size")
def test_a_small_character_cannot_roll_above_four():
    s = Scenario(["dwarf", "wizard"]).no_spells().at(0, "crags")
    with pytest.raises(ScriptError, match="D4"):
        s.dice(5).start()


@pytest.mark.rules("movement.no-reversal")
def test_a_walk_never_turns_back_on_itself():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-1")
    s.dice(3).start()
    # Turning back would reach the Village or the Graveyard (1 space away) on a 3.
    assert set(s.options()) == {"move:sentinel", "move:forest"}


@pytest.mark.rules("movement.no-reversal", "movement.region-change-new-direction")
def test_only_crossing_into_another_region_allows_a_new_direction():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "woods-1")
    g = s.game
    found = movement.destinations(g, 0, 4)
    # Along the Outer Region: 4 either way. Over the bridge (2 steps) and then
    # 2 more in the Middle Region, clockwise or counter-clockwise.
    assert ids(g, found) == {"fields-2", "fields-6", "runes-1", "black-knight"}
    via = [g.rules.spaces[i].id for i in found[g.rules.space_index["runes-1"]]]
    assert via == ["sentinel", "hills-3", "cursed-glade", "runes-1"]


@pytest.mark.rules("movement.bridge", "movement.sentinel.crossing")
def test_the_bridge_joins_the_sentinel_and_the_hills_both_ways():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "sentinel")
    g = s.game
    assert "hills-3" in ids(g, movement.destinations(g, 0, 1))
    s.at(0, "hills-3")
    assert "sentinel" in ids(g, movement.destinations(g, 0, 1))


@pytest.mark.rules("movement.sentinel.crossing")
def test_crossing_the_bridge_needs_a_roll_long_enough():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "woods-1")
    g = s.game
    assert ids(g, movement.destinations(g, 0, 1)) == {"graveyard", "sentinel"}
    assert "hills-3" in ids(g, movement.destinations(g, 0, 2))
    s.at(0, "hidden-valley")
    assert "sentinel" in ids(g, movement.destinations(g, 0, 2))  # outward too


@pytest.mark.rules("movement.storm-river")
@pytest.mark.parametrize("character", ["dwarf", "troll"])
def test_the_storm_river_is_crossed_by_walking_only_over_the_bridge(character):
    s = Scenario([character, "wizard"]).no_spells()
    g = s.game
    bridge = (g.rules.space_index["sentinel"], g.rules.space_index["hills-3"])
    for space in g.rules.regions["outer"].ring + g.rules.regions["middle"].ring:
        s.at(0, space)
        for n in range(1, g.die_size(0) + 1):
            for dest, path in movement.destinations(g, 0, n).items():
                steps = list(zip([g.players[0].space, *path], path))
                changes = [(a, b) for a, b in steps if g.rules.spaces[a].region != g.rules.spaces[b].region]
                assert all(c in (bridge, bridge[::-1]) for c in changes), (space, n, path)
                assert g.rules.spaces[dest].region in ("outer", "middle")


# --- the Sentinel ----------------------------------------------------------------


@pytest.mark.rules("movement.sentinel.attack-inbound", "movement.sentinel.outcomes")
def test_beating_the_sentinel_lets_the_move_go_on():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "sentinel").set(0, strength=8))
    s.dice(2).start()
    s.dice(6, 5, 1).choose("move:hidden-valley")  # Warrior 6 + 8 = 14 against the Sentinel's 1 + 9
    assert "The Sentinel bars the bridge to Warrior." in s.log()
    assert s.space_of(0) == "hidden-valley" and s.player(0).lives == 4


@pytest.mark.rules("movement.sentinel.attack-inbound", "movement.sentinel.outcomes")
def test_losing_to_the_sentinel_costs_a_life_and_stops_the_move_on_its_space():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "woods-1"))
    s.dice(3).start()
    s.dice(1, 1, 6).choose("move:cursed-glade")  # Warrior 1 + 4 = 5 against 6 + 9 = 15
    assert s.space_of(0) == "sentinel" and s.player(0).lives == 3
    assert s.player(0).gold == 1  # the move ended: nothing was encountered
    assert s.game.active == 1


@pytest.mark.rules("movement.sentinel.outcomes")
def test_a_standoff_with_the_sentinel_stops_the_move_without_a_wound():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "sentinel").set(0, strength=6))
    s.dice(1).start()
    s.dice(4, 1, 1).choose("move:hills-3")  # 4 + 6 = 10 against 1 + 9 = 10
    assert "Stand-off between Warrior and the Sentinel." in s.log()
    assert s.space_of(0) == "sentinel" and s.player(0).lives == 4
    assert s.player(0).gold == 1 and s.game.active == 1


@pytest.mark.rules("movement.sentinel.attack-inbound")
def test_the_sentinel_attacks_at_every_attempt():
    s = quiet(Scenario(["warrior"]).no_spells().at(0, "woods-1").set(0, strength=8), 2)
    s.dice(2).start()
    s.dice(1, 1, 6, 1).choose("move:hills-3")  # beaten the first time (then the next turn's 1)
    assert s.space_of(0) == "sentinel" and s.player(0).lives == 3
    s.dice(6, 6, 1).choose("move:hills-3")  # and attacked again the next turn
    assert s.log().count("The Sentinel bars the bridge to Warrior.") == 2
    assert s.space_of(0) == "hills-3"


@pytest.mark.rules("movement.sentinel.no-attack-cases")
@pytest.mark.parametrize(
    "start, roll, dest",
    [
        ("woods-1", 2, "hills-1"),  # walking past it along the Outer Region
        ("hills-3", 1, "sentinel"),  # crossing outward
        ("woods-1", 1, "sentinel"),  # stopping on its space
    ],
)
def test_the_sentinel_leaves_alone_those_it_does_not_guard_against(start, roll, dest):
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, start))
    s.dice(roll).start().choose(f"move:{dest}")
    assert "Sentinel bars" not in s.log()
    assert s.space_of(0) == dest and s.player(0).gold == 2 and s.player(0).lives == 4


@pytest.mark.rules(
    "movement.sentinel.example-thief", "movement.region-change-new-direction", "movement.sentinel.outcomes"
)
def test_the_thief_evades_the_sentinel_with_immobility_and_turns_for_the_portal():
    s = quiet(Scenario(["thief", "warrior"]).no_spells().at(0, "graveyard").give(0, "Immobility"))
    s.dice(6).start()
    assert {"move:portal-of-power", "move:chasm"} <= set(s.options())  # either way after the bridge
    s.choose("move:portal-of-power")
    assert s.decision.kind == "combat" and "Sentinel" in s.decision.prompt
    s.choose("Immobility")
    assert "Thief evades the Sentinel." in s.log()
    assert s.space_of(0) == "portal-of-power" and s.player(0).lives == 4
    assert s.player(0).gold == 2  # the move ended there and the Portal was encountered


# --- rafts -----------------------------------------------------------------------


@pytest.mark.rules("movement.raft.obtain", "movement.raft.timing", "movement.raft.crossing")
@pytest.mark.parametrize("woods, opposite", [("woods-1", "hidden-valley"), ("forest", "castle")])
def test_an_axe_builds_a_raft_in_the_woods_for_the_next_turn(woods, opposite):
    ring = ["fields-1", "graveyard", "woods-1"] if woods == "woods-1" else ["plains-4", "forest"]
    s = Scenario(["warrior"]).no_spells().at(0, ring[-2]).give(0, "Axe")
    s.put(woods, "Bag of Gold")
    s.put(opposite, *["Two Bags of Gold"] * (3 if opposite == "hidden-valley" else 0))
    walk(s, 1, woods)
    assert s.decision.kind == "end-turn" and "build-raft" in s.options()
    s.choose("build-raft")
    assert f"raft:{opposite}" in s.options()  # usable at the start of the next turn
    before = movement_rolls(s, "Warrior")
    s.choose(f"raft:{opposite}")
    assert s.space_of(0) == opposite
    assert movement_rolls(s, "Warrior") == before  # no die was rolled for this move
    assert "raft" not in s.player(0).status


@pytest.mark.rules("movement.raft.obtain")
def test_no_raft_without_an_axe_or_away_from_the_woods():
    s = Scenario(["warrior"]).no_spells().at(0, "graveyard")
    s.put("woods-1", "Bag of Gold")
    s.dice(1).start().choose("move:woods-1")
    assert s.decision.kind != "end-turn" and "raft" not in s.player(0).status
    s2 = Scenario(["warrior"]).no_spells().at(0, "village").give(0, "Axe")
    s2.put("fields-1", "Bag of Gold")
    walk(s2, 1, "fields-1")
    assert s2.decision.kind != "end-turn" and "raft" not in s2.player(0).status


@pytest.mark.rules("movement.raft.obtain", "movement.raft.timing", "movement.raft.not-kept")
def test_a_raft_found_is_usable_next_turn_only_and_never_kept():
    s = Scenario(["warrior"]).no_spells().at(0, "village").on_top("adventure", "Raft")
    s.dice(1).start()
    s.choose("move:fields-1")
    raft = next(c for c in s.game.discards["adventure"] if s.game.card_name(c) == "Raft")
    assert raft not in s.player(0).holdings()  # discarded at once, not a possession
    assert "raft:black-knight" in s.options()  # the next turn it may carry us over
    quiet(s)
    s.dice(2).choose("roll").choose("move:woods-1")  # ... but we walk instead
    assert "drifts away" in s.log()
    assert "raft" not in s.player(0).status
    assert not [o for o in s.options() if o.startswith("raft:")]


@pytest.mark.rules("movement.raft.obtain", "movement.raft.not-kept")
def test_a_bought_raft_goes_back_to_the_purchase_cards():
    s = Scenario(["warrior"]).no_spells().at(0, "village").set(0, gold=3)
    s.put("fields-1", "Market")
    s.dice(1).start().choose("move:fields-1")
    s.choose("buy:Raft")
    g = s.game
    assert not [c for c in s.player(0).holdings() if g.card_name(c) == "Raft"]
    assert any(g.card_name(c) == "Raft" for c in g.decks["purchase"])
    assert s.player(0).gold == 0 and "raft" in s.player(0).status


@pytest.mark.rules("movement.raft.crossing", "movement.storm-river")
@pytest.mark.parametrize("start, opposite", [("tavern", "temple"), ("temple", "tavern")])
def test_a_raft_crosses_to_the_space_directly_opposite_and_encounters_it(start, opposite):
    s = Scenario(["warrior"]).no_spells().at(0, start).give(0, "Water Bottle")  # each turn waits at its menu
    s.player(0).status["raft"] = 0
    s.start()
    rafts = [o for o in s.options() if o.startswith("raft:")]
    assert rafts == [f"raft:{opposite}"]
    s.dice(4).choose(f"raft:{opposite}")  # the Tavern rolls a 4 (+1 gold); the Temple asks
    assert s.space_of(0) == opposite
    assert s.decision.kind == "choose" if opposite == "temple" else s.player(0).gold == 2
    assert movement_rolls(s, "Warrior") == 0


# --- the Portal of Power -------------------------------------------------------


@pytest.mark.rules("movement.portal.must-attempt", "movement.portal.link")
def test_the_inner_region_is_entered_only_by_trying_the_portal():
    s = Scenario(["warrior", "wizard"]).no_spells()
    g = s.game
    for space in g.rules.regions["middle"].ring:
        s.at(0, space)
        for n in range(1, 7):
            assert all(g.rules.spaces[d].region in ("outer", "middle") for d in movement.destinations(g, 0, n))
    s.at(0, "hidden-valley").dice(4).start()
    assert "portal" in s.options()


@pytest.mark.rules("movement.portal.roll-must-carry-beyond")
@pytest.mark.parametrize(
    "start, roll, offered",
    [
        ("hidden-valley", 2, False),  # the roll just reaches the Portal
        ("hidden-valley", 3, True),  # one to spare
        ("portal-of-power", 1, True),  # already there: any roll carries beyond
        ("castle", 1, False),
        ("castle", 2, True),
        ("runes-3", 2, False),
        ("runes-3", 3, True),
    ],
)
def test_the_portal_may_be_tried_only_with_moves_to_spare(start, roll, offered):
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, start)
    s.dice(roll).start()
    assert ("portal" in s.options()) is offered


@pytest.mark.rules("movement.portal.result", "movement.portal.link")
def test_opening_the_portal_ends_the_turn_on_the_plain_of_peril():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "hidden-valley"))
    s.dice(3).start().choose("portal")
    s.dice(1, 3).choose("strength")  # 4 <= Strength 4
    assert s.space_of(0) == "plain-of-peril"
    assert s.player(0).gold == 1 and s.player(0).strength == 4
    assert s.game.active == 1


@pytest.mark.rules("movement.portal.result")
def test_a_failed_portal_costs_one_of_the_attribute_and_ends_the_turn_on_the_portal():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "hidden-valley"))
    s.dice(3).start().choose("portal")
    s.dice(6, 6).choose("strength")
    assert s.space_of(0) == "portal-of-power"
    assert s.player(0).strength == 3 and s.player(0).gold == 1  # nothing encountered
    assert s.game.active == 1


@pytest.mark.rules("movement.portal.result")
def test_the_dwarf_picks_the_portal_lock_with_one_die():
    s = Scenario(["dwarf", "wizard"]).no_spells().at(0, "portal-of-power")
    s.dice(1).start().choose("portal")
    s.dice(3).choose("craft")
    assert "Dwarf rolls a die for the Portal of Power: 3." in s.log()
    assert s.space_of(0) == "plain-of-peril" and s.player(0).craft == 3


@pytest.mark.rules("movement.portal.roll-must-carry-beyond", "movement.sentinel.attack-inbound")
def test_the_way_to_the_portal_over_the_bridge_still_meets_the_sentinel():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "woods-1")
    s.dice(6).start()
    assert "portal" in s.options()  # 5 to the Portal over the bridge, 1 to spare
    s.dice(1, 1, 6).choose("portal")
    assert "The Sentinel bars the bridge to Warrior." in s.log()
    assert s.space_of(0) == "sentinel" and s.player(0).lives == 3
    assert "Portal of Power opens" not in s.log() and "holds fast" not in s.log()


@pytest.mark.rules("movement.portal.roll-must-carry-beyond", "movement.sentinel.outcomes")
def test_past_the_sentinel_the_portal_attempt_follows():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "woods-1").set(0, strength=8)
    s.dice(6).start()
    s.dice(6, 6, 1).choose("portal")
    assert s.decision.kind == "portal" and s.space_of(0) == "portal-of-power"
    s.dice(2, 2).choose("strength")
    assert s.space_of(0) == "plain-of-peril"


@pytest.mark.rules("movement.portal.exit-free")
def test_leaving_the_inner_region_needs_no_portal_roll_and_is_the_whole_move():
    s = quiet(Scenario(["warrior", "wizard"]).no_spells().at(0, "plain-of-peril"))
    s.start()
    assert "roll" not in s.options() and "retreat:portal-of-power" in s.options()
    s.choose("retreat:portal-of-power")
    assert s.space_of(0) == "portal-of-power"
    assert movement_rolls(s, "Warrior") == 0 and "Portal of Power opens" not in s.log()
    assert s.player(0).gold == 2  # the move ends on the Portal, which is encountered
    assert s.game.active == 1


# --- moves without a roll ----------------------------------------------------------


def at_tavern(s: Scenario, result: int) -> Scenario:
    """Walk onto the Tavern from the Plains and roll ``result`` there."""
    s.at(0, "plains-3").dice(1).start()
    return s.dice(result).choose("move:tavern")


@pytest.mark.rules("movement.non-roll-movement")
def test_the_tavern_sorcerer_sends_you_anywhere_in_the_outer_region_as_your_next_move():
    s = at_tavern(Scenario(["warrior"]).no_spells(), 5)
    assert s.decision.kind == "teleport"
    targets = {o.split(":")[1] for o in s.options()}
    assert targets == set(s.game.rules.regions["outer"].ring) - {"tavern"}
    s.choose("to:city")
    assert s.space_of(0) == "tavern"  # not yet: it is the next move
    assert "next-move" in s.options()
    s.choose("next-move")
    assert s.space_of(0) == "city" and s.decision.kind == "choose"  # the City is encountered
    assert movement_rolls(s, "Warrior") == 1


@pytest.mark.rules("movement.non-roll-movement", "movement.storm-river")
def test_the_tavern_boatman_rows_you_to_the_temple_leaving_the_poltergeist_behind():
    s = at_tavern(Scenario(["warrior"]).no_spells(), 6)
    s.give(0, "Poltergeist")
    assert "next-move" in s.options()
    s.choose("next-move")
    assert s.space_of(0) == "temple"
    assert "Poltergeist" not in s.names(s.player(0).followers)


@pytest.mark.rules("movement.non-roll-movement")
def test_the_tavern_offer_is_for_the_next_move_only():
    s = at_tavern(Scenario(["warrior"]).no_spells(), 6)
    quiet(s)
    s.dice(1).choose("roll").choose("move:fields-5")
    assert "next-move" not in s.options()
    assert "next_move" not in s.player(0).status


@pytest.mark.rules("movement.non-roll-movement")
def test_in_a_blizzard_everyone_moves_one_space_without_a_roll():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Blizzard")
    s.dice(1).start().choose("move:fields-1")
    assert s.game.active == 1
    assert set(s.options()) == {"move:fields-1", "move:woods-1"}  # the Wizard, one space from the Graveyard
    assert movement_rolls(s, "Wizard") == 0


@pytest.mark.rules("movement.non-roll-movement")
def test_the_poltergeist_holds_you_to_one_space_until_you_cross_the_river():
    s = quiet(Scenario(["warrior"]).no_spells().at(0, "hills-3").give(0, "Poltergeist", "Water Bottle"), 2)
    s.start()
    assert s.decision.kind == "turn" and s.labels()[0] == "Move one space"
    s.choose("Move one space")
    assert set(s.options()) == {"move:sentinel", "move:hidden-valley", "move:cursed-glade"}
    assert movement_rolls(s, "Warrior") == 0
    s.choose("move:sentinel")  # back over the bridge: it stays behind
    assert "Poltergeist" not in s.names(s.player(0).followers)
    s.dice(3).choose("roll")  # a full roll again
    assert set(s.options()) == {"move:fields-2", "move:fields-1", "move:black-knight", "move:runes-1"}


@pytest.mark.rules("movement.non-roll-movement")
def test_a_toad_moves_one_space():
    from talisman.engine.transform import become_toad

    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village")
    become_toad(s.game, 0, 3)
    s.game.players[0].flags.clear()
    s.start()
    assert set(s.options()) == {"move:fields-1", "move:fields-6"}
    assert movement_rolls(s, "Warrior") == 0


@pytest.mark.rules("movement.roll-outer-middle")
def test_a_slave_of_the_temple_leaves_only_on_a_movement_roll_of_four_to_six():
    s = Scenario(["warrior"]).no_spells().at(0, "woods-4").give(0, "Water Bottle")
    walk(s, 1, "temple")
    s.dice(2, 3).choose("pray")  # 5: enslaved
    assert s.player(0).status.get("enslaved") == "4-6"
    s.dice(3).choose("roll")
    assert s.space_of(0) == "temple" and "still enslaved" in s.log()
    s.dice(4).choose("roll")
    assert "enslaved" not in s.player(0).status
    assert set(s.options()) == {"move:portal-of-power", "move:warlocks-cave"}


@pytest.mark.rules("movement.roll-outer-middle", "movement.non-roll-movement")
def test_a_slave_moving_one_space_still_needs_a_four_to_six():
    s = Scenario(["warrior"]).no_spells().at(0, "temple").give(0, "Poltergeist", "Water Bottle")
    s.player(0).status["enslaved"] = "4-6"
    s.dice(3).start()
    assert "for your freedom" in s.labels()[0]
    s.choose("roll")
    assert s.space_of(0) == "temple" and "enslaved" in s.player(0).status
    s.dice(6).choose("roll")
    assert "enslaved" not in s.player(0).status
    assert set(s.options()) == {"move:woods-4", "move:desert-2"}
