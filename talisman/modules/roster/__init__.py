"""The rest of the roster: every character named in 000's list of corrections
that is neither one of the 14 base characters (``core``) nor one of the five
of the 4th-edition Dungeon (``dungeon-characters``): 44 characters from the
Expansion Set, the Adventure, the classic Dungeon, the Timescape, the City
and the Dragons.

Most of them have no published card in any public source: their cards are our
own design (marked ``design = "our-own"``), drawn from 000's exceptions, which
show what the classic card could do, and from each character's origin. Each
carries the size and every exception 000 gives it (the lines marked (000)).

Content: ``characters.toml``, ``gear.toml`` (Objects some of them begin
with). Python: ``abilities.py``.

Exceptions that name other modules' places and cards sleep until those are in
the game, matched as core/character_rules.py says: regions ``dungeon`` and
``city``; space kinds (``guard-room``, ``city-gate``, ``magic-emporium``,
``high-temple``, ``six-fates-inn``, ``doctor`` or ``doctors-surgery``, ``bank``,
``armoury``, ``space-fortress``, ``altar-of-dread``...); card names (``Patrol``,
``Pedlar`` (000: the Peddler), ``Errand Boy``, ``Urchins``, ``Berserker``, ``Slaver``, ``Torch``,
``Warhorse``, ``Two-handed Sword``, ``Doorway``); Law cards by subtype ``law``.
tests/fixtures/lands brings each of them to life for the tests.
"""

from talisman.modules.roster import abilities  # noqa: F401  (it registers rules)
from talisman.modules.roster.module import MODULE

__all__ = ["MODULE"]
