"""The Talisman Catacombs of document 000 ("THE TALISMAN CATACOMBS").

Content: ``board.toml`` (no board: one space off every board, where a character
below is, not knowing where), ``catacombs.toml`` (the Catacombs deck, our own
design: 000 lists no card of it), ``ways-in.toml`` (the cards of the other decks
that lead below, and the Earthquake). Python: ``rules.py``.
"""

from talisman.modules.catacombs import rules  # noqa: F401  (it registers rules)
from talisman.modules.catacombs.module import MODULE

__all__ = ["MODULE"]
