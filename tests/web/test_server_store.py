"""Games in the database: configuration, seed, action log and snapshots; a
restarted server (in this process, then as a real process killed mid-game)
serves every game where it was; PostgreSQL as well as SQLite."""

from __future__ import annotations

import random
import time

import httpx2 as httpx
import pytest
from conftest import make_table
from fastapi.testclient import TestClient
from sqlalchemy import update

from talisman.engine.game import Game
from talisman.server.app import create_app
from talisman.server.store import Store, actions, normalise_url

pytestmark = pytest.mark.timeout(240)


def everything(t, seats):
    """All that the clients of a game can be told, seat by seat."""
    return {seat: t.state(seat) for seat in seats}


def test_a_game_is_stored_as_configuration_actions_and_snapshots(db_url):
    with TestClient(create_app(db_url, bot_delay=0, snapshot_every=10)) as client:
        t = make_table(client, ["human", "random", "human"], seed=12)
        st = t.play(40, random.Random(2))
        game = client.app.state.hub.sessions[t.id].game
    store = Store(db_url)
    record = store.game(t.id)
    assert record.config == game.config.to_dict() and record.config["seed"] == 12
    assert record.step == st["step"] == len(store.actions(t.id))
    assert [a.option for a in store.actions(t.id)] == game.history
    hashes = store.snapshot_hashes(t.id)
    assert 0 in hashes and all(n % 10 == 0 for n in hashes) and max(hashes) == st["step"] // 10 * 10
    n, state, digest = store.snapshot_at_or_before(t.id, st["step"])
    assert Game.from_state_dict(state).state_hash() == digest
    store.close()


def test_a_restarted_server_serves_every_game_where_it_was(db_url):
    rng = random.Random(5)
    with TestClient(create_app(db_url, bot_delay=0, snapshot_every=7)) as client:
        tables = [make_table(client, ["human", "heuristic", "human"], seed=s) for s in (1, 2, 3)]
        for t in tables:
            t.play(15 + rng.randrange(20), rng)
        before = [everything(t, (None, 0, 2)) for t in tables]
        hashes = [client.app.state.hub.sessions[t.id].game.state_hash() for t in tables]
    with TestClient(create_app(db_url, bot_delay=0, snapshot_every=7)) as client:
        for t, seen, digest in zip(tables, before, hashes, strict=True):
            t.client = client
            assert everything(t, (None, 0, 2)) == seen  # the same views and the whole log, for every seat
            assert client.app.state.hub.sessions[t.id].game.state_hash() == digest
            st = t.play(10, rng)  # and the game goes on
            assert st["step"] > seen[None]["step"]


def test_a_log_that_no_longer_replays_is_restored_from_the_latest_snapshot(db_url):
    with TestClient(create_app(db_url, bot_delay=0, snapshot_every=10)) as client:
        t = make_table(client, ["human", "random", "human"], seed=7)
        st = t.play(35, random.Random(4))
        digest = client.app.state.hub.sessions[t.id].game.state_hash()
    store = Store(db_url)
    with store.engine.begin() as db:  # as if an old action meant something else to a newer engine
        db.execute(update(actions).where(actions.c.game_id == t.id, actions.c.n == 3).values(option="no-such-option"))
    store.close()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        t.client = client
        again = t.state()
        assert again["step"] == st["step"] and again["view"] == st["view"]
        assert client.app.state.hub.sessions[t.id].game.state_hash() == digest
        assert "could not be rebuilt" in again["events"][0]["text"]
        assert t.play(5, random.Random(1))["step"] > st["step"]


def test_postgresql_urls_use_psycopg():
    assert normalise_url("postgresql://u:p@h:5/db") == "postgresql+psycopg://u:p@h:5/db"
    assert normalise_url("postgresql+psycopg://h/db") == "postgresql+psycopg://h/db"


def test_the_store_and_the_server_on_postgresql(postgres_url):
    store = Store(postgres_url)
    assert store.engine.dialect.name == "postgresql"
    store.close()
    with TestClient(create_app(postgres_url, bot_delay=0, snapshot_every=5)) as client:
        t = make_table(client, ["human", "heuristic", "human"], seed=31)
        t.play(20, random.Random(8))
        seen = everything(t, (None, 0, 2))
        assert client.get("/api/games").json()[0]["id"] == t.id
    with TestClient(create_app(postgres_url, bot_delay=0)) as client:
        t.client = client
        assert everything(t, (None, 0, 2)) == seen
        st = t.play(3000, random.Random(9))
        assert st["view"]["result"] is not None
        assert client.get(f"/api/games/{t.id}/replay/{st['step'] // 2}").status_code == 200


def test_a_server_process_killed_mid_game_comes_back_where_it_was(server):
    server.start(bot_delay=0.004)
    rng = random.Random(11)
    with httpx.Client(base_url=server.url, timeout=10) as http:
        tables = [make_table(http, ["human", "random", "human"], seed=s) for s in (41, 42)]
        for t in tables:
            t.play(25, rng)
        open_game = make_table(http, ["human", "human"], seed=43, claim=False)
        before = [everything(t, (None, 0, 2)) for t in tables]
        # made last, and the server killed as soon as its bots have begun: a game of bots alone
        # may be over in seconds (however loaded the machine, it must be caught mid-play)
        bots_only = make_table(http, ["heuristic", "heuristic", "heuristic"], seed=40)
        while (bots_seen := bots_only.state())["step"] == 0:
            time.sleep(0.05)
        listed = {g["id"]: g["status"] for g in http.get("/api/games").json()}
        assert bots_seen["game"]["status"] == "running" and bots_seen["step"] > 0
    server.kill()  # no shutdown code runs: what was answered must already be stored
    server.start(bot_delay=0.004)
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for t, seen in zip(tables, before, strict=True):
            t.client = http
            assert everything(t, (None, 0, 2)) == seen
            assert t.play(3000, rng)["view"]["result"] is not None  # and each game plays on to its end
        assert http.get(f"/api/games/{open_game.id}").json()["status"] == listed[open_game.id] == "open"
        assert {g["id"] for g in http.get("/api/games").json()} == set(listed)
        bots_only.client = http
        assert bots_only.state()["step"] >= bots_seen["step"]  # the bots' game was killed mid-play...
        assert bots_only.wait_for_people(0, timeout=60)["view"]["result"] is not None  # ...and plays on by itself


def test_an_in_memory_database_works_for_a_throwaway_server():
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = make_table(client, ["human", "random"], seed=2)
        assert t.play(5, random.Random(0))["step"] >= 5
