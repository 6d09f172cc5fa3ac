"""The Wizard's Tower of 000: a second way to the Crown of Command, through
the Door beside the Portal of Power (``tower.toml``; rules in :mod:`.rules`)."""

from talisman.modules.wizards_tower import rules  # noqa: F401  (it registers the Tower's rules)
from talisman.modules.wizards_tower.module import MODULE

__all__ = ["MODULE"]
