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
MODULE.advice = ("talisman.modules.catacombs.advice:ADVICE",)
