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
MODULE.advice = ("talisman.modules.wizards_tower.advice:ADVICE",)
