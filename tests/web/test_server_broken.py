"""A game whose engine fails or spins is marked broken, stored so, never served again,
and never blocks the other games (issue 10, item 1)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Table, make_table
from fastapi.testclient import TestClient

from talisman.engine.game import Game
from talisman.server import hub as hub_module
from talisman.server.app import create_app

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set at the end of a test: a spinning engine thread then stops."""
    event = threading.Event()
    yield event
    event.set()


def spin(release: threading.Event) -> None:
    """An engine step that never returns, as a rule that loops for ever would (until the test ends)."""
    while not release.is_set():
        pass


def first_option(t: Table) -> tuple[int, str, int]:
    seat = t.state()["view"]["decision"]["player"]
    st = t.state(seat)
    return seat, st["view"]["decision"]["options"][0]["id"], st["step"]


def is_refused_as_broken(t: Table) -> None:
    r = t.client.get(f"/api/games/{t.id}/state")
    assert r.status_code == 410 and r.json()["error"] == "broken", r.text
    assert "no longer served" in r.json()["message"]
    assert t.client.get(f"/api/games/{t.id}").status_code == 410
    assert t.id not in [g["id"] for g in t.client.get("/api/games").json()]
    assert t.id in [g["id"] for g in t.client.get("/api/games", params={"status": "broken"}).json()]


def test_an_engine_fault_marks_the_game_broken_for_good(db_url, monkeypatch):
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        t = make_table(client, ["human", "human"], seed=5)
        other = make_table(client, ["human", "human"], seed=6)
        apply = Game.apply

        def half_applied(game: Game, option_id: str, player: int | None = None) -> None:
            apply(game, option_id, player)  # the state has moved on...
            raise RuntimeError("a rule went wrong")  # ...when the fault strikes

        with client.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": None})
            assert ws.receive_json()["type"] == "state"
            ws.receive_json()  # who is connected
            monkeypatch.setattr(Game, "apply", half_applied)
            seat, option, step = first_option(t)
            r = t.act(seat, option, step)
            monkeypatch.undo()
            assert r.status_code == 410 and r.json()["error"] == "broken"
            assert "a rule went wrong" not in r.json()["message"]  # the details are in the server's log only
            while (told := ws.receive_json())["type"] == "game":  # the seat joined
                pass
            assert told["type"] == "error" and told["error"] == "broken"
        is_refused_as_broken(t)
        with client.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": None})
            assert ws.receive_json()["error"] == "broken"
        seat, option, step = first_option(other)
        assert other.act(seat, option, step).status_code == 200
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # and after a restart
        t.client = client
        is_refused_as_broken(t)
        assert client.get(f"/api/games/{t.id}/save").json()["error"] == "broken"


def test_a_spinning_engine_is_given_up_on_while_other_games_play_on(db_url, monkeypatch, release):
    with TestClient(create_app(db_url, bot_delay=0, engine_budget=3.0)) as client:
        stuck = make_table(client, ["human", "human"], seed=5)
        others = [make_table(client, ["human", "human"], seed=s) for s in (6, 7)]
        hub = client.app.state.hub
        target = hub.sessions[stuck.id].game
        apply = Game.apply

        def loops_on_one_game(game: Game, option_id: str, player: int | None = None) -> None:
            if game is target:
                spin(release)
            apply(game, option_id, player)

        monkeypatch.setattr(Game, "apply", loops_on_one_game)
        answer: dict[str, Any] = {}
        seat, option, step = first_option(stuck)
        started = time.monotonic()
        waiting = threading.Thread(target=lambda: answer.update(r=stuck.act(seat, option, step)))
        waiting.start()
        time.sleep(0.2)
        latencies = []
        while waiting.is_alive():  # the other games' moves are answered at once meanwhile
            for t in others:
                seat, option, step = first_option(t)
                t0 = time.monotonic()
                assert t.act(seat, option, step).status_code == 200
                latencies.append(time.monotonic() - t0)
        waiting.join()
        assert time.monotonic() - started >= 3.0
        # answered well within the stuck game's budget: not queued behind it (even on a loaded machine)
        assert len(latencies) >= 2 and max(latencies) < 1.5, latencies
        r = answer["r"]
        assert r.status_code == 410 and "ran for more than 3 s" in r.json()["message"]
        is_refused_as_broken(stuck)
        assert hub.workers.lost == 1


def test_a_game_whose_set_up_spins_is_not_created(client, monkeypatch, release):
    client.app.state.hub.engine_budget = 1.0
    new_game = hub_module.new_game

    def spinning(config: dict[str, Any]) -> Game:
        spin(release)
        return new_game(config)

    monkeypatch.setattr(hub_module, "new_game", spinning)
    r = client.post("/api/games", json={"seats": [{"controller": "human"}]})
    assert r.status_code == 400 and "could not set this game up within 1 s" in r.json()["message"]
    assert client.get("/api/games").json() == []


def test_a_game_over_before_its_first_move_is_not_created(client, monkeypatch):
    """The engine ends a game that runs on without a decision (its own bound on such steps);
    a game ending so at once is refused rather than stored."""
    new_game = hub_module.new_game

    def stalls(config: dict[str, Any]) -> Game:
        g = new_game(config)
        g.result = {"winners": [], "how": "no player can act", "turn": g.turn}
        return g

    monkeypatch.setattr(hub_module, "new_game", stalls)
    r = client.post("/api/games", json={"seats": [{"controller": "human"}]})
    assert r.status_code == 400 and "over before its first move (no player can act)" in r.json()["message"]


def test_a_game_that_hangs_its_restore_is_broken_and_the_server_starts(db_url, monkeypatch, release):
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        stuck = make_table(client, ["human", "heuristic"], seed=5)
        fine = make_table(client, ["human", "heuristic"], seed=6)
    replay = hub_module._replay

    def hangs_on_one(record: Any, options: list[str], hashes: dict[int, str]) -> Game:
        if record.id == stuck.id:
            spin(release)
        return replay(record, options, hashes)

    monkeypatch.setattr(hub_module, "_replay", hangs_on_one)
    started = time.monotonic()
    with TestClient(create_app(db_url, bot_delay=0, restore_budget=1.0)) as client:
        assert time.monotonic() - started < 10
        stuck.client = fine.client = client
        is_refused_as_broken(stuck)
        assert "replaying its log took more than 1 s" in client.get(f"/api/games/{stuck.id}").json()["message"]
        seat, option, step = first_option(fine)
        assert fine.act(seat, option, step).status_code == 200
