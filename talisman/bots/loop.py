"""Seats answered by bots: the one way a bot's seed is derived from its game.

Every game loop that seats bots (the terminal game, the simulator, the
fuzzer, the web server's autopilot) seeds them with :func:`bot_seed`, so the
same game seed gives the same bots wherever the game is played.
"""

from __future__ import annotations

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
