"""Another Talisman City (document 003, rule section 22): a City of districts.

Content: ``board.toml`` (the 16 districts laid out on a grid, and what each
one does), ``cards.toml`` (the Adventure, Purchase and special cards of 22:7
to 22:9). Python: ``rules.py`` (moving between districts, the gates, going in
and what waits at the gates), ``leaving.py`` (going out, the pause at the City
Gates), ``law.py`` (the Guards, the Gaol,
Judgement Square, fights between characters), ``districts.py`` (the districts
whose encounter the vocabulary cannot say: the Arena, the Temple, the Harbour,
the Slums, the Sheriff, the Palace and its quests), ``cards.py`` (the cards).

It excludes 000's Talisman City (module ``city-classic``): a game has one City.
"""

from talisman.modules.city_districts import cards, districts, law, leaving, rules  # noqa: F401  (they register rules)
from talisman.modules.city_districts.module import MODULE

__all__ = ["MODULE"]
