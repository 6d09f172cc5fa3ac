"""The five characters of the 4th-edition Dungeon (module ``dungeon-characters``):
their abilities and 000's exceptions for them, with scripted dice. Places of
the City and the Dungeon come from the test module ``test-lands``."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation
from talisman.errors import ScriptError
from talisman.testing import Scenario

DC = ("dungeon-characters",)
LANDS = ("test-lands",)
ON_CARD = "core.abilities.on-card"


def play(chars: list[str], modules=DC, **kw) -> Scenario:
    return Scenario(chars, modules=modules, **kw).no_spells()


def move(s: Scenario, space: str, *dice: int) -> Scenario:
    """Start the turn, roll (the first die) and move to ``space``; the rest of ``dice`` is scripted for what follows."""
    s.dice(*dice).start()
    if s.kind == "turn":
        s.choose("roll")
    if s.kind == "move":
        s.choose(f"move:{space}")
    assert s.space_of(s.game.active) == space
    return s


@pytest.mark.rules(
    "dungeon-4e.new-characters",
    "dungeon-4e.partial-use",
    "core.characters.default-medium",
    "characters-exceptions.amazon",
    "characters-exceptions.swashbuckler",
)
def test_the_five_characters_are_played_without_the_dungeon_board():
    g = Game.new(["gladiator", "amazon", "swashbuckler", "gypsy", "philosopher"], modules=DC, seed=3)
    assert "dungeon" not in g.rules.regions
    sizes = {p.character: g.rules.characters[p.character].size for p in g.players}
    assert sizes == {"gladiator": "M", "amazon": "L", "swashbuckler": "M", "gypsy": "M", "philosopher": "M"}
    assert [g.die_size(i) for i in range(5)] == [6, 8, 6, 6, 6]
    assert [p.lives for p in g.players] == [4] * 5 and [p.gold for p in g.players] == [1] * 5
    assert g.rules.characters["swashbuckler"].abilities[-1] == "(000) No exceptions."
    check_conservation(g)


# --- the Gladiator ------------------------------------------------------------------------


@pytest.mark.rules(ON_CARD)
def test_the_gladiator_begins_with_a_helmet_and_adds_one_to_armour_rolls():
    s = play(["gladiator"]).at(0, "village").on_top("adventure", "Giant")
    assert s.names(s.player(0).objects) == ["Helmet"]
    move(s, "fields-1", 1, 1, 6, 5)  # 1 + 4 = 5 against 6 + 6; the Helmet needs 6: 5 + 1 holds
    assert s.player(0).lives == 4
    assert "armour holds (rolled 5+1, needed 6+)" in s.log()
    check_conservation(s.game)


@pytest.mark.rules(ON_CARD)
def test_the_gladiator_armour_roll_still_fails_below_the_mark():
    s = play(["gladiator"]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 1, 6, 4)  # 4 + 1 = 5: the Helmet fails
    assert s.player(0).lives == 3


@pytest.mark.rules(ON_CARD)
def test_each_follower_adds_one_to_the_gladiators_strength_in_battle():
    s = play(["gladiator"]).at(0, "village").on_top("adventure", "Giant").give(0, "Maiden", "Mule")
    move(s, "fields-1", 1, 3, 1)
    assert "Gladiator fights the Giant in battle: 3 + 6 Strength = 9 against 1 + 6 = 7." in s.log()


@pytest.mark.rules("characters-exceptions.gladiator")
def test_the_gladiator_trains_the_errand_boy_who_stays_in_the_city():
    s = play(["gladiator"], modules=LANDS).at(0, "six-fates-inn").on_top("city", "Errand Boy")
    move(s, "flask-street", 5)  # the street draws a City card: the Errand Boy
    assert s.kind == "card-ability"
    s.choose("train")
    assert s.names(s.player(0).followers) == ["Errand Boy"]
    s.end_turn()
    # Leaving the City (here by the Gate's way out to the main board) the boy stays behind.
    s.game.push("arrive", p=0, space=s.game.rules.space_index["tavern"], how="teleport")
    s.game.advance()
    assert s.player(0).followers == [] and "stays behind in the City" in s.log()
    check_conservation(s.game)


@pytest.mark.rules("characters-exceptions.gladiator")
def test_without_the_city_the_gladiators_training_sleeps():
    s = play(["gladiator"])
    g = s.game
    assert "city" not in g.rules.regions and "Errand Boy" not in g.rules.by_name
    from talisman.engine.abilities import card_options

    s.put("fields-1", "Mule")
    assert card_options(g, 0, g.cards_on(g.rules.space_index["fields-1"])[0]) == []


# --- the Amazon ----------------------------------------------------------------------------


@pytest.mark.rules(ON_CARD)
def test_the_amazon_may_roll_two_dice_to_move_and_keep_either():
    s = play(["amazon"]).at(0, "village").dice(2, 7).start()
    s.choose("roll-two")
    assert s.labels() == ["Move 2", "Move 7"]
    s.choose("Move 7")
    assert s.kind == "move" and all(o.startswith("move:") for o in s.options())


@pytest.mark.rules(ON_CARD)
def test_the_amazon_fights_once_more_after_losing():
    s = play(["amazon"]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 1, 6)  # 1 + 3 = 4 against 6 + 6 = 12: lost
    assert s.kind == "lost-fight" and s.player(0).lives == 4
    s.dice(8, 1).choose("rematch")  # 8 + 3 = 11 against 1 + 6 = 7: the Giant dies
    assert s.player(0).lives == 4 and s.names(s.player(0).trophies) == ["Giant"]


@pytest.mark.rules(ON_CARD)
def test_the_amazons_second_result_stands():
    s = play(["amazon"]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 3, 3)  # 3 + 3 = 6 against 3 + 6 = 9
    s.dice(1, 6).choose("rematch")  # lost again: no third try
    assert s.kind != "lost-fight"
    assert s.player(0).lives == 3


@pytest.mark.rules(ON_CARD)
def test_the_amazon_may_fight_again_after_a_stand_off():
    s = play(["amazon"]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 6, 3)  # 6 + 3 = 9 against 3 + 6 = 9: a stand-off
    assert s.kind == "lost-fight" and "A stand-off" in s.decision.prompt
    s.choose("accept")
    assert s.player(0).lives == 4 and "Stand-off between Amazon and the Giant" in s.log()


@pytest.mark.rules("characters-exceptions.amazon", "characters-exceptions.large-dungeon-d4")
def test_in_the_dungeon_the_amazon_rolls_one_d4():
    from talisman.engine.abilities import turn_options
    from talisman.engine.movement import move_options

    s = play(["amazon"], modules=LANDS).at(0, "dungeon-entrance")
    g = s.game
    assert [o[1] for o in move_options(g, 0)] == ["Roll the D4 to move"]
    assert "roll-two" not in [o.id for o in turn_options(g, 0, [])]
    with pytest.raises(ScriptError):
        s.dice(5).start()  # the only choice, rolling, is taken at once: a D4 cannot show 5
    s.at(0, "village")
    assert [o[1] for o in move_options(g, 0)] == ["Roll the D8 to move"]
    assert "roll-two" in [o.id for o in turn_options(g, 0, [])]


# --- the Swashbuckler ------------------------------------------------------------------------


@pytest.mark.rules(ON_CARD)
def test_the_swashbuckler_duels_and_fights_better_for_a_maiden():
    s = play(["swashbuckler", "warrior"]).at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1, 2, 1, 1).choose("meet:1").choose("attack:1")
    assert "Swashbuckler scores 2 + 4 = 6; Warrior scores 1 + 4 = 5." in s.log()  # 3 Strength + 1 in a duel
    s2 = play(["swashbuckler"]).at(0, "village").on_top("adventure", "Giant").give(0, "Maiden")
    move(s2, "fields-1", 1, 3, 1)
    assert "Swashbuckler fights the Giant in battle: 3 + 4 Strength" in s2.log()  # 3 + 1 for the Maiden
    s3 = play(["swashbuckler"]).at(0, "village").on_top("adventure", "Giant")
    move(s3, "fields-1", 1, 3, 1)
    assert "Swashbuckler fights the Giant in battle: 3 + 3 Strength" in s3.log()  # no duel, no Maiden


# --- the Gypsy --------------------------------------------------------------------------------


@pytest.mark.rules("characters-exceptions.gypsy", "spells-scrolls.scroll.gaining")
def test_the_gypsy_may_begin_with_a_scroll_when_scrolls_are_in_play():
    s = Scenario(["gypsy"], modules=LANDS).start()
    assert s.kind == "start-scroll"
    spell = s.player(0).spells[0]
    s.choose(f"swap:{spell}")
    p = s.player(0)
    assert p.spells == [] and s.names(p.cards) == ["Scroll of Light"]
    assert s.game.decks["spell"][0] == spell  # the Spell went to the bottom of its deck
    check_conservation(s.game)
    plain = Scenario(["gypsy"], modules=DC).start()
    assert (
        plain.kind != "start-scroll" and len(plain.player(0).spells) == 1
    )  # no Scrolls in this game: the choice sleeps
    assert "start-scroll" not in [e.text for e in plain.game.events]


@pytest.mark.rules(ON_CARD)
def test_the_gypsy_tells_fortunes_for_gold_and_sees_the_next_card():
    s = play(["gypsy", "warrior"]).at(0, "village").at(1, "fields-1").on_top("adventure", "Bear")
    move(s, "fields-1", 1).choose("meet:1").choose("fortune")
    assert s.player(0).gold == 2 and s.player(1).gold == 0
    seen = [e for e in s.game.events if "sees the next Adventure card" in e.text]
    assert seen and seen[-1].text.endswith("Bear.") and seen[-1].private == 0
    assert "Bear" not in seen[-1].text_for(1)


@pytest.mark.rules("characters-exceptions.gypsy")
def test_the_gypsy_claims_a_scroll_another_character_reads():
    s = Scenario(["wizard", "gypsy"], modules=LANDS).no_spells()
    s.give(0, "Scroll of Light").set(0, lives=3)
    s.start()
    s.choose("Scroll of Light on the Wizard")
    assert s.kind == "claim-scroll" and s.decision.player == 1
    s.choose("claim")
    assert s.names(s.player(1).cards) == ["Scroll of Light"] and s.player(0).lives == 4
    check_conservation(s.game)


@pytest.mark.rules("characters-exceptions.gypsy")
def test_a_gypsy_holding_a_scroll_claims_none():
    s = Scenario(["wizard", "gypsy"], modules=LANDS).no_spells()
    s.give(0, "Scroll of Light").give(1, "Scroll of Light").set(0, lives=3).start()
    s.choose("Scroll of Light on the Wizard")
    assert s.kind != "claim-scroll"
    assert len(s.game.discards["scroll"]) == 1


# --- the Philosopher ----------------------------------------------------------------------------


@pytest.mark.rules("characters-exceptions.philosopher", ON_CARD)
def test_the_philosopher_sees_only_the_next_card_of_his_own_board():
    s = play(["philosopher"], modules=LANDS).on_top("adventure", "Wolf").on_top("dungeon", "Torch").start()
    s.choose("foresight")
    assert "sees the next Adventure card: Wolf." in s.log() and "Torch" not in s.log()
    assert "foresight" not in s.options()  # once a turn
    d = (
        play(["philosopher"], modules=LANDS)
        .at(0, "tunnel")
        .on_top("adventure", "Wolf")
        .on_top("dungeon", "Torch")
        .start()
    )
    d.choose("foresight")
    assert "sees the next Dungeon card: Torch." in d.log() and "Wolf" not in d.log()


@pytest.mark.rules(ON_CARD)
def test_the_philosopher_argues_a_character_round_to_his_alignment():
    s = play(["philosopher", "wizard"]).at(0, "fields-3").at(1, "city")
    move(s, "city", 1).choose("meet:1").dice(6, 1).choose("persuade")
    assert s.player(1).alignment == "neutral" and "Wizard becomes neutral" in s.log()
    t = play(["philosopher", "wizard"]).at(0, "fields-3").at(1, "city")
    move(t, "city", 1).choose("meet:1").dice(1, 6).choose("persuade")
    assert t.player(1).alignment == "evil" and "not convinced" in t.log()


@pytest.mark.rules(ON_CARD)
def test_the_gypsy_peddles_her_magic():
    s = Scenario(["gypsy"], modules=DC).start()
    spell = s.player(0).spells[0]
    s.choose(f"sell-spell:{spell}")
    p = s.player(0)
    assert p.spells == [] and p.gold == 2 and spell in s.game.discards["spell"]
    assert not [o for o in s.options() if o.startswith("sell-spell")]
