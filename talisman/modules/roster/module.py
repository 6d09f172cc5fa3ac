"""The declaration of the module ``roster``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="roster",
    title="The full roster of 000's list of characters",
    content_dir=Path(__file__).parent,
    requires=("dungeon-characters",),
)
