"""Seats answered by bots: the one way a bot's seed is derived from its game.

Every game loop that seats bots (the terminal game, the simulator, the
fuzzer, the web server's autopilot) seeds them with :func:`bot_seed`, so the
same game seed gives the same bots wherever the game is played.
"""

from __future__ import annotations

SEATS_PER_SEED = 8  # more than the six seats a game may have: no two (game, seat) pairs share a seed


def bot_seed(game_seed: int, seat: int, step: int | None = None) -> int:
    """The seed of the bot that plays ``seat`` in the game seeded ``game_seed``.

    A bot made once for the whole game takes no ``step``. A bot made afresh for
    each decision (the web server's autopilot, so that a restarted server plays
    on exactly as it would have) gives the ``step`` it answers, so that its
    random source differs from one decision to the next.

    >>> bot_seed(3, 1), bot_seed(3, 1, step=0), bot_seed(3, 1, step=4)
    (25, 25000075, 25000079)
    """
    seed = game_seed * SEATS_PER_SEED + seat
    return seed if step is None else seed * 1_000_003 + step
