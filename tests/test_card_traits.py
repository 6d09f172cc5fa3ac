"""The traits that say, on the cards, what the expansions once knew by card name: each is carried by the
cards the rules mean, and the rule that reads it follows the trait, not the name."""

from __future__ import annotations

import pytest

from talisman.content.ruleset import ruleset_for

CLASSIC = ("core", "city-classic", "dungeon-classic", "timescape", "master-levels", "roster")
DISTRICTS = ("core", "city-districts", "dungeon-4e", "timescape", "roster")


def carriers(modules: tuple[str, ...], trait: str) -> set[str]:
    rules = ruleset_for(modules)
    cards = {rules.instances[i].name for i in rules.cards_with_trait(trait)}
    return cards | {c.name for c in rules.characters.values() if trait in c.traits}


@pytest.mark.parametrize(
    ("trait", "classic", "districts"),
    [
        ("steed", {"Mule", "Horse", "Horse and Cart"}, {"Mule", "Horse", "Horse and Cart", "Warhorse"}),
        ("horse", {"Horse", "Horse and Cart"}, {"Horse", "Horse and Cart", "Warhorse"}),
        ("waits-outside", {"Mule", "Horse", "Horse and Cart", "Stray Horse"}, {"Mule"}),
        ("city-bound", {"Errand Boy", "Urchins"}, set()),
        (
            "handless",
            {"Mule", "Horse", "Horse and Cart", "Unicorn"},
            {"Mule", "Horse", "Horse and Cart", "Warhorse", "Unicorn"},
        ),
        ("outlaw", {"Bandit", "Raiders"}, {"Bandit", "Raiders", "Deserter"}),
        ("take-follower-but:Unicorn", {"Sorceress"}, {"Sorceress"}),
        ("royal", {"Prince", "Princess"}, {"Prince", "Princess"}),
        (
            "forbidden-race",
            {"Cyborg", "Ghoul", "Hobgoblin", "Orc", "Troll"},
            {"Cyborg", "Ghoul", "Hobgoblin", "Orc", "Troll"},
        ),
        (
            "fears-timescape",
            {"Mule", "Horse", "Horse and Cart", "Stray Horse", "Poltergeist", "Unicorn"},
            {"Mule", "Horse", "Horse and Cart", "Warhorse", "Poltergeist", "Unicorn"},
        ),
        (
            "out-of-time",
            {"Mule", "Horse", "Horse and Cart", "Poltergeist", "Blizzard", "Doorway", "Hermit"},
            {"Mule", "Horse", "Horse and Cart", "Warhorse", "Poltergeist", "Blizzard", "Dungeon Door", "Hermit"},
        ),
    ],
)
def test_a_trait_is_carried_by_the_cards_the_rules_name(trait: str, classic: set[str], districts: set[str]) -> None:
    assert carriers(CLASSIC, trait) == classic
    assert carriers(DISTRICTS, trait) == districts


def test_the_timescape_gifts_name_the_attribute_of_each_place() -> None:
    rules = ruleset_for(("core", "timescape"))
    gifts = {c.name: t for c in rules.instances for t in c.traits if t.startswith("timescape-gift:")}
    assert gifts == {
        "Pool of Life": "timescape-gift:lives",
        "Magic Stream": "timescape-gift:strength",
        "Fountain of Wisdom": "timescape-gift:craft",
    }
