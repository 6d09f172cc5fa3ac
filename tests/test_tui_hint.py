"""The hint in the terminal game, driven by its pilot: ``h`` shows under the question what the
rule-aware bot would choose and why, and chooses nothing (and so does ``h`` line by line)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys

from textual.pilot import Pilot
from textual.widgets import Input, Static

from talisman.bots import make_bot
from talisman.bots.hint import hint
from talisman.cli.tui import PlayApp
from talisman.engine.game import Game


def test_h_shows_the_bots_choice_and_its_reason_under_the_question_and_chooses_nothing():
    g = Game.new(["troll", "elf"], seed=2)
    assert g.decision.player == 0
    app = PlayApp(["human", "heuristic"], {1: make_bot("heuristic", 1)}, game=g, bot_delay=0)
    expected = hint(Game.from_state_dict(g.state_dict()), 0)

    async def script(pilot: Pilot[None]) -> None:
        box = app.query_one("#hint", Static)
        assert not box.display
        before, asked = g.state_hash(), app.asked
        await pilot.press("h")
        await pilot.pause()
        shown = str(box.render())
        number = [oid for oid, _ in app.pending].index(expected.option_id) + 1
        assert box.display and shown == (
            f"The rule-aware bot would choose {number}. {expected.label}\n{expected.reason}"
        )
        assert g.state_hash() == before and app.asked == asked  # nothing chosen, the same question
        await pilot.press("enter")  # the person answers: the hint was for that question only
        await pilot.pause()
        assert g.history and not box.display
        app.query_one("#command", Input).focus()
        await pilot.press(*"hint", "enter")  # typed in the command line, too
        await pilot.pause()
        assert box.display and "The rule-aware bot would choose" in str(box.render())

    async def run() -> None:
        async with app.run_test(size=(180, 56)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def test_the_game_line_by_line_gives_the_hint_too():
    """Away from a terminal (input redirected), ``h`` prints the hint and asks again."""
    r = subprocess.run(
        [sys.executable, "-m", "talisman.cli.main", "play", "--seat", "Warrior=human", "--seat", "Wizard=heuristic"]
        + ["--seed", "5"],
        input="h\nq\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    said = " ".join(r.stdout.split())  # (as the console wraps it)
    assert re.search(r"Hint: the rule-aware bot would choose \d+\. [^:]+: [^.]+\. Seat 1", said), said[-1000:]
    assert "Please answer" not in r.stdout and "You leave the game" in r.stdout
