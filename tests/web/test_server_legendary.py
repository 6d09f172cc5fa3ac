"""Legendary Tales on the server: the lobby's catalogue offers it with its options and heroes, its board is
served, a game with bots and a person plays to its end through the API, and the lobby lists it."""

from __future__ import annotations

import random

import pytest
from conftest import make_table

from talisman.engine.save import replay

pytestmark = pytest.mark.timeout(120)
LT = ["legendary-tales"]


def test_the_catalogue_offers_legendary_tales_its_options_and_heroes(client):
    modules = {m["name"]: m for m in client.get("/api/catalog").json()["modules"]}
    assert modules["legendary-tales"]["game"] == "legendary-tales" and modules["core"]["game"] == "talisman"
    cat = client.get("/api/catalog", params={"modules": "legendary-tales"}).json()
    assert cat["chosen"] == ["legendary-tales"] and cat["game"] == "legendary-tales"
    assert cat["options"]["adventure"]["choices"] == [1, 2, 3, 4, 5]
    assert cat["options"]["difficulty"]["choices"] == [1, 2, 3]
    assert cat["options"]["campaign"]["choices"] == [False, True]
    heroes = {c["key"]: c for c in cat["characters"]}
    assert set(heroes) >= {"warrior", "wizard", "prophetess", "elf", "dwarf", "troll"}
    assert heroes["warrior"]["abilities"] and "strength" not in heroes["warrior"]  # heroes have no attributes
    mixed = client.get("/api/catalog", params={"modules": "legendary-tales,city-classic"})
    assert mixed.status_code == 400 and "different games" in mixed.json()["message"]


@pytest.mark.rules(
    "legendary-tales.win-adventure", "legendary-tales.lose-adventure", "legendary-tales.setup.choose-hero"
)
def test_a_game_with_bots_and_a_person_plays_to_its_end_through_the_api(client):
    t = make_table(
        client,
        ["heuristic", "human", "random"],
        seed=7,
        modules=LT,
        options={"adventure": 2, "difficulty": 2},
        title="Dragon hunt",
    )
    st = t.state(1)
    view = st["view"]
    assert view["game"] == "legendary-tales" and view["adventure"]["number"] == 2
    assert view["adventure"]["difficulty"] == 2 and len(view["locations"]) == 12 and len(view["heroes"]) == 3
    board = client.get(f"/api/games/{t.id}/board").json()
    assert len(board["spaces"]) == 12 and board["game"] == "legendary-tales"
    info = client.get(f"/api/games/{t.id}").json()
    assert info["modules"] == LT and all(s["character"] for s in info["seats"])
    st = t.play(3000, random.Random(3))
    result = st["view"]["result"]
    assert result is not None and result["adventure"] == 2 and result["stars"] == 2
    assert result["winners"] == ([0, 1, 2] if result["won"] else [])
    listed = client.get("/api/games", params={"status": "finished"}).json()[0]
    assert listed["id"] == t.id and listed["result"]["won"] == result["won"]
    save = client.get(f"/api/games/{t.id}/save").json()
    assert replay(save).result == result  # the save reproduces the game
    last = client.get(f"/api/games/{t.id}/replay/{st['step']}").json()
    assert last["view"]["result"] == result


def test_a_hero_is_chosen_by_its_person_before_the_game_begins(client):
    r = client.post(
        "/api/games",
        json={"modules": LT, "seed": 3, "seats": [{"controller": "human", "choose": True}, {"controller": "random"}]},
    )
    assert r.status_code == 201, r.text
    game = r.json()["game"]
    assert game["status"] == "choosing"
    cards = client.get(f"/api/games/{game['id']}/characters").json()
    assert {c["key"] for c in cards} >= {"warrior", "elf"}
