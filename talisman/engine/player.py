"""One character in play: counters, possessions and lasting states.

Counters (``strength``, ``craft``) are what the character has earned; the
totals that bonuses add to are computed by :mod:`talisman.engine.stats`.
Possessions are card instance numbers.
"""

from __future__ import annotations

from typing import Any, Final

# The character's counters and states of plain value, and its holdings (lists of card instances).
COUNTERS: Final = (
    "alive",
    "conceded",
    "space",
    "strength",
    "craft",
    "lives",
    "gold",
    "fate",
    "alignment",
    "lost_turns",
    "toad",
)
HOLDINGS: Final = ("objects", "packed", "followers", "spells", "cards", "trophies")


class Player:
    """The state of one seat's character. Copy it with :meth:`copy`."""

    __slots__ = ("seat", "character", *COUNTERS, *HOLDINGS, "status", "mods", "flags")

    seat: int
    character: str
    alive: bool
    conceded: bool
    space: int
    strength: int
    craft: int
    lives: int
    gold: int
    fate: int
    alignment: str
    objects: list[int]
    packed: list[int]
    followers: list[int]
    spells: list[int]
    cards: list[int]
    trophies: list[int]
    lost_turns: int
    toad: int
    status: dict[str, Any]
    mods: list[tuple[str, int, str]]
    flags: set[str]

    def __init__(self, seat: int, character: str) -> None:
        self.seat = seat
        self.character = character
        self.alive = True
        self.conceded = False
        self.space = 0
        self.strength = 0
        self.craft = 0
        self.lives = 0
        self.gold = 0
        self.fate = 0
        self.alignment = "neutral"
        self.objects: list[int] = []  # carried: usable, at most 4 unless a card says more
        self.packed: list[int] = []  # transported on an Article (a Mule), not usable
        self.followers: list[int] = []
        self.spells: list[int] = []
        self.cards: list[int] = []  # held beside the sheet, never carried: Scrolls, Abilities, Titles
        self.trophies: list[int] = []
        self.lost_turns = 0
        self.toad = 0  # turns left as a Toad; 0 when not a Toad
        self.status: dict[str, Any] = {}  # lasting named states: plain data, replaced, never changed in place
        self.mods: list[tuple[str, int, str]] = []  # (attribute, amount, lasts until: turn|combat)
        self.flags: set[str] = set()  # once-per-turn marks, cleared when the turn ends

    def copy(self) -> Player:
        p = Player(self.seat, self.character)
        p.seat = self.seat
        p.character = self.character
        p.alive = self.alive
        p.conceded = self.conceded
        p.space = self.space
        p.strength = self.strength
        p.craft = self.craft
        p.lives = self.lives
        p.gold = self.gold
        p.fate = self.fate
        p.alignment = self.alignment
        p.objects = self.objects[:]
        p.packed = self.packed[:]
        p.followers = self.followers[:]
        p.spells = self.spells[:]
        p.cards = self.cards[:]
        p.trophies = self.trophies[:]
        p.lost_turns = self.lost_turns
        p.toad = self.toad
        p.status = self.status.copy()
        p.mods = self.mods[:]
        p.flags = self.flags.copy()
        return p

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "character": self.character,
            "alive": self.alive,
            "conceded": self.conceded,
            "space": self.space,
            "strength": self.strength,
            "craft": self.craft,
            "lives": self.lives,
            "gold": self.gold,
            "fate": self.fate,
            "alignment": self.alignment,
            "objects": self.objects,
            "packed": self.packed,
            "followers": self.followers,
            "spells": self.spells,
            "cards": self.cards,
            "trophies": self.trophies,
            "lost_turns": self.lost_turns,
            "toad": self.toad,
            "status": self.status,
            "mods": [list(m) for m in self.mods],
            "flags": sorted(self.flags),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        p = cls(d["seat"], d["character"])
        for key in COUNTERS:
            setattr(p, key, d[key])
        for key in HOLDINGS:
            setattr(p, key, list(d[key]))
        p.status = dict(d["status"])
        p.mods = [tuple(m) for m in d["mods"]]
        p.flags = set(d["flags"])
        return p

    def holdings(self) -> list[int]:
        """Every card the character holds, in a fixed order."""
        return self.objects + self.packed + self.followers + self.spells + self.cards + self.trophies
