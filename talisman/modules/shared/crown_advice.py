"""The rule-aware bot's knowledge of a lord waiting on the Crown of Command, shared by the
modules where one may: 000's Alternative Endings (``endings``: the Demon Lord's card face up
on the Crown) and Talisman Worlds (``worlds``: the Demon Lord, the Eagle King or the Dragon
King on the ending tile turned over). Each has Strength or Craft 12 and lives that heal
while nobody fights him, so only a bot his equal in the attribute he is fought with wins.

With one there, the bot heads inward only when it is his equal (a little less late in a long
game; before the Dragon King, who takes a Talisman or a life, with a Talisman to spare), tries
the Portal with Craft and wishes for Craft before the Demon Lord, fights the lord it chose to
fight, and, when the Crown stays beyond it for long, hunts the other
characters instead: the last one standing wins too.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.modules.core.advice.common import INNER, crown_ending, desperate, late

ADVICE: Final = Advice("lords")
DEMON_LORD: Final = "demon-lord"  # the endings' names, as crown_ending reads them
DRAGON_KING: Final = "worlds-dragon-king"
# The lords, by ending: the attributes they are fought with (the bot's choice among them).
LORDS: Final = {DEMON_LORD: ("craft",), "worlds-eagle-king": ("strength", "craft"), DRAGON_KING: ("strength", "craft")}
LORD_VALUE: Final = 12  # each lord's Strength and Craft: the bot wants as much to face him with some hope
HUNT_AFTER: Final = 300  # turns after which a bot the Crown is beyond hunts the others instead
PRAYING: Final = 3  # the most Craft a bot may lack (beyond the late margin) to pray for it at the Temple


def lord_modes(bot: HeuristicBot) -> tuple[str, ...]:
    """How the lord on the Crown is fought (none: no lord waits there)."""
    return LORDS.get(crown_ending(bot), ())


def best_against_lord(bot: HeuristicBot) -> int:
    """The bot's best attribute among those the lord is fought with (0: no lord)."""
    return max((int(bot.me[mode]) for mode in lord_modes(bot)), default=0)


def lord_margin(bot: HeuristicBot) -> int:
    """How much weaker than the lord the bot may be to face him: 1 late in a long game, 2 in a
    very long one. A lord keeps the lives a challenger who fled took from him, so a bot that
    flees before its last life wears him down visit after visit (two characters of Strength 17
    and Craft 10 had walked round the Inner Region, never going up to a Demon Lord of 2 lives)."""
    return 2 if desperate(bot) else 1 if late(bot) else 0


def equal_to_the_lord(bot: HeuristicBot) -> bool:
    """Strong enough in an attribute the lord is fought with (less, late in a long game)."""
    return best_against_lord(bot) >= LORD_VALUE - lord_margin(bot)


def crafty_enough(bot: HeuristicBot) -> bool:
    """Craft to face the Demon Lord (less, late in a long game)."""
    return bool(bot.me["craft"] >= LORD_VALUE - lord_margin(bot))


def talismans(bot: HeuristicBot) -> int:
    """How many Talismans the bot holds (carried or packed)."""
    me = bot.me
    return sum(1 for c in me["objects"] + me["packed"] if c["name"] == "Talisman")


@ADVICE.flag("crown-guarded")
def guarded(bot: HeuristicBot) -> bool:
    return bool(lord_modes(bot))


@ADVICE.flag("crown-beyond-reach")
def _beyond_reach(bot: HeuristicBot) -> bool:
    """Not his equal, or (the Dragon King) no Talisman to spare once the Valley of Fire took one."""
    if not guarded(bot):
        return False
    spare = 1 if bot.region(bot.here()) in INNER else 2  # (the Valley of Fire takes one on the way)
    return not equal_to_the_lord(bot) or (crown_ending(bot) == DRAGON_KING and talismans(bot) < spare)


@ADVICE.flag("portal-by-craft")
def _portal_by_craft(bot: HeuristicBot) -> bool:
    """The Portal's loss (if any) is then no Strength."""
    return lord_modes(bot) == ("craft",) and bot.me["craft"] >= bot.me["strength"] - 1


@ADVICE.flag("wants-craft")
def _wants_craft(bot: HeuristicBot) -> bool:
    return lord_modes(bot) == ("craft",) and bot.me["craft"] < LORD_VALUE


@ADVICE.aim(order=65)
def _pray_for_craft(bot: HeuristicBot) -> str | None:
    """Late in a long game, a few points of Craft short of the Demon Lord, the bot prays at the
    Temple (two dice: 7 gives a point of Craft, 6 one of Strength, 10 a Talisman), when healthy:
    a Barbarian and a Priest of Craft 9 and 8 hunted each other for 400 turns, each healing
    every loss, and no card they met gave Craft."""
    short = LORD_VALUE - lord_margin(bot) - int(bot.me["craft"])
    if not late(bot) or not 0 < short <= PRAYING or lord_modes(bot) != ("craft",):
        return None
    return "temple" if "temple" in bot.rules.space_index and bot.me["lives"] >= 3 else None


@ADVICE.flag("hunting")
def _crown_out_of_reach(bot: HeuristicBot) -> bool:
    """Long into a game the lord is beyond the bot: only being the last one standing is left."""
    return bot.view["turn"] > HUNT_AFTER and guarded(bot) and not equal_to_the_lord(bot)
