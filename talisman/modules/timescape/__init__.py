"""The Talisman Timescape of document 000 ("THE TALISMAN TIMESCAPE").

Content: ``board.toml`` (the Warp Gate and the 15 realities, the warp lines:
their layout and the Movement Table are our own), ``cards.toml`` (the
Timescape deck, the Timescape Purchase stock, its two Spells and the Adventure
cards 000 names: our own designs but for the names). Python: ``rules.py`` (the
ways in, the warp lines, the realities, the changes to the rules there) and
``magic.py`` (the wild magic of every Spell and Scroll cast there).
"""

from talisman.modules.timescape import magic, rules  # noqa: F401  (they register rules)
from talisman.modules.timescape.module import MODULE

__all__ = ["MODULE"]
