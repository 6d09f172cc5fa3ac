"""The verbs of the effect vocabulary, each run on its own (talisman/content/vocabulary.py checks them,
talisman/engine/effects.py runs them); the cards written with them are tested with their modules."""

from __future__ import annotations

from typing import Any

import pytest

from talisman.content import vocabulary as voc
from talisman.engine import effects, stats
from talisman.engine.encounter import deck_here
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
    ],
)
def test_the_vocabulary_refuses_what_it_cannot_run(effect, message):
    with pytest.raises(voc.VocabularyError, match=message):
        voc.effect(effect, "x")
