"""Legendary Tales (002): the cooperative game on the same engine (module ``legendary-tales``).

Files: ``module.py`` (declaration), ``catalogue.py`` (the token data), ``play.py`` (setup, turn,
encounter, rewards, tasks), ``view.py`` (the view service).
"""

from talisman.modules.legendary_tales import adventures, play, view  # noqa: F401  (they register rules; adventures: lt-adv)
from talisman.modules.legendary_tales.module import MODULE

__all__ = ["MODULE"]
