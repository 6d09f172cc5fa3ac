"""000's Talisman Disasters (module ``disasters``): twelve Adventure cards numbered 0,
played at once on the space they name (the drawer choosing among several), striking
who stands there, and lying there for the rest of the game."""

from __future__ import annotations

import tomllib

import pytest

from talisman import Game
from talisman.content.modules import get_module
from talisman.engine import effects
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

DIS = ("disasters",)


def game(*chars: str, modules: tuple[str, ...] = DIS) -> Scenario:
    return Scenario(list(chars or ("warrior", "wizard", "thief")), modules=modules).no_spells()


def draw_on_fields(s: Scenario, *cards: str, dice: tuple[int, ...] = ()) -> Scenario:
    """Seat 0 moves from the Village to the first Fields, where ``cards`` are drawn in order."""
    s.at(0, "village").on_top("adventure", *cards).dice(1, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose("move:fields-1")


def disaster_cards() -> dict[str, dict[str, object]]:
    folder = get_module("disasters").content_dir
    assert folder is not None
    return tomllib.loads((folder / "disasters.toml").read_text())["card"]


# --- the deck ---------------------------------------------------------------------------------


@pytest.mark.rules("disasters.deck")
def test_twelve_disasters_join_the_adventure_deck_nine_outer_one_middle_two_inner():
    rules = game().game.rules
    ours = [c for c in rules.instances if c.subtype == "disaster"]
    assert len(ours) == 12 and {c.deck for c in ours} == {"adventure"}
    regions = [c.on_draw[0]["disaster"]["region"] for c in ours]
    assert (regions.count("outer"), regions.count("middle"), regions.count("inner")) == (9, 1, 2)
    g = game().game
    assert sum(1 for c in g.decks["adventure"] if g.rules.instances[c].subtype == "disaster") == 12
    base = Game.new(["warrior", "wizard"], seed=0, start=False)
    assert not any(c.subtype == "disaster" for c in base.rules.instances)
    assert all(c.get("design") == "our-own" for c in disaster_cards().values())


@pytest.mark.rules("disasters.identification")
def test_a_disaster_is_numbered_0_and_labelled_disaster_and_is_met_before_any_other_card():
    ours = [c for c in game().game.rules.instances if c.subtype == "disaster"]
    assert all(c.number == 0 and c.text.startswith("Disaster") for c in ours)
    s = game("warrior", "wizard").put("woods-1", "Bag of Gold", "Wildfire").at(0, "graveyard").dice(1, 6).start()
    s.choose("move:woods-1")
    log = s.log()
    assert log.index("embers of the Burnt Woods") < log.index("gains 1 gold")


# --- played at once ---------------------------------------------------------------------------


@pytest.mark.rules("disasters.immediate", "disasters.choose-space")
def test_a_disaster_drawn_is_played_at_once_and_its_drawer_chooses_among_the_spaces_of_its_kind():
    s = draw_on_fields(game(), "Wildfire", "Bag of Gold")
    assert s.kind == "disaster-space"  # before anything on the Fields is met
    assert s.options() == ["space:woods-1", "space:woods-2", "space:woods-3"]  # the Outer Woods, not the Middle's
    assert s.player(0).gold == 1
    s.choose("space:woods-3")
    assert s.on_space("woods-3") == ["Wildfire"]
    # another card is drawn on the Fields in the Wildfire's place, and met
    assert "Wildfire" not in s.on_space("fields-1")
    assert s.player(0).gold == 2


@pytest.mark.rules("disasters.choose-space")
def test_a_disaster_of_a_space_the_board_has_once_strikes_it_without_a_choice():
    s = draw_on_fields(game(), "Plague", "Bag of Gold")
    assert s.kind != "disaster-space"
    assert s.on_space("village") == ["Plague"]


@pytest.mark.rules("disasters.choose-space")
def test_a_struck_space_is_not_struck_twice_and_a_disaster_with_nothing_left_is_removed():
    from talisman.modules.disasters.rules import targets

    s = game().put("woods-1", "Wildfire").put("village", "Flood").put("fields-1", "Plague")
    g = s.game
    assert [g.rules.spaces[i].id for i in targets(g, "woods", "outer")] == ["woods-2", "woods-3"]
    assert targets(g, "village", "outer") == []
    s.at(0, "fields-1").on_top("adventure", "Bag of Gold")
    plague = g.cards_on(g.rules.space_index["fields-1"])[0]
    g.touched()
    effects.run(g, 0, g.rules.instances[plague].on_draw, {"src": plague, "space": g.players[0].space})
    g.run()
    assert plague in g.globals["removed"] and s.on_space("fields-1") == ["Bag of Gold"]
    assert "finds nothing left to strike" in s.log()


# --- who stands there ---------------------------------------------------------------------------


@pytest.mark.rules("disasters.occupants-affected")
def test_the_characters_on_the_struck_space_are_struck_at_once_and_no_one_else():
    s = game("warrior", "wizard", "thief")
    s.at(1, "woods-2").at(2, "woods-1")
    s = draw_on_fields(s, "Wildfire", "Bag of Gold")
    s.choose("space:woods-2")
    assert [p.lives for p in s.game.players] == [4, 3, 4]


@pytest.mark.rules("disasters.occupants-affected")
def test_the_drought_spares_those_with_a_water_bottle():
    s = game("warrior", "wizard", "thief")
    s.at(1, "plains-2").at(2, "plains-2").give(2, "Water Bottle")
    s = draw_on_fields(s, "Drought", "Bag of Gold")
    s.choose("space:plains-2")
    assert [p.lives for p in s.game.players] == [4, 3, 4]


# --- for the rest of the game -------------------------------------------------------------------


@pytest.mark.rules("disasters.permanent")
def test_a_struck_space_is_changed_for_good_its_disaster_met_instead_of_a_draw():
    s = game("warrior", "wizard")
    s.put("woods-1", "Wildfire").at(0, "graveyard").on_top("adventure", "Bag of Gold")
    s.dice(1, 2).start().choose("move:woods-1")
    assert s.player(0).lives == 3  # the embers (a 2)
    assert s.on_space("woods-1") == ["Wildfire"]  # nothing else drawn, and the card stays
    assert s.player(0).gold == 1


@pytest.mark.rules("disasters.permanent")
def test_nothing_discards_a_disaster_from_the_board():
    s = game("warrior", "wizard")
    s.put("woods-1", "Wildfire").put("woods-2", "Bag of Gold").at(0, "woods-1").start()
    g = s.game
    g.touched()
    effects.run(g, 0, [{"discard_cards": {"where": "board"}}], {})
    g.run()
    assert s.on_space("woods-1") == ["Wildfire"] and s.on_space("woods-2") == []
    effects.run(g, 0, [{"discard_cards": {"where": "board", "pick": "card"}}], {})
    g.run()
    assert "There is no card to discard." in s.log()


@pytest.mark.rules("disasters.permanent")
def test_the_lasting_change_of_a_space_with_its_own_instructions_comes_before_them():
    s = game("warrior", "wizard")
    s.put("graveyard", "Restless Dead").at(0, "fields-1").at(1, "city").dice(1, 6, 1).start().choose("move:graveyard")
    assert "Warrior fights the Risen Corpse" in s.log() and s.on_space("graveyard") == ["Restless Dead"]


# --- front ends and bots ------------------------------------------------------------------------


def test_both_front_ends_show_a_struck_space_by_its_disaster():
    from talisman.cli.board_map import draw

    s = game("warrior", "wizard").put("woods-2", "Wildfire").start()
    view = s.game.view(0)
    assert view["board"]["woods-2"][0]["subtype"] == "disaster"
    text = draw(s.game.rules, view).plain
    assert "!Wildfire" in text


def test_heuristic_bots_finish_games_with_the_disasters_and_play_them():
    from talisman.bots import make_bot, play_out

    finished, struck = 0, 0
    for seed in range(4):
        g = Game.new(players=4, modules=DIS, seed=seed)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=800)
        finished += g.is_over
        struck += sum(" strikes the " in e.text for e in g.events)
    assert finished >= 3 and struck > 0


def test_random_bot_games_with_the_disasters_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(4):
        g = Game.new(players=3, modules=(*DIS, "dungeon-classic"), seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=150, check=check_conservation)


@pytest.mark.rules("disasters.permanent")
def test_a_disaster_on_the_drawers_own_space_is_not_one_of_the_cards_it_may_draw_again():
    s = game("prophetess", "wizard").at(0, "crags").at(1, "city").on_top("adventure", "Drought").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:plains-1").choose("space:plains-1")
    assert s.kind != "redraw"  # the Prophetess may not send the Drought back
    assert s.on_space("plains-1") == ["Drought"] and s.player(0).lives == 2  # struck, then met
