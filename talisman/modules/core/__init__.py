"""The base game of the Revised 4th Edition, played by the rules of document 000.

Content: ``board.toml`` (49 spaces), ``decks.toml``, ``adventure.toml`` (104
cards), ``spells.toml`` (24), ``stock.toml`` (Purchase and Talisman cards),
``characters.toml`` (the 14 base characters, with 000's corrections). Python:
the few rules the effect vocabulary cannot say, in ``hooks.py``,
``abilities.py`` and ``spell_effects.py``; ``character_rules.py`` holds 000's
corrections to the characters that characters of several modules share.
"""

from talisman.modules.core import abilities, character_rules, hooks, spell_effects  # noqa: F401  (they register rules)
from talisman.modules.core.module import MODULE

__all__ = ["MODULE"]
