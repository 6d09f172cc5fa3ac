"""The terminal game on Textual, driven by its pilot; the rules at hand; space names; --load."""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, Static

from talisman.bots import make_bot
from talisman.cli.play import load_game, write_save
from talisman.cli.rules_text import Entry, lookup, notes
from talisman.cli.tui import HelpScreen, PlayApp, StandingScreen
from talisman.content.places import place_names
from talisman.content.ruleset import ruleset_for
from talisman.engine import save as saves
from talisman.engine.decision import Option
from talisman.engine.game import Game

ROOT = Path(__file__).resolve().parents[1]
SIZE = (180, 56)


def drive(app: PlayApp, script: Callable[[Pilot[None]], Awaitable[None]], size: tuple[int, int] = SIZE) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def new_app(seed: int = 5, wanted: list[str | None] | None = None) -> PlayApp:
    controllers = ["human", "heuristic", "heuristic"]
    bots = {i: make_bot("heuristic", seed * 7 + i) for i in (1, 2)}
    return PlayApp(
        controllers,
        bots,
        wanted=wanted or ["warrior", "wizard", "troll"],
        new_game=lambda chars: Game.new(chars, seed=seed),
        bot_delay=0,
    )


def log_lines(app: PlayApp) -> list[str]:
    return [strip.text for strip in app.query_one("#log", RichLog).lines]


def test_a_whole_turn_on_the_screen_with_every_bot_move_in_the_log():
    app = new_app()

    async def script(pilot: Pilot[None]) -> None:
        assert app.game is not None and app.game.turn == 1
        prompt = str(app.query_one("#prompt", Static).render())
        assert "Seat 1, the Warrior" in prompt
        options = app.query_one("#options", OptionList)
        assert options.option_count == len(app.game.decision.options)
        board = str(app.query_one("#map", Static).render())
        assert "Village" in board and "Crown of Co" in board and "Wa" in board  # the Warrior's piece
        # the person answers each decision with Enter (the first option) until the bots have played
        # their turns and it is the Warrior's turn again
        for _ in range(60):
            if app.game.turn > 3:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert app.game.turn == 4 and app.game.decision.player == 0
        lines = "\n".join(log_lines(app))
        assert "Turn 2 (round 1): Wizard" in lines and "Turn 3 (round 1): Troll" in lines
        # nothing is cut: every event anyone may read is in the log, in order
        texts = [e.text_for(0) for e in app.game.events if e.text_for(0)]
        for text in texts:
            assert text.split()[0] in lines
        assert lines.index("Turn 2 (round 1)") < lines.index("Turn 3 (round 1)") < lines.index("Turn 4 (round 2)")
        sheets = [str(s.query_one(Static).render()) for s in app.query(".sheet")]
        assert len(sheets) == 3 and "Strength" in sheets[1]
        warrior = app.rules.characters["warrior"].abilities[0]
        assert warrior in sheets[0] and warrior not in sheets[1]  # one's own abilities
        assert "Spells: none" in sheets[0] or "Spells: " in sheets[0]
        wizard = app.game.players[1]
        if wizard.spells:  # others' Spells are counted, not named
            assert f"Spells: {len(wizard.spells)} (hidden)" in sheets[1]
            assert app.game.rules.instances[wizard.spells[0]].name not in sheets[1]

    drive(app, script)
    assert app.game is not None and len(app.game.history or []) > 3


def test_a_number_key_picks_an_option_and_the_map_marks_where_moves_lead():
    app = new_app(seed=11)

    async def script(pilot: Pilot[None]) -> None:
        g = app.game
        assert g is not None
        for _ in range(20):  # on to a move: the options name their spaces without ambiguity
            if g.decision.kind == "move" and g.decision.player == 0:
                break
            await pilot.press("1")
            await pilot.pause()
        d = g.decision
        assert d.kind == "move"
        names = set(place_names(g.rules).values())
        for o in d.options:
            if o.id.startswith("move:"):
                assert any(f"Move to the {n}," in o.label for n in names)
        assert "[1]" in str(app.query_one("#map", Static).render())
        before = len(g.history or [])
        await pilot.press("1")
        await pilot.pause()
        assert len(g.history or []) > before

    drive(app, script)


def test_people_choose_their_characters_on_the_screen():
    app = new_app(wanted=["choose", None, "wizard"])

    async def script(pilot: Pilot[None]) -> None:
        assert app.game is None
        assert "Seat 1: choose your character" in str(app.query_one("#prompt", Static).render())
        options = app.query_one("#options", OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert not any("Wizard" in label for label in labels)  # seat 3's
        assert any("starts at the" in label for label in labels)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.game is not None
        assert (
            app.game.players[0].character
            == sorted((c.name, k) for k, c in app.rules.characters.items() if c.playable and k != "wizard")[1][1]
        )

    drive(app, script)


def test_help_shows_the_text_of_a_card_a_space_or_the_highlighted_option():
    app = new_app()

    async def script(pilot: Pilot[None]) -> None:
        command = app.query_one("#command", Input)
        command.focus()
        await pilot.press(*"help sword", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        body = str(app.screen.query_one("#help-body", Static).render())
        assert "Sword (Object" in body and ruleset_for(("core",)).cards["sword"].text[:30] in body
        query = app.screen.query_one("#help-query", Input)
        query.value = ""
        await pilot.press(*"fields (north-east)", "enter")
        await pilot.pause()
        body = str(app.screen.query_one("#help-body", Static).render())
        assert "Fields (north-east) (space in the Outer Region)" in body
        await pilot.press(*"banana", "enter")
        await pilot.pause()
        assert "Nothing is called" in str(app.screen.query_one("#help-body", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        app.query_one("#options", OptionList).focus()
        await pilot.press("question_mark")  # the rules of what the decision involves, and the character
        await pilot.pause()
        body = str(app.screen.query_one("#help-body", Static).render())
        assert "Warrior (character)" in body and "Strength 4, Craft 2" in body

    drive(app, script)


def test_options_name_their_cards_with_their_effects():
    rules = ruleset_for(("core",))
    potion = next(i for i, c in enumerate(rules.instances) if c.name == "Potion of Strength")

    def offered(option_id: str, label: str) -> list[Entry]:  # an option as a decision offers it
        return notes(rules, label, Option(option_id, label, read=partial(rules.option_grammar.args, "turn")))

    [e] = offered(f"use:{potion}", "Use the Potion of Strength")
    assert e.title == "Potion of Strength" and e.text == rules.instances[potion].text
    assert [e.title for e in offered("move:crags", "Move to the Crags, clockwise")] == ["Crags"]
    assert offered("meet:2", "Encounter the Troll") == []  # a seat, not a card
    assert [e.kind for e in lookup(rules, "healing")] == ["Spell"]
    assert "Default: True" in lookup(rules, "fate")[0].text
    assert len(lookup(rules, "fields")) == 6


@pytest.mark.parametrize("modules", [("core",), ("core", "dungeon-4e", "wizards-tower"), ("core", "dungeon-classic")])
def test_every_space_has_a_name_of_its_own(modules):
    names = place_names(ruleset_for(modules))
    assert len(set(names.values())) == len(names)
    assert names["city"] == "City"


def test_compass_names_follow_the_board_as_drawn():
    names = place_names(ruleset_for(("core",)))
    # the Outer Region is drawn clockwise from the Village at the top-left corner
    assert names["fields-1"] == "Fields (north-north-west)" and names["fields-6"] == "Fields (west-north-west)"
    assert names["plains-1"] == "Plains (east)" and names["plains-2"] == "Plains (south)"
    assert names["woods-1"] == "Woods (Outer Region, north)" and names["woods-4"] == "Woods (Middle Region)"


def test_load_resumes_a_saved_game_on_the_screen(tmp_path):
    g = Game.new(["warrior", "wizard"], seed=8)
    bot = make_bot("heuristic", 1)
    from talisman.bots import act

    while g.turn < 4 or g.decision.player != 0:
        g.apply(act(bot, g) if g.decision.player == 1 else g.decision.options[0].id, player=g.decision.player)
    path = tmp_path / "g.json"
    write_save(str(path), g, ["human", "heuristic"], {0: ("no-fate",)})
    game, controllers, standing = load_game(str(path), [])
    assert controllers == ["human", "heuristic"] and game.state_hash() == g.state_hash()
    assert standing == {0: ("no-fate",)}  # the person's standing answers come back with the game
    app = PlayApp(controllers, {1: make_bot("heuristic", 1)}, game=game, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        lines = "\n".join(log_lines(app))
        assert "Turn 1 (round 1): Warrior" in lines and "Turn 3 (round 2)" in lines  # the story so far
        assert g.decision.prompt in str(app.query_one("#prompt", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.history or []) > len(g.history or [])

    drive(app, script)
    write_save(str(path), game, controllers)
    assert saves.replay(saves.read(path)).state_hash() == game.state_hash()


def run_cli(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "talisman.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_save_is_relative_to_the_current_folder_and_load_goes_on(tmp_path):
    r = run_cli(
        "play", "--seat", "Warrior=human", "--seat", "Troll=heuristic", "--seed", "4", "--save", "g.json",
        cwd=tmp_path, stdin="1\n" * 12 + "q\n",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["controllers"] == ["human", "heuristic"]
    r = run_cli("play", "--load", "g.json", "--save", "g.json", cwd=tmp_path, stdin="?\nhelp healing\n1\nq\n")
    assert r.returncode == 0, r.stderr
    assert "A saved game, resumed" in r.stdout
    assert "Warrior (character): Strength 4, Craft 2" in r.stdout
    assert "Healing (Spell): " in r.stdout
    again = json.loads((tmp_path / "g.json").read_text())
    assert len(again["actions"]) > len(saved["actions"])
    assert again["actions"][: len(saved["actions"])] == saved["actions"]


def test_load_refuses_a_bad_seat_count(tmp_path):
    g = Game.new(["warrior", "wizard"], seed=8)
    write_save(str(tmp_path / "g.json"), g, ["human", "heuristic"])
    r = run_cli("play", "--load", "g.json", "--seat", "?=human", cwd=tmp_path)
    assert r.returncode == 2 and "has 2 seats" in r.stderr and "Traceback" not in r.stderr


# The screenshots go to a temporary folder; TALISMAN_SCREENSHOTS=docs refreshes the ones in docs/.
SHOTS = Path(os.environ.get("TALISMAN_SCREENSHOTS") or tempfile.mkdtemp(prefix="talisman-shots-"))
CHROMIUM = Path("/usr/bin/chromium")


def to_png(svg: Path) -> Path | None:
    """Render a Textual SVG screenshot to PNG with headless Chromium (None without one). The
    SVG's web fonts are dropped first: the page loads nothing from outside."""
    text = re.sub(r'src: local\("([^"]+)"\),[^;]*;', r'src: local("\1");', svg.read_text(encoding="utf-8"))
    svg.write_text(text, encoding="utf-8")
    if not CHROMIUM.exists():
        return None
    width, height = (math.ceil(float(v)) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text).groups())
    png = svg.with_suffix(".png")
    subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--window-size={width},{height}", f"--screenshot={png}", svg.as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    return png


def test_screenshots_of_the_terminal_game():
    """The map and log in a four-player game with the Dungeon, a move to choose; the rules at hand."""
    controllers = ["human", "heuristic", "heuristic", "heuristic"]
    bots = {i: make_bot("heuristic", 70 + i) for i in (1, 2, 3)}
    app = PlayApp(
        controllers,
        bots,
        wanted=["elf", "troll", "wizard", "priest"],
        new_game=lambda chars: Game.new(chars, modules=("dungeon-4e",), seed=12),
        bot_delay=0,
    )
    shots: list[Path] = []

    async def script(pilot: Pilot[None]) -> None:
        g = app.game
        assert g is not None
        for _ in range(200):  # on to a move of the Elf's, a few turns in
            d = g.decision
            if d.player == 0 and d.kind == "move" and g.turn > 12:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert g.decision.kind == "move"
        shots.append(Path(app.save_screenshot("terminal-game.svg", str(SHOTS))))
        app.query_one("#options", OptionList).highlighted = 0
        await pilot.press("question_mark")
        await pilot.pause()
        shots.append(Path(app.save_screenshot("terminal-rules.svg", str(SHOTS))))

    drive(app, script, size=(190, 58))
    for svg in shots:
        assert "Talisman" in svg.read_text(encoding="utf-8")
        png = to_png(svg)
        assert png is None or png.stat().st_size > 10_000


def test_standing_answers_set_on_the_screen_answer_their_questions():
    app = new_app(seed=5)

    async def script(pilot: Pilot[None]) -> None:
        g = app.game
        assert g is not None
        for _ in range(40):  # on to a Fate reroll question of the person's
            if g.decision.player == 0 and g.decision.kind == "fate":
                break
            await pilot.press("enter")
            await pilot.pause()
        assert g.decision.kind == "fate"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandingScreen)
        await pilot.press("space", "escape")  # the first: never ask me to reroll with Fate
        await pilot.pause()
        assert app.standing[0] == ("no-fate",)
        assert "standing answer: Keep" in "\n".join(log_lines(app))
        for _ in range(80):  # no Fate question reaches the person again
            if g.turn > 8:
                break
            assert not (g.decision.player == 0 and g.decision.kind == "fate")
            await pilot.press("enter")
            await pilot.pause()

    drive(app, script)
    kept = [a for a in app.game.history or [] if a == "keep"]
    assert kept
