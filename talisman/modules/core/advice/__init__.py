"""The core game's knowledge for the rule-aware bot (:mod:`talisman.bots.knowledge`): its
judgements and aims (``common``), the turn and moving (``moving``), fights and other characters
(``fighting``), what to take and keep (``holdings``). Other modules' advice builds on these."""

from talisman.modules.core.advice import fighting, holdings, moving  # noqa: F401  (they register answers)
from talisman.modules.core.advice.common import ADVICE

__all__ = ["ADVICE"]
