"""Legendary Tales in the browser (module ``legendary-tales``; Playwright, Debian's Chromium, a real
``talisman serve``): the lobby offers it as a game of its own with its adventure, difficulty and heroes
and without Talisman's modules; a person travels by clicking a hex of its map; bots play each of the
five adventures to its end on the page, shown won or lost with its stars; a finished game replays; and
the bags are shown by their contents, sorted, never in an order."""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import httpx2 as httpx
import pytest
from browsing import DOCS, box, over, step_of
from conftest import ServerProcess

pytestmark = pytest.mark.timeout(120)
LT = ["legendary-tales"]
HEROES = {"Warrior", "Wizard", "Prophetess", "Elf", "Dwarf", "Troll"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One ``talisman serve`` for this file's tests (each makes games of its own): bots pause 0.02 s a move,
    so that a page follows their game."""
    folder = tmp_path_factory.mktemp("legendary-web")
    srv = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder / "server.log")
    srv.start(bot_delay=0.02)
    yield srv
    srv.stop()


def new_page(browser, width: int = 1280, height: int = 900):
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def create(
    server, controllers: list[str], adventure: int, seed: int, stars: int = 1, campaign: bool = False, **extra
) -> str:
    body = {
        "modules": LT,
        "seed": seed,
        "options": {"adventure": adventure, "difficulty": stars, "campaign": campaign},
        "seats": [{"controller": c} for c in controllers],
        **extra,
    }
    r = httpx.post(server.url + "/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["game"]["id"]


def state(server, game_id: str) -> dict:
    r = httpx.get(f"{server.url}/api/games/{game_id}/state", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def finished(server, game_id: str, timeout: float = 60) -> dict:
    end = time.monotonic() + timeout
    while True:
        info = httpx.get(f"{server.url}/api/games/{game_id}", timeout=30).json()
        if info["status"] == "finished":
            return info
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.05)


def reach(view: dict, start: int, roll: str) -> set[str]:
    """Where a hero may end its travel (our own reading of 002): up to the roll's steps along paths,
    stopping on entering a location with face-up enemies; anywhere on the Magic Portal; staying is allowed."""
    locs = {loc["index"]: loc for loc in view["locations"]}
    if roll == "portal":
        return {loc["id"] for loc in locs.values()}
    blocked = {i for i, loc in locs.items() if any(t["face_up"] and t.get("kind") == "enemy" for t in loc["tokens"])}
    seen, edge = {start}, [start]
    for _ in range(int(roll)):
        nxt = []
        for here in edge:
            if here != start and here in blocked:
                continue
            for there in locs[here]["paths"]:
                if there not in seen:
                    seen.add(there)
                    nxt.append(there)
        edge = nxt
    return {locs[i]["id"] for i in seen}


def last_roll(page) -> str:
    """The Travel die's last face, as the log tells it."""
    lines = page.locator("ol.log li").all_inner_texts()
    said = next(line for line in reversed(lines) if " rolls " in line)
    if "Magic Portal" in said:
        return "portal"
    if "4 and the hourglass" in said:
        return "4"
    return re.search(r"rolls (\d+)", said).group(1)


def bag_listing(page, seat: int) -> list[tuple[str, int]]:
    """A hero's bag as its sheet lists it: (label, count) in the order shown."""
    items = page.locator(f".hero-sheet[data-seat='{seat}'] .bag-contents li")
    return [
        (items.nth(i).get_attribute("data-token"), int(items.nth(i).get_attribute("data-count")))
        for i in range(items.count())
    ]


def label(t: dict) -> str:
    """A token as the page names it (legendary.js' tokenLabel), for comparing with the view."""
    icons = {"sword": "⚔", "hat": "✦", "sword2": "⚔⚔", "hat2": "✦✦", "sword/hat": "⚔/✦", "hourglass": "◷"}
    icons |= {"hourglass-back": "◷←", "no-hourglass": "◷✗", "fate": "☘", "fate2": "☘☘", "magic-bag": "◈"}
    parts = [t["name"]]
    if t["icons"]:
        parts.append("".join(icons.get(i, i) for i in t["icons"]))
    if t["health"]:
        parts.append(f"♥{t['health']}")
    if t["kind"] in ("enemy", "chest", "locked-chest") and t["rewards"]:
        parts.append(f"★{t['rewards']}")
    return " ".join(parts)


def assert_bags_unordered(page, view: dict) -> None:
    """Each hero's bag on the page: its count, and its contents counted and sorted by name, as the view holds them."""
    for hero in view["heroes"]:
        shown = bag_listing(page, hero["seat"])
        assert [name for name, _ in shown] == sorted(name for name, _ in shown), shown  # sorted, never an order
        assert dict(shown) == dict(Counter(label(t) for t in hero["bag"])), (shown, hero["bag"])
        count = page.locator(f".hero-sheet[data-seat='{hero['seat']}'] .bag").get_attribute("data-bag-count")
        assert int(count) == hero["bag_count"] == len(hero["bag"]) == sum(n for _, n in shown)
        # the view itself holds a bag by its tokens' numbers, not in the order they lie in it
        assert [t["id"] for t in hero["bag"]] == sorted(t["id"] for t in hero["bag"])


@pytest.mark.rules(
    "legendary-tales.setup.choose-hero",
    "legendary-tales.adv3.setup",
    "legendary-tales.travel.optional",
    "legendary-tales.travel.steps",
    "legendary-tales.travel.flip-on-end",
)
def test_a_person_makes_a_game_in_the_lobby_and_travels_by_clicking_hexes(server, browser):
    rng = random.Random(5)
    page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("form.new-game select[name=game]")
    assert page.locator("input[name=module-city-classic]").count() == 1  # Talisman, with its modules
    page.select_option("select[name=game]", "legendary-tales")
    page.wait_for_selector("fieldset.game-options select[name=option-adventure]")
    # Legendary Tales takes none of Talisman's modules; its own options come from the catalogue
    assert page.locator("input[name^=module-]").count() == 0
    adventures = page.locator("select[name=option-adventure] option").all_inner_texts()
    assert len(adventures) == 5 and adventures[1] == "2: Dragon Hunt"
    assert page.locator("select[name=option-difficulty] option").all_inner_texts() == ["1 star", "2 stars", "3 stars"]
    assert page.locator("select[name=option-campaign] option").count() == 2
    heroes = page.locator("select[name=character-0] option").all_inner_texts()
    assert set(heroes[2:]) == HEROES and "Troll" in heroes  # heroes by name, no Talisman character
    page.select_option("select[name=option-adventure]", "2")  # the third adventure
    page.select_option("select[name=option-difficulty]", "1")  # 2 stars
    while page.locator("select[name=controller-2]").count():
        page.click("form.new-game button:has-text('− seat')")
    page.select_option("select[name=controller-1]", "heuristic")
    page.select_option("select[name=character-0]", "dwarf")
    page.fill("input[name=title]", "Goblins by hand")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", "11")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created a[data-play='0']")
    page.click(".created a[data-play='0']")
    page.wait_for_selector("g.space.loc polygon.hex")
    game_id = re.search(r"/game/([\w-]+)", page.url).group(1)
    assert page.locator("g.space.loc").count() == 12 and page.locator("line.lt-path").count() >= 11
    assert page.locator(".adventure[data-adventure='3']").count() == 1
    assert "★★☆" in page.locator(".adventure .stars").inner_text()
    assert page.locator(".hero-sheet.mine .hero-name").inner_text() == "Dwarf"  # the hero chosen in the lobby
    # adventure 3: the heroes start on the Forest
    assert page.locator("g.space[data-space=forest] g.piece").count() == 2
    assert page.locator("g.piece").count() == 2
    down = page.locator("g.lt-token.down")
    assert down.count() > 0 and set(down.locator("text").all_text_contents()) == {"?"}  # backs only

    travels: list[str] = []
    clicks = 0
    for _ in range(600):
        if over(page) or len(travels) >= 3:
            break
        if not page.locator(".banner.yours").count():
            page.wait_for_timeout(20)
            continue
        before = step_of(page)
        roll_button = page.locator("button.option[data-option=roll]")
        targets = page.locator("g.space.loc.target")
        if roll_button.count():
            roll_button.click()
        elif targets.count():
            ids = {targets.nth(i).get_attribute("data-space") for i in range(targets.count())}
            view = state(server, game_id)["view"]
            me = view["heroes"][0]
            here = next(loc["id"] for loc in view["locations"] if loc["index"] == me["location"])
            assert ids == reach(view, me["location"], last_roll(page)), (ids, last_roll(page))
            roll = last_roll(page)  # and the Travel die panel shows that face
            assert page.locator(".dice-row svg.die").get_attribute("aria-label") == (
                f"a die showing {'◎' if roll == 'portal' else roll}"
            )
            assert here in ids  # staying after the roll is allowed
            away = sorted(ids - {here})
            dest = rng.choice(away) if away else here
            page.locator(f"g.space.loc.target[data-space='{dest}']").click()
            page.wait_for_function(f"Number(document.querySelector('.game').dataset.step) > {before}")
            travels.append(dest)
            at = state(server, game_id)["view"]
            assert at["heroes"][0]["location"] == next(loc["index"] for loc in at["locations"] if loc["id"] == dest)
            # ending a travel turns the tokens there face up
            assert page.locator(f"g.space[data-space='{dest}'] g.lt-token.down").count() == 0
            continue
        else:
            buttons = page.locator("button.option.main, button.option.beside")
            buttons.nth(rng.randrange(buttons.count())).click()
        clicks += 1
        page.wait_for_function(
            f"Number(document.querySelector('.game').dataset.step) > {before}"
            " || document.querySelector('.banner.over') !== null"
        )
    assert len(travels) >= 3, travels  # three travels made by clicking a highlighted hex
    page.mouse.move(1, 1)  # no tip open in the picture
    page.keyboard.press("Escape")
    page.screenshot(path=str(DOCS / "web-legendary.png"), full_page=True)
    assert clicks > 0 and errors == []


def test_the_lobby_does_not_mix_legendary_tales_with_talisman_modules(server, browser):
    """After Talisman modules were ticked, choosing Legendary Tales drops them (the server refuses the mix),
    and choosing Talisman again offers its modules with the core only."""
    page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("input[name=module-city-classic]")
    page.check("input[name=module-city-classic]")
    page.wait_for_selector("input[name=module-city-classic]:checked")
    page.select_option("select[name=game]", "legendary-tales")
    page.wait_for_selector("select[name=option-adventure]")
    page.fill("input[name=title]", "No mixing")
    page.wait_for_load_state("networkidle")  # the form drawn again for the modules checked, then folded open
    page.click("form.new-game summary")
    page.fill("input[name=seed]", "4")
    page.click("form.new-game button.primary")
    page.wait_for_selector(".created:not([hidden]), .new-game .error")
    assert page.locator(".new-game .error").count() == 0, page.locator(".new-game .error").inner_text()
    games = httpx.get(server.url + "/api/games", timeout=30).json()
    made = [g for g in games if g["title"] == "No mixing"]
    assert [g["modules"] for g in made] == [LT]
    page.select_option("select[name=game]", "talisman")
    page.wait_for_selector("input[name=module-city-classic]")
    assert not page.locator("input[name=module-city-classic]").is_checked()
    assert page.locator("select[name=option-adventure]").count() == 0
    assert errors == []


# (adventure, seed, stars, bots): short games, lost and won (these seeds give both ends)
ADVENTURES = [
    (1, 2, 2, ["heuristic", "random"]),
    (2, 1, 3, ["random", "random"]),
    (3, 3, 1, ["heuristic", "heuristic"]),
    (4, 2, 1, ["heuristic", "heuristic"]),
    (5, 2, 2, ["heuristic", "random"]),
]


@pytest.mark.rules("legendary-tales.lose-adventure", "legendary-tales.setup.talisman-scoreboard")
def test_bots_play_each_adventure_to_its_end_on_the_page(server, browser):
    """All five adventures, bots only, watched by a spectator: the end shown won or lost with its stars,
    a lost one with the counter on the crescent moon, a won one with its Talisman on the scoreboard."""
    page, errors = new_page(browser)
    outcomes = []
    followed = 0  # games the page saw in play, before their end
    for adventure, seed, stars, bots in ADVENTURES:
        game_id = create(server, bots, adventure, seed, stars)
        page.goto(f"{server.url}/game/{game_id}")
        page.wait_for_selector("g.space.loc")
        assert page.locator(f".adventure[data-adventure='{adventure}']").count() == 1
        followed += not over(page)
        page.wait_for_selector(".banner.over", timeout=60000)
        result = finished(server, game_id)["result"]
        banner = page.locator(".banner.over")
        text = banner.inner_text()
        won = result["won"]
        assert (
            f"adventure {adventure} at {stars} star{'s' if stars > 1 else ''} ({'★' * stars})" in text
            and ("won" if won else "lost") in text
        ), text
        assert ("won" if won else "lost") in banner.get_attribute("class")
        assert step_of(page) == state(server, game_id)["step"]
        now = page.locator(".time-space.now")
        if won:
            assert page.locator(".time-space.now.moon").count() == 0
            assert (
                f"adventure {adventure} {'★' * stars}" in page.locator(".adventure").inner_text()
            )  # its Talisman kept
        else:
            assert now.get_attribute("class").split() == ["time-space", "now", "moon"]  # night fell
            assert "Talismans won" not in page.locator(".adventure").inner_text()
        # the finished game links to its replay
        assert page.locator(f"a[href='/replay/{game_id}']").count() == 1
        outcomes.append(won)
    assert True in outcomes and False in outcomes, outcomes  # both ends shown (the seeds give both)
    assert followed, "the page followed a game as the bots played it"
    assert errors == []


@pytest.mark.rules("legendary-tales.adv4.setup")
def test_a_finished_game_replays_step_by_step(server, browser):
    game_id = create(server, ["heuristic", "heuristic"], 4, 2)
    info = finished(server, game_id)
    page, errors = new_page(browser)
    page.goto(f"{server.url}/replay/{game_id}")
    page.wait_for_selector("g.space.loc")
    assert page.locator(".decision h2").inner_text() == "The game begins"
    # adventure 4 begins with both heroes and the Prince, face up, on the Tavern; the rest face down
    assert page.locator("g.space[data-space=tavern] g.piece").count() == 2
    prince = page.locator("g.space[data-space=tavern] g.lt-token.up")
    assert prince.count() == 1 and "Prince" in prince.text_content()
    assert page.locator("g.lt-token.up").count() == 1
    assert set(page.locator("g.lt-token.down text").all_text_contents()) == {"?"}
    assert page.locator(".time-space.now").get_attribute("data-time") == "0"
    page.click("button[data-step=next]")
    page.wait_for_selector(".game[data-step='1']")
    assert page.locator(".decision h2").inner_text() != "The game begins"  # the first move, by its seat
    page.click("button[data-step=last]")
    page.wait_for_selector(f".game[data-step='{info['step']}']")
    shown = page.locator(".decision .result").inner_text()
    assert ("won" if info["result"]["won"] else "lost") in shown and "adventure 4" in shown
    page.click("button[data-step=prev]")
    page.wait_for_selector(f".game[data-step='{info['step'] - 1}']")
    assert page.locator(".decision .result").count() == 0
    assert errors == []


@pytest.mark.rules("legendary-tales.bag-peeking")
def test_nobody_sees_a_bags_order(server, browser):
    """The person, a spectator and the replay see each bag's count and contents, sorted by name: the
    tokens that went in (rewards) and came out (draws) change what is listed, never the order."""
    game_id = create(server, ["heuristic", "heuristic"], 1, 1)
    info = finished(server, game_id)
    page, errors = new_page(browser)
    page.goto(f"{server.url}/game/{game_id}")
    page.wait_for_selector(".banner.over")
    final = state(server, game_id)["view"]
    assert_bags_unordered(page, final)
    page.goto(f"{server.url}/replay/{game_id}")
    page.wait_for_selector("g.space.loc")
    contents = []
    for step in sorted({0, 1, info["step"] // 3, info["step"] // 2, info["step"] - 1, info["step"]}):
        page.locator("input[aria-label=step]").fill(str(step))
        page.locator("input[aria-label=step]").dispatch_event("change")
        page.wait_for_selector(f".game[data-step='{step}']")
        view = httpx.get(f"{server.url}/api/games/{game_id}/replay/{step}", timeout=30).json()["view"]
        assert_bags_unordered(page, view)
        contents.append([sorted(t["id"] for t in h["bag"]) for h in view["heroes"]])
    assert len({str(c) for c in contents}) > 2, "the bags' contents changed during the game"
    assert errors == []


@pytest.mark.rules("legendary-tales.adv5.setup")
def test_the_phone_layout_fits_six_heroes_on_one_hex(server, browser):
    """On a phone-sized screen the map and the panels fit the width, one above the other, and the six
    heroes who begin on one location are all drawn inside its hex."""
    r = httpx.post(
        server.url + "/api/games",
        json={
            "modules": LT,
            "seed": 3,
            "options": {"adventure": 5},
            "seats": [{"controller": "human", "name": "Ann"}] + [{"controller": "heuristic"}] * 5,
        },
        timeout=30,
    )
    assert r.status_code == 201, r.text
    page = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(r.json()["seats"][0]["link"])
    page.wait_for_selector(".banner.yours")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator("svg.board").bounding_box()
    side = page.locator("aside.side").bounding_box()
    assert board["width"] <= 390 and side["width"] <= 390 and side["y"] >= board["y"] + board["height"]
    glade = "g.space[data-space=glade]"  # adventure 5 begins on the (Cursed) Glade
    hexagon = box(page, f"{glade} polygon.hex")
    assert page.locator(f"{glade} g.piece circle").count() == 6
    for i in range(6):
        p = box(page, f"{glade} g.piece circle", i)
        # (within half a pixel: the browser measures the hexagon's and the pieces' boxes apart, each rounded)
        assert hexagon["x"] - 0.5 <= p["x"] and p["x"] + p["width"] <= hexagon["x"] + hexagon["width"] + 0.5
        assert hexagon["y"] - 0.5 <= p["y"] and p["y"] + p["height"] <= hexagon["y"] + hexagon["height"] + 0.5
    assert page.locator("g.lt-token.down[data-back=villager]").count() > 0  # the villagers' backs, told apart
    assert page.locator(".hero-sheet").count() == 6 and errors == []


@pytest.mark.rules("legendary-tales.setup.choose-hero")
def test_a_person_chooses_a_hero_when_the_game_begins(server, browser):
    """A person's seat that chooses: the heroes' cards by name and ability (no Talisman attributes), one picked."""
    r = httpx.post(
        server.url + "/api/games",
        json={"modules": LT, "seed": 3, "seats": [{"controller": "human", "choose": True}, {"controller": "random"}]},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    page, errors = new_page(browser)
    page.goto(r.json()["seats"][0]["link"])
    page.wait_for_selector("button[data-pick=troll]")
    cards = page.locator(".character-card h3").all_inner_texts()
    assert set(cards) == HEROES
    text = page.locator(".character-cards").inner_text()
    assert "Thick Skull" in text and "Strength" not in text and "undefined" not in text
    page.click("button[data-pick=troll]")
    page.wait_for_selector("g.space.loc")
    assert page.locator(".hero-sheet.mine .hero-name").inner_text() == "Troll"
    assert errors == []


@pytest.mark.rules("legendary-tales.adventure-order", "legendary-tales.rank-table")
def test_bots_play_a_whole_campaign_on_the_page_to_its_rank(server, browser):
    """A campaign of bots watched to its end: the page follows it from adventure to adventure, in
    order, redrawing each map, and ends on the five Talismans and the party's rank."""
    page, errors = new_page(browser)
    game_id = create(server, ["heuristic", "heuristic"], 1, 4, campaign=True)
    page.goto(f"{server.url}/game/{game_id}")
    shown: list[int] = []
    end = time.monotonic() + 100
    while not over(page):
        assert time.monotonic() < end, "the campaign did not end on the page"
        number = page.locator(".adventure").get_attribute("data-adventure")
        if number and (not shown or shown[-1] != int(number)):
            shown.append(int(number))
        time.sleep(0.05)
    result = finished(server, game_id)["result"]
    assert sorted(result["scoreboard"]) == ["1", "2", "3", "4", "5"] and result["rank"]
    assert shown[0] == 1 and all(b in (a, a + 1) for a, b in zip(shown, shown[1:])), shown
    assert len(set(shown)) >= 3, shown  # the page saw the campaign go on to later adventures
    text = page.locator(".banner.over").inner_text()
    assert f"rank {result['rank']}" in text and "adventure 5" in text, text
    assert page.locator("g.space.loc").count() == 12
    assert errors == []
