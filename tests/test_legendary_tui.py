"""Legendary Tales in the terminal: the plain game (``--plain``) and the full screen (Textual) show its
board (locations, paths, tokens face down as backs, the time track and its moon, the scroll), each hero's
bag (count and sorted contents, never an order) and tokens in front, and end with the result."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from talisman.bots import make_bot
from talisman.cli import legendary_board as lt
from talisman.cli.tui import PlayApp
from talisman.engine.game import Game

ROOT = Path(__file__).resolve().parents[1]
LT = ["legendary-tales"]


def play_plain(*args: str, answers: str = "") -> str:
    out = subprocess.run(
        [sys.executable, "-m", "talisman", "play", "--modules", "legendary-tales", "--plain", *args],
        input=answers,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_board_text_shows_backs_of_face_down_tokens_and_names_of_face_up_ones():
    g = Game.new(["warrior", "wizard"], modules=LT, options={"adventure": 1}, seed=3)
    view = g.view(0)
    text = lt.board_text(view).plain
    for loc in view["locations"]:
        assert loc["name"][:10] in text
    down = [t for loc in view["locations"] for t in loc["tokens"] if not t["face_up"]]
    up = [t for loc in view["locations"] for t in loc["tokens"] if t["face_up"]]
    assert down, "adventure 1 begins with face-down tokens"
    assert all("name" not in t for t in down)  # the view keeps face-down tokens' names secret
    for t in up:
        assert t["name"] in text
    assert "Time: [" in text and "☾" in text  # the counter's space and the crescent moon
    assert view["adventure"]["task"][:30] in text.replace("\n", " ")
    assert "Paths: " in text


@pytest.mark.rules("legendary-tales.bag-peeking")
def test_a_heros_bag_shows_its_count_and_contents_in_name_order_never_the_draw_order():
    g = Game.new(["warrior", "wizard"], modules=LT, options={"adventure": 1}, seed=3)
    view = g.view(1)
    h = view["heroes"][0]
    text = lt.hero_text(view, h).plain
    assert f"Bag: {h['bag_count']} tokens" in text
    line = text.splitlines()[2].strip()
    labels = [part.split(" ×")[0] for part in line.split(", ")]
    assert labels == sorted(labels)  # sorted by name: nothing of the bag's order (it has none) is shown
    assert sum(int(p.split("×")[1]) if "×" in p else 1 for p in line.split(", ")) == h["bag_count"]


def test_result_text_says_won_or_lost_and_the_stars():
    assert lt.result_text({"won": True, "adventure": 2, "stars": 3, "how": "the dragon is slain", "winners": [0]}) == (
        "The party wins adventure 2 at 3 stars (★★★): the dragon is slain."
    )
    lost = lt.result_text({"won": False, "adventure": 1, "stars": 1, "how": "night falls", "winners": []})
    assert lost.startswith("The party loses adventure 1 at 1 star (★)")
    camp = lt.result_text(
        {
            "won": True,
            "adventure": 5,
            "stars": 2,
            "how": "x",
            "scoreboard": {"1": 3, "2": 3, "3": 3, "4": 2, "5": 2},
            "rank": "Renowned",
        }
    )
    assert camp.endswith("Talismans: 13 stars in all, rank Renowned.")


@pytest.mark.rules("legendary-tales.win-adventure", "legendary-tales.lose-adventure")
def test_plain_play_with_a_bot_and_a_person_shows_the_board_and_ends_with_the_result():
    out = play_plain("--seat", "?=heuristic", "--seat", "?=human", "--seed", "5", answers="1\n" * 400)
    assert "Legendary Tales" in out and "Time: " in out and "Bag: " in out and "In front: " in out
    assert "Travel (roll the Travel die) or stay?" in out
    tail = out[out.rindex("Game over") :]
    assert "The party wins adventure 1" in tail or "The party loses adventure 1" in tail
    assert "star" in tail


@pytest.mark.parametrize("adventure", [1, 2, 3, 4, 5])
def test_every_adventure_plays_to_its_end_with_bots_in_the_terminal(adventure):
    out = play_plain(
        "--seat",
        "?=heuristic",
        "--seat",
        "?=random",
        "--seed",
        str(adventure),
        "--option",
        f"adventure={adventure}",
        "--quiet",
    )
    tail = out[out.rindex("Game over") :]
    assert f"adventure {adventure} at 1 star" in tail and ("wins" in tail or "loses" in tail)


def drive(app: PlayApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=(180, 60)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def test_the_full_screen_game_shows_the_board_and_bags_and_plays_to_the_end():
    seed = 4
    app = PlayApp(
        ["human", "heuristic"],
        {1: make_bot("heuristic", seed * 7 + 1)},
        wanted=["warrior", "wizard"],
        new_game=lambda chars: Game.new(chars, modules=LT, options={"adventure": 1}, seed=seed),
        modules=("legendary-tales",),
        bot_delay=0,
    )

    async def script(pilot: Pilot[None]) -> None:
        assert app.game is not None
        board = str(app.query_one("#map", Static).render())
        assert "The Curse of the Fairies" in board and "Hovel" in board and "Time:" in board and "☾" in board
        assert "Seat 1, the Warrior" in str(app.query_one("#prompt", Static).render())
        sheets = [str(text.render()) for _, text in app.sheet_boxes]
        assert len(sheets) == 2 and all("Bag: 7 tokens" in s for s in sheets)
        for _ in range(600):
            if app.game.result is not None:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert app.game.result is not None
        prompt = str(app.query_one("#prompt", Static).render())
        assert "Game over. The party" in prompt and "adventure 1 at 1 star" in prompt

    drive(app, script)
