"""The cards of the Adventure deck (and the Purchase and Talisman stocks), one by one.

Each test arranges a position with :class:`~talisman.testing.Scenario`, scripts
the dice, plays the card and checks what it did. Card texts are in
talisman/modules/core/adventure.toml and stock.toml.
"""

from __future__ import annotations

import pytest

from talisman.engine import cards, stats
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario


def scenario(*characters: str, **options) -> Scenario:
    """Characters without their starting Spells, the active one first."""
    return Scenario(list(characters), **options).no_spells()


def move(s: Scenario, space: str, roll: int = 1) -> Scenario:
    """The active character rolls ``roll`` and moves to ``space`` (the roll is
    answered for it when moving is its only option)."""
    s.dice(roll).start()
    if "roll" in s.options():
        s.choose("roll")
    return s.choose(f"move:{space}")


def draw_on(s: Scenario, card: str, space: str = "fields-1", start: str = "village", roll: int = 1) -> Scenario:
    """Seat 0 moves ``roll`` from ``start`` to ``space`` and draws ``card`` there."""
    s.at(0, start).on_top("adventure", card)
    return move(s, space, roll)


def card_ids(s: Scenario, name: str, where: list[int]) -> list[int]:
    return [c for c in where if s.game.card_name(c) == name]


def in_discards(s: Scenario, name: str, deck: str = "adventure") -> bool:
    return name in s.names(s.game.discards[deck])


def turn_of(s: Scenario) -> int:
    """The seat whose turn it is."""
    return s.game.active


def finish(s: Scenario) -> None:
    """Every card is still in exactly one place."""
    check_conservation(s.game)


# --- Events -------------------------------------------------------------------------------

EVENT = "encounters.type.event"


@pytest.mark.rules(EVENT)
@pytest.mark.parametrize(
    "card, character, change",
    [
        ("Angel", "elf", +1),
        ("Angel", "wizard", -1),
        ("Angel", "thief", 0),
        ("Devil", "elf", -1),
        ("Devil", "wizard", +1),
        ("Devil", "thief", 0),
    ],
)
def test_angel_and_devil_judge_by_alignment(card, character, change):
    s = scenario(character, "warrior").at(1, "city")
    draw_on(s, card)
    assert s.player(0).lives == 4 + change
    assert card not in s.on_space("fields-1") and in_discards(s, card)
    finish(s)


@pytest.mark.rules(EVENT)
def test_blizzard_lets_everyone_move_one_space_for_two_rounds():
    s = scenario("elf", "thief").at(1, "city")
    draw_on(s, "Blizzard")
    assert in_discards(s, "Blizzard")
    # The Thief's turn: one space only, and no die is rolled.
    s.on_top("adventure", "Bag of Gold")
    assert turn_of(s) == 1 and sorted(s.options()) == ["move:fields-3", "move:fields-4"]
    s.choose("move:fields-4")
    # Round 2: still one space for the Elf and for the Thief.
    assert sorted(s.on_top("adventure", "Bag of Gold").options()) == ["move:graveyard", "move:village"]
    s.choose("move:graveyard")
    assert sorted(s.options()) == ["move:city", "move:hills-2"]
    s.on_top("adventure", "Bag of Gold").dice(3).choose("move:hills-2")
    # Round 3: the Blizzard has blown out and the Elf rolls (a 3) again.
    assert turn_of(s) == 0 and "move:hills-1" in s.options() and "move:woods-1" not in s.options()
    assert "Blizzard" in s.log()
    finish(s)


@pytest.mark.rules(EVENT, "spells-scrolls.spell.gaining")
def test_book_of_spells_fills_up_to_the_craft_limit():
    s = scenario("wizard", "thief").at(1, "city")
    s.give(0, "Healing")
    draw_on(s, "Book of Spells")
    assert len(s.player(0).spells) == 2  # Craft 5: two Spells
    finish(s)


@pytest.mark.rules(EVENT, "encounters.losing-a-turn")
def test_evil_darkness_costs_every_non_evil_character_a_turn():
    s = scenario("thief", "wizard", "elf").at(1, "graveyard").at(2, "forest")
    draw_on(s, "Evil Darkness")
    assert [p.lost_turns for p in s.game.players] == [1, 0, 1]
    assert in_discards(s, "Evil Darkness") and not s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(EVENT, "encounters.example-dwarf-hidden-valley")
def test_imp_whisks_the_character_away_and_it_encounters_the_new_space():
    s = scenario("thief", "wizard").at(1, "graveyard")
    s.at(0, "village").on_top("adventure", "Imp", "Bear")
    s.dice(1, 3, 4)  # move 1; the Imp's roll 3: the Tavern; the Tavern's roll 4: win 1 gold
    s.start().choose("move:fields-1")  # Imp roll 3: the Tavern; the Tavern roll 4: win 1 gold
    assert s.space_of(0) == "tavern"
    assert s.player(0).gold == 2
    assert "Imp" not in s.on_space("fields-1") and in_discards(s, "Imp")
    finish(s)


@pytest.mark.rules(EVENT)
def test_magical_vortex_strips_every_character_of_spells():
    s = scenario("elf", "sorceress").at(1, "city")
    s.give(0, "Healing", "Hex").give(1, "Teleport")
    draw_on(s, "Magical Vortex")
    assert s.player(0).spells == [] and s.player(1).spells == []
    assert {"Healing", "Hex", "Teleport"} <= set(s.names(s.game.discards["spell"]))
    finish(s)


@pytest.mark.rules(EVENT, "purchase-talisman.purchase-cards")
def test_market_day_lets_each_character_buy_starting_with_the_drawer():
    s = scenario("elf", "thief").at(1, "city")
    s.set(0, gold=3).set(1, gold=1)
    draw_on(s, "Market Day")
    assert s.decision.player == 0
    s.choose("buy:Shield").choose("done")
    assert s.decision.player == 1
    s.choose("buy:Sword").choose("done")
    assert s.names(s.player(0).objects) == ["Shield"] and s.player(0).gold == 1
    assert s.names(s.player(1).objects) == ["Sword"] and s.player(1).gold == 0
    finish(s)


@pytest.mark.rules(EVENT)
@pytest.mark.parametrize(
    "character, alignment, craft", [("wizard", "evil", 6), ("elf", "evil", 4), ("thief", "evil", 3)]
)
def test_mephistopheles_rewards_the_evil_and_corrupts_the_rest(character, alignment, craft):
    s = scenario(character, "troll").at(1, "city")
    draw_on(s, "Mephistopheles")
    assert s.player(0).alignment == alignment and s.player(0).craft == craft
    finish(s)


@pytest.mark.rules(EVENT)
def test_pestilence_strikes_everyone_in_the_region():
    s = scenario("thief", "wizard", "elf").at(1, "graveyard").at(2, "oasis")
    draw_on(s, "Pestilence")
    assert [p.lives for p in s.game.players] == [3, 3, 4]
    finish(s)


@pytest.mark.rules(EVENT)
def test_pestilence_still_strikes_the_others_when_it_kills_the_drawer():
    s = scenario("thief", "wizard").at(1, "graveyard").set(0, lives=1)
    draw_on(s, "Pestilence")
    assert not s.player(0).alive and s.player(1).lives == 3
    finish(s)


@pytest.mark.rules(EVENT)
def test_raiders_carry_the_gold_to_the_oasis_for_anyone_to_claim():
    s = scenario("thief", "wizard").at(1, "desert-2").set(0, gold=4)
    draw_on(s, "Raiders")
    assert s.player(0).gold == 0 and s.game.gold_on[s.game.rules.space_index["oasis"]] == 4
    move(s.on_top("adventure", "Bag of Gold", "Bag of Gold"), "oasis")
    assert s.player(1).gold == 1 + 1 + 1 + 4
    finish(s)


@pytest.mark.rules(EVENT, "encounters.losing-a-turn")
@pytest.mark.parametrize("card", ["Siren", "Storm"])
def test_siren_and_storm_hold_everyone_in_the_region(card):
    s = scenario("thief", "wizard", "elf").at(1, "graveyard").at(2, "oasis")
    draw_on(s, card)
    assert card not in s.on_space("fields-1") and in_discards(s, card)
    # The Thief's turn ended; the Wizard's turn was spent standing up; the Elf, in
    # the Middle Region, plays on.
    assert s.player(0).lost_turns == 1
    assert "Wizard spends this turn recovering" in s.log() and s.player(1).lost_turns == 0
    assert turn_of(s) == 2 and s.player(2).lost_turns == 0
    finish(s)


# --- Followers met as events: the Hag and the Poltergeist --------------------------------

ITEMS = "encounters.type.items-followers"


@pytest.mark.rules(EVENT, ITEMS, "core.followers.basics")
def test_the_hag_must_be_taken_and_drives_off_the_other_followers():
    s = scenario("elf", "thief").at(1, "city").give(0, "Maiden", "Mule")
    draw_on(s, "Cursed by a Hag")
    assert s.names(s.player(0).followers) == ["Cursed by a Hag"]
    assert in_discards(s, "Maiden") and in_discards(s, "Mule", "adventure")
    finish(s)


@pytest.mark.rules(EVENT, ITEMS)
def test_no_follower_joins_while_the_hag_stays():
    s = scenario("elf", "thief").at(1, "city")
    s.put("fields-1", "Cursed by a Hag", "Unicorn")
    s.at(0, "village")
    move(s, "fields-1")
    assert s.names(s.player(0).followers) == ["Cursed by a Hag"]
    assert "Unicorn" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(EVENT, ITEMS)
def test_a_visit_to_the_village_mystic_sends_the_hag_away():
    s = scenario("elf", "thief").at(1, "city").give(0, "Cursed by a Hag").at(0, "fields-1")
    move(s, "village").dice(2).choose("mystic")
    assert s.player(0).followers == [] and in_discards(s, "Cursed by a Hag")
    finish(s)


@pytest.mark.rules(EVENT, ITEMS, "movement.storm-river")
def test_the_poltergeist_must_be_taken_and_holds_its_victim_to_one_space():
    s = scenario("thief", "elf").at(1, "forest")
    draw_on(s, "Poltergeist")
    assert s.names(s.player(0).followers) == ["Poltergeist"]
    move(s.on_top("adventure", "Bag of Gold"), "plains-4", 1)  # the Elf
    # The Thief moves one space without rolling.
    assert turn_of(s) == 0 and sorted(s.options()) == ["move:graveyard", "move:village"]
    finish(s)


@pytest.mark.rules(ITEMS, "movement.storm-river")
def test_the_poltergeist_stays_behind_when_its_victim_crosses_the_storm_river():
    s = scenario("thief", "elf").at(1, "forest").give(0, "Poltergeist").at(0, "hills-3")
    s.on_top("adventure", "Bag of Gold").start()
    assert "move:sentinel" in s.options()
    s.choose("move:sentinel")
    assert s.player(0).followers == [] and in_discards(s, "Poltergeist")
    finish(s)


# --- Enemies --------------------------------------------------------------------------------

STRENGTH_ENEMIES = [
    ("Ape", 3),
    ("Bear", 3),
    ("Lion", 3),
    ("Serpent", 4),
    ("Wild Boar", 1),
    ("Wolf", 2),
    ("Dragon", 7),
    ("Bandit", 4),
    ("Giant", 6),
    ("Goblin", 2),
    ("Hobgoblin", 3),
    ("Ogre", 5),
]
SPIRITS = [("Demon", 10), ("Lemure", 1), ("Shadow", 2), ("Spectre", 3), ("Wraith", 5)]


@pytest.mark.rules("encounters.type.enemy-physical", "combat.score", "combat.outcome")
@pytest.mark.parametrize("card, value", STRENGTH_ENEMIES)
def test_each_enemy_fights_by_its_strength(card, value):
    s = scenario("thief", "elf").at(1, "forest")
    s.set(0, strength=5, gold=0)
    s.dice(1, 4, 3)  # move 1; the Thief rolls 4 (+5) against the creature's 3 (+ its value)
    draw_on(s, card)
    if s.decision.kind == "combat":  # an Animal may be tamed instead
        s.choose("fight")
    assert f"The {card} (Strength {value}) attacks Thief" in s.log()
    if 9 > value + 3:
        assert s.names(s.player(0).trophies) == [card] and s.player(0).lives == 4
    elif 9 == value + 3:
        assert s.player(0).lives == 4 and card in s.on_space("fields-1")
    else:
        assert s.player(0).lives == 3 and card in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules("encounters.type.enemy-spirit", "combat.psychic.resolution")
@pytest.mark.parametrize("card, value", SPIRITS + [("Ghost", 4)])
def test_each_spirit_fights_by_its_craft(card, value):
    s = scenario("thief", "elf").at(1, "forest")
    s.set(0, craft=5)
    s.put("fields-1", card)
    s.at(0, "village").dice(1, 4, 3)
    move(s, "fields-1")
    assert f"The {card} (Craft {value}) attacks Thief" in s.log()
    if 9 > value + 3:
        assert s.names(s.player(0).trophies) == [card]
    elif 9 == value + 3:
        assert s.player(0).lives == 4 and card in s.on_space("fields-1")
    else:
        assert s.player(0).lives == 3 and card in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules("encounters.relocated-cards", "encounters.type.enemy-spirit")
@pytest.mark.parametrize(
    "roll, haunt", [(1, "city"), (2, "village"), (3, "graveyard"), (4, "chapel"), (5, "castle"), (6, "temple")]
)
def test_the_ghost_flies_off_to_haunt_a_place_and_spares_its_finder(roll, haunt):
    s = scenario("thief", "elf").at(1, "forest")
    s.at(0, "graveyard").on_top("adventure", "Ghost")
    s.dice(1, roll).start()
    if "roll" in s.options():
        s.choose("roll")
    s.choose("move:woods-1")
    assert "Ghost" in s.on_space(haunt) and "Ghost" not in s.on_space("woods-1")
    assert s.player(0).lives == 4 and turn_of(s) == 1
    finish(s)


@pytest.mark.rules("encounters.relocated-cards", "encounters.type.enemy-spirit")
def test_a_haunting_ghost_attacks_whoever_comes_to_its_place_first():
    s = scenario("thief", "elf").at(1, "forest").put("city", "Ghost").set(0, craft=6)
    s.at(0, "fields-3").dice(1, 6, 1)
    move(s, "city")
    assert s.names(s.player(0).trophies) == ["Ghost"]
    assert s.decision.prompt.startswith("Whom do you visit in the City")
    finish(s)


@pytest.mark.rules("encounters.type.enemy-physical")
def test_the_bandit_lets_you_pass_for_a_gold_and_stays():
    s = scenario("thief", "elf").at(1, "forest").set(0, gold=2)
    draw_on(s, "Bandit")
    s.choose("bribe")
    assert s.player(0).gold == 1 and s.player(0).lives == 4
    assert "Bandit" in s.on_space("fields-1") and turn_of(s) == 1
    finish(s)


@pytest.mark.rules("encounters.type.enemy-physical")
def test_the_bandit_cannot_be_bribed_without_gold():
    s = scenario("thief", "elf").at(1, "forest").set(0, gold=0)
    draw_on(s, "Bandit")
    assert "bribe" not in s.options()
    finish(s)


# --- Strangers ------------------------------------------------------------------------------

STRANGER = "encounters.type.stranger-place"


@pytest.mark.rules(STRANGER)
@pytest.mark.parametrize(
    "wish, check",
    [
        ("spell", lambda p: len(p.spells) == 1),
        ("gold", lambda p: p.gold == 2),
        ("strength", lambda p: p.strength == 4),
        ("craft", lambda p: p.craft == 5),
        ("life", lambda p: p.lives == 5),
        ("fate", lambda p: p.fate == 1),
    ],
)
def test_the_enchanter_grants_a_wish_to_a_crafty_character_then_goes(wish, check):
    s = scenario("elf", "thief", fate=True).at(1, "forest").set(0, fate=0)
    draw_on(s, "Enchanter")
    assert s.decision.kind == "wish" and len(s.options()) == 7
    s.choose(f"wish:{wish}")
    assert check(s.player(0))
    assert "Enchanter" not in s.on_space("fields-1") and in_discards(s, "Enchanter")
    finish(s)


@pytest.mark.rules(STRANGER)
def test_a_wished_journey_goes_to_any_space_of_the_region_and_is_encountered():
    s = scenario("elf", "thief").at(1, "forest")
    draw_on(s, "Fairy")
    s.choose("wish:journey")
    assert "to:crags" in s.options() and "to:temple" not in s.options()
    s.on_top("adventure", "Bag of Gold").choose("to:fields-3")
    assert s.space_of(0) == "fields-3" and s.player(0).gold == 2
    finish(s)


@pytest.mark.rules(STRANGER)
@pytest.mark.parametrize(
    "card, character, grants",
    [
        ("Enchanter", "elf", True),
        ("Enchanter", "thief", False),
        ("Fairy", "elf", True),
        ("Fairy", "thief", False),
        ("Fairy", "wizard", False),
        ("Phantom", "wizard", True),
        ("Phantom", "thief", False),
        ("Phantom", "elf", False),
    ],
)
def test_the_enchanter_fairy_and_phantom_choose_whom_they_serve(card, character, grants):
    s = scenario(character, "troll").at(1, "forest")
    draw_on(s, card)
    if grants:
        assert s.decision.kind == "wish"
    else:
        assert turn_of(s) == 1 and card in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(STRANGER)
@pytest.mark.parametrize("lives, after", [(1, 3), (3, 4), (4, 4)])
def test_the_healer_heals_up_to_two_lives_and_stays(lives, after):
    s = scenario("wizard", "troll").at(1, "forest").set(0, lives=lives)
    draw_on(s, "Healer")
    assert s.player(0).lives == after and "Healer" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(STRANGER, "encounters.relocated-cards")
@pytest.mark.parametrize(
    "roll, retreat",
    [(1, "crypt"), (2, "plain-of-peril"), (3, "cursed-glade"), (4, "oasis"), (5, "crags"), (6, "forest")],
)
def test_the_hermit_retreats_to_a_lonely_place_when_drawn(roll, retreat):
    s = scenario("elf", "troll").at(1, "tavern")
    s.dice(1, roll)
    draw_on(s, "Hermit")
    assert "Hermit" in s.on_space(retreat) and not s.player(0).objects
    finish(s)


@pytest.mark.rules(STRANGER, "purchase-talisman.gain-talisman")
def test_the_first_to_find_the_hermit_is_given_a_talisman_from_the_stock():
    s = scenario("elf", "troll").at(1, "tavern").put("oasis", "Hermit")
    s.at(0, "desert-2").on_top("adventure", "Bag of Gold")
    stock = len(s.game.decks["talisman"])
    move(s, "oasis")
    talismans = card_ids(s, "Talisman", s.player(0).objects)
    assert talismans and s.game.rules.instances[talismans[0]].deck == "talisman"
    assert len(s.game.decks["talisman"]) == stock - 1
    assert "Hermit" not in s.on_space("oasis") and in_discards(s, "Hermit")
    finish(s)


@pytest.mark.rules(STRANGER, "purchase-talisman.gain-talisman")
def test_the_hermit_has_nothing_to_give_once_the_talisman_stock_is_gone():
    s = scenario("elf", "troll").at(1, "tavern").put("oasis", "Hermit")
    s.game.globals["removed"] = s.game.decks["talisman"][:]  # every Talisman already given away
    s.game.decks["talisman"].clear()
    s.at(0, "desert-2").on_top("adventure", "Bag of Gold")
    move(s, "oasis")
    assert not card_ids(s, "Talisman", s.player(0).objects)
    assert "There is no Talisman left to take" in s.log() and "Hermit" not in s.on_space("oasis")
    finish(s)


@pytest.mark.rules(STRANGER, "spells-scrolls.spell.gaining")
@pytest.mark.parametrize("character, craft, spells", [("elf", 4, 1), ("wizard", 5, 0), ("elf", 2, 0)])
def test_the_mage_gives_good_characters_a_spell_each_visit(character, craft, spells):
    s = scenario(character, "troll").at(1, "tavern").set(0, craft=craft)
    draw_on(s, "Mage")
    assert len(s.player(0).spells) == spells and "Mage" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(STRANGER, "spells-scrolls.spell.gaining")
def test_the_sorcerer_sells_one_spell_a_visit_for_a_gold():
    s = scenario("thief", "troll").at(1, "tavern").set(0, gold=3)
    draw_on(s, "Sorcerer")
    s.choose("buy-spell")
    assert len(s.player(0).spells) == 1 and s.player(0).gold == 2
    assert "Sorcerer" in s.on_space("fields-1") and turn_of(s) == 1
    finish(s)


@pytest.mark.rules(STRANGER, "spells-scrolls.spell.craft-gated")
def test_the_sorcerer_sells_nothing_beyond_the_craft_limit():
    s = scenario("thief", "troll").at(1, "tavern").set(0, gold=3, craft=2)
    draw_on(s, "Sorcerer")
    assert turn_of(s) == 1 and s.player(0).gold == 3 and not s.player(0).spells
    finish(s)


@pytest.mark.rules(STRANGER)
@pytest.mark.parametrize(
    "roll, check",
    [
        (1, lambda p: p.toad == 3),
        (2, lambda p: p.lives == 3),
        (3, lambda p: p.strength == 4),
        (4, lambda p: p.craft == 5),
        (5, lambda p: len(p.spells) == 1),
        (6, lambda p: p.fate == 3),
    ],
)
def test_the_witch_brews_by_the_roll(roll, check):
    s = scenario("elf", "troll", fate=True).at(1, "tavern").set(0, fate=0)
    s.dice(1, roll)
    draw_on(s, "Witch")
    assert check(s.player(0)) and "Witch" in s.on_space("fields-1")
    finish(s)


# --- Followers ------------------------------------------------------------------------------


@pytest.mark.rules(ITEMS, "core.followers.basics")
@pytest.mark.parametrize(
    "card, strength, craft",
    [("Maiden", 3, 6), ("Unicorn", 4, 5), ("Prince", 3, 4), ("Princess", 3, 4), ("Mule", 3, 4), ("Guide", 3, 4)],
)
def test_a_follower_found_may_be_taken_and_adds_its_bonus(card, strength, craft):
    s = scenario("elf", "troll").at(1, "tavern")
    draw_on(s, card)
    s.choose("take:")
    assert s.names(s.player(0).followers) == [card]
    assert (stats.strength(s.game, 0), stats.craft(s.game, 0)) == (strength, craft)
    finish(s)


@pytest.mark.rules(ITEMS)
def test_the_alchemist_turns_objects_into_gold_at_the_start_of_the_turn():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Alchemist", "Sword", "Helmet").set(0, gold=0)
    s.start().choose("alchemist")
    s.choose("Sell the Sword").choose("Sell the Helmet")
    assert s.player(0).gold == 2 and s.player(0).objects == []
    assert "alchemist" not in s.options()  # once a turn
    finish(s)


@pytest.mark.rules(ITEMS, "movement.portal.result")
def test_the_gnome_picks_the_portal_lock_with_one_die():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Gnome").at(0, "castle")
    s.dice(2).start().choose("portal")
    assert "roll 1 die" in s.labels()[s.options().index("craft")]
    s.dice(4).choose("craft")
    assert s.space_of(0) == "plain-of-peril"
    finish(s)


@pytest.mark.rules(ITEMS, "inner-region.mines")
def test_the_gnome_finds_the_way_through_the_mines_with_two_dice():
    s = scenario("elf", "troll").at(1, "tavern").give(0, "Gnome").at(0, "plain-of-peril")
    s.dice(1, 2, 6).start().choose("move:mines")  # 1 + 2 - Craft 4 = -1: the way on
    assert s.space_of(0) == "mines" and "Elf rolls 2 dice for" in s.log()
    finish(s)


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize(
    "follower, space, start",
    [
        ("Gnome", "crags", "fields-2"),
        ("Guide", "crags", "fields-2"),
        ("Guide", "chasm", "runes-1"),
        ("Guide", "forest", "plains-4"),
        ("Pixie", "forest", "plains-4"),
    ],
)
def test_followers_that_spare_a_roll(follower, space, start):
    s = scenario("thief", "troll").at(1, "tavern").give(0, follower)
    s.at(0, start)
    move(s, space)
    assert s.decision.kind == "optional-roll"
    s.choose("skip")
    assert turn_of(s) == 1 and s.player(0).lives == 4 and s.player(0).lost_turns == 0
    finish(s)


@pytest.mark.rules(ITEMS)
def test_the_guide_does_not_undo_a_roll_once_made():
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Guide").at(0, "plains-4")
    move(s, "forest").dice(2).choose("roll")  # lost in the Forest
    assert s.player(0).lost_turns == 1
    finish(s)


@pytest.mark.rules(ITEMS, "combat.evade.definition")
@pytest.mark.parametrize(
    "follower, space, start", [("Gnome", "hills-1", "sentinel"), ("Pixie", "woods-1", "graveyard")]
)
def test_followers_that_let_you_evade_in_their_country(follower, space, start):
    s = scenario("thief", "troll").at(1, "tavern").give(0, follower)
    draw_on(s, "Bear", space=space, start=start)
    s.choose("evade")
    assert s.player(0).lives == 4 and "Bear" in s.on_space(space)
    finish(s)


@pytest.mark.rules(ITEMS)
def test_the_mercenary_must_be_hired_for_a_gold():
    s = scenario("thief", "troll").at(1, "tavern").set(0, gold=1)
    draw_on(s, "Mercenary")
    assert "Hire the Mercenary for 1G" in s.labels()
    s.choose("hire:")
    assert s.names(s.player(0).followers) == ["Mercenary"] and s.player(0).gold == 0
    finish(s)


@pytest.mark.rules(ITEMS)
def test_a_mercenary_nobody_can_pay_waits_on_his_space():
    s = scenario("thief", "troll").at(1, "tavern").set(0, gold=0)
    draw_on(s, "Mercenary")
    assert turn_of(s) == 1 and "Mercenary" in s.on_space("fields-1") and not s.player(0).followers
    finish(s)


@pytest.mark.rules(ITEMS)
def test_a_paid_mercenary_adds_three_strength_in_battle_once_a_turn():
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Mercenary", "Potion of Strength").set(0, gold=2)
    draw_on(s, "Giant")
    s.choose("mercenary")
    assert s.player(0).gold == 1 and "mercenary" not in s.options()
    assert "Giant: Strength 6 against your Strength 6" in s.decision.prompt
    s.dice(4, 3).choose("fight")  # 4 + 3 + 3 = 10 against 3 + 6 = 9
    assert s.names(s.player(0).trophies) == ["Giant"]
    finish(s)


@pytest.mark.rules(ITEMS, "core.articles.capacity", "core.encumbrance.dropped-items")
def test_the_mule_carries_four_more_objects_and_drops_them_when_lost():
    s = scenario("thief", "troll").at(1, "tavern")
    s.give(0, "Mule", "Sword", "Helmet", "Shield", "Armour", "Axe", "Water Bottle", "Ring")
    p = s.player(0)
    p.packed.extend(p.objects[4:])
    del p.objects[4:]
    assert stats.capacity(s.game, 0) + stats.pack_capacity(s.game, 0) == 8
    draw_on(s, "Cursed by a Hag")  # drives the Mule away
    assert len(p.objects) == 4 and p.packed == []
    assert sorted(s.on_space("fields-1")) == ["Axe", "Ring", "Water Bottle"]
    finish(s)


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize("follower", ["Prince", "Princess"])
def test_royal_followers_have_two_lives_healed_at_the_castle(follower):
    s = scenario("thief", "troll").at(1, "tavern").give(0, follower).set(0, lives=1).at(0, "runes-3")
    move(s, "castle")
    assert s.player(0).lives == 3
    finish(s)


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize("follower", ["Prince", "Princess"])
def test_royal_followers_may_be_left_at_court_for_three_gold(follower):
    s = scenario("thief", "troll").at(1, "tavern").give(0, follower).set(0, gold=0).at(0, "runes-3")
    move(s, "castle").choose(f"leave-{follower.lower()}")
    assert s.player(0).gold == 3 and s.player(0).followers == [] and in_discards(s, follower)
    finish(s)


# --- Magic Objects ----------------------------------------------------------------------------


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize(
    "card, strength, craft",
    [
        ("Magic Belt", 4, 4),
        ("Ring", 4, 5),
        ("Solomon's Crown", 3, 6),
        ("Holy Grail", 3, 5),
        ("Talisman", 3, 4),
        ("Amulet", 3, 4),
    ],
)
def test_a_magic_object_found_may_be_taken_and_adds_its_bonus(card, strength, craft):
    s = scenario("elf", "troll").at(1, "tavern")
    draw_on(s, card)
    s.choose("take:")
    assert s.names(s.player(0).objects) == [card]
    assert (stats.strength(s.game, 0), stats.craft(s.game, 0)) == (strength, craft)
    finish(s)


@pytest.mark.rules(ITEMS, "core.possessions.unusable-left-behind")
@pytest.mark.parametrize(
    "card, character", [("Holy Grail", "wizard"), ("Holy Lance", "assassin"), ("Runesword", "elf")]
)
def test_alignment_bound_magic_objects_stay_behind(card, character):
    s = scenario(character, "troll").at(1, "tavern")
    draw_on(s, card)
    assert turn_of(s) == 1 and card in s.on_space("fields-1") and not s.player(0).objects
    finish(s)


@pytest.mark.rules(ITEMS, "spells-scrolls.spell.casting")
def test_the_amulet_forbids_casting_and_shields_from_spells():
    s = scenario("wizard", "elf").give(0, "Amulet", "Healing", "Teleport").give(1, "Nullify")
    s.at(1, "forest").at(0, "village").on_top("adventure", "Bag of Gold").dice(1).start()
    assert not [o for o in s.options() if o.startswith("cast:")]
    s.choose("roll")
    assert len(s.player(0).spells) == 2  # holding Spells is allowed
    s.choose("move:fields-1")
    # The Elf's turn: its Nullify has no target in the Wizard.
    assert not [o for o in s.options() if o.startswith("cast:")]
    finish(s)


@pytest.mark.rules(ITEMS, "combat.evade.definition")
def test_the_cross_destroys_spirits_outright_without_a_trophy():
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Cross")
    draw_on(s, "Wraith")
    s.choose("exorcise")
    assert in_discards(s, "Wraith") and not s.player(0).trophies and s.player(0).lives == 4
    finish(s)


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize(
    "character, space, start", [("assassin", "chapel", "hills-1"), ("elf", "graveyard", "fields-1")]
)
def test_the_cross_spares_a_life_at_the_chapel_or_the_graveyard(character, space, start):
    s = scenario(character, "troll").at(1, "tavern").give(0, "Cross").at(0, start)
    move(s, space)
    assert s.player(0).lives == 4
    s2 = scenario(character, "troll").at(1, "tavern").at(0, start)
    move(s2, space)
    assert s2.player(0).lives == 3
    finish(s)


@pytest.mark.rules(ITEMS)
@pytest.mark.parametrize("card", ["Holy Grail", "Water Bottle"])
def test_the_desert_costs_no_life_with_water(card):
    s = scenario("elf", "troll").at(1, "tavern").give(0, card).at(0, "oasis")
    move(s.on_top("adventure", "Bag of Gold"), "desert-1")
    assert s.player(0).lives == 4
    finish(s)


@pytest.mark.rules(ITEMS, "combat.score")
@pytest.mark.parametrize("enemy, bonus", [("Dragon", 3), ("Bear", 1)])
def test_the_holy_lance_strikes_dragons_hardest(enemy, bonus):
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Holy Lance").dice(1, 6, 1)
    draw_on(s, enemy)
    if enemy == "Bear":  # an Animal might be tamed instead
        s.choose("fight")
    assert f"6 + {3 + bonus} Strength" in s.log()
    finish(s)


@pytest.mark.rules(ITEMS, "encounters.draw-cards-space")
def test_the_orb_of_knowledge_redraws_one_card_which_must_be_met():
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Orb of Knowledge")
    s.at(0, "village").on_top("adventure", "Dragon", "Bag of Gold")
    move(s, "fields-1")
    assert s.decision.kind == "redraw"
    s.choose("redraw:")
    assert in_discards(s, "Dragon") and s.player(0).gold == 2
    assert s.on_space("fields-1") == []
    finish(s)


@pytest.mark.rules(ITEMS)
def test_the_potion_of_strength_gives_two_strength_for_the_turn_then_is_gone():
    s = scenario("thief", "troll").at(1, "tavern").at(0, "village").give(0, "Potion of Strength", "Sword")
    s.start().choose("use:")
    assert stats.strength(s.game, 0) == 5 and in_discards(s, "Potion of Strength")
    move(s.on_top("adventure", "Bag of Gold"), "fields-1")
    assert turn_of(s) == 1 and stats.strength(s.game, 0) == 3
    finish(s)


@pytest.mark.rules(ITEMS)
def test_the_runesword_gives_a_life_for_each_battle_it_wins():
    s = scenario("assassin", "troll").at(1, "tavern").give(0, "Runesword")
    draw_on(s, "Goblin")
    s.dice(6, 1).choose("fight")
    assert s.names(s.player(0).trophies) == ["Goblin"] and s.player(0).lives == 5
    finish(s)


@pytest.mark.rules(ITEMS, "spells-scrolls.spell.gaining")
def test_the_wand_draws_a_spell_when_taken_by_a_character_without_one():
    s = scenario("elf", "troll").at(1, "tavern")
    draw_on(s, "Wand")
    s.choose("take:")
    assert len(s.player(0).spells) == 1
    finish(s)


@pytest.mark.rules(ITEMS, "movement.inner.valley-of-fire-talisman", "purchase-talisman.valley-barrier")
def test_the_talisman_opens_the_valley_of_fire():
    s = scenario("elf", "troll").at(1, "tavern").at(0, "pits")
    s.player(0).status.clear()
    s.start()
    assert "move:valley-of-fire" not in s.options()
    s2 = scenario("elf", "troll").at(1, "tavern").at(0, "pits").give(0, "Talisman")
    s2.start()
    assert "move:valley-of-fire" in s2.options()


# --- Objects ----------------------------------------------------------------------------------


@pytest.mark.rules(ITEMS, "combat.outcome")
@pytest.mark.parametrize(
    "card, roll, saved",
    [
        ("Armour", 4, True),
        ("Armour", 3, False),
        ("Shield", 5, True),
        ("Shield", 4, False),
        ("Helmet", 6, True),
        ("Helmet", 5, False),
    ],
)
def test_armour_may_save_a_life_after_a_lost_battle(card, roll, saved):
    s = scenario("thief", "troll").at(1, "tavern").give(0, card)
    s.dice(1, 1, 6, roll)  # move; the Thief rolls 1 + 3 against the Giant's 6 + 6; the save roll
    draw_on(s, "Giant")
    assert s.player(0).lives == (4 if saved else 3)
    assert "Giant" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(ITEMS, "combat.score")
@pytest.mark.parametrize("weapon", ["Sword", "Axe"])
def test_weapons_add_one_strength_in_battle_only(weapon):
    s = scenario("thief", "troll").at(1, "tavern").give(0, weapon)
    assert stats.strength(s.game, 0) == 3 and stats.strength(s.game, 0, battle=True) == 4
    s.dice(1, 6, 1)
    draw_on(s, "Goblin")
    assert "6 + 4 Strength" in s.log() and s.names(s.player(0).trophies) == ["Goblin"]
    finish(s)


@pytest.mark.rules(ITEMS, "movement.raft.obtain")
def test_the_axe_builds_a_raft_at_the_end_of_a_turn_in_the_woods():
    s = scenario("thief", "troll").at(1, "tavern").give(0, "Axe")
    draw_on(s, "Bag of Gold", space="woods-1", start="graveyard")
    assert s.decision.kind == "end-turn"
    s.choose("build-raft")
    assert s.player(0).status.get("raft") is not None
    finish(s)


@pytest.mark.rules(ITEMS, "core.gold.sources-and-payment")
@pytest.mark.parametrize("card, gold", [("Bag of Gold", 2), ("Two Bags of Gold", 3)])
def test_bags_of_gold_are_taken_at_once_and_discarded(card, gold):
    s = scenario("thief", "troll").at(1, "tavern")
    draw_on(s, card)
    assert s.player(0).gold == gold and in_discards(s, card) and not s.on_space("fields-1")
    assert not s.player(0).objects
    finish(s)


@pytest.mark.rules(ITEMS, "movement.raft.obtain", "movement.raft.not-kept", "movement.raft.crossing")
def test_a_raft_found_crosses_the_river_next_turn_and_is_not_kept():
    s = scenario("thief", "troll").at(1, "tavern").at(0, "village")
    s.on_top("adventure", "Raft", "Bag of Gold").dice(1, 1)  # the Thief's move, then the Troll's
    s.start().choose("move:fields-1")
    assert in_discards(s, "Raft") and not s.player(0).objects and not s.on_space("fields-1")
    s.choose("move:fields-5")  # the Troll
    assert "raft:black-knight" in s.options()
    s.choose("raft:black-knight")
    assert s.space_of(0) == "black-knight"
    finish(s)


# --- Places -------------------------------------------------------------------------------------

PLACE = "encounters.type.stranger-place"


@pytest.mark.rules(PLACE)
@pytest.mark.parametrize("roll, gold, lost_turns", [(3, 1, 1), (4, 3, 0), (5, 3, 0), (6, 4, 0)])
def test_the_cave_pays_or_loses_the_explorer(roll, gold, lost_turns):
    s = scenario("thief", "troll").at(1, "tavern").dice(1, roll)
    draw_on(s, "Cave")
    assert (s.player(0).gold, s.player(0).lost_turns) == (gold, lost_turns)
    assert "Cave" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE, "combat.outcome")
@pytest.mark.parametrize("roll, foe, strength", [(1, "Dragon", 7), (2, "Goblin", 2)])
def test_the_cave_may_hide_a_dragon_or_a_goblin(roll, foe, strength):
    s = scenario("thief", "troll").at(1, "tavern").dice(1, roll, 2, 6)
    draw_on(s, "Cave")
    assert f"fights the {foe} in battle: 2 + 3 Strength = 5 against 6 + {strength}" in s.log()
    assert s.player(0).lives == 3 and "Cave" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE)
def test_the_dwarf_adds_one_in_the_cave():
    s = scenario("dwarf", "troll").at(1, "tavern").dice(1, 5)
    draw_on(s, "Cave")
    assert s.player(0).gold == 4  # 5 + 1: three gold
    finish(s)


@pytest.mark.rules(PLACE)
@pytest.mark.parametrize(
    "card, attr", [("Fountain of Wisdom", "craft"), ("Magic Stream", "strength"), ("Pool of Life", "lives")]
)
def test_a_place_holding_four_gives_one_a_visit_and_then_runs_dry(card, attr):
    s = scenario("thief", "troll").at(1, "tavern").put("fields-1", card)
    s.set(1, lost_turns=9).give(0, "Sword")  # the Troll sleeps; the Sword keeps the turn menu open
    before = getattr(s.player(0), attr)
    for visit in range(4):
        s.at(0, "village").dice(1).choose("roll").choose("move:fields-1")
        assert getattr(s.player(0), attr) == before + visit + 1
    assert card not in s.on_space("fields-1") and in_discards(s, card)
    finish(s)


@pytest.mark.rules(PLACE)
@pytest.mark.parametrize(
    "roll, dest",
    [(1, "crags"), (2, "village"), (3, "city"), (4, "warlocks-cave"), (5, "temple"), (6, "plain-of-peril")],
)
def test_the_magic_portal_sends_who_steps_through_by_the_roll(roll, dest):
    s = scenario("thief", "troll").at(1, "tavern")
    draw_on(s, "Magic Portal")
    s.dice(roll).choose("step-through")
    assert s.space_of(0) == dest and "Magic Portal" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE)
def test_the_magic_portal_may_be_left_alone():
    s = scenario("thief", "troll").at(1, "tavern")
    draw_on(s, "Magic Portal")
    s.choose("nothing")
    assert s.space_of(0) == "fields-1" and turn_of(s) == 1
    finish(s)


@pytest.mark.rules(PLACE, "purchase-talisman.purchase-cards")
def test_the_market_sells_purchase_cards_at_its_prices():
    s = scenario("elf", "troll").at(1, "tavern").set(0, gold=6)
    draw_on(s, "Market")
    labels = s.labels()
    for item in ("Sword for 1G", "Helmet for 1G", "Water Bottle for 1G", "Shield for 2G", "Mule for 2G", "Raft for 3G"):
        assert any(item in label for label in labels)
    assert not any("Axe" in label or "Armour" in label for label in labels)
    s.choose("buy:Mule").choose("buy:Sword").choose("done")
    assert s.player(0).gold == 3 and s.names(s.player(0).followers) == ["Mule"]
    assert s.names(s.player(0).objects) == ["Sword"]
    assert all(s.game.rules.instances[c].deck == "purchase" for c in s.player(0).objects + s.player(0).followers)
    assert "Market" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE)
def test_the_thief_takes_one_purchase_card_free_at_the_market():
    s = scenario("thief", "troll").at(1, "tavern").set(0, gold=0)
    draw_on(s, "Market")
    s.choose("free:Shield")
    assert s.names(s.player(0).objects) == ["Shield"]
    assert turn_of(s) == 1  # nothing else is free or affordable
    finish(s)


@pytest.mark.rules(PLACE)
@pytest.mark.parametrize(
    "card, attrs, stuck",
    [
        ("Marsh", {"strength": 4}, True),
        ("Marsh", {"strength": 5}, False),
        ("Maze", {"craft": 4}, True),
        ("Maze", {"craft": 5}, False),
    ],
)
def test_the_marsh_and_the_maze_hold_the_weak_and_the_dull(card, attrs, stuck):
    s = scenario("thief", "troll").at(1, "tavern").set(0, **attrs)
    draw_on(s, card)
    assert s.player(0).lost_turns == (1 if stuck else 0) and card in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE)
def test_the_dwarf_is_not_lost_in_the_maze():
    s = scenario("dwarf", "troll").at(1, "tavern")
    draw_on(s, "Maze")
    assert s.player(0).lost_turns == 0
    finish(s)


@pytest.mark.rules(PLACE)
@pytest.mark.parametrize(
    "roll, check",
    [
        (1, lambda p: (p.gold, p.lives, len(p.spells)) == (1, 4, 0)),
        (2, lambda p: p.fate == 1),
        (3, lambda p: p.gold == 2),
        (4, lambda p: len(p.spells) == 1),
        (5, lambda p: p.lives == 5),
    ],
)
def test_a_prayer_at_the_shrine(roll, check):
    s = scenario("thief", "troll", fate=True).at(1, "tavern").set(0, fate=0)
    draw_on(s, "Shrine")
    s.dice(roll).choose("pray")
    assert check(s.player(0)) and "Shrine" in s.on_space("fields-1")
    finish(s)


@pytest.mark.rules(PLACE)
def test_a_six_at_the_shrine_is_a_journey_within_the_region():
    s = scenario("thief", "troll").at(1, "tavern")
    draw_on(s, "Shrine")
    s.dice(6).choose("pray")
    assert s.decision.kind == "teleport" and "to:temple" not in s.options()
    s.dice(5).choose("to:crags")  # the Crags then roll 5: safe
    assert s.space_of(0) == "crags" and "the Crags: 5" in s.log()
    finish(s)


# --- The Purchase and Talisman stocks --------------------------------------------------------------


@pytest.mark.rules("purchase-talisman.purchase-cards")
def test_a_bought_object_is_like_any_other_and_returns_to_the_stock_when_discarded():
    s = scenario("elf", "troll").at(1, "tavern").set(0, gold=3)
    draw_on(s, "Market")
    stock = len(s.game.decks["purchase"])
    s.choose("buy:Helmet").choose("done")
    helmet = s.player(0).objects[0]
    assert len(s.game.decks["purchase"]) == stock - 1
    assert s.game.rules.instances[helmet].armour == 6
    cards.release(s.game, 0, helmet)
    cards.discard(s.game, helmet)
    assert helmet in s.game.decks["purchase"]
    finish(s)


@pytest.mark.rules("purchase-talisman.sold-out")
def test_a_sold_out_object_cannot_be_bought():
    s = scenario("elf", "troll").at(1, "tavern").set(0, gold=9)
    draw_on(s, "Market")
    for _ in range(3):  # the three Swords of the Purchase deck
        s.choose("buy:Sword")
    assert "buy:Sword" not in s.options() and "buy:Helmet" in s.options()
    finish(s)
