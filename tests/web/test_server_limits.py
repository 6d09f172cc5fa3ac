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


def wrong_token(c: TestClient, t, seat: int):
    return c.get(f"/api/games/{t.id}/state", params={"seat": seat}, headers={"X-Seat-Token": "guess"})


def test_wrong_tokens_lock_out_a_seats_guesses_never_its_token(db_url):
    """Issue 37: ten wrong tokens from an address locked every player behind it out, a seated one on an
    open WebSocket too. Now they are counted per seat of a game: past the limit a wrong token for that
    seat is refused with 429; a right token, for that seat or another, never is."""
    with app_with(db_url, requests=None, wrong_tokens="3/minute") as c:
        t = make_table(c, ["human", "human"], seed=3)
        with c.websocket_connect(f"/ws/games/{t.id}") as seated:  # seat 1, behind the same address
            seated.send_json({"type": "join", "seat": 1, "token": t.tokens[1]})
            assert seated.receive_json()["type"] == "state"
            assert [wrong_token(c, t, 0).status_code for _ in range(3)] == [403, 403, 403]
            r = wrong_token(c, t, 0)
            assert r.status_code == 429 and r.json()["error"] == "locked-out" and "retry-after" in r.headers
            assert "for seat 0 of this game" in r.json()["message"]
            assert c.get(f"/api/games/{t.id}/state", params={"seat": 0}, headers=t.headers(0)).status_code == 200
            assert c.get(f"/api/games/{t.id}/state", params={"seat": 1}, headers=t.headers(1)).status_code == 200
            assert wrong_token(c, t, 1).status_code == 403  # another seat's count is its own
            with c.websocket_connect(f"/ws/games/{t.id}") as again:  # the seat's player comes back
                again.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
                assert again.receive_json()["type"] == "state"
            for _ in range(50):  # seat 0 plays on with its token until seat 1 must choose...
                d = t.state()["view"]["decision"]
                if d["player"] == 1:
                    break
                mine = t.state(0)
                assert t.act(0, mine["view"]["decision"]["options"][0]["id"], mine["step"]).status_code == 200
            mine = t.state(1)  # ...and seat 1 plays on its connection, open all along
            seated.send_json(
                {"type": "act", "option": mine["view"]["decision"]["options"][0]["id"], "step": mine["step"]}
            )
            while seated.receive_json().get("step") != mine["step"] + 1:
                pass


def test_a_flood_of_wrong_tokens_from_an_address_is_locked_out_never_a_token(db_url):
    """Wrong tokens across many seats and games from one address: past the flood limit each is refused
    with 429, from that address only; the right tokens behind that address still work."""
    with app_with(db_url, requests=None, token_floods="4/minute", live_games=None) as c:
        tables = [make_table(c, ["human", "human"], seed=i) for i in range(2)]
        answers = [wrong_token(c, t, seat).status_code for t in tables for seat in (0, 1)]
        assert answers == [403, 403, 403, 403]
        r = wrong_token(c, tables[0], 0)
        assert r.status_code == 429 and "from your address" in r.json()["message"]
        for t in tables:
            assert c.get(f"/api/games/{t.id}/state", params={"seat": 1}, headers=t.headers(1)).status_code == 200
        with TestClient(c.app, client=("192.0.2.7", 5000)) as other:
            assert wrong_token(other, tables[0], 0).status_code == 403


def test_wrong_creator_tokens_are_counted_like_a_seats(db_url):
    with app_with(db_url, requests=None, wrong_tokens="2/minute") as c:
        r = c.post("/api/games", json={"seats": [{"controller": "human"}, {"controller": "human"}]})
        game, creator = r.json()["game"]["id"], r.json()["creator"]
        answers = [
            c.post(f"/api/games/{game}/seats/0/link", headers={"X-Creator-Token": "guess"}).status_code
            for _ in range(3)
        ]
        assert answers == [403, 403, 429]
        assert c.post(f"/api/games/{game}/seats/0/link", headers={"X-Creator-Token": creator}).status_code == 200


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
