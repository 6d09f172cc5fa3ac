"""The declaration of the module ``city-classic``: its content and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="city-classic",
    title="The Talisman City (000): streets, shops and the Law",
    content_dir=Path(__file__).parent,
    excludes=("city-districts",),
)
