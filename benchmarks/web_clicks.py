"""How many clicks a person needs to play a game to its end in the browser.

    python benchmarks/web_clicks.py [--seed 1] [--players 4]

Starts ``talisman serve`` on a fresh database, makes a game of one person and
heuristic bots, opens the person's link in Debian's Chromium (1400x900) and
plays it to the end: at each of the person's decisions the heuristic bot,
given the person's view, picks the option, and the script clicks it as a
person would (a highlighted space on the board, else its button; an option
flagged as certain death takes its second click). Prints the clicks, the
person's decisions and how many of them offered a single main option.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from typing import Any

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

import httpx2 as httpx  # noqa: E402

from talisman.bots import make_bot  # noqa: E402
from talisman.engine.decision import Decision, Option  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def decision_of(view: dict[str, Any]) -> Decision:
    d = view["decision"]
    options = tuple(Option(o["id"], o["label"], o["group"]) for o in d["options"])
    return Decision(d["player"], d["kind"], d["prompt"], options)


def serve(port: int, db: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "talisman.cli.main", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        cwd=tempfile.gettempdir(),  # not the checkout: `-m` puts the working folder first on the path
        env=builds.child_env(),  # the build this benchmark imported
    )
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def play(url: str, seed: int, players: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    seats = [{"controller": "human", "name": "Ann"}] + [{"controller": "heuristic"}] * (players - 1)
    made = httpx.post(f"{url}/api/games", json={"title": "Clicks", "seed": seed, "seats": seats}).json()
    game_id = made["game"]["id"]
    link = made["seats"][0]["link"]
    token = re.search(r"token=([\w-]+)", link).group(1)
    bot = make_bot("heuristic", seed)
    clicks = decisions = forced = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url + link[link.index("/game/") :])
        page.wait_for_selector("g.space")
        while True:
            page.wait_for_selector(".banner.yours, .banner.over", timeout=0)  # bots may play on for long after a death
            if page.locator(".banner.over").count():
                break
            step = int(page.locator(".game").get_attribute("data-step"))
            st = httpx.get(
                f"{url}/api/games/{game_id}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
            ).json()
            if st["step"] != step or not (st["view"]["decision"] or {}).get("options"):
                page.wait_for_timeout(20)
                continue
            view = st["view"]
            choice = bot.choose(view, decision_of(view))
            option = next(o for o in view["decision"]["options"] if o["id"] == choice)
            decisions += 1
            forced += sum(o["group"] != "free" for o in view["decision"]["options"]) == 1
            space = choice.rsplit(":", 1)[-1]
            target = page.locator(f"g.space.target[data-space='{space}']")
            for _ in range(2 if option.get("warn") else 1):
                if target.count() and target.get_attribute("aria-label") == option["label"]:
                    target.click()
                else:
                    page.locator(f"button.option[data-option='{choice}']").click()
                clicks += 1
            page.wait_for_function(
                f"Number(document.querySelector('.game').dataset.step) > {step}"
                " || document.querySelector('.banner.over') !== null",
                timeout=60_000,
            )
        result = httpx.get(f"{url}/api/games/{game_id}").json()
        browser.close()
    return {
        "seed": seed,
        "players": players,
        "clicks": clicks,
        "decisions": decisions,
        "single_main_option": forced,
        "steps": result["step"],
        "turns": result["turn"],
        "result": result.get("result"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(builds.which(), flush=True)
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        proc = serve(port, f"sqlite:///{tmp}/games.db")
        try:
            print(json.dumps(play(f"http://127.0.0.1:{port}", args.seed, args.players), indent=1))
        finally:
            proc.kill()


if __name__ == "__main__":
    main()
