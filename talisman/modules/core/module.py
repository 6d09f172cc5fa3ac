"""The module ``core``, declared in its ``module.toml``;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import declared

MODULE: Final = declared(Path(__file__).parent)

MODULE.advice = ("talisman.modules.core.advice:ADVICE",)
