"""The declaration of the module ``dungeon-4e``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import declared
from talisman.modules.shared.cell import register_cell

MODULE = declared(Path(__file__).parent)
register_cell(MODULE)

HOARD: Final = (  # what the Treasures' features wait for
    "a Treasure of the Lord of Darkness's hoard, taken only by one who slays him (10 Treasures, one each time)"
)

MODULE.advice = ("talisman.modules.dungeon_4e.advice:ADVICE", "talisman.modules.shared.dungeon_advice:ADVICE")
