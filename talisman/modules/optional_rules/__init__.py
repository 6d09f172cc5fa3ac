"""000's Optional Rules ("OPTIONAL RULES"): Henchmen, Chaos Bloodbath, King of the Hill.

Each is a game option of this module (``henchmen``, ``chaos-bloodbath``,
``king-of-the-hill``). Content: ``henchmen.toml`` (the Henchman cards, which
stand for the Character Cards dealt as henchmen). Python: ``henchmen.py``,
``variants.py``.

000's designer's note on the Talisman City ("See Optional Rules for a good way
around this problem") points here, but this chapter says nothing of the City:
no City rule is added (inventory ambiguity; ``city-classic.designer-note``).
The way around the City that 000 offers is to leave the City out (the module
``city-classic`` is a choice of its own) and, for a shorter game, Chaos
Bloodbath.
"""

from talisman.modules.optional_rules import henchmen, variants  # noqa: F401  (they register rules)
from talisman.modules.optional_rules.module import MODULE

__all__ = ["MODULE"]
