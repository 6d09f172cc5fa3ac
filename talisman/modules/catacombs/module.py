"""The declaration of the module ``catacombs``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="catacombs",
    title="The Catacombs (000): no board, somewhere below the land",
    content_dir=Path(__file__).parent,
)
MODULE.declare_decisions(
    {
        "catacombs-descend": "whether to go down into the Catacombs by the way just found",
        "catacombs-exit": "whether to climb out by the Exit just found, or stay below",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("descend", "down into the Catacombs by a way found", kinds="catacombs-descend", verbs="go-down")
MODULE.feature("climb-out", "out of the Catacombs by an Exit found", kinds="catacombs-exit", verbs="climb-out")
MODULE.feature("stay-below", "an Exit found and passed by, to stay below", kinds="catacombs-exit", verbs="stay-below")
MODULE.advice = ("talisman.modules.catacombs.advice:ADVICE",)
