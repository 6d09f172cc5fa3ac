"""The declaration of the module ``dungeon-classic``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module
from talisman.modules.shared.cell import register_cell

MODULE = Module(
    name="dungeon-classic",
    title="The Talisman Dungeon (000)",
    content_dir=Path(__file__).parent,
    excludes=("dungeon-4e",),
)
register_cell(MODULE)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "cell-free/free": "card",
        "cell/leave": "card",
        "climb-out": "space",
    }
)
MODULE.advice = ("talisman.modules.dungeon_classic.advice:ADVICE", "talisman.modules.shared.dungeon_advice:ADVICE")
