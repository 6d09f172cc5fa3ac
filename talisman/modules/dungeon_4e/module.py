"""The declaration of the module ``dungeon-4e``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module, OptionSpec
from talisman.modules.shared.cell import register_cell

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
        ),
        "dungeon-victory": OptionSpec(
            "crown",
            ("crown", "winner-takes-all", "short-game"),
            "001 alternative rules: crown (the usual game); winner-takes-all (the first to kill the Lord of Darkness "
            "wins); short-game (the Short Dungeon Game: everyone starts on the Dungeon Entrance, the main board is "
            "not used, the first to beat the Lord of Darkness wins).",
        ),
        "fight-or-flight": OptionSpec(
            False,
            (False, True),
            "001 Fight or Flight: in the Dungeon move only with the arrows, unless told otherwise or fleeing.",
        ),
        "random-treasures": OptionSpec(
            False, (False, True), "001 Random Treasures: the Lord of Darkness's killer draws a Treasure at random."
        ),
    },
)
register_cell(MODULE)
