"""The Emperor's Guard and the Brotherhood of the Bell in the browser: a game made
in the lobby with both modules, a person who clicks through it, the Guard's
pieces drawn on the board once their Event is drawn (seed 39 puts it on top of
the Adventure deck), and their walk at the end of the round."""

from __future__ import annotations

import random
import re
import time

import httpx2 as httpx
import pytest
from browsing import DOCS, step_of, wait_for_turn

SEED = 39  # the Emperor's Guard is the first Adventure card drawn (core, emperors-guard, brotherhood)

pytestmark = pytest.mark.timeout(300)


def drawn_as_the_game_has_them(page, url: str, game_id: str, wait: float = 60.0) -> int:
    """How many Guards the page draws, once it draws them where the game has them at the
    step it shows (the bot plays on meanwhile, and the Guards may walk before the page
    catches up: the page and the API are compared at one step only)."""
    end = time.monotonic() + wait
    while True:
        shown = page.evaluate(
            "() => ({step: Number(document.querySelector('.game').dataset.step),"
            " at: [...document.querySelectorAll('g.marker-emperors-guard')]"
            ".map((m) => m.closest('g.space').dataset.space).sort()})"
        )
        state = httpx.get(f"{url}/api/games/{game_id}/state", timeout=10).json()
        if state["step"] == shown["step"]:
            pieces = state["view"]["pieces"]
            have = sorted(sid for sid, found in pieces.items() for m in found if m["kind"] == "emperors-guard")
            assert shown["at"] == have, (shown, have)
            return len(have)
        assert time.monotonic() < end, f"the page stayed at step {shown['step']}, the game is at {state['step']}"
        page.wait_for_timeout(50)


def test_the_emperors_guard_walks_the_board_in_the_browser(server, browser):
    rng = random.Random(3)
    server.start(bot_delay=0.02)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game select[name=controller-1]")
    for name, title in (("emperors-guard", "Emperor's Guard"), ("brotherhood", "Brotherhood of the Bell")):
        label = page.locator("label.check", has=page.locator(f"input[name=module-{name}]"))
        assert title in label.inner_text()  # the lobby offers the module by its title
        page.check(f"input[name=module-{name}]")
        page.wait_for_selector(f"input[name=module-{name}]:checked")
    while page.locator("select[name=controller-2]").count():
        page.click("form.new-game button:has-text('− seat')")
    page.select_option("select[name=controller-1]", "heuristic")
    page.select_option("select[name=character-0]", "warrior")
    page.select_option("select[name=character-1]", "wizard")
    page.fill("input[name=title]", "Guard test")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", str(SEED))
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space[data-space=village]")
    game_id = re.search(r"/game/([\w-]+)", page.url).group(1)

    def guards() -> list[str]:
        state = httpx.get(f"{server.url}/api/games/{game_id}/state", timeout=10).json()
        pieces = state["view"]["pieces"]
        return sorted(sid for sid, found in pieces.items() for m in found if m["kind"] == "emperors-guard")

    board = httpx.get(f"{server.url}/api/games/{game_id}/board", timeout=10).json()
    outer = {sid: sp.get("region") == "outer" for sid, sp in board["spaces"].items()}
    placed: list[str] = []
    walked = False
    for _ in range(300):
        wait_for_turn(page)
        if page.locator(".banner.over").count() or walked:
            break
        before = step_of(page)
        targets = page.locator("g.space.target")
        if targets.count():
            targets.nth(rng.randrange(targets.count())).click()
        else:
            buttons = page.locator("button.option.main, button.option.beside")
            buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"Number(document.querySelector('.game').dataset.step) > {before}"
            " || document.querySelector('.banner.over') !== null"
        )
        now = guards()
        if now and not placed:
            placed = now  # the City, the Chapel, the Tavern, the Village, or where they have walked since
            assert len(placed) == 4 and all(outer.get(sid) for sid in placed)
            assert drawn_as_the_game_has_them(page, server.url, game_id) == 4  # drawn on the board
        elif placed and now != placed:
            walked = True  # a round is over: the Guards have walked on (or one was beaten)
    assert placed, "the Emperor's Guard Event was never drawn"
    assert walked
    said = ""
    for _ in range(10):  # the board is drawn afresh as the bot plays on: hover again until the tip stays
        here = guards()[0]
        page.mouse.move(0, 0)
        page.hover(f"g.space[data-space={here}]")
        page.wait_for_timeout(100)
        tip = page.locator(".tip:not([hidden])")
        said = tip.inner_text() if tip.count() else ""
        if "Emperor's Guard stands here" in said:
            break
    assert "Emperor's Guard stands here" in said  # the space's tip says so
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-guard.png"), full_page=True)
    assert errors == []
