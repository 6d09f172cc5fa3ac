"""Talisman Airships, document 000 ("TALISMAN AIRSHIPS").

Content: ``airships.toml`` (the five ships of the Adventure deck, one of each
class, with 000's class table as their traits). Python: ``rules.py`` (claiming,
embarking and disembarking, flying, the three kinds of combat, hit points,
destruction and the Fall Chart).
"""

from talisman.modules.airships import rules  # noqa: F401  (it registers rules)
from talisman.modules.airships.module import MODULE

__all__ = ["MODULE"]
