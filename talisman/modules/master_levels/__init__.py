"""Master Level Characters of 000: titles that add abilities to a character
(:mod:`.titles`), two of which make one player two characters (:mod:`.twins`).
Content: ``characters.toml`` (the Master Level Character Cards) and
``cards.toml`` (the Adventure cards and the Spell that bring them)."""

from talisman.modules.master_levels import titles, twins  # noqa: F401  (they register the rules)
from talisman.modules.master_levels.module import MODULE

__all__ = ["MODULE"]
