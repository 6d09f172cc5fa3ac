"""000's Catacombs (module ``catacombs``): no board, the ways in, a card a turn,
nothing stays, the Exit and the emergence roll, the Locales, and only the
Earthquake reaching below."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

CATA = ("catacombs",)


def game(*chars: str, modules: tuple[str, ...] = CATA) -> Scenario:
    return Scenario(list(chars or ("thief", "wizard")), modules=modules).no_spells()


def below(s: Scenario, seat: int = 0) -> Scenario:
    return s.at(seat, "catacombs")


def turn_below(s: Scenario, card: str, *dice: int) -> Scenario:
    """Seat 0, below, starts its turn and draws ``card`` (the dice scripted for what follows)."""
    s.on_top("catacombs", card).dice(*dice).start()
    if s.kind == "turn":
        s.choose("stay")  # (alone on the menu, it is taken at once)
    return s


def land_on(s: Scenario, card: str, *dice: int) -> Scenario:
    """Seat 0 moves one space from the Village to the Fields and draws ``card`` there."""
    s.at(0, "village").on_top("adventure", card).dice(1, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose("move:fields-1")


def in_discards(s: Scenario, name: str, deck: str = "catacombs") -> bool:
    return name in s.names(s.game.discards[deck])


# --- no board ------------------------------------------------------------------------


@pytest.mark.rules("catacombs.no-board")
def test_the_catacombs_are_one_space_joined_to_no_board_where_no_one_meets_another():
    s = below(below(game(), 0), 1)
    rules = s.game.rules
    here = rules.space_index["catacombs"]
    assert rules.regions["catacombs"].ring == ("catacombs",)
    assert not any(here in (rules.space_index[ln.a], rules.space_index[ln.b]) for ln in rules.links)
    assert rules.cw[here] == rules.ccw[here] == -1
    turn_below(s, "Underground Spring")
    assert s.kind != "meet" and "meet:1" not in s.options()
    assert not rules.spaces[here].character_encounters


# --- the ways in -----------------------------------------------------------------------


@pytest.mark.rules("catacombs.entry-cards")
def test_six_adventure_cards_lead_below_and_two_more_in_the_dungeons_deck_only_with_a_dungeon():
    g = Game.new(["warrior", "wizard"], modules=CATA, seed=0, start=False)
    ways = {"Sinkhole", "Catacomb Stair", "Open Tomb", "Tomb Robber"}
    assert sum(1 for c in g.rules.decks["adventure"] if g.rules.instances[c].name in ways) == 6
    assert "dungeon" not in g.rules.decks and "Crumbling Floor" not in g.rules.by_name
    with_dungeon = Game.new(["warrior", "wizard"], modules=(*CATA, "dungeon-classic"), seed=0, start=False)
    dungeon_ways = {"Crumbling Floor", "Forgotten Passage"}
    deck = with_dungeon.rules.decks["dungeon"]
    assert sum(1 for c in deck if with_dungeon.rules.instances[c].name in dungeon_ways) == 2
    assert "Sewer Grate" not in with_dungeon.rules.by_name  # the City's ways in wait for the City


@pytest.mark.rules("catacombs.entry-cards")
def test_a_sinkhole_drops_the_party_below_and_ends_the_turn():
    s = game().give(0, "Mule")
    land_on(s, "Sinkhole", 2)  # the Sinkhole's roll: 2, in
    assert s.space_of(0) == "catacombs" and s.names(s.player(0).followers) == ["Mule"]
    assert s.game.active == 1  # the turn ended as it fell
    s2 = game()
    land_on(s2, "Sinkhole", 5)
    assert s2.space_of(0) == "fields-1"


@pytest.mark.rules("catacombs.entry-cards")
def test_a_catacomb_stair_stays_and_is_a_choice():
    s = game()
    land_on(s, "Catacomb Stair")
    assert s.kind == "catacombs-descend" and set(s.options()) == {"go-down", "nothing"}
    s.choose("nothing")
    assert s.space_of(0) == "fields-1" and "Catacomb Stair" in s.on_space("fields-1")
    s2 = game()
    land_on(s2, "Catacomb Stair").choose("go-down")
    assert s2.space_of(0) == "catacombs" and "Catacomb Stair" in s2.on_space("fields-1")


@pytest.mark.rules("catacombs.entry-cards")
def test_a_way_in_from_the_dungeons_deck_goes_below_the_dungeon():
    s = game(modules=(*CATA, "dungeon-classic")).at(0, "entrance").on_top("dungeon", "Crumbling Floor")
    s.dice(1).start()  # one step on, to the first Passage
    assert s.space_of(0) == "catacombs" and "Thief falls through the Crumbling Floor" in s.log()


# --- a card each turn --------------------------------------------------------------------


@pytest.mark.rules("catacombs.turn-draw")
def test_each_turn_below_draws_one_catacombs_card_instead_of_moving():
    s = below(game())
    turn_below(s, "Ghoul", 6, 1)  # the Thief rolls 6 against the Ghoul's 1
    assert "Ghoul" in s.names(s.player(0).trophies)
    assert s.space_of(0) == "catacombs"
    assert "Thief draws a card: Ghoul." in s.log() and "Thief rolls a die for movement" not in s.log()


@pytest.mark.rules("catacombs.turn-draw")
def test_going_below_is_not_yet_a_turn_below():
    s = game()
    land_on(s, "Catacomb Stair").choose("go-down")
    assert not s.on_space("catacombs") and "gropes" not in s.log()


# --- nothing stays ----------------------------------------------------------------------


@pytest.mark.rules("catacombs.cards-discarded")
def test_an_enemy_that_won_is_discarded_when_the_turn_ends():
    s = below(game())
    turn_below(s, "Cave Troll", 1, 6)  # the Thief loses
    assert s.player(0).lives == 3
    s.end_turn()
    assert not s.on_space("catacombs") and in_discards(s, "Cave Troll")
    check_conservation(s.game)


@pytest.mark.rules("catacombs.cards-discarded")
def test_an_object_left_untaken_is_discarded():
    s = below(game())
    turn_below(s, "Old Sword")
    assert s.kind == "take"
    s.choose("done").end_turn()
    assert not s.on_space("catacombs") and in_discards(s, "Old Sword")
    s2 = below(game())
    turn_below(s2, "Old Sword").choose("take:").end_turn()
    assert "Old Sword" in s2.names(s2.player(0).objects)


# --- the Locales --------------------------------------------------------------------------


@pytest.mark.rules("catacombs.locales")
def test_a_locale_is_discarded_whether_met_or_not():
    s = below(game())
    turn_below(s, "Forgotten Shrine")
    assert s.kind == "choose" and "nothing" in s.options()
    s.choose("nothing").end_turn()
    assert not s.on_space("catacombs") and in_discards(s, "Forgotten Shrine")
    s2 = below(game())
    turn_below(s2, "Forgotten Shrine", 1).choose("pray").end_turn()
    assert s2.player(0).lives == 3 and in_discards(s2, "Forgotten Shrine")
    assert s.game.rules.by_name["Exit"] and s.game.rules.instances[s.game.rules.by_name["Exit"][0]].subtype == "locale"


# --- the Exit -------------------------------------------------------------------------------


@pytest.mark.rules("catacombs.exit")
def test_an_exit_lets_the_party_climb_out_where_two_dice_say():
    s = below(game()).give(0, "Mule")
    s.put("woods-2", "Bear")
    turn_below(s, "Exit")
    assert s.kind == "catacombs-exit" and set(s.options()) == {"climb-out", "stay-below"}
    s.dice(3, 5, 6, 1).choose("climb-out").fight()  # 3 + 5 = 8: the Woods by the Crags, and its Bear
    assert s.space_of(0) == "woods-2" and s.names(s.player(0).followers) == ["Mule"]
    assert "Bear" in s.names(s.player(0).trophies)
    assert in_discards(s, "Exit") and not s.on_space("catacombs")


@pytest.mark.rules("catacombs.exit")
@pytest.mark.parametrize(("dice", "space"), [((1, 1), "warlocks-cave"), ((6, 6), "castle"), ((2, 2), "graveyard")])
def test_the_emergence_chart(dice, space):
    s = below(game())
    turn_below(s, "Exit").dice(*dice).choose("climb-out")
    assert s.space_of(0) == space


@pytest.mark.rules("catacombs.exit")
def test_one_may_stay_below_at_an_exit():
    s = below(game())
    turn_below(s, "Exit").choose("stay-below").end_turn()
    assert s.space_of(0) == "catacombs" and in_discards(s, "Exit")


# --- Events: only the Earthquake reaches below -------------------------------------------


@pytest.mark.rules("catacombs.no-region")
def test_events_of_the_land_do_not_reach_below():
    s = below(game("thief", "wizard", "elf"), 2).at(1, "fields-2")
    land_on(s, "Evil Darkness")  # the Thief and the Elf are not evil, the Elf is below
    assert [p.lost_turns for p in s.game.players] == [1, 0, 0]
    s2 = below(game("thief", "wizard", "elf"), 2).at(1, "fields-2")
    land_on(s2, "Pestilence")
    assert [p.lives for p in s2.game.players] == [3, 3, 4]


@pytest.mark.rules("catacombs.no-region")
def test_the_earthquake_reaches_below_as_on_the_board():
    s = below(game("thief", "wizard", "elf"), 1).at(2, "forest")
    land_on(s, "Earthquake", 1, 2, 3)  # the dice of the Wizard (below), the Elf, and the Thief
    assert [p.lives for p in s.game.players] == [4, 3, 3]


@pytest.mark.rules("catacombs.no-region")
def test_an_event_below_strikes_only_those_below():
    s = below(below(game("thief", "wizard", "elf"), 0), 1)
    turn_below(s, "Earthquake", 1, 1, 1)
    assert [p.lives for p in s.game.players] == [3, 3, 3]  # the Earthquake: everyone, below and above


# --- bots -------------------------------------------------------------------------------------


def test_heuristic_bots_finish_games_with_the_catacombs_and_go_below():
    from talisman.bots import make_bot, play_out

    finished, below_turns = 0, 0
    for seed in (6, 7, 8, 9):  # (below in two of them: the bots go down only when strong)
        g = Game.new(players=4, modules=CATA, seed=seed)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=800)
        finished += g.is_over
        below_turns += sum("gropes on through the dark" in e.text for e in g.events)
    assert finished >= 3 and below_turns > 0


def test_random_bot_games_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(6):
        g = Game.new(players=3, modules=(*CATA, "dungeon-classic"), seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=150, check=check_conservation)


def test_the_terminal_map_draws_the_catacombs_as_a_strip_of_their_own():
    from talisman.cli.board_map import draw, layout

    s = below(game())
    assert [b.grid for b in layout(s.game.rules) if b.title == "Catacombs"] == [(("catacombs",) + (None,) * 6,)]
    text = draw(s.game.rules, s.game.view(0)).plain
    strip = text[text.index("\nCatacombs\n") :]
    assert "Catacombs" in strip.splitlines()[2] and "Th" in strip.splitlines()[3]


def test_every_card_of_the_catacombs_is_marked_as_our_own_design():
    import tomllib

    from talisman.content.modules import get_module

    folder = get_module("catacombs").content_dir
    cards = {
        k: c for f in sorted(folder.glob("*.toml")) for k, c in tomllib.loads(f.read_text()).get("card", {}).items()
    }
    assert len(cards) == 22 + 9  # the Catacombs deck's 22 titles; the ways in and the Earthquake of the other decks
    assert all(c.get("design") == "our-own" for c in cards.values())
