"""The five characters of the 4th-edition Dungeon expansion (document 001):
the Gladiator, the Amazon, the Swashbuckler, the Gypsy and the Philosopher.

001 says its new characters "may be used without" the Dungeon board, so they
are a module of their own, which ``dungeon-4e`` requires. 000's list of
corrections also names all five; its exceptions are on their cards.

Content: ``characters.toml``. Python: ``abilities.py``.
"""

from pathlib import Path

from talisman.modules import Module
from talisman.modules.dungeon_characters import abilities  # noqa: F401  (it registers rules)

MODULE = Module(
    name="dungeon-characters",
    title="The five characters of the Dungeon (4th edition)",
    content_dir=Path(__file__).parent,
)
