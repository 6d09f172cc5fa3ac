"""The guided first game (talisman/tutorial.py): a short seeded game whose steps of play are each
explained as they first come, in the same words in both front ends."""

from __future__ import annotations

from talisman.bots import act, make_bot
from talisman.engine.standing import NEW_PLAYER, standing_answer
from talisman.tutorial import DONE, PERSON, TIPS, next_tip, tips_for, tutorial_game


def play_tutorial(max_turns: int = 40) -> list[tuple[str, int, str]]:
    """The tutorial played by the rule-aware bot in the person's seat: each tip shown, in order,
    with the turn and the kind of decision it came at."""
    g = tutorial_game()
    bots = [make_bot("heuristic", 7 * PERSON + i) for i in range(2)]
    shown: set[str] = set()
    out = []
    while not g.is_over and g.turn <= max_turns and DONE.key not in shown:
        d = g.decision
        if d.player == PERSON and standing_answer(g, NEW_PLAYER) is None:
            while (tip := next_tip(g, PERSON, shown)) is not None:
                out.append((tip.key, g.turn, d.kind))
        g.apply(act(bots[d.player], g))
    return out


def test_every_step_of_play_is_explained_as_it_first_comes_in_a_short_game():
    shown = play_tutorial()
    keys = [k for k, _, _ in shown]
    assert keys[0] == "goal" and keys[-1] == DONE.key and sorted(keys[:-1]) == sorted(TIPS), keys
    when = {k: (turn, kind) for k, turn, kind in shown}
    assert when["fate"][1] == "fate" and when["movement"][1] in ("turn", "move")
    assert max(turn for _, turn, _ in shown) <= 12  # a short game: every step within the person's first turns
    assert all(len(t.text) < 400 and t.title for t in TIPS.values())  # a few sentences each


def test_a_tip_is_for_the_person_asked_and_each_is_shown_once():
    g = tutorial_game()
    assert tips_for(g, 1) == []  # the bot's seat, or anyone not asked now, is told nothing
    shown: set[str] = set()
    first = next_tip(g, PERSON, shown)
    assert first is not None and first.key == "goal"
    assert next_tip(g, PERSON, shown).key == "spell"  # the Wizard's Spells may be cast now
    assert next_tip(g, PERSON, shown).key == "movement"
    assert next_tip(g, PERSON, shown) is None  # nothing new until something else comes
