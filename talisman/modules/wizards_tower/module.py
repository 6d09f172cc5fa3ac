"""The declaration of the module ``wizards-tower``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(name="wizards-tower", title="The Wizard's Tower", content_dir=Path(__file__).parent)
MODULE.declare_decisions(
    {
        "dragon-prince": "the Dragon Prince: how to fight him",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature(
    "tower",
    "through the Door from the Portal of Power into the Wizard's Tower",
    kinds="move",
    ids="portal:antechamber",
    seldom="a character with no Talisman and Strength or Craft 14 for the Gargoyle (3D6+4) and the Dragon Prince "
    "(15); most find a Talisman first, and take the Valley of Fire",
)
MODULE.advice = ("talisman.modules.wizards_tower.advice:ADVICE",)
