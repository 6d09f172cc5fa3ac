"""000's Talisman Disasters ("TALISMAN Disasters").

Content: ``disasters.toml`` (the twelve Disaster cards of the Adventure deck, our
own design: 000 names no card of the set). Python: ``rules.py`` (the verb
``disaster`` that plays a Disaster card drawn on its space).
"""

from talisman.modules.disasters import rules  # noqa: F401  (it registers rules)
from talisman.modules.disasters.module import MODULE

__all__ = ["MODULE"]
