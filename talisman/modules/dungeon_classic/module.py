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
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("enter", "down into the Dungeon through a Doorway", kinds="turn", verbs="enter-dungeon")
MODULE.feature("flee", "flight back up out of the Dungeon", kinds="turn", verbs="flee")
MODULE.feature("climb-out", "out of the Dungeon by a Doorway", kinds="turn", verbs="climb-out")
MODULE.feature("guard-bribe", "the Guard Room's Guard bribed", kinds="choose", verbs="bribe", regions="dungeon")
MODULE.feature("kitchen", "a meal in the Kitchen", kinds="choose", verbs="eat", regions="dungeon")
MODULE.advice = ("talisman.modules.dungeon_classic.advice:ADVICE", "talisman.modules.shared.dungeon_advice:ADVICE")
