"""The JSON API with the test client: the lobby, seats and tokens, the checks
on every action, what each seat may see, and finished games."""

from __future__ import annotations

import json
import random
import socket
import time

import pytest
from conftest import make_table
from fastapi.testclient import TestClient

from talisman.bots import bot_kinds
from talisman.engine.save import replay

pytestmark = pytest.mark.timeout(120)  # a hung server fails the test instead of the whole run


def test_catalog_offers_modules_characters_options_and_every_bot(client):
    cat = client.get("/api/catalog").json()
    assert cat["controllers"] == ["human", *bot_kinds()]
    assert set(cat["controller_texts"]) == set(bot_kinds()) and "random" in cat["controller_texts"]["gentle"]
    assert "core" in [m["name"] for m in cat["modules"]]
    assert "warrior" in [c["key"] for c in cat["characters"]]
    assert cat["options"]["fate"]["choices"] == [True, False]
    r = client.get("/api/catalog", params={"modules": "core,no-such-module"})
    assert r.status_code == 400 and "unknown module" in r.json()["message"]


def test_openapi_document_and_pages(client):
    doc = client.get("/openapi.json").json()
    assert "/api/games/{game_id}/actions" in doc["paths"]
    page = client.get("/docs")
    assert page.status_code == 200 and "/docs-static/swagger-ui-bundle.js" in page.text
    assert "cdn" not in page.text.lower()  # browsable offline: Swagger UI's files are served from here
    assert client.get("/docs-static/swagger-ui-bundle.js").status_code == 200
    assert client.get("/docs-static/swagger-ui.css").status_code == 200
    for path in ("/", "/game/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and '<script type="module" src="/static/app.js">' in r.text
    assert client.get("/static/board.js").headers["content-type"].startswith("text/javascript")


@pytest.mark.rules("core.setup.choose-characters")
def test_create_game_gives_an_invitation_link_per_person(client):
    r = client.post(
        "/api/games",
        json={
            "title": "Friday",
            "seed": 4,
            "seats": [
                {"controller": "human", "character": "warrior", "name": "Ann"},
                {"controller": "human"},
                {"controller": "heuristic", "character": "wizard"},
            ],
        },
    )
    assert r.status_code == 201
    data = r.json()
    game = data["game"]
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    assert data["seats"][0]["link"].endswith(f"/game/{game['id']}?seat=0&invite={data['seats'][0]['invite']}")
    assert "token" not in json.dumps(data)  # the creator never learns another person's token
    assert game["title"] == "Friday" and game["status"] == "open"
    assert [s["character"] for s in game["seats"]][0::2] == ["Warrior", "Wizard"]  # chosen
    assert game["seats"][1]["character"] not in ("Warrior", "Wizard", None)  # dealt
    assert [s["name"] for s in game["seats"]] == ["Ann", "Player 2", "Heuristic bot"]
    assert game["seed"] == 4  # chosen by the creator: public to every player, as a replay would show it
    unseeded = client.post("/api/games", json={"seats": [{"controller": "human"}]}).json()["game"]
    secret = client.app.state.hub.store.game(unseeded["id"]).config["seed"]  # a random seed never leaves the server
    assert unseeded["seed"] is None and str(secret) not in json.dumps(client.get(f"/api/games/{unseeded['id']}").json())


def test_bad_game_configurations_are_refused(client):
    def refused(body, words):
        r = client.post("/api/games", json=body)
        assert r.status_code in (400, 422), r.text
        assert words in r.json()["message"]

    refused({"seats": []}, "seats")
    refused({"seats": [{"controller": "human"}] * 7}, "seats")
    refused({"seats": [{"controller": "wizardly-ai"}]}, "neither a person nor a bot")
    refused({"seats": [{"controller": "human", "character": "gandalf"}]}, "unknown character")
    refused({"seats": [{"controller": "human", "character": "troll"}] * 2}, "one seat only")
    refused({"seats": [{"controller": "human"}], "options": {"fate": "maybe"}}, "is true or false, not 'maybe'")
    refused({"seats": [{"controller": "human"}], "modules": ["no-such"]}, "unknown module")
    refused({"seats": [{"controller": "human"}], "seed": "7"}, "seed")
    refused({"seats": [{"controller": "human", "colour": "red"}]}, "colour")
    assert client.get("/api/games").json() == []


def test_each_seat_sees_only_its_own_view(client):
    t = make_table(
        client,
        ["human", "human"],
        seed=3,
        seats=[{"controller": "human", "character": "wizard"}, {"controller": "human", "character": "druid"}],
    )
    mine, theirs, public = t.state(0)["view"], t.state(1)["view"], t.state()["view"]
    assert "spells" in mine["players"][0] and "spells" not in mine["players"][1]
    assert mine["players"][1]["spell_count"] == len(theirs["players"][1]["spells"])
    assert all("spells" not in p for p in public["players"])
    assert mine["decision"]["player"] == 0 and "options" in mine["decision"]
    assert "options" not in theirs["decision"] and "options" not in public["decision"]
    for view in (mine, theirs, public):
        assert all(isinstance(n, int) for n in view["decks"].values())  # sizes, never the order
        assert "rng" not in view and "seed" not in json.dumps(view)


def test_an_action_is_checked_and_a_refusal_changes_nothing(client):
    t = make_table(client, ["human", "human"], seed=5)
    me = t.state()["view"]["decision"]["player"]
    other = 1 - me
    st, _ = t.state(me), t.state(other)  # both players have opened their links
    step, legal = st["step"], [o["id"] for o in st["view"]["decision"]["options"]]
    before = t.state()
    assert before["game"]["status"] == "running"

    def refused(r, status, code, words):
        assert r.status_code == status, r.text
        assert r.json()["error"] == code and words in r.json()["message"]
        assert t.state() == before

    def post(body, seat_token=None, **kw):
        headers = {"X-Seat-Token": seat_token} if seat_token else {}
        return client.post(f"/api/games/{t.id}/actions", json=body, headers=headers, **kw)

    refused(t.act(other, legal[0], step), 409, "out-of-turn", "not your turn")
    refused(t.act(me, "move:the-moon", step), 409, "illegal", "not one of the options")
    refused(t.act(me, legal[0], step + 1), 409, "stale", "moved on")
    refused(t.act(me, legal[0], step - 1), 409, "stale", "moved on")
    refused(
        post({"seat": me, "option": legal[0], "step": step}, t.tokens[other]),
        403,
        "forbidden",
        f"not the token of seat {me}",
    )
    refused(post({"seat": me, "option": legal[0], "step": step}), 403, "forbidden", "token")
    refused(post({"seat": me, "option": legal[0]}, t.tokens[me]), 422, "malformed", "step")
    refused(post({"seat": me, "option": 3, "step": step}, t.tokens[me]), 422, "malformed", "option")
    refused(post({"seat": 3, "option": legal[0], "step": step}, t.tokens[me]), 400, "malformed", "no seat 3")
    refused(post({"seat": 9, "option": legal[0], "step": step}, t.tokens[me]), 422, "malformed", "seat")  # (schema)
    refused(
        client.post(
            f"/api/games/{t.id}/actions",
            content=b"{not json",
            headers={**t.headers(me), "Content-Type": "application/json"},
        ),
        422,
        "malformed",
        "JSON",
    )
    r = t.act(me, legal[0], step)
    assert r.status_code == 200 and r.json()["step"] == step + 1
    again = t.act(me, legal[0], step)  # the same click twice: the second is stale
    assert again.json()["error"] == "stale" and t.state()["step"] >= step + 1


def test_unknown_game(client):
    r = client.get("/api/games/nope/state")
    assert r.status_code == 404 and r.json() == {"error": "not-found", "message": "there is no game 'nope'"}


def test_a_bot_seat_cannot_be_played_by_a_person(client):
    t = make_table(client, ["random", "human"], seed=2)
    r = client.get(f"/api/games/{t.id}/state", params={"seat": 0}, headers={"X-Seat-Token": t.tokens[1]})
    assert r.status_code == 403 and "random bot" in r.json()["message"]


def test_bots_play_on_the_server_until_a_person_must_choose(client):
    t = make_table(client, ["heuristic", "random", "human"], seed=8)
    st = t.wait_for_people(0)
    assert st["view"]["decision"]["player"] == 2 and st["step"] > 0


def test_a_seat_is_taken_only_with_its_invitation(client):
    t = make_table(client, ["human", "human", "random"], seed=6, claim=False)
    assert [g["status"] for g in client.get("/api/games", params={"status": "open"}).json()] == ["open"]
    t.open(0)  # seat 0 opens its link
    for body in ({"name": "Eve"}, {"invite": "guess", "name": "Eve"}, {"invite": t.invites[0], "name": "Eve"}):
        r = client.post(f"/api/games/{t.id}/seats/1/claim", json=body)  # a stranger from the public list
        assert r.status_code in (403, 422), r.text
    as_token = client.get(f"/api/games/{t.id}/state", params={"seat": 1}, headers={"X-Seat-Token": t.invites[1]})
    assert as_token.status_code == 403 and "not been taken yet" in as_token.json()["message"]
    r = client.post(f"/api/games/{t.id}/seats/1/claim", json={"invite": t.invites[1], "name": "Bea"})
    assert r.status_code == 200 and r.json()["link"].endswith(f"?seat=1&token={r.json()['token']}")
    assert client.get(f"/api/games/{t.id}/state", params={"seat": 1}, headers={"X-Seat-Token": r.json()["token"]})
    game = client.get(f"/api/games/{t.id}").json()
    assert game["status"] == "running" and game["seats"][1]["name"] == "Bea"
    again = client.post(f"/api/games/{t.id}/seats/1/claim", json={"invite": t.invites[1]})
    assert again.status_code == 409 and again.json()["error"] == "taken"  # an invitation opens its seat once
    assert client.post(f"/api/games/{t.id}/seats/2/claim", json={"invite": "x"}).status_code == 403
    assert client.get("/api/games", params={"status": "running"}).json()[0]["id"] == t.id


def test_a_finished_game_is_listed_replayable_and_downloadable(client):
    t = make_table(client, ["human", "random", "human"], seed=11)
    st = t.state()
    assert client.get(f"/api/games/{t.id}/replay/0").json()["error"] == "not-finished"
    assert client.get(f"/api/games/{t.id}/save").status_code == 409  # a running game's record stays secret
    st = t.play(3000, random.Random(1))
    assert st["view"]["result"] is not None
    info = client.get(f"/api/games/{t.id}").json()
    assert info["status"] == "finished" and info["result"]["winners"] == st["view"]["result"]["winners"]
    assert client.get("/api/games", params={"status": "finished"}).json()[0]["id"] == t.id
    save = client.get(f"/api/games/{t.id}/save").json()
    assert len(save["actions"]) == st["step"]
    game = replay(save)  # the save reproduces the game, hash checked
    assert game.result == st["view"]["result"]
    first = client.get(f"/api/games/{t.id}/replay/0").json()
    assert first["action"] is None and first["events"][0]["type"] == "setup"
    n = st["step"] // 2 + 1
    mid = client.get(f"/api/games/{t.id}/replay/{n}").json()
    assert mid["steps"] == st["step"] and mid["action"]["option"] == save["actions"][n - 1]
    assert mid["view"]["decision"] is None or "options" not in mid["view"]["decision"]
    last = client.get(f"/api/games/{t.id}/replay/{st['step']}").json()
    assert last["view"]["result"] == st["view"]["result"] and last["result"] == info["result"]
    assert client.get(f"/api/games/{t.id}/replay/{st['step'] + 1}").status_code == 400
    r = t.act(0, "roll", st["step"])
    assert r.status_code == 409 and r.json()["error"] == "game-over"


def test_a_move_the_database_cannot_take_changes_nothing(client, monkeypatch):
    t = make_table(client, ["human", "human"], seed=5)
    me = t.state()["view"]["decision"]["player"]
    st = t.state(me)
    store = client.app.state.hub.store

    def broken(moves):
        raise OSError("disk full")

    monkeypatch.setattr(store, "record_moves", broken)
    r = t.act(me, st["view"]["decision"]["options"][0]["id"], st["step"])
    assert r.status_code == 503 and r.json()["error"] == "storage" and "nothing changed" in r.json()["message"]
    assert t.state(me) == st
    monkeypatch.undo()
    assert t.act(me, st["view"]["decision"]["options"][0]["id"], st["step"]).status_code == 200


def test_the_serve_command(capsys):
    from talisman.cli.main import build_parser, main

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.bot_delay) == ("127.0.0.1", 8000, None, None)  # each game's bot speed
    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert "--bot-delay must be between 0 and 60" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args, code, message",
    [
        (["--port", "99999"], 2, "a port is a whole number from 1 to 65535, not 99999"),
        (["--port", "http"], 2, "a port is a whole number from 1 to 65535, not 'http'"),
        (["--db", "mysql://someone@localhost/games"], 2, "its driver is not installed (No module named 'MySQLdb')"),
        (["--db", "nosuch://x"], 2, "SQLAlchemy knows no such database"),
        (["--db", "not a url"], 2, "Could not parse SQLAlchemy URL"),
        (["--db", "postgresql://me:secret@127.0.0.1:1/games"], 2, "postgresql+psycopg://me:***@127.0.0.1:1/games"),
    ],
)
def test_serve_refuses_what_it_cannot_serve_with_a_clear_error(args, code, message, capsys):
    """Issue 37: tracebacks for a database whose driver is missing, a port out of range..."""
    from talisman.cli.main import main

    try:
        answer = main(["serve", *args])
    except SystemExit as e:  # argparse's own refusal
        answer = e.code
    out, err = capsys.readouterr()
    assert answer == code and message in err and "Traceback" not in err and "served" not in out, err
    assert "secret" not in err


def test_serve_on_a_busy_port_says_so_before_saying_it_serves(tmp_path, capsys):
    from talisman.cli.main import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        answer = main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}"])
    out, err = capsys.readouterr()
    assert answer == 1 and out == "" and f"cannot listen on 127.0.0.1:{port}: Address already in use" in err


def test_forwarded_addresses_are_read_only_from_the_proxies_named():
    """Issue 37: uvicorn trusts X-Forwarded-For from 127.0.0.1 by default, so a local client chose its
    own address (and so dodged the per-client limits). talisman serve trusts no proxy unless named."""
    from talisman.cli.main import build_parser
    from talisman.server.serve import uvicorn_config

    seen = []

    async def app(scope, receive, send):
        seen.append(scope["client"][0])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    def address_seen(*options: str) -> str:
        config = uvicorn_config(app, build_parser().parse_args(["serve", *options]))
        config.load()
        TestClient(config.loaded_app, client=("127.0.0.1", 5000)).get("/", headers={"X-Forwarded-For": "203.0.113.9"})
        return seen.pop()

    assert address_seen() == "127.0.0.1"
    assert address_seen("--forwarded-allow-ips", "10.0.0.2") == "127.0.0.1"  # not the proxy named
    assert address_seen("--forwarded-allow-ips", "10.0.0.2, 127.0.0.1") == "203.0.113.9"


def test_the_schema_bounds_every_seat(client):
    """Issue 37: a seat is 0 to 5 (a game has at most 6) wherever the API takes one."""
    doc = client.get("/openapi.json").json()
    seat = doc["components"]["schemas"]["ActionSpec"]["properties"]["seat"]
    assert (seat["minimum"], seat["maximum"]) == (0, 5)
    params = [p for path in doc["paths"].values() for op in path.values() for p in op.get("parameters", [])]
    seats = [p for p in params if p["name"] == "seat"]

    def bounds(schema: dict) -> tuple:  # an optional seat's schema is "anyOf" an integer and null
        whole = next(s for s in schema.get("anyOf", [schema]) if s.get("type") == "integer")
        return whole.get("minimum"), whole.get("maximum")

    assert len(seats) == 8 and all(bounds(p["schema"]) == (0, 5) for p in seats)
    r = client.get("/api/games/x/state", params={"seat": 6})
    assert r.status_code == 422 and "seat" in r.json()["message"]


def test_the_openapi_document_names_every_refusal(client):
    """400/403/404/409 (and the others) are documented, in the shape every refusal has."""
    doc = client.get("/openapi.json").json()
    action = doc["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    for code in ("400", "403", "404", "409", "410", "422", "429"):
        assert action[code]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Refusal"}
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    assert set(doc["components"]["schemas"]["Refusal"]["properties"]) == {"error", "message"}
    assert "404" in doc["paths"]["/api/games/{game_id}"]["get"]["responses"]


def test_built_in_refusals_answer_like_the_apps_own(client):
    r = client.get("/api/no-such-thing")
    assert r.status_code == 404 and r.json() == {"error": "not-found", "message": "there is no such page or resource"}
    r = client.delete("/api/games")
    assert r.status_code == 405 and r.json()["error"] == "method-not-allowed"
    assert r.headers["allow"] == "GET, POST"  # every method of the path, not one route's
    r = client.put("/api/games/abc/actions")
    assert r.status_code == 405 and r.headers["allow"] == "POST"
    r = client.post("/api/games", json={"seats": "three"})
    assert r.status_code == 422 and r.json()["error"] == "malformed" and "seats" in r.json()["message"]
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and set(r.json()) == {"error", "message"}


def test_fields_are_checked_by_type(client):
    """An option's value is of its choices' type (1 is not true), seeds are bounded."""
    for options, words in (({"fate": 1}, "option 'fate' is true or false, not 1"), ({"fate": "no"}, "not 'no'")):
        r = client.post("/api/games", json={"seats": [{"controller": "human"}], "options": options})
        assert r.status_code == 400 and words in r.json()["message"], r.text
    for seed in ("-1", str(2**63), "1" + "0" * 5000, "true", "1.5"):
        r = client.post("/api/games", content=f'{{"seats": [{{"controller": "human"}}], "seed": {seed}}}')
        assert r.status_code == 422 and r.json()["error"] == "malformed", (seed, r.text)
    assert client.get("/api/games").json() == []
    r = client.post("/api/games", json={"seats": [{"controller": "human"}], "options": {"fate": False}})
    assert r.status_code == 201 and r.json()["game"]["options"] == {"turn-cap": 1000, "fate": False}


def finished(client, game_id: str, timeout: float = 60.0) -> dict:
    end = time.monotonic() + timeout
    while (info := client.get(f"/api/games/{game_id}").json())["status"] != "finished":
        assert time.monotonic() < end, info
        time.sleep(0.05)
    return info


def test_a_game_on_the_server_ends_at_its_turn_cap(client):
    """Issue 37: games of bots alone ran past 3,000 turns, each move a row. Every game on the server
    ends at a turn cap: the simulator's 1,000 turns unless the lobby chose another; none is refused."""
    cap = client.get("/api/catalog").json()["options"]["turn-cap"]
    assert cap["default"] == 1000 and None not in cap["choices"] and cap["labels"][0] == "100 turns"
    t = make_table(client, ["heuristic", "heuristic"], seed=2, options={"turn-cap": 100})  # (lasts past 100 turns)
    info = finished(client, t.id)
    assert info["turn"] == 100 and info["result"]["winners"] == [] and info["result"]["capped"] is True
    assert info["result"]["how"] == "the game reached its cap of 100 turns with nobody winning"
    assert replay(client.get(f"/api/games/{t.id}/save").json()).result == info["result"]  # the save says so too
    assert make_table(client, ["human"], seed=1).state()["game"]["options"] == {"turn-cap": 1000}
    r = client.post("/api/games", json={"seats": [{"controller": "random"}], "options": {"turn-cap": None}})
    assert r.status_code == 400 and "ends at a turn cap" in r.json()["message"]
