"""The board of the adventure being played: its locations and paths, where tokens lie, and how a
token moves between the board and the zones (``g.decks``: ``bag:N``, ``front:N``, ``reward``,
``box``, ``aside``, ``scroll``, ``revealed``). Face-down tokens on the board are listed in
``g.globals["down"]``; a face-up enemy's remaining Health is ``g.counters[token]``.

>>> from talisman import Game
>>> g = Game.new(["elf"], modules=["legendary-tales"], seed=1)
>>> sorted(g.space_name(i) for i in paths(g)[loc(g, "hovel")])
['Hidden Valley', 'Ruins']
"""

from __future__ import annotations

from typing import Any

from talisman.engine.game import Game
from talisman.modules.legendary_tales import tasks
from talisman.modules.legendary_tales.catalogue import HEALTH_TOKENS, catalogue
from talisman.modules.legendary_tales.module import MODULE


def adv(g: Game) -> dict[str, Any]:
    """The data of the adventure being played (its TOML file)."""
    return catalogue().adventures[g.globals["adventure"]]


def loc(g: Game, key: str) -> int:
    """The index of the location ``key``."""
    return g.rules.space_index[key]


def track(g: Game) -> list[str]:
    """The labels of the time track on the side of the scroll in play."""
    t: list[str] = adv(g)["adventure"]["track"][f"side{g.globals['side']}"]
    return t


def hero(g: Game, seat: int) -> str:
    """The hero a seat plays (its key in ``heroes.toml``)."""
    return g.players[seat].character


def paths(g: Game) -> dict[int, list[int]]:
    """Each location's neighbours along the adventure's paths (worked out once per adventure)."""
    key = ("lt-paths", g.globals["adventure"])
    found: dict[int, list[int]] | None = g.rules.derived.get(key)
    if found is None:
        found = {}
        for x, y in adv(g)["adventure"]["paths"]:
            found.setdefault(loc(g, x), []).append(loc(g, y))
            found.setdefault(loc(g, y), []).append(loc(g, x))
        g.rules.derived[key] = found
    return found


def keyed(g: Game, key: str) -> list[int]:
    """The tokens of the adventure in play with this key."""
    return catalogue().find(g.globals["adventure"], key)


def where_is(g: Game, t: int) -> int | None:
    """The location a token lies on, or None."""
    for k, v in g.board.items():
        if t in v:
            return k
    return None


def enemies_at(g: Game, where: int) -> list[int]:
    """The face-up enemies (and locked chests, fought like them) on a location."""
    cat = catalogue()
    down = set(g.globals["down"])
    return [t for t in g.board.get(where, []) if t not in down and cat.tokens[t].kind in ("enemy", "locked-chest")]


def take_out(g: Game, t: int, zones: tuple[str, ...] = ("aside", "box", "scroll")) -> bool:
    """Take a token out of the first of ``zones`` or the board that holds it; whether it was found."""
    for z in zones:
        if t in g.decks[z]:
            g.decks[z].remove(t)
            return True
    w = where_is(g, t)
    if w is None:
        return False
    g.board[w].remove(t)
    return True


def pick(g: Game, keys: list[str], zones: tuple[str, ...] = ("aside", "box")) -> list[int]:
    """One token for each key (repeat a key for more), each lying in one of ``zones``."""
    picked: list[int] = []
    for key in keys:
        picked.append(next(t for t in keyed(g, key) if t not in picked and any(t in g.decks[z] for z in zones)))
    return picked


def put(g: Game, tokens: list[int], at: list[str], face_up: bool = False) -> None:
    """Lay tokens on locations, face down unless ``face_up`` or a hero stands there (002: new
    tokens where a hero stands are turned face up at once)."""
    heroes = {p.space for p in g.players}
    for t, key in zip(tokens, at, strict=True):
        take_out(g, t, ("aside", "box"))
        where = loc(g, key)
        g.board.setdefault(where, []).append(t)
        if face_up or where in heroes:
            reveal(g, t)
        else:
            g.globals = {**g.globals, "down": [*g.globals["down"], t]}


def reveal(g: Game, t: int) -> None:
    """A token is turned face up: an enemy with Health gets its Health tokens (as many as the 5
    in the box allow), then the adventure's own rules (``tasks.on_reveal``) run."""
    tok = catalogue().tokens[t]
    if tok.health:
        free = HEALTH_TOKENS - sum(g.counters.values())
        if min(tok.health, free) > 0:
            g.counters[t] = min(tok.health, free)
    for rule in tasks.ON_REVEAL:
        rule(g, t)


def flip_at(g: Game, where: int) -> None:
    """Turn every face-down token on a location face up."""
    down = g.globals["down"]
    here = [t for t in g.board.get(where, []) if t in down]
    if not here:
        return
    g.globals = {**g.globals, "down": [t for t in down if t not in here]}
    cat = catalogue()
    for t in here:
        reveal(g, t)
    g.say(f"Revealed at {g.space_name(where)}: {', '.join(cat.tokens[t].name for t in here)}.")


@MODULE.service("conservation")
def check_tokens(g: Game) -> None:
    """Raise AssertionError unless every token lies in exactly one place (a zone or a location)."""
    seen: dict[int, int] = {}
    for ts in [*g.decks.values(), *g.board.values()]:
        for t in ts:
            seen[t] = seen.get(t, 0) + 1
    every = range(len(catalogue().tokens))
    wrong = {t: n for t, n in seen.items() if n != 1 or t not in every}
    missing = [t for t in every if t not in seen]
    if wrong or missing:
        raise AssertionError(f"token conservation broken: duplicated or unknown {wrong}, missing {missing}")
