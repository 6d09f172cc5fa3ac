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


EVERY = (
    "core", "endings", "wizards-tower", "master-levels", "roster", "dungeon-characters", "dungeon-4e", "catacombs",
    "airships", "city-districts", "disasters", "optional-rules", "emperors-guard", "brotherhood", "timescape",
)  # fmt: skip


@pytest.mark.parametrize("name", ["region-bound", "upkeep", "stand-in", "ride", "cart"])
def test_the_cards_with_a_named_argument_are_those_printed_so(name: str) -> None:
    """``cards_with_args`` (kept per name by the ruleset) holds every card with a ``name:...`` trait and no other:
    the 4th edition Dungeon's upkeep and region-bound Followers are looked for through it at every turn."""
    rules = ruleset_for(EVERY)
    walked = {i for i, c in enumerate(rules.instances) if any(t.startswith(name + ":") for t in c.traits)}
    assert walked and rules.cards_with_args(name) == walked
    assert rules.cards_with_args(name) is rules.cards_with_args(name)


def test_trait_arguments_follow_the_traits_a_character_holds_now() -> None:
    """``trait_args`` is remembered by the ruleset per set of traits: a trait given or taken away gives the
    character another set, and so its arguments again (nothing kept for the character itself)."""
    from talisman import Game
    from talisman.engine import stats
    from talisman.modules.core.character_rules import trait_args

    g = Game.new(["druid", "warrior"], seed=1)
    g.derived = {}
    assert trait_args(g, 0, "scroll-at") == ("ruins",)
    stats.set_status(g, 0, "traits", ["scroll-at:tavern"])
    assert trait_args(g, 0, "scroll-at") == ("ruins", "tavern")
    assert trait_args(g, 1, "scroll-at") == ()
    stats.set_status(g, 0, "traits", None)
    assert trait_args(g, 0, "scroll-at") == ("ruins",)
