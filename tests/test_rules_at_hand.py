"""The rules at hand: every card, space, character and option has a text in the
content, the views carry them to the front ends, sheets say a character's states
in sentences, the log reads as a player speaks, and a move into certain death is
flagged before it is made."""

from __future__ import annotations

import random
import re
from importlib.metadata import entry_points

import pytest

from talisman import Game
from talisman.bots.random_bot import RandomBot
from talisman.cli.rules_text import character_entry, lookup
from talisman.content.ruleset import ruleset_for
from talisman.engine import quests
from talisman.engine.setup import character_card
from talisman.engine.view import deadly
from talisman.server.catalog import board_data, catalog, character_cards
from talisman.testing import Scenario

# the modules this package ships (test fixtures may register others)
SHIPPED = sorted(ep.name for ep in entry_points(group="talisman.modules"))


def every_ruleset():
    return {name: ruleset_for(tuple(dict.fromkeys(("core", name)))) for name in SHIPPED}


def test_every_card_space_character_and_option_of_every_module_has_its_text():
    for name, rules in every_ruleset().items():
        for c in rules.cards.values():
            assert c.text.strip(), (name, c.key)
        for sp in rules.spaces:
            assert sp.text.strip(), (name, sp.id)
        for ch in rules.characters.values():
            assert ch.abilities and all(a.strip() for a in ch.abilities), (name, ch.key)
        for key, spec in rules.options.items():
            assert spec.title and spec.help, (name, key)
            assert len(spec.labels) == len(spec.choices), (name, key)
            assert not any(label in ("True", "False") for label in spec.labels), (name, key)


def test_the_lobby_names_options_and_their_choices_in_words():
    options = catalog(("core", "endings", "dungeon-4e"))["options"]
    assert options["printed-lives"]["title"] == "Lives as printed"
    assert options["printed-lives"]["labels"] == ["Everyone starts on 4 (000)", "As printed on the character card"]
    ending = options["ending"]
    assert len(ending["labels"]) == len(ending["choices"]) and "Drawn at random" in ending["labels"][1]


def test_views_carry_card_texts_and_the_characters_abilities():
    g = Game.new(["wizard", "warrior"], seed=1)
    me = g.view(0)["players"][0]
    assert me["abilities"] == list(g.rules.characters["wizard"].abilities_in_play(g.rules.regions)) and me["abilities"]
    assert me["spells"] and all(s["text"] for s in me["spells"])
    assert all(s["text"] == g.rules.instances[s["id"]].text for s in me["spells"])
    other = g.view(1)["players"][0]
    assert "spells" not in other and other["abilities"] == me["abilities"]  # abilities are printed: public
    s = Scenario(["warrior", "wizard"]).put("fields-1", "Bear")
    board = s.game.view(None)["board"]
    assert board["fields-1"][0]["name"] == "Bear" and board["fields-1"][0]["text"]
    spaces = board_data(("core",))["spaces"]
    assert all(sp["text"] for sp in spaces.values())
    labels = [sp["label"] for sp in spaces.values()]
    assert len(set(labels)) == len(labels) and spaces["village"]["label"] == "Village"  # no two spaces alike


@pytest.mark.rules("core.setup.starting-resources")
def test_a_character_reads_the_same_in_the_lobby_the_rules_and_its_sheet():
    """One source: the terminal's rules text, the lobby's card and the sheet of a game just begun
    give the same starting values under the game's options (the Dwarf begins on 4 lives, not the 5
    printed, unless the game plays printed lives; no Fate in a game without it)."""
    for options, lives, fate in (({}, 4, 5), ({"printed-lives": True}, 5, 5), ({"fate": False}, 4, 0)):
        g = Game.new(["dwarf", "warrior"], options=options, seed=1)
        sheet = g.view(0)["players"][0]
        card = next(c for c in character_cards(g.rules, g.options) if c["key"] == "dwarf")
        text = character_entry(g.rules, "dwarf", g.options).text
        assert (sheet["lives"], sheet["fate"]) == (card["lives"], card["fate"]) == (lives, fate), options
        assert f"Fate {fate}, Lives {lives}," in text and text.startswith("Strength 3, Craft 3,")
        assert sheet["abilities"] == card["abilities"] and all(a in text for a in card["abilities"])
    assert "Lives 4," in lookup(g.rules, "dwarf")[0].text  # without the game's options: the defaults


@pytest.mark.rules("characters-exceptions.dwarf", "characters-exceptions.large-dungeon-d4")
def test_only_the_abilities_of_the_modules_in_play_are_shown():
    """000's exceptions about the Dungeon and the City are shown where those boards are in play only."""
    base = Game.new(["dwarf", "troll", "priest"], seed=1)
    shown = {p["name"]: "\n".join(p["abilities"]) for p in base.view(None)["players"]}
    assert "Dungeon" not in shown["Dwarf"] and "Dungeon" not in shown["Troll"]
    assert (
        "High Temple of the City" not in shown["Priest"] and "Dungeon" not in character_entry(base.rules, "troll").text
    )
    dungeon = Game.new(["dwarf", "troll"], modules=("dungeon-classic",), seed=1)
    assert any("In the Dungeon you may evade" in a for a in dungeon.view(None)["players"][0]["abilities"])
    assert "Large: in the Dungeon you roll a D4" in character_entry(dungeon.rules, "troll").text
    city = ruleset_for(("core", "city-classic"))
    assert any("High Temple of the City" in a for a in character_card(city, "priest")["abilities"])
    four = ruleset_for(("core", "dungeon-4e"))  # 001's Dungeon keeps its own rules: 000's exceptions sleep
    assert not any("Dungeon" in a for a in character_card(four, "troll")["abilities"])


def test_a_sheet_says_a_quest_in_a_sentence_not_as_data():
    g = Game.new(["wizard", "warrior"], seed=1)
    quests.start(g, 1, "give-gold", 3)
    sheet = g.view(None)["players"][1]
    assert sheet["status"]["quest"] == {"goal": "give-gold", "n": 3}  # for the bots
    assert sheet["notes"] == ["On a quest for the Warlock: give up 3 gold."]
    g.players[1].status["enslaved"] = "4-6"
    assert "Enslaved: goes free on a movement roll of 4-6." in g.view(None)["players"][1]["notes"]


def test_a_move_into_certain_death_is_flagged_in_the_decision():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "oasis").set(0, lives=1)
    s.dice(1).start()
    options = {o["id"]: o for o in s.game.view(0)["decision"]["options"]}
    assert set(options) == {"move:desert-1", "move:desert-2"}
    assert all("you would die" in o["warn"] for o in options.values())
    assert "decision" in s.game.view(1) and "options" not in s.game.view(1)["decision"]
    # with 2 lives the heat is no death
    s2 = Scenario(["warrior", "wizard"]).no_spells().at(0, "oasis").set(0, lives=2)
    s2.dice(1).start()
    assert not any("warn" in o for o in s2.game.view(0)["decision"]["options"])
    # evil meets its death at the Chapel, good does not
    g = s2.game
    g.players[0].lives = 1
    chapel = g.rules.space_index["chapel"]
    g.players[0].alignment = "good"
    assert deadly(g, 0, chapel) == ""
    g.players[0].alignment = "evil"
    assert "Chapel" in deadly(g, 0, chapel)


def test_a_blizzard_move_is_not_called_a_roll_of_one():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Blizzard")
    s.dice(1).start()
    s.choose("move:fields-1") if "move:fields-1" in s.options() else s.choose(s.options()[0])
    for _ in range(10):
        d = s.game.decision
        if d is not None and d.kind == "move":
            break
        s.choose(s.options()[0])
    assert s.game.decision.kind == "move"
    assert s.game.decision.prompt == "You may move 1 space: where do you go?"


def test_the_log_reads_as_sentences_with_no_dice_expressions():
    rng = random.Random(4)
    for modules in (("core",), ("core", "dungeon-4e"), ("core", "wizards-tower", "endings")):
        g = Game.new(players=3, modules=modules, seed=rng.randrange(1000))
        bot = RandomBot(rng)
        for _ in range(600):
            d = g.decision
            if d is None:
                break
            g.apply(bot.choose(g.view(d.player), d))
        for e in g.events:
            assert e.text and not e.text[0].islower(), e.text
            assert not re.search(r"\d*D\d+[-+][a-z]|\brolls \d*D6\b|\brolls die\b", e.text), e.text
