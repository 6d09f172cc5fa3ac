"""The hint (talisman/bots/hint.py): what the rule-aware bot would do at a person's decision, and
why in a sentence, without changing the game."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots import make_bot
from talisman.bots.heuristic import OUTCOME, POLICY, HeuristicBot, board_for
from talisman.bots.hint import first_sentence, hint, reason
from talisman.bots.knowledge import knowledge_for
from talisman.errors import GameOverError, OutOfTurnError
from talisman.modules.core.advice import holdings, moving
from talisman.testing import Scenario


def positions(
    modules: tuple[str, ...] = ("core",),
    seed: int = 3,
    count: int = 40,
    characters: tuple[str, ...] = ("troll", "elf", "wizard"),
) -> list[Game]:
    """Copies of a seeded game of rule-aware bots at its first ``count`` decisions."""
    g = Game.new(list(characters), modules=modules, seed=seed)
    bots = [make_bot("heuristic", i) for i in range(len(characters))]
    out = []
    while not g.is_over and len(out) < count:
        d = g.decision
        out.append(Game.from_state_dict(g.state_dict()))
        g.apply(bots[d.player].choose(g.view(d.player), d))
    return out


@pytest.mark.parametrize("modules", [("core",), ("core", "dungeon-4e"), ("core", "city-districts")])
def test_a_hint_is_an_option_offered_with_its_label_and_a_reason_in_one_sentence(modules):
    kinds = set()
    for g in positions(modules):
        d = g.decision
        found = hint(g, d.player)
        option = d.option(found.option_id)
        assert option is not None and option.label == found.label
        assert found.reason == first_sentence(found.reason) and len(found.reason) > 20, found.reason
        kinds.add(d.kind)
    assert {"turn", "move"} <= kinds


def test_asking_for_a_hint_changes_nothing_and_the_same_moment_gives_the_same_hint():
    """(Legendary Tales' policy breaks ties between places at random: its own random source, seeded by the moment.)"""
    legendary = positions(("legendary-tales",), count=25, characters=("warrior", "elf"))
    for g in positions(count=25) + legendary:
        before = g.state_hash()  # (the dice to come included: the game's random source)
        seat = g.decision.player
        first = hint(g, seat)
        assert g.state_hash() == before
        again = Game.from_state_dict(g.state_dict())
        assert hint(again, seat) == first == hint(g, seat)


def test_a_hint_is_only_for_the_seat_whose_decision_is_pending():
    g = Game.new(["troll", "elf"], seed=2)
    other = 1 - g.decision.player
    with pytest.raises(OutOfTurnError, match="no decision to make"):
        hint(g, other)
    over = positions(count=1)[0]
    over.end([0], "a test")
    with pytest.raises(GameOverError):
        hint(over, 0)


def test_a_move_says_the_rule_of_thumb_and_the_place_the_bot_heads_for():
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "oasis").at(1, "city").give(0, "Talisman")
    s.set(0, strength=12, craft=8).dice(3).start()
    if s.kind == "turn":
        s.choose("roll")
    assert s.kind == "move"
    found = hint(s.game, 0)
    rule = first_sentence(moving._move.__doc__ or "")
    assert found.reason == f"{rule[:-1]}; the bot is heading for the Portal of Power."


def test_the_frequent_decisions_of_the_core_game_each_have_a_rule_of_thumb():
    """Each answer to the kinds a person meets most (measured over seeded games of the modules:
    these are 98% of the rule-aware bot's decisions) reads as a rule of thumb in a hint. (Of
    ``meet``, the last answer, leaving in peace, has none: a sentence from the kind, rarely.)"""
    frequent = (
        "fate turn move others-turn take choose encounter combat redraw shop heal end-turn "
        "make-room spoils wish teleport optional-roll warlock"
    ).split()
    answers = knowledge_for(("core",)).answers
    undocumented = [f"{kind}: {fn.__name__}" for kind in frequent for fn in answers[kind] if not fn.__doc__]
    assert undocumented == []
    assert holdings._end_turn.__doc__ and moving._regenerate.__doc__


def test_an_answer_without_a_docstring_is_told_by_its_decision_kind():
    g = Game.new(["troll", "elf"], seed=2)
    bot = HeuristicBot.__new__(HeuristicBot)
    bot.answered_by = lambda bot, d: None
    d = g.decision
    assert reason(bot, d) == f"That is its rule of thumb for a question of the {d.kind.replace('-', ' ')}."


def test_a_decision_no_advice_knows_is_told_as_played_out_on_imagined_copies(monkeypatch):
    g = next(g for g in positions(seed=1, count=60) if g.decision.kind == "encounter" and len(g.decision.options) > 1)
    # the advice the bot reads is its board's, asked for as the bot asks (modules and layout: lru_cache keys
    # board_for(m) and board_for(m, None) apart, and two boards share their advice only while knowledge_for's
    # cache still holds it, which a worker that has played many module sets may have let go)
    monkeypatch.delitem(board_for(("core",), None).knowledge.answers, "encounter")
    found = hint(g, g.decision.player)
    assert g.decision.option(found.option_id) is not None
    assert "played each option out on imagined copies of the game" in found.reason


def test_legendary_tales_says_its_policys_rule_or_a_plain_sentence():
    g = Game.new(["warrior", "elf"], modules=["legendary-tales"], seed=3)
    found = hint(g, g.decision.player)
    assert g.decision.kind == "lt-travel"
    assert found.reason == "Stay to meet what waits where the hero stands; else roll to travel."
    bot = HeuristicBot.__new__(HeuristicBot)
    bot.answered_by, bot.policy = POLICY, object()  # a policy that gives no reason
    assert reason(bot, g.decision) == "It follows the party's plan for this adventure."
    bot.answered_by = OUTCOME
    assert "imagined copies" in reason(bot, g.decision)
