"""The game loop, and the one way a bot's seed is derived from its game.

:func:`play` asks the pending decision, gives it to whoever answers it (a
bot, a person, a standing answer), applies the answer, tells the hooks, and
stops when the game is over or passes its turn cap. The terminal game (its
plain form and its full-screen one, a batch of moves between two redraws), the
simulator, the fuzzer and :func:`talisman.bots.base.play_out` are this loop
with their own answers and hooks. The web server's autopilot answers one
decision at a time between waits (its moves are stored and broadcast), so it
shares the seeds, not the loop.

Every game loop that seats bots seeds them with :func:`bot_seed`, so the same
game seed gives the same bots wherever the game is played.
"""

from __future__ import annotations

from collections.abc import Callable

from talisman.engine.decision import Decision
from talisman.engine.game import Game

Answer = Callable[[Decision], str | None]  # the answer to a decision; None: nobody answers, the game stops
Hook = Callable[[Decision, str], object]  # told a decision and its answer


def play(
    game: Game,
    answer: Answer,
    *,
    max_turns: int,
    chosen: Hook | None = None,
    applied: Hook | None = None,
    going: Callable[[], bool] | None = None,
) -> int:
    """Answer ``game``'s decisions until it is over, its turn passes ``max_turns``, ``going``
    says no more, or ``answer`` gives None (a person leaves); returns the decisions answered.
    ``chosen`` hears each answer before it is applied (the decision's state still in place),
    ``applied`` after.

    >>> from talisman.bots import make_bot, observe
    >>> g = Game.new(["troll", "elf"], seed=2, log=False)
    >>> bots = [make_bot("random", bot_seed(2, seat)) for seat in range(2)]
    >>> play(g, lambda d: bots[d.player].choose(observe(g, d.player), d), max_turns=3) > 0, g.turn
    (True, 4)
    """
    steps = 0
    while not game.is_over and game.turn <= max_turns and (going is None or going()):
        d = game.decision
        assert d is not None  # a game not over has a decision pending
        choice = answer(d)
        if choice is None:
            break
        if chosen is not None:
            chosen(d, choice)
        game.apply(choice)  # (the answer is to the decision pending: no seat to check)
        steps += 1
        if applied is not None:
            applied(d, choice)
    return steps


SEATS_PER_SEED = 8  # more than the six seats a game may have: no two (game, seat) pairs share a seed


def bot_seed(game_seed: int, seat: int, step: int | None = None) -> int:
    """The seed of the bot that plays ``seat`` in the game seeded ``game_seed``.

    A bot made once for the whole game takes no ``step``: its seed is the game's times eight
    plus the seat (the simulator's since its first records, so that they can be played again).
    A bot made afresh for each decision (the web server's autopilot, so that a restarted server
    plays on exactly as it would have) gives the ``step`` it answers, so that its random source
    differs from one decision to the next; that seed is the one the server has always used, so
    the games it keeps play on as before.

    >>> bot_seed(3, 1), bot_seed(3, 1, step=0), bot_seed(3, 1, step=4)
    (25, 3007928, 3007932)
    """
    if step is None:
        return game_seed * SEATS_PER_SEED + seat
    return (game_seed * 1_000_003 + seat * 7919 + step) & 0xFFFFFFFF
