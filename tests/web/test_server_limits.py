"""What one client may ask: body sizes, request rates, wrong tokens, live games, and the
clean-up of abandoned games (issue 10, item 3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from conftest import make_table
from fastapi.testclient import TestClient
from sqlalchemy import update

from talisman.server.app import create_app
from talisman.server.limits import Limits
from talisman.server.store import games

pytestmark = pytest.mark.timeout(120)


def app_with(db_url: str, **limits: object) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=Limits(**limits)))  # type: ignore[arg-type]


@pytest.fixture
def strict(db_url: str) -> Iterator[TestClient]:
    with app_with(db_url, requests="8/minute", creations="3/minute", wrong_tokens="3/minute", live_games=2) as c:
        yield c


def test_a_body_too_large_is_refused_before_it_is_read(client):
    big = {"seats": [{"controller": "human"}], "title": "x" * (70 * 1024)}
    r = client.post("/api/games", json=big)
    assert r.status_code == 413 and r.json()["error"] == "too-large" and "65536 bytes" in r.json()["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"seats": [{"controller": "human"}], "title": "'
        for _ in range(100):
            yield b"y" * 1024
        yield b'"}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games").json() == []


def test_requests_are_rated_per_client(strict, db_url):
    answers = [strict.get("/api/games").status_code for _ in range(10)]
    assert answers[:8] == [200] * 8 and answers[8:] == [429, 429]
    r = strict.get("/api/games")
    assert r.json()["error"] == "too-many" and 1 <= int(r.headers["retry-after"]) <= 60
    assert strict.get("/static/app.js").status_code == 200  # the UI's files are not counted
    with TestClient(strict.app, client=("192.0.2.7", 5000)) as other:  # another address is served
        assert other.get("/api/games").status_code == 200


def test_too_many_wrong_tokens_lock_a_client_out(strict):
    t = make_table(strict, ["human", "human"], seed=3)
    for _ in range(3):
        r = strict.get(f"/api/games/{t.id}/state", params={"seat": 0}, headers={"X-Seat-Token": "guess"})
        assert r.status_code == 403
    r = strict.get(f"/api/games/{t.id}/state", params={"seat": 0}, headers=t.headers(0))  # even the right one
    assert r.status_code == 429 and r.json()["error"] == "locked-out" and "retry-after" in r.headers
    with strict.websocket_connect(f"/ws/games/{t.id}") as ws:
        ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
        assert ws.receive_json()["error"] == "locked-out"
    with TestClient(strict.app, client=("192.0.2.7", 5000)) as friend:
        r = friend.get(f"/api/games/{t.id}/state", params={"seat": 0}, headers=t.headers(0))
        assert r.status_code == 200


def test_live_games_and_creations_are_capped_per_client(db_url):
    with app_with(db_url, live_games=2) as c:
        make_table(c, ["human"], seed=1)
        make_table(c, ["human"], seed=2)
        r = c.post("/api/games", json={"seats": [{"controller": "human"}]})
        assert r.status_code == 429 and "2 games in play already" in r.json()["message"]
        with TestClient(c.app, client=("192.0.2.7", 5000)) as other:
            make_table(other, ["human"], seed=3)
    with app_with(db_url, creations="1/minute", live_games=None) as c:
        with TestClient(c.app, client=("192.0.2.8", 5000)) as fresh:
            make_table(fresh, ["human"], seed=4)
            r = fresh.post("/api/games", json={"seats": [{"controller": "human"}]})
            assert r.status_code == 429 and "too many games made" in r.json()["message"]


def test_websocket_messages_are_rated_per_connection(db_url):
    with app_with(db_url, messages="5/minute") as c:
        t = make_table(c, ["human", "human"], seed=3)
        with c.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
            for _ in range(8):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = []
            while len(replies) < 8:
                msg = ws.receive_json()
                if msg["type"] in ("pong", "error"):
                    replies.append(msg)
            assert [m["type"] for m in replies].count("pong") == 5
            assert replies[-1]["error"] == "too-many"


def test_abandoned_games_are_deleted(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        idle = make_table(c, ["human", "human"], seed=1)
        busy = make_table(c, ["human", "human"], seed=2)
        done = make_table(c, ["random"], seed=3)
        while c.get(f"/api/games/{done.id}").json()["status"] != "finished":
            pass
        hub = c.app.state.hub
        with hub.store.engine.begin() as db:
            long_ago = datetime.now(UTC) - timedelta(days=15)
            db.execute(update(games).where(games.c.id.in_([idle.id, done.id])).values(updated=long_ago))
        assert c.portal.call(hub.sweep) == [idle.id]
        assert c.get(f"/api/games/{idle.id}").status_code == 404
        assert c.get(f"/api/games/{busy.id}").status_code == 200
        assert c.get(f"/api/games/{done.id}/save").status_code == 200  # finished games stay, for replays
