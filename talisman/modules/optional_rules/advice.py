"""The rule-aware bot's knowledge of 000's Optional Rules: a henchman fights in its master's place
when it fights as well, or when the master is down to its last lives; King of the Hill's way out
of the Treasure Chamber is always taken."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.fighting import best_stand_in

ADVICE: Final = Advice("optional-rules")


@ADVICE.on("stand-in")
def _henchman(bot: HeuristicBot, d: Decision, foe: int, mine: int) -> str | None:
    """Send the henchman with the best score when it fights at least as well, or when a loss
    would cost the bot one of its last lives."""
    sent = [(o.arg_int("score"), o.id) for o in bot.options("henchman")]
    return best_stand_in(bot, sent, foe, mine)


@ADVICE.on("encounter-instead")
def _king_of_the_hill(bot: HeuristicBot, d: Decision) -> str | None:
    """King of the Hill: a Talisman, and out by the Portal of Power."""
    return "hill-chamber" if bot.offered("hill-chamber") else None


@ADVICE.answer("hill-chamber")
def _hill_chamber(bot: HeuristicBot, d: Decision) -> str:
    return bot.main_first()
