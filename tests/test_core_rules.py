"""The core rules of document 000 ("Setting up" to "Dispel Magic"): setup,
dice, turns, Strength and Craft, Spells held, gold, lives, possessions,
encumbrance, Articles, Followers, alignment, abilities, taming, Dispel Magic.
"""

from __future__ import annotations

import pytest

from talisman import ConfigError, Game
from talisman.content.dice import parse
from talisman.engine import cards, lives, possessions, stats
from talisman.testing import Scenario

rules = pytest.mark.rules


def load(s: Scenario, seat: int, *names: str) -> None:
    """Give Objects through the engine, which puts them on an Article when the
    character's own four places are taken."""
    for name in names:
        card = s.find(name)
        s._unplace(card)
        possessions.give_item(s.game, seat, card)


def go(s: Scenario, space: str, *dice: int) -> Scenario:
    """Start the turn, roll the first die to move and move to ``space``; the
    other dice are scripted for what follows (a fight decided by one option
    runs at once)."""
    s.dice(*dice).start()
    if s.decision.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{space}")


# --- setting up -------------------------------------------------------------------


@rules("core.setup.choose-characters")
def test_characters_are_dealt_at_random_or_as_agreed():
    named = Game.new(["troll", "elf"], seed=3, start=False)
    assert [p.character for p in named.players] == ["troll", "elf"]
    dealt = [tuple(p.character for p in Game.new(players=4, seed=seed, start=False).players) for seed in range(6)]
    for deal in dealt:
        assert len(set(deal)) == 4  # one distinct Character Card each
        assert all(c in named.rules.characters for c in deal)
    assert len(set(dealt)) > 1  # the deal depends on the shuffle
    assert dealt[0] == tuple(p.character for p in Game.new(players=4, seed=0, start=False).players)
    mixed = Game.new(["wizard", None], seed=5, start=False)
    assert mixed.players[0].character == "wizard" and mixed.players[1].character != "wizard"


@rules("core.setup.starting-resources", "core.gold.starting", "core.lives.start-four")
def test_every_character_starts_with_its_quotas_four_lives_and_one_gold():
    g = Game.new(["warrior", "troll", "dwarf", "wizard", "monk", "elf"], seed=1, start=False)
    for p in g.players:
        printed = g.rules.characters[p.character]
        assert (p.strength, p.craft) == (printed.strength, printed.craft)
        assert p.lives == 4  # even the Warrior (5 printed), the Troll (6) and the Dwarf (5)
        assert p.gold == 1
        assert g.rules.spaces[p.space].id == printed.start
    fourth = Game.new(["troll"], options={"printed-lives": True}, start=False)
    assert fourth.players[0].lives == 6


@rules("core.setup.separate-stockpiles")
def test_each_stockpile_is_shuffled_on_its_own():
    g = Game.new(["warrior"], seed=2, start=False)
    assert set(g.decks) >= {"adventure", "spell", "purchase", "talisman"}
    for name, pile in g.decks.items():
        assert all(g.rules.instances[c].deck == name for c in pile)  # never combined
        assert sorted(pile) == sorted(g.rules.decks[name])
    other = Game.new(["warrior"], seed=9, start=False)
    assert g.decks["adventure"] != other.decks["adventure"]
    assert g.decks["spell"] != other.decks["spell"]
    cards.check_conservation(g)


@rules("core.setup.starting-cards", "core.spells.who-may-hold")
def test_only_characters_whose_abilities_say_so_start_with_spells():
    g = Game.new(["wizard", "druid", "warrior", "priest", "thief"], seed=4, start=False)
    held = {p.character: len(p.spells) for p in g.players}
    assert held == {"wizard": 2, "druid": 1, "warrior": 0, "priest": 1, "thief": 0}
    for p in g.players:
        assert all(g.rules.instances[c].deck == "spell" for c in p.spells)
    assert len(g.decks["spell"]) == len(g.rules.decks["spell"]) - 4


@rules("core.setup.side-decks")
def test_purchase_and_talisman_cards_wait_beside_the_board():
    g = Game.new(["warrior"], seed=2, start=False)
    for name in ("purchase", "talisman"):
        info = g.rules.deck_info[name]
        assert not info["shuffled"] and info.get("discard") == "return"
        assert len(g.decks[name]) == len(g.rules.decks[name])
    assert [g.card_name(c) for c in g.decks["talisman"]] == ["Talisman"] * 4
    assert {"Sword", "Mule", "Helmet"} <= {g.card_name(c) for c in g.decks["purchase"]}


@rules("core.setup.missing-expansions")
def test_a_game_plays_with_the_modules_named_and_ignores_the_rest():
    g = Game.new(["warrior"], seed=2, start=False)
    assert g.config.modules == ("core",)
    assert set(g.decks) == {"adventure", "spell", "purchase", "talisman"}  # no Dungeon, City or Timescape cards
    with pytest.raises(ConfigError, match="unknown module"):
        Game.new(["warrior"], modules=["dungeon"])


@rules("core.setup.agreements")
def test_first_player_extra_characters_and_optional_rules_are_agreed_up_front():
    g = Game.new(["elf", "troll"], options={"new-character": True, "fate": False}, seed=1)
    assert g.active == 0 and g.decision.player == 0  # seat 1 plays first
    assert g.options["new-character"] is True and g.options["fate"] is False
    assert Game.new(["elf"], seed=1).options["new-character"] is False  # not agreed: no new character
    with pytest.raises(ConfigError):
        Game.new(["elf"], options={"house-rule": True})


@rules("core.dice.notation")
def test_dice_notation():
    assert parse("2D6+3") == ((2, 6, 1), (3, 1))
    for sides in (4, 6, 8, 10):
        assert parse(f"D{sides}") == ((1, sides, 1),)
    g = Game.new(["warrior"], seed=1, start=False)
    g.script_dice([5, 2])
    assert g.roll_dice("2D6+3", 0) == (10, [5, 2])
    g.script_dice([10])
    assert g.roll_dice("D10", 0) == (10, [10])


@rules("core.turn-and-round")
def test_a_round_is_one_turn_for_every_player():
    g = Game.new(["warrior", "elf", "troll"], options={"fate": False}, seed=8)
    seen: list[tuple[int, int, int]] = []
    while g.turn <= 7:
        if not seen or seen[-1][0] != g.turn:
            seen.append((g.turn, g.round, g.active))
        g.apply(g.decision.ids[0])
    assert all(p.alive for p in g.players)
    assert [t[0] for t in seen] == list(range(1, 8))
    assert [(t[1], t[2]) for t in seen] == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


@rules("movement.turn-phases", "combat.when", "core.strength.total")
def test_a_turn_moves_by_the_die_meets_the_space_and_fights_what_is_drawn():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").on_top("adventure", "Ogre")
    go(s, "fields-1", 1, 3, 5, 2)  # the Warrior rolls 3 and 5 and adds Strength 4; the Ogre 2 + 5
    assert s.space_of(0) == "fields-1"
    assert "5 + 4 Strength = 9 against 2 + 5 = 7" in s.log()
    assert s.names(s.player(0).trophies) == ["Ogre"] and s.player(0).lives == 4
    assert "Ogre" not in s.on_space("fields-1")


# --- Strength and Craft ----------------------------------------------------------------


@rules("core.strength.counters-vs-bonuses", "core.craft.counters-vs-bonuses", "core.strength.total", "core.craft.total")
def test_bonuses_are_added_to_the_counters_not_taken_as_counters():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-1")
    s.give(0, "Magic Belt", "Unicorn", "Sword", "Solomon's Crown")
    g, p = s.game, s.player(0)
    assert (p.strength, p.craft) == (4, 2)  # the counters stay as printed
    assert stats.strength(g, 0) == 4 + 1 + 1  # Belt and Unicorn
    assert stats.strength(g, 0, battle=True) == 4 + 1 + 1 + 1  # and the Sword, used in battle
    assert stats.craft(g, 0) == 2 + 1 + 2  # Unicorn and Solomon's Crown
    p.mods.append(("strength", 2, "turn"))  # a Spell or a Potion for this turn
    assert stats.strength(g, 0) == 8
    sheet = g.view(1)["players"][0]
    assert (sheet["strength_counters"], sheet["strength"]) == (4, 8)
    assert (sheet["craft_counters"], sheet["craft"]) == (2, 5)


@rules("core.strength.example-warrior-cursed-glade")
def test_the_warrior_on_the_cursed_glade():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-1").set(0, strength=5)
    s.give(0, "Magic Belt", "Unicorn", "Sword")
    g = s.game
    assert stats.strength(g, 0) == 7
    assert stats.strength(g, 0, battle=True) == 8
    s.at(0, "cursed-glade")
    assert stats.strength(g, 0) == 6
    assert stats.strength(g, 0, battle=True) == 6


@rules("core.strength.example-warrior-cursed-glade", "core.strength.total")
def test_the_warrior_fights_on_the_cursed_glade_with_strength_six():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "hills-3").set(0, strength=5)
    s.give(0, "Magic Belt", "Unicorn", "Sword").on_top("adventure", "Giant")
    go(s, "cursed-glade", 1, 1, 1, 1)  # 1 + 6 = 7 against 1 + 6 = 7: a stand-off, not a win with 8
    assert "1 + 6 Strength = 7 against 1 + 6 = 7" in s.log()
    assert "Stand-off" in s.log() and s.player(0).lives == 4 and "Giant" in s.on_space("cursed-glade")


@rules("core.craft.example-wizard-cursed-glade", "core.spells.excess-discard")
def test_the_wizard_on_the_cursed_glade_discards_a_spell_at_once():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "hills-3")
    s.give(0, "Solomon's Crown", "Teleport", "Healing", "Counterspell").on_top("adventure", "Lemure")
    g = s.game
    assert stats.craft(g, 0) == 7 and stats.spell_limit(g, 0) == 3
    go(s, "cursed-glade", 1)
    assert stats.craft(g, 0) == 5 and s.decision.kind == "discard-spell"  # before anything is met there
    assert s.space_of(0) == "cursed-glade" and "draws a card" not in s.log()
    s.choose("Discard Healing")
    assert s.names(s.player(0).spells) == ["Teleport", "Counterspell"]
    assert "Healing" in s.names(g.discards["spell"])
    s.at(0, "hills-3")  # after leaving, the Crown counts again: room for a third Spell
    assert stats.craft(g, 0) == 7 and possessions.gain_spell(g, 0) and len(s.player(0).spells) == 3


@rules("combat.psychic.when", "core.craft.total")
def test_craft_is_the_attribute_of_psychic_combat():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "village").on_top("adventure", "Spectre")
    go(s, "fields-1", 1, 2, 2)
    assert "in psychic combat: 2 + 5 Craft = 7 against 2 + 3 = 5" in s.log()
    assert s.names(s.player(0).trophies) == ["Spectre"]


@rules("core.strength.zero-loses-life", "core.strength.encounter-gain")
def test_strength_at_zero_costs_a_life_and_returns_to_the_quota():
    s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3").set(0, strength=1)
    go(s, "city", 1)
    s.dice(2).choose("enchantress")  # 2: lose 1 Strength
    p = s.player(0)
    assert p.lives == 3 and p.strength == 3  # back to the Thief's starting Strength
    s2 = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3")
    go(s2, "city", 1)
    s2.dice(5).choose("enchantress")  # 5: gain 1 Strength
    assert s2.player(0).strength == 4 and s2.player(0).lives == 4


@rules("core.craft.zero-loses-life", "core.craft.encounter-gain")
def test_craft_at_zero_costs_a_life_and_returns_to_the_quota():
    s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3").set(0, craft=1)
    go(s, "city", 1)
    s.dice(3).choose("enchantress")  # 3: lose 1 Craft
    p = s.player(0)
    assert p.lives == 3 and p.craft == 3
    s2 = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3")
    go(s2, "city", 1)
    s2.dice(4).choose("enchantress")  # 4: gain 1 Craft
    assert s2.player(0).craft == 4 and s2.player(0).lives == 4


@rules("core.strength.trophy-exchange")
def test_seven_strength_of_killed_enemies_buys_one_strength():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-1")
    s.trophy(0, "Ogre", "Wolf", "Bear", "Ghost")  # 5 + 2 + 3 Strength, and a Spirit
    s.start()
    assert "trophies:strength" in s.options() and "trophies:craft" not in s.options()
    s.choose("trophies:strength")
    p, g = s.player(0), s.game
    assert p.strength == 5
    assert sorted(s.names(p.trophies)) == ["Bear", "Ghost"]  # exactly 7 was cashed: Ogre and Wolf
    assert {"Ogre", "Wolf"} <= set(s.names(g.discards["adventure"]))
    assert "trophies:strength" not in s.options()  # 3 left: not enough for another point


@rules("core.strength.trophy-exchange")
def test_strength_above_a_multiple_of_seven_is_lost():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-1")
    s.trophy(0, "Giant", "Ogre")  # 6 + 5 = 11: one Strength, 4 points lost
    s.start().choose("trophies:strength")
    assert s.player(0).strength == 5 and s.player(0).trophies == []
    assert {"Giant", "Ogre"} <= set(s.names(s.game.discards["adventure"]))


@rules("core.craft.trophy-exchange")
def test_ten_craft_of_killed_spirits_buys_one_craft():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "fields-1")
    s.trophy(0, "Wraith", "Ghost")  # 5 + 4 = 9: not yet
    s.start()
    assert "trophies:craft" not in s.options()
    s2 = Scenario(["wizard", "elf"]).no_spells().at(0, "fields-1")
    s2.trophy(0, "Wraith", "Ghost", "Spectre", "Ogre")  # 12 Craft: one point, 2 lost
    s2.start()
    assert "trophies:strength" not in s2.options()  # the Ogre alone is worth less than 7
    s2.choose("trophies:craft")
    assert s2.player(0).craft == 6 and s2.names(s2.player(0).trophies) == ["Ogre"]


# --- Spells held ----------------------------------------------------------------------


@rules("core.spells.limit-table")
@pytest.mark.parametrize(
    "craft, most", [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (8, 3), (9, 4), (12, 4)]
)
def test_spells_allowed_by_total_craft(craft, most):
    s = Scenario(["wizard"]).no_spells().set(0, craft=craft)
    assert stats.spell_limit(s.game, 0) == most
    possessions.fill_spells(s.game, 0)
    assert len(s.player(0).spells) == most


@rules("core.spells.limit-table", "core.craft.total")
def test_the_spell_limit_reads_total_craft():
    s = Scenario(["warrior", "elf"]).no_spells()  # Craft 2: no Spells
    assert stats.spell_limit(s.game, 0) == 0 and not possessions.gain_spell(s.game, 0)
    s.give(0, "Solomon's Crown")  # Craft 4: two Spells
    assert stats.spell_limit(s.game, 0) == 2 and possessions.gain_spell(s.game, 0)


@rules("core.spells.who-may-hold")
def test_any_character_may_gain_spells_through_encounters_unless_barred():
    s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3")  # no Spell at the start, Craft 3
    go(s, "city", 1).dice(6).choose("enchantress")  # 6: a Spell
    assert len(s.player(0).spells) == 1
    full = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3").give(0, "Teleport")  # Craft 3: one Spell at most
    go(full, "city", 1).dice(6).choose("enchantress")
    assert full.names(full.player(0).spells) == ["Teleport"] and "cannot hold another Spell" in full.log()


@rules("core.spells.excess-discard")
def test_losing_craft_forces_a_discard_of_the_players_choice():
    s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-3").set(0, craft=4)
    s.give(0, "Teleport", "Healing")
    go(s, "city", 1).dice(3).choose("enchantress")  # 3: lose 1 Craft, down to 3 and one Spell
    assert s.decision.kind == "discard-spell" and len(s.options()) == 2
    assert s.game.decision.player == 0
    s.choose("Discard Teleport")
    assert s.names(s.player(0).spells) == ["Healing"] and "Teleport" in s.names(s.game.discards["spell"])


@rules("core.spells.excess-discard")
def test_surplus_spells_cannot_be_cast_before_they_are_discarded():
    s = (
        Scenario(["wizard", "elf"])
        .no_spells()
        .at(0, "fields-1")
        .give(0, "Solomon's Crown", "Teleport", "Healing", "Counterspell")
    )
    s.start()
    crown = next(c for c in s.player(0).objects if s.game.card_name(c) == "Solomon's Crown")
    s.choose(f"drop:{crown}")  # Craft 5: only two Spells
    assert s.decision.kind == "discard-spell"
    assert not any(o.startswith("cast:") for o in s.options())
    s.choose("Discard Counterspell")
    assert s.names(s.player(0).spells) == ["Teleport", "Healing"]
    assert s.decision.kind == "turn"


# --- gold -----------------------------------------------------------------------------


@rules("core.gold.counters", "core.gold.sources-and-payment")
def test_prices_are_bags_of_gold_paid_back_to_the_stock():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-6").set(0, gold=5)
    go(s, "village", 1).choose("blacksmith")
    assert "Buy a Sword for 2G" in s.labels() and "buy:Armour" in s.options()  # Armour: 4G
    swords = len([c for c in s.game.decks["purchase"] if s.game.card_name(c) == "Sword"])
    s.choose("buy:Sword")
    assert s.player(0).gold == 3 and "Sword" in s.names(s.player(0).objects)
    assert "buy:Armour" not in s.options() and "buy:Shield" in s.options()  # 3 bags left
    assert len([c for c in s.game.decks["purchase"] if s.game.card_name(c) == "Sword"]) == swords - 1
    assert s.game.gold_on == {}  # paid into the stock, not left anywhere


@rules("core.gold.sources-and-payment", "core.gold.not-encumbering")
def test_gold_comes_from_the_stock_and_never_burdens_the_carrier():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").set(0, gold=9)
    s.give(0, "Sword", "Helmet", "Shield", "Axe").on_top("adventure", "Bag of Gold")
    go(s, "fields-1", 1)
    p = s.player(0)
    assert p.gold == 10 and len(p.objects) == 4  # four Objects carried and gold besides
    assert "Bag of Gold" in s.names(s.game.discards["adventure"])
    assert possessions.room_for_item(s.game, 0) is False


@rules("core.gold.sources-and-payment")
def test_gold_taken_from_another_player_comes_from_that_player():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-6").at(1, "village").set(1, gold=3)
    go(s, "village", 1).choose("meet:1")
    s.dice(6, 6, 1).choose("attack:1")  # the Elf fights back and loses
    s.choose("gold")
    assert (s.player(0).gold, s.player(1).gold) == (2, 2)


# --- lives ----------------------------------------------------------------------------


@rules("core.lives.losing", "core.lives.gain-unlimited")
def test_lives_are_lost_and_gained_without_limit():
    s = Scenario(["elf", "warrior"]).no_spells().at(0, "village").set(0, lives=4).on_top("adventure", "Angel")
    go(s, "fields-1", 1)
    assert s.player(0).lives == 5  # a good Elf gains a life above 4
    s2 = Scenario(["wizard", "elf"]).no_spells().at(0, "village").on_top("adventure", "Angel")
    go(s2, "fields-1", 1)
    assert s2.player(0).lives == 3  # an evil Wizard loses one


@rules("core.lives.healing-cap")
def test_healing_never_restores_above_four_lives():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-6").set(0, lives=1, gold=9)
    go(s, "village", 1).choose("healer")
    assert "heal:3" in s.options() and "heal:4" not in s.options()
    s.choose("heal:3")
    assert s.player(0).lives == 4 and s.player(0).gold == 6
    s.game.players[0].lives = 6
    assert lives.heal(s.game, 0, 2) == 0 and s.player(0).lives == 6  # healing never lowers either


@rules("core.lives.death", "core.followers.basics")
def test_a_dead_character_leaves_its_belongings_on_the_space():
    s = Scenario(["wizard", "elf", "troll"]).at(0, "village").set(0, lives=1, gold=3)
    s.give(0, "Sword", "Mule", "Unicorn").trophy(0, "Ogre").on_top("adventure", "Giant")
    spells_before = list(s.player(0).spells)
    assert len(spells_before) == 2
    go(s, "fields-1", 1, 1, 6)  # beaten by the Giant: 1 + 4 against 6 + 6
    if s.decision.kind == "combat":  # a Spell it holds could have been cast first
        s.choose("fight")
    p = s.player(0)
    assert not p.alive and p.lives == 0
    here = s.on_space("fields-1")
    assert {"Sword", "Mule", "Unicorn", "Giant"} <= set(here)
    assert s.game.gold_on[s.game.rules.space_index["fields-1"]] == 3
    assert all(c in s.game.discards["spell"] for c in spells_before)
    assert "Ogre" in s.names(s.game.discards["adventure"])
    assert p.objects == p.followers == p.spells == p.trophies == [] and p.gold == 0
    assert s.game.view(1)["players"][0]["strength"] == 0
    assert s.game.active == 1 and not s.game.is_over
    cards.check_conservation(s.game)


@rules("core.lives.new-character")
def test_with_agreement_a_dead_player_begins_again_next_turn():
    s = Scenario(["wizard", "elf"], new_character=True).no_spells().at(0, "village").set(0, lives=1)
    s.on_top("adventure", "Giant")
    go(s, "fields-1", 1, 1, 6)
    assert not s.player(0).alive and not s.game.is_over
    while s.game.active == 1:
        s.choose(s.options()[0])
    p = s.player(0)
    assert p.alive and p.character not in ("wizard", "elf")  # a new character, not the one that died
    printed = s.game.rules.characters[p.character]
    assert (p.strength, p.craft, p.lives, p.gold) == (printed.strength, printed.craft, 4, 1)
    assert s.space_of(0) == printed.start and s.game.decision.player == 0
    alone = (
        Scenario(["wizard", "elf", "troll"]).no_spells().at(0, "village").set(0, lives=1).on_top("adventure", "Giant")
    )
    go(alone, "fields-1", 1, 1, 6)  # not agreed: the dead seat is skipped from now on
    seats = []
    while alone.game.turn < 6:
        if not seats or seats[-1][0] != alone.game.turn:
            seats.append((alone.game.turn, alone.game.active))
        alone.choose(alone.options()[0])
    assert [a for _, a in seats] == [1, 2, 1, 2] and not alone.player(0).alive


# --- possessions ---------------------------------------------------------------------


@rules("core.possessions.face-up")
def test_possessions_lie_face_up_but_spells_stay_hidden():
    s = Scenario(["wizard", "elf"]).no_spells().give(0, "Sword", "Unicorn", "Teleport").trophy(0, "Ogre")
    mine, theirs = s.game.view(0)["players"][0], s.game.view(1)["players"][0]
    for sheet in (mine, theirs):
        assert [c["name"] for c in sheet["objects"]] == ["Sword"]
        assert [c["name"] for c in sheet["followers"]] == ["Unicorn"]
        assert [c["name"] for c in sheet["trophies"]] == ["Ogre"]
        assert sheet["spell_count"] == 1
    assert [c["name"] for c in mine["spells"]] == ["Teleport"] and "spells" not in theirs
    assert set(s.names(s.player(0).holdings())) == {"Sword", "Unicorn", "Teleport", "Ogre"}


@rules("core.possessions.unusable-left-behind")
def test_the_assassin_must_leave_the_holy_lance():
    s = Scenario(["assassin", "elf"]).no_spells().at(0, "village").on_top("adventure", "Holy Lance")
    go(s, "fields-1", 1)
    assert "Holy Lance" not in s.names(s.player(0).holdings())
    assert "Holy Lance" in s.on_space("fields-1")
    good = Scenario(["elf", "assassin"]).no_spells().at(0, "village").on_top("adventure", "Holy Lance")
    go(good, "fields-1", 1).choose("Take the Holy Lance")
    assert "Holy Lance" in good.names(good.player(0).objects)


@rules("core.encumbrance.four-objects", "core.possessions.drop-anytime")
def test_four_objects_at_most_and_a_fifth_needs_a_drop():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").give(0, "Sword", "Helmet", "Shield", "Axe")
    s.give(0, "Unicorn").trophy(0, "Ogre").set(0, gold=5).on_top("adventure", "Magic Belt")
    go(s, "fields-1", 1)
    assert not [o for o in s.options() if o.startswith("take:")]  # no room: Followers, trophies, gold do not count
    swap = [o for o in s.options() if o.startswith("swap-take:")]
    assert len(swap) == 4
    helmet = next(c for c in s.player(0).objects if s.game.card_name(c) == "Helmet")
    s.choose(next(o for o in swap if o.startswith(f"swap-take:{helmet}:")))
    p = s.player(0)
    assert sorted(s.names(p.objects)) == ["Axe", "Magic Belt", "Shield", "Sword"]
    assert "Helmet" in s.on_space("fields-1")


@rules("core.possessions.drop-anytime", "core.encumbrance.dropped-items")
def test_a_dropped_object_lies_on_the_space_for_anyone_to_pick_up():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "fields-1").at(1, "village").give(0, "Sword")
    s.dice(1, 1).start()  # two moves: the Warrior's, then the Elf's
    sword = s.player(0).objects[0]
    assert f"drop:{sword}" in s.options() and s.decision.kind == "turn"
    s.choose(f"drop:{sword}")
    assert s.player(0).objects == [] and "Sword" in s.on_space("fields-1")
    assert s.decision.kind == "move" and s.decision.player == 0  # dropping did not use up the turn
    s.choose("move:graveyard")
    while s.game.active == 0:
        s.choose(s.options()[0])
    s.choose("move:fields-1")
    assert s.decision.kind == "take" and "done" in s.options()  # the Elf may choose to take it, or not
    s.choose("Take the Sword")
    assert s.names(s.player(1).objects) == ["Sword"] and "Sword" not in s.on_space("fields-1")


@rules("core.articles.not-objects", "core.articles.capacity", "core.encumbrance.capacity-items")
def test_a_mule_is_no_object_and_carries_four_more():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").give(0, "Mule", "Sword", "Helmet", "Shield", "Axe")
    p, g = s.player(0), s.game
    assert s.names(p.followers) == ["Mule"] and len(p.objects) == 4
    assert stats.capacity(g, 0) == 4 and stats.pack_capacity(g, 0) == 4
    load(s, 0, "Magic Belt", "Ring", "Wand", "Water Bottle")
    assert sorted(s.names(p.packed)) == ["Magic Belt", "Ring", "Wand", "Water Bottle"]
    assert stats.strength(g, 0) == 4  # transported, not carried: the Belt and the Ring give nothing
    assert possessions.room_for_item(g, 0) is False
    s.on_top("adventure", "Orb of Knowledge")
    go(s, "fields-1", 1)  # a fifth Magic Object: no room left, carried or transported
    assert not [o for o in s.options() if o.startswith("take:")] and "Orb of Knowledge" in s.on_space("fields-1")
    assert len(p.objects) + len(p.packed) == 8


@rules("core.articles.no-nesting")
def test_mules_do_not_carry_mules():
    s = Scenario(["warrior", "elf"]).no_spells().give(0, "Mule", "Sword", "Helmet", "Shield", "Axe")
    g, p = s.game, s.player(0)
    load(s, 0, "Magic Belt", "Ring", "Wand", "Water Bottle")
    load(s, 0, "Mule")
    assert s.names(p.followers) == ["Mule", "Mule"] and len(p.packed) == 4  # it walks beside, it is not loaded
    assert stats.pack_capacity(g, 0) == 8


@rules(
    "core.possessions.carried-vs-transported-visible",
    "core.possessions.example-mule-swap",
    "core.possessions.exchange-declared",
)
def test_the_wizard_swaps_an_object_with_his_mule():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "fields-1")
    s.give(0, "Mule", "Sword", "Helmet", "Shield", "Axe")
    g, p = s.game, s.player(0)
    load(s, 0, "Solomon's Crown", "Ring", "Wand", "Water Bottle")
    sheet = g.view(1)["players"][0]
    assert [c["name"] for c in sheet["objects"]] == ["Sword", "Helmet", "Shield", "Axe"]
    assert [c["name"] for c in sheet["packed"]] == ["Solomon's Crown", "Ring", "Wand", "Water Bottle"]
    assert stats.craft(g, 0) == 5  # the Crown on the Mule is not in use
    s.start()
    crown = next(c for c in p.packed if g.card_name(c) == "Solomon's Crown")
    helmet = next(c for c in p.objects if g.card_name(c) == "Helmet")
    s.choose(f"swap:{helmet}:{crown}")
    assert "Solomon's Crown" in s.names(p.objects) and "Helmet" in s.names(p.packed)
    assert len(p.objects) == 4 and len(p.packed) == 4
    assert stats.craft(g, 0) == 7
    assert "puts the Helmet on the Mule and takes out the Solomon's Crown" in s.log()
    assert s.decision.kind == "turn"


# --- Followers ----------------------------------------------------------------------


@rules("core.followers.basics")
def test_followers_add_their_bonus_and_are_not_limited_in_number():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village")
    s.give(0, "Unicorn", "Maiden", "Guide", "Guide", "Mule", "Pixie", "Prince")
    assert len(s.player(0).followers) == 7
    assert stats.strength(s.game, 0) == 5 and stats.craft(s.game, 0) == 2 + 1 + 2
    s.on_top("adventure", "Princess")
    go(s, "fields-1", 1).choose("Take the Princess")
    assert len(s.player(0).followers) == 8
    assert [c["name"] for c in s.game.view(1)["players"][0]["followers"]][-1] == "Princess"


def tame_wolf(*dice: int) -> Scenario:
    """A lone Wizard tames a Wolf on the Fields (1 + 1 + 2 under Craft 5) in
    turn 1; ``dice`` are scripted for what follows, from turn 2's move on."""
    s = Scenario(["wizard"]).no_spells().at(0, "village").on_top("adventure", "Wolf")
    go(s, "fields-1", 1, 1, 1, *dice).choose("tame")
    return s


@rules("core.followers.killed-discarded", "core.taming")
def test_a_tamed_animal_dies_with_a_lost_battle_and_is_discarded():
    s = tame_wolf(2, 1, 6)
    p, g = s.player(0), s.game
    assert s.names(p.followers) == ["Wolf"] and "Wolf" not in s.on_space("fields-1")
    assert "The Wolf is tamed." in s.log()
    assert stats.strength(g, 0) == 3  # the tamed Animal adds 1
    s.on_top("adventure", "Giant").choose("move:fields-6")  # 1 + 3 against 6 + 6
    assert p.lives == 3 and p.followers == [] and "Wolf" in s.names(g.discards["adventure"])
    assert stats.strength(g, 0) == 2


@rules("core.taming")
def test_taming_fails_unless_the_roll_plus_strength_is_under_craft():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "village").on_top("adventure", "Wolf")
    go(s, "fields-1", 1)
    s.dice(2, 1, 6, 1).choose("tame")  # 2 + 1 + 2 = 5: not under Craft 5, so the Wolf attacks (one try only)
    assert s.player(0).followers == [] and "Wolf is tamed" not in s.log()
    assert s.names(s.player(0).trophies) == ["Wolf"]  # then the fight: 6 + 2 against 1 + 2


@rules("core.taming")
def test_anyone_may_try_to_tame_animals_but_not_other_enemies():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").on_top("adventure", "Bear")
    go(s, "fields-1", 1)
    assert "tame" in s.options()  # any character (with Craft 2 the Warrior will fail, but may try)
    s2 = Scenario(["wizard", "elf"]).no_spells().at(0, "village").give(0, "Potion of Strength")
    go(s2.on_top("adventure", "Ogre"), "fields-1", 1)
    assert s2.decision.kind == "combat" and "tame" not in s2.options()


@rules("core.taming")
def test_a_tamed_animal_survives_a_lost_psychic_combat():
    s = tame_wolf(2, 1, 6)
    s.on_top("adventure", "Wraith").choose("move:fields-6")  # 1 + 5 against 6 + 5: Strength was not used
    assert s.player(0).lives == 3 and s.names(s.player(0).followers) == ["Wolf"]
    assert stats.strength(s.game, 0) == 3


@rules("core.taming")
def test_a_tamed_animal_that_leaves_no_longer_adds_strength():
    s = tame_wolf()
    wolf = s.player(0).followers[0]
    possessions.lose_follower(s.game, 0, wolf, "runs off")
    assert stats.strength(s.game, 0) == 2


@rules("core.taming")
def test_a_tamed_animal_dies_when_its_master_loses_a_battle_to_a_character():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "village").at(1, "fields-6").on_top("adventure", "Wolf")
    go(s, "fields-1", 1, 1, 1, 2, 6, 6, 1).choose("tame")  # then the Warrior rolls 2 and comes to fight
    assert s.names(s.player(0).followers) == ["Wolf"]
    s.choose("move:fields-1").choose("meet:0").choose("attack:0")  # 6 + 4 against 1 + 3
    s.choose("gold")
    assert s.player(0).followers == [] and "Wolf" in s.names(s.game.discards["adventure"])
    assert s.player(0).gold == 0 and s.player(0).lives == 4


# --- alignment -------------------------------------------------------------------------


@rules("core.alignment.types", "core.alignment.card")
def test_alignment_changes_through_encounters_and_shows_on_an_alignment_card():
    g = Game.new(["elf", "thief", "wizard"], start=False)
    assert [p.alignment for p in g.players] == ["good", "neutral", "evil"]
    s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-6")
    assert s.game.view(1)["players"][0]["alignment_card"] is None
    go(s, "village", 1, 1).choose("mystic")  # 1: the Mystic turns the Thief evil
    assert s.player(0).alignment == "evil"
    sheet = s.game.view(1)["players"][0]
    assert sheet["alignment"] == "evil" and sheet["alignment_card"] == "evil"
    possessions.set_alignment(s.game, 0, "neutral")  # back to the printed alignment: the card goes
    assert s.game.view(1)["players"][0]["alignment_card"] is None


@rules("core.alignment.drop-forbidden")
def test_a_new_alignment_drops_the_magic_objects_it_forbids():
    s = Scenario(["elf", "thief"]).no_spells().at(0, "fields-6").give(0, "Holy Lance", "Sword")
    go(s, "village", 1, 1).choose("mystic")  # 1: evil
    assert s.player(0).alignment == "evil"
    assert s.names(s.player(0).objects) == ["Sword"] and "Holy Lance" in s.on_space("village")


@rules("core.alignment.once-per-turn", "core.abilities.on-card")
def test_the_druid_changes_alignment_at_will_but_once_a_turn():
    s = Scenario(["druid"]).no_spells().at(0, "fields-1")
    s.dice(1, 1).start()
    assert {"alignment:good", "alignment:evil"} <= set(s.options())
    s.choose("alignment:good")
    assert s.player(0).alignment == "good"
    assert s.decision.kind == "move"  # no second change: only the move was left, and it was rolled
    s.choose("move:village").choose("nothing")
    assert s.game.turn == 2 and s.decision.kind == "turn"
    assert {"alignment:neutral", "alignment:evil"} <= set(s.options())  # a new turn, a new change
    other = Scenario(["elf"]).no_spells().at(0, "fields-1")
    other.dice(1).start()
    assert other.decision.kind == "move"  # no one else may choose to change


# --- special abilities ----------------------------------------------------------------


@rules("core.abilities.on-card")
def test_every_character_card_lists_its_special_abilities():
    g = Game.new(["warrior"], start=False)
    for key, c in g.rules.characters.items():
        assert c.abilities and all(text.strip() for text in c.abilities), key
    assert any("2 dice" in text for text in g.rules.characters["warrior"].abilities)


@rules("core.abilities.override-rules")
def test_a_special_ability_overrides_the_rules():
    # The rules: one die in battle. The Warrior rolls two and keeps the higher.
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").on_top("adventure", "Ogre")
    go(s, "fields-1", 1, 6, 2, 4)
    assert "6 + 4 Strength = 10 against 4 + 5 = 9" in s.log()
    # The rules: the Crags must be rolled for. The Dwarf need not.
    d = Scenario(["dwarf", "elf"]).no_spells().at(0, "plains-1")
    go(d, "crags", 1)
    assert d.decision.kind == "optional-roll"
    d.choose("skip")
    assert "for the Crags" not in d.log() and d.game.active == 1


@rules("core.characters.default-medium")
def test_characters_are_medium_unless_marked_small_or_large():
    g = Game.new(["warrior"], start=False)
    sizes = {key: c.size for key, c in g.rules.characters.items()}
    assert sizes.pop("dwarf") == "S"
    assert sizes.pop("ghoul") == "L" and sizes.pop("troll") == "L"
    assert set(sizes.values()) == {"M"}
    for chars, die in ((["dwarf"], 4), (["elf"], 6), (["troll"], 8)):
        game = Game.new(chars, start=False)
        assert game.die_size(0) == die
        game.script_dice([die])
        assert game.roll_dice("die", 0) == (die, [die])


# --- Dispel Magic ------------------------------------------------------------------------


@rules("core.dispel-magic")
def test_dispel_magic_ends_an_affliction_on_a_roll_under_craft():
    s = Scenario(["wizard"]).no_spells().at(0, "fields-1").give(0, "Poltergeist")
    s.start()
    assert "dispel" in s.options()  # Craft 5 above Strength 2
    s.dice(1, 3).choose("dispel")  # 4, under Craft 5
    assert s.player(0).followers == [] and "Poltergeist" in s.names(s.game.discards["adventure"])
    assert s.decision.kind == "move" and s.game.turn == 1  # a free action: the move is still to come


@rules("core.dispel-magic")
def test_dispel_magic_fails_on_a_roll_of_craft_or_more_and_once_a_turn():
    s = Scenario(["wizard"]).no_spells().at(0, "fields-1").give(0, "Cursed by a Hag")
    s.dice(2, 3).start().choose("dispel")  # 5: not under Craft 5
    assert s.names(s.player(0).followers) == ["Cursed by a Hag"] and "Dispel Magic fails" in s.log()
    assert "dispel" not in s.options()


@rules("core.dispel-magic")
def test_only_a_character_with_more_craft_than_strength_may_dispel():
    for who in ("warrior", "thief"):  # Craft 2 against Strength 4; Craft 3 against Strength 3
        s = Scenario([who]).no_spells().at(0, "fields-1").give(0, "Poltergeist")
        s.dice(1).start()
        assert s.decision.kind == "move"
    nothing = Scenario(["wizard"]).no_spells().at(0, "fields-1")
    nothing.dice(1).start()
    assert nothing.decision.kind == "move"  # nothing lasting to dispel


@rules("core.strength.trophy-exchange")
def test_trophies_may_be_cashed_in_before_the_dice_of_a_fight():
    s = Scenario(["warrior", "elf"]).no_spells().at(0, "village").trophy(0, "Ogre", "Wolf")
    s.on_top("adventure", "Giant")
    go(s, "fields-1", 1)  # the trade was not made at the start of the turn
    assert s.decision.kind == "combat" and "trophies:strength" in s.options()
    s.dice(2, 1, 1).choose("trophies:strength")  # then the fight, the Warrior now at Strength 5
    assert s.player(0).strength == 5 and s.player(0).trophies == []
    assert "2 + 5 Strength = 7 against 1 + 6 = 7" in s.log() and s.player(0).lives == 4  # a stand-off, not a loss


@rules("core.taming")
def test_an_animal_may_be_tamed_when_it_comes_with_another_enemy():
    """000: any character may try to tame any Enemy-Animal it meets: a Wolf with a Goblin."""
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "village").at(1, "castle").put("fields-1", "Wolf", "Goblin")
    go(s, "fields-1", 1)
    assert s.decision.kind == "combat" and "tame" in s.options()
    s.dice(1, 1, 6, 1).choose("tame")  # 1 + 1 + 2 under Craft 5; then the Goblin alone: 6 + 2 + 1 against 1 + 2
    assert s.names(s.player(0).followers) == ["Wolf"] and "The Wolf is tamed." in s.log()
    assert s.names(s.player(0).trophies) == ["Goblin"] and s.on_space("fields-1") == []


@rules("core.taming")
def test_two_animals_may_each_be_tried_once():
    s = Scenario(["wizard", "elf"]).no_spells().at(0, "village").at(1, "castle").put("fields-1", "Wolf", "Bear")
    go(s, "fields-1", 1)
    tries = [o for o in s.options() if o.startswith("tame:")]
    assert len(tries) == 2
    s.dice(6, 6).choose(tries[0])  # 12 + the Strength: not under Craft 5, so both attack
    assert s.decision.kind == "combat" and [o for o in s.options() if o.startswith("tame:")] == [tries[1]]
