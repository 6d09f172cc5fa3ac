"""The hint on the server (GET /api/games/{id}/seats/{seat}/hint): what the rule-aware bot would
do at a person's decision, and why, for that seat's person only; it changes nothing."""

from __future__ import annotations

import pytest
from conftest import make_table
from fastapi.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


def test_a_person_asks_for_a_hint_at_their_decision_and_nobody_else_may(client: TestClient) -> None:
    t = make_table(client, ["human", "human", "heuristic"], seed=4)
    st = t.state(0)
    d = st["view"]["decision"]
    mine, other = d["player"], 1 - d["player"]
    assert mine in (0, 1)  # (seed 4: a person's decision first)
    url = f"/api/games/{t.id}/seats/{mine}/hint"

    r = client.get(url, headers=t.headers(mine))
    assert r.status_code == 200, r.text
    found = r.json()
    labels = {o["id"]: o["label"] for o in d["options"]}
    assert found["step"] == st["step"] and labels[found["option"]] == found["label"]
    assert found["reason"].endswith(".") and len(found["reason"]) > 20
    assert client.get(url, headers=t.headers(mine)).json() == found  # the same moment, the same hint
    after = t.state(mine)
    assert after["step"] == st["step"] and after["view"] == st["view"]  # nothing was answered

    # Another seat's token, no token, the other person asking out of turn, a bot's seat, no such seat.
    refused = [
        (client.get(url, headers=t.headers(other)), 403, "forbidden"),
        (client.get(url), 403, "forbidden"),
        (client.get(f"/api/games/{t.id}/seats/{other}/hint", headers=t.headers(other)), 409, "out-of-turn"),
        (client.get(f"/api/games/{t.id}/seats/2/hint", headers=t.headers(mine)), 403, "forbidden"),
        (client.get(f"/api/games/{t.id}/seats/4/hint", headers=t.headers(mine)), 400, "malformed"),
        (client.get(f"/api/games/nosuchgame/seats/{mine}/hint", headers=t.headers(mine)), 404, None),
    ]
    for r, status, code in refused:
        assert r.status_code == status, r.text
        if code is not None:
            assert r.json()["error"] == code and r.json()["message"]
    assert t.state(mine)["step"] == st["step"]

    r = t.act(mine, found["option"], st["step"])  # the person may take the hint (it never answers for them)
    assert r.status_code == 200, r.text
