"""The declaration of the module ``dungeon-characters``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="dungeon-characters",
    title="The five characters of the Dungeon (4th edition)",
    content_dir=Path(__file__).parent,
)
