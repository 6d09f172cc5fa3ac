"""The Outer and Middle Region spaces of the base board: every space and every
result of its table, played with scripted dice.

Sources: the space texts in talisman/modules/core/board.toml (facts/base-game.md
3.5 and base-effects.md 5) and 000's "Encounters in a Space", Tavern and
Sentinel rules. Seat 0 is the character under test; seat 1 only waits.
"""

from __future__ import annotations

import pytest

from talisman.testing import Scenario


def land(s: Scenario, space: str, *dice: int, alone: bool = True) -> Scenario:
    """Start seat 0's turn one space counter-clockwise of ``space``, roll 1 and
    step onto it; ``dice`` are scripted to follow the movement roll. Unless
    ``alone`` is false, seat 1 is first moved off the space."""
    g = s.game
    before = g.rules.ccw[g.rules.space_index[space]]
    s.at(0, g.rules.spaces[before].id)
    if alone and s.space_of(1) == space:
        s.at(1, "city" if space == "village" else "village")
    s.dice(1, *dice).start()
    if s.decision is not None and s.decision.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{space}")


def kind(s: Scenario) -> str | None:
    return s.decision.kind if s.decision is not None else None


def turn_of(s: Scenario) -> int:
    """The seat whose turn it is."""
    return s.game.active


def stock(s: Scenario, deck: str, name: str) -> int:
    g = s.game
    return sum(1 for c in g.decks[deck] if g.card_name(c) == name)


# --- the Village -----------------------------------------------------------------


def test_village_offers_the_blacksmith_the_healer_and_the_mystic():
    s = land(Scenario(["warrior", "wizard"]).no_spells(), "village")
    assert kind(s) == "choose"
    assert s.options() == ["blacksmith", "healer", "mystic", "nothing"]


@pytest.mark.rules("purchase-talisman.purchase-cards")
@pytest.mark.parametrize("item,price", [("Helmet", 2), ("Sword", 2), ("Axe", 3), ("Shield", 3), ("Armour", 4)])
def test_blacksmith_sells_each_item_at_its_price(item, price):
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=price)
    before = stock(s, "purchase", item)
    land(s, "village").choose("blacksmith")
    assert f"buy:{item}" in s.options()
    s.choose(f"buy:{item}")
    p = s.player(0)
    assert p.gold == 0
    assert s.names(p.objects) == [item]
    assert stock(s, "purchase", item) == before - 1


def test_blacksmith_offers_only_what_the_character_can_afford():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=3)
    land(s, "village").choose("blacksmith")
    assert set(s.options()) == {"done", "buy:Helmet", "buy:Sword", "buy:Axe", "buy:Shield"}
    s.choose("buy:Sword")
    # 1G left: nothing more is affordable, so the shop closes by itself.
    assert s.names(s.player(0).objects) == ["Sword"] and s.player(0).gold == 1
    assert turn_of(s) == 1


def test_blacksmith_sells_several_items_in_one_visit():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=5)
    land(s, "village").choose("blacksmith").choose("buy:Helmet").choose("buy:Axe")
    assert sorted(s.names(s.player(0).objects)) == ["Axe", "Helmet"]
    assert s.player(0).gold == 0


@pytest.mark.rules("purchase-talisman.sold-out")
def test_blacksmith_cannot_sell_what_the_purchase_stock_has_run_out_of():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=9)
    g = s.game
    for c in [c for c in g.decks["purchase"] if g.card_name(c) == "Sword"]:
        g.decks["purchase"].remove(c)
        g.discards["adventure"].append(c)  # out of the stock, anywhere else
    land(s, "village").choose("blacksmith")
    assert "buy:Sword" not in s.options()
    assert "buy:Helmet" in s.options()


def test_thief_takes_one_purchase_card_free_at_the_village():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    land(s, "village").choose("blacksmith")
    assert "free:Armour" in s.options()
    s.choose("free:Armour")
    assert s.names(s.player(0).objects) == ["Armour"]
    assert s.player(0).gold == 2
    assert s.options() == ["done", "buy:Helmet", "buy:Sword"]  # one free card only


def test_healer_restores_lives_at_one_gold_each():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, lives=1, gold=5)
    land(s, "village").choose("healer")
    assert s.options() == ["heal:3", "heal:2", "heal:1", "heal:0"]
    s.choose("heal:2")
    assert s.player(0).lives == 3 and s.player(0).gold == 3


def test_healer_heals_no_more_than_the_character_can_pay_for():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, lives=1, gold=1)
    land(s, "village").choose("healer")
    assert s.options() == ["heal:1", "heal:0"]


@pytest.mark.parametrize(
    "roll,alignment,craft,spells",
    [
        (1, "evil", 4, 0),
        (2, "neutral", 4, 0),
        (3, "neutral", 4, 0),
        (4, "good", 4, 0),
        (5, "neutral", 5, 0),
        (6, "neutral", 4, 1),
    ],
)
def test_mystic_reading(roll, alignment, craft, spells):
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, craft=4)  # Craft 4: room for Spells
    land(s, "village", roll).choose("mystic")
    p = s.player(0)
    assert p.alignment == alignment
    assert p.craft == craft
    assert len(p.spells) == spells


def test_mystic_6_gives_no_spell_beyond_the_limit():
    s = Scenario(["warrior", "wizard"]).no_spells()  # Craft 2: no Spells
    land(s, "village", 6).choose("mystic")
    assert s.player(0).spells == [] and "cannot hold another Spell" in s.log()


@pytest.mark.parametrize("roll", [2, 6])
def test_the_hag_leaves_after_a_visit_to_the_mystic_whatever_the_roll(roll):
    s = Scenario(["warrior", "wizard"]).no_spells().give(0, "Cursed by a Hag")
    land(s, "village", roll).choose("mystic")
    assert "Cursed by a Hag" not in s.names(s.player(0).followers)
    assert "Cursed by a Hag" in s.names(s.game.discards["adventure"])


def test_the_hag_stays_after_a_visit_to_the_healer():
    s = Scenario(["warrior", "wizard"]).no_spells().give(0, "Cursed by a Hag").set(0, lives=3, gold=1)
    land(s, "village").choose("healer").choose("heal:1")
    assert s.names(s.player(0).followers) == ["Cursed by a Hag"]


# --- the draw-card spaces ---------------------------------------------------------

DRAW_ONE = [
    "fields-1",
    "woods-1",
    "hills-1",
    "fields-2",
    "plains-1",
    "woods-2",
    "fields-3",
    "fields-4",
    "hills-2",
    "plains-2",
    "woods-3",
    "plains-3",
    "fields-5",
    "plains-4",
    "fields-6",
    "sentinel",
    "portal-of-power",
    "hills-3",
    "cursed-glade",
    "runes-1",
    "runes-2",
    "runes-3",
    "woods-4",
]


@pytest.mark.rules("encounters.draw-cards-space")
@pytest.mark.parametrize("space", DRAW_ONE)
def test_draw_one_space_draws_one_card(space):
    s = (
        Scenario(["warrior", "wizard"])
        .no_spells()
        .set(0, gold=0)
        .on_top("adventure", "Bag of Gold", "Two Bags of Gold")
    )
    land(s, space)
    assert s.space_of(0) == space
    assert s.player(0).gold == 1  # the Bag of Gold only: one card drawn
    assert s.game.card_name(s.game.decks["adventure"][-1]) == "Two Bags of Gold"


@pytest.mark.rules("encounters.draw-cards-space", "encounters.type.items-followers")
@pytest.mark.parametrize("space", ["fields-1", "plains-1", "woods-1", "hills-1"])
def test_draw_one_space_counts_a_card_already_there(space):
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    s.put(space, "Helmet")
    land(s, space)
    assert s.options() == ["done", next(o for o in s.options() if o.startswith("take:"))]
    s.choose("take:")
    assert s.names(s.player(0).objects) == ["Helmet"]
    assert s.player(0).gold == 0  # nothing was drawn
    assert s.game.card_name(s.game.decks["adventure"][-1]) == "Bag of Gold"


@pytest.mark.rules("encounters.draw-cards-space")
@pytest.mark.parametrize("space,n", [("ruins", 2), ("oasis", 2), ("hidden-valley", 3)])
def test_multi_draw_spaces(space, n):
    bags = ["Bag of Gold"] * (n + 1)
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", *bags)
    land(s, space)
    assert s.player(0).gold == n


@pytest.mark.rules("encounters.draw-cards-space")
@pytest.mark.parametrize("space,n", [("ruins", 2), ("oasis", 2), ("hidden-valley", 3)])
def test_multi_draw_spaces_make_up_the_number(space, n):
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", *(["Bag of Gold"] * n))
    s.put(space, "Helmet")
    land(s, space).choose("done")  # leave the Helmet
    assert s.player(0).gold == n - 1
    assert s.on_space(space) == ["Helmet"]


@pytest.mark.rules("encounters.draw-cards-space", "encounters.leftover-cards")
def test_cards_on_a_space_fill_it_and_nothing_is_drawn():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    s.put("ruins", "Helmet", "Shield")
    land(s, "ruins")
    assert s.player(0).gold == 0
    s.choose("done")
    assert sorted(s.on_space("ruins")) == ["Helmet", "Shield"]


def test_the_sentinel_does_not_fight_a_character_stopping_on_his_space():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    lives = s.player(0).lives
    land(s, "sentinel")
    assert "bars the bridge" not in s.log()
    assert s.player(0).gold == 1 and s.player(0).lives == lives


# --- the Graveyard and the Chapel ---------------------------------------------------


def test_graveyard_takes_a_life_from_the_good():
    s = Scenario(["elf", "wizard"]).no_spells()
    lives = s.player(0).lives
    land(s, "graveyard")
    assert s.player(0).lives == lives - 1
    assert turn_of(s) == 1


def test_graveyard_sells_fate_to_the_neutral_at_one_gold_each():
    s = Scenario(["dwarf", "wizard"], fate=True).no_spells().set(0, fate=0, gold=3)
    land(s, "graveyard")
    assert kind(s) == "buy-fate"
    assert s.options() == ["fate:3", "fate:2", "fate:1", "fate:0"]
    s.choose("fate:2")
    assert s.player(0).fate == 2 and s.player(0).gold == 1


def test_graveyard_sells_the_neutral_no_more_than_its_fate_value():
    s = Scenario(["warrior", "wizard"], fate=True).no_spells().set(0, fate=0, gold=5)
    land(s, "graveyard")
    assert s.options() == ["fate:1", "fate:0"]  # the Warrior's Fate is 1


def test_graveyard_restores_the_fate_of_the_evil():
    s = Scenario(["wizard", "warrior"], fate=True).no_spells().set(0, fate=0)
    land(s, "graveyard")
    assert s.options() == ["restore-fate", "pray", "nothing"]
    s.choose("restore-fate")
    assert s.player(0).fate == 3


@pytest.mark.parametrize("roll,fate,spells", [(1, 0, 0), (4, 0, 0), (5, 1, 0), (6, 0, 1)])
def test_graveyard_prayer_of_the_evil(roll, fate, spells):
    s = Scenario(["wizard", "warrior"], fate=True).no_spells().set(0, fate=0)
    land(s, "graveyard", roll).choose("pray")
    assert s.player(0).fate == fate
    assert len(s.player(0).spells) == spells


def test_the_cross_keeps_the_good_safe_in_the_graveyard():
    s = Scenario(["elf", "wizard"]).no_spells().give(0, "Cross")
    lives = s.player(0).lives
    land(s, "graveyard")
    assert s.player(0).lives == lives


def test_chapel_takes_a_life_from_the_evil():
    s = Scenario(["wizard", "warrior"]).no_spells()
    lives = s.player(0).lives
    land(s, "chapel")
    assert s.player(0).lives == lives - 1


def test_the_cross_keeps_the_evil_safe_in_the_chapel():
    s = Scenario(["wizard", "warrior"]).no_spells().give(0, "Cross")
    lives = s.player(0).lives
    land(s, "chapel")
    assert s.player(0).lives == lives


def test_chapel_heals_the_neutral_at_one_gold_a_life():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, lives=2, gold=1)
    land(s, "chapel")
    assert s.options() == ["heal:1", "heal:0"]
    s.choose("heal:1")
    assert s.player(0).lives == 3 and s.player(0).gold == 0


def test_chapel_heals_the_good_for_free():
    s = Scenario(["elf", "wizard"]).no_spells().set(0, lives=1, gold=0)
    land(s, "chapel")
    assert s.options() == ["heal", "pray", "nothing"]
    s.choose("heal")
    assert s.player(0).lives == 4 and s.player(0).gold == 0


@pytest.mark.parametrize("roll,lives,spells", [(1, 4, 0), (4, 4, 0), (5, 5, 0), (6, 4, 1)])
def test_chapel_prayer_of_the_good(roll, lives, spells):
    s = Scenario(["elf", "wizard"]).no_spells().set(0, lives=4)
    land(s, "chapel", roll).choose("pray")
    assert s.player(0).lives == lives  # a life gained may go above the starting number
    assert len(s.player(0).spells) == spells


@pytest.mark.parametrize("character", ["priest", "monk"])
def test_a_prayer_bonus_turns_a_five_into_a_six_in_the_chapel(character):
    s = Scenario([character, "wizard"]).no_spells().set(0, lives=4, craft=4)
    land(s, "chapel", 5).choose("pray")
    assert s.player(0).lives == 4
    assert len(s.player(0).spells) == 1


# --- the Crags and the Forest ------------------------------------------------------


def test_crags_1_a_spirit_attacks_in_psychic_combat_and_can_cost_a_life():
    s = Scenario(["thief", "wizard"]).no_spells()  # Craft 3
    lives = s.player(0).lives
    land(s, "crags", 1, 2, 6)  # the only choice, to fight, is made at once: 2 + 3 against 6 + 4
    assert "Thief fights the Spirit in psychic combat: 2 + 3 Craft = 5 against 6 + 4 = 10" in s.log()
    assert s.player(0).lives == lives - 1
    assert s.player(0).trophies == []


def test_crags_1_the_spirit_can_be_beaten_and_leaves_no_trophy():
    s = Scenario(["thief", "wizard"]).no_spells()
    lives = s.player(0).lives
    land(s, "crags", 1, 6, 1)  # 6 + 3 against 1 + 4
    assert s.player(0).lives == lives and s.player(0).trophies == []
    assert "kills the Spirit" in s.log()


@pytest.mark.rules("encounters.losing-a-turn")
@pytest.mark.parametrize("space", ["crags", "forest"])
@pytest.mark.parametrize("roll", [2, 3])
def test_lost_in_the_crags_or_the_forest_loses_a_turn(space, roll):
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, space, roll)
    assert s.player(0).lost_turns == 1
    assert turn_of(s) == 1
    s.dice(1).choose(s.options()[0])  # the Wizard moves on
    assert "Thief spends this turn recovering" in s.log()
    assert s.player(0).lost_turns == 0


@pytest.mark.parametrize("space", ["crags", "forest"])
@pytest.mark.parametrize("roll", [4, 5])
def test_safe_in_the_crags_or_the_forest(space, roll):
    s = Scenario(["thief", "wizard"]).no_spells()
    before = (s.player(0).strength, s.player(0).craft, s.player(0).lives, s.player(0).lost_turns)
    land(s, space, roll)
    p = s.player(0)
    assert (p.strength, p.craft, p.lives, p.lost_turns) == before
    assert turn_of(s) == 1


def test_crags_6_a_barbarian_trains_you():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "crags", 6)
    assert s.player(0).strength == 4


@pytest.mark.parametrize(
    "character,follower", [("dwarf", None), ("troll", None), ("thief", "Gnome"), ("thief", "Guide")]
)
def test_crags_roll_is_optional_for_some(character, follower):
    s = Scenario([character, "wizard"]).no_spells()
    if follower:
        s.give(0, follower)
    before = (s.player(0).strength, s.player(0).lives, s.player(0).lost_turns)
    land(s, "crags")
    assert kind(s) == "optional-roll" and s.options() == ["roll", "skip"]
    s.choose("skip")
    p = s.player(0)
    assert (p.strength, p.lives, p.lost_turns) == before
    assert turn_of(s) == 1


def test_a_chosen_crags_roll_stands():
    s = Scenario(["dwarf", "wizard"]).no_spells()
    land(s, "crags").dice(2).choose("roll")
    assert s.player(0).lost_turns == 1


def test_crags_roll_is_compulsory_for_others():
    s = Scenario(["elf", "wizard"]).no_spells()
    land(s, "crags", 6)
    assert s.player(0).strength == 4


def test_forest_1_a_brigand_attacks():
    s = Scenario(["thief", "wizard"]).no_spells()  # Strength 3
    lives = s.player(0).lives
    land(s, "forest", 1, 1, 6)
    assert "Thief fights the Brigand in battle: 1 + 3 Strength = 4 against 6 + 4 = 10" in s.log()
    assert s.player(0).lives == lives - 1
    assert s.player(0).trophies == []


def test_forest_6_a_ranger_guides_you():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "forest", 6)
    assert s.player(0).craft == 4


@pytest.mark.parametrize("character,follower", [("elf", None), ("thief", "Pixie"), ("thief", "Guide")])
def test_forest_roll_is_optional_for_some(character, follower):
    s = Scenario([character, "wizard"]).no_spells()
    if follower:
        s.give(0, follower)
    craft = s.player(0).craft
    land(s, "forest")
    assert kind(s) == "optional-roll"
    s.dice(6).choose("roll")
    assert s.player(0).craft == craft + 1


def test_forest_roll_is_compulsory_for_the_dwarf():
    s = Scenario(["dwarf", "wizard"]).no_spells()
    land(s, "forest", 6)
    assert s.player(0).craft == 4


# --- the City ------------------------------------------------------------------------


def test_city_offers_the_enchantress_the_doctor_and_the_alchemist():
    s = land(Scenario(["thief", "wizard"]).no_spells(), "city")
    assert s.options() == ["enchantress", "doctor", "alchemist", "nothing"]


def test_enchantress_1_turns_you_into_a_toad():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "city", 1).choose("enchantress")
    assert s.player(0).toad


@pytest.mark.parametrize("roll,strength,craft", [(2, 2, 3), (3, 3, 2), (4, 3, 4), (5, 4, 3)])
def test_enchantress_changes_strength_or_craft(roll, strength, craft):
    s = Scenario(["thief", "wizard"]).no_spells()  # Strength 3, Craft 3
    land(s, "city", roll).choose("enchantress")
    assert (s.player(0).strength, s.player(0).craft) == (strength, craft)
    assert not s.player(0).toad


def test_enchantress_6_gives_a_spell():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "city", 6).choose("enchantress")
    assert len(s.player(0).spells) == 1


def test_city_doctor_heals_up_to_two_lives_at_one_gold_each():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=1, gold=5)
    land(s, "city").choose("doctor")
    assert s.options() == ["heal:2", "heal:1", "heal:0"]
    s.choose("heal:2")
    assert s.player(0).lives == 3 and s.player(0).gold == 3


def test_alchemist_turns_objects_into_gold():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0).give(0, "Helmet", "Wand", deck="adventure")
    land(s, "city").choose("alchemist")
    assert kind(s) == "sell" and len(s.options()) == 3
    s.choose("Helmet")
    assert s.player(0).gold == 1 and s.names(s.player(0).objects) == ["Wand"]
    s.choose("Wand")
    assert s.player(0).gold == 2 and s.player(0).objects == []
    assert "Helmet" in s.names(s.game.discards["adventure"])


# --- the Tavern ---------------------------------------------------------------------


def test_tavern_1_drinking_loses_a_turn():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "tavern", 1)
    assert s.player(0).lost_turns == 1 and turn_of(s) == 1


def test_tavern_2_a_farmer_picks_a_fight():
    s = Scenario(["thief", "wizard"]).no_spells()
    lives = s.player(0).lives
    land(s, "tavern", 2, 1, 5)
    assert "Thief fights the Farmer in battle: 1 + 3 Strength = 4 against 5 + 3 = 8" in s.log()
    assert s.player(0).lives == lives - 1 and s.player(0).trophies == []


@pytest.mark.rules("encounters.tavern-gambling")
def test_tavern_3_gambling_loses_a_gold():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    lives = s.player(0).lives
    land(s, "tavern", 3)
    assert s.player(0).gold == 1 and s.player(0).lives == lives


@pytest.mark.rules("encounters.tavern-gambling")
def test_tavern_3_gambling_without_gold_costs_a_life():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0)
    lives = s.player(0).lives
    land(s, "tavern", 3)
    assert s.player(0).gold == 0 and s.player(0).lives == lives - 1


def test_tavern_4_gambling_wins_a_gold():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0)
    land(s, "tavern", 4)
    assert s.player(0).gold == 1


def test_tavern_5_a_sorcerer_offers_any_outer_space_as_the_next_move():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold", "Bag of Gold")
    land(s, "tavern", 5)
    assert kind(s) == "teleport"
    assert len(s.options()) == 23 and "to:tavern" not in s.options() and "to:castle" not in s.options()
    s.set(1, lost_turns=1)  # the Wizard's turn passes at once
    s.choose("to:ruins")
    assert s.space_of(0) == "tavern"  # not moved yet: it is the next move
    assert turn_of(s) == 0 and "next-move" in s.options()
    s.choose("next-move")
    assert s.space_of(0) == "ruins"
    assert s.player(0).gold == 2  # the Ruins' two cards were encountered


def test_tavern_6_a_boatman_offers_the_temple_as_the_next_move():
    s = Scenario(["thief", "wizard"]).no_spells().set(1, lost_turns=1)  # the Wizard's turn passes at once
    land(s, "tavern", 6)
    assert turn_of(s) == 0 and "next-move" in s.options()
    s.choose("next-move")
    assert s.space_of(0) == "temple"
    assert kind(s) == "choose" and "pray" in s.options()


def test_the_tavern_offer_lapses_if_the_next_move_is_a_roll():
    s = Scenario(["thief", "wizard"]).no_spells().set(1, lost_turns=2).on_top("adventure", "Bag of Gold")
    land(s, "tavern", 6)
    s.dice(2).choose("roll").choose("move:woods-3")
    assert s.space_of(0) == "woods-3"
    s.dice(1).start()  # the Wizard's second lost turn; the Thief's turn again
    assert turn_of(s) == 0
    assert "next-move" not in s.options()
    assert "next_move" not in s.player(0).status


def test_a_new_tavern_offer_made_on_the_turn_an_old_one_lapses_stands():
    s = Scenario(["thief", "wizard"]).no_spells().set(1, lost_turns=2)
    land(s, "tavern", 6)
    s.at(0, "plains-3").dice(1, 5).choose("roll").choose("move:tavern").choose("to:ruins")
    s.dice(1).start()
    assert turn_of(s) == 0 and "next-move" in s.options()
    assert "Ruins" in s.labels()[s.options().index("next-move")]


# --- the Middle Region ------------------------------------------------------------------


def test_portal_of_power_draws_a_card_for_a_character_stopping_there():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    land(s, "portal-of-power")
    assert s.space_of(0) == "portal-of-power" and s.player(0).gold == 1
    assert "Portal of Power opens" not in s.log()


def test_black_knight_takes_a_gold_toll():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    lives = s.player(0).lives
    land(s, "black-knight")
    assert s.options() == ["pay", "refuse"]
    s.choose("pay")
    assert s.player(0).gold == 1 and s.player(0).lives == lives


def test_black_knight_takes_a_life_from_one_who_refuses():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    lives = s.player(0).lives
    land(s, "black-knight").choose("refuse")
    assert s.player(0).gold == 2 and s.player(0).lives == lives - 1


def test_black_knight_takes_a_life_from_one_without_gold():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0)
    lives = s.player(0).lives
    land(s, "black-knight")
    assert s.player(0).lives == lives - 1
    assert turn_of(s) == 1


@pytest.mark.rules("core.strength.example-warrior-cursed-glade")
def test_cursed_glade_example_warrior():
    from talisman.engine import stats

    s = Scenario(["warrior", "wizard"]).no_spells().set(0, strength=5)
    s.give(0, "Magic Belt", "Unicorn").give(0, "Sword", deck="adventure")
    g = s.game
    assert stats.strength(g, 0) == 7 and stats.strength(g, 0, battle=True) == 8
    s.put("cursed-glade", "Bear")
    land(s, "cursed-glade")
    assert stats.strength(g, 0) == 6 and stats.strength(g, 0, battle=True) == 6
    assert "Strength 6" in s.decision.prompt
    s.dice(1, 1, 6).choose("fight")  # the Warrior's two dice, then the Bear's
    assert "1 + 6 Strength = 7 against 6 + 3 = 9" in s.log()


def test_cursed_glade_suppresses_craft_and_traits_from_objects():
    from talisman.engine import stats

    s = Scenario(["elf", "wizard"]).no_spells().give(0, "Holy Grail")
    g = s.game
    assert stats.craft(g, 0) == 5 and stats.has_trait(g, 0, "desert-safe")
    s.put("cursed-glade", "Helmet")
    land(s, "cursed-glade")
    assert stats.craft(g, 0) == 4 and not stats.has_trait(g, 0, "desert-safe")


def test_no_spell_can_be_cast_on_the_cursed_glade():
    s = Scenario(["wizard", "thief"]).no_spells()
    spell = s.game.card_name(s.game.decks["spell"][-1])
    s.give(0, spell)
    s.put("cursed-glade", "Bear")
    land(s, "cursed-glade")
    assert kind(s) == "combat" and not any(o.startswith("cast:") for o in s.options())
    s.dice(6, 1).choose("fight")
    assert "kills the Bear" in s.log()


@pytest.mark.rules("core.craft.example-wizard-cursed-glade")
def test_a_wizard_over_his_spell_limit_on_the_cursed_glade_discards_at_once():
    s = Scenario(["wizard", "thief"]).no_spells().set(0, craft=5).give(0, "Solomon's Crown")
    g = s.game
    s.give(0, *[g.card_name(c) for c in g.decks["spell"][-3:]])
    s.put("cursed-glade", "Bear")
    land(s, "cursed-glade")
    assert kind(s) == "discard-spell"  # before the Bear attacks
    s.choose(s.options()[0])
    assert len(s.player(0).spells) == 2
    assert kind(s) == "combat"


def test_runes_add_two_to_a_creatures_roll():
    s = Scenario(["thief", "wizard"]).no_spells()
    lives = s.player(0).lives
    s.put("runes-1", "Bear")
    land(s, "runes-1").dice(4, 2).choose("fight")  # 4 + 3 against 2 + 3 + 2: a stand-off
    assert "(+2 for the Runes) = 7" in s.log()
    assert s.player(0).lives == lives and s.on_space("runes-1") == ["Bear"]


def test_the_same_fight_elsewhere_is_won():
    s = Scenario(["thief", "wizard"]).no_spells()
    s.put("hills-3", "Bear")
    land(s, "hills-3").dice(4, 2).choose("fight")
    assert "kills the Bear" in s.log()


@pytest.mark.rules("encounters.example-sorceress-runes-oasis")
def test_example_sorceress_dragon_on_the_runes():
    s = Scenario(["sorceress", "thief"]).no_spells().set(0, strength=3)  # her Strength in 000's example
    lives = s.player(0).lives
    s.put("runes-3", "Dragon")
    land(s, "runes-3", 6, 1)  # 6 + 3 = 9 against 1 + 7 + 2 = 10
    assert "against 1 + 7 (+2 for the Runes) = 10" in s.log()
    assert s.player(0).lives == lives - 1


def test_chasm_rolls_for_the_character_and_each_follower():
    s = Scenario(["thief", "wizard"]).no_spells().give(0, "Maiden", "Unicorn")
    lives = s.player(0).lives
    land(s, "chasm", 2, 1, 3)  # the Thief, the Maiden, the Unicorn
    assert s.player(0).lives == lives - 1
    assert s.names(s.player(0).followers) == ["Unicorn"]
    assert "Maiden" in s.names(s.game.discards["adventure"])


def test_chasm_safe_rolls():
    s = Scenario(["thief", "wizard"]).no_spells().give(0, "Maiden")
    lives = s.player(0).lives
    land(s, "chasm", 3, 6)
    assert s.player(0).lives == lives and s.names(s.player(0).followers) == ["Maiden"]


@pytest.mark.parametrize("character,follower", [("dwarf", None), ("thief", "Guide")])
def test_chasm_roll_is_optional_for_the_dwarf_and_the_guide(character, follower):
    s = Scenario([character, "wizard"]).no_spells().give(0, "Maiden")
    if follower:
        s.give(0, follower)
    lives = s.player(0).lives
    land(s, "chasm")
    assert s.options() == ["roll", "skip"]
    s.choose("skip")
    assert s.player(0).lives == lives and "Maiden" in s.names(s.player(0).followers)


@pytest.mark.parametrize("character,safe", [("thief", None), ("thief", "Water Bottle"), ("elf", "Holy Grail")])
def test_desert_heat_then_one_card(character, safe):
    s = Scenario([character, "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    if safe:
        s.give(0, safe, deck="adventure")
    lives = s.player(0).lives
    land(s, "desert-1")
    assert s.player(0).lives == (lives if safe else lives - 1)
    assert s.player(0).gold == 1


def test_desert_2_is_a_desert_too():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0).on_top("adventure", "Bag of Gold")
    lives = s.player(0).lives
    land(s, "desert-2")
    assert s.player(0).lives == lives - 1 and s.player(0).gold == 1


def test_a_bought_water_bottle_protects_too():
    s = Scenario(["thief", "wizard"]).no_spells().give(0, "Water Bottle", deck="purchase")
    lives = s.player(0).lives
    s.put("desert-2", "Helmet")
    land(s, "desert-2")
    assert s.player(0).lives == lives


@pytest.mark.rules("encounters.example-sorceress-runes-oasis", "encounters.draw-cards-space")
def test_example_sorceress_hex_on_the_oasis_counts_as_one_card():
    s = Scenario(["sorceress", "thief"]).no_spells().set(0, strength=3).on_top("adventure", "Dragon", "Bag of Gold")
    s.put("oasis", "Hex")
    lives = s.player(0).lives
    land(s, "oasis", 1, 6)  # the Dragon she draws attacks: 1 + 3 against 6 + 7
    assert "The Hex on the Oasis strikes Sorceress" in s.log()
    assert "draws a card: Dragon" in s.log() and "Bag of Gold" not in s.log()
    assert s.player(0).lives == lives - 2
    assert sorted(s.on_space("oasis")) == ["Dragon", "Hex"]


@pytest.mark.rules("encounters.example-dwarf-hidden-valley", "encounters.draw-cards-space", "encounters.leftover-cards")
def test_example_dwarf_hidden_valley_imp_sends_him_to_the_ruins():
    s = Scenario(["dwarf", "wizard"]).no_spells().set(0, gold=0).set(1, gold=0).at(1, "black-knight")
    s.on_top("adventure", "Imp", "Bear", "Bag of Gold", "Bag of Gold", "Two Bags of Gold", "Two Bags of Gold", "Dragon")
    land(s, "hidden-valley", 4, 1)  # the Imp's roll: the Ruins; then the Wizard's move
    assert s.space_of(0) == "ruins"
    assert s.player(0).gold == 3  # the Ruins' two cards were met
    assert sorted(s.on_space("hidden-valley")) == ["Bag of Gold", "Bear"]
    # The next visitor finds the Bear and the gold as two of its three cards.
    s.choose("move:hidden-valley").dice(6, 1).choose("fight")
    assert s.log().count("Wizard draws a card") == 1 and "Dragon" not in s.log()
    assert s.player(1).gold == 3


# --- the Warlock's Cave ------------------------------------------------------------------

QUESTS = {
    1: {"goal": "take-life", "n": 0},
    2: {"goal": "kill-enemy", "n": 0},
    3: {"goal": "give-follower", "n": 0},
    4: {"goal": "give-magic-object", "n": 0},
    5: {"goal": "give-gold", "n": 3},
    6: {"goal": "give-gold", "n": 2},
}


@pytest.mark.parametrize("roll", range(1, 7))
def test_warlock_sets_a_quest_by_the_die(roll):
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "warlocks-cave")
    assert s.options() == ["quest", "decline"]
    s.dice(roll).choose("quest")
    assert s.player(0).status["quest"] == QUESTS[roll]


def test_the_warlock_may_be_left_alone():
    s = Scenario(["thief", "wizard"]).no_spells()
    land(s, "warlocks-cave").choose("decline")
    assert "quest" not in s.player(0).status and turn_of(s) == 1


def test_one_warlock_quest_at_a_time():
    s = Scenario(["thief", "wizard"]).no_spells()
    s.player(0).status["quest"] = dict(QUESTS[2])
    land(s, "warlocks-cave")
    assert turn_of(s) == 1  # no offer of a second quest
    assert s.player(0).status["quest"] == QUESTS[2]
    assert "reminds Thief of its quest: kill an Enemy" in s.log()


def with_quest(s: Scenario, roll: int) -> Scenario:
    s.player(0).status["quest"] = dict(QUESTS[roll])
    return s


def assert_rewarded(s: Scenario) -> None:
    """The Warlock brought the character back to his Cave and gave it a Talisman."""
    assert "quest" not in s.player(0).status
    assert s.space_of(0) == "warlocks-cave"
    assert "Talisman" in s.names(s.player(0).objects)
    assert "The Warlock brings Thief to his Cave" in s.log()


@pytest.mark.rules("purchase-talisman.gain-talisman")
def test_warlock_quest_take_a_life():
    s = with_quest(Scenario(["thief", "warrior"]).no_spells(), 1).at(1, "fields-1")
    lives = s.player(1).lives
    land(s, "fields-1", alone=False).choose("meet:1").dice(6, 1, 1).choose("attack:1").choose("life")
    assert s.player(1).lives == lives - 1
    assert_rewarded(s)
    assert turn_of(s) == 1


@pytest.mark.rules("purchase-talisman.gain-talisman")
def test_warlock_quest_kill_an_enemy():
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), 2)
    talismans = stock(s, "talisman", "Talisman")
    s.put("fields-3", "Wolf")
    land(s, "fields-3").dice(6, 1).choose("fight")
    assert "Wolf" in s.names(s.player(0).trophies)
    assert_rewarded(s)
    assert stock(s, "talisman", "Talisman") == talismans - 1


def test_warlock_quest_give_up_a_follower():
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), 3).give(0, "Maiden").at(0, "fields-3")
    s.start()
    assert [o for o in s.options() if o.startswith("quest:")] == [f"quest:{s.player(0).followers[0]}"]
    s.choose("quest:")
    assert s.player(0).followers == []
    assert_rewarded(s)


def test_warlock_quest_give_up_a_magic_object_not_an_object():
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), 4).give(0, "Wand", "Helmet", deck="adventure")
    s.at(0, "fields-3").start()
    quest_options = [o for o in s.options() if o.startswith("quest:")]
    assert len(quest_options) == 1 and "Wand" in s.labels()[s.options().index(quest_options[0])]
    s.choose(quest_options[0])
    assert sorted(s.names(s.player(0).objects)) == ["Helmet", "Talisman"]
    assert_rewarded(s)


@pytest.mark.parametrize("roll,price", [(5, 3), (6, 2)])
def test_warlock_quest_give_up_gold(roll, price):
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), roll).set(0, gold=price + 1).at(0, "fields-3")
    s.start()
    s.choose("quest:gold")
    assert s.player(0).gold == 1
    assert_rewarded(s)


def test_warlock_gold_quest_needs_the_whole_sum():
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), 5).set(0, gold=2).at(0, "fields-3")
    s.dice(1).start()
    assert kind(s) == "move"  # nothing to hand over: the roll was the only choice
    assert s.player(0).status["quest"] == QUESTS[5]


@pytest.mark.rules("purchase-talisman.sold-out")
def test_warlock_has_no_talisman_left_to_give():
    s = with_quest(Scenario(["thief", "wizard"]).no_spells(), 6).set(0, gold=2).at(0, "fields-3")
    g = s.game
    for c in list(g.decks["talisman"]):
        g.decks["talisman"].remove(c)
        g.players[1].objects.append(c)
    s.start().choose("quest:gold")
    assert "quest" not in s.player(0).status and s.space_of(0) == "warlocks-cave"
    assert "Talisman" not in s.names(s.player(0).objects)
    assert "No Talisman is left to give" in s.log()


# --- the Temple ----------------------------------------------------------------------------


def pray_at_temple(s: Scenario, a: int, b: int) -> Scenario:
    land(s, "temple")
    assert s.options() == ["pray", "nothing"]
    return s.dice(a, b).choose("pray")


@pytest.mark.parametrize("a,b,lives", [(1, 1, 2), (1, 2, 3), (6, 6, 6)])
def test_temple_lives(a, b, lives):
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=4)
    pray_at_temple(s, a, b)
    assert s.player(0).lives == lives


def test_temple_4_takes_a_follower():
    s = Scenario(["thief", "wizard"]).no_spells().give(0, "Maiden", "Unicorn")
    pray_at_temple(s, 2, 2)
    assert kind(s) == "lose-follower" and len(s.options()) == 2
    s.choose("Unicorn")
    assert s.names(s.player(0).followers) == ["Maiden"]


def test_temple_4_without_followers_takes_nothing():
    s = Scenario(["thief", "wizard"]).no_spells()
    lives = s.player(0).lives
    pray_at_temple(s, 3, 1)
    assert s.player(0).lives == lives and turn_of(s) == 1


def test_temple_5_enslaves_until_a_movement_roll_of_4_to_6():
    s = Scenario(["thief", "wizard"]).no_spells().set(1, lost_turns=2)  # the Wizard only waits
    land(s, "temple")
    s.dice(2, 3).dice(3).dice(4).choose("pray")  # enslaved; next turn a 3, the turn after a 4
    log = s.log()
    assert "Thief is enslaved" in log
    assert log.count("Thief is still enslaved at the Temple") == 1
    assert "Thief escapes from slavery" in log and "enslaved" not in s.player(0).status
    assert turn_of(s) == 0 and s.game.turn == 5
    assert kind(s) == "move" and s.options() == ["move:portal-of-power", "move:warlocks-cave"]


def test_temple_slave_stays_on_a_low_roll():
    s = Scenario(["thief", "wizard"]).no_spells().set(1, lost_turns=1)
    land(s, "temple")
    s.dice(2, 3).choose("pray")
    assert s.player(0).status["enslaved"] == "4-6"


@pytest.mark.parametrize("a,b,strength,craft", [(3, 3, 4, 3), (3, 4, 3, 4)])
def test_temple_6_and_7(a, b, strength, craft):
    s = Scenario(["thief", "wizard"]).no_spells()
    pray_at_temple(s, a, b)
    assert (s.player(0).strength, s.player(0).craft) == (strength, craft)


@pytest.mark.parametrize("a,b", [(4, 4), (4, 5)])
def test_temple_8_and_9_give_a_spell(a, b):
    s = Scenario(["thief", "wizard"]).no_spells()
    pray_at_temple(s, a, b)
    assert len(s.player(0).spells) == 1


@pytest.mark.rules("purchase-talisman.gain-talisman")
def test_temple_10_gives_a_talisman():
    s = Scenario(["thief", "wizard"]).no_spells()
    talismans = stock(s, "talisman", "Talisman")
    pray_at_temple(s, 5, 5)
    assert s.names(s.player(0).objects) == ["Talisman"]
    assert stock(s, "talisman", "Talisman") == talismans - 1


def test_temple_10_with_no_talisman_left():
    s = Scenario(["thief", "wizard"]).no_spells()
    g = s.game
    for c in list(g.decks["talisman"]):
        g.decks["talisman"].remove(c)
        g.players[1].objects.append(c)
    pray_at_temple(s, 4, 6)
    assert s.player(0).objects == []


def test_temple_11_gives_two_fate():
    s = Scenario(["thief", "wizard"], fate=True).no_spells().set(0, fate=0)
    pray_at_temple(s, 5, 6)
    assert s.player(0).fate == 2


def test_the_monks_prayer_bonus_at_the_temple():
    s = Scenario(["monk", "wizard"]).no_spells().set(0, lives=4)
    pray_at_temple(s, 6, 6)  # 12 + 1
    assert s.player(0).lives == 6


def test_not_praying_at_the_temple():
    s = Scenario(["thief", "wizard"]).no_spells()
    before = (s.player(0).lives, s.player(0).strength, s.player(0).craft)
    land(s, "temple").choose("nothing")
    assert (s.player(0).lives, s.player(0).strength, s.player(0).craft) == before


# --- the Castle ---------------------------------------------------------------------------


@pytest.mark.parametrize("follower", ["Prince", "Princess"])
def test_castle_heals_two_lives_free_for_a_royal_follower(follower):
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=1, gold=0).give(0, follower)
    land(s, "castle")
    assert s.player(0).lives == 3
    assert f"leave-{follower.lower()}" in s.options()


def test_castle_heals_four_with_the_prince_and_the_princess():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=1, gold=0).give(0, "Prince", "Princess")
    land(s, "castle")
    assert s.player(0).lives == 4


def test_castle_free_healing_stops_at_the_limit():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=3, gold=0).give(0, "Prince")
    land(s, "castle")
    assert s.player(0).lives == 4
    assert "doctor" not in s.options()


def test_royal_doctor_heals_at_one_gold_a_life():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, lives=1, gold=5)
    land(s, "castle")
    assert s.options() == ["doctor", "nothing"]
    s.choose("doctor")
    assert s.options() == ["heal:3", "heal:2", "heal:1", "heal:0"]
    s.choose("heal:3")
    assert s.player(0).lives == 4 and s.player(0).gold == 2


@pytest.mark.parametrize("follower", ["Prince", "Princess"])
def test_leaving_a_royal_follower_at_court_pays_three_gold(follower):
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0).give(0, follower, "Maiden")
    land(s, "castle").choose(f"leave-{follower.lower()}")
    assert s.player(0).gold == 3
    assert s.names(s.player(0).followers) == ["Maiden"]
    assert follower in s.names(s.game.discards["adventure"])


def test_castle_has_nothing_for_the_healthy_without_royalty():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=5)
    land(s, "castle")
    assert turn_of(s) == 1 and s.player(0).gold == 5


# --- other spaces: enemies first, then the space ---------------------------------------


@pytest.mark.rules("encounters.other-spaces")
def test_an_enemy_on_the_village_is_fought_before_the_village():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    s.put("village", "Wolf")
    land(s, "village").dice(6, 1).choose("fight")
    assert "Wolf" in s.names(s.player(0).trophies)
    assert kind(s) == "choose" and s.options() == ["blacksmith", "healer", "mystic", "nothing"]


@pytest.mark.rules("encounters.other-spaces")
def test_losing_to_an_enemy_on_the_village_ends_the_turn_there():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=2)
    s.put("village", "Wolf")
    land(s, "village").dice(1, 6).choose("fight")
    assert s.on_space("village") == ["Wolf"]
    assert turn_of(s) == 1 and s.player(0).objects == []


@pytest.mark.rules("encounters.other-spaces", "encounters.claim-face-up")
def test_gold_lying_on_an_instruction_space_is_taken_once_the_enemy_is_gone():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0)
    s.game.gold_on[s.game.rules.space_index["castle"]] = 2
    s.put("castle", "Wolf")
    land(s, "castle").dice(6, 1).choose("fight")
    assert s.player(0).gold == 2
    assert not s.game.gold_on.get(s.game.rules.space_index["castle"])


@pytest.mark.rules("encounters.other-spaces")
def test_an_optional_instruction_may_be_declined_and_a_compulsory_one_may_not():
    s = Scenario(["thief", "wizard"]).no_spells().set(0, gold=0)
    lives = s.player(0).lives
    land(s, "black-knight")  # compulsory: without gold the toll is paid in life
    assert turn_of(s) == 1 and s.player(0).lives == lives - 1
    s2 = Scenario(["thief", "wizard"]).no_spells()
    land(s2, "temple")  # optional: praying
    assert "nothing" in s2.options()
