"""A new player's first minutes in the browser (Debian's Chromium, a real ``talisman serve``): Play
now and a turn played with the keyboard alone, with screen-reader names on what is played with;
the guided first game's tips; and every board's labels measured readable (at least 11 px) at
1366x900 and on a 390-px phone: the base game, Talisman Worlds, the Talisman City and Legendary
Tales (the replay's in tests/web/test_web_browser.py), with their screenshots for docs/."""

from __future__ import annotations

import random
import re

import httpx2 as httpx
import pytest
from browsing import DOCS, measure_labels, my_turn, step_of, take_turn

pytestmark = pytest.mark.timeout(300)

SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
# Every animation the page starts, kept where the test can look (motion.js names its own "move" and "roll").
RECORD_MOTION = (
    "window.__motion = []; const animate = Element.prototype.animate;"
    " Element.prototype.animate = function (...a) { const r = animate.apply(this, a); window.__motion.push(r); return r; };"
)


def motions(page) -> set[str]:
    return set(page.evaluate("window.__motion.map((a) => a.id)"))


def game_link(server, body: dict) -> str:
    r = httpx.post(server.url + "/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["seats"][0]["link"]


def test_play_now_and_a_turn_with_the_keyboard_alone(server, browser):
    server.start(bot_delay=0.02)
    page = browser.new_context(viewport=SIZES["1366"]).new_page()
    page.add_init_script(RECORD_MOTION)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("button[data-quick=play]")
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-lobby-1366.png"))

    def tab_to(selector: str, most: int = 60) -> None:
        for _ in range(most):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement && document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("button[data-quick=play]")  # one key on Play now: you and three rule-aware bots
    page.keyboard.press("Enter")
    page.wait_for_selector("g.space")
    assert re.search(r"/game/[\w-]+\?seat=0$", page.url)
    state = httpx.get(server.url + f"/api/games/{page.url.split('/game/')[1].split('?')[0]}").json()
    assert [s["controller"] for s in state["seats"]] == ["human", "heuristic", "heuristic", "heuristic"]
    assert state["title"] == "Talisman: Player 1 and 3 bots" and all(p["character"] for p in state["seats"])

    # what a screen reader names: the board, the question, each option and space to pick, the dice
    assert page.get_attribute("svg.board", "aria-label") == "the board"
    assert page.get_attribute(".banner", "aria-live") == "polite"
    page.wait_for_selector(".banner.yours")
    for b in page.locator("button.option").all():
        assert b.inner_text().strip()
    for sp in page.locator("g.space.target").all():
        assert sp.get_attribute("role") == "button" and sp.get_attribute("aria-label").startswith("Move to")

    # the person's first turn, played with Tab, Enter and the number keys alone (the focus stays on the options)
    tab_to("button.option")
    keys = []
    for _ in range(40):
        if "Turn 2 (round 1)" in page.locator(".log").inner_text():
            break
        if not my_turn(page):
            page.wait_for_timeout(30)
            continue
        before = step_of(page)
        key = "Enter" if page.evaluate("document.activeElement.matches('button.option')") else "1"
        page.keyboard.press(key)
        keys.append(key)
        page.wait_for_function(
            f"Number(document.querySelector('.game').dataset.step) > {before} || !document.querySelector('.banner.yours')"
        )
    log = page.locator(".log").inner_text()
    assert "Turn 2 (round 1)" in log and keys.count("Enter") >= 2, keys  # the turn was played, and passed on
    assert re.search(r"Sorceress|rolls a die for movement", log)
    assert {"roll", "move"} <= motions(page)  # a die tumbled and a piece slid (a game at normal speed)
    page.screenshot(path=str(DOCS / "web-game-1366.png"))
    assert errors == []


def test_the_guided_first_game_explains_each_step_as_it_comes(server, browser):
    rng = random.Random(2)
    server.start(bot_delay=0.02)
    page = browser.new_context(viewport=SIZES["1366"]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.click("button[data-quick=tutorial]")
    page.wait_for_selector(".tutorial:not([hidden]) h2")
    assert page.locator(".tutorial h2").inner_text() == "Tutorial: What the game is about"
    titles = set()
    for _ in range(200):
        if page.locator(".tutorial:not([hidden])").count():
            titles.add(page.locator(".tutorial h2").inner_text())
            page.click("[data-tutorial=got-it]")
        if len(titles) >= 5 or page.locator(".banner.over").count():
            break
        if my_turn(page):
            take_turn(page, rng)
        else:
            page.wait_for_timeout(30)
    assert len(titles) >= 5, titles  # the goal, the Wizard's Spells, moving, Fate, encounters and fights...
    assert {"Tutorial: Moving", "Tutorial: Fate"} <= titles
    assert errors == []


BOARDS = {
    "game": {"modules": ["core"]},
    "worlds": {"modules": ["worlds"]},
    "city": {"modules": ["city-classic"], "seats": [{"controller": "human", "character": "thief"}]},
    "legendary": {"modules": ["legendary-tales"]},
}


@pytest.mark.parametrize("size", list(SIZES))
def test_every_boards_labels_are_readable_on_a_laptop_and_a_phone(server, browser, size):
    server.start(bot_delay=0.02)
    ctx = browser.new_context(viewport=SIZES[size], is_mobile=size == "390")
    page = ctx.new_page()
    page.add_init_script(RECORD_MOTION)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    DOCS.mkdir(exist_ok=True)
    smallest = {}
    for name, extra in BOARDS.items():
        seats = extra.get("seats", [{"controller": "human"}]) + [{"controller": "heuristic"}]
        page.goto(game_link(server, {"seed": 3, "modules": extra["modules"], "seats": seats, "bot_speed": "instant"}))
        m = measure_labels(page)
        assert len(m["shown"]) >= 10, (name, m)
        assert m["shown"][0][0] >= 11, (name, m["shown"][:5])  # every label in view at least 11 px
        assert not m["hidden"], (name, m["hidden"])  # none hidden in the view a person gets first
        assert m["page"] <= SIZES[size]["width"], (name, m["page"])
        smallest[name] = m["shown"][0][0]
        assert page.locator("svg.board use.space-icon").count() >= 10  # a picture of each kind of space
        assert not motions(page) & {"roll", "move"}  # a game at instant speed: nothing moves but the pieces' places
        page.screenshot(path=str(DOCS / f"web-{'base' if name == 'game' else name}-{size}.png"))
    if size == "390":
        page.goto(server.url + "/")
        page.wait_for_selector("button[data-quick=play]")
        page.screenshot(path=str(DOCS / "web-lobby-390.png"))
    print(f"smallest label at {size}: {smallest}")
    assert errors == []
