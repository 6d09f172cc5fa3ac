"""Games that end (issue 35.3): what 000 and 004 say ends a standoff at the Crown of Command,
played as they say, and the rule-aware bot finishing a game: it admits defeat to a ruler it
cannot unseat, challenges one it can, and never stays held between two spaces."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest
from test_endings import crown, dragon_king, reach
from test_endings import turn_of_0 as endings_turn_of_0
from test_worlds import game, land, near, plain_river, put, rolled, turn_of_0, where
from test_worlds_endings import CENTRE, enter, far

from talisman.bots import act, make_bot
from talisman.engine.view import agent_view
from talisman.modules.core.advice.common import FRESH_CARDS, cards_worth, ready_for_inner, target
from talisman.modules.core.advice.moving import WALKED, walked
from talisman.modules.endings import common
from talisman.modules.worlds.generator import ring_hexes, ring_of
from talisman.modules.worlds.module import ENDINGS
from talisman.sim import runner
from talisman.testing import Scenario

rules = pytest.mark.rules


# --- 004: the Battle Royale goes on to the last one standing ------------------------------------


@rules("worlds.ending.battle-royale.fights")
def test_the_battle_royale_goes_on_when_the_one_whose_turn_it_was_falls():
    """The opener, beaten to death in the first bout, ends its own turn by dying: the winner
    still attacks the last one left (the fights stopped for ever before)."""
    s = game("warrior", "wizard", "thief", worlds_ending="worlds-battle-royale")
    far(s, 1, 2).give(1, "Talisman").give(2, "Talisman")
    s.set(0, strength=1, lives=1).set(1, strength=9, lives=3).set(2, lives=2)
    enter(s).choose("strength:1")
    while s.kind == "defend":
        s.dice(1, 6).choose("defend")
    assert not s.player(0).alive and s.game.result is None
    assert s.kind == "worlds-royale" and s.decision.player == 1
    assert s.options() == ["strength:2", "craft:2"]


# --- 000: the Command Spell's victim, and a challenger at the Crown -------------------------------

ALONE = "endings.crown-of-command.alone"
NOT_ALONE = "endings.crown-of-command.not-alone"


def bot_says(s: Scenario, seed: int = 0) -> str:
    """The rule-aware bot's answer to the pending decision (not applied)."""
    s.start()
    return act(make_bot("heuristic", seed), s.game)


def struck(victim: Scenario) -> Scenario:
    """Seat 0 rules the Crown of Command; its Command Spell strikes seat 1 (a roll of 5)."""
    victim.at(0, "crown-of-command").dice(5).start()
    assert victim.kind == "command-victim"  # (the one victim there is, chosen at once)
    assert victim.kind == "command-victim" and victim.decision.player == 1
    return victim


@rules(ALONE)
def test_a_victim_that_cannot_unseat_the_ruler_admits_defeat():
    """Without a Talisman it cannot pass the Valley of Fire to fight the ruler: it could only
    heal every loss for ever (the standoffs of 1,700 turns); 000 lets it admit defeat."""
    s = struck(Scenario(["warrior", "troll"]).no_spells().at(1, "village").set(1, strength=9))
    assert bot_says(s) == "concede"
    s.choose("concede")
    assert s.game.result["winners"] == [0]


@rules(ALONE)
def test_a_victim_that_may_still_beat_the_ruler_loses_a_life_instead():
    s = Scenario(["warrior", "troll"]).no_spells().at(1, "village").give(1, "Talisman").set(1, strength=6)
    assert bot_says(struck(s)) == "life"  # Strength 6 against the Warrior's 4
    weak = Scenario(["warrior", "thief"]).no_spells().at(1, "village").give(1, "Talisman").set(0, strength=9)
    assert bot_says(struck(weak)) == "concede"  # the Thief's 3 against 9: no hope


@rules(NOT_ALONE)
def test_a_bot_with_a_talisman_goes_to_challenge_a_ruler_it_can_beat():
    """A rival on the Crown wears the others down: a bot with a Talisman that could beat it heads
    for the Portal of Power, where it would have waited to grow stronger had the Crown been empty."""
    empty = Scenario(["troll", "wizard"]).no_spells().at(0, "portal-of-power").give(0, "Talisman").set(0, strength=7)
    empty.at(1, "city")
    ruled = Scenario(["troll", "wizard"]).no_spells().at(0, "portal-of-power").give(0, "Talisman").set(0, strength=7)
    ruled.at(1, "crown-of-command").set(1, strength=4)
    for s in (empty, ruled):
        s.dice(1).start()
        if s.kind == "turn":
            s.choose("roll")
    assert "portal" in empty.options() and "portal" in ruled.options()
    assert bot_says(empty) != "portal"
    assert bot_says(ruled) == "portal"


@rules(NOT_ALONE)
def test_a_challenge_on_the_crown_is_fought_where_the_bot_is_strongest():
    s = Scenario(["wizard", "warrior"]).no_spells().at(0, "valley-of-fire").at(1, "crown-of-command")
    s.give(0, "Talisman").set(0, strength=6, craft=7).set(1, strength=2, craft=8)
    s.start().choose("move:crown-of-command")
    assert set(s.options()) == {"attack:1", "psychic:1"}
    assert bot_says(s) == "attack:1"  # 6 against 2 in battle, 7 against 8 in psychic combat


# --- the rule-aware bot still without a Talisman late in a game -----------------------------------

NEEDS_TALISMAN = "movement.inner.valley-of-fire-talisman"  # (the Crown is out of reach without one)


def warlock_has_none(s: Scenario) -> Scenario:
    """The Talisman deck empty (its cards discarded): a quest from the Warlock wins nothing."""
    g = s.game
    g.discards.setdefault("talisman", []).extend(g.decks["talisman"])
    g.decks["talisman"].clear()
    return s


def aimed(s: Scenario) -> str:
    """Where the rule-aware bot of the pending decision heads."""
    bot = make_bot("heuristic", 0)
    act(bot, s.start().game)
    return target(bot)


@rules(NEEDS_TALISMAN)
def test_a_bot_without_a_talisman_seeks_the_warlock_only_while_he_has_one_to_give():
    def late(warlock_has: bool, turn: int = 500) -> Scenario:
        s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, "chapel").give(1, "Talisman")
        s.set(0, strength=9, craft=4, lives=5).set(1, strength=3)
        s.game.turn = turn
        return s.dice(1) if warlock_has else warlock_has_none(s).dice(1)

    assert aimed(late(True)) == "warlocks-cave"
    assert aimed(late(False)) == "chapel"  # the Thief's Talisman, to be taken from him
    assert aimed(late(True, turn=100)) == "warlocks-cave"
    assert aimed(late(False, turn=100)) != "warlocks-cave"  # (not yet hunting: growing stronger)


@rules("combat.pvp.spoils")
def test_a_bot_without_a_talisman_takes_one_as_its_prize():
    """Even hunting (late, the Warlock has none left), a Talisman is worth more than a life."""
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, "village").give(1, "Talisman")
    s.set(0, strength=9)
    warlock_has_none(s).game.turn = 500
    s.dice(1).start().choose("move:village").choose("meet:1").dice(6, 1).choose("attack:1")
    assert s.kind == "spoils" and s.decision.player == 0
    talisman = next(o for o in s.options() if o.startswith("object:"))
    assert bot_says(s) == talisman


# --- 004: the Sentinel's tile, the one way in ----------------------------------------------------


@rules("worlds.sentinel")
def test_a_bot_heading_in_lands_on_the_sentinel_whatever_lies_there():
    """Landing there, it may meet the Sentinel instead of the tile's cards: a Spirit of Craft
    10 lying there (a certain loss in psychic combat) does not keep it out."""
    s = game()
    plain_river(s)
    put(s, "sentinel", 0, -4)
    put(s, "fields-1", 1, -4)
    far(s, 1).give(0, "Talisman").set(0, strength=9, craft=4, lives=5)
    s.put("sentinel", "Demon").put("hills-1", "Gnome")  # (the other way: no fresh cards to draw)
    s.dice(1)
    rolled(s, "fields-1")
    assert "move:sentinel" in s.options() and len(s.options()) > 1
    assert act(make_bot("heuristic", 0), s.game) == "move:sentinel"


@rules(NEEDS_TALISMAN)
def test_a_weak_bot_with_a_talisman_goes_for_the_crown_in_a_very_long_game():
    """After 600 turns it goes in whatever its strength: it wins or dies trying (bots waiting
    to grow left games at the turn cap), but for the Portal of Power, whose failed tries cost a
    point each: there it wants a fair chance, 6 in Strength or Craft."""

    def weak(turn: int, strength: int = 6) -> Scenario:
        s = Scenario(["warrior", "thief"]).no_spells().at(0, "castle").at(1, "chapel").give(0, "Talisman", "Sword")
        s.set(0, strength=strength, craft=3, lives=4).set(1, strength=9)
        s.game.turn = turn
        return s.dice(1)

    assert aimed(weak(300, strength=5)) != "portal-of-power"
    assert aimed(weak(700)) == "portal-of-power"
    assert aimed(weak(700, strength=5)) != "portal-of-power"  # it would wear itself down there


@rules("core.encumbrance.four-objects")
def test_a_bot_with_its_hands_full_does_not_keep_going_to_the_armoury():
    """It could buy nothing there: a Thief with four Objects went from the Armoury round the
    City's streets and back for 400 turns."""

    def shopper(*objects: str) -> Scenario:
        s = Scenario(["warrior", "wizard"], modules=("core", "city-classic")).no_spells()
        s.at(0, "anvil-street").at(1, "village").give(0, *objects).set(0, gold=8, lives=5)
        return s.dice(1)

    assert aimed(shopper("Ring")) == "armoury"
    assert aimed(shopper("Ring", "Talisman", "Holy Lance", "Talisman")) != "armoury"


@rules(
    "city-classic.leaving.warrant-blocks", "city-classic.stowaway.conditions", "city-classic.warrants.donjon-options"
)
def test_a_wanted_bot_with_no_fare_and_a_follower_leaves_by_road_to_be_judged():
    """With a Warrant, no gold and the Hag (a stowaway has no Followers, and she cannot be left),
    the Wharf has no way out for it: it takes the road, is arrested at the Gate and judged, and
    the judge discards the Warrant (it walked the streets between the Wharf and the Gate for 600
    turns). With a fare, or no Follower, the Wharf it is."""

    def wanted(gold: int, *followers: str) -> Scenario:
        s = Scenario(["warrior", "wizard"], modules=("core", "city-classic")).no_spells()
        s.at(0, "town-square").at(1, "village").give(0, *followers).set(0, gold=gold, lives=4)
        s.player(0).status["warrant"] = True
        s.dice(3).start()
        return s.choose("roll") if s.kind == "turn" else s

    cursed = wanted(0, "Cursed by a Hag")
    said = bot_says(cursed)
    assert s_region(cursed, said) == "outer"
    cursed.choose(said)
    assert cursed.space_of(0) == "donjon"  # (where the bot, penniless, chooses the judge)
    assert aimed(wanted(2, "Cursed by a Hag")) == "wharf"
    assert aimed(wanted(0)) == "wharf"


def s_region(s: Scenario, option: str) -> str:
    """The region of the space a move option goes to."""
    rules_ = s.game.rules
    return rules_.spaces[rules_.space_index[option.removeprefix("move:")]].region


@rules("airships.disembark")
def test_a_bot_whose_airship_only_shuttles_between_two_spaces_steps_down_to_walk():
    """A Falcon flies one space a turn: a weak Dragon Slayer heading for the Chapel shuttled between
    the Woods and the Plains for 400 turns, never flying on past a foe on the next Plains."""
    from test_airships import aboard

    s = Scenario(["thief", "wizard"], modules=("core", "airships")).no_spells().at(0, "fields-1").at(1, "village")
    s.set(0, strength=6, craft=5, lives=4)  # (the Warlock's Cave its aim)
    aboard(s, 0, "Falcon")
    s.start()
    assert {"fly", "disembark"} <= set(s.options())
    bot = make_bot("heuristic", 0)
    assert act(bot, s.game) == "fly"
    bot.memory[WALKED] = ["fields-2", "fields-1"] * 3
    assert act(bot, s.game) == "disembark"


# --- 004: the lords on the ending tile ------------------------------------------------------------


def ready_against(ending: str, talismans: int = 1, **values: int) -> bool:
    """Would the rule-aware bot (seat 0, a Warrior) head in, this lord shown on the ending tile?"""
    s = far(game(worlds_ending=ending), 1).give(0, *["Talisman"] * talismans).set(0, lives=5, **values)
    layout = s.game.globals["layout"]
    s.game.globals["layout"] = {**layout, "face_down": [], "labels": {CENTRE: ENDINGS[ending]}}
    s.dice(1)
    rolled(s, "village")
    bot = make_bot("heuristic", 0)
    act(bot, s.game)
    return ready_for_inner(bot)


@rules("worlds.tile.valley-of-fire", "worlds.movement.inner")
def test_a_bot_that_gave_up_its_last_talisman_in_the_valley_goes_on_to_the_ending():
    """The way to the ending lies open for the next turn: the bot takes it (with no Talisman
    left, it turned back out as one that could not pass the Valley: a Monk of Strength 27 gave
    up Talisman after Talisman there and never reached the ending)."""
    s = far(game(), 1).give(0, "Talisman").set(0, strength=9, craft=6, lives=5)
    portal = where(s, "portal-of-power")
    put(s, "valley-of-fire", *next(xy for xy in near(*portal) if ring_of(*xy) == 1))  # (the way back out beside it)
    land(s, "valley-of-fire")
    assert s.kind == "worlds-valley" and bot_says(s) == "give"
    s.choose("give")
    turn_of_0(s)
    assert f"move:{CENTRE}" in s.options() and bot_says(s) == f"move:{CENTRE}"


@rules("worlds.movement.inner", "worlds.tile.crypt")
def test_on_a_world_the_bot_goes_round_the_inner_ring_by_the_way_its_strong_in():
    """The Crypt tests Strength: a bot weak in it goes the longer way round (an Elf of Craft 13
    and Strength 4 took the Crypt, the shorter way, and was thrown out to the City, turn after
    turn, for 400 turns); a strong one takes the Crypt."""
    ring = ring_hexes(1)

    def stepping(strength: int, craft: int) -> str:
        s = far(game(), 1).give(0, "Talisman").set(0, strength=strength, craft=craft, lives=5)
        for sid, xy in zip(("valley-of-fire", "crypt", "death", "vampires-tower"), ring, strict=False):
            put(s, sid, *xy)
        turn_of_0(s, "death")
        assert {"move:crypt", "move:vampires-tower"} <= set(s.options())
        return bot_says(s)

    assert stepping(4, 13) == "move:vampires-tower"
    assert stepping(13, 4) == "move:crypt"


@rules("worlds.ending.eagle-king", "worlds.ending.dragon-king")
def test_a_bot_faces_a_lord_of_the_ending_tile_only_as_his_equal():
    """The Eagle King and the Dragon King (Strength and Craft 12) wait like the Demon Lord: a
    bot strong enough for the Inner Region but no match for them stays out (it went in to be
    thrown back to the Crags, turn after turn)."""
    assert not ready_against("worlds-eagle-king", strength=8, craft=4)
    assert ready_against("worlds-eagle-king", strength=12, craft=4)
    # the Dragon King takes a Talisman (or a life) on a roll of 1-2: one to spare after the Valley's
    assert not ready_against("worlds-dragon-king", strength=12, craft=4)
    assert ready_against("worlds-dragon-king", talismans=2, strength=12, craft=4)


# --- the ruler's Command Spell, a prize without room ---------------------------------------------


@rules(ALONE)
def test_the_ruler_strikes_the_rival_with_a_talisman_between_equals():
    """Of two rivals with as few lives, the one with a Talisman is the one that could come and fight."""
    s = Scenario(["warrior", "troll", "thief"]).no_spells().at(0, "crown-of-command").at(1, "village")
    s.at(2, "city").give(2, "Talisman").set(1, lives=3).set(2, lives=3).dice(5)
    assert bot_says(s) == "victim:2"


@rules("combat.pvp.spoils", "core.encumbrance.four-objects")
def test_a_bot_with_its_hands_full_takes_a_life_not_an_object_it_cannot_carry():
    """The Object would be left on the space for anyone to pick up."""
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, "village")
    s.give(0, "Water Bottle", "Water Bottle", "Water Bottle", "Helmet").give(1, "Armour").set(0, strength=9).set(
        1, gold=0
    )
    s.dice(1).start().choose("roll").choose("move:village").choose("meet:1").dice(6, 1).choose("attack:1")
    assert s.kind == "spoils" and len(s.options()) == 2  # a life, or the Armour
    assert bot_says(s) == "life"


@rules("endings.dragon-king.dual-combat")
def test_the_bot_fights_the_dragon_kings_double_round():
    """A battle and a psychic combat at once, a Spell it might cast first: the bot weighs the closer
    of the two (without a score to weigh it failed, and the game with it)."""
    s = dragon_king().give(0, "Psionic Blast")
    reach(s, 4, 3, 5)
    assert s.kind == "combat" and len(s.options()) == 2
    assert bot_says(s) == "fight"


# --- where the bot goes ---------------------------------------------------------------------------


def worth(lying: tuple[str, ...] = (), carried: tuple[str, ...] = ()) -> float:
    """What the cards of the Woods (a space that draws a card) are worth to a Warrior's bot."""
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, "chapel").give(0, *carried)
    if lying:
        s.put("woods-1", *lying)
    bot = make_bot("heuristic", 0)
    act(bot, s.dice(1).start().game)
    return cards_worth(bot, "woods-1")


@rules("core.encumbrance.four-objects")
def test_fresh_cards_and_a_pile_of_objects_are_worth_going_for_once():
    """A space that will draw is worth more than its old cards (bots kept landing on them and
    hardly grew); a pile of Objects is worth one Object, and nothing to a bot with its hands
    full of better ones (it kept going back to a pile of Water Bottles)."""
    assert worth() == FRESH_CARDS
    assert worth(("Water Bottle", "Water Bottle", "Helmet")) == worth(("Helmet",)) > 0
    assert worth(("Water Bottle",), carried=("Sword", "Armour", "Shield", "Helmet")) == 0


@rules("movement.roll-outer-middle")
def test_the_bot_remembers_its_last_moves_on_the_main_board():
    """Its trail (worlds only before): two spaces that score well from each other held bots
    between them for ever."""
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, "chapel").dice(1)
    bot = make_bot("heuristic", 0)
    chosen = act(bot, s.start().game)
    assert walked(bot) == [chosen.split(":", 1)[1]]


@rules(ALONE)
def test_a_weak_bot_without_a_talisman_seeks_the_warlock_once_a_rival_rules():
    """Only a Talisman lets it challenge the ruler; waiting to grow, it only loses lives to the Spell."""

    def weak(ruled: bool) -> Scenario:
        s = Scenario(["warrior", "thief"]).no_spells().at(0, "castle").set(0, strength=4, craft=3)
        return s.at(1, "crown-of-command" if ruled else "city").dice(1)

    assert aimed(weak(False)) != "warlocks-cave"
    assert aimed(weak(True)) == "warlocks-cave"


@rules("movement.roll-outer-middle")
def test_a_bot_kept_out_by_the_sentinel_takes_the_boatman_to_the_temple():
    """Its walk heads for the Tavern (the way in), so the Temple looked farther off: it turned
    the boatman down, visit after visit (two weak bots with five Talismans, 1,000 turns)."""
    s = Scenario(["wizard", "thief"]).no_spells().at(0, "plains-3").at(1, "village").set(1, lost_turns=50)
    s.give(0, "Talisman").set(0, strength=4, craft=8, lives=4)
    s.game.turn = 300  # late: strong enough for the Inner Region, too weak for the Sentinel's bridge
    s.dice(1, 6).start().choose("roll").choose("move:tavern")  # a 6: the boatman
    assert s.kind == "turn" and s.decision.player == 0 and "next-move" in s.options()
    assert bot_says(s) == "next-move"


# --- a hunter's judgement of a fight with another character ---------------------------------------


@rules("combat.pvp.resolution")
def test_a_hunter_attacks_the_prey_it_meets_rather_than_robbing_it():
    """Only a life taken brings a hunt's end nearer: a Thief of Strength 34 hunting the last rival
    stole a gold from it at every meeting, for 600 turns. A bot not hunting still takes."""

    def met(turn: int) -> Scenario:
        s = Scenario(["thief", "elf"]).no_spells().at(0, "fields-1").at(1, "village").set(0, strength=9)
        warlock_has_none(s).game.turn = turn  # late, no Talisman to be had: the Thief hunts
        s.set(1, gold=2).dice(1).start().choose("move:village").choose("meet:1")
        assert s.kind == "meet" and "steal:gold" in s.options()
        return s

    assert bot_says(met(500)) == "attack:1"
    assert bot_says(met(100)) == "steal:gold"


@rules("endings.pandoras-box.2-finders-keepers", "combat.pvp.resolution")
def test_finders_keepers_counts_the_warriors_two_dice_and_the_monks_craft():
    """The Warrior rolls two battle dice and keeps the better (about one point more); the Monk
    adds his Craft to his Strength in battle. The Warrior leapt onto a Monk of Strength 22 and
    Craft 22 that it could never beat, and never onto a Thief as strong as itself."""
    s = Scenario(["warrior", "thief", "monk"], modules=("endings",), ending="draw").no_spells()
    s.at(0, "crown-of-command").at(1, "city").at(2, "village")
    s.set(0, strength=6, lives=3).set(1, strength=6).set(2, strength=3, craft=5)
    common.set_goal(s.game, 0, "pandoras-box", "finders-keepers", "Finder's Keepers")
    s.start()
    assert {"leap:1", "leap:2"} <= set(s.options())
    assert bot_says(s) == "leap:1"  # 6 and a second die against the Thief's 6; the Monk's 3 + 5


# --- benchmarks/games_end.py: a game that raises loses no other -----------------------------------


def test_the_survey_names_a_game_that_raises_and_plays_the_others(monkeypatch, capsys, tmp_path):
    """One game's error took its whole set of 200 with it, unnamed: now the set, the game, its
    seed and the error are said, and the set's other games are measured (and recorded)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        import games_end
    finally:
        sys.path.pop(0)
    played = runner.play_game

    def flawed(spec: runner.GameSpec) -> dict:
        if spec.index == 1:
            raise KeyError("foe")
        return played(spec)

    monkeypatch.setattr(runner, "play_game", flawed)
    args = argparse.Namespace(games=3, seed=1, max_turns=4, workers=1)
    found = games_end.measure("core", ("core",), args, tmp_path / "core.jsonl")
    assert [r["index"] for r in found] == [0, 2]
    seed = runner.game_seed(1, 1)
    assert capsys.readouterr().err == f"core: game 1 (seed {seed}) raised KeyError: 'foe'\n"
    assert len((tmp_path / "core.jsonl").read_text().splitlines()) == 2


# --- very long games: the last rival, a rival that evades, the Dungeon's detour --------------------


def last_two(turn: int, *holding: str, rival: str = "thief") -> Scenario:
    """A Warrior of Strength 9 with a Talisman (strong enough for the Crown) and the one rival
    left, of Strength 3 on the Village (holding ``holding``), at ``turn``."""
    s = Scenario(["warrior", rival], modules=("timescape", "roster")).no_spells().at(0, "fields-1").at(1, "village")
    s.give(0, "Talisman").give(1, "Talisman", *holding).set(0, strength=9, lives=5).set(1, strength=3)
    s.game.turn = turn
    return s.dice(1)


@rules("combat.pvp.resolution")
def test_a_bot_hunts_the_last_rival_it_can_beat_in_a_very_long_game():
    """Two weak characters healed every loss at the Portal and the bridge for 400 turns: taking
    the one rival's lives ends the game as surely as the Crown."""
    assert aimed(last_two(500)) == "portal-of-power"
    assert aimed(last_two(700)) == "village"


@rules("combat.evade.targets")
def test_a_rival_that_may_evade_anywhere_is_no_prey():
    """It evades each attack: a Gladiator of Strength 17 chased such a rival for 400 turns (the
    Ninja evades anywhere out of a Dungeon)."""
    assert aimed(last_two(700, "Chameleon Suit")) == "portal-of-power"
    assert aimed(last_two(700, rival="ninja")) == "portal-of-power"


@rules("dungeon-classic.entering")
def test_a_hunter_does_not_go_down_into_the_dungeon_for_its_treasure():
    """The Treasure Chamber is thirty turns away from the prey (and comes up on the Crown)."""

    def on_the_doorway(turn: int) -> Scenario:
        s = Scenario(["warrior", "thief"], modules=("dungeon-classic",)).no_spells().put("fields-1", "Doorway")
        s.at(0, "fields-1").at(1, "village").give(0, "Talisman").give(1, "Talisman")
        s.set(0, strength=12, lives=5).set(1, strength=3)
        s.game.players[0].status["doorway"] = {"space": s.game.rules.space_index["fields-1"], "turn": 0}
        s.game.turn = turn
        return s

    assert bot_says(on_the_doorway(500)) == "enter-dungeon"
    assert bot_says(on_the_doorway(700)) != "enter-dungeon"  # hunting the Thief


@rules("endings.pandoras-box.5-hydra")
def test_a_bot_sent_for_seven_dragons_goes_back_to_open_pandoras_box_again():
    s = Scenario(["elf", "thief"], modules=("endings",), ending="pandoras-box").no_spells()
    s.at(0, "fields-1").give(0, "Talisman").set(0, strength=9, lives=5).at(1, "village")
    common.set_goal(s.game, 0, "pandoras-box", "hydra", "bring 7 Dragons' heads back to the Crown")
    assert aimed(s.dice(1)) == "portal-of-power"  # not the Thief it could beat, nor Dragons
    s = reach(crown("pandoras-box"), 5)
    endings_turn_of_0(s, "valley-of-fire").choose("move:crown-of-command")
    assert s.decision.kind == "pandora-again" and act(make_bot("heuristic", 0), s.game) == "reopen"
    s = reach(crown("pandoras-box"), 7)  # Ashes to Ashes: a task the bot can do, kept
    endings_turn_of_0(s, "valley-of-fire").choose("move:crown-of-command")
    assert act(make_bot("heuristic", 0), s.game) == "keep"


@rules("inner-region.creatures-immune", "endings.demon-lord.fight")
def test_the_necromancer_may_not_let_the_demon_lord_be():
    """000: no creature of the Inner Region may be evaded, and the Demon Lord is fought. Letting
    him be (the Necromancer's way with Spirits) had ended the turn: a Necromancer of Craft 11 and
    14 lives sat on the Crown before a Demon Lord of one life for 300 turns."""
    s = Scenario(["necromancer", "thief"], modules=("endings", "roster"), ending="demon-lord").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").set(0, strength=4, craft=11, lives=9)
    s.at(1, "village").set(1, lost_turns=50)
    s.start().choose("move:crown-of-command")
    s.dice(6, 1).choose("fight")  # no choice before the dice: 11 + 6 against 12 + 1
    assert s.kind != "combat", s.options()  # (it offered "let-them-be", which ended the turn)
    assert s.game.globals["demon-lord"]["lives"] == 3


@rules("endings.demon-lord.fight")
def test_in_a_very_long_game_a_bot_two_points_short_of_the_demon_lord_faces_him():
    def facing(turn: int) -> str:
        s = crown("demon-lord", chars=("elf",)).set(0, craft=10, lives=5)
        s.game.turn = turn
        reach(s)
        assert s.kind == "demon-lord"
        return act(make_bot("heuristic", 0), s.game)

    assert facing(700) == "fight"  # he keeps the lives taken from him: visit after visit wears him down
    assert facing(400) == "flee"
    assert facing(100) == "flee"


@rules("city-districts.purchase-availability")
def test_a_bot_goes_no_more_into_the_city_for_a_weapon_the_bazaar_has_sold_out():
    from test_city_districts import game, visit

    from talisman.modules.city_districts.advice import wants_city

    def sold(*names: str) -> Scenario:
        s = game("warrior", "thief", gold=20).give(0, "Armour")
        g = s.game
        for c in [c for c in g.decks["purchase"] if g.card_name(c) in names]:
            g.decks["purchase"].remove(c)
            g.discards["purchase"].append(c)
        return visit(s, "bazaar")

    s = sold("Sword", "Axe")
    assert act(make_bot("heuristic", 0), s.game) == "buy:Great Axe"  # the weapon it came for
    s = sold("Sword", "Axe", "Great Axe")
    g = s.game
    bot = make_bot("heuristic", 0)
    bot._setup(agent_view(g, 0), s.decision)
    assert wants_city(bot)  # no weapon, 20 gold: the Bazaar, as far as it knows
    assert s.kind == "shop" and act(bot, g) == "buy:Bow"  # an extra: no weapon left to buy
    assert not wants_city(bot)
    s = visit(game("warrior", "thief", gold=1).give(0, "Sword"), "bazaar")  # too poor for armour: not sold out
    bot = make_bot("heuristic", 0)
    act(bot, s.game)
    s.set(0, gold=20)
    bot._setup(agent_view(s.game, 0), s.decision)
    assert wants_city(bot)


@rules("endings.pandoras-box.4-quest", "timescape.enter.mystic-enchantress")
def test_a_quest_that_leads_into_the_timescape_goes_by_the_mystic():
    """No road leads to the Space Fortress: the bot heads for the Village and asks the Mystic,
    Talisman and all (a Monk of Strength 28 had wandered 250 turns with that step of its quest)."""
    from test_timescape import village

    def questing(s: Scenario) -> Scenario:
        s.no_spells().give(0, "Talisman").set(0, strength=9, craft=6, lives=5).at(1, "tavern")
        places = [["Graveyard"], ["Space Fortress"], ["Crown of Command"]]
        common.set_goal(s.game, 0, "pandoras-box", "quest", "the Quest of a Lifetime", places=places, next=1)
        return s

    s = questing(Scenario(["monk", "thief"], modules=("endings", "timescape"), ending="pandoras-box"))
    assert aimed(s.at(0, "chapel").dice(1)) == "village"
    s = questing(Scenario(["monk", "thief"], modules=("endings", "timescape"), ending="pandoras-box"))
    s.game.players[0].status["timescape-sent"] = ["mystic"]  # the Mystic sends a character once: the Warlock then
    assert aimed(s.at(0, "chapel").dice(1)) == "warlocks-cave"
    s = questing(Scenario(["monk", "thief"], modules=("endings", "timescape"), ending="pandoras-box"))
    village(s)
    assert s.kind == "encounter" and act(make_bot("heuristic", 0), s.game) == "timescape:mystic"


@rules("endings.pandoras-box.4-quest", "dungeon-classic.entering")
def test_a_quest_that_leads_into_the_classic_dungeon_goes_by_a_doorway():
    """No road leads into 000's Dungeon: a quest whose next place is the Guard Room sends the bot
    to the nearest Doorway lying on the board, and down through it, though it is not strong enough
    for the Treasure Chamber (four bots had wandered to the turn cap with that step of a quest)."""

    def questing(at: str) -> Scenario:
        s = Scenario(["monk", "thief"], modules=("endings", "dungeon-classic"), ending="pandoras-box")
        s.no_spells().put("plains-2", "Doorway").put("fields-5", "Doorway")
        s.set(0, strength=9, craft=6, lives=5).at(0, at).at(1, "tavern")
        places = [["Graveyard"], ["Guard Room"], ["Crown of Command"]]
        common.set_goal(s.game, 0, "pandoras-box", "quest", "the Quest of a Lifetime", places=places, next=1)
        return s

    assert aimed(questing("plains-1").dice(1)) == "plains-2"
    s = questing("plains-2")
    s.game.players[0].status["doorway"] = {"space": s.game.rules.space_index["plains-2"], "turn": 0}
    s.start()
    assert "enter-dungeon" in s.options() and act(make_bot("heuristic", 0), s.game) == "enter-dungeon"


def kept_out(*objects: str, gold: int = 0, at: str = "fields-5") -> Scenario:
    """Turn 300: a weak Wizard with a Talisman (and ``objects``) at ``at``, the Sentinel barring
    its way to the Inner Region, its one rival out of play."""
    s = Scenario(["wizard", "thief"]).no_spells().at(0, at).at(1, "crags").set(1, lost_turns=50)
    for name in ("Talisman", *objects):
        s.give(0, name)
    s.set(0, strength=4, craft=8, lives=4, gold=gold)
    s.game.turn = 300
    return s


@rules("movement.raft.obtain", "movement.roll-outer-middle")
def test_a_bot_kept_out_by_the_sentinel_builds_a_raft():
    """With an Axe it heads for a Woods or the Forest and builds a raft there (weak characters
    with a Talisman had walked the Outer Region for 400 turns, the Sentinel barring the bridge);
    without one, and gold to pay for it, it goes to buy one at the Village and buys it first."""

    assert aimed(kept_out("Axe").dice(1)) == "forest"  # (the Ruins, then the Forest: the nearest)
    assert aimed(kept_out(gold=3).dice(1)) == "village"
    assert aimed(kept_out(gold=2).dice(1)) == "tavern"  # no Axe to be had: the boatman
    s = kept_out("Axe", at="plains-4").dice(1)
    s.start().choose("roll").choose("move:forest")
    while s.kind != "end-turn":
        s.choose(act(make_bot("heuristic", 0), s.game))
    assert bot_says(s) == "build-raft"
    s = kept_out("Sword", gold=3, at="fields-6").dice(1)
    s.start().choose("roll").choose("move:village")
    assert s.kind == "choose" and bot_says(s) == "blacksmith"
    s.choose("blacksmith")
    assert s.kind == "shop" and bot_says(s) == "buy:Axe"  # (not the Shield it would buy otherwise)


@rules("endings.demon-lord.fight")
def test_a_bot_a_few_points_of_craft_short_of_the_demon_lord_prays_at_the_temple():
    """Two rivals Craft 9 and 8 had hunted each other for 400 turns, healing every loss."""

    def short(craft: int, turn: int) -> str:
        s = crown("demon-lord").at(0, "castle").set(0, strength=6, craft=craft, lives=4)
        s.put("crown-of-command", "The Demon Lord")  # face up: a rival met him
        s.game.turn = turn
        return aimed(s.dice(1))

    assert short(8, 400) == "temple"
    assert short(8, 100) != "temple"  # early: the cards may yet give it Craft
    assert short(5, 400) != "temple"  # too far short for prayers
    assert short(11, 400) != "temple"  # (its equal, late in a long game: it goes in)


# --- the Command Spell: a ruler free to cast it, a victim that never gets back to the Crown -------


@rules(ALONE)
def test_a_ruler_holding_the_amulet_drops_it_to_cast_the_command_spell():
    """The Amulet forbids every Spell, the Command Spell too: a Troll holding it stood on the
    Crown for 400 turns and its rival, never struck, never admitted defeat. Off the Crown the
    bot keeps it."""

    def holding(space: str) -> Scenario:
        s = Scenario(["troll", "elf"]).no_spells().at(0, space).at(1, "village").give(0, "Amulet", "Sword")
        return s.dice(1)

    ruling = holding("crown-of-command")
    said = bot_says(ruling)
    assert said.startswith("drop:") and ruling.game.card_name(int(said.split(":")[1])) == "Amulet"
    ruling.choose(said).choose("stay")
    bots = [make_bot("heuristic", seat) for seat in (0, 1)]
    while ruling.kind != "command-victim" and ruling.game.turn < 20:  # (the spell bites on a 4 to 6)
        ruling.choose(act(bots[ruling.decision.player], ruling.game))
    assert ruling.kind == "command-victim" and bot_says(ruling) == "concede"  # (the Elf has no Talisman)
    assert not bot_says(holding("castle")).startswith("drop:")


@rules(ALONE)
def test_a_victim_the_spell_has_worn_down_far_from_the_crown_admits_defeat():
    """A bot that could beat the ruler loses lives to the spell and heals them, and when it has
    lost eight and is still farther from the Crown than it has lives it admits defeat: a
    Poltergeist's one space a turn kept an Assassin going between the Chapel and the Fields for
    500 turns."""

    s = Scenario(["thief", "assassin"]).no_spells().at(0, "crown-of-command").at(1, "chapel")
    s = struck(s.give(1, "Talisman").set(0, strength=6).set(1, strength=7, lives=4))
    bot = make_bot("heuristic", 0)
    # The same strike again and again in copies of one game (the bot's memories belong to its game,
    # and a copy is the same game): the eighth finds it worn down.
    said = [act(bot, s.game.clone()) for _ in range(8)]
    assert said == ["life"] * 7 + ["concede"]
    near_crown = s.at(1, "valley-of-fire")
    assert act(bot, near_crown.game) == "life"  # (the ninth, two steps away, with four lives)


@rules("endings.pandoras-box.4-quest", "core.win.conditions")
def test_in_a_very_long_game_a_quest_gives_way_to_the_hunt_for_the_last_rival():
    """The last rival's death ends the game at once, where the quest has twelve places to go (a
    Samurai of Strength 18 walked 300 turns for its second place, its one rival far weaker)."""

    def questing(turn: int) -> Scenario:
        s = Scenario(["warrior", "thief"], modules=("endings",), ending="pandoras-box").no_spells()
        s.set(0, strength=18, craft=4, lives=4).at(0, "chapel").set(1, strength=5, craft=5, lives=4).at(1, "tavern")
        places = [["Graveyard"], ["Oasis"], ["Crown of Command"]]
        common.set_goal(s.game, 0, "pandoras-box", "quest", "the Quest of a Lifetime", places=places, next=1)
        s.game.turn = turn
        return s.dice(1)

    assert aimed(questing(300)) == "oasis"
    assert aimed(questing(700)) == "tavern"


@rules("movement.raft.obtain", "core.encumbrance.four-objects")
def test_a_bot_kept_out_by_the_sentinel_buys_a_raft_and_makes_room_for_an_axe():
    """A Market's Raft crosses the Storm River next turn from any space: the bot buys it first (a
    Ghoul kept out for 300 turns turned one down). With its hands full, it drops its least
    valuable Object for the Axe it bought at the blacksmith (it left the Axe lying there and
    walked to the Tavern's boatman instead)."""

    s = kept_out("Sword", gold=3, at="plains-4").dice(1).put("forest", "Market")
    s.start().choose("roll").choose("move:forest")
    while s.kind != "shop":
        s.choose(act(make_bot("heuristic", 0), s.game))
    assert bot_says(s) == "buy:Raft"
    full = kept_out("Sword", "Shield", "Helmet", gold=3, at="fields-6").dice(1)
    full.start().choose("roll").choose("move:village").choose("blacksmith").choose("buy:Axe")
    assert full.kind == "make-room"
    said = bot_says(full)
    assert said.startswith("drop:") and full.game.card_name(int(said.split(":")[1])) != "Talisman"


@rules("combat.pvp.spoils", "core.encumbrance.four-objects")
def test_a_bot_hunting_a_talisman_with_its_hands_full_drops_an_object_near_its_prey():
    """The prize goes only into a free hand: a Dwarf carrying four Objects beat a Minstrel 30
    times in 400 turns, taking a life each time, and the Minstrel healed them all."""

    def hunter(prey_at: str) -> Scenario:
        s = Scenario(["warrior", "thief"]).no_spells().at(0, "fields-1").at(1, prey_at).give(1, "Talisman")
        s.give(0, "Sword", "Shield", "Helmet", "Armour").set(0, strength=9, lives=5).set(1, strength=3)
        s.game.turn = 500
        return warlock_has_none(s).dice(1)

    near = hunter("chapel")
    said = bot_says(near)
    assert said.startswith("drop:") and near.game.card_name(int(said.split(":")[1])) == "Helmet"
    assert not bot_says(hunter("tavern")).startswith("drop:")  # (far off: it keeps what it has)


@rules("encounters.other-spaces")
def test_a_weak_bot_with_nowhere_to_go_seeks_a_place_that_raises_it_in_a_very_long_game():
    """After 600 turns, under 8 in Strength and Craft, no Talisman and too weak for the Warlock's
    quest, it heads for the nearest place of its region whose own roll may raise it (the Crags,
    the Forest, the Temple) rather than wandering (three of the survey's six games at the turn
    cap end so: largest-1 9, largest-4 45, worlds 51)."""

    def weak(turn: int, strength: int = 4, space: str = "tavern") -> Scenario:
        s = Scenario(["warrior", "thief"]).no_spells().at(0, space).at(1, "chapel")
        s.set(0, strength=strength, craft=3, lives=4).set(1, strength=9)
        s.game.turn = turn
        return s.dice(1)

    assert aimed(weak(700)) in ("crags", "forest")
    assert aimed(weak(300)) not in ("crags", "forest")  # (not yet: it grows by the cards)
    assert aimed(weak(700, strength=8)) not in ("crags", "forest")  # (no longer weak)
    assert aimed(weak(700, space="castle")) == "temple"  # (the Middle Region's: its prayer)
