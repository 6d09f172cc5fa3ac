"""The module ``dungeon-classic``, declared in its ``module.toml``;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import declared
from talisman.modules.shared.cell import register_cell

MODULE = declared(Path(__file__).parent)
register_cell(MODULE)

MODULE.advice = ("talisman.modules.dungeon_classic.advice:ADVICE", "talisman.modules.shared.dungeon_advice:ADVICE")
