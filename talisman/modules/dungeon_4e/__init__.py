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

from pathlib import Path

from talisman.modules import Module, OptionSpec
from talisman.modules.dungeon_4e import chamber, hooks, items, rules, spell_effects  # noqa: F401  (they register rules)

MODULE = Module(
    name="dungeon-4e",
    title="The Dungeon (4th edition)",
    content_dir=Path(__file__).parent,
    requires=("dungeon-characters",),
    excludes=("dungeon-classic",),
    options={
        "dungeon-parts": OptionSpec(
            "all",
            ("all", "no-board", "characters-and-spells"),
            "001 Using Only Portions: all (the Dungeon board and every card); no-board (no Dungeon board: the new "
            "Adventure cards with the Dungeon icon are discarded when drawn and replaced); characters-and-spells "
            "(only the new Characters and Spells).",
            title="Parts of the Dungeon used",
            labels=("All: the Dungeon board and every card", "No Dungeon board", "Only its Characters and Spells"),
        ),
        "dungeon-victory": OptionSpec(
            "crown",
            ("crown", "winner-takes-all", "short-game"),
            "001 alternative rules: crown (the usual game); winner-takes-all (the first to kill the Lord of Darkness "
            "wins); short-game (the Short Dungeon Game: everyone starts on the Dungeon Entrance, the main board is "
            "not used, the first to beat the Lord of Darkness wins).",
            title="Dungeon victory",
            labels=("The Crown, as usual", "Winner takes all", "The Short Dungeon Game"),
        ),
        "fight-or-flight": OptionSpec(
            False,
            (False, True),
            "001 Fight or Flight: in the Dungeon move only with the arrows, unless told otherwise or fleeing.",
            title="Fight or Flight",
            labels=("Off: move either way", "On: only with the arrows"),
        ),
        "random-treasures": OptionSpec(
            False,
            (False, True),
            "001 Random Treasures: the Lord of Darkness's killer draws a Treasure at random.",
            title="Random Treasures",
            labels=("Off: the killer picks one", "On: drawn at random"),
        ),
    },
)
