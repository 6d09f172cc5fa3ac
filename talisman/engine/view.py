"""What one seat may see of a game (boardgame.io's ``playerView``).

Everything face up is public: the board, each character's counters,
Objects, Followers and trophies. A seat sees its own Spells; others see how
many (the Prophetess's ability lets her see them all). Nobody sees the order
of a deck, nor the dice to come.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from talisman.engine import abilities, effects, possessions, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Option, sentence
from talisman.engine.determinise import SAMPLERS, determinise
from talisman.engine.quests import describe
from talisman.errors import ConfigError

if TYPE_CHECKING:
    from talisman.engine.game import Game


def card_view(g: Game, card: int) -> dict[str, Any]:
    printed = g.rules.derived.get("printed")
    if printed is None:
        printed = g.rules.derived["printed"] = [_printed(c, i) for i, c in enumerate(g.rules.instances)]
    out = dict(printed[card])
    if card in g.counters:
        out["holds"] = g.counters[card]
    return out


def _printed(c: Any, card: int) -> dict[str, Any]:
    """What is printed on a card instance (worked out once per ruleset: it never changes)."""
    out = {"id": card, "name": c.name, "type": c.type, "text": c.text}
    if c.subtype:
        out["subtype"] = c.subtype
    if c.strength:
        out["strength"] = c.strength
    if c.craft:
        out["craft"] = c.craft
    return out


# The standing states a sheet shows (others are the rules' own bookkeeping).
PUBLIC_STATUS: Final = frozenset(
    (
        "enslaved",
        "hold",
        "quest",
        "raft",
        "next_move",
        "dead",
        "master",
        "goal",
        "flight",
        "retreat",
        "route",
        "warrant",
        "loan",
        "king-task",
        "city-escort",
        "passage",
        "worlds-quest",
        "timescape-sent",
        "suspended",
    )
)


def _sees(g: Game, seat: int, viewer: int | None, trait: str) -> bool:
    """May ``viewer`` see this character's hidden cards (its own; ``see-spells``: the Prophetess)?"""
    return viewer is not None and (g.controller(seat) == viewer or stats.has_trait(g, viewer, trait))


def _of_type(g: Game, seat: int, kind: str) -> list[int]:
    """The character's cards of one type (its Scrolls, Titles, Ability cards)."""
    instances = g.rules.instances
    return [c for c in g.players[seat].cards if instances[c].type == kind]


def _views(g: Game, held: list[int]) -> list[dict[str, Any]]:
    return [card_view(g, c) for c in held]


_ABSENT: Final[Any] = object()  # a field this viewer may not see: left out of the sheet
# A character sheet, field by field: each a function of (game, seat, viewer), so that a lazy
# view works out only the fields a bot reads. In the order of the sheet.
SHEET: Final[dict[str, Callable[[Game, int, int | None], Any]]] = {
    "seat": lambda g, s, v: s,
    "character": lambda g, s, v: g.players[s].character,
    "name": lambda g, s, v: g.name(s),
    "controller": lambda g, s, v: g.controller(s),
    "alive": lambda g, s, v: g.players[s].alive,
    "space": lambda g, s, v: g.rules.spaces[g.players[s].space].id,
    "strength": lambda g, s, v: stats.strength(g, s) if g.players[s].alive else 0,
    "craft": lambda g, s, v: stats.craft(g, s) if g.players[s].alive else 0,
    "strength_counters": lambda g, s, v: g.players[s].strength,
    "craft_counters": lambda g, s, v: g.players[s].craft,
    "lives": lambda g, s, v: g.players[s].lives,
    "gold": lambda g, s, v: g.players[s].gold,
    "fate": lambda g, s, v: g.players[s].fate,
    "alignment": lambda g, s, v: g.players[s].alignment,
    # 000: an Alignment Card lies beside a character whose alignment has
    # changed, showing the new one; it is discarded on reverting.
    "alignment_card": lambda g, s, v: (
        g.players[s].alignment
        if g.players[s].alignment != g.rules.characters[g.players[s].character].alignment
        else None
    ),
    "size": lambda g, s, v: g.players[s].status.get("size", g.rules.characters[g.players[s].character].size),
    "objects": lambda g, s, v: _views(g, g.players[s].objects),
    "packed": lambda g, s, v: _views(g, g.players[s].packed),
    "followers": lambda g, s, v: _views(g, g.players[s].followers),
    "trophies": lambda g, s, v: _views(g, g.players[s].trophies),
    "spell_count": lambda g, s, v: len(g.players[s].spells),
    "scroll_count": lambda g, s, v: len(_of_type(g, s, "scroll")),
    "titles": lambda g, s, v: _views(g, _of_type(g, s, "title")),
    # the character card's own abilities, then Ability cards gained in play
    "abilities": lambda g, s, v: list(g.rules.characters[g.players[s].character].abilities_in_play(g.rules.regions)),
    "ability_cards": lambda g, s, v: _views(g, _of_type(g, s, "ability")),
    "toad": lambda g, s, v: g.players[s].toad,
    "lost_turns": lambda g, s, v: g.players[s].lost_turns,
    "status": lambda g, s, v: {k: x for k, x in g.players[s].status.items() if k in PUBLIC_STATUS},
    "notes": lambda g, s, v: notes(g, s),
    "spells": lambda g, s, v: _views(g, g.players[s].spells) if _sees(g, s, v, "see-spells") else _ABSENT,
    "scrolls": lambda g, s, v: _views(g, _of_type(g, s, "scroll")) if _sees(g, s, v, "see-scrolls") else _ABSENT,
}


def sheet(g: Game, seat: int, viewer: int | None) -> dict[str, Any]:
    """A character's sheet as ``viewer`` sees it (its hidden cards only where it may)."""
    out = {}
    for key, field in SHEET.items():
        value = field(g, seat, viewer)
        if value is not _ABSENT:
            out[key] = value
    return out


def notes(g: Game, seat: int) -> list[str]:
    """The character's standing states (a quest, a hold, a raft...) as sentences, for a sheet."""
    p = g.players[seat]
    st = p.status
    out = []
    if "dead" in st:
        out.append(f"Dead ({st['dead']}).")
    if "enslaved" in st:
        out.append(f"Enslaved: goes free on a movement roll of {st['enslaved']}.")
    if "hold" in st:
        hold = st["hold"]
        out.append(f"Must face {hold['what']} at the {g.space_name(hold['space'])} before moving on.")
    if "quest" in st:
        out.append(f"On a quest for the Warlock: {describe(st['quest'])}.")
    if "goal" in st and st["goal"].get("text"):
        out.append(f"{sentence(st['goal']['text'])}.")
    if "raft" in st:
        out.append("Has a Raft to cross the Storm River.")
    if "warrant" in st:
        out.append("Holds a Warrant: wanted by the Law of the City.")
    if "loan" in st:
        out.append("Owes the Bank of the City a Loan (4G, to repay before leaving the City).")
    if "next_move" in st:
        out.append(f"May go to the {g.space_name(st['next_move'])} as the next move.")
    for level, entry in st.get("master", {}).items():
        left = entry.get("left")
        if left:
            name = g.rules.characters[level].name if level in g.rules.characters else level
            out.append(f"{name} for {left} more {'turn' if left == 1 else 'turns'}.")
    if st.get("flight"):
        out.append("Flees the Dungeon: moves only toward the way out.")
    if "retreat" in st:
        out.append("Beaten back: the next move is toward the Dungeon's Entrance.")
    if "route" in st:
        out.append(f"Came toward the Crown by {st['route']}.")
    for f in possessions.suspended(g, seat):
        entry = st["suspended"][str(f)]
        n = entry["turns"]
        out.append(f"The {g.card_name(f)} is {entry['why']}: no help for {n} more {'turn' if n == 1 else 'turns'}.")
    return out + abilities.notes(g, seat)


_HERE: Final = ("space", "region", "space_kind")  # conditions about where the character stands: not known ahead


def deadly(g: Game, seat: int, space: int) -> str:
    """Why landing on ``space`` would kill the character for certain, or "": the lives its
    arrival takes whatever the dice (the Desert's heat with 1 life left), counting the space's
    own encounter only when no other character is there to be met instead."""
    sdef = g.rules.spaces[space]
    p = g.players[seat]
    alone = not any(o.alive and o.seat != seat and o.space == space for o in g.players)
    lost = 0
    for e in (*sdef.on_enter, *sdef.before_draw, *(sdef.encounter if alone else ())):
        loss = e.get("lose")
        if not isinstance(loss, dict) or not isinstance(loss.get("lives"), int):
            continue
        conds = [c for c in (e.get("if"), e.get("unless")) if c]
        if any(k in _HERE for c in conds for k in c):
            continue
        if ("if" in e and not effects.holds(g, seat, e["if"])) or (
            "unless" in e and effects.holds(g, seat, e["unless"])
        ):
            continue
        lost += loss["lives"]
    if not lost or lost < p.lives:
        return ""
    left = f"{p.lives} {'life' if p.lives == 1 else 'lives'}"
    return f"The {sdef.name} takes {lost} {'life' if lost == 1 else 'lives'} on arrival and you have {left}: you would die."


def _decision(g: Game, seat: int | None) -> dict[str, Any] | None:
    if g.result is not None or not g.stack or g.stack[-1][0] != "decide":
        return None
    a = g.stack[-1][1]
    out = {"player": g.controller(a["p"]), "character": a["p"], "kind": a["kind"], "prompt": a["prompt"]}
    if seat == out["player"]:
        out["options"] = shown_options(g)
        if a["kind"] == "move":
            for o in out["options"]:
                to = g.rules.space_index.get(o.get("args", {}).get("space", "")) if o["verb"] == "move" else None
                warn = deadly(g, a["p"], to) if to is not None else ""
                if warn:
                    o["warn"] = warn
    return out


def shown_options(g: Game) -> list[dict[str, Any]]:
    """The pending decision's options as a front end gets them (:func:`shown_option`)."""
    d = g.decision
    return [shown_option(o) for o in d.options] if d is not None else []


def shown_option(o: Option) -> dict[str, Any]:
    """An option as a front end gets it: the id to send back, the label, the group, and what it
    is about as data: its verb and, when it has any, its arguments (a tally as pairs), so that no
    front end reads the id's text.

    >>> shown_option(Option("take:37", "Take the Sword", args={"card": 37}))
    {'id': 'take:37', 'label': 'Take the Sword', 'group': 'main', 'verb': 'take', 'args': {'card': 37}}
    """
    out: dict[str, Any] = {"id": o.id, "label": o.label, "group": o.group, "verb": o.verb}
    if o.args:
        out["args"] = {k: [list(pair) for pair in v] if isinstance(v, tuple) else v for k, v in o.args.items()}
    return out


def _pieces(g: Game) -> dict[str, list[dict[str, str]]]:
    """Markers of the modules by space id (the Emperor's Guard, a card turned face down)."""
    out: dict[str, list[dict[str, str]]] = {}
    for piece in abilities.pieces(g):
        out.setdefault(g.rules.spaces[piece["space"]].id, []).append({"kind": piece["kind"], "name": piece["name"]})
    return out


# The parts of a view, in order: each a function of (game, seat).
SECTIONS: Final[dict[str, Callable[[Game, int | None], Any]]] = {
    "you": lambda g, seat: seat,
    "modules": lambda g, seat: list(g.config.modules),
    "options": lambda g, seat: dict(g.options),
    "turn": lambda g, seat: g.turn,
    "round": lambda g, seat: g.round,
    "active": lambda g, seat: g.active,
    "result": lambda g, seat: g.result,
    "decision": _decision,
    "players": lambda g, seat: [sheet(g, p.seat, seat) for p in g.players],
    "board": lambda g, seat: {
        g.rules.spaces[s].id: [card_view(g, c) for c in held] for s, held in sorted(g.board.items()) if held
    },
    "gold_on": lambda g, seat: {g.rules.spaces[s].id: n for s, n in sorted(g.gold_on.items()) if n},
    "pieces": lambda g, seat: _pieces(g),
    "realms": lambda g, seat: [
        {
            "space": g.rules.spaces[r["space"]].id,
            "owner": r["owner"],
            "title": g.card_name(r["title"]),
            "gold": r["gold"],
            "cards": [card_view(g, c) for c in r["cards"]],
        }
        for r in g.globals.get("realms", ())
    ],
    # a board laid out anew in each game (Talisman Worlds' hex tiles: [q, r, space id]), public; None on others
    "layout": lambda g, seat: g.globals.get("layout"),
    "decks": lambda g, seat: {name: len(pile) for name, pile in sorted(g.decks.items())},
    "discards": lambda g, seat: {name: len(pile) for name, pile in sorted(g.discards.items())},
}


@ENGINE.service("view")
def view(g: Game, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dictionary of what ``seat`` may know now."""
    return {key: part(g, seat) for key, part in SECTIONS.items()}


def agent_view(g: Game, seat: int | None) -> Mapping[str, Any]:
    """What a bot is given: Talisman's :class:`LazyView`, or, in a game of its own on the same
    engine (Legendary Tales), that game's own view (``Game.view``) as a :class:`GameView`."""
    if g.rules.modules and g.rules.modules[0].game != "talisman":
        return GameView(g, seat)
    return LazyView(g, seat)


class GameView(dict[str, Any]):
    """A game of its own's view (``Game.view``) as a bot is given it: that very dict, which can
    also sample a world consistent with it for search, by the sampler its game registers in
    :data:`~talisman.engine.determinise.SAMPLERS` (Legendary Tales':
    ``talisman.modules.legendary_tales.sampling``). Valid until the game changes, like :class:`LazyView`.

    >>> from talisman import Game
    >>> view = agent_view(Game.new(["elf"], modules=["legendary-tales"], seed=1), 0)
    >>> view["game"], isinstance(view, GameView), view == view._game.view(0)
    ('legendary-tales', True, True)
    """

    __slots__ = ("_game", "_seat")

    def __init__(self, g: Game, seat: int | None) -> None:
        super().__init__(g.view(seat))
        self._game = g
        self._seat = seat

    def sample_world(self, rng: random.Random) -> Game:
        """A copy of the game with all this seat cannot see drawn again from ``rng``."""
        name = self._game.rules.modules[0].game
        sampler = SAMPLERS.get(name)
        if sampler is None:
            raise ConfigError(f"no sampler of hidden information is registered for the game {name!r}")
        return sampler(self._game, self._seat, rng)


class LazyView(Mapping[str, Any]):
    """The same view, each part computed only when first read (for bots).

    ``LazyView(g, seat)["players"][i]`` builds one character sheet and no
    other; ``dict(lazy)`` equals ``view(g, seat)``. It reads the game when
    asked, so it is valid only until the game changes: an agent uses it
    within one ``choose`` call.
    """

    __slots__ = ("_game", "_seat", "_parts")

    def __init__(self, g: Game, seat: int | None) -> None:
        self._game = g
        self._seat = seat
        self._parts: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        parts = self._parts
        if key not in parts:
            if key == "players":
                parts[key] = _LazySheets(self._game, self._seat)
            elif key == "board":
                parts[key] = _LazyBoard(self._game)
            else:
                parts[key] = SECTIONS[key](self._game, self._seat)
        return parts[key]

    def get(self, key: str, default: Any = None) -> Any:  # (Mapping's own is Python code, even compiled)
        return self[key] if key in SECTIONS else default

    def __iter__(self) -> Iterator[str]:
        return iter(SECTIONS)

    def __len__(self) -> int:
        return len(SECTIONS)

    def board_source(self) -> tuple[object, object]:
        """What a bot's map of the board is made from, as the game holds it: its modules and its
        laid-out tiles (``layout``; None on a fixed board). The very same objects again (the same
        game, or a copy of it) mean the same board, so a bot need not read and compare them at
        every decision; other objects may still be equal (compare ``modules`` and ``layout``)."""
        g = self._game
        return g.config.modules, g.globals.get("layout")

    def game_key(self) -> object:
        """Which game this is, as an opaque token: the same object for the game and every copy of
        it (a search's sampled worlds), another for any other game, even one of the same modules
        and seed. A bot that keeps memories from one decision to the next forgets them when the
        token changes, so that a bot reused for a new game starts it knowing nothing."""
        return self._game.config

    def sample_world(self, rng: random.Random) -> Game:
        """A copy of the game in which all this seat cannot see (deck order,
        others' Spells and Scrolls, the dice to come) is drawn again from
        ``rng``: one world consistent with the view, for search bots."""
        return determinise(self._game, self._seat, rng)

    def open_world(self) -> Game:
        """A copy of the game itself, what the seat cannot see included: for analysis only (the
        ceiling a search with perfect knowledge reaches), never for a bot offered in play."""
        return self._game.clone()


class _LazySheets(Sequence[Mapping[str, Any]]):
    """The character sheets of a lazy view, each built on first read."""

    __slots__ = ("_game", "_seat", "_sheets")

    def __init__(self, g: Game, seat: int | None) -> None:
        self._game = g
        self._seat = seat
        self._sheets: list[Mapping[str, Any] | None] = [None] * len(g.players)

    def __getitem__(self, i: int) -> Mapping[str, Any]:  # type: ignore[override]
        found = self._sheets[i]
        if found is None:
            found = self._sheets[i] = _LazySheet(self._game, range(len(self._sheets))[i], self._seat)
        return found

    def __len__(self) -> int:
        return len(self._sheets)

    def __eq__(self, other: object) -> bool:
        return list(self) == other if isinstance(other, list) else NotImplemented


class _LazySheet(Mapping[str, Any]):
    """A character sheet in a lazy view: each field worked out when first read
    (a bot reads a few of the thirty, most often its lives, space and Strength)."""

    __slots__ = ("_game", "_seat", "_viewer", "_fields")

    def __init__(self, g: Game, seat: int, viewer: int | None) -> None:
        self._game = g
        self._seat = seat
        self._viewer = viewer
        self._fields: dict[str, Any] = {}

    def get(self, key: str, default: Any = None) -> Any:  # (natively: Mapping's own is Python code)
        fields = self._fields
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            field = SHEET.get(key)
            if field is None:
                return default
            value = field(self._game, self._seat, self._viewer)
            if value is _ABSENT:
                return default
            fields[key] = value
        return value

    def __getitem__(self, key: str) -> Any:
        value = self._fields.get(key, _ABSENT)  # (a field read before: the common case, at once)
        if value is _ABSENT:
            value = self.get(key, _ABSENT)
            if value is _ABSENT:
                raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter([key for key in SHEET if self.get(key, _ABSENT) is not _ABSENT])

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _LazyBoard(Mapping[str, list[dict[str, Any]]]):
    """The cards face up on the board in a lazy view: a space's, viewed on first read
    (a bot asks after the few spaces it could move to, the view holds them all)."""

    __slots__ = ("_game", "_spaces")

    def __init__(self, g: Game) -> None:
        self._game = g
        self._spaces: dict[str, list[dict[str, Any]]] = {}

    def get(self, sid: str, default: Any = None) -> Any:  # (without a KeyError for each empty space)
        found = self._spaces.get(sid)
        if found is None:
            g = self._game
            held = g.board.get(g.rules.space_index.get(sid, -1))
            if not held:
                return default
            found = self._spaces[sid] = [card_view(g, c) for c in held]
        return found

    def __getitem__(self, sid: str) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] | None = self.get(sid)
        if found is None:
            raise KeyError(sid)
        return found

    def __iter__(self) -> Iterator[str]:
        g = self._game
        return iter([g.rules.spaces[s].id for s, held in sorted(g.board.items()) if held])

    def __len__(self) -> int:
        return sum(1 for held in self._game.board.values() if held)


def events_for(g: Game, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
    """The log from ``start`` on, as ``seat`` may read it (secrets hidden)."""
    return [e.to_dict(seat) for e in g.events[start:]]
