"""Another Talisman City in the browser (module ``city-districts``): the lobby
offers it by its title, the board draws the City's districts in their grid
below the main board, and a person plays a game with it, going in by a gate and
moving from district to district by clicking the board, beside a bot."""

from __future__ import annotations

import random

import pytest
from browsing import DOCS, box, over, step_of, wait_for_turn

pytestmark = pytest.mark.timeout(300)

GRID = [
    ["palace", "palace-gate", "judgement-square", "north-gate", "stables"],
    ["", "wizards-quarter", "city-center", "the-well", "arena"],
    ["west-gate", "west-side", "temple-district", "bazaar", "harbour"],
    ["", "slums", "gaol", "", ""],
]


def click(page, selector: str) -> None:
    before = step_of(page)
    page.click(selector)
    page.wait_for_function(
        f"Number(document.querySelector('.game').dataset.step) > {before}"
        " || document.querySelector('.banner.over') !== null"
    )


def cell(page, sid: str) -> dict:
    return box(page, f"g.space[data-space='{sid}'] rect.cell")


def test_a_person_enters_the_city_and_walks_its_districts(server, browser):
    rng = random.Random(11)
    server.start(bot_delay=0.01)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server.url + "/")
    page.wait_for_selector("input[name=module-city-districts]")
    label = page.locator("label.check", has=page.locator("input[name=module-city-districts]")).inner_text()
    assert "Another Talisman City" in label
    page.check("input[name=module-city-districts]")
    page.wait_for_selector("select[name=character-0] option[value=thief]", state="attached")
    while page.locator("select[name=controller-2]").count():
        page.click("form.new-game button:has-text('− seat')")
    page.select_option("select[name=controller-0]", "human")
    page.select_option("select[name=controller-1]", "heuristic")
    page.select_option("select[name=character-0]", "thief")  # the Thief begins at the City Gates
    page.fill("input[name=name-0]", "Ann")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", "3")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space[data-space='north-gate']")

    # the districts lie in their grid: rows and columns line up, the Palace in its corner
    for row in GRID:
        tops = [cell(page, sid)["y"] for sid in row if sid]
        assert max(tops) - min(tops) < 5, row  # (a highlighted cell's border is wider)
    for x in range(5):
        lefts = [cell(page, row[x])["x"] for row in GRID if row[x]]
        assert max(lefts) - min(lefts) < 5, x
    assert cell(page, "north-gate")["y"] > cell(page, "crown-of-command")["y"]  # below the main board

    page.wait_for_function("document.querySelector('.banner.yours') !== null")
    assert page.locator("button[data-option='enter-city:north-gate']").count() == 1
    click(page, "button[data-option='enter-city:north-gate']")
    assert page.locator("g.space[data-space='north-gate'] g.piece").count() >= 1

    districts = {sid for row in GRID for sid in row if sid}
    walked: set[str] = set()
    for _ in range(400):
        wait_for_turn(page)
        if over(page) or len(walked) >= 3:
            break
        targets = page.locator("g.space.target")
        ids = [targets.nth(i).get_attribute("data-space") for i in range(targets.count())]
        if ids and set(ids) <= districts:
            sid = rng.choice(ids)
            click(page, f"g.space.target[data-space='{sid}']")
            walked.add(sid)
            continue
        buttons = page.locator("button.option.main, button.option.beside")
        names = [buttons.nth(i).get_attribute("data-option") for i in range(buttons.count())]
        stay = [n for n in names if not n.startswith("leave-city")] or names
        choice = "roll" if "roll" in stay else rng.choice(stay)
        click(page, f"button.option[data-option='{choice}']")
    assert len(walked) >= 3, walked  # three moves between districts, picked on the board
    page.locator("svg.board, svg").first.screenshot(path=str(DOCS / "board-city-districts.png"))
    assert errors == []
