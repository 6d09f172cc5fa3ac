"""The game goes on by itself where waiting for a person would be pointless or endless
(talisman/server/autopilot.py): standing answers stored with the seat and answered by the
server, a question in another player's turn that passes after a visible time, an absent
person's seat played by a bot until they come back, the bots' pace chosen per game, skip to
my turn, and a seat invited anew by the game's creator. Every automatic answer is a move
like any other, so a restarted server has the same game."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Table, claim_seat, decision_of, make_table, table_of
from fastapi.testclient import TestClient

from talisman.bots.random_bot import RandomBot
from talisman.server.app import create_app
from talisman.server.store import Store

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    """An app whose clocks are short: 0.4 s to answer in another's turn, 0.6 s away before a bot takes over."""
    with TestClient(create_app(db_url, bot_delay=0, answer_wait=0.4, away_after=0.6)) as c:
        yield c


def named_table(client: TestClient, characters: list[str], controllers: list[str], seed: int, **extra) -> Table:
    seats = [{"controller": c, "character": k} for c, k in zip(controllers, characters, strict=True)]
    r = client.post("/api/games", json={"seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return table_of(client, r.json(), claim=[s["seat"] for s in r.json()["seats"]])


def until(t: Table, seat: int | None, holds, timeout: float = 15.0) -> dict:
    """The seat's state once ``holds(state)``, polling."""
    end = time.monotonic() + timeout
    while not holds(st := t.state(seat)):
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)
    return st


def actions_of(db_url: str, game_id: str) -> list[tuple[int, str]]:
    store = Store(db_url)
    try:
        return [(a.seat, a.option) for a in store.actions(game_id)]
    finally:
        store.close()


# --- standing answers -------------------------------------------------------------------------


def test_standing_answers_are_stored_with_the_seat_and_answered_by_the_server(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        t = make_table(client, ["human", "heuristic"], seed=3)
        bad = client.put(f"/api/games/{t.id}/seats/0/settings", json={"standing": ["never-lose"]}, headers=t.headers(0))
        assert bad.status_code == 400 and "unknown standing answer" in bad.json()["message"]
        other = client.put(f"/api/games/{t.id}/seats/0/settings", json={"standing": ["no-fate"]})
        assert other.status_code == 403  # no token: not this seat's
        assert t.state(0)["settings"]["standing"] == []
        r = client.put(
            f"/api/games/{t.id}/seats/0/settings",
            json={"standing": ["no-fate", "spells-own-turn"]},
            headers=t.headers(0),
        )
        assert r.status_code == 200 and r.json()["standing"] == ["no-fate", "spells-own-turn"]
        bot = RandomBot(random.Random(5))
        for _ in range(150):  # the person answers whatever it is asked, at random
            t.wait_for_people(t.state()["step"])
            mine = t.state(0)
            d = mine["view"]["decision"]
            if d is None:
                break
            assert d["kind"] != "fate", "a Fate reroll was asked despite the standing answer"
            if d["kind"] == "others-turn":
                assert mine["view"]["active"] == 0, "a Spell was offered in another's turn"
            assert t.act(0, bot.choose(mine["view"], decision_of(mine["view"])), mine["step"]).status_code == 200
        step = t.state()["step"]
    kept = [o for s, o in actions_of(db_url, t.id) if s == 0 and o == "keep"]
    assert kept, "the server answered Fate rerolls for the seat, as moves"
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # a restarted server: same game, same answers
        again = Table(client, t.id, t.tokens)
        assert again.state()["step"] == step
        assert again.state(0)["settings"]["standing"] == ["no-fate", "spells-own-turn"]


# --- time-outs and absent people --------------------------------------------------------------


def test_a_question_in_another_players_turn_passes_after_a_visible_time(quick: TestClient, db_url: str) -> None:
    # Seed 1: in the Troll's first turn the Sorceress (the other person) is asked about a Fate reroll.
    t = named_table(quick, ["troll", "sorceress"], ["human", "human"], seed=1)
    with quick.websocket_connect(f"/ws/games/{t.id}") as ws:  # the Sorceress's person is there, but does not answer
        ws.send_json({"type": "join", "seat": 1, "token": t.tokens[1]})
        assert ws.receive_json()["type"] == "state"
        st = t.state(0)
        while st["view"]["decision"]["player"] == 0:
            r = t.act(0, st["view"]["decision"]["options"][0]["id"], st["step"])
            assert r.status_code == 200, r.text
            st = r.json()
        d = st["view"]["decision"]
        assert (d["player"], d["kind"], st["view"]["active"]) == (1, "fate", 0)
        timer = st["game"]["timer"]
        assert timer["seat"] == 1 and timer["step"] == st["step"] and timer["seconds"] == 0.4
        assert 0 < timer["ends_at"] - time.time() <= 0.4
        after = until(t, None, lambda s: s["step"] > st["step"])
        assert after["game"]["timer"] is None or after["game"]["timer"]["step"] != st["step"]
    assert actions_of(db_url, t.id)[st["step"]] == (1, "keep")  # declined, and stored as the seat's move


def test_an_absent_persons_seat_is_played_by_a_bot_until_they_come_back(quick: TestClient, db_url: str) -> None:
    t = make_table(quick, ["human", "human", "heuristic"], seed=4)
    assert t.state()["game"]["seats"][0]["stood_in"] is False
    time.sleep(0.8)  # nobody there at all: nothing is taken over, the game waits
    assert t.state()["step"] == 0 and t.state()["game"]["seats"][0]["stood_in"] is False

    def seat_1_plays_until(holds) -> dict:
        """Seat 1's person (connected) answers with the first option, until ``holds(state)``."""
        for _ in range(2000):
            st = t.state(1)
            if holds(st):
                return st
            d = st["view"]["decision"]
            if d is not None and d["player"] == 1:
                assert t.act(1, d["options"][0]["id"], st["step"]).status_code == 200
            else:
                time.sleep(0.02)
        raise AssertionError("timed out")

    with quick.websocket_connect(f"/ws/games/{t.id}") as bob:
        bob.send_json({"type": "join", "seat": 1, "token": t.tokens[1]})
        assert bob.receive_json()["type"] == "state"
        # seat 0 never comes: 0.6 s after, a bot plays it, its moves stored like any other
        seat_1_plays_until(lambda s: s["step"] > 30)
        assert t.state()["game"]["seats"][0]["stood_in"] is True
        assert any(seat == 0 for seat, _ in actions_of(db_url, t.id))
        with quick.websocket_connect(f"/ws/games/{t.id}") as ann:  # seat 0's person comes back
            ann.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
            assert ann.receive_json()["type"] == "state"
            # the game stops at the person's next question in their own turn, and waits for them
            st = seat_1_plays_until(lambda s: s["view"]["decision"]["player"] == 0 and s["view"]["active"] == 0)
            assert st["game"]["seats"][0]["stood_in"] is False
            time.sleep(1.0)
            assert t.state(0)["step"] == st["step"], "a bot answered for a person who is there"
            r = t.act(0, t.state(0)["view"]["decision"]["options"][0]["id"], st["step"])
            assert r.status_code == 200, r.text
    step = t.state()["step"]
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # restarted: the same game from its moves
        assert Table(client, t.id, t.tokens).state()["step"] >= step  # (its bots may play on)


# --- pace -------------------------------------------------------------------------------------


def test_the_bot_speed_is_chosen_per_game(client: TestClient) -> None:
    fast = make_table(client, ["human", "heuristic"], bot_speed="fast")
    assert fast.state()["game"]["bot_speed"] == "fast"
    assert make_table(client, ["heuristic"]).state()["game"]["bot_speed"] == "normal"
    r = client.post("/api/games", json={"seats": [{"controller": "heuristic"}], "bot_speed": "ludicrous"})
    assert r.status_code == 422 and r.json()["error"] == "malformed"


def test_skip_to_my_turn_plays_the_bots_without_pauses(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as client:  # each game's own pace: normal, 0.6 s
        t = make_table(client, ["human", "heuristic", "heuristic", "heuristic"], seed=2, bot_speed="normal")
        with client.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
            ws.receive_json()
            st = until(t, 0, lambda s: s["view"]["decision"]["player"] == 0)
            while True:  # play the first turn to its end
                r = t.act(0, st["view"]["decision"]["options"][0]["id"], st["step"])
                assert r.status_code == 200, r.text
                if r.json()["view"]["active"] != 0:
                    break
                st = until(t, 0, lambda s: s["view"]["decision"]["player"] == 0)
            st = r.json()
            started = time.monotonic()
            r = client.post(f"/api/games/{t.id}/seats/0/skip", json={"on": True}, headers=t.headers(0))
            assert r.status_code == 200 and r.json()["skipping"] is True
            before = st["step"]
            st = until(t, 0, lambda s: s["view"]["active"] == 0, timeout=20)
            assert st["step"] - before >= 6  # three bots' turns...
            assert time.monotonic() - started < 0.6 * 3, "...without their pauses"
            assert t.state(0)["settings"]["skipping"] is False  # its turn came: asked again


# --- the creator invites a seat anew ------------------------------------------------------------


def test_the_games_creator_can_invite_a_seat_anew_and_never_learns_its_token(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"controller": "human"}, {"controller": "heuristic"}], "seed": 1})
    created = r.json()
    game_id, creator = created["game"]["id"], created["creator"]
    first_invite = created["seats"][0]["invite"]
    old = claim_seat(client, game_id, 0, first_invite)
    assert client.post(f"/api/games/{game_id}/seats/0/link").status_code == 403
    wrong = client.post(f"/api/games/{game_id}/seats/0/link", headers={"X-Creator-Token": old})
    assert wrong.status_code == 403 and wrong.json()["error"] == "forbidden"  # a seat's token is no creator's
    assert client.post(f"/api/games/{game_id}/seats/1/link", headers={"X-Creator-Token": creator}).status_code == 403
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # the old link's holder, connected
        ws.send_json({"type": "join", "seat": 0, "token": old})
        assert ws.receive_json()["type"] == "state"
        r = client.post(f"/api/games/{game_id}/seats/0/link", headers={"X-Creator-Token": creator})
        assert r.status_code == 200, r.text
        while (msg := ws.receive_json())["type"] != "error":
            pass
        assert msg["error"] == "replaced"  # let go: it no longer sees the seat's hand
    new = r.json()
    assert "token" not in new and new["link"].endswith(f"/game/{game_id}?seat=0&invite={new['invite']}")
    game = client.get(f"/api/games/{game_id}").json()
    assert game["status"] == "open" and game["seats"][0]["joined"] is False  # free until the invitation is opened
    stale = client.get(f"/api/games/{game_id}/state", params={"seat": 0}, headers={"X-Seat-Token": old})
    assert stale.status_code == 403
    assert client.post(f"/api/games/{game_id}/seats/0/claim", json={"invite": first_invite}).status_code == 403
    token = claim_seat(client, game_id, 0, new["invite"])  # whoever opens it gets a token of their own
    state = client.get(f"/api/games/{game_id}/state", params={"seat": 0}, headers={"X-Seat-Token": token})
    assert state.status_code == 200 and state.json()["game"]["status"] == "running"
    again = client.post(f"/api/games/{game_id}/seats/0/claim", json={"invite": new["invite"]})
    assert again.status_code == 409 and again.json()["error"] == "taken"


def test_a_seat_sets_its_answers_while_characters_are_chosen(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"controller": "human", "choose": True}, {"controller": "random"}]})
    t = table_of(client, r.json(), claim=[0])
    assert client.get(f"/api/games/{t.id}").json()["status"] == "choosing"
    r = client.put(f"/api/games/{t.id}/seats/0/settings", json={"standing": ["no-fate"]}, headers=t.headers(0))
    assert r.status_code == 200 and r.json()["standing"] == ["no-fate"]
    r = client.post(f"/api/games/{t.id}/seats/0/skip", json={"on": True}, headers=t.headers(0))
    assert r.status_code == 200 and r.json()["skipping"] is True
