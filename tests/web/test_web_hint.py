"""The hint in the browser (Debian's Chromium, a real ``talisman serve``): a Hint button, and the key
H, beside a person's decision show what the rule-aware bot would choose (its option marked) and why,
in a sentence, and answer nothing."""

from __future__ import annotations

import httpx2 as httpx
import pytest
from browsing import my_turn, step_of

pytestmark = pytest.mark.timeout(300)


def test_the_hint_button_and_key_show_the_bots_choice_and_its_reason(server, browser):
    server.start(bot_delay=0.02)
    body = {"seats": [{"controller": "human", "character": "troll"}, {"controller": "heuristic"}], "seed": 4}
    r = httpx.post(server.url + "/api/games", json=body)
    assert r.status_code == 201, r.text
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(r.json()["seats"][0]["link"])
    page.wait_for_selector(".banner.yours")
    page.wait_for_selector("button[data-hint]")
    before = step_of(page)
    assert page.locator(".bot-hint").count() == 0 and page.locator("button.option.hinted").count() == 0

    page.click("button[data-hint]")
    said = page.wait_for_selector(".bot-hint").inner_text()
    assert said.startswith("The rule-aware bot would choose “") and said.rstrip().endswith("."), said
    hinted = page.locator("button.option.hinted")
    assert hinted.count() == 1 and hinted.get_attribute("aria-describedby") == "bot-hint"
    assert f"“{hinted.inner_text().strip()}”" in said  # the option marked is the one the sentence names
    page.wait_for_timeout(300)
    assert step_of(page) == before and my_turn(page)  # it answered nothing

    hinted.click()  # the person takes it: play moves on, and the hint of the last question goes
    page.wait_for_function(f"Number(document.querySelector('.game').dataset.step) > {before}")
    page.wait_for_selector(".banner.yours")
    page.wait_for_selector("button[data-hint]")
    assert page.locator(".bot-hint").count() == 0
    page.locator("svg.board").click(position={"x": 5, "y": 5})  # (focus on the page, away from any field)
    page.keyboard.press("h")
    page.wait_for_selector(".bot-hint")
    assert page.locator("button.option.hinted").count() == 1
    assert errors == []
