"""The verbs of the effect vocabulary, each run on its own (talisman/content/vocabulary.py checks them,
talisman/engine/effects.py runs them); the cards written with them are tested with their modules."""

from __future__ import annotations

from typing import Any

import pytest

from talisman.content import vocabulary as voc
from talisman.content.ruleset import verbs_of
from talisman.engine import effects, stats
from talisman.engine.cards import deck_here
from talisman.engine.movement import in_blizzard
from talisman.testing import Scenario


def run(s: Scenario, seat: int, do: list[dict[str, Any]], ctx: dict[str, Any] | None = None) -> Scenario:
    """Run effects for a seat in a game not yet begun, up to the first decision."""
    effects.run(s.game, seat, do, ctx or {})
    s.started = True
    s.game.advance()
    return s


def test_an_effect_aimed_at_the_cast_target_reaches_that_character_only():
    s = Scenario(["elf", "thief", "troll"]).set(1, lives=1).set(2, lives=1)
    run(s, 0, [{"heal": {"up_to": "full"}, "target": "cast_target"}], {"target": 1})
    assert (s.player(0).lives, s.player(1).lives, s.player(2).lives) == (4, 4, 1)
    s = Scenario(["elf", "thief"]).set(0, lives=1)
    run(s, 0, [{"heal": {"up_to": "full"}, "target": "cast_target"}], {"target": None})
    assert s.player(0).lives == 4  # a Spell cast on nobody in particular works on its caster


def test_a_spell_written_as_effects_takes_hold_before_its_card_leaves_play():
    """Destroy Magic as a last Spell: the Wand is dead already and draws none after it."""
    s = Scenario(["elf", "thief"]).no_spells().give(0, "Destroy Magic", "Wand").at(1, "castle")
    s.start()
    s.choose("cast:")
    assert "destroy-magic" in s.game.globals and s.player(0).spells == []
    s = Scenario(["elf", "thief"]).no_spells().give(0, "Alchemy", "Wand").at(1, "castle")
    s.start()
    s.choose("cast:")
    assert len(s.player(0).spells) == 1  # the Wand works after another Spell


def test_boost_adds_an_attribute_read_when_cast_and_ends_with_the_fight():
    s = Scenario(["wizard", "thief"]).set(0, craft=6)
    run(s, 0, [{"boost": {"battle_strength": "craft", "until": "combat"}}])
    assert ("battle_strength", 6, "combat") in s.player(0).mods


def test_a_malus_with_a_printed_floor_stops_at_the_printed_value():
    s = Scenario(["warrior", "thief"]).set(0, strength=6)  # printed 4: at most 2 can go
    run(s, 0, [{"boost": {"strength": -3, "until": "this-turn", "floor": "printed"}}])
    assert stats.strength(s.game, 0) == 4
    s = Scenario(["warrior", "thief"]).set(0, strength=9)
    run(s, 0, [{"boost": {"strength": -3, "until": "this-turn"}}])
    assert stats.strength(s.game, 0) == 6


def test_a_this_turn_boost_ends_with_the_turn_being_played_whoever_holds_it():
    s = Scenario(["warrior", "thief"]).set(1, strength=9).at(0, "village").on_top("adventure", "Bag of Gold")
    run(s.dice(1), 1, [{"boost": {"strength": -3, "until": "this-turn"}}])
    assert stats.strength(s.game, 1) == 6 and s.game.active == 0
    s.choose("move:fields-1").end_turn()
    assert stats.strength(s.game, 1) == 9 and s.game.active == 1


def test_a_timed_effect_lasts_for_so_many_of_its_causers_turns():
    s = Scenario(["elf", "thief"]).at(0, "village").at(1, "city").on_top("adventure", "Bag of Gold")
    run(s, 1, [{"timed": {"effect": "blizzard", "turns": 1}}])  # cast in the Thief's turn, the Elf's next
    assert in_blizzard(s.game) and s.game.globals["blizzard"] == {"seat": 1, "turns": 1}
    assert sorted(s.options()) == ["move:fields-1", "move:fields-6"]  # one space, no die
    s.choose("move:fields-1").end_turn()
    assert not in_blizzard(s.game) and s.game.active == 1


def test_a_timed_deck_swap_draws_from_the_other_deck_while_it_lasts():
    s = Scenario(["elf", "thief"], modules=("dungeon-4e",))
    run(s, 0, [{"timed": {"effect": "deck-swap:x", "turns": 2, "from": "adventure", "to": "dungeon"}}])
    assert deck_here(s.game, 0, "adventure") == "dungeon"


def test_choose_names_its_decision_for_the_bots():
    options = [{"id": "a", "label": "A", "do": [{"gain": {"gold": 1}}]}, {"label": "B", "do": []}]
    s = run(Scenario(["elf", "thief"]), 0, [{"choose": {"decision": "wish", "options": options}}])
    assert s.kind == "wish" and s.options() == ["a", "choice-1"]
    s.choose("a")
    assert s.player(0).gold == 2


@pytest.mark.parametrize(
    "effect, message",
    [
        ({"timed": {"effect": "earthquake", "turns": 1}}, "unknown timed effect"),
        ({"timed": {"effect": "blizzard"}}, "missing field 'turns'"),
        ({"boost": {"strength": "much", "until": "turn"}}, "expected a whole number or an attribute"),
        ({"boost": {"strength": -1, "until": "turn", "floor": "zero"}}, "floor must be printed"),
        ({"heal": {}, "target": "victim"}, "unknown target"),
        ({"discard": {"what": "objects", "filter": {"colour": "red"}}}, "unknown card filter"),
        ({"discard_cards": {"pick": "some"}}, "pick must be all, space or card"),
        ({"discard": {"what": "follower", "pick": "worst"}}, "pick must be random"),
        ({"discard": {"what": "spells", "pick": "random"}}, "only one follower or one object"),
        ({"discard": {"what": "object"}}, 'only with pick = "random"'),
        ({"discard": {"what": "follower", "chance": "1-2"}}, "only each of the followers or of the objects"),
        ({"discard": {"what": "objects", "chance": "x"}}, "discard.chance"),
        ({"discard": {"what": "follower", "pick": "random", "filter": {"without_trait": 2}}}, "without_trait"),
        ({"discard_cards": {"chance": "x"}}, "discard_cards.chance"),
        ({"follower_for_life": {"pick": "worst"}}, "pick must be choose or random"),
        ({"steal": {"what": ["spells"]}}, "expected a list of gold, object, follower"),
        ({"fall_to_printed": "lives"}, "expected strength or craft"),
        ({"gain": {"gold": 1}, "if": {"window": ""}}, "non-empty string"),
    ],
)
def test_the_vocabulary_refuses_what_it_cannot_run(effect, message):
    with pytest.raises(voc.VocabularyError, match=message):
        voc.effect(effect, "x")


# --- a Follower instead of a life -----------------------------------------------------------------


def test_each_life_may_be_paid_with_a_follower_of_the_characters_choice():
    s = Scenario(["elf", "thief"]).give(0, "Mule", "Guide")
    run(s, 0, [{"follower_for_life": {"lives": 3, "decision": "vampire"}}])
    assert s.kind == "vampire" and s.options() == ["life", *[f"follower:{f}" for f in s.player(0).followers]]
    s.choose(f"follower:{s.player(0).followers[0]}")
    s.choose("life")
    assert s.kind == "vampire"  # a third life: the Guide, or a life
    s.choose(f"follower:{s.player(0).followers[0]}")
    assert s.player(0).followers == [] and s.player(0).lives == 3


def test_without_followers_every_life_is_lost():
    s = run(Scenario(["elf", "thief"]), 0, [{"follower_for_life": {"lives": 2, "cause": "the test"}}])
    assert s.player(0).lives == 2


def test_a_random_follower_dies_instead_of_a_life_and_a_life_goes_only_without_one():
    s = run(Scenario(["elf", "thief"]).give(0, "Mule", "Guide"), 0, [{"follower_for_life": {"pick": "random"}}])
    assert len(s.player(0).followers) == 1 and s.player(0).lives == 4
    s = run(Scenario(["elf", "thief"]), 0, [{"follower_for_life": {"pick": "random"}}])
    assert s.player(0).lives == 3


# --- discarding by a filter -----------------------------------------------------------------------


def test_discard_by_filter_takes_only_the_matching_objects():
    s = Scenario(["elf", "thief"]).give(0, "Sword", "Helmet", "Water Bottle")
    run(s, 0, [{"discard": {"what": "objects", "filter": {"any": [{"weapon": True}, {"armour": True}]}}}])
    assert s.names(s.player(0).objects) == ["Water Bottle"]


def test_discard_cards_sweeps_the_region_by_type_and_frees_what_a_card_held():
    s = Scenario(["elf", "thief"]).put("fields-1", "Bear", "Bag of Gold").put("plain-of-peril", "Wolf")
    pool = s.find("Pool of Life")
    s.put("woods-1", "Pool of Life")
    s.game.counters[pool] = 2
    run(s, 0, [{"discard_cards": {"filter": {"type": ["enemy", "place"]}}}])
    assert s.on_space("fields-1") == ["Bag of Gold"] and s.on_space("woods-1") == []
    assert s.on_space("plain-of-peril") == ["Wolf"]  # another region
    assert pool not in s.game.counters


def test_discard_cards_with_a_chance_rolls_for_each_card_but_the_one_met():
    s = Scenario(["elf", "thief"]).put("fields-1", "Bear", "Wolf").put("woods-1", "Bag of Gold")
    bear = s.game.cards_on(s.game.rules.space_index["fields-1"])[0]
    s.dice(5, 1)
    run(s, 0, [{"discard_cards": {"chance": "1-2", "except_this": True}}], {"src": bear})
    assert s.on_space("fields-1") == ["Bear", "Wolf"] and s.on_space("woods-1") == []


def test_discard_cards_on_a_chosen_space_or_one_chosen_card():
    s = Scenario(["elf", "thief"], modules=("core", "dungeon-4e")).put("fields-1", "Bear", "Wolf")
    s.put("woods-1", "Bandit")
    run(s, 0, [{"discard_cards": {"pick": "space", "filter": {"type": "enemy"}, "decision": "storm"}}])
    assert s.kind == "storm" and s.options() == ["space:fields-1", "space:woods-1"]
    s.choose("space:fields-1")
    assert s.on_space("fields-1") == [] and s.on_space("woods-1") == ["Bandit"]
    s = Scenario(["elf", "thief"]).put("fields-1", "Bear").put("tavern", "Wolf")
    run(s, 0, [{"discard_cards": {"pick": "card", "where": "board"}}])
    s.choose("Wolf")
    assert s.on_space("tavern") == [] and s.on_space("fields-1") == ["Bear"]


# --- the other verbs ------------------------------------------------------------------------------


def test_a_move_as_the_move_arrives_from_where_the_character_stands():
    s = Scenario(["elf", "thief"]).at(0, "fields-1").on_top("adventure", "Bag of Gold")
    run(s, 0, [{"move": {"pick": "region", "as_move": True}}])
    s.choose("to:tavern")
    assert s.space_of(0) == "tavern" and "arrives on the Tavern" in s.log()


def test_a_roll_without_fate_offers_no_second_roll():
    s = Scenario(["elf", "thief"], fate=True).set(0, fate=3).dice(4)
    rows = [{"at": "1-6", "do": [{"gain": {"gold": 1}}]}]
    run(s, 0, [{"roll": {"dice": "D6", "fate": False, "rows": rows}}])
    assert s.player(0).gold == 2 and s.player(0).fate == 3


def test_status_this_turn_marks_the_turn():
    s = run(Scenario(["elf", "thief"]), 0, [{"status": {"name": "raft", "this_turn": True}}])
    assert s.player(0).status["raft"] == s.game.turn


def test_fall_to_printed_loses_only_the_counters_above_the_printed_value():
    s = run(Scenario(["elf", "thief"]).set(0, strength=6, craft=2), 0, [{"fall_to_printed": "strength"}])
    assert s.player(0).strength == 3
    run(s, 0, [{"fall_to_printed": "craft"}])
    assert s.player(0).craft == 2


def test_leave_gold_carries_all_of_it_to_a_space():
    s = run(Scenario(["elf", "thief"]).set(0, gold=5), 0, [{"leave_gold": "oasis"}])
    assert s.player(0).gold == 0 and s.game.gold_on[s.game.rules.space_index["oasis"]] == 5


def test_peek_shows_the_top_cards_to_the_character_alone():
    s = Scenario(["elf", "thief"]).on_top("adventure", "Bear", "Wolf")
    run(s, 0, [{"peek": {"n": 2}}])
    seen = [e for e in s.game.events if "foresees" in e.text]
    assert seen and seen[0].private == 0 and "Bear, Wolf" in seen[0].text


def test_steal_takes_what_the_caster_chooses_from_the_cast_target():
    s = Scenario(["elf", "thief"]).give(1, "Guide").set(1, gold=2)
    run(s, 0, [{"steal": {"what": ["follower"]}}], {"target": 1})  # one choice only: taken at once
    assert s.names(s.player(0).followers) == ["Guide"]
    s = Scenario(["elf", "thief"]).set(1, gold=2)
    run(s, 0, [{"steal": {"what": ["gold", "object"]}}], {"target": 1})
    assert (s.player(0).gold, s.player(1).gold) == (2, 1)  # only gold to take: taken at once


def test_the_window_condition_reads_the_window_a_spell_is_cast_in():
    s = Scenario(["elf", "thief"])
    run(
        s,
        0,
        [{"gain": {"gold": 1}, "if": {"window": "combat"}}, {"gain": {"gold": 2}, "if": {"window": "move"}}],
        {"window": "move"},
    )
    assert s.player(0).gold == 3


def test_a_card_used_as_it_is_bought_goes_to_its_discard_pile():
    s = Scenario(["elf", "thief"])
    raft = s.find("Raft", "purchase")
    s._unplace(raft)  # taken from the stock, as the shop does
    run(s, 0, [{"discard_this": True}], {"src": raft})
    assert raft in s.game.decks["purchase"]  # (back into the stock)


def test_a_move_to_chosen_spaces_lists_the_named_then_those_with_the_card_then_by_kind():
    s = Scenario(["elf", "thief"], modules=("core", "dungeon-4e")).at(0, "fields-1").put("tavern", "Bag of Gold")
    s.put("woods-1", "Bag of Gold").put("city", "Wolf")
    sel = {"ids": ["temple"], "cards": "Bag of Gold", "kind": "city"}
    run(s, 0, [{"move": {"pick": "spaces", "spaces": sel, "decision": "trap-door"}}])
    ids = s.options()
    assert s.kind == "trap-door" and ids[0] == "to:temple"  # the named space first, the rest in board order
    assert ids[1:] == sorted(["to:tavern", "to:woods-1", "to:city"], key=lambda i: s.game.rules.space_index[i[3:]])


def test_an_optional_move_to_chosen_spaces_runs_its_effects_and_comes_as_the_next_move():
    s = Scenario(["elf", "thief"]).at(0, "woods-1").put("woods-1", "Bag of Gold").put("tavern", "Bag of Gold")
    bear = s.game.cards_on(s.game.rules.space_index["woods-1"])[0]
    params = {"pick": "spaces", "spaces": {"cards": "Bag of Gold"}, "not_here": True, "optional": True}
    run(s, 0, [{"move": {**params, "next_move": True, "do": [{"discard_this": True}]}}], {"src": bear})
    assert s.options() == ["nothing", "to:tavern"]
    s.choose("to:tavern")
    assert s.player(0).status["next_move"] == s.game.rules.space_index["tavern"] and s.on_space("woods-1") == []


def test_peek_may_put_the_cards_back_in_a_chosen_order():
    s = Scenario(["elf", "thief"]).on_top("adventure", "Bear", "Wolf", "Bag of Gold")
    run(s, 0, [{"peek": {"n": 3, "reorder": True}}])
    s.choose("Bag of Gold").choose("Bear")
    assert s.names(s.game.decks["adventure"][-3:][::-1]) == ["Bag of Gold", "Bear", "Wolf"]


def test_peek_may_take_one_card_that_passes_its_filter():
    s = Scenario(["elf", "thief"]).on_top("adventure", "Bear", "Sword", "Wolf")
    run(s, 0, [{"peek": {"n": 3, "take": {"type": "object"}}}])
    assert s.options() == ["nothing", f"take:{s.game.decks['adventure'][-2]}"]
    s.choose("take:")
    assert s.names(s.player(0).objects) == ["Sword"] and s.names(s.game.decks["adventure"][-2:]) == ["Wolf", "Bear"]


def test_one_object_is_discarded_at_random_of_those_the_filter_lets_through():
    s = Scenario(["elf", "thief"]).give(0, "Sword", "Helmet")
    carried = list(s.player(0).objects)
    pick = {"what": "object", "pick": "random", "filter": {"type": "object"}, "why": "is stolen"}
    run(s, 0, [{"discard": pick}])
    assert len(s.player(0).objects) == 1
    lost = next(c for c in carried if c not in s.player(0).objects)
    assert f"{s.game.card_name(lost)} is stolen" in s.log()
    s = run(Scenario(["elf", "thief"]).give(0, "Sword"), 0, [{"discard": {**pick, "filter": {"type": "follower"}}}])
    assert s.names(s.player(0).objects) == ["Sword"] and "has no object to lose" in s.log()


def test_a_follower_at_random_is_never_one_with_the_trait_the_filter_leaves_out():
    for seed in range(6):
        s = Scenario(["elf", "thief"], seed=seed).give(0, "Mule", "Guide")
        leaves = {"what": "follower", "pick": "random", "filter": {"without_trait": "steed"}, "why": "wanders away"}
        run(s, 0, [{"discard": leaves}])
        assert s.names(s.player(0).followers) == ["Mule"] and "wanders away" in s.log()


def test_each_object_or_follower_is_lost_on_its_own_roll_in_the_chance():
    s = Scenario(["elf", "thief"]).give(0, "Sword", "Helmet", "Mule", "Guide").dice(2, 3, 4, 1)
    run(s, 0, [{"discard": {"what": "objects", "chance": "1-2", "why": "crumbles"}}])
    run(s, 0, [{"discard": {"what": "followers", "chance": "1-2"}}])
    assert s.names(s.player(0).objects) == ["Helmet"] and s.names(s.player(0).followers) == ["Mule"]
    assert "Sword crumbles" in s.log()


@pytest.mark.parametrize("again", [True, False])
def test_move_again_rolls_for_a_second_move_at_once(again):
    g = Scenario(["elf", "thief"]).game
    before = len(g.stack)
    effects.run_one(g, 1, {"move_again": again}, {})
    assert g.stack[before:] == ([("move_roll", {"p": 1})] if again else [])


def test_a_follower_named_is_discarded_if_the_character_has_it():
    s = run(
        Scenario(["elf", "thief"]).give(0, "Prince", "Guide"), 0, [{"discard": {"what": "follower", "name": "Prince"}}]
    )
    assert s.names(s.player(0).followers) == ["Guide"]


def test_an_effect_waiting_for_a_module_may_use_that_modules_verbs() -> None:
    waits = {"enter_catacombs": "falls", "if": {"module": "catacombs"}}
    with voc.module_verbs({}, verbs_of):
        voc.effects([waits], "card.x.on_encounter")  # accepted: it runs only with the Catacombs
        for bad in (
            {"enter_catacombs": "falls"},  # not waiting for the Catacombs
            {"enter_catacombs": "falls", "if": {"module": "timescape"}},  # waiting for a module without the verb
            {"enter_catacombs": 3, "if": {"module": "catacombs"}},  # the verb's own check still holds
        ):
            with pytest.raises(voc.VocabularyError):
                voc.effects([bad], "card.x.on_encounter")
    with voc.module_verbs({}), pytest.raises(voc.VocabularyError):
        voc.effects([waits], "card.x.on_encounter")  # no way to look beyond the game's modules
