"""Games that end (issue 35.3): what 000 and 004 say ends a standoff at the Crown of Command,
played as they say, and the rule-aware bot finishing a game: it admits defeat to a ruler it
cannot unseat, challenges one it can, and never stays held between two spaces."""

from __future__ import annotations

import pytest
from test_worlds import game
from test_worlds_endings import enter, far

from talisman.bots import act, make_bot
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
