"""The pace of a game in the browser (talisman/web/pace.js), in Debian's Chromium against a
real ``talisman serve``: a person who never opens their link is taken over by a bot, the others
see it and play on; the game's creator gives that seat a new invitation; its person opens it,
comes back, and is asked again in their own turn. The settings panel stores a standing answer."""

from __future__ import annotations

import random

import pytest
from browsing import my_turn, step_of, take_turn

pytestmark = pytest.mark.timeout(300)


def test_an_absent_persons_seat_is_taken_over_by_a_bot_until_they_come_back(server, browser):
    rng = random.Random(5)
    server.start(0.02, "--away-after", "1", "--answer-wait", "3")
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server.url + "/")
    ann.wait_for_selector("form.new-game select[name=controller-3]")
    ann.select_option("select[name=controller-1]", "human")
    ann.fill("input[name=name-0]", "Ann")
    ann.fill("input[name=name-1]", "Bob")
    ann.select_option("select[name=bot-speed]", "fast")
    ann.click("form.new-game summary")
    ann.fill("input[name=seed]", "5")
    ann.click("form.new-game button.primary")
    ann.wait_for_selector(".created a[data-play='0']")
    old_link = ann.locator(".created input.link").nth(1).input_value()
    ann.click(".created a[data-play='0']")
    ann.wait_for_selector("g.space")

    # Bob never comes: once he is asked (a new player's standing answers pass the Spell offers of
    # Ann's turn for him), after a second a bot plays his seat, and Ann is told so
    for _ in range(200):
        if ann.locator(".pace .away:has-text('Bob is away')").count():
            break
        if my_turn(ann):
            take_turn(ann, rng)
        else:
            ann.wait_for_timeout(50)
    ann.wait_for_selector(".pace .away:has-text('Bob is away')", timeout=20000)
    start = step_of(ann)
    for _ in range(400):
        if step_of(ann) > start + 40:
            break
        if my_turn(ann):
            take_turn(ann, rng)
        else:
            ann.wait_for_timeout(30)
    assert step_of(ann) > start + 40, "the game went on without Bob"

    # a standing answer, set in the settings panel, is kept with the seat
    ann.click(".pace .settings summary")
    ann.check("input[name=standing-no-fate]")
    ann.wait_for_timeout(300)
    # the panel is drawn afresh with the stored answer, and stays open under the person's hand
    assert ann.locator(".pace details.settings[open] input[name=standing-no-fate]:checked").count() == 1
    ann.reload()
    ann.wait_for_selector(".pace .settings")
    ann.click(".pace .settings summary")
    assert ann.is_checked("input[name=standing-no-fate]")

    # Bob lost his link: Ann, who made the game, invites his seat anew (she sees no token of his)
    ann.click(".pace .seat-links summary")
    ann.click(".pace .seat-links button[data-reissue='1']")
    ann.wait_for_function(
        "[...document.querySelectorAll('.pace .seat-links input.link')].some((i) => i.value.includes('seat=1&invite='))"
    )
    new_link = next(
        v for v in (i.input_value() for i in ann.locator(".pace .seat-links input.link").all()) if "seat=1&invite=" in v
    )
    assert new_link != old_link and "token=" not in new_link
    stale = browser.new_context().new_page()
    stale.goto(old_link)
    stale.wait_for_selector(".panel.error:has-text('This invitation does not open seat 2')")

    # Bob opens the new link: the bot stops, and Bob is asked in his own turn
    bob = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bob.on("pageerror", lambda e: errors.append(str(e)))
    bob.goto(new_link)
    bob.wait_for_selector("g.space")
    ann.wait_for_function("document.querySelector('.pace .away') === null", timeout=20000)
    for _ in range(600):
        if my_turn(bob):
            break
        if my_turn(ann):
            take_turn(ann, rng)
        else:
            ann.wait_for_timeout(30)
    assert my_turn(bob), "Bob is asked again"
    before = step_of(bob)
    bob.wait_for_timeout(1500)
    if bob.locator(".countdown:not([hidden])").count() == 0:  # in his own turn nothing answers for him
        assert step_of(bob) == before
    take_turn(bob, rng)
    assert errors == []
