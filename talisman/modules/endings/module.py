"""The module ``endings``, declared in its ``module.toml``; its
rule files register their code on :data:`MODULE` (the package adds the choices
of the option ``ending``)."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import declared

MODULE = declared(Path(__file__).parent)

MODULE.advice = ("talisman.modules.endings.advice:ADVICE", "talisman.modules.shared.crown_advice:ADVICE")
