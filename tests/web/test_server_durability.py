"""kill -9 under load: a real ``talisman serve`` killed again and again while clients
play; every move the server acknowledged is in the log it comes back with."""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field

import httpx2 as httpx
import pytest
from conftest import ServerProcess, Table, make_table

from talisman.server.store import Store

GAMES = 4
KILLS = int(os.environ.get("TALISMAN_KILLS", "3"))  # more for a long run: TALISMAN_KILLS=50

# each kill waits for a restart, which takes seconds on a loaded machine: a long run gets the time for it
pytestmark = [pytest.mark.timeout(600 + 30 * KILLS), pytest.mark.slow]


@dataclass
class Player:
    """A client playing both people's seats of one game, counting the moves acknowledged."""

    table: Table
    rng: random.Random
    acknowledged: dict[int, tuple[int, str]] = field(default_factory=dict)  # step: (seat, option)
    refused: int = 0

    def play(self, base_url: str, stop: threading.Event) -> None:
        with httpx.Client(base_url=base_url, timeout=5) as http:
            self.table.client = http
            while not stop.is_set():
                try:
                    self.move()
                except (httpx.TransportError, AssertionError):
                    time.sleep(0.05)  # the server is down, or coming back: try again

    def move(self) -> None:
        t = self.table
        seen = t.state()
        d = seen["view"]["decision"]
        if d is None or seen["view"]["result"] is not None:
            time.sleep(0.05)
            return
        if d["player"] not in t.tokens:
            time.sleep(0.005)  # the bot's turn
            return
        mine = t.state(d["player"])
        options = mine["view"]["decision"]["options"]
        option = self.rng.choice(options)["id"]
        r = t.act(d["player"], option, mine["step"])
        if r.status_code == 200:
            self.acknowledged[mine["step"]] = (d["player"], option)
        else:
            self.refused += 1


def test_every_acknowledged_move_survives_kill_9_under_load(server: ServerProcess, db_url: str) -> None:
    server.start(0.0, "--no-client-limits")
    with httpx.Client(base_url=server.url, timeout=10) as http:
        players = [
            Player(make_table(http, ["human", "human", "random"], seed=70 + i), random.Random(i)) for i in range(GAMES)
        ]
    stop = threading.Event()
    threads = [threading.Thread(target=p.play, args=(server.url, stop)) for p in players]
    for t in threads:
        t.start()
    rng = random.Random(5)
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(1.0, 2.5))  # the clients play...
            server.kill()  # ...and the server dies at once, mid-move for some of them
            server.start(0.0, "--no-client-limits")
        time.sleep(1.0)
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    server.stop()
    store = Store(db_url)
    acknowledged = recovered = 0
    for p in players:
        log = {a.n: (a.seat, a.option) for a in store.actions(p.table.id)}
        acknowledged += len(p.acknowledged)
        recovered += sum(1 for n, move in p.acknowledged.items() if log.get(n) == move)
        assert store.game(p.table.id).step == len(log)
    store.close()
    print(f"kill -9 x{KILLS}: {acknowledged} moves acknowledged, {recovered} recovered")
    assert acknowledged >= 20 * KILLS // 5
    assert recovered == acknowledged
