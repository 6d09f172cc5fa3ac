"""000's Talisman Timescape in the browser (module ``timescape``; Playwright, Debian's
Chromium, a real ``talisman serve``): the lobby offers it by its title, its board
is drawn beside the main board with its warp lines in their colours, and a person
who asks the Mystic or the Warlock for the way in rides the warp lines beside
heuristic bots, to the game's end; and the same with the Catacombs and Airships."""

from __future__ import annotations

import random

from test_web_browser import browser, my_turn, over, take_turn  # noqa: F401  (browser: the fixture)

from talisman.bots.heuristic import board_for

REALITIES = board_for(("core", "timescape")).rules.regions["timescape"].ring
EAGER = ("timescape:mystic", "timescape:warlock", "warp-gate", "warp")
WATCH = ", ".join(f"g.space[data-space={sid}] g.piece" for sid in REALITIES)


def play(server, browser, modules: tuple[str, ...], seed: int, clicks: int = 3000):  # noqa: F811
    """One person (seat 0) beside three heuristic bots plays a game with ``modules`` to its end,
    clicking at random but always on the way into the Timescape when offered; returns how often
    a piece was seen in the Timescape, the warp lines drawn, and the page's errors."""
    rng = random.Random(seed)
    server.start(bot_delay=0.01)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game input[name=module-timescape]")
    label = page.locator("label.check", has=page.locator("input[name=module-timescape]"))
    assert "Timescape" in label.inner_text()  # the lobby offers the module by its title
    for module in modules:
        page.check(f"input[name=module-{module}]")
        page.wait_for_function(f"document.querySelector('input[name=module-{module}]').checked")
    page.select_option("select[name=controller-1]", "heuristic")
    page.fill("input[name=title]", "A game with the Timescape")
    page.click("form.new-game summary")
    page.fill("input[name=seed]", str(seed))
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space[data-space=warp-gate]")
    for sid in REALITIES:
        assert page.locator(f"g.space[data-space={sid}]").count() == 1  # the Timescape board is drawn
    lines = {c: page.locator(f"path.link-warp.link-{c}").count() for c in ("blue", "red")}
    seen = 0
    for _ in range(clicks):
        if over(page):
            break
        seen += page.locator(WATCH).count()
        if not my_turn(page):
            page.wait_for_timeout(20)
            continue
        wanted = [b for b in (page.locator(f"button.option[data-option='{o}']") for o in EAGER) if b.count()]
        if wanted:
            before = page.locator(".game").get_attribute("data-step")
            wanted[0].first.click()
            page.wait_for_function(
                f"document.querySelector('.game').dataset.step !== '{before}'"
                " || document.querySelector('.banner.over') !== null"
            )
        else:
            take_turn(page, rng)
    assert over(page)
    return seen, lines, errors


def test_a_person_rides_the_warp_lines_in_the_browser(server, browser):  # noqa: F811
    seen, lines, errors = play(server, browser, ("timescape",), 5)
    assert lines == {"blue": 16, "red": 16}  # each line one way from every reality
    assert seen > 0, "someone was in the Timescape"
    assert errors == []


def test_the_timescape_with_the_catacombs_and_airships_in_the_browser(server, browser):  # noqa: F811
    seen, _, errors = play(server, browser, ("timescape", "catacombs", "airships"), 5)
    assert seen > 0
    assert errors == []
