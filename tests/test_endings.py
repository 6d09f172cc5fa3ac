"""The Alternative Endings (module ``endings``; talisman/modules/endings/):
every ending and every outcome, with scripted dice.

The ruler-to-be (seat 0, the Elf) stands on the Valley of Fire with a
Talisman; the others stand far away and lose their turns, so that each test
follows one character's adventure at the Crown.
"""

from __future__ import annotations

import pytest

from talisman.bots import act, make_bot
from talisman.engine import movement
from talisman.engine.cards import check_conservation
from talisman.engine.game import frame
from talisman.testing import Scenario

rules = pytest.mark.rules
MODS = ("endings",)


def crown(ending: str, chars: tuple[str, ...] = ("elf", "thief"), **options) -> Scenario:
    """Seat 0 one step from the Crown; the others idle (they lose their turns)."""
    s = Scenario(list(chars), modules=MODS, ending=ending, **options).no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").set(0, strength=4, craft=4)
    for seat in range(1, len(chars)):
        s.at(seat, "village").set(seat, lost_turns=50)
    return s


def reach(s: Scenario, *dice: int) -> Scenario:
    s.dice(*dice).start().choose("move:crown-of-command")
    return s


# --- the deck and the Crown of Command -------------------------------------------------


@rules("endings.crown-of-command.alone")
def test_the_first_to_reach_the_crown_draws_an_ending_that_stays_face_up():
    s = crown("draw").on_top("ending", "The Crown of Command")
    reach(s, 5)  # the 5: the Command Spell at its next turn
    assert s.on_space("crown-of-command") == ["The Crown of Command"]
    assert s.kind == "command-victim" and s.decision.player == 1
    s.choose("life")
    assert s.player(1).lives == 3
    assert s.kind == "turn" and "stay" in s.options()
    check_conservation(s.game)


@rules("endings.crown-of-command.not-alone")
def test_under_the_crown_of_command_the_newcomer_must_encounter_the_one_already_there():
    s = crown("draw").on_top("ending", "The Crown of Command")
    s.at(1, "crown-of-command")
    reach(s, 6, 1)  # the only way on: attack the Thief
    assert "Elf attacks Thief in battle" in s.log()
    assert s.kind == "spoils" and s.decision.player == 0


def test_the_chosen_ending_is_turned_face_up_for_the_whole_game():
    s = crown("dragon-king")
    reach(s, 8)
    assert s.on_space("crown-of-command") == ["The Dragon King"]
    assert s.game.result["winners"] == [0]


def test_an_unknown_ending_is_refused():
    from talisman.errors import ConfigError

    with pytest.raises(ConfigError, match="ending"):
        Scenario(["elf"], modules=MODS, ending="the-end-of-days")
    with pytest.raises(ConfigError, match="ending"):
        Scenario(["elf"], ending="dragon-king")  # without the module, only the Crown of Command


# --- the Demon Lord --------------------------------------------------------------


@rules("endings.demon-lord.fight")
def test_the_demon_lord_is_fought_in_psychic_combat_one_round_a_turn():
    s = crown("demon-lord", chars=("elf",))
    reach(s)
    assert s.kind == "demon-lord" and set(s.options()) == {"fight", "flee"}
    s.dice(6, 1).choose("fight")  # Craft 4 + 6 = 10 against 12 + 1: lost
    assert s.player(0).lives == 3 and s.game.turn == 2  # the round was the whole turn
    assert s.kind == "demon-lord"  # next turn: fight on, or flee
    s.dice(6, 6).choose("fight")
    assert s.player(0).lives == 2
    assert s.game.globals["demon-lord"].get("lives", 4) == 4


@rules("endings.demon-lord.fight")
def test_taking_the_demon_lords_fourth_life_wins_the_game():
    s = crown("demon-lord", chars=("elf",)).set(0, craft=20)
    reach(s)
    for left in (3, 2, 1):
        s.dice(6, 1).choose("fight")
        assert s.game.globals["demon-lord"]["lives"] == left
    s.dice(6, 1).choose("fight")
    assert s.game.is_over and s.game.result["winners"] == [0]
    assert "Demon Lord" in s.game.result["how"]


@rules("endings.demon-lord.flee")
def test_fleeing_sends_the_challenger_to_the_plain_and_the_demon_lord_keeps_his_wounds():
    s = crown("demon-lord", chars=("elf",)).set(0, craft=20)
    reach(s)
    s.dice(6, 1).choose("fight")
    assert s.game.globals["demon-lord"]["lives"] == 3
    s.choose("flee")
    assert s.space_of(0) == "plain-of-peril" and "goal" not in s.player(0).status
    assert s.game.globals["demon-lord"]["lives"] == 3  # he keeps the lives he has


@rules("endings.demon-lord.barrier", "endings.demon-lord.teleport-chart")
def test_the_barrier_throws_those_in_the_valley_by_the_chart_and_bars_it():
    s = crown("demon-lord", chars=("elf", "thief", "priest"))
    s.at(1, "valley-of-fire").at(2, "pits").give(2, "Talisman")
    reach(s)
    # 1 Warp Gate, 2 Torture Chamber, 3 Magic Emporium: no such boards here, rolled again; 5 the Graveyard
    s.dice(1, 2, 3, 5, 1, 6).choose("fight")
    assert s.space_of(1) == "graveyard"
    assert all(f"no {place}" in s.log() for place in ("Warp Gate", "Torture Chamber", "Magic Emporium"))
    valley = s.game.rules.space_index["valley-of-fire"]
    assert not movement.may_enter(s.game, 2, valley)  # nobody else may enter while the fight goes on
    s.choose("flee")
    assert movement.may_enter(s.game, 2, valley)  # the barrier falls with the fight


@rules("endings.demon-lord.teleport-chart")
@pytest.mark.parametrize(
    "roll,place", [(4, "portal-of-power"), (5, "graveyard"), (6, "cursed-glade"), (7, "oasis"), (8, "castle")]
)
def test_the_teleport_chart_on_the_main_board(roll, place):
    s = crown("demon-lord", chars=("elf", "thief"))
    s.at(1, "valley-of-fire")
    reach(s)
    s.dice(roll, 1, 6).choose("fight")
    assert s.space_of(1) == place


@rules("endings.demon-lord.reset")
def test_the_demon_lord_regains_his_lives_when_his_challenger_dies():
    s = crown("demon-lord", chars=("elf", "thief")).set(0, craft=20)
    reach(s)
    s.dice(6, 1).choose("fight")
    assert s.game.globals["demon-lord"]["lives"] == 3
    s.set(0, craft=1, lives=1)
    s.dice(1, 6).choose("fight")  # the Elf loses its last life
    assert not s.player(0).alive
    assert "lives" not in s.game.globals["demon-lord"]  # all four again
    assert "regains all his lives" in s.log()


# --- Pandora's Box ------------------------------------------------------------------

HOARD = "test-hoard"


def goal(s: Scenario, seat: int = 0) -> dict:
    return s.player(seat).status["goal"]


def turn_of_0(s: Scenario, space: str | None = None) -> Scenario:
    """Drop what is pending and begin a turn of seat 0 (on ``space`` when given)."""
    g = s.game
    g.stack.clear()
    if space:
        s.at(0, space)
    g.active = 0
    g.push_all([frame("turn_start", p=0), frame("turn_end", p=0)])
    g.advance()
    return s


@rules("endings.pandoras-box.roll", "endings.pandoras-box.1-arena")
def test_pandora_1_the_arena_without_magic_is_a_double_elimination_tournament():
    s = crown("pandoras-box", chars=("elf", "thief", "priest"))
    s.set(1, strength=3, craft=3).set(2, strength=3, craft=3, lives=4).give(1, "Ring", "Counterspell").give(2, "Sword")
    reach(s, 1)
    assert [p.lives for p in s.game.players] == [2, 2, 2]  # raised or reduced to 2
    assert s.names(s.player(1).objects) == [] and s.player(1).spells == []  # no magic: Ring and Spell discarded
    assert s.names(s.player(2).objects) == ["Sword"]  # a mundane Object stays
    assert "Talisman" not in s.names(s.player(0).objects)
    assert s.kind == "arena" and set(s.options()) == {
        "bout:1:strength",
        "bout:1:craft",
        "bout:2:strength",
        "bout:2:craft",
    }
    # The Elf beats the Thief in battle. Unbeaten meet unbeaten, the one who has not fought first: the Priest
    # attacks the Elf, in psychic combat (neither has fought one). Then the two beaten: the Thief and the
    # Priest, in battle (the other kind than last); the Priest is out. Last, the Elf meets the Thief in
    # psychic combat (the Thief has not fought one) and is Champion.
    s.dice(6, 1, 1, 6, 6, 1, 6, 1).choose("bout:1:strength")
    log = s.log()
    for bout in (
        "the Elf against the Thief in battle",
        "the Priest against the Elf in psychic combat",
        "the Thief against the Priest in battle",
        "the Elf against the Thief in psychic combat",
    ):
        assert f"Bout: {bout}" in log
    assert s.game.result["winners"] == [0] and "Champion of the Arena" in s.game.result["how"]
    assert [(p.alive, p.lives) for p in s.game.players] == [(True, 2), (False, 0), (False, 0)]  # the beaten die
    check_conservation(s.game)


@rules("endings.pandoras-box.1-arena")
def test_pandora_arena_an_opener_beaten_twice_dies_and_the_tournament_goes_on_to_its_champion():
    """000: "until there is only one left!": two defeats leave no life, and a character with none is dead
    (not left standing on 0 lives), the opener too, whose turn the tournament is fought in."""
    s = crown("pandoras-box", chars=("elf", "thief", "priest"))
    reach(s, 1)
    # The Elf loses to the Thief; the Priest (no bout yet) beats the Thief; the Elf loses again to the Thief
    # and dies; the unbeaten Priest then beats the once-beaten Thief, who dies, and is Champion.
    s.dice(1, 6, 6, 1, 1, 6, 6, 1).choose("bout:1:strength")
    assert "Bout: the Priest against the Thief in battle" in s.log()
    assert s.log().index("Elf is dead") < s.log().index("Bout: the Priest against the Thief in battle")
    assert s.game.result["winners"] == [2] and "Champion of the Arena" in s.game.result["how"]
    assert [p.alive for p in s.game.players] == [False, False, True]
    assert not any(p.alive and p.lives <= 0 for p in s.game.players)
    check_conservation(s.game)


@rules("endings.pandoras-box.1-arena")
def test_pandora_arena_stand_offs_are_fought_again_and_a_lost_first_bout_is_not_the_end():
    s = crown("pandoras-box").set(1, strength=4, craft=4)
    reach(s, 1)
    # A stand-off (5 + 4 each) is fought again, and the Thief wins it. The unbeaten Thief then attacks the
    # once-beaten Elf in psychic combat and loses; both beaten once, the Elf attacks, in battle, and wins.
    s.dice(5, 5, 1, 6, 1, 6, 6, 1).choose("bout:1:strength")
    assert "Bout: the Thief against the Elf in psychic combat" in s.log()
    assert "Bout: the Elf against the Thief in battle" in s.log().split("psychic combat.")[-1]
    assert "Stand-off" in s.log()
    assert s.game.result["winners"] == [0] and "Champion of the Arena" in s.game.result["how"]
    assert not s.player(1).alive and s.player(1).lives == 0


@rules("endings.pandoras-box.6-arena-revisited")
def test_pandora_6_the_arena_revisited_allows_magic():
    s = crown("pandoras-box").set(1, strength=3, craft=3).give(1, "Ring", "Psionic Blast")
    reach(s, 6)
    assert [p.lives for p in s.game.players] == [2, 2]
    assert s.names(s.player(1).objects) == ["Ring"] and s.names(s.player(1).spells) == ["Psionic Blast"]
    s.choose("bout:1:strength")
    assert s.kind == "combat-magic" and s.decision.player == 1  # the Thief may cast in the bout
    assert any(o.startswith("cast:") for o in s.options())


@rules("endings.pandoras-box.2-finders-keepers")
def test_pandora_2_finders_keepers_claims_discarded_objects_and_hunts_the_others():
    s = crown("pandoras-box").set(1, lives=1)
    g = s.game
    for name in ("Sword", "Ring", "Bear"):
        card = s.find(name)
        s._unplace(card)
        g.discards["adventure"].append(card)
    reach(s, 2)
    assert s.kind == "finders-keepers"
    assert sorted(s.labels()) == ["Claim nothing more", "Claim the Ring", "Claim the Sword"]  # not the Bear
    s.choose("Sword").choose("Ring")
    assert s.names(s.player(0).objects) == ["Talisman", "Sword", "Ring"]
    assert goal(s)["kind"] == "finders-keepers"
    assert "leap:1" in s.options()  # next turn: teleport to a rival
    s.choose("leap:1")
    assert s.space_of(0) == "village" and s.kind == "meet"
    s.dice(6, 1).choose("attack:1").choose("life")
    assert s.game.result["winners"] == [0]  # every other character's last life taken
    check_conservation(s.game)


@rules("endings.pandoras-box.2-finders-keepers")
def test_pandora_finders_keepers_respects_encumbrance():
    s = crown("pandoras-box").give(0, "Sword", "Axe", "Shield")
    card = s.find("Helmet")
    s._unplace(card)
    s.game.discards["adventure"].append(card)
    reach(s, 2)
    assert s.kind != "finders-keepers"  # four carried already: nothing to claim
    assert goal(s)["kind"] == "finders-keepers"


@rules("endings.pandoras-box.3-perils")
def test_pandora_3_perils_set_the_others_against_each_other_then_the_opener_finishes_the_last():
    s = crown("pandoras-box", chars=("elf", "thief", "priest")).set(1, lives=1).set(2, lives=1)
    reach(s, 3)
    assert s.kind == "perils" and set(s.options()) == {"pass", "perils:1:2:strength", "perils:2:1:strength"}
    s.dice(6, 1).choose("perils:1:2:strength")  # the Thief is hurled onto the Priest
    assert s.space_of(1) == s.space_of(2) and not s.player(2).alive
    assert s.kind == "perils" and s.options() == ["finish:1:strength", "pass"]  # its next turn: one rival left
    s.dice(6, 1).choose("finish:1:strength")
    assert s.game.result["winners"] == [0]


@rules("endings.pandoras-box.3-perils")
def test_pandora_perils_fight_goes_on_until_one_is_dead_and_psychic_if_the_attacker_can():
    s = crown("pandoras-box", chars=("elf", "thief", "wizard")).set(1, strength=3, craft=3, lives=2)
    s.set(2, strength=2, craft=5)
    reach(s, 3)
    assert "perils:2:1:craft" in s.options() and "perils:1:2:craft" not in s.options()
    s.dice(6, 1, 6, 1).choose("perils:2:1:craft")  # two bouts: the Thief's two lives
    assert not s.player(1).alive and s.player(2).alive


@rules("endings.pandoras-box.4-quest")
def test_pandora_4_the_quest_of_a_lifetime_keeps_the_places_this_game_has():
    s = crown("pandoras-box")
    reach(s, 4)
    assert [p[0] for p in goal(s)["places"]] == [
        "Graveyard",
        "Tavern",
        "Castle",
        "Oasis",
        "Village",
        "Crown of Command",
    ]
    assert s.space_of(0) == "valley-of-fire"  # it sets out at once
    turn_of_0(s, "woods-1")
    s.dice(1).choose("roll").choose("move:graveyard")
    assert goal(s)["next"] == 1  # the first place is visited


@rules("endings.pandoras-box.4-quest")
def test_pandora_quest_places_count_only_in_order_and_the_crown_comes_last():
    s = crown("pandoras-box")
    reach(s, 4)
    turn_of_0(s, "fields-5")
    s.dice(1).choose("roll").choose("move:tavern")  # the Tavern before the Graveyard: no
    assert goal(s)["next"] == 0
    s.player(0).status["goal"] = {**goal(s), "next": 4}  # as if all but the Village were done
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert not s.game.is_over and "not yet done" in s.log()
    s.player(0).status["goal"] = {**goal(s), "next": 5}
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.pandoras-box.5-hydra")
def test_pandora_5_come_back_with_seven_dragons_which_cannot_be_traded():
    s = Scenario(["elf", "thief"], modules=(*MODS, HOARD), ending="pandoras-box").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").at(1, "village").set(1, lost_turns=50)
    s.trophy(0, *["Wyrm"] * 6)
    reach(s, 5)
    assert goal(s)["kind"] == "hydra" and s.space_of(0) == "valley-of-fire"
    assert not any(o.startswith("trophies:") for o in s.options())  # 42 Strength of Dragons, not for trade
    s.choose("move:crown-of-command")
    assert not s.game.is_over  # six are not enough
    s.trophy(0, "Wyrm")
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.pandoras-box.7-ashes")
def test_pandora_7_ashes_to_ashes_come_back_after_taking_a_life():
    s = crown("pandoras-box")
    reach(s, 7)
    assert goal(s)["kind"] == "ashes" and not goal(s)["taken"]
    s.at(1, "cursed-glade")
    turn_of_0(s, "hills-3")
    s.dice(1).choose("roll").choose("move:cursed-glade").choose("meet:1")
    s.dice(6, 1).choose("attack:1").choose("life")
    assert s.player(1).lives == 3 and goal(s)["taken"]
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.pandoras-box.8-rabble")
def test_pandora_8_raise_the_rabble_come_back_with_twelve_followers():
    s = Scenario(["elf", "thief"], modules=(*MODS, HOARD), ending="pandoras-box").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman", *["Peasant"] * 11).at(1, "village").set(1, lost_turns=50)
    reach(s, 8)
    assert goal(s)["kind"] == "rabble"
    s.choose("move:crown-of-command")
    assert not s.game.is_over  # eleven
    s.give(0, "Peasant")
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.pandoras-box.5-hydra", "endings.pandoras-box.roll")
def test_a_character_back_with_its_task_not_done_may_open_the_box_again():
    s = crown("pandoras-box")
    reach(s, 5)
    assert goal(s)["kind"] == "hydra" and "keep-trophies:dragon" in s.player(0).status["traits"]
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.decision.kind == "pandora-again" and set(s.options()) == {"reopen", "keep"}
    s.dice(7).choose("reopen")  # the new roll: Ashes to Ashes in place of the Dragons
    assert goal(s)["kind"] == "ashes" and "keep-trophies:dragon" not in s.player(0).status.get("traits", ())
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command").choose("keep")
    assert goal(s)["kind"] == "ashes" and s.log().count("carefully opens Pandora's Box") == 2


@rules("endings.pandoras-box.roll")
def test_the_box_is_opened_by_each_character_who_reaches_the_crown():
    s = crown("pandoras-box", chars=("elf", "thief"))
    s.at(1, "valley-of-fire").give(1, "Talisman").set(1, lost_turns=0)
    reach(s, 8)  # the Elf: the rabble
    s.dice(7).choose("move:crown-of-command")  # the Thief opens it too
    assert "Thief carefully opens Pandora's Box" in s.log() and goal(s, 1)["kind"] == "ashes"


# --- the Lord of Chaos ----------------------------------------------------------------


def chaos(alignment: str, chars: tuple[str, ...] = ("elf", "thief")) -> Scenario:
    return crown("lord-of-chaos", chars=chars).set(0, alignment=alignment)


@rules("endings.lord-of-chaos.roll", "endings.lord-of-chaos.1-good-wins")
def test_chaos_1_good_wins():
    s = reach(chaos("good"), 1)
    assert s.game.result["winners"] == [0] and "good wins" in s.game.result["how"]


@rules("endings.lord-of-chaos.1-good-wins")
def test_chaos_1_evil_loses_the_game():
    s = reach(chaos("evil"), 1)
    assert not s.player(0).alive and s.player(0).conceded
    assert s.game.result["winners"] == [1]


@rules("endings.lord-of-chaos.1-good-wins")
def test_chaos_1_neutral_goes_to_the_chapel_gives_up_its_possessions_and_comes_back():
    s = chaos("neutral").give(0, "Sword", "Unicorn", "Counterspell").set(0, gold=5)
    reach(s, 1)
    assert goal(s)["kind"] == "errand" and goal(s)["place"] == "Chapel" and s.space_of(0) == "valley-of-fire"
    turn_of_0(s, "hills-1")
    s.dice(1).choose("roll").choose("move:chapel")
    p = s.player(0)
    assert s.names(p.objects) == [] and p.spells == [] and p.gold == 0 and s.names(p.followers) == ["Unicorn"]
    assert goal(s)["done"]
    s.give(0, "Talisman")
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.lord-of-chaos.2-evil-wins")
def test_chaos_2_evil_wins_good_loses_neutral_goes_to_the_graveyard():
    assert reach(chaos("evil"), 2).game.result["winners"] == [0]
    s = reach(chaos("good"), 2)
    assert s.game.result["winners"] == [1] and s.player(0).conceded
    s = reach(chaos("neutral"), 2)
    assert goal(s)["place"] == "Graveyard" and not s.game.is_over


@rules("endings.lord-of-chaos.3-neutral-wins")
def test_chaos_3_neutral_wins_the_others_lose_a_life_and_go_to_the_guild():
    assert reach(chaos("neutral"), 3).game.result["winners"] == [0]
    for alignment in ("good", "evil"):
        s = reach(chaos(alignment), 3)
        assert s.player(0).lives == 3 and not s.game.is_over
        # the Anarchist's Guild is in the City: without it, the main board's City space stands in
        assert goal(s)["place"] == "City" and s.space_of(0) == "valley-of-fire"


@rules("endings.lord-of-chaos.4-change-is-good")
def test_chaos_4_come_back_by_another_route():
    s = chaos("good")
    s.player(0).status["route"] = "the Mines"
    reach(s, 4)
    assert goal(s) == {**goal(s), "kind": "change", "route": "the Mines", "alignment": "good"}
    assert s.space_of(0) == "valley-of-fire"  # it leaves at once
    turn_of_0(s)
    s.choose("move:crown-of-command")
    assert not s.game.is_over  # the same way: no
    s.player(0).status["route"] = "the Crypt"
    turn_of_0(s, "valley-of-fire")
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


@rules("endings.lord-of-chaos.4-change-is-good")
def test_chaos_4_or_come_back_with_another_alignment():
    s = chaos("good")
    reach(s, 4)
    s.set(0, alignment="neutral")
    turn_of_0(s)
    s.choose("move:crown-of-command")
    assert s.game.result["winners"] == [0]


def test_the_route_is_the_side_of_the_inner_region_last_walked():
    from talisman.modules.endings.common import route

    s = crown("lord-of-chaos").at(0, "plain-of-peril")
    s.dice(6, 6, 6).start().choose("move:mines")  # 18 - 4: thrown out of the Mines anyway
    assert route(s.game, 0) == "the Mines"


@rules("endings.lord-of-chaos.5-letter-table")
@pytest.mark.parametrize("roll,letters", [(1, "ABC"), (2, "ABC"), (3, "BAD"), (4, "BAD"), (5, "EFA"), (6, "FEG")])
def test_chaos_5_the_letter_table(roll, letters):
    from talisman.modules.endings.lord_of_chaos import letter

    assert "".join(letter(roll, a) for a in ("good", "neutral", "evil")) == letters


@rules("endings.lord-of-chaos.5-letter-results")
@pytest.mark.parametrize(
    "alignment,roll,letter,lives,leaves,wins,bare",
    [
        ("good", 1, "A", 3, True, False, False),
        ("neutral", 1, "B", 2, True, False, False),
        ("evil", 3, "D", 4, True, False, True),
        ("good", 5, "E", 2, False, True, False),
        ("neutral", 5, "F", 1, False, True, False),
        ("evil", 6, "G", 1, True, False, False),
    ],
)
def test_chaos_5_lets_see_you_suffer(alignment, roll, letter, lives, leaves, wins, bare):
    s = chaos(alignment).give(0, "Sword")
    reach(s, 5, roll)
    assert f"result {letter}" in s.log()
    assert s.player(0).lives == lives
    assert (s.space_of(0) == "valley-of-fire") == leaves
    assert (s.game.result is not None and s.game.result["winners"] == [0]) == wins
    assert (s.names(s.player(0).objects) == []) == bare


@rules("endings.lord-of-chaos.5-letter-results")
def test_chaos_5_f_kills_one_with_three_lives_or_fewer():
    s = chaos("good").set(0, lives=3)
    reach(s, 5, 6)
    assert not s.player(0).alive and s.game.result["winners"] == [1]


@rules("endings.lord-of-chaos.5-letter-results")
def test_chaos_5_c_stays_and_tries_again_next_turn():
    s = chaos("evil").give(0, "Sword")
    reach(s, 5, 1, 2)  # C; at its next turn it rolls again: 2
    assert "result C" in s.log() and s.player(0).lives == 3
    assert s.names(s.player(0).objects) == []
    assert s.game.result["winners"] == [0] and "evil wins" in s.game.result["how"]


@rules("endings.lord-of-chaos.5-leave-to-portal")
def test_chaos_5_one_driven_out_must_go_back_to_the_portal_before_trying_again():
    s = chaos("good")
    reach(s, 5, 1)  # A: lose a life and leave
    assert goal(s)["kind"] == "portal" and s.kind == "turn" and s.decision.player == 0
    crown_space = s.game.rules.space_index["crown-of-command"]
    assert "move:crown-of-command" not in s.options() and not movement.may_enter(s.game, 0, crown_space)
    turn_of_0(s, "plain-of-peril")
    s.choose("retreat:portal-of-power")  # out to the Portal (a move, encountered)
    s.end_turn()
    assert goal(s)["reached"] and movement.may_enter(s.game, 0, crown_space)
    turn_of_0(s, "valley-of-fire")
    s.dice(2).choose("move:crown-of-command")  # tries again: 2, good loses
    assert s.game.result["winners"] == [1]


@rules("endings.lord-of-chaos.6-good")
def test_chaos_6_good_fights_the_dragon_of_chaos_changing_attribute_each_combat():
    s = chaos("good").set(0, strength=20, craft=20)
    reach(s, 6, 3, *[6, 1] * 4)
    log = s.log()
    assert log.count("fights the Dragon of Chaos in battle") == 2
    assert log.count("fights the Dragon of Chaos in psychic combat") == 2
    assert s.game.result["winners"] == [0]


@rules("endings.lord-of-chaos.6-good")
def test_chaos_6_the_dragon_of_chaos_takes_lives_until_one_side_is_dead():
    s = chaos("good")
    reach(s, 6, 1, *[1, 6] * 4)
    assert not s.player(0).alive and s.game.result["winners"] == [1]


@rules("endings.lord-of-chaos.6-neutral")
def test_chaos_6_neutral_fights_the_priest_of_chaos_with_one_craft_item_drawn_at_random():
    s = chaos("neutral").set(0, craft=10).give(0, "Ring", "Solomon's Crown")
    reach(s, 6, 5, *[6, 1] * 4)
    log = s.log()
    helper = "Ring" if "Only the Ring helps" in log else "Solomon's Crown"
    assert f"Only the {helper} helps" in log
    expected = 6 + 10 + (1 if helper == "Ring" else 2)
    assert f"fights the Priest of Chaos in psychic combat: 6 + {expected - 6} Craft = {expected}" in log
    assert "in battle" not in log.split("Priest")[-1]
    assert s.game.result["winners"] == [0]
    assert not any(m[2] == "one-item" for m in s.player(0).mods)  # every item counts again afterwards


@rules("endings.lord-of-chaos.6-evil")
def test_chaos_6_evil_must_win_four_battles_by_three_or_more():
    s = chaos("evil").set(0, strength=10, craft=15)
    # Dragon in battle: 10+3 against 10+1 is 2 more: a loss; then 6 against 1 wins. Dragon in psychic
    # combat, then the Priest twice (psychic): each won by 5.
    reach(s, 6, 2, 3, 1, 6, 1, 6, 1, 6, 1, 6, 1)
    log = s.log()
    assert s.player(0).lives == 3 and "loses to the Dragon of Chaos" in log
    assert log.count("fights the Priest of Chaos") == 2
    assert s.game.result["winners"] == [0]


@rules("endings.lord-of-chaos.6-evil")
def test_chaos_6_evil_a_stand_off_is_a_loss():
    s = chaos("evil").set(0, strength=10, lives=1)
    reach(s, 6, 2, 1, 1)
    assert not s.player(0).alive


@rules("endings.lord-of-chaos.6-lord-himself")
def test_chaos_6_the_lord_himself_gains_the_lives_he_takes():
    s = chaos("neutral").set(0, strength=15, craft=15)
    # 6, then his Strength and Craft: 12 + 2 and 12 + 5. The character loses a round, then wins six.
    reach(s, 6, 6, 2, 5, 1, 6, *[6, 1] * 6)
    log = s.log()
    assert "Strength 14, Craft 17, 5 lives" in log
    assert "gains the life" in log and "6 lives left" in log
    assert s.game.result["winners"] == [0]


@rules("endings.lord-of-chaos.6-lord-himself")
@pytest.mark.parametrize("alignment", ["good", "evil"])
def test_chaos_6_a_six_brings_the_lord_himself_whatever_the_alignment(alignment):
    s = chaos(alignment)
    reach(s, 6, 6, 1, 1, 1, 6)
    assert "The Lord of Chaos himself comes forth" in s.log()


# --- the Horrible Black Void ---------------------------------------------------------


@rules("endings.horrible-black-void")
def test_the_void_annihilates_the_drawer_and_everything_it_owns():
    s = crown("horrible-black-void").give(0, "Sword", "Unicorn", "Counterspell").set(0, gold=3)
    g = s.game
    reach(s)
    p = s.player(0)
    assert not p.alive and p.conceded and p.holdings() == []
    assert s.on_space("crown-of-command") == [] and s.on_space("valley-of-fire") == []  # nothing left behind
    assert g.result["winners"] == [1]
    check_conservation(g)


@rules("endings.horrible-black-void")
def test_the_void_drawn_is_discarded_for_good_and_the_next_draws_again():
    s = crown("draw", chars=("elf", "thief", "priest")).on_top("ending", "The Horrible Black Void", "The Dragon King")
    s.at(1, "valley-of-fire").give(1, "Talisman").set(1, lost_turns=0)
    reach(s, 8)
    void = next(c for c in s.game.globals["removed"])
    assert s.game.card_name(void) == "The Horrible Black Void"
    s.choose("move:crown-of-command")  # the Thief draws the next: the Dragon King
    assert s.on_space("crown-of-command") == ["The Dragon King"] and s.game.result["winners"] == [1]


@rules("endings.horrible-black-void")
def test_the_void_chosen_serves_no_second_player_the_crown_of_command_follows():
    s = crown("horrible-black-void", chars=("elf", "thief", "priest"))
    s.at(1, "valley-of-fire").give(1, "Talisman").set(1, lost_turns=0)
    reach(s)
    assert not s.player(0).alive
    s.dice(5).choose("move:crown-of-command")  # the Thief: no Void for it
    assert s.player(1).alive and s.on_space("crown-of-command") == []
    assert s.kind == "command-victim" and s.decision.player == 2  # its next turn: the Command Spell


# --- the Dragon King --------------------------------------------------------------

WIN_ROUND = (6, 6, 1, 1)  # the character's battle and psychic dice, then the King's


def dragon_king(**stats) -> Scenario:
    return crown("dragon-king", chars=("elf", "thief")).set(0, **{"strength": 20, "craft": 20, **stats})


@rules(
    "endings.dragon-king.roll", "endings.dragon-king.4", "endings.dragon-king.stats", "endings.dragon-king.dual-combat"
)
def test_dragon_king_4_beat_the_king_in_five_double_rounds():
    s = dragon_king()
    reach(s, 4, 3, 5, *WIN_ROUND * 5)  # Strength 12 + 3, Craft 12 + 5
    log = s.log()
    assert "Strength 15 and Craft 17" in log
    assert "scores 26 in battle and 26 in psychic combat against the Dragon King's 16 and 18" in log
    assert log.count("loses a life") == 4 and s.game.result["winners"] == [0]


@rules("endings.dragon-king.dual-combat")
def test_dragon_king_losing_either_combat_loses_the_round_and_a_life():
    s = dragon_king(craft=1, lives=2)
    reach(s, 4, 3, 5, 6, 1, 1, 6, 1, 6, 6, 1)  # won the battle, lost the psychic; then the reverse
    assert not s.player(0).alive and s.game.result["winners"] == [1]


@rules("endings.dragon-king.dual-combat")
def test_dragon_king_a_round_won_in_one_combat_and_drawn_in_the_other_is_nobodys():
    s = dragon_king(craft=16)
    reach(s, 4, 3, 5, 6, 2, 1, 1, *WIN_ROUND * 5)  # psychic 2 + 16 against 1 + 17: a draw
    assert "Neither wins the round" in s.log() and s.player(0).lives == 4
    assert s.game.result["winners"] == [0]


@rules("endings.dragon-king.dual-combat")
def test_dragon_king_s_double_fight_tells_the_closer_combat_and_the_rule_aware_bot_answers_it():
    s = dragon_king(craft=8).give(0, "Psionic Blast", deck="spell")
    reach(s, 4, 3, 5)  # the King: Strength 15, Craft 17; the Elf: Strength 20, Craft 8
    assert s.kind == "combat" and s.options() == ["fight", "cast:121"]
    assert s.decision.about == {"mode": "craft", "foe": 17, "mine": 8, "foes": ["Dragon King"]}
    assert act(make_bot("heuristic", 0), s.game) == "cast:121"  # against bad odds, the Spell first (it crashed)


@rules("endings.dragon-king.1")
def test_dragon_king_1_followers_flee_magic_is_destroyed_then_fight_him_alone():
    s = dragon_king().give(0, "Unicorn", "Ring", "Sword")
    reach(s, 1, 3, 5, *WIN_ROUND * 5)
    p = s.player(0)
    assert p.followers == [] and s.names(p.objects) == ["Sword"]  # the Talisman and the Ring were magic
    assert s.game.result["winners"] == [0]
    check_conservation(s.game)


@rules("endings.dragon-king.2")
def test_dragon_king_2_eats_a_follower_and_throws_you_into_the_plain_of_peril():
    s = dragon_king().give(0, "Unicorn")
    reach(s, 2)
    assert s.player(0).followers == [] and s.space_of(0) == "plain-of-peril" and s.player(0).lives == 4


@rules("endings.dragon-king.2")
def test_dragon_king_2_without_followers_takes_a_life_and_throws_you_into_the_portal():
    s = reach(dragon_king(), 2)
    assert s.player(0).lives == 3 and s.space_of(0) == "portal-of-power"


@rules("endings.dragon-king.3")
def test_dragon_king_3_beat_his_three_brothers_one_after_the_other():
    s = dragon_king(strength=10)
    reach(s, 3, 1, 2, 6, 1, 6, 1, 6, 1)  # 1 + 10 against 2 + 9: a stand-off, fought again
    log = s.log()
    assert log.count("fights the Dragon King's brother in battle: ") == 4 and "Stand-off" in log
    assert s.game.result["winners"] == [0]


@rules("endings.dragon-king.3")
def test_dragon_king_3_losing_to_a_brother_costs_a_life_and_the_crown():
    s = dragon_king(strength=4)
    reach(s, 3, 6, 1, 1, 6)  # the first falls; the second wins
    assert s.player(0).lives == 3 and s.space_of(0) == "plain-of-peril" and not s.game.is_over


@rules("endings.dragon-king.5")
def test_dragon_king_5_he_visits_every_other_player_and_the_throne_wins_when_all_are_dead():
    s = dragon_king()
    reach(s, 5)
    assert s.kind == "dragon-king" and s.decision.player == 1 and set(s.options()) == {"fight", "eaten"}
    s.choose("eaten")
    assert not s.player(1).alive and s.game.result["winners"] == [0]


@rules("endings.dragon-king.5")
def test_dragon_king_5_each_fights_a_king_regenerated_and_the_survivors_play_on():
    s = crown("dragon-king", chars=("elf", "thief", "priest")).set(2, strength=30, craft=30)
    reach(s, 5)
    s.choose("eaten")  # the Thief
    s.dice(1, 1, *WIN_ROUND * 5).choose("fight")  # the Priest beats a King of 13/13 with 5 lives
    assert s.player(2).alive and not s.player(1).alive and not s.game.is_over
    assert "The Dragon King fights with Strength 13 and Craft 13" in s.log()


@rules("endings.dragon-king.6")
def test_dragon_king_6_every_face_up_dragon_comes_to_the_crown_and_fights_at_once():
    s = dragon_king().put("oasis", "Dragon").put("desert-1", "Dragon")
    reach(s, 6, 6, 1, 3, 5, *WIN_ROUND * 5)
    log = s.log()
    assert "calls 2 Dragons to the Crown" in log and "kills the Dragon and Dragon" in log
    assert s.on_space("oasis") == [] and s.names(s.player(0).trophies) == ["Dragon", "Dragon"]
    assert s.game.result["winners"] == [0]


@rules("endings.dragon-king.6")
def test_dragon_king_6_with_no_dragon_on_the_board_the_king_fights_alone():
    s = dragon_king()
    reach(s, 6, 3, 5, *WIN_ROUND * 5)
    assert "No Dragon answers" in s.log() and s.game.result["winners"] == [0]


@rules("endings.dragon-king.7")
def test_dragon_king_7_assassinate_him_asleep_under_your_craft_on_2d8():
    s = dragon_king(craft=10)
    reach(s, 7, 3, 6)  # 9 under 10
    assert s.game.result["winners"] == [0] and "sleeping" in s.game.result["how"]


@rules("endings.dragon-king.7")
def test_dragon_king_7_failing_wakes_him():
    s = dragon_king(craft=9).give(0, "Unicorn")  # Craft 9 + 1
    reach(s, 7, 4, 6)  # 10: not under 10
    assert s.player(0).followers == [] and s.space_of(0) == "plain-of-peril"


@rules("endings.dragon-king.8")
def test_dragon_king_8_he_is_out_to_lunch():
    s = reach(dragon_king(), 8)
    assert s.game.result["winners"] == [0] and "out to lunch" in s.log()


def test_dragon_king_one_still_on_the_throne_rolls_again_at_its_next_turn():
    s = crown("dragon-king", chars=("elf", "thief", "priest")).set(2, strength=30, craft=30)
    reach(s, 5)
    s.choose("eaten").dice(1, 1, *WIN_ROUND * 5, 8).choose("fight")  # then at the Elf's next turn: 8
    assert s.game.result["winners"] == [0]


# --- bot games ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ending", ["draw", "demon-lord", "pandoras-box", "lord-of-chaos", "horrible-black-void", "dragon-king"]
)
def test_random_bot_games_at_the_crown_keep_every_card_in_one_place(ending):
    import random

    from talisman.bots import make_bot, play_out

    characters = [
        "assassin",
        "druid",
        "dwarf",
        "elf",
        "ghoul",
        "minstrel",
        "monk",
        "priest",
        "prophetess",
        "sorceress",
        "thief",
        "troll",
        "warrior",
        "wizard",
    ]
    endings_met = 0
    for seed in range(25):
        r = random.Random(seed)
        n = r.randint(2, 4)
        s = Scenario(r.sample(characters, n), seed=seed, modules=MODS, ending=ending, fate=r.random() < 0.5)
        for seat in range(n):
            s.at(seat, r.choice(["valley-of-fire", "valley-of-fire", "plain-of-peril", "portal-of-power"]))
            s.give(seat, "Talisman")
        g = s.start().game
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(n)}, max_turns=80, check=check_conservation)
        endings_met += any(e.type == "crown" for e in g.events)
        for p in g.players:
            assert p.lives >= 0 and p.gold >= 0 and p.strength >= 1 and p.craft >= 1
    assert endings_met >= 12  # most games do meet the ending


def test_a_game_with_an_ending_replays_exactly():
    from talisman import Game
    from talisman.bots import make_bot, play_out
    from talisman.engine import save as saves

    for seed in range(3):
        g = Game.new(players=3, modules=MODS, seed=seed)
        play_out(g, {i: make_bot("random", i) for i in range(3)}, max_turns=60)
        assert saves.replay(g.save()).state_hash() == g.state_hash()


WARP = "test-warp-gate"


@rules("endings.horrible-black-void")
def test_with_the_timescape_the_void_sucks_the_drawer_into_the_warp_gate():
    s = Scenario(["elf", "thief"], modules=(*MODS, WARP), ending="horrible-black-void").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman", "Sword").at(1, "village").set(1, lost_turns=50)
    reach(s)
    assert s.player(0).alive and s.space_of(0) == "warp-gate" and "Sword" in s.names(s.player(0).objects)
    assert "Elf arrives on the Warp Gate" in s.log()


@rules("endings.demon-lord.teleport-chart")
def test_with_the_timescape_the_barrier_may_throw_into_the_warp_gate():
    s = Scenario(["elf", "thief"], modules=(*MODS, WARP), ending="demon-lord").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").at(1, "valley-of-fire").set(1, lost_turns=50)
    reach(s)
    s.dice(1, 1, 6).choose("fight")
    assert s.space_of(1) == "warp-gate"


@rules("endings.demon-lord.teleport-chart")
def test_with_the_dungeon_the_barrier_may_throw_into_the_torture_chamber():
    s = Scenario(["elf", "thief"], modules=(*MODS, "dungeon-4e"), ending="demon-lord").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").at(1, "valley-of-fire").set(1, lost_turns=50)
    reach(s)
    s.dice(2, 1, 6).choose("fight")
    assert s.space_of(1) == "torture-chamber"


@rules("endings.dragon-king.dual-combat", "combat.magic-before-roll")
def test_dragon_king_spells_are_cast_before_the_dice_of_each_round():
    """Psionic Blast before a round adds the Craft to the Strength; the Finger of Death cannot touch him."""
    s = Scenario(["elf", "thief"], modules=("endings", "dungeon-4e"), ending="dragon-king").no_spells()
    s.at(0, "valley-of-fire").give(0, "Talisman").set(0, strength=4, craft=6).at(1, "village").set(1, lost_turns=50)
    s.give(0, "Psionic Blast").give(0, "Finger of Death", deck="spell")
    reach(s, 4, 3, 5)  # Strength 12 + 3, Craft 12 + 5
    assert s.kind == "combat" and "Dragon King" in s.decision.prompt
    assert not any("Finger of Death" in label for label in s.labels())
    s.dice(6, 6, 1, 1).choose("Psionic Blast")  # back to the round, where only the fight is left
    assert "scores 16 in battle and 12 in psychic combat against the Dragon King's 16 and 18" in s.log()
