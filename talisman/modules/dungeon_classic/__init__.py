"""The Talisman Dungeon of document 000 (its chapter after "EXPANSION SETS").

Content: ``board.toml`` (the spiral of 25 spaces, our own layout), ``cards.toml``
(the four Doorways of the Adventure deck and a Dungeon deck of 36, our own
design: 000 lists none). Python: ``rules.py``. The Cell is the same room as in
the 4th-edition Dungeon and uses the same rule (``talisman.modules.shared.cell``).

It excludes the official Dungeon (module ``dungeon-4e``): a game has one or the other.
"""

from talisman.modules.dungeon_classic import rules  # noqa: F401  (it registers rules)
from talisman.modules.dungeon_classic.module import MODULE

__all__ = ["MODULE"]
