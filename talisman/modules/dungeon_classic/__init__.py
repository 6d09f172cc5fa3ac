"""The Talisman Dungeon of document 000 (its chapter after "EXPANSION SETS").

Content: ``board.toml`` (the spiral of 25 spaces, our own layout), ``cards.toml``
(the four Doorways of the Adventure deck and a Dungeon deck of 36, our own
design: 000 lists none). Python: ``rules.py``. The Cell is the same room as in
the 4th-edition Dungeon and uses its rule (``talisman.modules.dungeon_4e.hooks``).

It excludes the official Dungeon (module ``dungeon-4e``): a game has one or the other.
"""

from pathlib import Path

from talisman.modules import Module
from talisman.modules.dungeon_4e import hooks  # noqa: F401  (the Cell's rule)
from talisman.modules.dungeon_classic import rules  # noqa: F401  (it registers rules)

MODULE = Module(
    name="dungeon-classic",
    title="The Talisman Dungeon (000)",
    content_dir=Path(__file__).parent,
    excludes=("dungeon-4e",),
)
