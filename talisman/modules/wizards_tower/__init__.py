"""The Wizard's Tower of 000: a second way to the Crown of Command, through
the Door beside the Portal of Power (``tower.toml``; rules in :mod:`.rules`)."""

from pathlib import Path

from talisman.modules import Module
from talisman.modules.wizards_tower import rules  # noqa: F401  (it registers the Tower's rules)

MODULE = Module(name="wizards-tower", title="The Wizard's Tower", content_dir=Path(__file__).parent)
