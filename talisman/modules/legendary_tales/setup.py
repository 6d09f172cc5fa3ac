"""Setting up: the heroes dealt or chosen, then an adventure laid out (fresh bags, the Reward bag,
its tokens, the time counter on the stars' space) and its first story step read aloud.

Seat 0 starts: 002's "the youngest player" is not known to the program, and the lobby lets the
party seat its youngest first.
"""

from __future__ import annotations

from typing import TypedDict

from talisman.engine import frames, movement
from talisman.engine.game import Game
from talisman.engine.player import Player
from talisman.errors import ConfigError
from talisman.modules.legendary_tales import tasks
from talisman.modules.legendary_tales.board import loc
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.module import MODULE
from talisman.modules.legendary_tales.story import begin_step


@MODULE.handler("setup", args=frames.NoArgs)
def setup(g: Game, a: frames.NoArgs) -> None:
    cat = catalogue()
    given = g.config.characters
    free = [h for h in cat.heroes if h not in given]
    chars = [c if c is not None else free.pop(g.rng.below(len(free))) for c in given]
    g.players = [Player(i, c) for i, c in enumerate(chars)]
    g.globals["scoreboard"] = {}
    if g.options.get("campaign") and g.options["adventure"] != 1:
        raise ConfigError(
            "a campaign starts with the first adventure (002 plays them in order; a custom one is played alone)"
        )
    start_adventure(g, int(g.options["adventure"]), int(g.options["difficulty"]))


class Begin(TypedDict):
    """Adventure number ``n`` begins, with ``stars`` won so far."""

    n: int
    stars: int


@MODULE.handler("lt-begin", args=Begin)
def begin(g: Game, a: Begin) -> None:
    start_adventure(g, a["n"], a["stars"])


def start_adventure(g: Game, number: int, stars: int) -> None:
    """Lay out adventure ``number`` at ``stars`` difficulty: fresh bags, reward bag, tokens."""
    cat = catalogue()
    if number not in cat.adventures:
        raise ConfigError(cat.broken.get(number, f"adventure {number} has no data file"))
    a = cat.adventures[number]["adventure"]
    g.decks = {f"bag:{p.seat}": list(cat.hero_tokens[p.character]) for p in g.players}
    g.decks.update({f"front:{p.seat}": [] for p in g.players})
    g.decks["reward"] = list(cat.rewards)
    used = set(t for d in g.decks.values() for t in d)
    g.decks["box"] = [t.id for t in cat.tokens if t.id not in used]
    g.decks.update({"aside": [], "scroll": [], "revealed": []})
    g.board = {}
    g.counters = {}
    g.globals = {
        **g.globals,
        "adventure": number,
        "stars": stars,
        "side": 1,
        "time": int(a["track"]["stars"][str(stars)]),
        "step": 0,
        "down": [],
        "story": a.get("intro", ""),
        "drawn": [],
        "phase": "travel",
        "attempts": g.globals.get("attempts", 0) + 1,  # adventures begun in this game (a campaign's retries)
    }
    for p in g.players:
        movement.put(g, p.seat, loc(g, a["start"]))
    g.say(f"Adventure {number}: {a['title']} ({stars} star{'s' if stars > 1 else ''}). {a.get('intro', '')}")
    tasks.run(g, cat.adventures[number].get("setup", []))
    begin_step(g)
    g.active = 0
    g.turn = 0
