"""The live connection: two people's seats and a bot play a whole game over
WebSockets; every kind of bad message is refused and changes nothing; each
connection only ever gets its own seat's view."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest
from conftest import decision_of, make_table
from starlette.websockets import WebSocketDisconnect

from talisman.bots import make_bot
from talisman.engine.view import events_for

pytestmark = pytest.mark.timeout(180)  # a socket read that never ends fails the test, not the whole run


class Seat:
    """One browser tab: a WebSocket joined as a seat (or a spectator), and what it has been told."""

    def __init__(self, client, game_id, seat, token):
        self.ctx = client.websocket_connect(f"/ws/games/{game_id}")
        self.ws = self.ctx.__enter__()
        self.seat = seat
        self.ws.send_json({"type": "join", "seat": seat, "token": token})
        self.state = None
        self.events = []
        self.messages = []

    def receive(self):
        msg = self.ws.receive_json()
        self.messages.append(msg)
        if msg["type"] == "state":
            assert msg["events_from"] == len(self.events), "events arrive in order, none twice or missing"
            self.events += msg["events"]
            self.state = msg
        return msg

    def until(self, done):
        """Read messages until ``done(state)`` holds."""
        while self.state is None or not done(self.state):
            msg = self.receive()
            assert msg["type"] != "error", msg

    def error(self):
        while True:
            msg = self.receive()
            if msg["type"] == "error":
                return msg

    def close(self):
        self.ctx.__exit__(None, None, None)


def open_seats(stack, client, game_id, tokens, seats):
    """Seats that close when the test ends, pass or fail (an open socket would keep the app from stopping)."""
    out = {}
    for seat in seats:
        out[seat] = Seat(client, game_id, seat, tokens.get(seat))
        stack.callback(out[seat].close)
    return out


def people_to_move(bots):
    return lambda st: st["view"]["result"] is not None or st["view"]["decision"]["player"] not in bots


@pytest.mark.rules("spells-scrolls.spell.hidden", "spells-scrolls.scroll.hidden")
def test_two_people_and_a_bot_play_a_whole_game_over_websockets(client):
    with ExitStack() as stack:
        play_a_whole_game(client, stack)


def play_a_whole_game(client, stack):
    t = make_table(
        client,
        [],
        seed=21,
        seats=[
            {"controller": "human", "character": "wizard"},
            {"controller": "heuristic"},
            {"controller": "human", "character": "sorceress"},
        ],
    )
    hub = client.app.state.hub
    seats = open_seats(stack, client, t.id, t.tokens, (0, 2))
    watcher = open_seats(stack, client, t.id, t.tokens, (None,))[None]
    agents = {s: make_bot("random", seed=s) for s in seats}
    ready = people_to_move({1})
    moves = {0: 0, 2: 0}
    for _ in range(5000):
        first = seats[0]
        first.until(ready)
        step = first.state["step"]
        for other in (seats[2], watcher):
            other.until(lambda st, step=step: st["step"] == step)
        view = first.state["view"]
        if view["result"] is not None:
            break
        who = seats[view["decision"]["player"]]
        mine = who.state["view"]
        option = agents[who.seat].choose(mine, decision_of(mine))
        who.ws.send_json({"type": "act", "option": option, "step": step})
        moves[who.seat] += 1
        first.until(lambda st, step=step: st["step"] > step)
    else:
        pytest.fail("the game did not end")

    game = hub.sessions[t.id].game
    assert game.is_over and moves[0] > 5 and moves[2] > 5
    assert client.get(f"/api/games/{t.id}").json()["status"] == "finished"
    for s in (*seats.values(), watcher):
        assert s.state["view"]["result"] == game.result
        assert s.events == events_for(game, s.seat)  # the whole log, as that seat may read it
        for msg in s.messages:
            if msg["type"] != "state":
                continue
            v = msg["view"]
            for p in v["players"]:
                # (neither person plays the Prophetess, who would see every Spell)
                own = p.get("controller", p["seat"]) == s.seat
                assert ("spells" in p) == own and ("scrolls" in p) == own, "only one's own Spells and Scrolls"
            if v["decision"] is not None:
                assert ("options" in v["decision"]) == (v["decision"]["player"] == s.seat)
            assert all(isinstance(n, int) for n in v["decks"].values())
    secret = [e for e in game.events if e.private is not None]
    assert secret, "the game drew some spells"
    for e in secret:
        for s in (*seats.values(), watcher):
            expected = e.text if s.seat == e.private else e.public
            assert {"type": e.type, "text": expected} in [{"type": x["type"], "text": x["text"]} for x in s.events]


def test_bad_messages_get_a_clear_error_and_change_nothing(client):
    with ExitStack() as stack:
        bad_messages(client, stack)


def bad_messages(client, stack):
    t = make_table(client, ["human", "human"], seed=5)
    a, b, spectator = open_seats(stack, client, t.id, t.tokens, (0, 1, None)).values()
    for s in (a, b, spectator):
        s.until(lambda st: True)
    mover = a if a.state["view"]["decision"]["player"] == 0 else b
    other = b if mover is a else a
    step = mover.state["step"]
    legal = [o["id"] for o in mover.state["view"]["decision"]["options"]]
    hub = client.app.state.hub
    before = hub.sessions[t.id].game.state_hash()

    def refused(sender, payload, code, words):
        if isinstance(payload, bytes):
            sender.ws.send_bytes(payload)
        else:
            sender.ws.send_text(payload if isinstance(payload, str) else json.dumps(payload))
        err = sender.error()
        assert err["error"] == code and words in err["message"], err
        assert hub.sessions[t.id].game.state_hash() == before and hub.sessions[t.id].step == step

    refused(mover, "this is not json", "malformed", "JSON object")
    refused(mover, b'{"type": "ping"}', "malformed", "not a binary frame")
    refused(mover, "[" * 5_000 + "]" * 5_000, "malformed", "JSON object")
    refused(mover, '{"type": "act", "step": ' + "9" * 5000 + "}", "malformed", "JSON object")
    refused(mover, json.dumps({"type": "act", "option": "x" * 17_000, "step": step}), "malformed", "at most 16384")
    refused(mover, {"type": "act", "option": "x" * 201, "step": step}, "malformed", "at most 200 characters")
    refused(mover, [1, 2], "malformed", "type is join, act or ping")
    refused(mover, {"type": "shout"}, "malformed", "type is join, act or ping")
    refused(mover, {"type": "act", "step": step}, "malformed", "option")
    refused(mover, {"type": "act", "option": legal[0]}, "malformed", "step")
    refused(mover, {"type": "act", "option": legal[0], "step": "now"}, "malformed", "step")
    refused(mover, {"type": "act", "option": "teleport:crown-of-command", "step": step}, "illegal", "not one of")
    refused(mover, {"type": "act", "option": legal[0], "step": step - 1}, "stale", "moved on")
    refused(mover, {"type": "join", "seat": 1, "token": t.tokens[1]}, "malformed", "already joined")
    refused(other, {"type": "act", "option": legal[0], "step": step}, "out-of-turn", "not your turn")
    refused(spectator, {"type": "act", "option": legal[0], "step": step}, "forbidden", "spectator")
    mover.ws.send_json({"type": "ping"})
    assert mover.receive() == {"type": "pong"}
    mover.ws.send_json({"type": "act", "option": legal[0], "step": step})  # and a good move still goes through
    mover.until(lambda st: st["step"] == step + 1)


@pytest.mark.parametrize(
    "join, words",
    [
        ({"type": "join", "seat": 0, "token": "guess"}, "not the token of seat 0"),
        ({"type": "join", "seat": 0}, "not the token of seat 0"),
        ({"type": "join", "seat": 7, "token": "x"}, "no seat 7"),
        ({"type": "join", "seat": None, "events_from": "all"}, "events_from"),
        ({"type": "act", "option": "roll", "step": 0}, "first message must be a join"),
    ],
)
def test_a_bad_join_is_refused_and_the_connection_closed(client, join, words):
    t = make_table(client, ["human", "random"], seed=1)
    with client.websocket_connect(f"/ws/games/{t.id}") as ws:
        ws.send_json(join)
        err = ws.receive_json()
        assert err["type"] == "error" and words in err["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_unknown_game_over_websocket(client):
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["error"] == "not-found"


def test_reconnecting_from_another_tab_continues_where_the_seat_was(client):
    t = make_table(client, ["human", "human", "random"], seed=9)
    with ExitStack() as stack:
        first = open_seats(stack, client, t.id, t.tokens, (0,))[0]
        first.until(lambda st: True)
        seen = len(first.events)
    t.play(12, random.Random(3))  # the game goes on while the tab is closed
    with ExitStack() as stack:
        second = open_seats(stack, client, t.id, t.tokens, (0,))[0]  # another tab: the whole log again
        second.until(lambda st: True)
        assert second.state["step"] == t.state()["step"] and len(second.events) > seen
        # a dropped connection asks only for what it missed
        with client.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0], "events_from": seen})
            msg = ws.receive_json()
            assert msg["events_from"] == seen and msg["events"] == second.events[seen:]


def test_pongs_and_refusals_count_against_a_clients_queue(client, monkeypatch):
    """A client that sends pings (or bad messages) but never reads is let go at the queue's limit."""
    import asyncio

    from talisman.server import session as session_module
    from talisman.server import ws as ws_module

    async def never_sends(websocket, client):  # a client whose socket nobody reads
        await asyncio.Event().wait()

    monkeypatch.setattr(session_module, "MAX_QUEUE", 10)
    monkeypatch.setattr(ws_module, "_write", never_sends)
    t = make_table(client, ["human", "human"], seed=5)
    hub = client.app.state.hub
    for flood in ({"type": "ping"}, {"type": "shout"}):
        with client.websocket_connect(f"/ws/games/{t.id}") as ws:
            ws.send_json({"type": "join", "seat": 0, "token": t.tokens[0]})
            for _ in range(30):
                ws.send_json(flood)
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        assert not hub.sessions[t.id].clients
