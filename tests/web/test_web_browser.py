"""The browser UI, driven by Playwright in Debian's Chromium against a real
``talisman serve``: create a game in the lobby, join two seats in two
browsers, play turns by clicking buttons and board spaces, reload a page and
go on, restart the server mid-game and go on, play to the end, replay it,
and look at it on a phone-sized screen. It takes the screenshots of the board
shown in docs/ (into docs/ itself with TALISMAN_SCREENSHOTS=docs)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx2 as httpx
import pytest
from browsing import DOCS, measure_labels, my_turn, over, step_of, take_turn

pytestmark = pytest.mark.timeout(300)


def test_two_friends_and_a_bot_play_a_game_to_its_end_in_the_browser(server, browser):
    rng = random.Random(3)
    server.start(bot_delay=0.02)
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    ann.on("pageerror", lambda e: errors.append(str(e)))

    # the lobby: three seats (Ann, Bob, a heuristic bot), a fixed seed, characters chosen and dealt
    ann.goto(server.url + "/")
    ann.wait_for_selector("form.new-game select[name=controller-3]")
    # a new game seats one person and three bots: Ann makes the second seat Bob's
    controllers = [ann.locator(f"select[name=controller-{i}]").input_value() for i in range(4)]
    assert controllers == ["human", "heuristic", "heuristic", "heuristic"]
    ann.click("form.new-game button:has-text('− seat')")
    ann.select_option("select[name=controller-1]", "human")
    ann.fill("input[name=name-0]", "Ann")
    ann.fill("input[name=name-1]", "Bob")
    ann.select_option("select[name=character-0]", "warrior")
    ann.fill("input[name=title]", "Browser test")
    ann.click("form.new-game summary")
    ann.fill("input[name=seed]", "7")
    ann.click("form.new-game button.primary")
    ann.wait_for_selector(".created a[data-play='0']")
    bob_link = ann.locator(".created input.link").nth(1).input_value()
    assert re.search(r"/game/[\w-]+\?seat=1&invite=", bob_link)
    ann.click(".created a[data-play='0']")
    ann.wait_for_selector("g.space")

    # Bob opens his link in his own browser (nothing shared with Ann's)
    bob = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bob.on("pageerror", lambda e: errors.append(str(e)))
    bob.goto(bob_link)
    bob.wait_for_selector("g.space")
    assert "invite=" not in bob.url and "token=" not in bob.url  # the seat's token is kept in Bob's browser
    game_id = re.search(r"/game/([\w-]+)\?", bob_link).group(1)
    token = bob.evaluate("JSON.parse(localStorage.getItem('talisman.tokens'))")[game_id]["1"]
    bob_own_link = f"{server.url}/game/{game_id}?seat=1&token={token}"
    # the invitation has opened its seat once: a stranger who has it too gets no seat
    late = browser.new_context().new_page()
    late.goto(bob_link)
    late.wait_for_selector(".panel.error")
    assert "already has its player" in late.locator(".panel.error").inner_text()
    late.context.close()

    pages = {"Ann": ann, "Bob": bob}
    clicks: dict[str, list[str]] = {"Ann": [], "Bob": []}
    done = set()
    for _ in range(3000):
        if over(ann) and over(bob):
            break
        mover = next((n for n, p in pages.items() if my_turn(p)), None)
        if mover is None:
            ann.wait_for_timeout(20)
            continue
        other = pages["Bob" if mover == "Ann" else "Ann"]
        if step_of(other) == step_of(pages[mover]):
            assert "Waiting for" in other.locator(".banner").inner_text()
        clicks[mover].append(take_turn(pages[mover], rng))
        total = len(clicks["Ann"]) + len(clicks["Bob"])
        if len(clicks["Bob"]) >= 4 and "reload" not in done:
            bob.reload()  # a reload picks the game up where it was
            bob.wait_for_selector("g.space")
            done.add("reload")
        if total >= 12 and "restart" not in done:
            server.kill()  # the server dies mid-game...
            for page in pages.values():
                page.wait_for_selector(".connection.offline")
            server.start(bot_delay=0.02)  # ...and comes back: both pages reconnect by themselves
            for page in pages.values():
                page.wait_for_selector(".connection.online", timeout=20000)
            done.add("restart")
        if total >= 34 and "shot" not in done and pages[mover].locator("g.space.target").count():
            shoot(pages[mover], bob_own_link, browser)
            done.add("shot")
    assert over(ann) and over(bob), clicks
    assert done == {"reload", "restart", "shot"}
    assert len(clicks["Ann"]) >= 5 and len(clicks["Bob"]) >= 5
    assert any(c.startswith("board:") for c in clicks["Ann"] + clicks["Bob"]), "moves were made on the board"
    assert "wins" in ann.locator(".banner").inner_text()

    # the finished game is listed in the lobby and replays step by step
    ann.goto(server.url + "/")
    row = ann.locator(".list-finished .game-row", has_text="Browser test")
    row.locator("a", has_text="Replay").click()
    ann.wait_for_selector("g.space")
    for _ in range(3):
        ann.click("button[data-step=next]")
    ann.wait_for_function("document.querySelector('.counter').textContent.startsWith('step 3 of')")

    # a wrong link says so, counting seats from 1, with a way back to the lobby
    stranger = browser.new_context().new_page()
    stranger.goto(re.sub(r"token=[\w-]+", "token=guessed", bob_own_link))
    stranger.wait_for_selector(".bad-link")
    assert "not the key to seat 2 of “Browser test”" in stranger.locator(".bad-link").inner_text()
    stranger.click("a[data-way=lobby]")
    stranger.wait_for_selector("form.new-game")
    assert errors == []


def shoot(page, phone_url, browser):
    """Pictures of the board for docs/: the acting player's screen, and a phone's."""
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-game.png"))
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(phone_url)
    phone.wait_for_selector("g.space")
    board = phone.locator("svg.board").bounding_box()
    side = phone.locator("aside.side").bounding_box()
    # a phone-sized screen: board and panels fit the width, one above the other
    assert board["width"] <= 390 and side["width"] <= 390 and side["y"] >= board["y"] + board["height"]
    phone.screenshot(path=str(DOCS / "web-phone.png"))
    phone.context.close()


def loadable_boards():
    """Every module's board, each with the core board, as the server describes them."""
    from talisman.content.modules import get_module, known_modules
    from talisman.server.catalog import board_data

    # the boards of Talisman's modules (a game of its own, Legendary Tales, draws its map from its view with
    # legendary.js: see own_maps below and tests/web/test_legendary_web.py)
    return {
        name: board_data(tuple(dict.fromkeys(("core", name))))
        for name in known_modules()
        if get_module(name).game == "talisman"
    }


def test_every_board_is_laid_out_and_drawn_by_the_same_code(server, browser):
    from talisman import Game

    boards = loadable_boards()
    assert "core" in boards
    views = {name: Game.new(players=2, modules=(name,), seed=1).view(None) for name in boards}
    server.start()
    page = browser.new_page()
    page.goto(server.url + "/")
    results = page.evaluate(
        """async ([boards, views]) => {
        const m = await import('/static/board.js');
        const out = {};
        for (const [name, board] of Object.entries(boards)) {
            const layout = m.layoutBoard(board);
            m.placeHexes(layout, views[name]);  // a world's tiles go where its game laid them
            const cells = Object.entries(layout.cells);
            const problems = [];
            const world = views[name].layout && views[name].layout.shape === 'hex' ? views[name].layout : null;
            // on a world only the tiles its game laid are on the board (the rest stay in the box)
            const shown = world ? world.tiles.map((t) => t[2]) : Object.keys(board.spaces);
            for (const id of shown) if (!board.spaces[id]) problems.push(`${id} is no space of the board`);
            for (const id of Object.keys(board.spaces)) if (!layout.cells[id] && !world) problems.push(`no cell for ${id}`);
            for (const [id, c] of cells) {
                const off = c.x < 0 || c.y < 0 || c.x + c.w > layout.width + 0.01 || c.y + c.h > layout.height + 0.01;
                if (off) problems.push(`${id} is off the board`);
                if (c.w < 40) problems.push(`${id} is too small`);
            }
            for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) {
                const [a, p] = cells[i], [b, q] = cells[j];
                const w = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
                const h = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
                // (hexagons' boxes overlap where the tiles only touch)
                if (w > 0.5 && h > 0.5 && !(p.hex && q.hex)) problems.push(`${a} overlaps ${b}`);
            }
            const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            m.drawBoard(svg, board, layout, views[name]);
            out[name] = { problems, drawn: svg.querySelectorAll('g.space').length,
                          spaces: shown.length, pieces: svg.querySelectorAll('g.piece').length };
        }
        return out;
    }""",
        [boards, views],
    )
    for name, r in results.items():
        assert r["problems"] == [], (name, r["problems"][:5])
        assert r["drawn"] == r["spaces"] and r["pieces"] == 2, (name, r)
    maps = own_maps(page)
    assert "legendary-tales 5" in maps
    for name, r in maps.items():
        assert r["problems"] == [], (name, r["problems"][:5])
        assert r["drawn"] == r["spaces"] == 12 and r["pieces"] == 2, (name, r)


def own_maps(page) -> dict:
    """Each adventure of each game of its own (Legendary Tales) drawn by legendary.js from a new game's view:
    every location a hexagon of its own place, inside the map's box, and both heroes on it."""
    from talisman import Game
    from talisman.content.modules import get_module, known_modules

    views = {}
    for name in known_modules():
        module = get_module(name)
        if module.game == "talisman":
            continue
        spec = module.options.get("adventure")
        for n in spec.choices if spec else (None,):
            options = {"adventure": n} if n else {}
            views[f"{name} {n or ''}".strip()] = Game.new(players=2, modules=(name,), seed=1, options=options).view(
                None
            )
    return page.evaluate(
        """async (views) => {
        const m = await import('/static/legendary.js');
        const out = {};
        for (const [name, view] of Object.entries(views)) {
            const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            m.drawLegendary(svg, view);
            const [x, y, w, h] = m.legendaryBox(view);
            const problems = [];
            const places = new Set();
            for (const g of svg.querySelectorAll('g.space')) {
                const place = `${g.dataset.q},${g.dataset.r}`;
                if (places.has(place)) problems.push(`${g.dataset.space} shares its place ${place}`);
                places.add(place);
                for (const pt of g.querySelector('polygon.hex').getAttribute('points').split(' ')) {
                    const [px, py] = pt.split(',').map(Number);
                    if (px < x || py < y || px > x + w || py > y + h) problems.push(`${g.dataset.space} is off the map`);
                }
            }
            out[name] = { problems, drawn: svg.querySelectorAll('g.space').length, spaces: view.locations.length,
                          pieces: svg.querySelectorAll('g.piece').length };
        }
        return out;
    }""",
        views,
    )


def test_two_friends_choose_their_characters_then_play(server, browser):
    rng = random.Random(5)
    server.start(bot_delay=0.02)
    errors: list[str] = []
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))

    # the lobby: Ann and Bob choose their characters, the bot's is dealt
    ann.goto(server.url + "/")
    ann.wait_for_selector("form.new-game select[name=controller-3]")
    ann.click("form.new-game button:has-text('− seat')")
    ann.select_option("select[name=controller-1]", "human")
    ann.fill("input[name=name-0]", "Ann")
    ann.fill("input[name=name-1]", "Bob")
    ann.select_option("select[name=character-0]", label="Chosen by the player")
    ann.select_option("select[name=character-1]", label="Chosen by the player")
    assert ann.locator("select[name=character-2] option", has_text="Chosen by the player").count() == 0
    ann.fill("input[name=title]", "Choosing test")
    ann.click("form.new-game button.primary")
    ann.wait_for_selector(".created a[data-play='0']")
    assert "Ann (chooses)" in ann.locator(".created").inner_text()
    bob_link = ann.locator(".created input.link").nth(1).input_value()
    game_id = re.search(r"/game/([\w-]+)\?", bob_link).group(1)
    ann.click(".created a[data-play='0']")

    # Ann sees every character's card and may pick any; Bob opens his link in his own browser
    ann.wait_for_selector(".character-card button.pick")
    assert ann.locator(".character-card").count() == 14
    warrior = ann.locator(".character-card[data-character=warrior]").inner_text()
    assert "Strength 4 · Craft 2" in warrior and "Neutral" in warrior and "starts at the Tavern" in warrior
    assert "Choose your character" in ann.locator(".banner").inner_text()
    bob = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bob.on("pageerror", lambda e: errors.append(str(e)))
    bob.goto(bob_link)
    bob.wait_for_selector(".character-card button.pick")

    # Ann takes the Warrior: she waits for Bob, and the Warrior is no longer Bob's to take
    ann.click("button[data-pick=warrior]")
    ann.wait_for_selector(".banner.waiting:has-text('Waiting for Bob to choose a character')")
    assert ann.locator("button.pick").count() == 0
    bob.wait_for_selector(".character-card.taken[data-character=warrior]:has-text('Taken by Ann')")
    assert bob.locator("button[data-pick=warrior]").count() == 0
    watcher = browser.new_context().new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(f"{server.url}/game/{game_id}")
    watcher.wait_for_selector(".banner.waiting:has-text('Waiting for Bob')")
    assert "choosing…" in watcher.locator(".seat-list li[data-seat='1']").inner_text()

    # Bob takes the Wizard: the game begins in every page, and they play
    bob.click("button[data-pick=wizard]")
    for page in (ann, bob, watcher):
        page.wait_for_selector("g.space")
    assert ann.locator(".sheet.mine strong").first.inner_text() == "Warrior"
    assert bob.locator(".sheet.mine strong").first.inner_text() == "Wizard"
    pages = {"Ann": ann, "Bob": bob}
    clicks = {"Ann": 0, "Bob": 0}
    for _ in range(2000):
        if min(clicks.values()) >= 3 or over(ann):
            break
        mover = next((n for n, p in pages.items() if my_turn(p)), None)
        if mover is None:
            ann.wait_for_timeout(20)
            continue
        take_turn(pages[mover], rng)
        clicks[mover] += 1
    assert min(clicks.values()) >= 3 or over(ann), clicks
    ann.goto(server.url + "/")
    row = ann.locator(
        ".list-running .game-row, .list-open .game-row, .list-finished .game-row", has_text="Choosing test"
    )
    assert "Ann (Warrior), Bob (Wizard)" in row.inner_text()
    assert errors == []


# --- the rules at hand, the phone, the replay ---------------------------------------------------


def person_and_bot(server, character: str = "wizard", seed: int = 7) -> tuple[str, str]:
    """A game of one person (playing ``character``) and a heuristic bot: its id and the person's link."""
    body = {
        "title": "Texts test",
        "seed": seed,
        "seats": [{"controller": "human", "name": "Ann", "character": character}, {"controller": "heuristic"}],
    }
    r = httpx.post(server.url + "/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    game_id, invite = data["game"]["id"], data["seats"][0]["invite"]
    claimed = httpx.post(f"{server.url}/api/games/{game_id}/seats/0/claim", json={"invite": invite})
    assert claimed.status_code == 200, claimed.text
    link = claimed.json()["link"]  # the seat's own link, with its token
    return game_id, server.url + link[link.index("/game/") :]


def tip_text(page) -> str:
    page.wait_for_selector(".tip:not([hidden])")
    return page.locator(".tip").inner_text()


def test_card_and_space_texts_open_on_hover_and_on_tap(server, browser):
    import httpx2 as httpx

    server.start(bot_delay=0.02)
    game_id, link = person_and_bot(server)
    board = httpx.get(f"{server.url}/api/games/{game_id}/board").json()
    errors: list[str] = []

    # a laptop: hover opens, leaving closes; the log is on screen beside the board
    desk = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    desk.on("pageerror", lambda e: errors.append(str(e)))
    desk.goto(link)
    desk.wait_for_selector(".sheet.mine .chip.card-spell")
    desk.hover("g.space[data-space=tavern]")
    assert board["spaces"]["tavern"]["text"] in tip_text(desk)
    desk.mouse.move(1390, 890)
    desk.wait_for_selector(".tip", state="hidden")
    spell = desk.locator(".sheet.mine .chip.card-spell").first
    token = re.search(r"token=([\w-]+)", link).group(1)
    view = httpx.get(
        f"{server.url}/api/games/{game_id}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()["view"]
    wizard = next(p for p in view["players"] if p["character"] == "wizard")
    spell.hover()
    texts = {c["name"]: c["text"] for c in wizard["spells"]}
    assert texts[spell.get_attribute("data-card")] in tip_text(desk)
    assert wizard["abilities"][0] in desk.locator(".sheet.mine details.abilities").inner_text()
    desk.hover(".sheet:not(.mine) .character-name")
    other = next(p for p in view["players"] if p["character"] != "wizard")
    assert other["abilities"][0] in tip_text(desk)
    box = desk.locator(".log-wrap").bounding_box()
    board_box = desk.locator("svg.board").bounding_box()
    assert box["x"] >= board_box["x"] + board_box["width"] and box["x"] + box["width"] <= 1400
    assert box["y"] < 900 and box["height"] > 150
    assert "Log" in desk.locator(".log-wrap").inner_text() and desk.locator(".log li").count() > 0
    DOCS.mkdir(exist_ok=True)
    desk.hover("g.space[data-space=tavern]")
    tip_text(desk)
    desk.screenshot(path=str(DOCS / "web-card-text.png"))

    # a wrong link for the seat does not replace this browser's good key, and offers it
    desk.goto(f"{server.url}/game/{game_id}?seat=0&token=wrong")
    desk.wait_for_selector(".bad-link")
    assert "seat 1 of “Texts test”" in desk.locator(".bad-link").inner_text()
    desk.click("a[data-way=stored]")
    desk.wait_for_selector(".sheet.mine")

    # a phone: a tap opens a space's text, a second tap closes it; a tap opens a card's text
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(link)
    phone.wait_for_selector(".sheet.mine .chip.card-spell")
    here = wizard["space"]
    phone.locator(f"g.space[data-space={here}]").tap()
    assert board["spaces"][here]["text"] in tip_text(phone)
    phone.locator(f"g.space[data-space={here}]").tap()
    phone.wait_for_selector(".tip", state="hidden")
    phone.locator(".sheet.mine .chip.card-spell").first.tap()
    assert texts[spell.get_attribute("data-card")] in tip_text(phone)

    # on a touch screen a tap on a highlighted space opens its text with the move; the move is a second tap
    phone.click("[data-zoom='whole board']")
    for _ in range(20):
        if phone.locator("g.space.target").count():
            break
        phone.wait_for_selector(".banner.yours")
        before = step_of(phone)
        phone.locator("button.option.main").first.tap()
        phone.wait_for_function(f"Number(document.querySelector('.game').dataset.step) > {before}")
    target = phone.locator("g.space.target").first
    name = board["spaces"][target.get_attribute("data-space")]["name"]
    before = step_of(phone)
    target.tap()
    assert name in tip_text(phone)
    assert step_of(phone) == before
    phone.locator(".tip .tip-pick").tap()
    phone.wait_for_function(f"Number(document.querySelector('.game').dataset.step) > {before}")
    assert errors == []


def test_the_phone_layout_fits_390_pixels_with_a_zoomable_board(server, browser):
    server.start(bot_delay=0.02)
    _, link = person_and_bot(server, character="warrior")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(link)
    phone.wait_for_selector("g.space")
    measure = """() => {
        const svg = document.querySelector('svg.board');
        const vb = svg.viewBox.baseVal;
        const scale = svg.getBoundingClientRect().width / vb.width;
        const label = svg.querySelector('.space-name');
        return { width: document.documentElement.scrollWidth, vb: [vb.x, vb.y, vb.width],
                 label: Number(label.getAttribute('font-size')) * scale, board: svg.getBoundingClientRect().width };
    }"""
    m = phone.evaluate(measure)
    assert m["width"] <= 390 and m["board"] <= 390, m  # nothing wider than the screen
    assert m["label"] >= 11, m  # the board starts zoomed in: its names can be read
    side = phone.locator("aside.side").bounding_box()
    board = phone.locator("svg.board").bounding_box()
    assert side["y"] >= board["y"] + board["height"] and side["width"] <= 390
    # a drag pans the board and picks nothing
    before = step_of(phone)
    x, y = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    phone.mouse.move(x, y)
    phone.mouse.down()
    phone.mouse.move(x - 60, y - 40, steps=5)
    phone.mouse.up()
    moved = phone.evaluate(measure)
    assert moved["vb"][:2] != m["vb"][:2] and step_of(phone) == before
    # the buttons zoom out to the whole board and in again
    phone.click("[data-zoom='whole board']")
    whole = phone.evaluate(measure)
    assert whole["vb"][2] > m["vb"][2] * 2
    phone.click("[data-zoom='zoom in']")
    assert phone.evaluate(measure)["vb"][2] < whole["vb"][2]
    DOCS.mkdir(exist_ok=True)
    phone.click("[data-zoom='zoom in']")
    phone.screenshot(path=str(DOCS / "web-phone-zoomed.png"))
    # the lobby fits too, its selects whole
    phone.goto(phone.url.split("/game/")[0] + "/")
    phone.wait_for_selector("form.new-game select[name=controller-3]")
    phone.click("form.new-game summary")
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth,"
        " ...[...document.querySelectorAll('form.new-game select')].map((s) => s.getBoundingClientRect().right)]"
    )
    assert max(widths) <= 390, widths
    text = phone.locator("form.new-game").inner_text()
    assert "Lives as printed" in text and "printed-lives" not in text
    assert errors == []


def finished_game(server, seed: int = 2) -> str:
    """A game of two bots played to its end: its id."""
    import time

    import httpx2 as httpx

    body = {"title": "Replay test", "seed": seed, "seats": [{"controller": "heuristic"}, {"controller": "heuristic"}]}
    game_id = httpx.post(server.url + "/api/games", json=body).json()["game"]["id"]
    end = time.monotonic() + 240
    while httpx.get(f"{server.url}/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < end, "the bots did not finish their game"
        time.sleep(0.5)
    return game_id


def test_the_replay_jumps_by_turn_and_plays_itself(server, browser):
    import httpx2 as httpx

    server.start(bot_delay=0)
    game_id = finished_game(server)
    index = httpx.get(f"{server.url}/api/games/{game_id}/replay").json()
    turns = index["turns"]
    assert turns[0] == {"turn": 1, "step": 0, "character": turns[0]["character"]} and len(turns) > 5
    assert [t["step"] for t in turns] == sorted({t["step"] for t in turns})
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/replay/{game_id}?seat=0")
    page.wait_for_selector("g.space")

    def at(step: int) -> None:
        page.wait_for_function(f"document.querySelector('.game').dataset.step === '{step}'")

    # three quick clicks on a slow link: each counts on from the step asked for, not from the one still loading
    held: list[Any] = []
    page.route(re.compile(r"/api/games/[^/]+/replay/\d+"), lambda route: held.append(route))
    for _ in range(3):
        page.click("button[data-step=next]")
    while len(held) < 3:
        page.wait_for_timeout(20)
    assert [r.request.url.split("/replay/")[1].split("?")[0] for r in held] == ["1", "2", "3"]
    for r in held:
        r.continue_()
    at(3)
    page.unroute_all()
    assert page.locator(".counter").inner_text().startswith("step 3 of")
    page.click("button[data-step=first]")
    at(0)

    page.click("button[data-step=next-turn]")
    at(turns[1]["step"])
    assert f"turn {turns[1]['turn']}" in page.locator(".counter").inner_text()
    page.click("button[data-step=next-turn]")
    at(turns[2]["step"])
    page.click("button[data-step=next]")
    at(turns[2]["step"] + 1)
    page.click("button[data-step=prev-turn]")  # back to the start of this turn...
    at(turns[2]["step"])
    page.click("button[data-step=prev-turn]")  # ...then to the one before
    at(turns[1]["step"])
    page.select_option("select[name=turn]", "5")
    at(turns[5]["step"])
    # autoplay, fast, and a pause
    page.select_option("select[name=speed]", label="very fast")
    page.click("button[data-play]")
    page.wait_for_function(f"Number(document.querySelector('.game').dataset.step) >= {turns[5]['step'] + 5}")
    page.click("button[data-play]")
    stopped = step_of(page)
    page.wait_for_timeout(400)
    assert step_of(page) <= stopped + 1
    # the end, as seat 1 saw it: its own Spells by name
    page.click("button[data-step=last]")
    at(index["steps"])
    mine = page.locator(".sheet.mine")
    assert mine.count() == 1 and "(hidden)" not in mine.inner_text()
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "web-replay.png"))
    # on a phone the replay starts zoomed in, every label it shows readable
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(f"{server.url}/replay/{game_id}")
    labels = measure_labels(phone)
    assert len(labels["shown"]) >= 10 and labels["shown"][0][0] >= 11 and not labels["hidden"], labels
    assert errors == []


# In the page: count the states the live connection brings (COUNT_STATES, before the page's own scripts) and
# the drawings of the board (each replaces the board's children), while the page is kept busy for a moment,
# as on a slow machine, and the bots play on quickly: their states pile up unread. Then, half a
# second later, what was received and drawn.
COUNT_STATES = """
window.talismanReceived = 0;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => { window.talismanReceived += 1; });
  }
};"""
BUSY_A_MOMENT = """() => {
  let drawn = 0;
  new MutationObserver(() => { drawn += 1; }).observe(document.querySelector('svg.board'), { childList: true });
  const from = window.talismanReceived;
  const busy = performance.now() + 2000;
  while (performance.now() < busy);
  return new Promise((resolve) => setTimeout(() => resolve([window.talismanReceived - from, drawn]), 500));
}"""


def test_the_page_draws_the_newest_state_once_however_many_came(server, browser):
    """States that came while the page was busy are drawn once, the newest (not one drawing each); and
    where no animation frame comes (a tab in the background), a timer draws the page all the same."""
    server.start(bot_delay=0.01)  # (a hundred states a second at most: the game lasts some seconds)
    seats = [{"controller": "heuristic"}] * 4
    r = httpx.post(server.url + "/api/games", json={"seats": seats, "seed": 7})
    assert r.status_code == 201, r.text
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(COUNT_STATES)
    page.goto(f"{server.url}/game/{r.json()['game']['id']}")  # a spectator
    page.wait_for_function(
        "document.querySelector('.game') && Number(document.querySelector('.game').dataset.step) > 0"
    )
    received, drawn = page.evaluate(BUSY_A_MOMENT)
    assert received >= 10 and drawn < received / 2, (received, drawn)

    page.evaluate("window.requestAnimationFrame = () => 0")  # no frames from now on, as in a hidden tab
    before = step_of(page)
    page.wait_for_function(f"Number(document.querySelector('.game').dataset.step) > {before}")
    assert errors == []
