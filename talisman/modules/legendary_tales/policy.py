"""A rule-aware policy for Legendary Tales (002): the party shares one goal, so every seat plays
the same way, from the game's own view (``Game.view``; COMMON contract of the module).

It rolls unless something waits where the hero stands, walks toward tokens (items and the
current task's places first; when no place in reach has any, toward the nearest that does),
defeats as many enemies as the icons allow, returns the tokens in front of it when they hold
more swords and hats than hourglasses, draws on fate or the magic bag only while the enemies
here are not yet beaten and the bag (with the tokens its hero would return) is worth the risk
of an hourglass, and puts each reward into the hero's bag that holds the fewest tokens.

>>> from talisman import Game
>>> g = Game.new(["warrior"], modules=["legendary-tales"], seed=1)
>>> LegendaryPolicy().choose(g.view(0), g.decision)
'roll'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from talisman.engine.decision import Decision, Option

# The stars a party plays each adventure at in a campaign: 2 + 2 + 3 + 3 opens every gate (2, 4, 7, 10).
PLAN = {1: 2, 2: 2, 3: 3, 4: 3, 5: 2}
MAX_ATTEMPTS = 15  # adventures begun in one campaign before the party stops
FIGHT = {"sword": 1, "hat": 1, "sword2": 2, "hat2": 2, "sword/hat": 1}


def _worth(tokens: list[dict[str, Any]]) -> float:
    """Fighting icons less hourglasses, over a list of token views."""
    return float(sum(FIGHT.get(i, 0) - (i == "hourglass") * 1.5 for t in tokens for i in t.get("icons", ())))


def _count(tokens: list[dict[str, Any]]) -> tuple[int, int, int]:
    """Swords, hats and either-icons over a list of token views (enemies' needs, or icons drawn)."""
    icons = [i for t in tokens for i in t.get("icons", ())]
    swords = sum({"sword": 1, "sword2": 2}.get(i, 0) for i in icons)
    return swords, sum({"hat": 1, "hat2": 2}.get(i, 0) for i in icons), icons.count("sword/hat")


def short(view: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """Swords and hats still missing to beat every enemy where ``seat`` stands (each Health token
    asks for its icons once more), after this turn's draws.

    >>> short({"heroes": [{"location": 0}], "locations": [{"tokens": []}], "drawn": []}, 0)
    (0, 0)
    """
    here = view["locations"][view["heroes"][seat]["location"]]["tokens"]
    foes = [t for t in here if t.get("face_up") and t.get("kind") in ("enemy", "locked-chest")]
    need_s = need_h = 0
    for t in foes:
        s, h, _ = _count([t])
        need_s += s * (1 + t.get("health", 0))
        need_h += h * (1 + t.get("health", 0))
    s, h, either = _count(view.get("drawn", []))
    miss_s, miss_h = max(0, need_s - s), max(0, need_h - h)
    while either and (miss_s or miss_h):
        either -= 1
        if miss_s >= miss_h:
            miss_s -= 1
        else:
            miss_h -= 1
    return miss_s, miss_h


def _help(tokens: list[dict[str, Any]], missing: tuple[int, int]) -> float:
    """How much a draw from ``tokens`` is worth against what is missing: the share of tokens with
    a needed icon (or a fate or magic bag, half as much) less the share with an hourglass."""
    if not tokens:
        return -1.0
    good = hour = 0.0
    for t in tokens:
        icons = t.get("icons", ())
        s, h, either = _count([t])
        if (missing[0] and s) or (missing[1] and h) or either:
            good += 1
        elif any(i in ("fate", "fate2", "magic-bag", "hourglass-back", "no-hourglass") for i in icons):
            good += 0.5
        hour += "hourglass" in icons
    return (good - 1.5 * hour) / len(tokens)


def _distances(locations: list[dict[str, Any]], targets: list[int]) -> dict[int, int]:
    """Steps along the paths from each location to the nearest of ``targets``.

    >>> _distances([{"paths": [1]}, {"paths": [0, 2]}, {"paths": [1]}], [2])
    {2: 0, 1: 1, 0: 2}
    """
    far = dict.fromkeys(targets, 0)
    edge = list(targets)
    while edge:
        nxt = []
        for here in edge:
            for there in locations[here]["paths"]:
                if there not in far:
                    far[there] = far[here] + 1
                    nxt.append(there)
        edge = nxt
    return far


class LegendaryPolicy:
    """The cooperative policy; answers any ``lt-`` decision."""

    name = "legendary"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)  # breaks ties between equal places: the party explores

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        ids = [o.id for o in decision.options]
        answer = ANSWERS.get(decision.kind)
        choice = answer(self, view, decision, list(decision.options)) if answer else None
        return choice if choice in ids else ids[0]

    def reason(self, decision: Decision) -> str | None:
        """Why the policy answers a decision of this kind as it does: its rule, in words (its
        answer's docstring; None for a kind it has no answer to).

        >>> LegendaryPolicy().reason(Decision(0, "lt-reward", "", ()))
        'Into the bag of the hero who holds fewest tokens.'
        """
        answer = ANSWERS.get(decision.kind)
        doc = answer.__doc__ if answer is not None else None
        return " ".join(doc.split()) if doc else None

    @staticmethod
    def _here(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        hero = view["heroes"][seat]
        loc: dict[str, Any] = view["locations"][hero["location"]]
        return loc

    def travel(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Stay to meet what waits where the hero stands; else roll to travel."""
        here = self._here(view, d.player)
        waiting = [
            t
            for t in here["tokens"]
            if t.get("face_up") and t.get("kind") in ("enemy", "locked-chest", "item", "chest")
        ]
        return "stay" if waiting else "roll"

    def move(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Toward tokens: items and the places the task names first, else the nearest tokens."""
        task = str(view["adventure"].get("task", "")).lower()
        by_id = {loc["id"]: loc for loc in view["locations"]}
        hidden = any(not t.get("face_up") for loc in view["locations"] for t in loc["tokens"])
        # what the party carries is worth delivering once nothing is left to find, or it carries three
        carrying = bool(view["scroll"]) and (not hidden or len(view["scroll"]) >= 3)

        def score(option: Option) -> float:
            loc = by_id[option.space]
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
            if not s:
                s = float(-far.get(loc["index"], 99))  # nothing here: the nearer to tokens the better
            return s - 2 * (d.player in loc["heroes"]) + self.rng.random()

        wanted = ("item", "enemy", "locked-chest", "chest")
        targets = [
            i
            for i, loc in enumerate(view["locations"])
            if any(not t.get("face_up") or t.get("kind") in wanted for t in loc["tokens"])
        ]
        far = _distances(view["locations"], targets)
        return max(options, key=score).id

    def defeat(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """As many enemies' Health as the icons allow."""
        return max(options, key=lambda o: sum(k for _, k in o.tally)).id

    def return_tokens(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Return the tokens in front of the hero when they hold more swords and hats than hourglasses."""
        return "return" if _worth(view["heroes"][d.player]["front"]) > 0 else "keep"

    def fate(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Draw again only while the enemies here are not beaten and the bag is worth the risk of an hourglass."""
        missing = short(view, d.player)
        if not any(missing):
            return "no"  # the enemies here are beaten already: another draw is only a risk
        last = view["drawn"][-1]["id"] if view.get("drawn") else None
        owner = next((h for h in view["heroes"] if any(t["id"] == last for t in h["front"])), view["heroes"][d.player])
        margin = view["time"]["moon"] - view["time"]["at"]
        worth = _help(owner["bag"], missing)
        return "draw" if worth > 0 or (margin > 3 and worth > -0.3) else "no"

    def magic(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Draw from the magic bag likeliest to help, only while the enemies here are not beaten."""
        missing = short(view, d.player)
        bags = [o for o in options if o.verb == "bag"]
        if not bags or not any(missing):
            return "no"
        drawn = {t["id"] for t in view.get("drawn", [])}

        def tokens(o: Option) -> list[dict[str, Any]]:
            hero = view["heroes"][o.seat]
            bag: list[dict[str, Any]] = hero["bag"]
            back = [t for t in hero["front"] if t["id"] not in drawn]  # its hero returns them first when worth it
            return bag + (back if _worth(back) > 0 else [])

        best = max(bags, key=lambda o: _help(tokens(o), missing))
        return best.id if _help(tokens(best), missing) > 0 else "no"

    def reward(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Into the bag of the hero who holds fewest tokens."""
        return min(options, key=lambda o: view["heroes"][o.seat]["bag_count"]).id

    def campaign(self, view: Mapping[str, Any], d: Decision, options: list[Option]) -> str:
        """Go on at the plan's stars when the next adventure opens; otherwise play this one again
        (at the plan's stars, or one star more than its Talisman when that did not open the next);
        stop once all five are won, or after :data:`MAX_ATTEMPTS` adventures."""
        number = int(view["adventure"]["number"])
        board: Mapping[str, int] = view["scoreboard"]
        if view["attempts"] >= MAX_ATTEMPTS or len(board) == 5:
            return "stop"
        if any(o.verb == "next" for o in options):
            return f"next:{PLAN.get(number + 1, 2)}"
        held = board.get(str(number), 0)
        return f"retry:{min(3, max(PLAN.get(number, 2), held + 1 if held else 0))}"


Answer = Callable[[LegendaryPolicy, Mapping[str, Any], Decision, list[Option]], str]
ANSWERS: dict[str, Answer] = {
    "lt-travel": LegendaryPolicy.travel,
    "lt-move": LegendaryPolicy.move,
    "lt-defeat": LegendaryPolicy.defeat,
    "lt-return": LegendaryPolicy.return_tokens,
    "lt-fate": LegendaryPolicy.fate,
    "lt-magic": LegendaryPolicy.magic,
    "lt-reward": LegendaryPolicy.reward,
    "lt-campaign": LegendaryPolicy.campaign,
}
