"""Read a module's TOML content into definitions, checking every entry.

A content file may hold any of these top-level tables::

    [region.<id>]     a ring of spaces and its movement rule (``aside``: spaces off the ring;
                      ``replace = true``: redefine an earlier module's region, dropping its links)
    [[link]]          a passage between two spaces (bridge, portal, gate)
    [space.<id>]      one space and its encounter (``replace = true``: redefine an earlier one)
    [deck.<id>]       a deck: whether it is shuffled, what it is called
    [card.<key>]      a card title, with ``count`` copies
    [character.<key>] a character card
    [table.<key>]     a dice table content can roll on
    [number.<id>]     a number declared by name: a value of its own that the module's rule code
                      reads, or one found ``at`` a place of the content; with ``tune = [low, high]``
                      a tuning run may try others (``talisman balance tune``)

Every error names the file and the entry, for example
``core/adventure.toml: card.bear.strength: expected a whole number, got 'x'``.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from talisman.content import vocabulary as voc
from talisman.content.model import CardDef, CharacterDef, LinkDef, NumberDef, RegionDef, SpaceDef, Table
from talisman.errors import ContentError

CARD_TYPES = (
    "event",
    "enemy",
    "stranger",
    "follower",
    "object",
    "magic-object",
    "magic-item",
    "place",
    "spell",
    "scroll",
    "ability",
    "title",
)
SIZES = ("S", "M", "L")


@dataclass
class RawContent:
    """Definitions collected from one or more content files, before indexing."""

    regions: dict[str, RegionDef] = field(default_factory=dict)
    links: list[LinkDef] = field(default_factory=list)
    spaces: dict[str, dict[str, Any]] = field(default_factory=dict)
    decks: dict[str, dict[str, Any]] = field(default_factory=dict)
    cards: dict[str, CardDef] = field(default_factory=dict)
    characters: dict[str, CharacterDef] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    numbers: dict[str, NumberDef] = field(default_factory=dict)  # ``at`` numbers read by resolve_numbers
    origin: dict[str, str] = field(default_factory=dict)
    # each entry's TOML table as read, by ``kind.key`` (where a number's ``at`` is looked up)
    bodies: dict[str, Any] = field(default_factory=dict)


def load_file(path: Path, into: RawContent, label: str, overrides: Mapping[str, int] | None = None) -> None:
    """Parse one TOML file and add its entries to ``into``; ``overrides`` (place -> number, see
    :func:`split_path`) replace what the file says at those places, before anything is checked."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{label}: not valid TOML: {e}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError(f"{label}: cannot be read: {e}") from None
    for place, value in (overrides or {}).items():
        write_at(data, split_path(place), value)
    for top, body in data.items():
        handler = SECTIONS.get(top)
        if handler is None:
            raise ContentError(f"{label}: unknown section [{top}] (allowed: {', '.join(sorted(SECTIONS))})")
        handler(body, into, label)
        if isinstance(body, dict):
            for key, entry in body.items():
                into.bodies[f"{top}.{key}"] = entry


def load_files(paths: list[Path], into: RawContent, module: str, overrides: Mapping[str, int] | None = None) -> None:
    """Load these content files of a module, in this order."""
    for path in paths:
        load_file(path, into, f"{module}/{path.name}", overrides)


# --- places in the content: where a declared number is found --------------------------

_PLACE = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+|\[\d+\])*\Z")
_STEP = re.compile(r"([A-Za-z0-9_-]+)|\[(\d+)\]")


def split_path(place: str) -> list[str | int]:
    """A place in the content as the steps to it: names of tables and indexes of lists.

    >>> split_path("card.disaster-flood.on_draw[0].disaster.strike[0].lose_turn")
    ['card', 'disaster-flood', 'on_draw', 0, 'disaster', 'strike', 0, 'lose_turn']
    """
    steps: list[str | int] = [name or int(index) for name, index in _STEP.findall(place)] if _PLACE.match(place) else []
    if len(steps) < 3 or not all(isinstance(s, str) for s in steps[:3]):
        raise ContentError(f"{place!r} is not a place in the content (kind.key.field, then .name or [index])")
    return steps


def read_at(data: Any, steps: list[str | int]) -> Any:
    """What ``data`` holds at these steps; KeyError when there is nothing there."""
    for step in steps:
        if isinstance(step, int) and isinstance(data, list) and step < len(data):
            data = data[step]
        elif isinstance(step, str) and isinstance(data, dict) and step in data:
            data = data[step]
        else:
            raise KeyError(step)
    return data


def write_at(data: dict[str, Any], steps: list[str | int], value: int) -> None:
    """Write ``value`` at these steps of a file's data, if the file holds that entry (else nothing)."""
    kind, key = str(steps[0]), steps[1]
    if isinstance(data.get(kind), dict) and key in data[kind]:
        read_at(data, steps[:-1])[steps[-1]] = value


def _claim(into: RawContent, kind: str, key: str, label: str) -> str:
    ident = f"{kind}.{key}"
    if ident in into.origin:
        raise ContentError(f"{label}: {ident}: duplicate id (already defined in {into.origin[ident]})")
    into.origin[ident] = label
    return ident


def _check(label: str, fn: Callable[[Any, str], None], value: Any, path: str) -> None:
    try:
        fn(value, path)
    except voc.VocabularyError as e:
        raise ContentError(f"{label}: {e}") from None


def _fields(label: str, ident: str, body: Any, allowed: dict[str, Any], required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ContentError(f"{label}: {ident}: expected a table")
    for key in required:
        if key not in body:
            raise ContentError(f"{label}: {ident}: missing field {key!r}")
    for key, val in body.items():
        if key not in allowed:
            raise ContentError(f"{label}: {ident}: unknown field {key!r}")
        check = allowed[key]
        if check is not None:
            _check(label, check, val, f"{ident}.{key}")
    return body


def _int(minimum: int = 0) -> Callable[[Any, str], None]:
    return lambda v, p: voc._int(v, p, minimum)


def _one_of(*choices: str) -> Callable[[Any, str], None]:
    return lambda v, p: None if v in choices else voc._fail(p, f"expected one of {', '.join(choices)}, got {v!r}")


def _strs(v: Any, p: str) -> None:
    voc._names(v, p)


def _abilities(v: Any, p: str) -> None:
    """A character's abilities: each a sentence, or ``{ text = "...", in = "dungeon" }`` for one that
    holds only where a module brings that region (``"city|timescape"``: any of them)."""
    if not isinstance(v, list):
        voc._fail(p, "expected a list of abilities")
    for i, a in enumerate(v):
        if not isinstance(a, str):
            _fields(p, str(i), a, {"text": voc._str, "in": voc._str}, ("text", "in"))


def _ability_texts(v: list[Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The abilities' sentences and, beside each, the regions it needs ("" for none)."""
    texts = tuple(a if isinstance(a, str) else a["text"] for a in v)
    return texts, tuple("" if isinstance(a, str) else a["in"] for a in v)


# ``design = "our-own"``: what no source gives and we designed (a layout, a number, a card); only checked
_DESIGN = _one_of("official", "our-own")


def _grid(v: Any, p: str) -> None:
    if not isinstance(v, list) or not v or not all(isinstance(row, list) for row in v):
        voc._fail(p, "expected a list of rows of space ids")
    for row in v:
        _strs(row, p)


def _replace(into: RawContent, kind: str, key: str, label: str) -> str:
    """An entry with ``replace = true`` redefines one an earlier module gave (a board laid out
    anew: Talisman Worlds keeps the spaces of the main board but not its rings)."""
    ident = f"{kind}.{key}"
    if ident not in into.origin:
        raise ContentError(f"{label}: {ident}: replaces nothing (no earlier module defines it)")
    into.origin[ident] = label
    return ident


def _section_regions(body: Any, into: RawContent, label: str) -> None:
    for rid, r in body.items():
        replacing = isinstance(r, dict) and r.get("replace") is True
        ident = _replace(into, "region", rid, label) if replacing else _claim(into, "region", rid, label)
        if replacing:
            # its old ring goes, and with it every earlier link that touches it (bridges, ferries...)
            old = set(into.regions[rid].ring) | set(into.regions[rid].aside)
            into.links = [ln for ln in into.links if ln.a not in old and ln.b not in old]
        _fields(
            label,
            ident,
            r,
            {
                "name": voc._str,
                "movement": _one_of("roll", "step"),
                "ring": _strs,
                "home": voc._str,
                "shape": _one_of("ring", "line", "grid", "hex"),
                "grid": _grid,
                "replace": voc._bool,
                "deck": voc._str,
                "events_as": voc._str,
                "sheltered": _strs,
                "aside": _strs,
                "design": _DESIGN,
                "source": None,
            },
            ("name", "movement", "ring"),
        )
        into.regions[rid] = RegionDef(
            rid,
            r["name"],
            r["movement"],
            tuple(r["ring"]),
            r.get("home", ""),
            r.get("shape", "ring"),
            r.get("deck", "adventure"),
            r.get("events_as", ""),
            tuple(r.get("sheltered", ())),
            tuple(r.get("aside", ())),
            tuple(tuple(row) for row in r.get("grid", ())),
        )
        if (r.get("shape") == "grid") != ("grid" in r) or (
            "grid" in r and sorted(s for row in r["grid"] for s in row if s) != sorted(r["ring"])
        ):
            raise ContentError(
                f"{label}: {ident}.grid: a grid region lays out every space of its ring once, and only it has a grid"
            )


def _section_links(body: Any, into: RawContent, label: str) -> None:
    if not isinstance(body, list):
        raise ContentError(f"{label}: [[link]] must be an array of tables")
    for i, ln in enumerate(body):
        ident = f"link[{i}]"
        _fields(
            label,
            ident,
            ln,
            {
                "kind": _one_of("bridge", "portal", "gate", "ferry", "passage", "warp"),
                "between": _strs,
                "guard": None,
                "name": voc._str,
                "via": voc._str,
                "on_pass": voc.effects,
                "source": None,
            },
            ("kind", "between"),
        )
        if len(ln["between"]) != 2:
            raise ContentError(f"{label}: {ident}.between: a link joins exactly two spaces")
        into.origin.setdefault(f"link.{ln['between'][0]}-{ln['between'][1]}", label)
        into.links.append(
            LinkDef(
                ln["kind"],
                ln["between"][0],
                ln["between"][1],
                dict(ln.get("guard", {})),
                ln.get("name", ""),
                ln.get("via", ""),
                tuple(ln.get("on_pass", ())),
            )
        )


_SPACE_FIELDS = {
    "name": voc._str,
    "kind": voc._str,
    "draw": _int(0),
    "before_draw": voc.effects,
    "encounter": voc.effects,
    "on_enter": voc.effects,
    "theft": voc.effects,
    "creature_bonus": _int(0),
    "suppress": _strs,
    "character_encounters": voc._bool,
    "stop": voc._bool,
    "text": voc._str,
    "source": voc._str,
    "design": _DESIGN,
}


def _section_spaces(body: Any, into: RawContent, label: str) -> None:
    for sid, s in body.items():
        replacing = isinstance(s, dict) and s.get("replace") is True
        ident = _replace(into, "space", sid, label) if replacing else _claim(into, "space", sid, label)
        fields = _fields(label, ident, s, {**_SPACE_FIELDS, "replace": voc._bool}, ("name", "kind"))
        into.spaces[sid] = {k: v for k, v in fields.items() if k != "replace"}


def _section_decks(body: Any, into: RawContent, label: str) -> None:
    for did, d in body.items():
        ident = _claim(into, "deck", did, label)
        into.decks[did] = dict(
            _fields(
                label,
                ident,
                d,
                {"name": voc._str, "shuffled": voc._bool, "discard": voc._str, "source": None},
                ("name", "shuffled"),
            )
        )


_CARD_FIELDS = {
    "name": voc._str,
    "deck": voc._str,
    "type": _one_of(*CARD_TYPES),
    "subtype": voc._str,
    "number": _int(0),
    "count": _int(1),
    "strength": _int(0),
    "craft": _int(0),
    "bonus": None,
    "weapon": voc._bool,
    "armour": _int(1),
    "capacity": _int(1),
    "alignments": _strs,
    "traits": _strs,
    "stays": voc._bool,
    "must_take": voc._bool,
    "holds": _int(1),
    "cost": _int(0),
    "on_draw": voc.effects,
    "on_encounter": voc.effects,
    "use": voc.effects,
    "cast": None,
    "owner": voc._str,
    "owner_bonus": None,
    "owner_traits": _strs,
    "text": voc._str,
    "source": voc._str,
    "on_win": voc.effects,
    "on_lose": voc.effects,
    "on_standoff": voc.effects,
    "design": _DESIGN,
    "in_play_with": _strs,
}
SPELL_WINDOWS = (
    "turn-start",
    "move",
    "after-move",
    "combat",
    "defend",
    "life-loss",
    "follower-loss",
    "others-turn",
    "response",
    "defeat",
    "lost-turn",
    "fate",
)


def _cast_table(v: Any, p: str) -> None:
    voc._table(
        v,
        p,
        {
            "when": lambda x, q: (
                None
                if isinstance(x, list) and x and all(w in SPELL_WINDOWS for w in x)
                else voc._fail(q, f"expected a list of windows from {', '.join(SPELL_WINDOWS)}")
            ),
            "target": _one_of("none", "character", "other", "active"),
            "hook": voc._str,
            "do": voc.effects,
            "counters": voc._bool,
            "lasting": voc._bool,
            "ends": voc._bool,
            "evades": voc._bool,
            "foe": voc._bool,
            "on_land": voc.effects,
        },
    )


_BONUS_KEYS = ("strength", "craft", "battle_strength", "battle_craft", "dragon_battle_strength")


def _section_cards(body: Any, into: RawContent, label: str) -> None:
    for key, c in body.items():
        replacing = isinstance(c, dict) and c.get("replace") is True  # a new version of an earlier module's card
        ident = _replace(into, "card", key, label) if replacing else _claim(into, "card", key, label)
        _fields(label, ident, c, {**_CARD_FIELDS, "replace": voc._bool}, ("name", "deck", "type", "text"))
        for table in ("bonus", "owner_bonus"):
            bonus = c.get(table, {})
            # ``<subtype>_battle_strength``: a weapon's bonus against one kind of foe (dragon, goblin...)
            if not isinstance(bonus, dict) or any(
                (k not in _BONUS_KEYS and not k.endswith("_battle_strength"))
                or isinstance(v, bool)
                or not isinstance(v, int)
                for k, v in bonus.items()
            ):
                raise ContentError(
                    f"{label}: {ident}.{table}: expected a table of {', '.join(_BONUS_KEYS)} = whole number"
                )
        bonus = c.get("bonus", {})
        if c["type"] == "magic-item" and not c.get("owner"):
            raise ContentError(f"{label}: {ident}.owner: a Magic Item names the character it belongs to")
        for a in c.get("alignments", []):
            if a not in voc.ALIGNMENTS:
                raise ContentError(f"{label}: {ident}.alignments: unknown alignment {a!r}")
        cast = c.get("cast", {})
        _check(label, _cast_table, cast, f"{ident}.cast")
        if c["type"] in ("spell", "scroll") and sum(k in cast for k in ("hook", "do", "counters")) != 1:
            raise ContentError(
                f"{label}: {ident}.cast: a {c['type'].capitalize()} needs a cast table with one of"
                " effects (do), a hook, or counters"
            )
        stays_default = c["type"] in ("stranger", "place") or c["type"] == "enemy"
        into.cards[key] = CardDef(
            key=key,
            name=c["name"],
            deck=c["deck"],
            type=c["type"],
            subtype=c.get("subtype", ""),
            number=c.get("number", 0),
            count=c.get("count", 1),
            strength=c.get("strength", 0),
            craft=c.get("craft", 0),
            bonus=dict(bonus),
            weapon=c.get("weapon", False),
            armour=c.get("armour", 0),
            capacity=c.get("capacity", 0),
            alignments=tuple(c.get("alignments", ())),
            traits=tuple(c.get("traits", ())),
            stays=c.get("stays", stays_default),
            must_take=c.get("must_take", False),
            holds=c.get("holds", 0),
            cost=c.get("cost", 0),
            on_draw=tuple(c.get("on_draw", ())),
            on_encounter=tuple(c.get("on_encounter", ())),
            use=tuple(c.get("use", ())),
            cast=dict(cast),
            owner=c.get("owner", ""),
            on_win=tuple(c.get("on_win", ())),
            on_lose=tuple(c.get("on_lose", ())),
            on_standoff=tuple(c.get("on_standoff", ())),
            owner_bonus=dict(c.get("owner_bonus", {})),
            owner_traits=tuple(c.get("owner_traits", ())),
            text=c["text"],
            source=c.get("source", ""),
            design=c.get("design", "official"),
            in_play_with=tuple(c.get("in_play_with", ())),
        )


_CHARACTER_FIELDS = {
    "name": voc._str,
    "strength": _int(1),
    "craft": _int(1),
    "fate": _int(0),
    "lives": _int(1),
    "alignment": _one_of(*voc.ALIGNMENTS),
    "start": voc._str,
    "size": _one_of(*SIZES),
    "spells": _int(0),
    "traits": _strs,
    "abilities": _abilities,
    "design": _DESIGN,
    "playable": voc._bool,
    "source": voc._str,
}


def _section_characters(body: Any, into: RawContent, label: str) -> None:
    for key, c in body.items():
        ident = _claim(into, "character", key, label)
        _fields(
            label,
            ident,
            c,
            _CHARACTER_FIELDS,
            ("name", "strength", "craft", "fate", "lives", "alignment", "start", "abilities"),
        )
        abilities, needs = _ability_texts(c["abilities"])
        into.characters[key] = CharacterDef(
            key=key,
            name=c["name"],
            strength=c["strength"],
            craft=c["craft"],
            fate=c["fate"],
            lives=c["lives"],
            alignment=c["alignment"],
            start=c["start"],
            size=c.get("size", "M"),
            spells=c.get("spells", 0),
            traits=tuple(c.get("traits", ())),
            abilities=abilities,
            ability_regions=needs,
            design=c.get("design", "official"),
            playable=c.get("playable", True),
            source=c.get("source", ""),
        )


def _section_tables(body: Any, into: RawContent, label: str) -> None:
    for key, t in body.items():
        ident = _claim(into, "table", key, label)
        _fields(label, ident, t, {"dice": voc._dice, "rows": voc._rows, "source": voc._str}, ("dice", "rows"))
        from talisman.content.dice import parse_range

        rows = tuple((*parse_range(r["at"]), tuple(r.get("do", ()))) for r in t["rows"])
        into.tables[key] = Table(key, t["dice"], rows, t.get("source", ""))


def _place(v: Any, p: str) -> None:
    try:
        split_path(v if isinstance(v, str) else "")
    except ContentError:
        voc._fail(p, f"expected a place in the content (kind.key.field, then .name or [index]), got {v!r}")


def _bounds(v: Any, p: str) -> None:
    if not (
        isinstance(v, list)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        and 0 <= v[0] < v[1]
    ):
        voc._fail(p, f"expected [low, high], two whole numbers with 0 <= low < high, got {v!r}")


def _section_numbers(body: Any, into: RawContent, label: str) -> None:
    for nid, n in body.items():
        ident = _claim(into, "number", nid, label)
        _fields(
            label,
            ident,
            n,
            {"value": _int(0), "at": _place, "text": voc._str, "tune": _bounds, "design": _DESIGN, "source": voc._str},
            ("text",),
        )
        if ("value" in n) == ("at" in n):
            raise ContentError(f"{label}: {ident}: give its value, or the place it is found at (at), not both")
        low, high = n.get("tune", (None, None))
        into.numbers[nid] = NumberDef(
            nid, n.get("value", 0), n["text"], n.get("at", ""), low, high, n.get("design", "official"), label
        )


def resolve_numbers(raw: RawContent) -> dict[str, NumberDef]:
    """The declared numbers with their values (a number ``at`` a place is read there, and must be a
    whole number), each within its tuning bounds."""
    out: dict[str, NumberDef] = {}
    for nid, n in raw.numbers.items():
        where = f"{raw.origin['number.' + nid]}: number.{nid}"
        value: Any = n.value
        if n.at:
            steps = split_path(n.at)
            try:
                value = read_at(raw.bodies[f"{steps[0]}.{steps[1]}"], steps[2:])
            except KeyError:
                raise ContentError(f"{where}.at: the content holds nothing at {n.at}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise ContentError(f"{where}.at: {n.at} holds {value!r}, not a whole number")
        if n.low is not None and n.high is not None and not n.low <= value <= n.high:
            raise ContentError(f"{where}.tune: {value} is outside its bounds [{n.low}, {n.high}]")
        out[nid] = dataclasses.replace(n, value=value)
    return out


SECTIONS = {
    "number": _section_numbers,
    "region": _section_regions,
    "link": _section_links,
    "space": _section_spaces,
    "deck": _section_decks,
    "card": _section_cards,
    "character": _section_characters,
    "table": _section_tables,
}


def build_spaces(raw: RawContent) -> list[SpaceDef]:
    """Index the spaces in region-ring order; every space must be in one ring."""
    spaces: list[SpaceDef] = []
    placed: dict[str, str] = {}
    for region in raw.regions.values():
        for sid in (*region.ring, *region.aside):
            if sid not in raw.spaces:
                raise ContentError(
                    f"{raw.origin.get('region.' + region.id, '?')}: region.{region.id}.ring: unknown space {sid!r}"
                )
            if sid in placed:
                raise ContentError(
                    f"{raw.origin['space.' + sid]}: space.{sid}: in two regions ({placed[sid]} and {region.id})"
                )
            placed[sid] = region.id
            s = raw.spaces[sid]
            spaces.append(
                SpaceDef(
                    index=len(spaces),
                    id=sid,
                    name=s["name"],
                    region=region.id,
                    kind=s["kind"],
                    draw=s.get("draw", 0),
                    before_draw=tuple(s.get("before_draw", ())),
                    encounter=tuple(s.get("encounter", ())),
                    on_enter=tuple(s.get("on_enter", ())),
                    theft=tuple(s.get("theft", ())),
                    creature_bonus=s.get("creature_bonus", 0),
                    suppress=tuple(s.get("suppress", ())),
                    character_encounters=s.get("character_encounters", True),
                    stop=s.get("stop", False),
                    text=s.get("text", ""),
                    source=s.get("source", ""),
                    design=s.get("design", "official"),
                )
            )
    for sid in raw.spaces:
        if sid not in placed:
            raise ContentError(f"{raw.origin['space.' + sid]}: space.{sid}: not in any region's ring")
    return spaces
