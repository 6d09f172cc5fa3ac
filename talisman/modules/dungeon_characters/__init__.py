"""The five characters of the 4th-edition Dungeon expansion (document 001):
the Gladiator, the Amazon, the Swashbuckler, the Gypsy and the Philosopher.

001 says its new characters "may be used without" the Dungeon board, so they
are a module of their own, which ``dungeon-4e`` requires. 000's list of
corrections also names all five; its exceptions are on their cards.

Content: ``characters.toml``. Python: ``abilities.py``.
"""

from talisman.modules.dungeon_characters import abilities  # noqa: F401  (it registers rules)
from talisman.modules.dungeon_characters.module import MODULE

__all__ = ["MODULE"]
