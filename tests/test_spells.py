"""The Spell deck: the rules for holding, gaining and casting Spells (000
"Spells"), and each of the 17 Spells. Card texts: talisman/modules/core/spells.toml;
casting windows: talisman/engine/spells.py; effects: talisman/modules/core/spell_effects.py.
"""

from __future__ import annotations

import pytest

from talisman.engine import possessions, stats
from talisman.engine.cards import check_conservation
from talisman.engine.standing import standing_answer
from talisman.testing import Scenario

CARD_TEXT = "spells-scrolls.spell.card-text"
CASTING = "spells-scrolls.spell.casting"

ALL_SPELLS = [
    "Acquisition",
    "Alchemy",
    "Counterspell",
    "Destroy Magic",
    "Destruction",
    "Divination",
    "Healing",
    "Hex",
    "Immobility",
    "Invisibility",
    "Mesmerism",
    "Nullify",
    "Preservation",
    "Psionic Blast",
    "Random",
    "Teleport",
    "Temporal Warp",
]
# Spells cast from the caster's own turn menu (at its start, or instead of the movement roll).
OWN_TURN = {
    "Acquisition",
    "Alchemy",
    "Destroy Magic",
    "Destruction",
    "Divination",
    "Healing",
    "Hex",
    "Mesmerism",
    "Nullify",
    "Random",
    "Teleport",
    "Temporal Warp",
}


def scenario(*characters: str, **options) -> Scenario:
    """Characters without their starting Spells; seat 0 plays first."""
    return Scenario(list(characters), **options).no_spells()


def casts(s: Scenario) -> list[str]:
    """The cast options of the pending decision."""
    return [o for o in s.options() if o.startswith("cast:")]


def cast(s: Scenario, spell: str, target: int | None = None) -> Scenario:
    """Answer the pending decision by casting ``spell`` (on ``target``)."""
    label = f"Cast {spell}" + (f" on the {s.game.name(target)}" if target is not None else "")
    hits = [
        o.id
        for o in s.decision.options
        if o.id.startswith("cast:") and (o.label == label or o.label.startswith(label + " to "))
    ]
    assert len(hits) == 1, (label, s.labels())
    return s.choose(hits[0])


def spell_discards(s: Scenario) -> list[str]:
    return s.names(s.game.discards["spell"])


def finish(s: Scenario) -> None:
    check_conservation(s.game)


# --- Holding, gaining and casting ------------------------------------------------------------------


@pytest.mark.rules(CARD_TEXT, CASTING)
@pytest.mark.parametrize("spell", ALL_SPELLS)
def test_each_spell_is_offered_only_when_its_card_allows(spell):
    # A position where every Spell could change something: a life lost, an Object to sell,
    # a Follower, a Spell and an Object to take, a face-up card to destroy.
    s = scenario("elf", "sorceress").at(0, "village").at(1, "city").give(0, spell, "Helmet").set(0, lives=3)
    s.give(1, "Sword", "Mule", "Teleport").put("oasis", "Dragon").start()
    offered = [label for label in s.labels() if label.startswith(f"Cast {spell}")]
    assert bool(offered) == (spell in OWN_TURN)
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_the_deck_holds_the_seventeen_spells_of_the_base_game():
    s = scenario("elf")
    names = [s.game.card_name(c) for c in s.game.decks["spell"]]
    assert sorted(set(names)) == sorted(ALL_SPELLS) and len(names) == 24
    twice = {"Counterspell", "Destruction", "Healing", "Immobility", "Psionic Blast", "Random", "Teleport"}
    assert all(names.count(n) == (2 if n in twice else 1) for n in ALL_SPELLS)


@pytest.mark.rules("spells-scrolls.spell.craft-gated", "core.spells.limit-table")
@pytest.mark.parametrize("craft, limit", [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3), (8, 3), (9, 4), (12, 4)])
def test_craft_sets_how_many_spells_a_character_may_hold(craft, limit):
    s = scenario("thief", "troll").set(0, craft=craft)
    assert stats.spell_limit(s.game, 0) == limit
    for _ in range(limit + 1):
        possessions.gain_spell(s.game, 0)
    assert len(s.player(0).spells) == limit
    finish(s)


@pytest.mark.rules("spells-scrolls.spell.no-voluntary-discard")
def test_a_spell_cannot_be_thrown_away():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Preservation", "Invisibility", "Sword").at(0, "village")
    s.start()
    assert not [label for label in s.labels() if "Preservation" in label or "Invisibility" in label]
    assert any("Drop the Sword" in label for label in s.labels())  # Objects may be dropped, Spells not


@pytest.mark.rules("spells-scrolls.spell.no-voluntary-discard", "core.spells.excess-discard")
def test_spells_beyond_the_craft_limit_must_be_discarded_at_once():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Preservation", "Invisibility").at(0, "fields-3")
    s.dice(1, 3).start().choose("move:city").choose("enchantress")  # 3: lose 1 Craft (4 -> 3, one Spell)
    assert s.decision.kind == "discard-spell" and len(s.options()) == 2
    s.choose("Discard Invisibility")
    assert s.names(s.player(0).spells) == ["Preservation"] and "Invisibility" in spell_discards(s)
    finish(s)


@pytest.mark.rules("spells-scrolls.spell.gaining")
def test_a_gained_spell_comes_from_the_top_of_the_deck():
    s = scenario("elf", "troll").at(1, "tavern").on_top("spell", "Temporal Warp").at(0, "village")
    s.on_top("adventure", "Mage").dice(1).start().choose("move:fields-1")
    assert s.names(s.player(0).spells) == ["Temporal Warp"]
    finish(s)


@pytest.mark.rules("spells-scrolls.spell.gaining")
def test_an_exhausted_spell_deck_is_rebuilt_from_its_discards():
    s = scenario("elf", "troll").at(1, "tavern").at(0, "village")
    g = s.game
    g.discards["spell"].extend(g.decks["spell"][1:])
    del g.decks["spell"][1:]
    s.set(0, craft=9).on_top("adventure", "Book of Spells").dice(1).start().choose("move:fields-1")
    assert len(s.player(0).spells) == 4 and "shuffled into a new deck" in s.log()
    assert not g.discards["spell"]
    finish(s)


@pytest.mark.rules(CASTING)
def test_a_cast_spell_goes_to_the_discard_pile_once_its_effect_ends():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Healing").set(0, lives=2).at(0, "village")
    s.start()
    cast(s, "Healing", 0)
    assert s.player(0).lives == 4 and spell_discards(s) == ["Healing"] and not s.player(0).spells
    finish(s)


@pytest.mark.rules(CASTING, "encounters.example-sorceress-runes-oasis")
def test_a_hex_is_placed_on_the_board_rather_than_discarded():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Hex").at(0, "village")
    s.start()
    cast(s, "Hex").choose("hex:oasis")
    assert s.on_space("oasis") == ["Hex"] and "Hex" not in spell_discards(s)
    finish(s)


@pytest.mark.rules("spells-scrolls.spell.range")
def test_spells_on_characters_reach_them_anywhere():
    s = scenario("elf", "troll", "thief").at(1, "werewolf-den").at(2, "castle").give(0, "Nullify", "Healing")
    s.give(1, "Teleport").set(1, lives=1).at(0, "village")
    s.start()
    assert any(label == "Cast Nullify on the Troll" for label in s.labels())
    cast(s, "Healing", 1)
    assert s.player(1).lives == 4
    finish(s)


@pytest.mark.rules("spells-scrolls.spell.range", "inner-region.creatures-immune", "combat.evade.inner-region")
@pytest.mark.parametrize("spell", ["Invisibility", "Immobility"])
def test_spells_on_creatures_work_only_outside_the_inner_region(spell):
    outer = scenario("elf", "troll").at(1, "tavern").give(0, spell).at(0, "village").on_top("adventure", "Giant")
    outer.dice(1).start().choose("move:fields-1")
    assert any(label.startswith(f"Cast {spell}") for label in outer.labels())
    inner = scenario("elf", "troll").at(1, "tavern").give(0, spell, "Psionic Blast").at(0, "death")
    inner.player(0).status.clear()
    inner.dice(1).start().choose("move:werewolf-den")
    assert inner.decision.kind == "combat"
    assert not any(label.startswith(f"Cast {spell}") for label in inner.labels())
    assert any(label.startswith("Cast Psionic Blast") for label in inner.labels())  # it touches the caster only


@pytest.mark.rules(CASTING, "core.possessions.drop-anytime")
def test_the_cursed_glade_forbids_casting():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Healing", "Teleport").at(0, "cursed-glade")
    s.set(0, lives=2).start()
    assert casts(s) == []
    finish(s)


@pytest.mark.rules(CASTING)
def test_the_cursed_glade_leaves_no_spell_to_save_a_life():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Preservation").at(0, "hills-3").on_top("adventure", "Giant")
    s.dice(1, 1, 6).start().choose("move:cursed-glade")
    assert s.player(0).lives == 3 and s.names(s.player(0).spells) == ["Preservation"]
    finish(s)


@pytest.mark.rules(CASTING)
def test_the_amulet_forbids_casting_and_keeps_spells_away():
    s = scenario("elf", "sorceress").at(1, "city").give(0, "Amulet", "Healing").give(1, "Nullify", "Random")
    s.at(0, "village").set(0, lives=2).on_top("adventure", "Bag of Gold").dice(1, 1).start()
    # As the Elf's turn begins, the Sorceress's Spells cannot reach it.
    assert s.decision.player == 1 and casts(s) and not any("on the Elf" in label for label in s.labels())
    s.choose("pass")
    assert s.decision.player == 0 and casts(s) == []
    s.choose("roll").choose("move:fields-1")
    # The Sorceress's own turn: still nothing on the Elf.
    assert s.decision.player == 1 and casts(s) and not any("on the Elf" in label for label in s.labels())
    finish(s)


@pytest.mark.rules(CASTING, "spells-scrolls.spell.gaining")
@pytest.mark.parametrize("character, card", [("elf", "Wand"), ("wizard", None), ("prophetess", None)])
def test_the_wand_wizard_and_prophetess_draw_a_spell_after_casting_the_last(character, card):
    s = scenario(character, "troll").at(1, "tavern").give(0, "Healing").at(0, "village")
    if card:
        s.give(0, card)
    s.set(0, lives=3).on_top("spell", "Alchemy").start()
    cast(s, "Healing", 0)
    assert s.names(s.player(0).spells) == ["Alchemy"]
    finish(s)


@pytest.mark.rules(CASTING)
def test_without_the_wand_a_last_spell_cast_leaves_none():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Healing").at(0, "village").set(0, lives=3).start()
    cast(s, "Healing", 0)
    assert s.player(0).spells == []
    finish(s)


# --- The Spells one by one ----------------------------------------------------------------------


@pytest.mark.rules(CARD_TEXT)
def test_acquisition_takes_gold_from_another_character():
    s = scenario("elf", "thief").at(1, "castle").set(1, gold=3).set(0, gold=0).give(0, "Acquisition").at(0, "village")
    s.start()
    cast(s, "Acquisition", 1)  # gold is all there is to take
    assert (s.player(0).gold, s.player(1).gold) == (1, 2) and "Acquisition" in spell_discards(s)
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_acquisition_takes_an_object_of_the_casters_choice():
    s = scenario("elf", "thief").at(1, "castle").give(1, "Sword", "Helmet").give(0, "Acquisition").at(0, "village")
    s.start()
    cast(s, "Acquisition", 1).choose("Take the Helmet")
    assert s.names(s.player(0).objects) == ["Helmet"] and s.names(s.player(1).objects) == ["Sword"]
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_alchemy_turns_objects_into_gold():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Alchemy", "Sword", "Shield").set(0, gold=0).at(0, "village")
    s.start()
    cast(s, "Alchemy").choose("Sell the Sword").choose("Sell the Shield")
    assert s.player(0).gold == 2 and not s.player(0).objects
    finish(s)


@pytest.mark.rules(CARD_TEXT, CASTING)
def test_a_counterspell_cancels_another_characters_spell():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Healing").give(1, "Counterspell").set(0, lives=2)
    s.at(0, "village").start()
    cast(s, "Healing", 0)
    assert s.decision.kind == "counterspell" and s.decision.player == 1
    s.choose("counter:")
    assert s.player(0).lives == 2
    assert sorted(spell_discards(s)) == ["Counterspell", "Healing"] and not s.player(1).spells
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_a_counterspell_may_be_held_back():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Healing").give(1, "Counterspell").set(0, lives=2)
    s.at(0, "village").start()
    cast(s, "Healing", 0).choose("allow")
    assert s.player(0).lives == 4 and s.names(s.player(1).spells) == ["Counterspell"]
    finish(s)


@pytest.mark.rules(CARD_TEXT, "endings.crown-of-command.alone")
def test_a_counterspell_cancels_the_command_spell():
    s = scenario("elf", "thief").at(0, "crown-of-command").at(1, "castle").give(1, "Counterspell")
    s.start()  # the one victim is the Thief
    assert s.decision.kind == "counterspell"
    s.choose("counter:")
    assert s.player(1).lives == 4 and "Counterspell" in spell_discards(s)
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_destroy_magic_stops_spells_and_magic_objects_until_the_casters_next_turn():
    s = (
        scenario("elf", "sorceress")
        .at(1, "castle")
        .give(0, "Destroy Magic", "Ring")
        .give(1, "Healing", "Teleport", "Sword")
    )
    s.at(0, "village").on_top("adventure", "Bag of Gold", "Bag of Gold").set(1, lives=2)
    s.dice(1, 1).start()
    assert s.decision.player == 1
    s.choose("pass")
    assert stats.strength(s.game, 0) == 4
    cast(s, "Destroy Magic")
    assert stats.strength(s.game, 0) == 3 and stats.craft(s.game, 0) == 4  # the Ring is dead
    s.choose("roll").choose("move:fields-1")
    # The Sorceress may cast nothing on her turn.
    assert s.decision.player == 1 and s.decision.kind == "turn" and casts(s) == []
    s.choose("roll").choose("move:runes-3")
    # The Elf's next turn: magic returns.
    assert "Magic returns to the land" in s.log() and stats.strength(s.game, 0) == 4
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_destruction_discards_a_face_up_adventure_card_anywhere():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Destruction").at(0, "village")
    s.put("oasis", "Dragon").put("fields-3", "Bag of Gold").start()
    cast(s, "Destruction")
    assert sorted(s.labels()) == ["The Bag of Gold on the Fields", "The Dragon on the Oasis"]
    s.choose("Dragon")
    assert s.on_space("oasis") == [] and "Dragon" in s.names(s.game.discards["adventure"])
    assert s.on_space("fields-3") == ["Bag of Gold"]
    finish(s)


@pytest.mark.rules(CARD_TEXT, "spells-scrolls.spell.hidden")
def test_divination_shows_the_caster_alone_the_next_five_adventure_cards():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Divination").at(0, "village")
    s.on_top("adventure", "Dragon", "Ring", "Bear", "Witch", "Cave").start()
    cast(s, "Divination")
    seen = [e for e in s.game.events if e.private == 0 and "foresees" in e.text]
    assert len(seen) == 1 and "Dragon, Ring, Bear, Witch, Cave" in seen[0].text_for(0)
    assert "Dragon" not in seen[0].text_for(1)
    assert s.names(s.game.decks["adventure"][-5:]) == ["Cave", "Witch", "Bear", "Ring", "Dragon"]  # unchanged
    finish(s)


@pytest.mark.rules(CARD_TEXT, "core.lives.healing-cap")
@pytest.mark.parametrize("lives", [1, 3])
def test_healing_restores_any_character_to_four_lives(lives):
    s = scenario("elf", "thief").at(1, "castle").give(0, "Healing").set(1, lives=lives).at(0, "village").start()
    cast(s, "Healing", 1)
    assert s.player(1).lives == 4
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_healing_may_be_cast_at_the_start_of_another_characters_turn():
    s = scenario("thief", "elf").at(0, "castle").give(1, "Healing").set(1, lives=2).start()
    assert s.decision.kind == "others-turn" and s.decision.player == 1
    cast(s, "Healing", 1)
    assert s.player(1).lives == 4
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_hex_goes_only_on_an_empty_space_of_the_outer_or_middle_region():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Hex").at(0, "village").start()
    cast(s, "Hex")
    opts = s.options()
    assert "hex:oasis" in opts and "hex:fields-1" in opts
    assert "hex:castle" not in opts and "hex:village" not in opts  # occupied
    assert not any(o in opts for o in ("hex:plain-of-peril", "hex:crypt", "hex:crown-of-command"))


@pytest.mark.rules(CARD_TEXT, "encounters.example-sorceress-runes-oasis", "encounters.draw-cards-space")
def test_a_hex_costs_a_life_on_landing_and_counts_as_one_of_the_cards_to_draw():
    s = scenario("elf", "sorceress").at(1, "desert-2").give(0, "Hex").at(0, "village")
    s.on_top("adventure", "Bag of Gold", "Bag of Gold").dice(1).start()
    cast(s, "Hex").choose("hex:oasis")
    s.choose("move:fields-1")
    s.dice(1).choose("move:oasis")  # the Sorceress
    assert s.player(1).lives == 3 and s.player(1).gold == 2  # one Bag of Gold drawn, not two
    assert s.on_space("oasis") == ["Hex"]
    finish(s)


@pytest.mark.rules(CARD_TEXT, CASTING)
def test_a_hex_fades_after_three_rounds():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Hex", "Sword").set(1, lost_turns=9).at(0, "village")
    s.start()
    cast(s, "Hex").choose("hex:oasis")
    for _ in range(3):  # three rounds of the caster's turns (the Thief sleeps)
        assert s.on_space("oasis") == ["Hex"]
        s.at(0, "village").on_top("adventure", "Bag of Gold").dice(1).choose("roll").choose("move:fields-1")
    assert s.on_space("oasis") == [] and "Hex" in spell_discards(s)
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_the_amulet_wards_off_a_hex():
    s = scenario("elf", "sorceress").at(1, "desert-2").give(0, "Hex").give(1, "Amulet").at(0, "village")
    s.on_top("adventure", "Bag of Gold", "Bag of Gold").dice(1).start()
    cast(s, "Hex").choose("hex:oasis")
    s.choose("move:fields-1")
    s.dice(1).choose("roll").choose("move:oasis")
    assert s.player(1).lives == 4 and "strikes" not in s.log()
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_immobility_holds_a_character_for_its_turn():
    s = scenario("elf", "thief").at(1, "castle").give(1, "Immobility").at(0, "village").start()
    assert s.decision.player == 1
    cast(s, "Immobility", 0)
    assert s.space_of(0) == "village" and s.game.active == 1 and "held fast" in s.log()
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_an_immobile_character_may_still_cast_a_counterspell():
    s = scenario("elf", "thief", "sorceress").at(1, "castle").at(2, "temple").give(0, "Counterspell")
    s.give(1, "Immobility").give(2, "Healing").set(2, lives=2).at(0, "village").start()
    cast(s, "Immobility", 0).choose("allow")
    assert s.decision.player == 2
    cast(s, "Healing", 2)
    assert s.decision.kind == "counterspell" and s.decision.player == 0
    s.choose("counter:")
    assert s.player(2).lives == 2 and s.game.active == 1
    finish(s)


@pytest.mark.rules(CARD_TEXT, "combat.evade.definition", "movement.sentinel.example-thief")
def test_immobility_on_a_creature_lets_its_caster_evade_it():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Immobility").at(0, "village").on_top("adventure", "Giant")
    s.dice(1).start().choose("move:fields-1")
    cast(s, "Immobility")
    assert s.player(0).lives == 4 and s.on_space("fields-1") == ["Giant"] and not s.player(0).trophies
    assert s.game.active == 1
    finish(s)


@pytest.mark.rules(CARD_TEXT, "combat.evade.definition")
def test_invisibility_evades_a_creature():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Invisibility").at(0, "village").on_top("adventure", "Demon")
    s.dice(1).start().choose("move:fields-1")
    cast(s, "Invisibility")
    assert s.player(0).lives == 4 and s.on_space("fields-1") == ["Demon"]
    finish(s)


@pytest.mark.rules(CARD_TEXT, "combat.pvp.evade-option")
def test_invisibility_evades_an_attacking_character():
    s = scenario("thief", "elf").at(1, "fields-1").give(1, "Invisibility").at(0, "village")
    s.dice(1).start().choose("move:fields-1").choose("meet:1").choose("attack:1")
    assert s.decision.player == 1
    cast(s, "Invisibility")
    assert s.player(1).lives == 4 and "evades" in s.log()
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_a_countered_evasion_leaves_the_fight_to_be_fought():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Invisibility").give(1, "Counterspell")
    s.at(0, "village").on_top("adventure", "Giant").dice(1, 1, 6).start().choose("move:fields-1")
    cast(s, "Invisibility").choose("counter:")
    assert s.player(0).lives == 3 and "Giant" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_mesmerism_takes_a_follower_of_the_casters_choice():
    s = scenario("elf", "thief").at(1, "castle").give(1, "Maiden", "Mule").give(0, "Mesmerism").at(0, "village").start()
    cast(s, "Mesmerism", 1).choose("The Maiden")
    assert s.names(s.player(0).followers) == ["Maiden"] and s.names(s.player(1).followers) == ["Mule"]
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_nullify_makes_its_target_discard_every_spell():
    s = scenario("elf", "thief").at(1, "castle").set(1, craft=4).give(1, "Teleport", "Hex").give(0, "Nullify")
    s.at(0, "village").start()
    cast(s, "Nullify", 1)
    assert s.player(1).spells == []
    assert {"Teleport", "Hex", "Nullify"} <= set(spell_discards(s))
    finish(s)


@pytest.mark.rules(CARD_TEXT, "core.lives.losing")
def test_preservation_keeps_a_life_about_to_be_lost():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Preservation").set(0, gold=0).at(0, "portal-of-power")
    s.dice(1).start().choose("move:black-knight")  # no gold for the Black Knight's toll: a life
    assert s.decision.kind == "prevent-life-loss"
    cast(s, "Preservation")
    assert s.player(0).lives == 4 and "Preservation" in spell_discards(s)
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_a_countered_preservation_loses_the_life_after_all():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Preservation").give(1, "Counterspell").set(0, gold=0)
    s.at(0, "portal-of-power").dice(1).start().choose("move:black-knight")
    cast(s, "Preservation").choose("counter:")
    assert s.player(0).lives == 3
    finish(s)


@pytest.mark.rules(CARD_TEXT, "combat.magic-before-roll")
def test_psionic_blast_adds_craft_to_strength_for_the_battle():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Psionic Blast").at(0, "village").on_top("adventure", "Giant")
    s.dice(1, 1, 6).start().choose("move:fields-1")
    cast(s, "Psionic Blast")  # then the fight is all that is left: Strength 3 + Craft 4
    assert "1 + 7 Strength = 8 against 6 + 6" in s.log() and s.player(0).lives == 3
    finish(s)


@pytest.mark.rules(CARD_TEXT, "toads-transformations.duration")
@pytest.mark.parametrize(
    "roll, check",
    [
        (1, lambda p: p.toad == 3),
        (2, lambda p: p.strength == 3 and p.craft == 6),
        (3, lambda p: p.strength == 5 and p.craft == 4),
        (4, lambda p: p.gold == 0),
        (5, lambda p: p.strength == 6),
        (6, lambda p: p.lives == 5),
    ],
)
def test_random_rolls_a_fate_for_its_target(roll, check):
    s = scenario("thief", "elf").at(1, "castle").give(0, "Random").set(1, strength=5, craft=6, gold=4)
    s.at(0, "village").start()
    s.dice(roll)
    cast(s, "Random", 1)
    assert check(s.player(1))
    finish(s)


@pytest.mark.rules(CARD_TEXT, "movement.non-roll-movement")
def test_teleport_goes_to_any_other_space_of_the_region_and_encounters_it():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Teleport").at(0, "village").start()
    cast(s, "Teleport")
    assert "to:tavern" in s.options() and "to:village" not in s.options() and "to:temple" not in s.options()
    s.on_top("adventure", "Bag of Gold").choose("to:fields-4")
    assert s.space_of(0) == "fields-4" and s.player(0).gold == 2
    finish(s)


@pytest.mark.rules(CARD_TEXT, "spells-scrolls.spell.range")
def test_teleport_is_not_offered_in_the_inner_region():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Teleport", "Sword").at(0, "plain-of-peril").start()
    assert s.decision.kind == "turn" and casts(s) == []


@pytest.mark.rules(CARD_TEXT)
def test_a_countered_teleport_leaves_the_caster_to_move_as_usual():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Teleport").give(1, "Counterspell").at(0, "village").start()
    cast(s, "Teleport").dice(2).choose("counter:")
    assert s.decision.player == 0 and s.decision.kind == "move" and "move:graveyard" in s.options()
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_temporal_warp_gives_two_more_turns_in_a_row():
    s = scenario("elf", "thief").at(1, "castle").give(0, "Temporal Warp", "Sword").at(0, "village").start()
    cast(s, "Temporal Warp")
    for turn in (1, 2, 3):
        assert s.game.active == 0 and s.game.turn == turn
        s.at(0, "village").on_top("adventure", "Bag of Gold").dice(1).choose("roll").choose("move:fields-1")
    assert s.game.active == 1 and s.player(0).gold == 4
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_destroy_magic_ends_on_time_even_when_its_caster_is_dead():
    s = scenario("elf", "sorceress", "thief").at(1, "castle").at(2, "temple").give(0, "Destroy Magic")
    s.at(0, "village").set(0, lives=1).on_top("adventure", "Giant").dice(1, 1, 6)  # the Elf dies to the Giant
    s.start()
    cast(s, "Destroy Magic").choose("move:fields-1")
    assert not s.player(0).alive and "destroy-magic" in s.game.globals
    s.give(1, "Healing").set(1, lives=2)
    s.dice(1).choose("move:runes-3")  # the Sorceress
    s.dice(1).choose("move:woods-4")  # the Thief; then the dead Elf's turn passes
    assert "destroy-magic" not in s.game.globals
    assert s.decision.player == 1 and casts(s)
    finish(s)


@pytest.mark.rules(CASTING, "spells-scrolls.spell.gaining")
@pytest.mark.parametrize("character, card", [("elf", "Wand"), ("wizard", None), ("elf", None)])
def test_who_always_keeps_a_spell_draws_one_after_losing_them_all(character, card):
    s = scenario(character, "thief").at(1, "castle").give(0, "Healing", "Teleport").at(0, "village")
    if card:
        s.give(0, card)
    s.give(1, "Nullify").start()
    cast(s, "Nullify", 0)
    assert len(s.player(0).spells) == (0 if character == "elf" and not card else 1)
    finish(s)


# --- creatures beyond Spells (000 "Casting Spells", "Encounters in the Inner Region") ----------


def finger_labels(s: Scenario) -> list[str]:
    return [label for label in s.labels() if "Finger of Death" in label]


@pytest.mark.rules("spells-scrolls.spell.range", "inner-region.creatures-immune")
@pytest.mark.parametrize(
    "start, space, what", [("death", "werewolf-den", "Werewolf"), ("vampires-tower", "pits", "Pit Fiend")]
)
def test_no_spell_strikes_a_creature_of_the_inner_region(start, space, what):
    """The Finger of Death kills a creature of the Outer Region (test_dungeon_4e), not these."""
    s = Scenario(["wizard", "warrior"], modules=("dungeon-4e",)).no_spells().at(0, start).at(1, "castle")
    s.give(0, "Finger of Death", deck="spell").give(0, "Psionic Blast")
    s.start().dice(3).choose(f"move:{space}")
    assert s.kind == "combat" and what in s.decision.prompt
    assert finger_labels(s) == []
    assert any("Psionic Blast" in label for label in s.labels())  # a Spell on the caster itself still works


@pytest.mark.rules("spells-scrolls.spell.range")
def test_no_spell_strikes_the_dragon_prince():
    s = Scenario(["wizard", "thief"], modules=("dungeon-4e", "wizards-tower")).no_spells()
    s.at(0, "pit-trap").at(1, "village").set(1, lost_turns=50).give(0, "Finger of Death", deck="spell")
    s.give(0, "Psionic Blast")  # so that the fight asks before the dice
    s.start().choose("move:dragon-prince").choose("strength")
    assert s.kind == "combat" and "Dragon Prince" in s.decision.prompt
    assert finger_labels(s) == []


@pytest.mark.rules("spells-scrolls.spell.range")
def test_no_spell_takes_a_life_of_the_demon_lord():
    s = Scenario(["wizard"], modules=("dungeon-4e", "endings"), ending="demon-lord").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").give(0, "Finger of Death", deck="spell").give(0, "Psionic Blast")
    s.start().choose("move:crown-of-command").choose("fight")
    assert s.kind == "combat" and "Demon Lord" in s.decision.prompt
    assert finger_labels(s) == []


@pytest.mark.rules("spells-scrolls.spell.range")
def test_the_finger_of_death_still_strikes_a_creature_of_the_outer_region():
    s = Scenario(["wizard", "warrior"], modules=("dungeon-4e",)).no_spells().at(0, "village").at(1, "castle")
    s.give(0, "Finger of Death", deck="spell").on_top("adventure", "Giant")
    s.arrive("fields-1", 1)
    assert s.kind == "combat" and len(finger_labels(s)) == 1


# --- Only real questions: a Spell that could change nothing is not offered --------------------------------


@pytest.mark.rules(CARD_TEXT)
@pytest.mark.parametrize(
    "spell, arrange",
    [
        ("Healing", lambda s: s),  # everyone has all their lives
        ("Nullify", lambda s: s),  # nobody else holds a Spell
        ("Acquisition", lambda s: s.set(1, gold=0)),  # nothing to take
        ("Mesmerism", lambda s: s),  # no Follower to take
        ("Alchemy", lambda s: s),  # no Object to sell
        ("Destruction", lambda s: s),  # no face-up Adventure card
    ],
)
def test_a_spell_that_could_change_nothing_is_not_offered_in_the_casters_turn(spell, arrange):
    s = arrange(scenario("elf", "thief").at(0, "village").at(1, "castle").give(0, spell)).start()
    assert s.decision.player == 0 and not [label for label in s.labels() if label.startswith(f"Cast {spell}")]
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_healing_is_offered_only_on_a_character_who_has_lost_a_life():
    s = scenario("elf", "thief").at(0, "village").at(1, "castle").give(0, "Healing").set(1, lives=2).start()
    assert [label for label in s.labels() if label.startswith("Cast Healing")] == ["Cast Healing on the Thief"]
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_healing_is_not_offered_at_another_characters_turn_while_nobody_has_lost_a_life():
    s = scenario("thief", "elf").at(0, "castle").give(1, "Healing").start()
    assert s.decision.player == 0 and s.decision.kind != "others-turn"  # the Elf was not asked
    finish(s)


@pytest.mark.rules(CARD_TEXT)
def test_nullify_is_offered_at_another_characters_turn_only_on_one_holding_spells():
    s = scenario("thief", "elf", "troll").at(0, "castle").give(1, "Nullify").give(2, "Teleport").start()
    assert s.decision.kind == "others-turn" and s.decision.player == 1
    assert casts(s) and [label for label in s.labels() if label.startswith("Cast Nullify")] == [
        "Cast Nullify on the Troll"
    ]
    s.choose("pass")
    s = scenario("thief", "elf", "troll").at(0, "castle").give(1, "Nullify").start()
    assert s.decision.player == 0 and s.decision.kind != "others-turn"  # nobody to nullify: not asked
    finish(s)


def test_spells_that_matter_asks_only_for_a_spell_made_for_anothers_turn_start():
    """A person's standing answer ``spells-that-matter``: Healing waits for the seat's own turn,
    Immobility (castable only at another's turn start) is still asked about."""
    healing = scenario("thief", "elf").at(0, "castle").give(1, "Healing").set(1, lives=2).start()
    assert healing.decision.kind == "others-turn"
    assert standing_answer(healing.game, {"spells-that-matter"}) == "pass"
    immobility = scenario("thief", "elf").at(0, "castle").give(1, "Immobility").start()
    assert immobility.decision.kind == "others-turn"
    assert standing_answer(immobility.game, {"spells-that-matter"}) is None
