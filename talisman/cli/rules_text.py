"""The rules at hand: the text of any card, space, Spell, character or game
option by its name, and the card or space an option of a decision involves.

The texts are the content's own (the ``text`` of each card and space in the
modules' TOML files, a character's ``abilities``, an option's ``help``).

>>> from talisman.content.ruleset import ruleset_for
>>> rules = ruleset_for(("core",))
>>> [e.title for e in lookup(rules, "sword")]
['Sword']
>>> lookup(rules, "fields (north-east)")[0].title
'Fields (north-east)'
>>> notes(rules, "Buy a Sword for 1G")[0].title
'Sword'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from talisman.content.model import CardDef
from talisman.content.places import place_names
from talisman.content.ruleset import Ruleset
from talisman.engine.decision import NOT_CARDS, Option
from talisman.engine.setup import character_card

if TYPE_CHECKING:
    from talisman.engine.game import Game

TYPE_NAMES = {
    "enemy": "Enemy",
    "stranger": "Stranger",
    "follower": "Follower",
    "object": "Object",
    "magic-object": "Magic Object",
    "magic-item": "Magic Item",
    "place": "Place",
    "event": "Event",
    "spell": "Spell",
    "scroll": "Scroll",
    "ability": "Ability",
    "title": "Title",
}


@dataclass(frozen=True)
class Entry:
    """One text of the rules: what it is about and what it says."""

    title: str
    kind: str  # "Spell", "Enemy", "space in the Outer Region", "character", "game option"...
    text: str

    def line(self) -> str:
        return f"{self.title}: {self.text}" if self.text else self.title


def card_entry(card: CardDef) -> Entry:
    kind = TYPE_NAMES.get(card.type, card.type.capitalize())
    if card.subtype:
        kind = f"{kind} ({card.subtype})"
    if card.strength:
        kind += f", Strength {card.strength}"
    if card.craft:
        kind += f", Craft {card.craft}"
    return Entry(card.name, kind, card.text)


def character_entry(rules: Ruleset, key: str, options: Mapping[str, Any] | None = None) -> Entry:
    """A character's text: the values it starts with under the game's options, as its sheet shows
    them, and the abilities that hold with the modules in play (:func:`character_card`)."""
    c = character_card(rules, key, options)
    facts = (
        f"Strength {c['strength']}, Craft {c['craft']}, Fate {c['fate']}, Lives {c['lives']}, {c['alignment']}, "
        f"starts at the {c['start']}"
    )
    return Entry(c["name"], "character", "\n".join([facts + ".", *c["abilities"]]))


def character_lines(rules: Ruleset, key: str, options: Mapping[str, Any] | None, markup: bool = False) -> str:
    """A character in a few lines: its name and starting values, then its abilities in play (a hero
    of Legendary Tales has no attributes: its name and ability)."""
    c = character_card(rules, key, options)
    name = f"[bold]{c['name']}[/bold]" if markup else c["name"]
    card = (
        name
        if "legendary-tales" in rules.module_names
        else f"{name}: Strength {c['strength']}, Craft {c['craft']}, Fate {c['fate']}, Lives {c['lives']}, "
        f"{c['alignment']}, starts at the {c['start']}"
    )
    return "\n".join([card, *(f"- {a}" for a in c["abilities"])])


def entries(rules: Ruleset, options: Mapping[str, Any] | None = None) -> list[Entry]:
    """Every text of this ruleset under a game's options, worked out once for each."""
    key = ("rules-texts", tuple(sorted((options or {}).items())))
    found: list[Entry] | None = rules.derived.get(key)
    if found is not None:
        return found
    out: list[Entry] = []
    seen: set[str] = set()
    for card in rules.cards.values():
        if card.name not in seen:
            seen.add(card.name)
            out.append(card_entry(card))
    names = place_names(rules)
    for s in rules.spaces:
        out.append(Entry(names[s.id], f"space in the {rules.regions[s.region].name}", s.text))
    for c in sorted(rules.characters.values(), key=lambda c: c.name):
        out.append(character_entry(rules, c.key, options))
    for name, spec in rules.options.items():
        choices = f" (one of: {', '.join(map(str, spec.choices))})" if spec.choices else ""
        out.append(Entry(name, "game option", f"{spec.help}{choices} Default: {spec.default}."))
    rules.derived[key] = out
    return out


def lookup(rules: Ruleset, query: str, options: Mapping[str, Any] | None = None) -> list[Entry]:
    """The texts a player asks for by name: exact names first, else those that
    start with it, else those that contain it (case does not matter); a character's
    values under the game's ``options``."""
    q = " ".join(query.lower().split()).removeprefix("the ")
    if not q:
        return []
    all_ = entries(rules, options)
    for match in (
        lambda t: t == q,
        lambda t: t.split(" (")[0] == q,
        lambda t: t.startswith(q),
        lambda t: q in t,
    ):
        hits = [e for e in all_ if match(e.title.lower())]
        if hits:
            return hits
    return []


def _cards_by_name(rules: Ruleset) -> tuple[re.Pattern[str], dict[str, CardDef]]:
    """A pattern finding card names in a text (longest first), and the cards by name."""
    found: tuple[re.Pattern[str], dict[str, CardDef]] | None = rules.derived.get("cards-by-name")
    if found is None:
        cards = {c.name: c for c in rules.cards.values()}
        names = sorted(cards, key=len, reverse=True)
        # a game without cards (Legendary Tales) names none: a pattern that never matches
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b" if names else r"(?!)")
        found = rules.derived["cards-by-name"] = (pattern, cards)
    return found


def notes(
    rules: Ruleset, text: str, option: Option | None = None, here: str | None = None, game: Game | None = None
) -> list[Entry]:
    """The cards and spaces a text (an option's label, a prompt) involves, with their texts:
    for an ``option``, the cards and spaces its arguments name (a card only when the label names
    it too), the space the character stands on (``here``) for an encounter with it ("Encounter
    the Tavern") and the character met for an encounter with another (``game`` knows who); then
    any other card the text names."""
    out: list[Entry] = []
    names = place_names(rules)
    args = option.args if option is not None else {}
    if option is not None and option.id == "space" and here is not None:
        s = rules.space(here)
        out.append(Entry(names[s.id], f"space in the {rules.regions[s.region].name}", s.text))
    met = args.get("seat")
    if option is not None and option.verb == "meet" and game is not None and isinstance(met, int):
        if met < len(game.players):
            out.append(character_entry(rules, game.players[met].character, game.options))
        return out
    for key, value in args.items():
        if isinstance(value, int) and key not in NOT_CARDS and 0 <= value < len(rules.instances):
            card = rules.instances[value]
            if card.name in text:
                out.append(card_entry(card))
        elif isinstance(value, str) and value in rules.space_index:
            s = rules.space(value)
            out.append(Entry(names[s.id], f"space in the {rules.regions[s.region].name}", s.text))
    named = {e.title for e in out}
    pattern, cards = _cards_by_name(rules)
    for m in pattern.finditer(text):
        if m.group(1) not in named:
            named.add(m.group(1))
            out.append(card_entry(cards[m.group(1)]))
    return out
