"""The rule-aware bot in the modules' positions: a few of its rules, checked on
arranged positions (it sees only its seat's view), that it has a rule for every
decision kind the engine and the modules ask, and short seeded games with it.
"""

from __future__ import annotations

import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from talisman.bots import act, make_bot
from talisman.bots.knowledge import knowledge_for
from talisman.content.modules import ENTRY_POINT_GROUP, played_modules
from talisman.content.ruleset import ruleset_for
from talisman.modules.endings import common
from talisman.sim import runner
from talisman.testing import Scenario

SOURCES = Path(__file__).resolve().parents[1] / "talisman"


def bot_says(s: Scenario, seed: int = 0) -> str:
    """The bot's answer to the pending decision (not applied)."""
    s.start()
    return act(make_bot("heuristic", seed), s.game)


def rolled(s: Scenario, n: int) -> Scenario:
    """Start the turn and roll ``n`` for movement: the move decision is pending."""
    s.dice(n).start()
    if s.kind == "turn":
        s.choose("roll")
    assert s.kind == "move"
    return s


# --- every decision kind has a rule --------------------------------------------------------


SHIPPED = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name != "engine")


@pytest.mark.parametrize("module", SHIPPED)
def test_the_modules_advice_answers_every_decision_kind_a_game_of_them_may_ask(module):
    """Each kind a module of the game declares has an answer in the composed advice (a game of
    its own is played by its module's policy), so no decision falls to the outcome fallback."""
    rules = ruleset_for(tuple(played_modules([module])))
    know = knowledge_for(rules.module_names)
    if know.policy_maker is not None:
        return
    missing = sorted(kind for kind in rules.decisions if kind not in know.answers)
    assert missing == []


def test_no_bot_outside_the_modules_reads_an_option_id_or_names_a_module():
    """The shared bot keeps only what every game needs: it never parses an option id, and the
    knowledge of a game lives beside its module."""
    for path in (SOURCES / "bots").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.(split|partition|rsplit|startswith)\(\s*\"[a-z-]*:", text), path.name
        assert not re.search(r"^\s*(from|import) talisman\.modules", text, re.M), path.name


# --- the characters' abilities -------------------------------------------------------------


def test_the_amazon_rolls_two_movement_dice_and_keeps_the_one_that_leads_somewhere_better():
    s = Scenario(["amazon", "thief"], modules=("dungeon-characters",)).no_spells().at(0, "fields-1").at(1, "city")
    s.game.gold_on[s.game.rules.space_index["fields-2"]] = 5  # six spaces clockwise
    s.start()
    assert bot_says(s) == "roll-two"
    s.dice(1, 6).choose("roll-two")
    assert s.kind == "pick-roll" and s.options() == ["keep:1", "keep:6"]
    assert bot_says(s) == "keep:6"  # the first option (the old fallback) was the lower die


def test_the_amazon_fights_again_after_a_defeat_but_lets_a_stand_off_stand():
    s = Scenario(["amazon", "thief"], modules=("dungeon-characters",)).no_spells().at(1, "city")
    s.at(0, "village").on_top("adventure", "Bear")
    s.arrive("fields-1", 1, 1, 6)  # she rolls 1 + 3 against the Bear's 6 + 3
    s.fight()
    assert s.kind == "lost-fight" and "rematch" in s.options()
    assert bot_says(s) == "rematch"
    s2 = Scenario(["amazon", "thief"], modules=("dungeon-characters",)).no_spells().at(1, "city")
    s2.at(0, "village").on_top("adventure", "Bear")
    s2.arrive("fields-1", 1, 4, 4)  # 4 + 3 against 4 + 3: a stand-off
    s2.fight()
    assert s2.kind == "lost-fight" and s2.decision.prompt.startswith("A stand-off")
    assert bot_says(s2) == "accept"


# --- the Dungeon ---------------------------------------------------------------------------


def dungeon(*chars: str) -> Scenario:
    return Scenario(list(chars or ("thief", "wizard")), modules=("dungeon-4e",)).no_spells()


def test_a_weak_character_keeps_out_of_the_dungeon_and_a_strong_one_goes_down_for_the_treasure():
    s = dungeon().at(0, "fields-5").at(1, "city")
    s.game.gold_on[s.game.rules.space_index["dungeon-entrance"]] = 3
    rolled(s, 2)
    assert "move:dungeon-entrance" in s.options()
    assert bot_says(s) != "move:dungeon-entrance"
    strong = dungeon().at(0, "fields-5").at(1, "city").set(0, strength=12, craft=7, lives=5)
    rolled(strong, 2)
    assert bot_says(strong) == "move:dungeon-entrance"


def test_a_weak_character_steps_around_a_snake_pit_lying_face_up():
    s = dungeon().at(0, "cavern-1").at(1, "city").set(0, strength=4, lives=3)
    s.put("tunnel-2", "Snake Pit")
    s.game.gold_on[s.game.rules.space_index["tunnel-2"]] = 2
    rolled(s, 2)
    assert set(s.options()) == {"move:tunnel-2", "move:corridor-1"}
    assert bot_says(s) != "move:tunnel-2"


def test_a_wounded_character_leaves_the_dungeon():
    s = dungeon().at(0, "cavern-1").at(1, "city").set(0, lives=2)
    s.game.gold_on[s.game.rules.space_index["guard-room"]] = 3
    rolled(s, 3)
    assert set(s.options()) == {"move:dungeon-entrance", "move:guard-room"}
    assert bot_says(s) == "move:dungeon-entrance"


def test_the_lord_of_darkness_is_fought_in_the_better_attribute():
    s = dungeon("wizard", "thief").at(0, "vault-3").at(1, "city").set(0, strength=4, craft=13, lives=5)
    rolled(s, 1)
    s.choose("move:treasure-chamber")
    assert s.kind == "lord"
    assert bot_says(s) == "psychic"


# --- the Alternative Endings ------------------------------------------------------------------


def endings(*chars: str, ending: str = "draw") -> Scenario:
    return Scenario(list(chars or ("warrior", "thief")), modules=("endings",), ending=ending).no_spells()


def test_a_quest_of_a_lifetime_takes_the_bot_off_the_crown_and_to_the_next_place():
    s = endings().at(0, "crown-of-command").at(1, "city")
    common.set_goal(
        s.game,
        0,
        "pandoras-box",
        "quest",
        "the Quest of a Lifetime: Graveyard, Tavern, Crown of Command",
        places=[["Graveyard"], ["Tavern"], ["Crown of Command"]],
        next=0,
    )
    s.start()
    assert s.kind == "turn" and "stay" in s.options()
    assert bot_says(s) == "retreat:valley-of-fire"
    out = endings().at(0, "fields-1").at(1, "city")
    common.set_goal(
        out.game,
        0,
        "pandoras-box",
        "quest",
        "the Quest of a Lifetime: Graveyard, Tavern, Crown of Command",
        places=[["Graveyard"], ["Tavern"], ["Crown of Command"]],
        next=0,
    )
    rolled(out, 1)
    assert set(out.options()) == {"move:village", "move:graveyard"}
    assert bot_says(out) == "move:graveyard"


def test_the_lord_of_chaos_errand_sends_the_bot_to_the_place_named():
    s = endings("dwarf", "thief").at(0, "fields-2").at(1, "city")
    common.set_goal(s.game, 0, "lord-of-chaos", "errand", "go to the Chapel", place="Chapel", done=False)
    s.game.gold_on[s.game.rules.space_index["crags"]] = 2
    rolled(s, 1)
    assert set(s.options()) == {"move:chapel", "move:crags"}
    assert bot_says(s) == "move:chapel"


def test_the_demon_lord_is_fought_with_craft_and_fled_without():
    for craft, answer in ((4, "flee"), (13, "fight")):
        s = endings("wizard", "thief", ending="demon-lord").at(0, "valley-of-fire").at(1, "city")
        s.give(0, "Talisman").set(0, craft=craft, strength=8, lives=5)
        s.start().choose("move:crown-of-command")
        assert s.kind == "demon-lord"
        assert bot_says(s) == answer


def test_finders_keepers_leaps_onto_a_weaker_rival():
    s = endings("warrior", "thief").at(0, "crown-of-command").at(1, "city").set(0, strength=9, lives=5)
    common.set_goal(s.game, 0, "pandoras-box", "finders-keepers", "Finder's Keepers")
    s.start()
    assert "leap:1" in s.options()
    assert bot_says(s) == "leap:1"


# --- the Master Levels and the Wizard's Tower ----------------------------------------------------


def test_master_level_titles_are_taken_and_the_mirror_passed_through():
    s = Scenario(["warrior", "thief"], modules=("master-levels",)).no_spells().at(1, "city")
    s.at(0, "village").on_top("adventure", "Noble").arrive("fields-1", 1)
    assert s.kind == "master-level" and set(s.options()) == {"accept", "decline"}
    assert bot_says(s) == "accept"
    m = Scenario(["warrior", "thief"], modules=("master-levels",)).no_spells().at(1, "city")
    m.at(0, "village").on_top("adventure", "Mirror").arrive("fields-1", 1)
    assert m.kind == "master-level" and set(m.options()) == {"pass", "decline"}
    assert bot_says(m) == "pass"  # a Mirror Image costs nothing, and goes on should the original die


def test_a_very_strong_character_without_a_talisman_tries_the_wizards_tower():
    s = Scenario(["warrior", "thief"], modules=("wizards-tower",)).no_spells().at(0, "castle").at(1, "city")
    s.set(0, strength=15, craft=14, lives=5)
    rolled(s, 2)
    assert {"portal", "portal:antechamber"} <= set(s.options())
    assert bot_says(s) == "portal:antechamber"


# --- seeded games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "modules",
    [("core", "endings"), ("core", "dungeon-4e"), ("core", "roster"), ("core", "master-levels")],
    ids=lambda m: m[1],
)
def test_heuristic_games_with_a_module_end_and_repeat_exactly(modules):
    specs = runner.specs(3, 4, ["heuristic"], 11, modules=modules, max_turns=800)
    records = [runner.play_game(spec) for spec in specs]
    assert sum(r["finished"] for r in records) >= 2
    again = runner.play_game(specs[0])
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in records[0].items() if k != "seconds"}


@pytest.mark.parametrize("random_treasures", [False, True])
def test_the_rule_aware_bot_takes_a_treasure_rather_than_none(random_treasures):
    s = Scenario(["thief", "wizard"], modules=("dungeon-4e",), random_treasures=random_treasures).no_spells()
    s.set(0, strength=20).at(0, "vault-3").at(1, "village").arrive("treasure-chamber", 1, 1, 1)
    s.choose("battle").fight()  # 1 + 20 against 1 + 12
    assert s.kind == "treasure" and "none" in s.options()
    choice = act(make_bot("heuristic", 1), s.game)
    assert choice == "draw" if random_treasures else choice.startswith("treasure:")


def test_the_bots_rivals_are_looked_for_once_a_decision_and_afresh_at_the_next():
    from talisman import Game
    from talisman.bots.heuristic import HeuristicBot
    from talisman.engine.view import LazyView

    bot = make_bot("heuristic", 3)
    assert isinstance(bot, HeuristicBot)
    for players, rivals in ((4, 3), (2, 1), (3, 2)):  # one bot, games of a different size in turn
        g = Game.new(players=players, seed=players, log=False)
        d = g.decision
        assert d is not None
        bot.choose(LazyView(g, d.player), d)
        assert len(bot.rivals()) == rivals
        assert bot.rivals() is bot.rivals()  # (within one decision, the same)
        assert d.player not in {p["seat"] for p in bot.rivals()}


def test_a_bot_reused_for_a_new_game_plays_it_as_a_fresh_bot_would():
    """What the advice remembers from one decision to the next (the last moves walked, the City's
    errands, a Bazaar sold out) belongs to one game: a bot that played a game before starts the next
    as if new, and so plays it move for move as a new bot of the same random source does."""
    from talisman import Game
    from talisman.bots import observe
    from talisman.bots.loop import bot_seed, play

    def played(game: Game, bots: list) -> list[str]:
        answers: list[str] = []
        play(
            game,
            lambda d: bots[d.player].choose(observe(game, d.player), d),
            max_turns=60,
            chosen=lambda d, choice: answers.append(choice),
        )
        return answers

    reused = [make_bot("heuristic", bot_seed(1, seat)) for seat in range(2)]
    played(Game.new(["warrior", "elf"], seed=1, log=False), reused)
    assert any(bot.memory.keys() - {"flags"} for bot in reused)  # the first game left memories
    for seat, bot in enumerate(reused):
        bot.rng.seed(bot_seed(2, seat))  # the random source a new bot for the second game has
    fresh = [make_bot("heuristic", bot_seed(2, seat)) for seat in range(2)]
    again = played(Game.new(["warrior", "elf"], seed=2, log=False), reused)
    assert again == played(Game.new(["warrior", "elf"], seed=2, log=False), fresh)
