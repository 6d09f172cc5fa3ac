"""Home-brew modules (talisman.content.homebrew): TOML only, from a folder; talisman module check lists
every problem with its file and line; a broken content file blocks only itself; the example module
of docs/home-brew loads, checks, plays, and is compared against the base game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.cli.main import main
from talisman.content import homebrew
from talisman.content.modules import known_modules, unregister_module
from talisman.content.ruleset import ruleset_for
from talisman.sim import runner
from talisman.testing import Scenario

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "home-brew"
WITCH = ("hedge-witch",)


@pytest.fixture(scope="module", autouse=True)
def example_installed():
    found = homebrew.install([EXAMPLE])
    assert all(not c.problems for c in found)
    return found


@pytest.fixture
def brew(tmp_path):
    """A copy of the example under another name, to break; forgotten after the test."""
    folder = tmp_path / "brew"
    shutil.copytree(EXAMPLE / "hedge-witch", folder)
    declaration = folder / "module.toml"
    declaration.write_text(declaration.read_text().replace('name = "hedge-witch"', 'name = "test-brew"'))
    for f in folder.glob("*.toml"):  # its own ids: the example's are taken (it is installed)
        f.write_text(f.read_text().replace("[card.", "[card.test-").replace("[character.", "[character.test-"))
    yield folder
    unregister_module("test-brew")
    homebrew._installed.pop("test-brew", None)
    ruleset_for.cache_clear()  # its rulesets were of the module as this test broke it


def test_the_example_module_loads_checks_and_is_offered():
    found = homebrew.check(EXAMPLE / "hedge-witch")
    assert found.problems == [] and [p.name for p in found.good] == ["cards.toml", "character.toml"]
    assert "hedge-witch" in known_modules()
    rules = ruleset_for(("core", "hedge-witch"))
    assert rules.characters["hedge-witch"].name == "Hedge Witch"
    assert {c.design for k, c in rules.cards.items() if k in ("fairy-ring", "herb-seller", "hedge-lantern")} == {
        "our-own"
    }
    assert sum(1 for c in rules.instances if c.name == "Bramble Wolf") == 2
    assert rules.options["herb-price"].choices == (1, 2)


def test_the_lobby_offers_it_with_its_option_and_character():
    from talisman.server.catalog import catalog, modules_info

    assert "hedge-witch" in {m["name"] for m in modules_info()}
    offer = catalog(("core", "hedge-witch"))
    assert offer["options"]["herb-price"]["labels"] == ["1 gold a poultice", "2 gold a poultice"]
    assert "Hedge Witch" in {c["name"] for c in offer["characters"]}


def test_the_example_module_plays_to_the_end_with_its_character():
    g = Game.new(["hedge-witch", "warrior", "troll"], modules=WITCH, seed=3, options={"herb-price": 2})
    assert g.players[0].gold == 2 and len(g.players[0].spells) == 1  # start-gold:2, a Spell
    play_out(g, {i: make_bot("heuristic", i) for i in range(3)}, max_turns=1000)
    assert g.result is not None
    save = g.save()
    assert Game.load(save).state_hash() == g.state_hash()


@pytest.mark.parametrize(("price", "offered", "gold_left"), [(1, "buy", 2), (2, "buy-dear", 1)])
def test_a_home_brew_option_is_read_by_the_option_condition(price, offered, gold_left):
    s = Scenario(["warrior", "troll"], modules=WITCH, herb_price=price).no_spells()
    s.at(0, "fields-1").set(0, gold=3, lives=3).on_top("adventure", "Herb Seller")
    s.arrive("woods-1", 2)
    assert s.kind == "choose" and set(s.options()) == {offered, "leave"}
    s.choose(offered)
    assert s.player(0).lives == 4 and s.player(0).gold == gold_left


def test_module_check_lists_every_problem_with_file_and_line(brew, capsys):
    (brew / "broken.toml").write_text(
        '[card.test-slime]\nname = "Slime"\ndeck = "adventure"\ntype = "enemy"\nnumber = 2\nstrength = "x"\n'
        'text = "A slime."\n\n[card.test-mud]\nname = "Mud"\ndeck = "nowhere"\ntype = "event"\nnumber = 1\n'
        'text = "Mud."\non_encounter = [{ move = { to = "swamp" } }]\n'
    )
    (brew / "syntax.toml").write_text("[card.x\nname = 1\n")
    (brew / "undeclared.toml").write_text(
        '[card.test-glow]\nname = "Glow"\ndeck = "adventure"\ntype = "event"\nnumber = 1\ntext = "glow"\n'
        'traits = ["glowing"]\non_encounter = [{ gain = { fate = 1 }, if = { option = "no-such" } }]\n'
    )
    assert main(["module", "check", str(brew)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert f"{brew}/broken.toml:6: card.test-slime.strength: expected a whole number, got 'x'" in out
    assert f"{brew}/broken.toml:11: card.test-mud.deck: unknown deck 'nowhere'" in out
    assert f"{brew}/broken.toml:15: card.test-mud.on_encounter: move to unknown space 'swamp'" in out
    assert any(line.startswith(f"{brew}/syntax.toml:1: not valid TOML") for line in out)
    assert (
        f"{brew}/undeclared.toml:7: card.test-glow.traits: trait 'glowing' is declared by no module of this game" in out
    )
    assert any("undeclared.toml:8: card.test-glow.on_encounter: option 'no-such'" in line for line in out)
    assert out[-1] == f"{brew}: test-brew is played without broken.toml, syntax.toml, undeclared.toml"


def test_a_broken_file_blocks_only_itself(brew):
    (brew / "broken.toml").write_text('[card.test-slime]\nname = "Slime"\ndeck = "adventure"\ntype = "enemy"\n')
    [found] = homebrew.install([brew])
    assert [p.name for p in found.blocked] == ["broken.toml"] and found.problems[0].line == 1
    rules = ruleset_for(("core", "test-brew"))  # installed, without the broken file
    assert "test-hedge-witch" in rules.characters and "test-herb-seller" in rules.cards
    assert "test-slime" not in rules.cards


def test_a_broken_declaration_blocks_the_module(brew, capsys):
    (brew / "module.toml").write_text('[module]\nname = "Test Brew"\nrequires = ["no-such-module"]\ncolour = 3\n')
    [found] = homebrew.install([brew])
    assert found.module is None and "test-brew" not in known_modules()
    lines = homebrew.report([found])
    assert (
        f"{brew}/module.toml:2: module.name: a name of lowercase letters, digits and hyphens, not 'Test Brew'" in lines
    )
    assert f"{brew}/module.toml:3: module.requires: unknown module 'no-such-module'" in lines
    assert (
        f"{brew}/module.toml:4: module.colour: unknown field (allowed: name, title, requires, excludes, design, source)"
        in lines
    )
    assert any("module.title" in line for line in lines)


def test_a_home_brew_module_may_replace_a_card_of_the_core_game(brew):
    (brew / "house-rule.toml").write_text(
        '[card.bear]\nreplace = true\nname = "Bear"\ndeck = "adventure"\ntype = "enemy"\nsubtype = "animal"\n'
        'number = 2\nstrength = 5\ndesign = "our-own"\ntext = "Enemy, Animal, Strength 5 (a house rule)."\n'
    )
    homebrew.install([brew])
    core, brewed = ruleset_for(("core",)), ruleset_for(("core", "test-brew"))
    assert core.cards["bear"].strength != 5 and brewed.cards["bear"].strength == 5
    assert [c.key for c in brewed.instances[: len(core.instances)]][:50] == [c.key for c in core.instances][:50]


@pytest.mark.parametrize(("dice", "hound_kept"), [((6, 1), True), ((1, 6), False)])
def test_a_home_brew_follower_with_stand_in_fights_in_its_holders_place(brew, dice, hound_kept):
    (brew / "hound.toml").write_text(
        '[card.war-hound]\nname = "War Hound"\ndeck = "adventure"\ntype = "follower"\nnumber = 1\n'
        'traits = ["stand-in:4"]\ndesign = "our-own"\ntext = "Follower. May fight a battle in your place."\n'
    )
    homebrew.install([brew])
    s = Scenario(["warrior", "troll"], modules=("test-brew",)).no_spells().give(0, "War Hound")
    s.at(0, "fields-1").on_top("adventure", "Bear").arrive("woods-1", 2)  # the Bear: Strength 3
    sent = [o for o in s.options() if o.startswith("stand-in:")]
    assert s.kind == "combat" and sent and "Strength 4" in " ".join(s.labels())
    lives = s.player(0).lives
    s.dice(*dice).choose(sent[0])  # 4 + 6 beats 3 + 1; 4 + 1 loses to 3 + 6
    assert s.player(0).lives == lives  # no life lost either way
    assert (s.names(s.player(0).followers) == ["War Hound"]) == hound_kept


def test_a_worker_process_installs_the_content_its_games_name(tmp_path):
    import multiprocessing

    spec = runner.GameSpec(
        index=0,
        seed=5,
        players=2,
        bots=("random", "random"),
        modules=WITCH,
        max_turns=20,
        characters=("hedge-witch", "elf"),
        content=homebrew.installed_folders(WITCH),
    )
    assert spec.content == (str(EXAMPLE / "hedge-witch"),)
    with multiprocessing.get_context("spawn").Pool(1) as pool:  # a fresh process: nothing installed
        [record] = pool.map(runner.play_game, [spec])
    assert record["characters"] == ["hedge-witch", "elf"]
    assert {k: v for k, v in record.items() if k != "seconds"} == {
        k: v for k, v in runner.play_game(spec).items() if k != "seconds"
    }


def test_simulate_and_balance_take_content_folders(tmp_path):
    out = tmp_path / "games.jsonl"
    args = ["--content", str(EXAMPLE), "--max-turns", "40", "--workers", "1", "--quiet"]
    assert (
        main(["simulate", "--modules", "hedge-witch", "--games", "2", "--players", "3", "--out", str(out), *args]) == 0
    )
    assert [json.loads(line)["modules"] for line in out.read_text().splitlines()] == [["hedge-witch"]] * 2


def test_the_example_module_is_compared_against_the_base_game(tmp_path):
    out = tmp_path / "compare"
    argv = ["balance", "compare", "--modules", "core", "--against", "core,hedge-witch", "--content", str(EXAMPLE)]
    assert (
        main(
            [
                *argv,
                "--games",
                "6",
                "--players",
                "3",
                "--max-turns",
                "80",
                "--workers",
                "1",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    summary = json.loads((out / "summary.json").read_text())
    assert summary["a"] == "core" and summary["b"] == "core, hedge-witch" and summary["games"] == 6
    assert "hedge-witch" not in {r["name"] for r in summary["characters"]}  # dealt from the characters both have
    assert summary["turns"]["verdict"] and (out / "index.html").is_file() and (out / "difference.png").is_file()


def test_on_ray_the_compare_is_the_same_and_the_workers_install_the_content(tmp_path):
    argv = ["balance", "compare", "--against", "core,hedge-witch", "--content", str(EXAMPLE), "--games", "3"]
    argv += ["--players", "2", "--bot", "random", "--max-turns", "40", "--quiet"]
    assert main([*argv, "--workers", "1", "--out", str(tmp_path / "local")]) == 0
    assert main([*argv, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    import ray

    assert not ray.is_initialized()  # the run's own connection, closed
    local, on_ray = ((tmp_path / d / "summary.json").read_text() for d in ("local", "ray"))
    assert json.loads(local) == json.loads(on_ray)
