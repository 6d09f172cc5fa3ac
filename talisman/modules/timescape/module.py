"""The module ``timescape``, declared in its ``module.toml``; its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import declared

MODULE = declared(Path(__file__).parent)

MODULE.advice = ("talisman.modules.timescape.advice:ADVICE",)
