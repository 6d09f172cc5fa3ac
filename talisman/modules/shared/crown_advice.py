"""The rule-aware bot's knowledge of the Demon Lord on the Crown of Command (Craft 12, four
lives), shared by the modules where he may wait there: 000's Alternative Endings (``endings``,
his card face up on the Crown) and Talisman Worlds (``worlds``, his ending tile turned over).

With him there, the bot heads inward only with Craft to face him (a little less late in a long
game), tries the Portal with Craft, wishes for Craft, and, when the Crown stays beyond it for
long, hunts the other characters instead: the last one standing wins too.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.modules.core.advice.common import crown_ending, late

ADVICE: Final = Advice("demon-lord")
DEMON_LORD: Final = "demon-lord"  # the ending's name, as crown_ending reads it
DEMON_LORD_CRAFT: Final = 12  # Craft to face the Demon Lord (Craft 12, 4 lives) with some hope
HUNT_AFTER: Final = 300  # turns after which a bot the Crown is beyond hunts the others instead


def crafty_enough(bot: HeuristicBot) -> bool:
    """Craft to face the Demon Lord (less, late in a long game)."""
    return bool(bot.me["craft"] >= DEMON_LORD_CRAFT - (1 if late(bot) else 0))


@ADVICE.flag("crown-guarded")
def guarded(bot: HeuristicBot) -> bool:
    return crown_ending(bot) == DEMON_LORD


@ADVICE.flag("crown-beyond-reach")
def _beyond_reach(bot: HeuristicBot) -> bool:
    return guarded(bot) and not crafty_enough(bot)


@ADVICE.flag("portal-by-craft")
def _portal_by_craft(bot: HeuristicBot) -> bool:
    """The Portal's loss (if any) is then no Strength."""
    return guarded(bot) and bot.me["craft"] >= bot.me["strength"] - 1


@ADVICE.flag("wants-craft")
def _wants_craft(bot: HeuristicBot) -> bool:
    return guarded(bot) and bot.me["craft"] < DEMON_LORD_CRAFT


@ADVICE.flag("hunting")
def _crown_out_of_reach(bot: HeuristicBot) -> bool:
    """Long into a game the Demon Lord's Craft is beyond the bot: only being the last one standing is left."""
    return bot.view["turn"] > HUNT_AFTER and guarded(bot) and bot.me["craft"] < DEMON_LORD_CRAFT - 1
