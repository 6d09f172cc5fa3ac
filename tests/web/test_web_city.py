"""The Talisman City in the browser (module ``city-classic``): a game made in the
lobby with the City, its board drawn beside the main board, and a person who
clicks their way through the City Gate into the streets and the buildings."""

from __future__ import annotations

import random
import re

import httpx2 as httpx
import pytest
from browsing import DOCS, step_of, wait_for_turn

from talisman.bots.heuristic import board_for

pytestmark = pytest.mark.timeout(300)


def test_a_person_walks_into_the_talisman_city_in_the_browser(server, browser):
    rng = random.Random(5)
    board = board_for(("core", "city-classic"))
    rules = board.rules
    inside = {s.id for s in rules.spaces if s.region == "city" and s.id != "city-gate"}
    town = rules.space_index["town-square"]

    def nearness(sid: str) -> tuple[int, float]:
        """How close a space is to the heart of the City (in it first)."""
        return (0 if sid in inside else 1, board.dist[rules.space_index[sid]].get(town, 99) + rng.random())

    server.start(bot_delay=0.02)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game select[name=controller-1]")
    label = page.locator("label.check", has=page.locator("input[name=module-city-classic]"))
    assert "Talisman City" in label.inner_text()  # the lobby offers the module by its title
    page.check("input[name=module-city-classic]")
    page.wait_for_selector("input[name=module-city-classic]:checked")
    while page.locator("select[name=controller-2]").count():
        page.click("form.new-game button:has-text('− seat')")
    page.select_option("select[name=controller-1]", "heuristic")
    page.select_option("select[name=character-0]", "thief")  # the Thief starts at the City Gate
    page.fill("input[name=title]", "City test")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", "11")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space[data-space=town-square]")
    for sid in ("city-gate", "bank", "royal-castle", "magic-emporium", "donjon", "wharf"):
        assert page.locator(f"g.space[data-space={sid}]").count() == 1  # the City board is drawn
    game_id = re.search(r"/game/([\w-]+)", page.url).group(1)

    def where() -> str:
        state = httpx.get(f"{server.url}/api/games/{game_id}/state", timeout=10).json()
        return state["view"]["players"][0]["space"]

    seen: list[str] = []
    for _ in range(400):
        wait_for_turn(page)
        if page.locator(".banner.over").count() or len([s for s in seen if s in inside]) >= 4:
            break
        before = step_of(page)
        targets = page.locator("g.space.target")
        if targets.count():
            ids = [targets.nth(i).get_attribute("data-space") for i in range(targets.count())]
            page.click(f"g.space.target[data-space='{min(ids, key=nearness)}']")
        else:
            buttons = page.locator("button.option.main, button.option.beside")
            buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"Number(document.querySelector('.game').dataset.step) > {before}"
            " || document.querySelector('.banner.over') !== null"
        )
        seen.append(where())
    assert [s for s in seen if s in inside], seen  # the person got into the City
    assert page.locator("text=Talisman City").count() >= 1  # the City board's title
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-city.png"), full_page=True)
    assert errors == []
