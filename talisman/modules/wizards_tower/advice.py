"""The rule-aware bot's knowledge of the Wizard's Tower: a second way to the Crown, taken only
by the very strong who hold no Talisman (a Gargoyle of 3D6+4 guards it, the Dragon Prince 15)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import battle_strength, target

ADVICE: Final = Advice("wizards-tower")
TOWER_READY: Final = 14  # Strength or Craft for the Wizard's Tower
DOOR: Final = "tower-door"


def ready_for_tower(bot: HeuristicBot) -> bool:
    """The Wizard's Tower, for the very strong who hold no Talisman."""
    return (
        not bot.has("Talisman")
        and battle_strength(bot) >= TOWER_READY - 1
        and bot.power >= TOWER_READY
        and bot.me["lives"] >= 4
        and "antechamber" in bot.rules.space_index
    )


@ADVICE.aim(order=35)
def _tower(bot: HeuristicBot) -> str | None:
    return DOOR if ready_for_tower(bot) and not bot.flag("other-victory") else None


@ADVICE.answer("move", order=80)
def _through_the_door(bot: HeuristicBot, d: Decision) -> str | None:
    return "portal:antechamber" if bot.offered("portal:antechamber") and target(bot) == DOOR else None


@ADVICE.answer("dragon-prince")
def _dragon_prince(bot: HeuristicBot, d: Decision) -> str:
    return "strength" if battle_strength(bot) >= bot.me["craft"] else "craft"
