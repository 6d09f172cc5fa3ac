"""000's Disasters and Optional Rules in the browser (modules ``disasters`` and
``optional-rules``): the lobby offers both and their options, the person's sheet
shows its henchman, and a game played beside bots draws the spaces the
Disasters strike."""

from __future__ import annotations

import random

import pytest
from browsing import DOCS, over, take_turn, wait_for_turn

pytestmark = pytest.mark.timeout(300)


def test_a_game_with_disasters_and_henchmen_in_the_browser(server, browser):
    rng = random.Random(4)
    server.start(bot_delay=0.01)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game input[name=module-disasters]")
    modules = page.locator("form.new-game fieldset").first.inner_text()
    assert "Talisman Disasters (000)" in modules and "Optional Rules (000)" in modules
    for module in ("disasters", "optional-rules"):
        page.check(f"input[name=module-{module}]")
        page.wait_for_function(f"document.querySelector('input[name=module-{module}]').checked")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.wait_for_selector("select[name=option-king-of-the-hill]")
    for option in ("Henchmen", "Chaos Bloodbath", "King of the Hill"):
        assert option in page.locator("form.new-game details").inner_text()
    page.select_option("select[name=option-henchmen]", label="Two each")
    page.select_option("select[name=controller-1]", "heuristic")
    page.fill("input[name=title]", "Disasters and henchmen")
    page.fill("input[name=seed]", "4")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space")
    page.wait_for_selector("ul.notes li:has-text('Henchman: the ')")
    assert page.locator("ul.notes li:has-text('Henchman: the ')").count() >= 2  # two henchmen: its sheet shows them
    struck = 0
    for _ in range(3000):
        wait_for_turn(page)
        struck = page.locator("g.space.struck text.disaster-name").count()
        if over(page) or struck >= 2:
            break
        take_turn(page, rng)
    assert struck >= 2, "Disasters struck the board, and their spaces are drawn struck"
    space = page.locator("g.space.struck").first
    name = space.locator("text.disaster-name").get_attribute("data-disaster")
    space.hover()  # its tip tells the Disaster's card
    tip = page.locator(".tip-card", has_text=name)
    tip.wait_for()
    assert "Disaster" in tip.inner_text() and "object" not in page.locator(".tip-card").first.inner_text()
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-disasters.png"), full_page=True)
    assert errors == []
