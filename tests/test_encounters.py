"""Encounters (000 "Claiming face up cards", "Encounters in the Middle, Outer &
Far-Outer Regions", "Adventure cards", "Losing a turn").

Board positions used below (the Outer ring runs village, fields-1, graveyard,
woods-1, sentinel, hills-1, chapel, fields-2, crags, ...; the Middle ring runs
portal-of-power, black-knight, hidden-valley, hills-3, ..., warlocks-cave,
desert-1, oasis, desert-2, temple, woods-4, runes-3, castle).
"""

from __future__ import annotations

import pytest

from talisman.testing import Scenario


def space(s: Scenario, sid: str) -> int:
    return s.game.rules.space_index[sid]


def kinds(s: Scenario) -> str | None:
    return s.kind


def arrive(s: Scenario, sid: str, roll: int, *dice: int) -> Scenario:
    return s.arrive(sid, roll, *dice)


def fight(s: Scenario) -> Scenario:
    return s.fight()


# --- claiming face-up cards ------------------------------------------------------


@pytest.mark.rules("encounters.claim-face-up", "encounters.type.items-followers")
def test_objects_followers_and_gold_lying_on_a_space_may_be_claimed():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "hills-1")
    s.put("chapel", "Sword", "Maiden")
    s.game.gold_on[space(s, "chapel")] = 2
    arrive(s, "chapel", 1)
    assert kinds(s) == "take"
    s.choose("Take the Sword").choose("Take the Maiden")
    p = s.player(0)
    assert s.names(p.objects) == ["Sword"] and s.names(p.followers) == ["Maiden"]
    assert p.gold == 1 + 2 and space(s, "chapel") not in s.game.gold_on
    assert s.on_space("chapel") == []


@pytest.mark.rules("encounters.claim-face-up", "encounters.other-spaces")
def test_an_enemy_on_the_space_guards_what_lies_there():
    """With an Enemy there, the cards are an encounter: beaten, the character takes nothing."""
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "hills-1")
    s.put("chapel", "Sword", "Bear")
    s.game.gold_on[space(s, "chapel")] = 2
    fight(arrive(s, "chapel", 1, 1, 1, 6))  # 1 + 4 against 6 + 3
    p = s.player(0)
    assert p.lives == 3 and p.objects == [] and p.gold == 1
    assert sorted(s.on_space("chapel")) == ["Bear", "Sword"]
    assert s.game.gold_on[space(s, "chapel")] == 2
    assert s.game.active == 1


@pytest.mark.rules("encounters.claim-face-up", "encounters.other-spaces", "encounters.type.items-followers")
def test_once_the_enemy_is_dead_the_cards_and_gold_are_free_to_take():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "hills-1")
    s.put("chapel", "Sword", "Bear")
    s.game.gold_on[space(s, "chapel")] = 2
    fight(arrive(s, "chapel", 1, 6, 6, 1))  # 6 + 4 against 1 + 3
    assert kinds(s) == "take"
    s.choose("Take the Sword").end_turn()
    p = s.player(0)
    assert s.names(p.objects) == ["Sword"] and s.names(p.trophies) == ["Bear"]
    assert p.gold == 3


@pytest.mark.rules("encounters.claim-face-up", "encounters.draw-cards-space", "encounters.card-order-number")
def test_on_a_draw_space_cards_lying_there_are_part_of_the_drawn_encounter():
    """The Ruins draw 2: a Sword lying there counts as one, and the Bear drawn is met before it."""
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-5").on_top("adventure", "Bear", "Ogre")
    s.put("ruins", "Sword")
    fight(arrive(s, "ruins", 1, 1, 1, 6))  # beaten by the Bear: the turn ends before the Sword
    assert "The Bear (Strength 3) attacks Warrior." in s.log()
    assert sorted(s.on_space("ruins")) == ["Bear", "Sword"]
    assert s.names(s.game.decks["adventure"][-1:]) == ["Ogre"]  # only one card was drawn
    assert s.player(0).objects == []


# --- the worked example of the Minstrel on the Desert ------------------------------


@pytest.mark.rules("encounters.example-minstrel-desert", "encounters.claim-face-up", "encounters.leftover-cards")
def test_example_minstrel_on_the_desert():
    """The Minstrel lands where the Prophetess, turned into a Toad, left her things.

    Our board is the 4th edition's, whose Desert also draws a card; by 000's own
    rule the cards lying on a space that draws cards form its encounter, met
    after the space's instructions. So here the heat comes first (the Minstrel
    has no Spell yet and loses the life); then, as in the example, he claims the
    gold and the Maiden, takes the Wand and at once draws a Spell, drops the
    Amulet to take the Talisman, and leaves the rest face up.
    """
    s = Scenario(["minstrel", "prophetess"]).no_spells().at(0, "warlocks-cave").at(1, "village")
    s.give(0, "Armour", "Axe", "Amulet")
    s.put("desert-1", "Maiden", "Water Bottle", "Sword", "Wand", "Talisman")
    s.game.gold_on[space(s, "desert-1")] = 2
    s.on_top("spell", "Preservation")
    s.on_top("adventure", "Bear")
    arrive(s, "desert-1", 1)
    p = s.player(0)
    assert p.lives == 3
    assert s.names(s.game.decks["adventure"][-1:]) == ["Bear"]  # nothing drawn on top of five cards
    assert sorted(s.on_space("desert-1")) == ["Maiden", "Sword", "Talisman", "Wand", "Water Bottle"]
    assert kinds(s) == "take"
    s.choose("Take the Maiden").choose("Take the Wand")
    assert s.names(p.spells) == ["Preservation"]  # the Wand fills an empty hand at once
    assert "Take the Talisman" not in s.labels()  # four Objects carried
    s.choose("Drop the Amulet to take the Talisman").choose("done").end_turn()
    assert s.names(p.objects) == ["Armour", "Axe", "Wand", "Talisman"]
    assert s.names(p.followers) == ["Maiden"] and p.gold == 1 + 2
    assert sorted(s.on_space("desert-1")) == ["Amulet", "Sword", "Water Bottle"]


# --- where, and what, a character encounters ------------------------------------------


@pytest.mark.rules("encounters.where")
def test_no_encounter_on_the_starting_space_or_spaces_passed():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-1").at(1, "castle")
    s.put("fields-1", "Bear")
    s.put("graveyard", "Ogre")
    s.on_top("adventure", "Sword")
    arrive(s, "woods-1", 2).choose("Take the Sword")  # passing the Graveyard's Ogre
    assert s.names(s.player(0).objects) == ["Sword"] and s.player(0).lives == 4
    assert s.on_space("fields-1") == ["Bear"] and s.on_space("graveyard") == ["Ogre"]


@pytest.mark.rules(
    "encounters.where",
    "encounters.example-dwarf-hidden-valley",
    "encounters.type.event",
    "encounters.leftover-cards",
    "encounters.card-order-number",
)
def test_example_dwarf_in_the_hidden_valley():
    """The Imp (an Event) goes first and sends the Dwarf to the Ruins, where he has a new encounter;
    the Bear and the Bag of Gold wait as two of the next visitor's three cards."""
    s = Scenario(["dwarf", "troll"]).no_spells().at(0, "black-knight").at(1, "hills-3")
    s.on_top("adventure", "Bear", "Bag of Gold", "Imp", "Sword", "Helmet", "Shield")
    arrive(s, "hidden-valley", 1, 4)  # the Imp's roll of 4: to the Ruins
    assert s.space_of(0) == "ruins"
    assert sorted(s.on_space("hidden-valley")) == ["Bag of Gold", "Bear"]
    assert "Imp" in s.names(s.game.discards["adventure"])
    assert kinds(s) == "take" and sorted(s.on_space("ruins")) == ["Helmet", "Sword"]
    s.choose("Take the Sword").dice(1, 6, 1).choose("Take the Helmet")
    assert s.player(0).gold == 1 and s.player(0).lives == 4  # never met the Bag of Gold or the Bear
    # The Troll lands there next: one card is drawn to make up three, and the Bear attacks.
    fight(s.choose("move:hidden-valley"))
    assert s.names(s.player(1).trophies) == ["Bear"] and s.player(1).gold == 2
    assert s.on_space("hidden-valley") == ["Shield"]


@pytest.mark.rules("encounters.choice", "encounters.character")
def test_with_another_character_there_choose_it_or_the_space():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").at(1, "fields-1")
    s.on_top("adventure", "Bear")
    arrive(s, "fields-1", 1)
    assert kinds(s) == "encounter" and set(s.options()) == {"meet:1", "space"}
    s.choose("meet:1")
    assert kinds(s) == "meet"
    assert "attack:1" in s.options() and "leave" in s.options()
    s.choose("leave")
    # The space was not encountered: the Bear is still the top card of the deck.
    assert s.names(s.game.decks["adventure"][-1:]) == ["Bear"] and s.on_space("fields-1") == []
    assert s.game.active == 1


@pytest.mark.rules("encounters.choice")
def test_choosing_the_space_leaves_the_other_character_alone():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").at(1, "fields-1")
    s.on_top("adventure", "Sword")
    arrive(s, "fields-1", 1).choose("space").choose("Take the Sword")
    assert s.names(s.player(0).objects) == ["Sword"]
    assert s.player(1).lives == 4


@pytest.mark.rules("encounters.character")
def test_encountering_a_character_with_a_special_ability():
    """The Thief may use his ability (take gold or an Object) instead of attacking."""
    s = Scenario(["thief", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Sword")
    arrive(s, "fields-1", 1).choose("meet:1")
    opts = s.options()
    assert "attack:1" in opts and "steal:gold" in opts
    s.choose("Steal the Sword")
    assert s.names(s.player(0).objects) == ["Sword"] and s.player(1).objects == []
    assert s.player(1).lives == 4


# --- spaces that draw cards, and other spaces ---------------------------------------


@pytest.mark.rules("encounters.draw-cards-space")
def test_a_draw_space_makes_up_its_number_from_the_deck():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "black-knight")
    s.put("hidden-valley", "Sword")
    s.on_top("adventure", "Helmet", "Shield", "Axe")
    arrive(s, "hidden-valley", 1)
    assert sorted(s.on_space("hidden-valley")) == ["Helmet", "Shield", "Sword"]
    assert s.names(s.game.decks["adventure"][-1:]) == ["Axe"]


@pytest.mark.rules("encounters.draw-cards-space")
def test_a_draw_space_already_full_draws_nothing():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village")
    s.put("fields-1", "Sword")
    s.on_top("adventure", "Bear")
    arrive(s, "fields-1", 1)
    assert "The cards already on the Fields are the encounter." in s.log()
    s.choose("Take the Sword")
    assert s.names(s.player(0).objects) == ["Sword"]
    assert s.names(s.game.decks["adventure"][-1:]) == ["Bear"]


@pytest.mark.rules("encounters.other-spaces", "encounters.type.enemy-spirit", "encounters.non-hostile-after")
def test_an_enemy_on_a_space_without_cards_must_be_beaten_before_the_space():
    """A Ghost haunting the Chapel attacks first; the good Monk is healed only after it is dead."""
    s = Scenario(["monk", "wizard"]).no_spells().at(0, "hills-1").set(0, lives=2)
    s.put("chapel", "Ghost")
    arrive(s, "chapel", 1, 6, 1)  # 6 + 3 Craft against 1 + 4
    assert "Ghost" in s.names(s.player(0).trophies)
    assert kinds(s) == "choose"  # now the Chapel welcomes the faithful
    s.choose("heal")
    assert s.player(0).lives == 4


@pytest.mark.rules("encounters.other-spaces")
def test_beaten_by_the_enemy_the_space_is_not_visited():
    s = Scenario(["monk", "wizard"]).no_spells().at(0, "hills-1").set(0, lives=2)
    s.put("chapel", "Ghost")
    arrive(s, "chapel", 1, 1, 6)
    assert s.player(0).lives == 1
    assert s.game.active == 1 and s.on_space("chapel") == ["Ghost"]


@pytest.mark.rules("encounters.example-sorceress-runes-oasis", "combat.score")
def test_example_sorceress_and_the_dragon_on_the_runes():
    """A Dragon lying on the Runes is their one card, and adds 2 to its roll there."""
    s = Scenario(["sorceress", "warrior"]).no_spells().at(0, "temple").at(1, "village").set(0, strength=3)
    s.put("runes-3", "Dragon")
    s.on_top("adventure", "Bear")
    arrive(s, "runes-3", 2, 6, 1)  # 6 + 3 = 9 against 1 + 7 + 2 = 10
    assert s.player(0).lives == 3 and s.on_space("runes-3") == ["Dragon"]
    assert "(+2 for the Runes)" in s.log()
    assert s.names(s.game.decks["adventure"][-1:]) == ["Bear"]


@pytest.mark.rules("encounters.example-sorceress-runes-oasis", "encounters.draw-cards-space")
def test_example_sorceress_and_the_hex_on_the_oasis():
    """A Hex on the Oasis strikes her and counts as one of its two cards: she draws one more, a Dragon."""
    s = Scenario(["sorceress", "warrior"]).no_spells().at(0, "temple").at(1, "village").set(0, strength=3)
    s.put("oasis", "Hex")
    s.on_top("adventure", "Dragon", "Bear")
    arrive(s, "oasis", 2, 1, 6)
    assert "The Dragon (Strength 7) attacks Sorceress." in s.log()
    assert s.player(0).lives == 2  # the Hex, then the Dragon
    assert sorted(s.on_space("oasis")) == ["Dragon", "Hex"]
    assert s.names(s.game.decks["adventure"][-1:]) == ["Bear"]


@pytest.mark.rules("encounters.tavern-gambling")
@pytest.mark.parametrize("gold, lives, gold_after", [(0, 3, 0), (2, 4, 1)])
def test_losing_at_gambling_costs_gold_or_a_life(gold, lives, gold_after):
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-5").set(0, gold=gold)
    arrive(s, "tavern", 1, 3)
    assert (s.player(0).lives, s.player(0).gold) == (lives, gold_after)


@pytest.mark.rules("encounters.card-order-number", "encounters.non-hostile-after", "encounters.type.stranger-place")
def test_cards_are_met_lowest_number_first():
    """A Healer (4) drawn before a Bear (2) helps only once the Bear is dead."""
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-5").set(0, lives=2)
    s.on_top("adventure", "Healer", "Bear")
    fight(arrive(s, "ruins", 1, 6, 6, 1))
    assert s.player(0).lives == 4  # then the Healer heals 2
    assert s.on_space("ruins") == ["Healer"]  # Strangers stay
    assert s.log().index("Warrior kills the Bear") < s.log().index("Warrior is healed")


@pytest.mark.rules("encounters.non-hostile-after")
def test_a_stranger_is_not_met_when_the_enemy_wins():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-5").set(0, lives=2)
    s.on_top("adventure", "Healer", "Bear")
    fight(arrive(s, "ruins", 1, 1, 1, 6))
    assert s.player(0).lives == 1
    assert sorted(s.on_space("ruins")) == ["Bear", "Healer"]


@pytest.mark.rules("encounters.non-hostile-after", "encounters.type.event")
def test_events_come_before_enemies_and_strangers():
    """A Devil (1) strikes the good Monk before the Bear (2) drawn with it fights."""
    s = Scenario(["monk", "wizard"]).no_spells().at(0, "fields-5")
    s.on_top("adventure", "Bear", "Devil")
    fight(arrive(s, "ruins", 1, 6, 1))
    log = s.log()
    assert log.index("Event: Devil.") < log.index("The Bear (Strength 3) attacks Monk.")
    assert s.player(0).lives == 3 and "Devil" in s.names(s.game.discards["adventure"])


@pytest.mark.rules("encounters.relocated-cards")
def test_a_card_placed_elsewhere_does_not_affect_who_drew_it():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village")
    s.on_top("adventure", "Ghost", "Sword")
    arrive(s, "fields-1", 1, 4)  # the Ghost flies to the Chapel
    assert s.on_space("chapel") == ["Ghost"] and s.on_space("fields-1") == []
    assert s.player(0).lives == 4 and s.player(0).objects == []
    assert s.names(s.game.decks["adventure"][-1:]) == ["Sword"]
    assert s.game.active == 1


# --- the kinds of Adventure card ----------------------------------------------------


@pytest.mark.rules("encounters.type.event")
def test_an_event_is_followed_then_discarded():
    s = Scenario(["monk", "wizard"]).no_spells().at(0, "village")
    s.on_top("adventure", "Devil")
    arrive(s, "fields-1", 1)
    assert s.player(0).lives == 3
    assert s.on_space("fields-1") == [] and "Devil" in s.names(s.game.discards["adventure"])


@pytest.mark.rules("encounters.type.event", "encounters.losing-a-turn")
def test_an_event_that_loses_a_turn_ends_the_turn_at_once():
    """The Storm: the character may not meet the other cards drawn, and loses its next turn."""
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "black-knight").at(1, "village")
    s.on_top("adventure", "Storm", "Bear", "Bag of Gold")
    arrive(s, "hidden-valley", 1)
    assert s.player(0).lost_turns == 1 and s.player(0).gold == 1 and s.player(0).lives == 4
    assert sorted(s.on_space("hidden-valley")) == ["Bag of Gold", "Bear"]
    assert s.game.active == 1


@pytest.mark.rules("encounters.type.enemy-physical", "combat.when")
def test_an_animal_attacks_in_battle():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "village")
    s.on_top("adventure", "Bear")
    fight(arrive(s, "fields-1", 1, 1, 6))  # 1 + 6 against 6 + 3
    assert "Troll fights the Bear in battle" in s.log()
    assert s.player(0).lives == 3 and s.on_space("fields-1") == ["Bear"]


@pytest.mark.rules("encounters.type.enemy-physical")
def test_a_defeated_animal_is_kept_as_a_trophy():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Bear")
    fight(arrive(s, "fields-1", 1, 5, 1))
    assert s.names(s.player(0).trophies) == ["Bear"] and s.on_space("fields-1") == []


@pytest.mark.rules("encounters.type.enemy-spirit", "combat.psychic.when")
def test_a_spirit_attacks_in_psychic_combat():
    """Against a Lemure (Craft 1) the Troll's Strength 6 is no use: his Craft 1 counts."""
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-5")
    s.on_top("adventure", "Lemure")
    arrive(s, "ruins", 1, 2, 3)  # 2 + 1 against 3 + 1
    assert "Troll fights the Lemure in psychic combat" in s.log()
    assert s.player(0).lives == 3


@pytest.mark.rules("encounters.type.stranger-place")
def test_a_place_follows_its_card():
    """The Marsh: a weak character loses a turn there; the card stays."""
    s = Scenario(["sorceress", "warrior"]).no_spells().at(0, "village").at(1, "city")
    s.on_top("adventure", "Marsh")
    arrive(s, "fields-1", 1)
    assert s.player(0).lost_turns == 1 and s.on_space("fields-1") == ["Marsh"]


@pytest.mark.rules("encounters.type.items-followers")
def test_an_object_the_character_may_not_own_is_left():
    """The Runesword is not for the good: the Monk cannot take it."""
    s = Scenario(["monk", "wizard"]).no_spells().at(0, "village")
    s.on_top("adventure", "Runesword")
    arrive(s, "fields-1", 1)
    assert s.player(0).objects == [] and s.on_space("fields-1") == ["Runesword"]


@pytest.mark.rules("encounters.type.items-followers")
def test_a_follower_asking_for_pay_is_hired_only_with_gold():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").set(0, gold=0)
    s.on_top("adventure", "Mercenary")
    arrive(s, "fields-1", 1)
    assert s.player(0).followers == [] and s.on_space("fields-1") == ["Mercenary"]
    s2 = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").set(0, gold=2)
    s2.on_top("adventure", "Mercenary")
    arrive(s2, "fields-1", 1).choose("Hire the Mercenary")
    assert s2.names(s2.player(0).followers) == ["Mercenary"] and s2.player(0).gold == 1


@pytest.mark.rules("encounters.leftover-cards")
def test_a_stand_off_leaves_the_enemy_face_up():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Bear")
    fight(arrive(s, "fields-1", 1, 3, 2, 4))  # 3 + 4 against 4 + 3
    assert s.on_space("fields-1") == ["Bear"] and s.player(0).lives == 4 and s.game.active == 1


@pytest.mark.rules("encounters.leftover-cards")
def test_items_not_taken_stay_face_up():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "black-knight")
    s.on_top("adventure", "Sword", "Helmet", "Maiden")
    arrive(s, "hidden-valley", 1).choose("Take the Helmet").choose("done")
    assert sorted(s.on_space("hidden-valley")) == ["Maiden", "Sword"]
    assert s.game.active == 1


# --- losing a turn ------------------------------------------------------------------------


@pytest.mark.rules("encounters.losing-a-turn")
def test_a_lost_turn_is_spent_standing_up():
    s = Scenario(["warrior"]).no_spells().at(0, "fields-5")
    arrive(s, "tavern", 1, 1, 2)  # drinks too much; then a 2 to move
    log = s.log()
    assert "Turn 2 (round 2): Warrior on the Tavern.\nWarrior spends this turn recovering.\nTurn 3" in log
    # Turn 3: it acts normally again (here it has rolled a 2 to move).
    assert s.game.turn == 3 and kinds(s) == "move" and s.player(0).lost_turns == 0


@pytest.mark.rules("encounters.losing-a-turn")
def test_a_character_lying_down_casts_no_spell():
    """Losing its turn, the Wizard is not offered its Spells when another's turn begins, nor in its own."""
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").at(1, "city")
    s.give(1, "Healing")
    s.set(1, lost_turns=1, lives=2)
    s.dice(1).start()
    assert s.decision.player == 0 and kinds(s) == "move"
    s.on_top("adventure", "Helmet")
    s.dice(3).choose("move:fields-1").choose("Take the Helmet")
    assert "Wizard spends this turn recovering." in s.log()
    assert s.game.turn == 3 and s.player(1).lives == 2 and s.names(s.player(1).spells) == ["Healing"]
    # Its piece stood up again, it may cast at the start of the Warrior's turn.
    assert s.decision.player == 1 and kinds(s) == "others-turn"


@pytest.mark.rules("encounters.losing-a-turn-defence", "combat.pvp.magic")
def test_a_character_losing_a_turn_still_defends_with_spells():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.set(1, lost_turns=1)
    s.give(1, "Invisibility")
    arrive(s, "fields-1", 1).choose("meet:1").choose("attack:1")
    assert s.decision.player == 1 and kinds(s) == "defend"
    s.choose("Invisibility")
    assert s.player(1).lives == 4 and s.player(0).lives == 4
    log = s.log()
    assert log.index("Warrior evades Wizard.") < log.index("Warrior spends this turn recovering.")
