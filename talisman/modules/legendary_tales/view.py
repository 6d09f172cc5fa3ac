"""The view service of Legendary Tales (COMMON.md's contract): what a seat may see.
Bag contents are public (002 lets a player look inside); a bag has no order to show."""

from __future__ import annotations

from functools import cache
from typing import Any

from talisman.engine.game import Game
from talisman.engine.view import shown_options
from talisman.modules.legendary_tales.board import paths
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.module import MODULE


@cache
def token_face(t: int, face_up: bool) -> dict[str, Any]:
    """What a token shows, its Health aside (the same dict each time: not to be changed).
    Face down only its back: no id, which the catalogue would turn into its front."""
    tok = catalogue().tokens[t]
    if not face_up:
        return {"face_up": False, "back": tok.back}
    return {
        "id": t,
        "face_up": True,
        "name": tok.name,
        "kind": tok.kind,
        "icons": list(tok.icons),
        "rewards": tok.rewards,
    }


def token_view(g: Game, t: int, face_up: bool = True) -> dict[str, Any]:
    """A token as a seat sees it, with an enemy's Health tokens."""
    if not face_up:
        return dict(token_face(t, False))
    return {**token_face(t, True), "health": g.counters.get(t, 0)}


@MODULE.service("view")
def view(g: Game, seat: int | None) -> dict[str, Any]:
    cat = catalogue()
    a = cat.adventures[g.globals["adventure"]]["adventure"]
    track = a["track"][f"side{g.globals['side']}"]
    down = set(g.globals["down"])
    ways = paths(g)
    locations = []
    for s in g.rules.spaces:
        q, r = a["layout"].get(s.id, [0, 0])
        locations.append(
            {
                "index": s.index,
                "id": s.id,
                "name": s.name,
                "q": q,
                "r": r,
                "paths": sorted(ways.get(s.index, [])),
                "heroes": [p.seat for p in g.players if p.space == s.index],
                "tokens": [token_view(g, t, t not in down) for t in g.board.get(s.index, [])],
            }
        )
    heroes = [
        {
            "seat": p.seat,
            "hero": p.character,
            "name": g.name(p.seat),
            "location": p.space,
            "bag_count": len(g.decks[f"bag:{p.seat}"]),
            "bag": [token_view(g, t) for t in sorted(g.decks[f"bag:{p.seat}"])],
            "front": [token_view(g, t) for t in g.decks[f"front:{p.seat}"]],
            "ability": cat.heroes[p.character]["ability"],
        }
        for p in g.players
    ]
    decision = None
    if g.result is None and g.stack and g.stack[-1][0] == "decide":
        d = g.stack[-1][1]
        decision = {"player": d["p"], "kind": d["kind"], "prompt": d["prompt"]}
        if seat == d["p"]:
            decision["options"] = shown_options(g)
    return {
        "game": "legendary-tales",
        "modules": list(g.config.modules),
        "adventure": {
            "number": a["number"],
            "title": a["title"],
            "chapter": g.globals["side"],
            "task": g.globals.get("task", ""),
            "difficulty": g.globals["stars"],
            "story": g.globals.get("story", ""),
        },
        "time": {"at": g.globals["time"], "moon": len(track) - 1, "track": list(track)},
        "locations": locations,
        "heroes": heroes,
        "scroll": [token_view(g, t) for t in g.decks["scroll"]],
        "reward_bag": len(g.decks["reward"]),
        "drawn": [token_view(g, t) for t, _ in g.globals.get("drawn", [])],
        "scoreboard": dict(g.globals.get("scoreboard", {})),
        "attempts": g.globals["attempts"],
        "phase": g.globals.get("phase", ""),
        "active": g.active,
        "decision": decision,
        "result": g.result,
    }
