"""The Talisman City of document 000 ("THE TALISMAN CITY" and its Statutes).

Content: ``board.toml`` (the City board: sixteen streets and eleven buildings,
the City Gate and the Donjon; the layout is our own), ``cards.toml`` (the City
deck of 72, the City's 20 Purchase cards and its Adventure cards; our own
designs but for the Law cards), ``spells.toml`` (its 10 Spells). Python:
``rules.py`` (entering, moving, leaving, the Wharf, the Bank and the Royal
Castle) and ``law.py`` (the Statutes, the Watch, Warrants and the Donjon).

It excludes the other City (module ``city-districts``): a game has one or the other.
"""

from talisman.modules.city_classic import law, rules  # noqa: F401  (they register rules)
from talisman.modules.city_classic.module import MODULE

__all__ = ["MODULE"]
