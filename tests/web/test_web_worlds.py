"""Talisman Worlds in the browser (module ``worlds``): a game made in the lobby on
a world of hex tiles, drawn from the game's layout with the ending face down, and
a person who clicks highlighted hexes to move about it."""

from __future__ import annotations

import random
import re

import httpx2 as httpx
import pytest
from browsing import DOCS, over, step_of, take_turn, wait_for_turn

pytestmark = pytest.mark.timeout(300)


def test_a_person_plays_on_a_hex_world_in_the_browser(server, browser):
    rng = random.Random(3)
    server.start(bot_delay=0.02)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game select[name=controller-1]")
    label = page.locator("label.check", has=page.locator("input[name=module-worlds]"))
    assert "Talisman Worlds" in label.inner_text()
    page.check("input[name=module-worlds]")
    page.wait_for_selector("input[name=module-worlds]:checked")
    while page.locator("select[name=controller-2]").count():
        page.click("form.new-game button:has-text('− seat')")
    page.select_option("select[name=controller-1]", "heuristic")
    page.fill("input[name=title]", "Worlds test")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", "21")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space[data-q] polygon.hex")
    assert page.locator("g.space[data-q]").count() == 61  # every tile of the world, as a hexagon
    ending = page.locator("g.space[data-space=crown-of-command]")
    assert ending.get_attribute("data-face-down") == "" and "Ending" in ending.text_content()
    assert "Crown of Command" not in ending.text_content()
    game_id = re.search(r"/game/([\w-]+)", page.url).group(1)
    state = httpx.get(f"{server.url}/api/games/{game_id}/state", timeout=10).json()
    laid = {sid: (q, r) for q, r, sid in state["view"]["layout"]["tiles"]}
    for sid in ("village", "temple", "oasis", "water-1"):  # drawn where the layout puts them
        tile = page.locator(f"g.space[data-space={sid}]")
        assert (int(tile.get_attribute("data-q")), int(tile.get_attribute("data-r"))) == laid[sid]

    moved: list[str] = []
    for _ in range(300):
        wait_for_turn(page)
        if over(page) or len(moved) >= 3:
            break
        what = take_turn(page, rng)
        if what.startswith("board:"):
            moved.append(what[6:])
    assert len(moved) >= 3, moved  # three moves made by clicking a highlighted hex
    assert all(sid in laid for sid in moved)
    state = httpx.get(f"{server.url}/api/games/{game_id}/state", timeout=10).json()
    assert state["view"]["players"][0]["space"] in laid
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-worlds.png"), full_page=True)
    assert errors == []
    assert step_of(page) > 0
