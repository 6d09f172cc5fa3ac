"""What the browser tests share: Debian's Chromium, its flags for a closed
network, where screenshots go, and the moves of a person at the board (the
``browser`` fixture itself is in conftest.py)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
# The screenshots go to a temporary folder; TALISMAN_SCREENSHOTS=docs refreshes the ones in docs/.
DOCS = Path(os.environ.get("TALISMAN_SCREENSHOTS") or tempfile.mkdtemp(prefix="talisman-shots-"))
# Flags for a closed network: no background connections, no first-run or sync services.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NO_CHROMIUM = "Debian's chromium is not installed (scripts/test.sh installs chromium and chromium-driver as root)"


def step_of(page) -> int:
    return int(page.locator(".game").get_attribute("data-step") or -1)


def my_turn(page) -> bool:
    return page.locator(".banner.yours").count() > 0


def over(page) -> bool:
    return page.locator(".banner.over").count() > 0


# Waits in the page until its seat is to act or the game is over. Meanwhile it counts, at each drawing of
# the page (a MutationObserver on the step it shows, installed at the first wait), the elements of a
# selector (those whose text holds a given text, if one is given); the count is kept on the page between
# the waits, and each wait takes what was counted since the last.
TURN_OR_OVER = """([selector, text]) => {
  const game = document.querySelector('.game');
  if (!game) return null;
  if (!window.talismanWatched || window.talismanWatched.game !== game) {
    const watched = { game, count: 0 };
    const look = () => {
      const found = [...document.querySelectorAll(selector)];
      watched.count += text ? found.filter((e) => e.textContent.includes(text)).length : found.length;
    };
    if (selector) {
      look();
      new MutationObserver(look).observe(game, { attributes: true, attributeFilter: ['data-step'] });
    }
    window.talismanWatched = watched;
  }
  if (!document.querySelector('.banner.yours, .banner.over')) return null;
  const count = window.talismanWatched.count;
  window.talismanWatched.count = 0;
  return { count };
}"""


def wait_for_turn(page, watch: str = "", text: str = "") -> int:
    """Wait while the others play until it is this page's seat's turn or the game is over (one wait
    in the page, not a poll from here every few milliseconds), however long the others play, as long as
    the page shows the game moving on; return how many elements ``watch`` (a CSS selector; with ``text``,
    those whose text holds it) the page showed at each of its drawings meanwhile."""
    from playwright.sync_api import TimeoutError as Slow

    while True:
        before = step_of(page)
        try:
            return page.wait_for_function(TURN_OR_OVER, arg=[watch, text], polling=20).json_value()["count"]
        except Slow as slow:
            if step_of(page) != before:
                continue  # (a person out of the game watches the bots play it to its end)
            banner = page.locator(".banner").first.inner_text()
            raise AssertionError(f"the game stopped at step {before}, and not for this seat: {banner}") from slow


def click_in_turn(page, element, step: int, patience: float = 60.0) -> bool:
    """Click ``element`` while the decision of ``step`` waits for this page's seat; False when the
    turn leaves the page first (the server gave a standing answer for the seat, and the bots, playing
    on, redraw the page at every frame, so that no button stays still long enough to be clicked)."""
    from playwright.sync_api import TimeoutError as Slow

    end = time.monotonic() + patience
    while True:
        try:
            element.click(timeout=5_000)
            return True
        except Slow:
            if step_of(page) != step or not my_turn(page):
                return False
            if time.monotonic() > end:
                raise


def take_turn(page, rng) -> str:
    """Click one choice as a person would: a highlighted board space when the
    decision offers some, else one of the main buttons. Returns "" when the
    turn left this page before a choice could be clicked (a standing answer
    the server gave for the seat)."""
    before = step_of(page)
    page.wait_for_function(
        "document.querySelector('g.space.target, button.option') !== null"
        " || document.querySelector('.banner.yours') === null"
    )
    if not my_turn(page):
        return ""
    targets = page.locator("g.space.target")
    if targets.count():
        target = targets.nth(rng.randrange(targets.count()))
        sid = target.get_attribute("data-space")
        what = "board:" + sid
        deadly = page.locator(f"button.option.deadly[data-option='move:{sid}']").count() > 0
        if not click_in_turn(page, target, before):
            return ""
    else:
        buttons = page.locator("button.option.main, button.option.beside")  # beside: a Fate reroll by the die
        button = buttons.nth(rng.randrange(buttons.count()))
        what = "button:" + button.get_attribute("data-option")
        deadly = "deadly" in (button.get_attribute("class") or "")
        if not click_in_turn(page, button, before):
            return ""
    if deadly:  # a move into certain death asks again: "Really?"
        page.locator("button.option.deadly", has_text="Really?").first.click()
    page.wait_for_function(
        f"Number(document.querySelector('.game').dataset.step) > {before}"
        " || document.querySelector('.banner.over') !== null"
    )
    return what


def box(page, selector: str, nth: int = 0) -> dict:
    """The bounding box of the ``nth`` element the selector finds, measured in one go inside
    the page. The board is drawn afresh for every new state (a bot's move too), so an element
    Playwright found a moment before may be gone when it measures it; here the finding and
    the measuring cannot be parted. Waits until the element is there and has a size."""
    found = page.wait_for_function(
        """([selector, nth]) => {
            const e = document.querySelectorAll(selector)[nth];
            if (!e) return null;
            const r = e.getBoundingClientRect();
            return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
        }""",
        arg=[selector, nth],
    )
    return found.json_value()


# Every text drawn on a board that is shown and lies in view, with its size on the screen; the space
# names of the spaces in view that were hidden (a label that cannot be read at this zoom is hidden).
MEASURE = """() => {
  const svg = document.querySelector('svg.board');
  const view = svg.getBoundingClientRect();
  const inView = (r) => r.width && r.right > view.left && r.left < view.right && r.bottom > view.top && r.top < view.bottom;
  const shown = [];
  const hidden = [];
  for (const t of svg.querySelectorAll('text')) {
    if (t.classList.contains('unfit')) {
      const cell = t.closest('g.space') && t.closest('g.space').querySelector('.cell');
      if (t.classList.contains('space-name') && cell && inView(cell.getBoundingClientRect())) hidden.push(t.dataset.fit);
      continue;
    }
    if (getComputedStyle(t).display === 'none' || !inView(t.getBoundingClientRect())) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    shown.push([Math.round(px * 100) / 100, t.textContent]);
  }
  shown.sort((a, b) => a[0] - b[0]);
  return { shown, hidden, page: document.documentElement.scrollWidth };
}"""


def measure_labels(page) -> dict:
    """The labels of the board on the page: ``shown`` (their size in screen pixels and text, smallest
    first), the space names ``hidden`` in view, and the ``page``'s width."""
    page.wait_for_selector("svg.board text")
    page.wait_for_timeout(300)  # (fonts settle; the labels fit themselves to the drawn board)
    return page.evaluate(MEASURE)
