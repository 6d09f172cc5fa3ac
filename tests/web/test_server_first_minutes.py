"""The server side of a new player's first minutes: a Fate reroll offered beside the die that
stops nothing, a seat whose invitation was never opened played by a bot after a short and
visible wait, the standing answers a new player is given, and a game without a title named
after its modules and players."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from conftest import Table, table_of
from fastapi.testclient import TestClient

from talisman.engine.standing import NEW_PLAYER, STANDING_ANSWERS
from talisman.server.app import create_app
from talisman.server.store import Store

pytestmark = pytest.mark.timeout(120)


def new_table(client: TestClient, seats: list[dict], seed: int, claim: list[int], **extra) -> Table:
    r = client.post("/api/games", json={"seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return table_of(client, r.json(), claim=claim)


def until(t: Table, seat: int | None, holds, timeout: float = 20.0) -> dict:
    end = time.monotonic() + timeout
    while not holds(st := t.state(seat)):
        assert time.monotonic() < end, "timed out"
        time.sleep(0.1)
    return st


def actions_of(db_url: str, game_id: str) -> list[tuple[int, str]]:
    store = Store(db_url)
    try:
        return [(a.seat, a.option) for a in store.actions(game_id)]
    finally:
        store.close()


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    """Short clocks: 0.5 s beside the die, 0.5 s for a seat never opened, 60 s for one that was."""
    with TestClient(create_app(db_url, bot_delay=0, beside_wait=0.5, unopened_wait=0.5, away_after=60)) as c:
        yield c


def test_a_fate_reroll_beside_the_die_is_kept_after_a_moment_unless_taken(quick: TestClient, db_url: str) -> None:
    # Seed 7: the Warrior's first movement roll is a 6, and Fate may roll it again.
    seats = [
        {"controller": "human", "character": "warrior", "standing": ["fate-beside-die"]},
        {"controller": "heuristic"},
    ]
    t = new_table(quick, seats, seed=7, claim=[0])
    st = t.state(0)
    assert st["view"]["decision"]["kind"] == "fate" and st["settings"]["standing"] == ["fate-beside-die"]
    timer = st["game"]["timer"]
    assert (timer["reason"], timer["seat"], timer["seconds"]) == ("beside", 0, 0.5)
    after = until(t, 0, lambda s: s["step"] > st["step"])  # nobody clicks: the roll is kept, the game goes on
    assert after["view"]["decision"]["kind"] == "move"
    assert actions_of(db_url, t.id)[0] == (0, "keep")
    # with time to click, the person takes the reroll beside the die
    with TestClient(create_app(db_url, bot_delay=0, beside_wait=30)) as slow:
        t2 = new_table(slow, seats, seed=7, claim=[0])
        st = t2.state(0)
        r = t2.act(0, "reroll", st["step"])
        assert r.status_code == 200 and r.json()["view"]["players"][0]["fate"] == st["view"]["players"][0]["fate"] - 1


def test_a_seat_never_opened_is_played_by_a_bot_after_a_short_visible_wait(quick: TestClient) -> None:
    """A person who made a game with a second person's seat and plays alone waits seconds, not minutes."""
    t = new_table(quick, [{"controller": "human"}, {"controller": "human"}], seed=5, claim=[0])
    with quick.websocket_connect(f"/ws/games/{t.id}") as ws:  # seat 1 is there; seat 2's link was never opened
        ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
        assert ws.receive_json()["type"] == "state"
        st = t.state(0)
        for _ in range(200):
            d = st["view"]["decision"]
            if d["player"] == 1:
                break
            r = t.act(0, d["options"][0]["id"], st["step"])
            assert r.status_code == 200, r.text
            st = r.json()
        assert st["view"]["decision"]["player"] == 1
        if st["view"]["active"] == 1:  # its own turn: the clock says a bot will play the seat, and when
            timer = st["game"]["timer"]
            assert timer["reason"] == "absent" and timer["unopened"] is True and timer["seconds"] == 0.5
        after = until(t, None, lambda s: s["step"] > st["step"], timeout=6)  # not the 20 s of a question, nor 60
        assert after["game"]["seats"][1]["joined"] is False


def test_the_lobby_gives_a_new_player_standing_answers_and_checks_them(client: TestClient, db_url: str) -> None:
    cat = client.get("/api/catalog").json()
    assert cat["standing"] == {"choices": STANDING_ANSWERS, "new_player": list(NEW_PLAYER)}
    bad = client.post("/api/games", json={"seats": [{"controller": "heuristic", "standing": ["no-fate"]}]})
    assert bad.status_code == 400 and "only a person's seat" in bad.json()["message"]
    unknown = client.post("/api/games", json={"seats": [{"controller": "human", "standing": ["win"]}]})
    assert unknown.status_code == 400 and "unknown standing answer" in unknown.json()["message"]
    t = new_table(client, [{"controller": "human", "standing": list(NEW_PLAYER)}, {"controller": "heuristic"}], 3, [0])
    assert t.state(0)["settings"]["standing"] == list(NEW_PLAYER)


def test_a_game_without_a_title_is_named_after_its_modules_and_players(client: TestClient) -> None:
    seats = [{"controller": "human", "name": "Ann"}, *[{"controller": "heuristic"}] * 3]
    t = new_table(client, seats, seed=1, claim=[])
    assert t.state()["game"]["title"] == "Talisman: Ann and 3 bots"
    worlds = new_table(client, [{"controller": "human"}, {"controller": "random"}], 1, [], modules=["worlds"])
    assert worlds.state()["game"]["title"] == "Talisman Worlds: Player 1 and a bot"
    named = new_table(client, seats, seed=1, claim=[], title="Friday night")
    assert named.state()["game"]["title"] == "Friday night"


def test_a_tutorial_game_is_the_tutorials_and_its_person_is_given_tips(client: TestClient) -> None:
    from talisman import tutorial

    body = {"tutorial": True, "seats": [{"controller": "human", "standing": list(NEW_PLAYER)}], "seed": 3}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    t = table_of(client, r.json(), claim=[0])
    st = t.state(0)
    assert [p["character"] for p in st["view"]["players"]] == list(tutorial.CHARACTERS)
    assert [s["controller"] for s in st["game"]["seats"]] == ["human", tutorial.BOT]
    assert st["game"]["title"] == "Tutorial: a guided first game"
    tips = st["tutorial"]["tips"]
    assert [tip["key"] for tip in tips][:2] == ["goal", "spell"] and tips[0]["text"].startswith("You are the Wizard")
    assert st["tutorial"]["all"] == list(tutorial.TIPS) and t.state()["tutorial"] is None  # a spectator gets none
    bot_first = client.post("/api/games", json={"tutorial": True, "seats": [{"controller": "random"}]})
    assert bot_first.status_code == 400
