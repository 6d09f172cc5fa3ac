"""The Dungeon, 4th-edition expansion (document 001).

Content: ``board.toml`` (the 29-space Dungeon Region, joined to the Ruins),
``decks.toml``, ``dungeon.toml`` (the 128 Dungeon cards), ``adventure.toml``
(10 new Adventure cards), ``spells.toml`` (20 new Spells), ``treasure.toml``
(the 10 Treasures). Python: ``rules.py`` (moving in the Region, what parts
are in play, the alternative rules), ``chamber.py`` (the Treasure Chamber and
the Lord of Darkness), ``hooks.py`` (spaces and cards), ``items.py``
(Followers, Objects and Treasures), ``spell_effects.py``.

It requires the expansion's five characters (module ``dungeon-characters``)
and excludes 000's Dungeon (module ``dungeon-classic``): a game has one or the other.
"""

from talisman.modules.dungeon_4e import chamber, hooks, items, rules, spell_effects  # noqa: F401  (they register rules)
from talisman.modules.dungeon_4e.module import MODULE

__all__ = ["MODULE"]
