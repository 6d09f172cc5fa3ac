"""The terminal game's first minutes, driven by its pilot: ten options or more picked by number,
a question that came right after an automatic answer safe from a key meant for the one before,
"Take nothing more" never under Enter, an encounter's text under its option, leaving that asks
(and says whether the game is saved), --load that keeps what was played, a Fate reroll beside
the roll that stops nothing, and the guided first game's tips."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog, Static

from talisman.bots import make_bot
from talisman.cli.play import write_save
from talisman.cli.tui import GRACE, LeaveScreen, PlayApp
from talisman.engine.game import Game
from talisman.engine.standing import NEW_PLAYER
from talisman.testing import Scenario
from talisman.tutorial import tutorial_game

ROOT = Path(__file__).resolve().parents[1]


def drive(app: PlayApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=(180, 56)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def app_for(g: Game, **extra) -> PlayApp:
    """The person in seat 1 (index 0) against a rule-aware bot, in a game already set up."""
    return PlayApp(["human", "heuristic"], {1: make_bot("heuristic", 1)}, game=g, bot_delay=0, **extra)


def prompt_of(app: PlayApp) -> str:
    return str(app.query_one("#prompt", Static).render())


def options_text(app: PlayApp) -> list[str]:
    ol = app.query_one("#options", OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def test_ten_options_or_more_are_picked_by_typing_their_number():
    s = Scenario(["wizard", "warrior"]).no_spells().give(0, "Teleport").at(0, "village")
    s.start().choose("cast")  # Teleport: any space of the Outer Region, 23 of them
    assert len(s.decision.options) == 23
    app = app_for(s.game)

    async def script(pilot: Pilot[None]) -> None:
        ol = app.query_one("#options", OptionList)
        await pilot.press("1", "2")  # option 12, digit by digit: the highlight follows
        await pilot.pause()
        assert ol.highlighted == 11
        twelfth = app.pending[11][0]
        await pilot.press("enter")
        await pilot.pause()
        assert s.game.history[-1] == twelfth  # Enter took the number typed, not option 1
        assert s.space_of(0) == twelfth.split(":")[1]

    drive(app, script)


def test_a_question_right_after_an_automatic_answer_is_not_answered_by_a_key_meant_for_the_last():
    g = Game.new(["warrior", "wizard"], seed=7)  # the first question: a Fate reroll of a movement roll of 6
    app = app_for(g, standing={0: ("fate-beside-die",)}, beside_wait=600)

    async def script(pilot: Pilot[None]) -> None:
        assert g.decision.kind == "fate" and "kept in 600 s" in prompt_of(app)
        app.keep_roll(app.asked)  # the time beside the die is up (as its timer does): the roll is kept by itself
        await pilot.press("1")  # a key pressed a moment too late for the roll: it does not move the Warrior
        await pilot.pause()
        assert g.decision.kind == "move" and g.history == ["keep"]
        assert "(The roll is kept.)" in "\n".join(s.text for s in log(app))
        await pilot.pause(GRACE)
        await pilot.press("1")  # read, then answered
        await pilot.pause()
        assert g.history[1].startswith("move:")

    drive(app, script)


def log(app: PlayApp):
    return app.query_one("#log", RichLog).lines


def test_take_nothing_more_comes_last_and_an_encounter_shows_its_text():
    s = Scenario(["warrior", "wizard"]).no_spells().at(0, "fields-1").at(1, "village").put("village", "Sword")
    s.dice(1).start()
    s.choose("move:village")
    assert s.kind == "encounter"  # the Wizard is there: the Warrior meets it, or the Village
    app = app_for(s.game)

    async def script(pilot: Pilot[None]) -> None:
        texts = options_text(app)
        village = s.game.rules.space("village").text
        assert any("Encounter the Village" in t and village[:40] in t for t in texts), texts
        assert any("Encounter the Wizard" in t and "Wizard (character)" not in t and "Spell" in t for t in texts)
        await pilot.press(str(1 + [o for o, _ in app.pending].index("space")))
        await pilot.pause()
        for _ in range(6):  # on to what lies on the Village: the Sword
            if s.game.decision.kind == "take":
                break
            await pilot.press("enter")
            await pilot.pause()
        assert s.game.decision.kind == "take" and s.game.decision.options[0].id == "done"  # first in the engine
        assert app.pending[-1][0] == "done" and "Take nothing more" in options_text(app)[-1]  # last on the screen
        await pilot.press("enter")
        await pilot.pause()
        assert "Sword" in [s.game.rules.instances[c].name for c in s.player(0).objects]

    drive(app, script)


def test_leaving_asks_first_and_says_whether_the_game_is_saved(tmp_path):
    app = app_for(Game.new(["warrior", "wizard"], seed=3))

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "It is not saved" in str(app.screen.query_one("#leave-text", Static).render())
        await pilot.press("n")  # play on
        await pilot.pause()
        assert not isinstance(app.screen, LeaveScreen) and not app.left
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        assert app.left

    drive(app, script)
    saved = PlayApp(["human", "heuristic"], {}, game=Game.new(["warrior", "wizard"], seed=3), save_to="g.json")

    async def says(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "It is saved to g.json" in str(saved.screen.query_one("#leave-text", Static).render())
        await pilot.press("escape")

    drive(saved, says)


def test_load_without_save_keeps_the_game_played_since_in_its_file(tmp_path):
    g = Game.new(["warrior", "troll"], seed=4)
    write_save(str(tmp_path / "g.json"), g, ["human", "heuristic"])
    before = json.loads((tmp_path / "g.json").read_text())
    r = subprocess.run(
        [sys.executable, "-m", "talisman.cli.main", "play", "--load", "g.json"],
        input="1\n" * 8 + "q\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert r.returncode == 0, r.stderr
    assert "saved back to g.json" in r.stdout and "Game saved to g.json" in r.stdout
    after = json.loads((tmp_path / "g.json").read_text())
    assert len(after["actions"]) > len(before["actions"])


def test_the_tutorial_explains_each_step_above_the_question():
    app = PlayApp(
        ["human", "heuristic"],
        {1: make_bot("heuristic", 1)},
        game=tutorial_game(),
        bot_delay=0,
        tutorial=True,
        standing={0: NEW_PLAYER},
        beside_wait=0.05,
    )

    async def script(pilot: Pilot[None]) -> None:
        tip = app.query_one("#tip", Static)
        assert tip.display and "What the game is about" in str(tip.render())
        for _ in range(60):
            if len(app.shown) >= 5:
                break
            await pilot.pause(GRACE)  # (a question after a roll kept by itself waits a moment)
            await pilot.press("enter")
            await pilot.pause()
        assert {"goal", "movement", "fate", "spell"} <= app.shown
        lines = "\n".join(s.text for s in log(app))
        assert "Tutorial: What the game is about." in lines and "Tutorial: Fate." in lines

    drive(app, script)
