"""Games that end (issue 35.3): what 000 and 004 say ends a standoff at the Crown of Command,
played as they say, and the rule-aware bot finishing a game: it admits defeat to a ruler it
cannot unseat, challenges one it can, and never stays held between two spaces."""

from __future__ import annotations

import pytest
from test_worlds import game
from test_worlds_endings import CENTRE, enter, far

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
