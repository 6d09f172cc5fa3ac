"""Bots: agents that choose an option from what their seat may see.

>>> from talisman import Game
>>> from talisman.bots import make_bot
>>> g = Game.new(["troll", "elf"], seed=2)
>>> bot = make_bot("heuristic", seed=0)
>>> g.decision.option(bot.choose(g.view(g.decision.player), g.decision)) is not None
True
"""

from talisman.bots.base import Agent, act, bot_kinds, bot_texts, make_bot, observe, play_out

__all__ = ["Agent", "act", "bot_kinds", "bot_texts", "make_bot", "observe", "play_out"]
