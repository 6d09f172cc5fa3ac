"""Fixtures of the web game's tests: an app on a fresh SQLite file, a real
``talisman serve`` process, a PostgreSQL server of our own, and helpers that
play through the API."""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from browsing import CHROMIUM, FLAGS, NO_CHROMIUM
from fastapi.testclient import TestClient

from talisman.bots.random_bot import RandomBot
from talisman.engine.decision import Decision, Option
from talisman.server.app import create_app
from talisman.server.scratch_pg import Unavailable, create_database, scratch_postgres


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def decision_of(view: dict[str, Any]) -> Decision:
    """The pending decision of a seat's view, as the agents take it."""
    d = view["decision"]
    return Decision(
        d["player"], d["kind"], d["prompt"], tuple(Option(o["id"], o["label"], o["group"]) for o in d["options"])
    )


@dataclass
class Table:
    """A game made through the API, with the tokens of its people's seats (those claimed)
    and their invitations."""

    client: TestClient | httpx.Client
    id: str
    tokens: dict[int, str]
    invites: dict[int, str] = field(default_factory=dict)

    def open(self, seat: int) -> str:
        """A person opens their seat's invitation link: the seat is theirs, with its token."""
        self.tokens[seat] = claim_seat(self.client, self.id, seat, self.invites[seat])
        return self.tokens[seat]

    def headers(self, seat: int) -> dict[str, str]:
        return {"X-Seat-Token": self.tokens[seat]}

    def state(self, seat: int | None = None) -> dict[str, Any]:
        if seat is None:
            r = self.client.get(f"/api/games/{self.id}/state")
        else:
            r = self.client.get(f"/api/games/{self.id}/state", params={"seat": seat}, headers=self.headers(seat))
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, seat: int, option: str, step: int) -> httpx.Response:
        return self.client.post(
            f"/api/games/{self.id}/actions",
            json={"seat": seat, "option": option, "step": step},
            headers=self.headers(seat),
        )

    def play(self, actions: int, rng: random.Random) -> dict[str, Any]:
        """Let the people's seats answer with random options for a number of actions (bots answer by themselves)."""
        bot = RandomBot(rng)
        st = self.state()
        for _ in range(actions):
            d = st["view"]["decision"]
            if d is None:
                break
            seat = d["player"]
            if seat not in self.tokens:
                st = self.wait_for_people(st["step"])
                continue
            mine = self.state(seat)
            r = self.act(seat, bot.choose(mine["view"], decision_of(mine["view"])), mine["step"])
            assert r.status_code == 200, r.text
            st = r.json()
        return self.wait_for_people(st["step"])

    def wait_for_people(self, step: int, timeout: float = 20.0) -> dict[str, Any]:
        """The spectator's state once the bots have played and a person (or nobody) must decide."""
        end = time.monotonic() + timeout
        while True:
            st = self.state()
            d = st["view"]["decision"]
            if d is None or d["player"] in self.tokens:
                return st
            assert time.monotonic() < end, f"the bots did not play on from step {step}"
            time.sleep(0.02)


def make_table(
    client: TestClient | httpx.Client, controllers: list[str], seed: int = 1, claim: bool = True, **extra: Any
) -> Table:
    """A game made through the API, each person's seat claimed with its invitation (unless not ``claim``)."""
    body = {"seats": [{"controller": c} for c in controllers], "seed": seed, **extra}  # extra may name the seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return table_of(client, r.json(), claim=[s["seat"] for s in r.json()["seats"]] if claim else [])


def table_of(client: TestClient | httpx.Client, created: dict[str, Any], claim: list[int]) -> Table:
    """The table of a game just made, the seats of ``claim`` opened by their people."""
    t = Table(client, created["game"]["id"], {}, {s["seat"]: s["invite"] for s in created["seats"]})
    for seat in claim:
        t.open(seat)
    return t


def claim_seat(client: TestClient | httpx.Client, game_id: str, seat: int, invite: str) -> str:
    """Open a seat's invitation: its token."""
    r = client.post(f"/api/games/{game_id}/seats/{seat}/claim", json={"invite": invite})
    assert r.status_code == 200, r.text
    return r.json()["token"]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


class ServerProcess:
    """``talisman serve`` in its own process, as a user runs it."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen | None = None

    def start(self, bot_delay: float = 0.0, *extra: str) -> None:
        """Start the server (``extra``: more options of ``talisman serve``). A Fate reroll beside the
        die waits a minute here, unless ``extra`` says otherwise: a test's clicks, however slow the
        machine, then answer it, and a seeded game goes the same way every time."""
        if "--beside-wait" not in extra:
            extra = (*extra, "--beside-wait", "60")
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "talisman.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--bot-delay",
                str(bot_delay),
                *extra,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        end = time.monotonic() + 120  # a loaded machine (the suite runs in parallel) starts slowly
        while time.monotonic() < end:
            assert self.proc.poll() is None, f"the server exited: {self.log.read_text()}"
            try:
                if httpx.get(self.url + "/api/games", params={"limit": 1}, timeout=5).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.log.read_text()}")

    def kill(self) -> None:
        """Kill the process at once, as a crash or a power switch would (no shutdown code runs)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(db_url, tmp_path / "server.log")
    yield srv
    srv.stop()


# --- PostgreSQL: a throw-away server of our own ------------------------------------


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server started for the tests (Debian's ``postgresql``
    package; scripts/test.sh installs it). Skipped, with the reason, where it
    cannot be started."""
    try:
        with scratch_postgres() as url:
            yield url
    except Unavailable as e:
        pytest.skip(str(e))


@pytest.fixture
def postgres_db(postgres_url: str) -> str:
    """A fresh database of its own on the tests' PostgreSQL server (no other test's games in it)."""
    return create_database(postgres_url, "t" + uuid.uuid4().hex[:12])


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, started once per test file a test process runs (a launch costs seconds on a
    loaded machine) with a fresh, empty profile (Playwright's launch makes a new --user-data-dir each
    time). Not once per process: Playwright's synchronous API keeps an event loop running while it is
    open, and the terminal game's tests, run by the same process after the browser's, start their own
    (asyncio.run refuses to start one inside a running loop)."""
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The tests' Chromium, each new_context a separate browser user (its own cookies and storage,
    as a fresh browser's); the contexts a test opened are closed at its end, so that no page of
    it runs on into the next test. A test that asks for it is skipped where Chromium is not installed."""
    b = PatientBrowser(chromium)
    yield b
    b.close_contexts()


# How long a browser test waits for the page by default: Playwright's 30 s proved too short on a
# loaded two-core CI machine, where the server, its bots and Chromium share the cores with another
# test worker. A page that never shows what is awaited still fails, a minute later.
PAGE_WAIT_MS = 60_000


class PatientBrowser:
    """The Chromium of a test, whose contexts and pages wait ``PAGE_WAIT_MS`` by default."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(PAGE_WAIT_MS)
        self._contexts.append(context)
        return context

    def close_contexts(self) -> None:
        """Close every context this test opened (closing one already closed does nothing)."""
        for context in self._contexts:
            context.close()

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
