"""000's Talisman Timescape in the browser (module ``timescape``; Playwright, Debian's
Chromium, a real ``talisman serve``): the lobby offers it by its title, its board
is drawn beside the main board with its warp lines in their colours, and a person
who asks the Mystic or the Warlock for the way in rides the warp lines beside
heuristic bots, to the game's end; and the same with the Catacombs and Airships."""

from __future__ import annotations

import random

from browsing import over, take_turn, wait_for_turn

from talisman.bots.heuristic import board_for

BOARD = board_for(("core", "timescape"))
REALITIES = BOARD.rules.regions["timescape"].ring
VILLAGE = BOARD.rules.space_index["village"]
EAGER = ("timescape:mystic", "timescape:warlock", "warp-gate", "warp")
WATCH = ", ".join(f"g.space[data-space={sid}] g.piece" for sid in REALITIES)


def click(page, element) -> bool:
    """Click, and wait for the game to move on (False if it did not)."""
    from playwright.sync_api import TimeoutError as Slow

    before = page.locator(".game").get_attribute("data-step")
    element.click()
    try:
        page.wait_for_function(
            f"document.querySelector('.game').dataset.step !== '{before}'"
            " || document.querySelector('.banner.over') !== null",
            timeout=5000,
        )
    except Slow:
        return False
    return True


def play(server, browser, modules: tuple[str, ...], seed: int, clicks: int = 3000):  # noqa: F811
    """One person (seat 0) beside heuristic bots plays a game with ``modules`` to its end, walking
    to the Village until it has been in the Timescape, always taking the way in when offered, and
    else clicking at random; returns how many pieces the states drawn showed in the Timescape, the warp
    lines drawn, and the page's errors."""
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
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
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
        seen += wait_for_turn(page, WATCH)
        if over(page):
            break
        wanted = [b for b in (page.locator(f"button.option[data-option='{o}']") for o in EAGER) if b.count()]
        targets = page.locator("g.space.target")
        if not seen and not wanted and targets.count():
            ids = [targets.nth(i).get_attribute("data-space") for i in range(targets.count())]
            near = min(ids, key=lambda sid: (BOARD.dist[BOARD.rules.space_index[sid]].get(VILLAGE, 99), rng.random()))
            if not click(page, page.locator(f"g.space.target[data-space='{near}']")):
                take_turn(page, rng)  # (a space under another piece of the board: a person clicks again)
        elif wanted:
            click(page, wanted[0].first)
        else:
            take_turn(page, rng)
    assert over(page)
    return seen, lines, errors


def test_a_person_rides_the_warp_lines_in_the_browser(server, browser):
    seen, lines, errors = play(server, browser, ("timescape",), 2)
    assert lines == {"blue": 16, "red": 16}  # each line one way from every reality
    assert seen > 0, "someone was in the Timescape"
    assert errors == []


def test_the_timescape_with_the_catacombs_and_airships_in_the_browser(server, browser):
    # seed 5: pieces are seen in the Timescape in 25 states drawn, and the game ends in a quarter of
    # seed 1's time (49 s against 191 s on a loaded machine)
    seen, _, errors = play(server, browser, ("timescape", "catacombs", "airships"), 5)
    assert seen > 0
    assert errors == []
