"""Rules of 000's core chapter whose cards come with expansions: Scrolls,
Abilities, Titles and Realms, Magic Items, and characters no player may choose.
They run on the test-only module ``test-extras`` (tests/fixtures/extras)."""

from __future__ import annotations

import pytest

from talisman import ConfigError, Game
from talisman.engine import stats
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

EXTRAS = ("core", "test-extras")


def extras(*chars: str, **kw) -> Scenario:
    return Scenario(list(chars), modules=EXTRAS, **kw).no_spells()


# --- Scrolls -------------------------------------------------------------------------


@pytest.mark.rules("spells-scrolls.scroll.unlimited", "spells-scrolls.scroll.gaining")
def test_scrolls_have_no_limit_and_do_not_encumber():
    s = extras("warrior", "wizard").set(0, craft=1)
    s.give(0, "Sword", "Shield", "Helmet", "Axe")
    g = s.game
    for _ in range(4):
        g.push("effects", p=0, list=[{"take_card": {"deck": "scroll"}}], ctx={})
        g.advance()
    p = s.player(0)
    assert sorted(s.names(p.cards)) == ["Scroll of Mending", "Scroll of Mending", "Scroll of Might", "Scroll of Might"]
    assert len(p.objects) == 4 and not p.packed  # four Objects still carried: Scrolls weigh nothing
    assert g.decks["scroll"] == []
    check_conservation(g)


@pytest.mark.rules("spells-scrolls.scroll.gaining")
def test_the_scroll_discards_are_shuffled_into_a_new_stockpile():
    s = extras("warrior", "wizard")
    g = s.game
    g.discards["scroll"] = list(g.decks["scroll"])
    g.decks["scroll"] = []
    g.push("effects", p=0, list=[{"take_card": {"deck": "scroll"}}], ctx={})
    g.advance()
    assert len(s.player(0).cards) == 1 and len(g.decks["scroll"]) == 3 and g.discards["scroll"] == []
    assert "Scroll discards are shuffled" in s.log()


@pytest.mark.rules("spells-scrolls.scroll.hidden")
def test_scrolls_are_hidden_from_other_players():
    s = extras("warrior", "wizard").give(0, "Scroll of Might")
    mine, theirs = s.game.view(0)["players"][0], s.game.view(1)["players"][0]
    assert [c["name"] for c in mine["scrolls"]] == ["Scroll of Might"]
    assert "scrolls" not in theirs and theirs["scroll_count"] == 1


@pytest.mark.rules("spells-scrolls.scroll.reading", "spells-scrolls.scroll.card-text")
def test_a_scroll_is_read_as_its_card_says_then_discarded():
    s = extras("warrior", "wizard").set(0, lives=2).give(0, "Scroll of Mending")
    s.start()
    assert any("Read the Scroll Scroll of Mending on the Warrior" in label for label in s.labels())
    s.choose("Scroll of Mending on the Warrior")
    assert s.player(0).lives == 4
    assert s.player(0).cards == []
    assert s.names(s.game.discards["scroll"]) == ["Scroll of Mending"]
    assert "reads the Scroll" in s.log()


@pytest.mark.rules("spells-scrolls.scroll.reading")
def test_a_combat_scroll_is_read_before_the_dice_and_not_on_the_move():
    s = extras("warrior", "wizard").set(0, craft=4).give(0, "Scroll of Might")
    s.at(0, "village").on_top("adventure", "Giant").dice(1).start()
    assert not any("Scroll" in label for label in s.labels())  # not a turn-start Scroll
    s.choose("move:fields-1")
    # Read before the battle; then "fight" is the only choice left and is taken at once.
    s.dice(1, 1, 6).choose("Read the Scroll")  # Warrior 1,1 + 4 Strength + 4 Craft = 9 against Giant 6 + 6 = 12
    assert "1 + 8 Strength = 9" in s.log()
    assert s.names(s.game.discards["scroll"]) == ["Scroll of Might"]


@pytest.mark.rules("spells-scrolls.scroll.range")
def test_scrolls_reach_characters_anywhere_but_not_creatures_of_the_inner_region():
    s = extras("warrior", "wizard").at(1, "crypt").set(1, lives=1).give(0, "Scroll of Mending")
    s.start()
    s.choose("Scroll of Mending on the Wizard")  # the Wizard is in the Inner Region, far away
    assert s.player(1).lives == 4
    # Invisibility-like evasion is the Spells' business; creatures of the Inner Region ignore
    # magic aimed at them (inner-region.creatures-immune), which the Scroll table shares.
    from talisman.engine.spells import cast_options

    s2 = extras("warrior", "wizard").give(0, "Scroll of Might")
    fight = {"foes": [], "adhoc": [{"name": "Werewolf", "strength": 10}], "evadable": False, "mode": "strength"}
    assert cast_options(s2.game, 0, "combat", [], combat=fight)  # a Scroll on oneself still works there


def test_toads_cannot_read_scrolls_and_drop_them():
    s = extras("warrior", "wizard").give(0, "Scroll of Mending")
    from talisman.engine.transform import become_toad

    become_toad(s.game, 0, 3)
    assert s.player(0).cards == []
    assert "Scroll of Mending" in s.on_space("tavern")


# --- Abilities ---------------------------------------------------------------------------


@pytest.mark.rules("core.abilities.purchase")
def test_buying_a_spell_may_buy_an_ability_for_one_gold_more():
    s = extras("warrior", "wizard").set(0, gold=3, craft=4).at(0, "village").put("fields-1", "Sorcerer")
    s.dice(1).start().choose("move:fields-1")
    assert "buy-spell-ability" in s.options()
    s.choose("buy-spell-ability")
    p = s.player(0)
    assert p.gold == 1 and len(p.spells) == 1
    assert s.names(p.cards) == ["Stealth"]
    assert "evade-anywhere" in stats.traits(s.game, 0)


def test_without_abilities_in_play_the_sorcerer_sells_spells_only():
    s = Scenario(["warrior", "wizard"]).no_spells().set(0, gold=3, craft=4).at(0, "village").put("fields-1", "Sorcerer")
    s.dice(1).start().choose("move:fields-1")
    assert "buy-spell" in s.options() and "buy-spell-ability" not in s.options()


# --- Titles and Realms ------------------------------------------------------------------


def entitled_warrior() -> Scenario:
    s = extras("warrior", "wizard").at(0, "village").on_top("adventure", "Entitlement")
    s.dice(1).start().choose("move:fields-1")
    return s


@pytest.mark.rules("core.noblemen.entitlement")
def test_entitlement_grants_a_random_title_and_a_realm_on_an_unoccupied_space():
    s = entitled_warrior()
    assert s.decision.kind == "realm"
    assert "realm:fields-1" not in s.options() and "realm:graveyard" not in s.options()  # occupied spaces
    s.choose("realm:chapel")
    p = s.player(0)
    assert s.names(p.cards) in (["Baron"], ["Count"])
    assert s.game.globals["realms"][0]["space"] == s.game.rules.space_index["chapel"]
    assert "prayer-bonus:1" in stats.traits(s.game, 0)
    check_conservation(s.game)


@pytest.mark.rules("core.realms.tithing")
def test_others_leave_a_tithe_when_passing_over_or_landing_on_a_realm():
    s = entitled_warrior().set(1, gold=2).on_top("adventure", "Bag of Gold")
    g = s.game
    s.dice(2).choose("realm:woods-1")  # then the Wizard rolls 2 from the Graveyard
    s.choose("move:sentinel")  # passing over the Woods and its Realm: gold is its only tithe
    assert "Wizard leaves 1 gold at the Realm" in s.log()
    realm = g.globals["realms"][0]
    assert realm["gold"] == 1 and g.players[1].gold == 1 + 1  # 1 left after the tithe, +1 Bag of Gold
    check_conservation(g)


@pytest.mark.rules("core.realms.tithing", "core.realms.collecting")
def test_an_object_left_as_tithe_waits_for_the_noble_to_collect_it():
    s = entitled_warrior().give(1, "Sword").set(1, gold=0).on_top("adventure", "Bag of Gold", "Bag of Gold")
    g = s.game
    s.dice(1, 2).choose("realm:woods-1")  # the Wizard rolls 1, the Warrior then rolls 2
    g.players[0].space = g.rules.space_index["graveyard"]
    s.choose("roll").choose("move:woods-1")  # the Wizard lands on the Realm; its only tithe is the Sword
    assert "Wizard leaves the Sword at the Realm" in s.log()
    assert s.names(g.globals["realms"][0]["cards"]) == ["Sword"]
    check_conservation(g)
    s.choose("move:sentinel")  # the Warrior passes over his own Realm
    assert "Sword" in s.names(g.players[0].objects)
    assert g.globals["realms"][0]["cards"] == []
    assert "collects the tithes" in s.log()
    check_conservation(g)


@pytest.mark.rules("core.realms.collecting")
def test_the_noble_collects_only_by_visiting_the_realm():
    s = entitled_warrior().on_top("adventure", "Bag of Gold")
    g = s.game
    s.dice(1).choose("realm:woods-1")
    g.globals["realms"] = [dict(g.globals["realms"][0], gold=3)]
    gold = g.players[0].gold
    s.choose("move:black-knight" if "move:black-knight" in s.options() else "move:fields-1")
    assert g.players[0].gold == gold and g.globals["realms"][0]["gold"] == 3


@pytest.mark.rules("core.realms.tithing")
def test_a_realm_falls_when_its_noble_dies():
    from talisman.engine.lives import kill

    s = entitled_warrior()
    s.dice(1).choose("realm:woods-1")
    g = s.game
    g.globals["realms"] = [dict(g.globals["realms"][0], gold=2)]
    kill(g, 0, "a test")
    assert "realms" not in g.globals
    assert g.gold_on[g.rules.space_index["woods-1"]] == 2
    check_conservation(g)


# --- Magic Items ---------------------------------------------------------------------------


@pytest.mark.rules("core.magic-items.aligned", "purchase-talisman.magic-item-talisman")
def test_a_magic_item_gives_its_owner_more_and_is_his_talisman():
    from talisman.engine import movement

    s = extras("warrior", "wizard").give(0, "Warrior's Blade")
    g = s.game
    assert stats.strength(g, 0, battle=True) == 4 + 3
    assert stats.has_trait(g, 0, "evade-anywhere")
    valley = g.rules.space_index["valley-of-fire"]
    assert movement.may_enter(g, 0, valley)
    # In another's hands it is only a lesser weapon, and no Talisman.
    card = g.players[0].objects.pop()
    g.players[1].objects.append(card)
    assert stats.strength(g, 1, battle=True) == 2 + 1
    assert not stats.has_trait(g, 1, "evade-anywhere")
    assert not movement.may_enter(g, 1, valley)


def test_magic_items_count_against_the_four_objects():
    s = extras("warrior", "wizard").give(0, "Sword", "Shield", "Helmet", "Axe")
    from talisman.engine import possessions

    card = s.find("Warrior's Blade")
    assert not possessions.room_for_item(s.game, 0) and s.game.rules.instances[card].is_item


# --- characters no player may choose ---------------------------------------------------------


@pytest.mark.rules("core.setup.emperors-guard-not-playable")
def test_the_emperors_guard_is_never_a_players_character():
    with pytest.raises(ConfigError, match="cannot be chosen"):
        Game.new(["emperors-guard", "warrior"], modules=EXTRAS)
    for seed in range(40):
        g = Game.new(players=6, modules=EXTRAS, seed=seed)
        assert all(p.character != "emperors-guard" for p in g.players)


@pytest.mark.rules("core.setup.emperors-guard-not-playable")
def test_each_piece_starts_on_its_cards_starting_space():
    g = Game.new(["troll", "priest", "thief"], seed=1, start=False)
    starts = [g.rules.spaces[p.space].id for p in g.players]
    assert starts == ["crags", "chapel", "city"]
