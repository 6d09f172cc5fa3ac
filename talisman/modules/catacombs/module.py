"""The module ``catacombs``, declared in its ``module.toml``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import declared

MODULE = declared(Path(__file__).parent)

MODULE.advice = ("talisman.modules.catacombs.advice:ADVICE",)
