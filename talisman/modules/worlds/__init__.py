"""Talisman Worlds, document 004: the main board replaced by hexagonal tiles in
rings around a face-down ending tile, laid out anew from each game's seed.

Content: ``board.toml`` (the rings as ``hex`` regions holding the main board's
spaces, the river ring's new Water and Desert tiles, the tiles whose rules 004
changes). Python: ``generator.py`` (the hex grid and the draw of a world),
``world.py`` (a game's world: its tiles, neighbours, distances), ``movement.py``
(the dice and the ways by region), ``tiles.py`` (the Portal of Power, the
Sentinel, the Valley of Fire, the Plain of Peril), ``endings.py`` (the ending
tile, face down, and the Crown of Command), ``bosses.py`` (the Dragon King, the
Demon Lord, the Eagle King), ``doom.py`` (the Horrible Black Void, the Hand of
Doom, the Thieves' Guild), ``royale.py`` (Battle Royale), ``dungeon.py`` (the Dungeon ring's
rooms, with ``dungeon.toml``), ``quests.py`` (Warlock Quests and The One Talisman).
"""

from talisman.modules.worlds import bosses, doom, dungeon, endings, movement, quests, royale, tiles  # noqa: F401  (they register rules)
from talisman.modules.worlds.module import MODULE

__all__ = ["MODULE"]
