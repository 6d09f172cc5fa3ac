"""The rule-aware bot's knowledge of 000's Dungeon, beside the Dungeons' shared knowledge
(:mod:`talisman.modules.shared.dungeon_advice`): down through a Doorway only when ready for the
Treasure Chamber."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.shared.dungeon_advice import lord_ready

ADVICE: Final = Advice("dungeon-classic")


@ADVICE.answer("turn", order=5)
def _enter(bot: HeuristicBot, d: Decision) -> str | None:
    """000's Dungeon: down through the Doorway when strong enough for its Treasure Chamber."""
    return "enter-dungeon" if bot.offered("enter-dungeon") and lord_ready(bot) else None
