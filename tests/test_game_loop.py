"""The one game loop (talisman.bots.loop.play) the terminal game, the simulator, the fuzzer and
play_out share, and the one check of a game's options and seats the engine and the server share."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import talisman
from talisman import Game
from talisman.bots import make_bot, observe, play_out
from talisman.bots.base import seated
from talisman.bots.loop import bot_seed, play
from talisman.engine.decision import Decision
from talisman.engine.game import make_config
from talisman.errors import ConfigError
from talisman.server.hub import _setup


def bots_for(g: Game, seed: int) -> list:
    return [make_bot("random", bot_seed(seed, seat)) for seat in range(len(g.players))]


def test_the_loop_stops_at_the_turn_cap_and_when_nobody_answers():
    g = Game.new(players=2, seed=4, log=False)
    steps = play(g, seated(g, bots_for(g, 4)), max_turns=5)
    assert g.turn == 6 and not g.is_over and steps > 0
    answers = seated(g, bots_for(g, 4))
    asked: list[str] = []
    taken = play(g, lambda d: None if len(asked) == 3 else asked.append(d.kind) or answers(d), max_turns=1000)
    assert taken == 3  # the fourth decision found nobody: the game waits, unchanged
    assert g.decision is not None


def test_the_hooks_hear_each_answer_before_and_after_it_is_applied():
    g = Game.new(players=2, seed=5, log=False)
    heard: list[tuple[str, str, str]] = []

    def chosen(d: Decision, choice: str) -> None:
        heard.append(("chosen", choice, g.state_hash()))

    def applied(d: Decision, choice: str) -> None:
        heard.append(("applied", choice, g.state_hash()))

    before = g.state_hash()
    steps = play(g, seated(g, bots_for(g, 5)), max_turns=3, chosen=chosen, applied=applied)
    assert steps > 0 and len(heard) == 2 * steps
    for n, (was, then) in enumerate(zip(heard[::2], heard[1::2])):
        assert (was[0], then[0], was[1]) == ("chosen", "applied", then[1])
        assert was[2] == (before if n == 0 else heard[2 * n - 1][2])  # chosen: the state the decision was asked in


def test_the_loop_plays_the_same_game_as_play_out_and_stops_when_told():
    a, b = Game.new(players=3, seed=8, log=False), Game.new(players=3, seed=8, log=False)
    play_out(a, bots_for(a, 8), max_turns=40)
    play(b, seated(b, bots_for(b, 8)), max_turns=40)
    assert a.state_hash() == b.state_hash()
    c = Game.new(players=3, seed=8, log=False)
    left = iter(range(10))
    assert play(c, seated(c, bots_for(c, 8)), max_turns=40, going=lambda: next(left, None) is not None) == 10


def bot_moves_applied_by_hand(tree: ast.AST) -> list[int]:
    """The lines where a bot's answer is applied to a game by hand (``g.apply(act(...))``), not
    through the loop."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "apply"
        and any(isinstance(a, ast.Call) and isinstance(a.func, ast.Name) and a.func.id == "act" for a in node.args)
    ]


def test_no_front_end_or_runner_plays_the_bots_in_a_loop_of_its_own():
    """The terminal game's full-screen form played its bots in a loop of its own until 7 December."""
    package = Path(talisman.__file__).parent
    found = {
        str(path.relative_to(package)): lines
        for path in sorted(package.rglob("*.py"))
        if (lines := bot_moves_applied_by_hand(ast.parse(path.read_text())))
    }
    assert found == {}
    assert bot_moves_applied_by_hand(ast.parse("g.apply(act(bots[d.player], g))")) == [1]


def test_an_answer_comes_from_the_seats_view():
    g = Game.new(players=2, seed=6, log=False)
    d = g.decision
    assert d is not None
    bot = make_bot("heuristic", 1)
    assert seated(g, {d.player: bot})(d) == make_bot("heuristic", 1).choose(observe(g, d.player), d)


@pytest.mark.parametrize(
    ("options", "seats", "words"),
    [
        ({"fate": 1}, 2, "option 'fate' is true or false, not 1"),
        ({"fate": "maybe"}, 2, "option 'fate' is true or false, not 'maybe'"),
        ({"command-spell": "5e"}, 2, "option 'command-spell' cannot be \"5e\""),
        ({"no-such": True}, 2, "unknown option 'no-such'"),
        ({}, 7, "a game has 1 to 6 players, not 7"),
    ],
)
def test_the_engine_and_the_server_refuse_a_bad_option_or_seat_count_in_the_same_words(options, seats, words):
    with pytest.raises(ConfigError, match=words):
        make_config([None] * seats, None, ["core"], options, 1)
    with pytest.raises(ConfigError, match=words):
        _setup([None] * seats, ["core"], options, 1, [])  # what the server's game creation runs
