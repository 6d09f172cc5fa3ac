"""How an adventure ends: the time track reaching the crescent moon, the final task won, and in
a campaign what the party does next (retry, go on if the stars allow, or stop) and its rank.

>>> rank(13)
'Renowned'
"""

from __future__ import annotations

from typing import TypedDict

from talisman.engine.decision import Choice
from talisman.engine.game import Game, frame
from talisman.modules.legendary_tales.board import track
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.module import MODULE

CAMPAIGN = range(1, 6)  # the five adventures of 002, played in order


def stars_needed(number: int) -> int:
    """The stars of the Talismans won that open an adventure of the campaign (its ``stars_needed``)."""
    return int(catalogue().adventures[number]["adventure"]["stars_needed"])


def over(g: Game) -> bool:
    """Whether the adventure has ended (the game, or this adventure of a campaign)."""
    return g.result is not None or bool(g.stack and g.stack[-1][0] == "lt-campaign-ask")


def move_time(g: Game, n: int, why: str) -> None:
    """Move the time counter ``n`` spaces (never before the first); the moon loses the adventure."""
    t = max(0, g.globals["time"] + n)
    g.globals = {**g.globals, "time": t}
    g.say(f"Time {'advances' if n > 0 else 'goes back'} ({why}): {track(g)[t]}.")
    if t >= len(track(g)) - 1:
        finish(g, False, "the time counter reached the crescent moon: night falls")


def finish(g: Game, won: bool, how: str) -> None:
    """The adventure is won or lost: keep a won Talisman, then end the game or ask the campaign."""
    number, stars = g.globals["adventure"], g.globals["stars"]
    board = dict(g.globals.get("scoreboard", {}))
    if won and board.get(str(number), 0) < stars:
        board[str(number)] = stars  # a won Talisman is kept; a higher-star win replaces it
    g.globals = {**g.globals, "scoreboard": board}
    if g.options.get("campaign"):
        g.stack.clear()
        g.push("lt-campaign-ask", won=won, how=how)
        g.say(f"The party {'wins' if won else 'loses'} adventure {number}: {how}.")
        return
    end(g, won, how)


def end(g: Game, won: bool, how: str) -> None:
    """End the game: every hero wins together, or nobody does."""
    g.end([p.seat for p in g.players] if won else [], how)
    board = g.globals.get("scoreboard", {})
    assert g.result is not None
    g.result.update({"adventure": g.globals["adventure"], "stars": g.globals["stars"], "won": won})
    if g.options.get("campaign"):
        g.result["scoreboard"] = board
        g.result["attempts"] = g.globals["attempts"]
        g.result["rank"] = rank(sum(board.values())) if len(board) == 5 else None


def rank(total: int) -> str | None:
    """002's rank table for the stars of all five Talismans; below 11 it names none (None)."""
    return "Legendary" if total >= 15 else "Renowned" if total >= 13 else "Heroic" if total >= 11 else None


class Finished(TypedDict):
    """The adventure is over: the party ``won`` it or not (``how``, in words)."""

    won: bool
    how: str


@MODULE.handler("lt-campaign-ask", args=Finished)
def campaign_ask(g: Game, a: Finished) -> None:
    number = g.globals["adventure"]
    total = sum(g.globals["scoreboard"].values())
    opts = [
        Choice(f"retry:{s}", f"Retry adventure {number} at {s} stars", [frame("lt-begin", n=number, stars=s)])
        for s in (1, 2, 3)
    ]
    nxt = number + 1
    if a["won"] and nxt in CAMPAIGN and total >= stars_needed(nxt):
        opts += [
            Choice(f"next:{s}", f"Go on to adventure {nxt} at {s} stars", [frame("lt-begin", n=nxt, stars=s)])
            for s in (1, 2, 3)
        ]
    done = len(g.globals["scoreboard"]) == 5
    opts.append(Choice("stop", "Stop the campaign", [frame("lt-stop", won=a["won"], how=a["how"])]))
    if done:
        opts = [o for o in opts if o.id == "stop" or o.id.startswith("retry")]
    g.decide(0, "lt-campaign", "The party decides (seat 0 for the party): retry, go on, or stop.", opts)


@MODULE.handler("lt-stop", args=Finished)
def stop(g: Game, a: Finished) -> None:
    end(g, a["won"], a["how"])
