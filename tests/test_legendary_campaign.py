"""A whole campaign of Legendary Tales played by the rule-aware party: the five adventures in
order, each begun again or the next one, to the rank of 002's table."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots.base import act, make_bot
from talisman.modules.legendary_tales.ending import rank, stars_needed


@pytest.mark.rules("legendary-tales.adventure-order", "legendary-tales.star-gating", "legendary-tales.rank-table")
@pytest.mark.parametrize("seed", [3, 4])
def test_the_rule_aware_party_plays_a_campaign_in_order_to_its_rank(seed: int) -> None:
    g = Game.new(["dwarf", "prophetess"], modules=["legendary-tales"], options={"campaign": True}, seed=seed)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(2)]
    begun = [(1, g.globals["stars"], 0)]
    while not g.is_over:
        g.apply(act(bots[g.decision.player], g))
        if g.result is None and g.globals["attempts"] > len(begun):
            begun.append((g.globals["adventure"], g.globals["stars"], sum(g.globals["scoreboard"].values())))
    for (before, _, _), (after, _, stars_held) in zip(begun, begun[1:]):
        assert after in (before, before + 1)  # played again, or the next one: never skipped
        assert after == before or stars_held >= stars_needed(after)
    board = g.result["scoreboard"] if g.result else {}
    assert sorted(board) == ["1", "2", "3", "4", "5"] and g.result is not None
    assert sum(board.values()) >= 12 and g.result["rank"] == rank(sum(board.values()))  # the plan: 2+2+3+3+2
    assert g.result["attempts"] == len(begun)
