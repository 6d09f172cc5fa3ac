"""The declaration of the module ``disasters``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="disasters",
    title="Talisman Disasters (000): twelve cards that change the board for good",
    content_dir=Path(__file__).parent,
)
MODULE.declare_decisions(
    {
        "disaster-space": "the space a Disaster drawn strikes, of those of its kind",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("strike", "the space a Disaster drawn strikes, chosen", kinds="disaster-space", verbs="space")
MODULE.advice = ("talisman.modules.disasters.advice:ADVICE",)
