"""Two ``talisman serve`` processes on one PostgreSQL database: a move made through
one is pushed to the other's WebSockets; two moves answering one step, sent to the
two processes at once, are never both applied; a bots' game is played by one
process at a time, and goes on in the other when its process is killed."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import psycopg
import pytest
from conftest import ServerProcess, claim_seat, decision_of
from websockets.sync.client import connect

from talisman.bots.random_bot import RandomBot
from talisman.engine.cards import check_conservation
from talisman.engine.game import Game
from talisman.server.cluster import libpq_url, lock_key
from talisman.server.store import Store

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def pair(postgres_db: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    servers = (ServerProcess(postgres_db, tmp_path / "a.log"), ServerProcess(postgres_db, tmp_path / "b.log"))
    yield servers
    for srv in servers:
        srv.stop()


def start(servers: tuple[ServerProcess, ...], bot_delay: float = 0.0) -> None:
    for srv in servers:
        srv.start(bot_delay, "--no-client-limits")


def create(http: httpx.Client, controllers: list[str], seed: int) -> dict:
    r = http.post("/api/games", json={"seats": [{"controller": c} for c in controllers], "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def state(http: httpx.Client, game_id: str, seat: int | None = None, token: str | None = None) -> dict:
    params, headers = ({"seat": seat}, {"X-Seat-Token": token}) if seat is not None else ({}, {})
    r = http.get(f"/api/games/{game_id}/state", params=params, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def replayed(store: Store, game_id: str) -> Game:
    """The game rebuilt from its stored log alone."""
    record = store.game(game_id)
    c = record.config
    g = Game.new(c["characters"], modules=c["modules"], options=c["options"], seed=c["seed"])
    for a in store.actions(game_id):
        g.apply(a.option, player=a.seat)
    return g


def test_a_move_through_one_process_is_pushed_to_the_other_processes_websocket(pair):
    a, b = pair
    start(pair)
    with httpx.Client(base_url=a.url, timeout=20) as http_a, httpx.Client(base_url=b.url, timeout=20) as http_b:
        created = create(http_a, ["human", "human"], seed=5)
        game_id = created["game"]["id"]
        invites = {s["seat"]: s["invite"] for s in created["seats"]}
        tokens = {0: claim_seat(http_a, game_id, 0, invites[0]), 1: claim_seat(http_b, game_id, 1, invites[1])}
        with connect(b.url.replace("http", "ws") + f"/ws/games/{game_id}", open_timeout=20) as ws:
            ws.send(json.dumps({"type": "join", "seat": 1, "token": tokens[1]}))
            pushed = json.loads(ws.recv(20))
            assert pushed["type"] == "state" and pushed["step"] == 0
            bot = RandomBot(random.Random(3))
            moves = 0
            while moves < 8:  # every move made through A, whoever's it is
                seat = state(http_a, game_id)["view"]["decision"]["player"]
                st = state(http_a, game_id, seat, tokens[seat])
                r = http_a.post(
                    f"/api/games/{game_id}/actions",
                    json={"seat": seat, "option": bot.choose(st["view"], decision_of(st["view"])), "step": st["step"]},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                assert r.status_code == 200, r.text
                moves += 1
                while pushed["type"] != "state" or pushed["step"] < st["step"] + 1:  # B pushes the move it did not make
                    pushed = json.loads(ws.recv(20))
                assert pushed["step"] == st["step"] + 1
                # ... exactly as A shows it to that seat
                assert pushed["view"] == state(http_a, game_id, 1, tokens[1])["view"]
        seen_b, seen_a = state(http_b, game_id), state(http_a, game_id)
        for key in ("step", "view", "events"):  # (who is connected reaches the other process a moment later)
            assert seen_b[key] == seen_a[key]


def answer(
    http: httpx.Client,
    game_id: str,
    token: str,
    option: str,
    step: int,
    go: threading.Barrier,
    codes: list[int],
    i: int,
) -> None:
    """Seat 0's answer, sent when the other thread sends its own."""
    go.wait()
    r = http.post(
        f"/api/games/{game_id}/actions",
        json={"seat": 0, "option": option, "step": step},
        headers={"X-Seat-Token": token},
    )
    codes[i] = r.status_code
    assert r.status_code == 200 or r.json()["error"] == "stale", r.text


def test_two_moves_answering_one_step_in_two_processes_are_never_both_applied(pair):
    a, b = pair
    start(pair)
    with httpx.Client(base_url=a.url, timeout=30) as http_a, httpx.Client(base_url=b.url, timeout=30) as http_b:
        created = create(http_a, ["human"], seed=8)
        game_id = created["game"]["id"]
        token = claim_seat(http_a, game_id, 0, created["seats"][0]["invite"])
        bot = RandomBot(random.Random(4))
        outcomes = []
        for _ in range(12):
            st = state(http_b, game_id, 0, token)
            if st["view"]["decision"] is None:
                break
            view, d = st["view"], decision_of(st["view"])
            answers = [bot.choose(view, d), bot.choose(view, d)]  # maybe different options, one step
            codes: list[int] = [0, 0]
            go = threading.Barrier(2)
            threads = [
                threading.Thread(target=answer, args=(http, game_id, token, option, st["step"], go, codes, i))
                for i, (http, option) in enumerate(zip((http_a, http_b), answers, strict=True))
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(codes) == [200, 409]  # one applied, the other refused as stale
            outcomes.append(codes)
            after = state(http_a, game_id)
            assert after["step"] == st["step"] + 1 and state(http_b, game_id) == after
        assert len(outcomes) >= 5
    store = Store(a.db_url)
    try:
        g = replayed(store, game_id)
        record = store.game(game_id)
        assert len(g.history) == record.step == after["step"] == len(store.actions(game_id))
        check_conservation(g)  # no card lost or duplicated on the way
    finally:
        store.close()


def test_a_bots_game_is_played_by_one_process_and_goes_on_when_it_dies(pair):
    a, b = pair
    start(pair, bot_delay=0.05)
    with httpx.Client(base_url=a.url, timeout=20) as http_a, httpx.Client(base_url=b.url, timeout=20) as http_b:
        game_id = create(http_a, ["heuristic", "random", "heuristic"], seed=21)["game"]["id"]
        state(http_b, game_id)  # B holds the game too
        time.sleep(1.5)
        with psycopg.connect(libpq_url(a.db_url)) as db:
            owners = db.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = %s",
                (lock_key(game_id),),
            ).fetchone()[0]
        assert owners == 1  # the autopilot of the game runs in one process only
        before = state(http_b, game_id)["step"]
        assert before > 0
        a.kill()  # the process playing the bots dies: B takes over within a few seconds
        end = time.monotonic() + 60
        while state(http_b, game_id)["step"] < before + 10:
            assert time.monotonic() < end, "the other process did not take the bots' game over"
            time.sleep(0.2)
    for log in (a.log, b.log):
        assert "refused" not in log.read_text() and "Traceback" not in log.read_text()
    store = Store(b.db_url)
    try:
        g = replayed(store, game_id)  # every move once, in order: the log replays
        assert len(g.history) == len(store.actions(game_id)) >= before + 10
        check_conservation(g)
    finally:
        store.close()


def test_server_processes_share_one_port_and_refuse_to_share_sqlite(postgres_db, tmp_path):
    servers = [ServerProcess(postgres_db, tmp_path / f"{i}.log") for i in range(2)]
    servers[1].port, servers[1].url = servers[0].port, servers[0].url  # one address for both
    try:
        for srv in servers:
            srv.start(0.0, "--no-client-limits", "--reuse-port")  # the second binds the port the first listens on
        with httpx.Client(base_url=servers[0].url, timeout=20) as http:
            game_id = create(http, ["human", "random"], seed=3)["game"]["id"]
        servers[0].kill()  # the address is served still, by the other process (once it has started)
        end = time.monotonic() + 120
        while True:
            assert servers[1].proc.poll() is None, servers[1].log.read_text()
            try:
                with httpx.Client(base_url=servers[0].url, timeout=20) as http:
                    assert state(http, game_id)["game"]["id"] == game_id
                break
            except httpx.TransportError:
                assert time.monotonic() < end, "the other process does not serve the address"
                time.sleep(0.2)
    finally:
        for srv in servers:
            srv.stop()
    done = subprocess.run(
        [sys.executable, "-m", "talisman.cli.main", "serve", "--reuse-port", "--db", f"sqlite:///{tmp_path / 'x.db'}"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "--reuse-port needs a PostgreSQL database" in done.stderr
