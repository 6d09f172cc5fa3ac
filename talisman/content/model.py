"""Static content: the definitions the TOML files describe.

Everything here is immutable and shared by every game that uses the same
modules; a game's state only refers to it by index or key.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

Effects = tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class SpaceDef:
    """One space of a board.

    ``kind`` is the terrain or building (``woods``, ``hills``, ``village``...)
    that abilities and cards refer to; ``draw`` is how many cards the space
    asks for (0 for a space with its own instructions); a move that enters a
    ``stop`` space ends there, whatever the roll (the Treasure Chamber); ``theft`` is what a thief
    takes there on a roll of 6 (000's Thief, in the City's buildings).
    """

    index: int
    id: str
    name: str
    region: str
    kind: str
    draw: int = 0
    before_draw: Effects = ()
    encounter: Effects = ()
    on_enter: Effects = ()
    theft: Effects = ()
    creature_bonus: int = 0
    suppress: tuple[str, ...] = ()
    character_encounters: bool = True
    stop: bool = False
    text: str = ""
    source: str = ""
    design: str = "official"


@dataclass(frozen=True)
class RegionDef:
    """A region: its spaces in order and how characters move in it.

    ``movement`` is ``roll`` (roll the size die and move the full count either
    way) or ``step`` (one space a turn, forward or in retreat). ``shape`` is
    ``ring`` (the last space leads to the first), ``line`` (a path with two
    ends) or ``grid`` (districts laid out in rows: each leads to the districts
    beside it, above and below, and the module that owns it moves characters
    there: a City) or ``hex`` (tiles laid out anew in each game: its module
    keeps the layout and moves characters there: Talisman Worlds). ``deck``
    is the deck its spaces draw from; ``home`` the space a retreat leads toward. ``events_as``: the region it counts as for cards
    that strike a whole region (000's Dungeon is part of the Outer Region);
    ``sheltered``: lasting effects that do not reach it (``blizzard``; ``events``: cards met elsewhere that
    strike characters in other regions or everywhere, 000's Catacombs, unless they say ``everywhere``;
    ``others``: each character there is alone, what it meets reaching no one else and nothing met
    elsewhere, even ``everywhere``, reaching it, unless a Dimensional Rift is open: 000's Timescape).
    ``aside``: spaces of the region off its ring (the City's buildings, reached
    through a passage from a street; the Donjon), with no ring neighbours.
    """

    id: str
    name: str
    movement: str
    ring: tuple[str, ...]
    home: str = ""
    shape: str = "ring"
    deck: str = "adventure"
    events_as: str = ""
    sheltered: tuple[str, ...] = ()
    aside: tuple[str, ...] = ()
    grid: tuple[tuple[str, ...], ...] = ()  # ``grid`` shape: rows of space ids, "" for an empty cell


@dataclass(frozen=True)
class LinkDef:
    """A passage between two spaces outside the rings (bridge, portal...).

    A portal may have a ``name`` (the Door to the Wizard's Tower), a space of
    its own where the attempt is made (``via``: the Door) and effects run on
    the character who passes it (``on_pass``). A ``warp`` link is a one-way warp
    line of the Timescape, from ``a`` to ``b``, its ``name`` the line's colour.
    """

    kind: str
    a: str
    b: str
    guard: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    via: str = ""
    on_pass: Effects = ()


@dataclass(frozen=True)
class CardDef:
    """A card title: what every copy of it is and does."""

    key: str
    name: str
    deck: str
    type: str
    subtype: str = ""
    number: int = 0
    count: int = 1
    strength: int = 0
    craft: int = 0
    bonus: dict[str, int] = field(default_factory=dict)
    weapon: bool = False
    armour: int = 0
    capacity: int = 0
    alignments: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    stays: bool = False
    must_take: bool = False
    holds: int = 0
    cost: int = 0
    on_draw: Effects = ()
    on_encounter: Effects = ()
    use: Effects = ()
    on_win: Effects = ()  # an Enemy card: after it is killed, beaten, or held to a stand-off
    on_lose: Effects = ()
    on_standoff: Effects = ()
    cast: dict[str, Any] = field(default_factory=dict)
    owner: str = ""
    owner_bonus: dict[str, int] = field(default_factory=dict)
    owner_traits: tuple[str, ...] = ()
    text: str = ""
    source: str = ""
    design: str = "official"
    # The card is shuffled into its deck only in a game with one of these modules (a Catacombs way in
    # from the Dungeon's deck): an empty tuple, always.
    in_play_with: tuple[str, ...] = ()

    @property
    def is_enemy(self) -> bool:
        return self.type == "enemy"

    @property
    def is_item(self) -> bool:
        """Objects, Magic Objects and Magic Items: carried, at most 4 about one's person."""
        return self.type in ("object", "magic-object", "magic-item")

    @property
    def is_magic(self) -> bool:
        return self.type in ("magic-object", "magic-item")

    @property
    def kept_apart(self) -> bool:
        """Cards held beside the character sheet, never carried: Scrolls, Abilities, Titles."""
        return self.type in ("scroll", "ability", "title")

    def trait_number(self, name: str) -> int:
        """The number of the card's first ``name:N`` trait (0 without one): the Dog's ``stand-in:2``.

        >>> CardDef("dog", "Dog", "city", "follower", traits=("stand-in:2", "loyal")).trait_number("stand-in")
        2
        """
        prefix = name + ":"
        for t in self.traits:
            if t.startswith(prefix):
                return int(t[len(prefix) :])
        return 0


@dataclass(frozen=True)
class CharacterDef:
    """A character card: starting attributes, size and special abilities.

    ``ability_regions`` stands beside ``abilities``: the regions an ability needs ("" for none;
    ``"city|timescape"`` for either), an exception of 000 about a board no chosen module brings
    sleeping until one does (see :meth:`abilities_in_play`).
    """

    key: str
    name: str
    strength: int
    craft: int
    fate: int
    lives: int
    alignment: str
    start: str
    size: str = "M"
    spells: int = 0
    traits: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    ability_regions: tuple[str, ...] = ()
    design: str = "official"
    playable: bool = True
    source: str = ""

    def abilities_in_play(self, regions: Collection[str]) -> tuple[str, ...]:
        """The abilities that hold with these regions in play (the others name a board not there).

        >>> c = CharacterDef("k", "K", 1, 1, 0, 4, "good", "a", abilities=("Fly.", "Dig."), ability_regions=("", "dungeon"))
        >>> c.abilities_in_play({"outer"}), c.abilities_in_play({"outer", "dungeon"})
        (('Fly.',), ('Fly.', 'Dig.'))
        """
        needs = self.ability_regions
        return tuple(
            a
            for i, a in enumerate(self.abilities)
            if i >= len(needs) or not needs[i] or any(r in regions for r in needs[i].split("|"))
        )


@dataclass(frozen=True)
class Table:
    """A named dice table that content can roll on (``roll = {table = ...}``)."""

    key: str
    dice: str
    rows: tuple[tuple[int, int, Effects], ...]
    source: str = ""


@dataclass(frozen=True)
class NumberDef:
    """A number a module declares by name (``[number.<id>]``): either its own ``value``, which the
    module's rule code reads (``rules.numbers[id]``), or the number found ``at`` a place of the
    content (``card.disaster-flood.on_draw[0].disaster.strike[0].lose_turn``). With ``low`` and
    ``high`` it is tunable: a tuning run may try any whole number between them (never changing the
    content itself: ``talisman balance tune`` proposes, a person applies)."""

    id: str
    value: int  # as the content gives it (the default of a tuning run)
    text: str
    at: str = ""  # the place in the content it stands for ("" for a value of its own)
    low: int | None = None
    high: int | None = None
    design: str = "official"
    origin: str = ""  # the file that declares it: module/file.toml

    @property
    def tunable(self) -> bool:
        return self.low is not None

    @property
    def path(self) -> str:
        """Where a tuning run writes a value: its place in the content, or its own ``value``."""
        return self.at or f"number.{self.id}.value"
