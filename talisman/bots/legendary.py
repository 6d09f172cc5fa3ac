"""A rule-aware policy for Legendary Tales (002): the party shares one goal, so every seat plays
the same way, from the game's own view (``Game.view``; COMMON contract of the module).

It rolls unless something waits where the hero stands, walks toward tokens (items and the
current task's places first), defeats as many enemies as the icons allow, returns the tokens in
front of it when they hold more swords and hats than hourglasses, draws on fate while the bag
holds few hourglasses, and puts each reward into the hero's bag that holds the fewest tokens.

>>> from talisman import Game
>>> g = Game.new(["warrior"], modules=["legendary-tales"], seed=1)
>>> LegendaryPolicy().choose(g.view(0), g.decision)
'roll'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from talisman.engine.decision import Decision

# The stars a party plays each adventure at in a campaign: 2 + 2 + 3 + 3 opens every gate (2, 4, 7, 10).
PLAN = {1: 2, 2: 2, 3: 3, 4: 3, 5: 2}
MAX_ATTEMPTS = 15  # adventures begun in one campaign before the party stops
FIGHT = {"sword": 1, "hat": 1, "sword2": 2, "hat2": 2, "sword/hat": 1}


def _worth(tokens: list[dict[str, Any]]) -> float:
    """Fighting icons less hourglasses, over a list of token views."""
    return float(sum(FIGHT.get(i, 0) - (i == "hourglass") * 1.5 for t in tokens for i in t.get("icons", ())))


class LegendaryPolicy:
    """The cooperative policy; answers any ``lt-`` decision."""

    name = "legendary"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)  # breaks ties between equal places: the party explores

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        ids = [o.id for o in decision.options]
        method: Callable[[Mapping[str, Any], Decision, list[str]], str | None] | None = getattr(
            self, "on_" + decision.kind.replace("-", "_"), None
        )
        choice = method(view, decision, ids) if method else None
        return choice if choice in ids else ids[0]

    @staticmethod
    def _here(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        hero = view["heroes"][seat]
        loc: dict[str, Any] = view["locations"][hero["location"]]
        return loc

    def on_lt_travel(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        here = self._here(view, d.player)
        waiting = [
            t
            for t in here["tokens"]
            if t.get("face_up") and t.get("kind") in ("enemy", "locked-chest", "item", "chest")
        ]
        return "stay" if waiting else "roll"

    def on_lt_move(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        task = str(view["adventure"].get("task", "")).lower()
        by_id = {loc["id"]: loc for loc in view["locations"]}
        hidden = any(not t.get("face_up") for loc in view["locations"] for t in loc["tokens"])
        # what the party carries is worth delivering once nothing is left to find, or it carries three
        carrying = bool(view["scroll"]) and (not hidden or len(view["scroll"]) >= 3)

        def score(option: str) -> float:
            loc = by_id[option.split(":", 1)[1]]
            s = 0.0
            for t in loc["tokens"]:
                if carrying and t.get("face_up") and str(t.get("name", "")).lower() in task:
                    s += 8  # a token the task names, once the party carries items for it (the Alchemist)
                if not t.get("face_up"):
                    s += 2
                elif t.get("kind") == "item":
                    s += 5
                elif t.get("kind") in ("enemy", "locked-chest", "chest"):
                    s += 3
            if loc["name"].lower() in task and (carrying or s > 0):
                s += 6  # the place the task names, once there is something to do there
            return s - 2 * (d.player in loc["heroes"]) + self.rng.random()

        return max(ids, key=score)

    def on_lt_defeat(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        def hits(option: str) -> int:
            return sum(int(part.rsplit("x", 1)[1]) for part in option.split(":", 1)[1].split(","))

        return max(ids, key=hits)

    def on_lt_return(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        return "return" if _worth(view["heroes"][d.player]["front"]) > 0 else "keep"

    def on_lt_fate(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        time = view["time"]
        return "draw" if time["moon"] - time["at"] > 2 else "no"

    def on_lt_magic(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        bags = [i for i in ids if i.startswith("bag:")]
        if not bags:
            return "no"
        best = max(
            bags,
            key=lambda i: _worth(view["heroes"][int(i[4:])]["bag"]) / max(1, view["heroes"][int(i[4:])]["bag_count"]),
        )
        return best if _worth(view["heroes"][int(best[4:])]["bag"]) > 0 else "no"

    def on_lt_reward(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        return min(ids, key=lambda i: view["heroes"][int(i[5:])]["bag_count"])

    def on_lt_campaign(self, view: Mapping[str, Any], d: Decision, ids: list[str]) -> str:
        """Go on at the plan's stars when the next adventure opens; otherwise play this one again
        (at the plan's stars, or one star more than its Talisman when that did not open the next);
        stop once all five are won, or after :data:`MAX_ATTEMPTS` adventures."""
        number = int(view["adventure"]["number"])
        board: Mapping[str, int] = view["scoreboard"]
        if view["attempts"] >= MAX_ATTEMPTS or len(board) == 5:
            return "stop"
        if any(i.startswith("next:") for i in ids):
            return f"next:{PLAN.get(number + 1, 2)}"
        held = board.get(str(number), 0)
        return f"retry:{min(3, max(PLAN.get(number, 2), held + 1 if held else 0))}"
