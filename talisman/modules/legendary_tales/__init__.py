"""Legendary Tales (002): the cooperative game on the same engine (module ``legendary-tales``).

Files, in the order a turn meets them: ``module.py`` (declaration), ``catalogue.py`` (the token
data), ``tasks.py`` (registries the data names), ``board.py`` (locations, paths, token moves),
``ending.py`` (time, winning and losing, the campaign), ``story.py`` (tasks and the story),
``setup.py``, ``travel.py``, ``encounter.py``, ``collect.py`` (the turn's phases),
``adventures.py`` (adventures 4 and 5's own rules), ``view.py`` (what a seat sees),
``sampling.py`` (what a seat cannot know, drawn again for search). The bots' knowledge:
``policy.py`` (the cooperative policy), ``search.py`` (its search), ``advice.py``.
"""

# imported for the rules they register on the module
from talisman.modules.legendary_tales import adventures, collect, encounter, sampling, setup, travel, view  # noqa: F401
from talisman.modules.legendary_tales.module import MODULE

__all__ = ["MODULE"]
