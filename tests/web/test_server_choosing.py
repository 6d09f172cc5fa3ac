"""People choosing their characters before a game begins: the game waits
(status ``choosing``), each chooser picks a free character once, first come
first served, every bad pick is refused and changes nothing, the waiting
survives a restart, and the last pick starts the game from its seed."""

from __future__ import annotations

import json
import random

import pytest
from conftest import Table, table_of
from fastapi.testclient import TestClient

from talisman.engine.game import Game
from talisman.server.app import create_app
from talisman.server.store import Store

pytestmark = pytest.mark.timeout(120)

SEATS = [
    {"controller": "human", "choose": True, "name": "Ann"},
    {"controller": "human", "choose": True, "name": "Bob"},
    {"controller": "heuristic"},
    {"controller": "human", "character": "troll", "name": "Cy"},
]


def make_waiting(client, seats=SEATS, seed: int = 9) -> Table:
    r = client.post("/api/games", json={"seats": seats, "seed": seed, "title": "Choosers"})
    assert r.status_code == 201, r.text
    data = r.json()
    assert data["game"]["status"] == "choosing"
    return table_of(client, data, claim=[i for i, s in enumerate(seats) if s.get("choose")])


def pick(t: Table, seat: int, character, token: str | None = None):
    headers = {"X-Seat-Token": token if token is not None else t.tokens[seat]}
    return t.client.post(f"/api/games/{t.id}/seats/{seat}/character", json={"character": character}, headers=headers)


def open_link(t: Table, seat: int) -> None:
    """A person opens their seat's link (the seat is then joined; its state waits for the choices)."""
    if seat not in t.tokens:
        t.open(seat)
    r = t.client.get(f"/api/games/{t.id}/state", params={"seat": seat}, headers=t.headers(seat))
    assert r.status_code == 409 and r.json()["error"] == "not-started"


def info(t: Table) -> dict:
    return t.client.get(f"/api/games/{t.id}").json()


def holders(t: Table) -> dict[str, int | None]:
    return {c["key"]: c["seat"] for c in t.client.get(f"/api/games/{t.id}/characters").json()}


@pytest.mark.rules("core.setup.choose-characters")
def test_people_choose_then_the_game_begins_from_its_seed(client):
    t = make_waiting(client)
    game = info(t)
    assert [s["choosing"] for s in game["seats"]] == [True, True, False, False]
    assert [s["character"] for s in game["seats"]] == [None, None, None, "Troll"]  # the bot's is dealt at the start
    assert [g["id"] for g in client.get("/api/games", params={"status": "choosing"}).json()] == [t.id]
    r = client.get(f"/api/games/{t.id}/state")
    assert r.status_code == 409 and r.json()["error"] == "not-started"
    assert "Ann (seat 0) and Bob (seat 1) to choose their characters" in r.json()["message"]

    cards = {c["key"]: c for c in client.get(f"/api/games/{t.id}/characters").json()}
    assert cards["warrior"]["strength"] == 4 and cards["warrior"]["craft"] == 2
    assert cards["warrior"]["start"] == "Tavern" and cards["warrior"]["abilities"]
    assert cards["troll"]["seat"] == 3 and cards["elf"]["seat"] is None

    r = pick(t, 1, "wizard")  # first come, first served: Bob before Ann
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "choosing" and r.json()["seats"][1]["character"] == "Wizard"
    assert [s["choosing"] for s in r.json()["seats"]] == [True, False, False, False]
    assert holders(t)["wizard"] == 1
    assert "Ann (seat 0) to choose a character" in client.get(f"/api/games/{t.id}/state").json()["message"]

    r = pick(t, 0, "warrior")
    assert r.status_code == 200, r.text
    game = r.json()
    assert game["status"] == "open"  # Cy has not opened his link yet
    assert [s["character"] for s in game["seats"]][:2] == ["Warrior", "Wizard"]
    assert game["seats"][2]["character"] not in ("Warrior", "Wizard", "Troll", None)

    # the engine's game, as the engine makes it from the picks and the same seed; its config is recorded
    expected = Game.new(["warrior", "wizard", None, "troll"], seed=9, options={"turn-cap": 1000})  # the server's cap
    live = client.app.state.hub.sessions[t.id].game
    assert (
        live.config.to_dict()
        == expected.config.to_dict()
        == {
            "modules": ["core"],
            "options": {"turn-cap": 1000},
            "seed": 9,
            "characters": ["warrior", "wizard", None, "troll"],
        }
    )
    record = client.app.state.hub.store.game(t.id)
    assert record.config == expected.config.to_dict() and record.status == "open"
    assert client.app.state.hub.store.snapshot_hashes(t.id) == {0: expected.state_hash()}
    assert holders(t) == {
        **{k: None for k in holders(t)},
        "warrior": 0,
        "wizard": 1,
        "troll": 3,
        expected.players[2].character: 2,
    }

    t.open(3)  # Cy opens his link: the game runs
    assert info(t)["status"] == "running"
    st = t.play(30, random.Random(4))
    assert st["step"] > 0


def test_every_bad_pick_is_refused_and_changes_nothing(client):
    t = make_waiting(client)
    for seat in (0, 1, 3):
        open_link(t, seat)
    assert pick(t, 1, "elf").status_code == 200
    before = (info(t), holders(t), client.app.state.hub.store.game(t.id).config)

    def refused(r, status, code, words):
        assert r.status_code == status, r.text
        assert r.json()["error"] == code and words in r.json()["message"], r.json()
        assert (info(t), holders(t), client.app.state.hub.store.game(t.id).config) == before

    refused(pick(t, 0, "troll"), 409, "taken", "the Troll is already taken by seat 3")  # named at creation
    refused(pick(t, 0, "elf"), 409, "taken", "the Elf is already taken by seat 1")  # picked by Bob
    refused(pick(t, 1, "dwarf"), 409, "already-chosen", "seat 1 has already chosen the Elf")
    refused(pick(t, 3, "dwarf"), 409, "not-choosing", "named when the game was made")
    refused(pick(t, 2, "dwarf", token=t.tokens[0]), 403, "forbidden", "heuristic bot")
    refused(pick(t, 0, "gandalf"), 400, "unknown-character", "'gandalf' is not a character")
    refused(pick(t, 0, "dwarf", token=t.tokens[1]), 403, "forbidden", "not the token of seat 0")
    refused(client.post(f"/api/games/{t.id}/seats/0/character", json={"character": "dwarf"}), 403, "forbidden", "token")
    refused(pick(t, 5, "dwarf", token=t.tokens[0]), 400, "malformed", "no seat 5")
    refused(pick(t, 7, "dwarf", token=t.tokens[0]), 422, "malformed", "seat")  # a game has 6 seats at most
    refused(pick(t, 0, 3), 422, "malformed", "character")
    refused(
        client.post(
            f"/api/games/{t.id}/seats/0/character", json={"character": "dwarf", "seat": 1}, headers=t.headers(0)
        ),
        422,
        "malformed",
        "seat",
    )
    refused(t.act(0, "roll", 0), 409, "not-started", "waiting for Ann (seat 0)")
    assert pick(t, 0, "dwarf").status_code == 200
    assert info(t)["status"] == "running"
    r = pick(t, 0, "monk")  # too late: the game has begun
    assert r.status_code == 409 and r.json()["error"] == "not-choosing" and "has begun" in r.json()["message"]
    assert holders(t)["dwarf"] == 0 and holders(t)["monk"] is None


def test_the_api_document_describes_choosing(client):
    doc = client.get("/openapi.json").json()
    assert "post" in doc["paths"]["/api/games/{game_id}/seats/{seat}/character"]
    assert "get" in doc["paths"]["/api/games/{game_id}/characters"]
    assert "choosing" in doc["components"]["schemas"]["SeatSpec"]["properties"]["choose"]["description"]
    statuses = next(p for p in doc["paths"]["/api/games"]["get"]["parameters"] if p["name"] == "status")
    assert "choosing" in json.dumps(statuses)


def test_a_game_of_choosers_is_checked_when_it_is_made(client):
    def refused(seats, words):
        r = client.post("/api/games", json={"seats": seats})
        assert r.status_code in (400, 422), r.text
        assert words in r.json()["message"]

    refused([{"controller": "random", "choose": True}], "only a person's seat")
    refused([{"controller": "human", "choose": True, "character": "elf"}], "only a person's seat")
    refused([{"controller": "human", "choose": "yes"}], "choose")
    assert client.get("/api/games").json() == []


def test_a_pick_the_database_cannot_take_changes_nothing(client, monkeypatch):
    t = make_waiting(client, seats=SEATS[:2])
    assert pick(t, 0, "elf").status_code == 200
    open_link(t, 1)
    before = (info(t), holders(t))
    store = client.app.state.hub.store

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(store, "record_setup", broken)
    r = pick(t, 1, "priest")  # the last pick: it would start the game
    assert r.status_code == 503 and r.json()["error"] == "storage" and "nothing changed" in r.json()["message"]
    assert (info(t), holders(t)) == before
    assert client.get(f"/api/games/{t.id}/state").json()["error"] == "not-started"
    monkeypatch.undo()
    assert pick(t, 1, "priest").status_code == 200
    assert info(t)["status"] == "running"


def test_a_restarted_server_still_waits_for_the_choices(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        t = make_waiting(client)
        assert pick(t, 0, "sorceress").status_code == 200
        waiting = info(t)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        t.client = client
        assert info(t) == waiting  # the same waiting game, Ann's pick kept
        assert holders(t)["sorceress"] == 0
        assert [g["id"] for g in client.get("/api/games", params={"status": "choosing"}).json()] == [t.id]
        assert pick(t, 0, "elf").json()["error"] == "already-chosen"
        assert pick(t, 1, "sorceress").json()["error"] == "taken"
        assert pick(t, 1, "ghoul").status_code == 200
        t.open(3)
        first = client.app.state.hub.store.snapshot_at_or_before(t.id, 0)  # the game as it began
        began = Game.new(["sorceress", "ghoul", None, "troll"], seed=9, options={"turn-cap": 1000})
        assert first[2] == began.state_hash()
        st = t.play(20, random.Random(2))
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # and the begun game comes back as any other
        t.client = client
        assert t.state()["step"] == st["step"]
    store = Store(db_url)
    assert "choose" not in store.game(t.id).config
    store.close()


def test_a_connection_waits_for_the_choices_then_gets_the_game(client):
    t = make_waiting(client, seats=SEATS[:3])
    with client.websocket_connect(f"/ws/games/{t.id}") as ws:
        ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
        first = ws.receive_json()
        assert first["type"] == "game" and first["game"]["status"] == "choosing"
        ws.send_json({"type": "act", "option": "roll", "step": 0})
        while (msg := ws.receive_json())["type"] != "error":
            pass
        assert msg["error"] == "not-started"
        assert pick(t, 1, "thief").status_code == 200
        while (msg := ws.receive_json())["type"] != "game" or msg["game"]["seats"][1]["character"] is None:
            pass
        assert msg["game"]["status"] == "choosing"
        assert pick(t, 0, "monk").status_code == 200
        while (msg := ws.receive_json())["type"] != "state":
            pass
        assert msg["events_from"] == 0 and msg["events"][0]["type"] == "setup"
        assert msg["game"]["status"] == "running" and msg["view"]["players"][0]["name"] == "Monk"


def test_a_choosing_seat_is_taken_only_with_its_invitation(client):
    r = client.post("/api/games", json={"seats": SEATS[:3], "seed": 9})
    t = table_of(client, r.json(), claim=[])
    stranger = client.post(f"/api/games/{t.id}/seats/1/claim", json={"invite": "guess", "name": "Eve"})
    assert stranger.status_code == 403 and "not the invitation of seat 1" in stranger.json()["message"]
    assert pick(t, 1, "elf", token=t.invites[1]).json()["error"] == "forbidden"  # an invitation is no token
    r = client.post(f"/api/games/{t.id}/seats/1/claim", json={"invite": t.invites[1], "name": "Dee"})
    assert r.status_code == 200
    assert pick(t, 1, "elf", token=r.json()["token"]).status_code == 200
    game = info(t)
    assert game["status"] == "choosing" and game["seats"][1]["name"] == "Dee" and game["seats"][1]["joined"]
