"""000's Optional Rules (module ``optional-rules``): Henchmen (dealt from the unused
Character Cards, lending their abilities, fighting in their master's place, within
their limits, and Followers for every rule), Chaos Bloodbath and King of the Hill."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation
from talisman.errors import ConfigError
from talisman.modules.optional_rules import henchmen as hm
from talisman.testing import Scenario

OPT = ("optional-rules",)


def game(*chars: str, modules: tuple[str, ...] = OPT, **options: object) -> Scenario:
    return Scenario(list(chars or ("warrior", "wizard")), modules=modules, **options).no_spells()


def serve(s: Scenario, seat: int, character: str) -> int:
    """Make the seat's (first) henchman the ``character``'s card; returns the Henchman card."""
    g = s.game
    card = hm.of(g, seat)[0]
    g.globals["henchmen"] = {**g.globals["henchmen"], str(card): {"character": character, "lives": 4}}
    hm.lend(g, seat)
    g.touched()
    return card


def fight_bear(s: Scenario, *dice: int) -> Scenario:
    """Seat 0 moves from the Village to the first Fields and meets a Bear (Strength 3)."""
    s.at(0, "village").at(1, "city").on_top("adventure", "Bear").dice(1, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose("move:fields-1")


# --- dealing ------------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.henchmen.count")
def test_each_player_is_dealt_the_agreed_henchmen_at_random_from_the_unused_character_cards():
    for n in (0, 1, 2):
        s = game("warrior", "wizard", "thief", henchmen=n)
        g = s.game
        dealt = [hm.character(g, c) for p in g.players for c in hm.of(g, p.seat)]
        assert [len(hm.of(g, p.seat)) for p in g.players] == [n] * 3
        assert len(set(dealt)) == len(dealt) and not set(dealt) & {"warrior", "wizard", "thief"}
        assert all(g.rules.characters[k].playable for k in dealt)
    assert Scenario(["warrior", "wizard"], modules=OPT).game.options["henchmen"] == 1  # one is recommended
    seeds = {hm.character(g, hm.of(g, 0)[0]) for g in (game_seed(seed).game for seed in range(6))}
    assert len(seeds) > 1  # at random (and the same for the same seed)
    with pytest.raises(ConfigError):
        Game.new(["warrior"], modules=OPT, options={"henchmen": 5})


def game_seed(seed: int) -> Scenario:
    return Scenario(["warrior", "wizard"], modules=OPT, seed=seed)


@pytest.mark.rules("optional-rules.henchmen.no-followers-no-henchmen")
def test_a_character_who_may_have_no_followers_is_dealt_no_henchman():
    s = game("warrior", "wizard", henchmen=0)
    g = s.game
    g.players[0].status["traits"] = ["no-followers"]
    g.options["henchmen"] = 1  # (the option as if agreed: dealt by hand once the Warrior bars Followers)
    try:
        g.globals.pop("henchmen", None)
        hm.deal(g)
    finally:
        g.options["henchmen"] = 0
    assert hm.of(g, 0) == [] and len(hm.of(g, 1)) == 1
    assert "may have no Followers, so no henchman either" in s.log()


# --- abilities ------------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.henchmen.abilities")
def test_a_henchman_lends_the_abilities_it_can_use_for_its_master_and_keeps_its_own():
    s = game("warrior", "wizard")
    serve(s, 0, "dwarf")  # mines-dice, cave-bonus (guiding) lent; immune to the Maze, evading in the Hills kept
    from talisman.engine import stats

    g = s.game
    assert stats.trait_value(g, 0, "mines-dice") == 2 and stats.trait_value(g, 0, "cave-bonus") == 1
    assert not stats.has_trait(g, 0, "immune:maze") and not stats.has_trait(g, 0, "evade-in:hills")
    serve(s, 0, "thief")  # a henchman could steal for you
    assert stats.has_trait(g, 0, "steal") and not stats.has_trait(g, 0, "mines-dice")
    s.at(0, "crags").at(1, "plains-1").set(1, gold=3).dice(1).start()
    s.choose("move:plains-1").choose("meet:1")
    assert "steal:gold" in s.options()


@pytest.mark.rules("optional-rules.henchmen.abilities")
def test_abilities_lent_go_with_the_henchman_when_it_leaves():
    s = game("warrior", "wizard")
    card = serve(s, 0, "thief")
    from talisman.engine import possessions, stats

    g = s.game
    possessions.lose_follower(g, 0, card, "leaves")
    s.at(0, "village").dice(1).start()  # a turn starts: the lent abilities are set right
    assert not stats.has_trait(g, 0, "steal") and "henchman-traits" not in g.players[0].status


@pytest.mark.rules("optional-rules.henchmen.abilities")
def test_a_henchman_leaving_takes_back_only_what_it_lent():
    """The fuzzer found a Herald (see-spells, see-scrolls) served by a Prophetess henchman: when the
    henchman left, the title's same abilities went with hers, and resigning the title failed."""
    from talisman.engine import possessions, stats
    from talisman.modules.master_levels import titles

    s = game("warrior", "wizard", modules=(*OPT, "master-levels"))
    g = s.game
    assert titles.gain(g, 0, "herald")
    card = serve(s, 0, "prophetess")  # lends see-spells and see-scrolls too
    possessions.lose_follower(g, 0, card, "leaves")
    hm.lend(g, 0)
    assert stats.has_trait(g, 0, "see-spells") and stats.has_trait(g, 0, "see-scrolls")  # the Herald's
    titles.lose(g, 0, "herald", "resigned")
    assert not stats.has_trait(g, 0, "see-spells") and "traits" not in g.players[0].status


# --- fighting instead -------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.henchmen.fight-instead")
def test_a_henchman_may_fight_in_its_masters_place_with_its_printed_strength_and_the_masters_gear():
    s = game("wizard", "warrior")
    card = serve(s, 0, "troll")  # Strength 6 printed
    s.give(0, "Sword")
    fight_bear(s)
    assert f"henchman:{card}" in s.options()
    label = next(lab for lab in s.labels() if "henchman" in lab)
    assert "the Troll" in label and "Strength 7" in label  # 6 printed + the Wizard's Sword, not his own 2
    s.dice(1, 1).choose(f"henchman:{card}")  # the Troll rolls 1 + 7 = 8 against the Bear's 1 + 3
    assert s.player(0).lives == 4 and [s.game.card_name(t) for t in s.player(0).trophies] == ["Bear"]


@pytest.mark.rules("optional-rules.henchmen.fight-instead")
def test_in_psychic_combat_a_henchman_fights_with_its_printed_craft():
    s = game("warrior", "wizard")
    card = serve(s, 0, "sorceress")
    s.at(0, "village").at(1, "city").on_top("adventure", "Shadow").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:fields-1")
    craft = s.game.rules.characters["sorceress"].craft
    assert f"Send your henchman the Sorceress to fight in your place (Craft {craft})" in s.labels()
    s.dice(6, 1).choose(f"henchman:{card}")
    assert [s.game.card_name(t) for t in s.player(0).trophies] == ["Shadow"]


@pytest.mark.rules("optional-rules.henchmen.abilities")
def test_a_henchman_taken_up_by_another_character_serves_it():
    s = game("warrior", "wizard")
    card = serve(s, 0, "thief")
    from talisman.engine import possessions, stats

    g = s.game
    g.players[0].followers.remove(card)
    possessions.give_item(g, 1, card)
    assert stats.has_trait(g, 1, "steal")


def test_the_terminal_sheet_shows_a_characters_henchmen():
    from talisman.cli.tui import sheet_text

    s = game("warrior", "wizard")
    serve(s, 0, "troll")
    text = sheet_text(s.game.rules, s.game.view(0)["players"][0], True).plain
    assert "Henchman: the Troll (Strength 6, Craft 1, 4 lives)." in text


@pytest.mark.rules("optional-rules.henchmen.fight-instead", "optional-rules.henchmen.limits")
def test_a_henchman_beaten_loses_a_life_of_its_own_and_dies_with_its_last():
    s = game("wizard", "warrior")
    card = serve(s, 0, "thief")  # Strength 3
    g = s.game
    g.globals["henchmen"] = {**g.globals["henchmen"], str(card): {"character": "thief", "lives": 1}}
    fight_bear(s).dice(1, 6).choose(f"henchman:{card}")  # 1 + 3 against 6 + 3
    assert s.player(0).lives == 4  # none of its master's
    assert card not in s.player(0).followers and "dies of its wounds" in s.log()


@pytest.mark.rules("optional-rules.henchmen.limits")
def test_a_henchman_has_at_most_four_lives_and_never_grows_stronger():
    seen = []
    for seed in range(30):
        g2 = Game.new(["warrior", "wizard"], modules=OPT, seed=seed, start=False)
        for entry in g2.globals["henchmen"].values():
            seen.append((g2.rules.characters[entry["character"]].lives, entry["lives"]))
    assert all(lives == min(printed, 4) for printed, lives in seen)
    assert any(printed > 4 for printed, _ in seen)  # (the Troll's 6, say: 4 as a henchman)
    # a won fight is its master's trophy: the henchman's Strength stays as printed
    s2 = game("wizard", "warrior")
    card = serve(s2, 0, "troll")
    fight_bear(s2).dice(6, 1).choose(f"henchman:{card}")
    s2.end_turn()
    assert hm.score(s2.game, 0, card, {"mode": "strength", "foes": [], "adhoc": []}) == 6
    assert s2.player(0).gold == 1  # no gold of its own either: whatever it wins is its master's


# --- followers ----------------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.henchmen.are-followers")
def test_a_henchman_is_a_follower_for_every_rule():
    s = game("warrior", "wizard")
    card = hm.of(s.game, 0)[0]
    assert card in s.player(0).followers and s.game.rules.instances[card].type == "follower"
    from talisman.engine.effects import holds

    assert holds(s.game, 0, {"has_followers": True}) and holds(s.game, 0, {"followers_ge": 1})
    view = s.game.view(0)["players"][0]
    assert [f["name"] for f in view["followers"]] == ["Henchman"]
    assert any(n.startswith("Henchman: the ") for n in view["notes"])


# --- Chaos Bloodbath ----------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.chaos-bloodbath")
def test_chaos_bloodbath_one_talisman_no_new_character_and_no_win_before_the_crown():
    s = game("warrior", "wizard", "thief", henchmen=0, chaos_bloodbath=True, new_character=True)
    g = s.game
    talismans = [c for pile in g.decks.values() for c in pile if "talisman" in g.rules.instances[c].traits]
    assert len(talismans) == 1 and g.rules.instances[talismans[0]].deck == "talisman"
    check_conservation(g)
    from talisman.engine import lives

    s.at(0, "fields-1").start()
    lives.kill(g, 1, "a test")
    assert not g.players[1].status.get("replace")  # no new character
    lives.kill(g, 2, "a test")
    assert not g.is_over  # the Warrior is the last one standing, but not on the Crown
    g.players[0].space = g.rules.space_index["valley-of-fire"]
    g.touched()
    from talisman.engine.endings import on_reach_crown

    g.players[0].space = g.rules.space_index["crown-of-command"]
    on_reach_crown(g, 0)
    assert g.is_over and g.result["winners"] == [0]


def test_without_chaos_bloodbath_the_last_one_standing_wins_anywhere():
    s = game("warrior", "wizard", henchmen=0)
    from talisman.engine import lives

    s.at(0, "fields-1").start()
    lives.kill(s.game, 1, "a test")
    assert s.game.is_over and s.game.result["winners"] == [0]


# --- King of the Hill ----------------------------------------------------------------------------------


@pytest.mark.rules("optional-rules.king-of-the-hill")
def test_king_of_the_hill_the_last_alive_wins_and_the_treasure_chamber_leads_to_the_portal():
    from talisman.engine.endings import ending_of

    dungeon = (*OPT, "dungeon-classic", "endings")
    s = game("warrior", "wizard", modules=dungeon, henchmen=0, king_of_the_hill=True, ending="dragon-king")
    assert ending_of(s.game) == "crown-of-command"  # no ending but the last one standing's
    assert ending_of(game(modules=dungeon, henchmen=0, ending="dragon-king").game) == "dragon-king"
    g = s.game
    before = len(g.decks["talisman"])
    ring = g.rules.regions["dungeon"].ring
    s.at(1, "city").at(0, ring[ring.index("treasure-chamber") - 1]).dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    if s.kind == "move":
        s.choose("move:treasure-chamber")
    assert "hill-chamber" in s.options()
    s.choose("hill-chamber")
    assert s.space_of(0) == "portal-of-power" and len(s.game.decks["talisman"]) == before - 1
    assert any(g.rules.instances[c].name == "Talisman" for c in s.player(0).objects)


# --- bots ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"henchmen": 1}, {"henchmen": 0, "chaos-bloodbath": True}, {"henchmen": 0, "king-of-the-hill": True}],
)
def test_heuristic_bots_finish_games_with_each_optional_rule(options):
    from talisman.bots import make_bot, play_out

    finished = 0
    modules = (*OPT, "dungeon-classic") if options.get("king-of-the-hill") else OPT
    for seed in range(3):
        g = Game.new(players=4, modules=modules, options=options, seed=seed)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=800)
        finished += g.is_over and not g.stalled
    assert finished >= 2


def test_random_bot_games_with_henchmen_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(4):
        g = Game.new(players=3, modules=OPT, options={"henchmen": 2, "chaos-bloodbath": True}, seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=150, check=check_conservation)


# --- the City's designer's note ----------------------------------------------------------------------


def test_the_optional_rules_the_citys_note_points_to_bring_nothing_for_the_city():
    """000's City note (``city-classic.designer-note``, a descriptive rule) sends players to the
    Optional Rules, which say nothing of the City: the module adds no City space, card or option
    (the way around the City is to leave it out)."""
    from talisman.content.ruleset import ruleset_for

    alone, both = ruleset_for(("core", "city-classic")), ruleset_for(("core", "city-classic", "optional-rules"))
    assert [s.id for s in both.spaces] == [s.id for s in alone.spaces]
    assert set(both.cards) - set(alone.cards) == {"henchman"}
    assert not [k for k in both.options if k not in alone.options and "city" in k + both.options[k].help.lower()]


def test_a_game_with_disasters_and_every_optional_rule_replays_from_its_save():
    from talisman.bots import make_bot, play_out

    options = {"henchmen": 2, "chaos-bloodbath": True, "king-of-the-hill": True}
    g = Game.new(players=3, modules=(*OPT, "disasters", "dungeon-classic"), options=options, seed=5)
    play_out(g, {i: make_bot("random", 50 + i) for i in range(3)}, max_turns=120)
    again = Game.load(g.save())
    assert again.state_hash() == g.state_hash()
