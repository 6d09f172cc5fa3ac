"""The rule-aware bot's knowledge of Legendary Tales, a game of its own: the cooperative policy
plays it all (:mod:`talisman.modules.legendary_tales.policy`), and the search bot searches it
its own way (:mod:`talisman.modules.legendary_tales.search`)."""

from __future__ import annotations

from typing import Final

from talisman.bots.knowledge import Advice
from talisman.modules.legendary_tales.policy import LegendaryPolicy
from talisman.modules.legendary_tales.search import LegendarySearch

ADVICE: Final = Advice("legendary-tales")
ADVICE.policy(LegendaryPolicy)
ADVICE.search(LegendarySearch)
