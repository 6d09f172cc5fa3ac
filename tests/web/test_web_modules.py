"""Games with the modules of 000's chapters after the Dungeon, played in the browser
(Playwright, Debian's Chromium, a real ``talisman serve``): the lobby offers each
module by its title, and a person plays a game with it to the end beside bots."""

from __future__ import annotations

import random

from browsing import over, take_turn, wait_for_turn


def play_in_the_browser(
    server,
    browser,
    module: str,
    title: str,
    seed: int,
    watch: str,
    text: str = "",
    eager: tuple[str, ...] = (),
    clicks: int = 3000,
    enough: int | None = None,
):
    """One person (seat 1) and three heuristic bots play a game with ``module`` to its end, the person
    clicking at random but always on a button of ``eager`` when there is one (or until the elements
    ``watch``, a selector, holding ``text`` if given, were seen ``enough`` times); returns how many the
    states drawn showed, and the page's errors."""
    rng = random.Random(seed)
    server.start(bot_delay=0.01)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector(f"form.new-game input[name=module-{module}]")
    assert title in page.locator("form.new-game fieldset").first.inner_text()
    page.check(f"input[name=module-{module}]")
    page.wait_for_function(f"document.querySelector('input[name=module-{module}]').checked")
    page.select_option("select[name=controller-1]", "heuristic")
    page.fill("input[name=title]", f"A game with {module}")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", str(seed))
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space")
    seen = 0
    for _ in range(clicks):
        seen += wait_for_turn(page, watch, text)
        if over(page) or (enough is not None and seen >= enough):
            break
        wanted = [page.locator(f"button.option[data-option={o}]") for o in eager]
        wanted = [b for b in wanted if b.count()]
        if wanted:
            before = page.locator(".game").get_attribute("data-step")
            wanted[0].first.click()
            page.wait_for_function(f"document.querySelector('.game').dataset.step !== '{before}'")
        else:
            take_turn(page, rng)
    assert over(page) or enough is not None
    return seen, errors


def test_a_game_with_the_catacombs_in_the_browser(server, browser):
    # seed 10: someone goes below (in seeds 1, 2, 4 and 8 no one does), and the game ends sooner than
    # in seed 3 (44 s against 71 s on a loaded machine)
    seen, errors = play_in_the_browser(
        server,
        browser,
        "catacombs",
        "The Catacombs (000)",
        10,
        "g.space[data-space=catacombs] g.piece",
        eager=("go-down", "climb-out"),
    )
    assert seen > 0, "someone went below"
    assert errors == []


def test_a_game_with_airships_in_the_browser(server, browser):
    seen, errors = play_in_the_browser(
        # a person at random may fly for ever: the game is played until ships have flown a while
        server,
        browser,
        "airships",
        "Airships (000)",
        3,
        "ul.notes li",
        "Aboard the",
        eager=("claim",),
        enough=15,
    )
    assert seen > 0, "someone flew an Airship"
    assert errors == []
