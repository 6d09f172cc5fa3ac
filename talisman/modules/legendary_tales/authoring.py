"""Adventure files, built in and custom: where custom adventures are found, and the checks every
adventure file passes before it is played (002 invites players to invent their own adventures;
``docs/lt-schema.md`` is our guide to writing one).

A custom adventure is a TOML file in the same form as ``data/adventure-1.toml``, numbered 6 or
more, in the folder ``$TALISMAN_LT_ADVENTURES`` (by default ``legendary-adventures`` in the
user's data folder, ``~/.local/share/talisman/legendary-adventures`` on Linux). It is played
alone (not in the campaign) with ``--option adventure=N``.

>>> problems({"adventure": {"number": 1}}, builtin=True)[0]
'[adventure]: title: missing'
"""

from __future__ import annotations

import os
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from talisman.errors import ContentError
from talisman.modules.legendary_tales.tasks import ACTIONS, CONDITIONS

DATA = Path(__file__).parent / "data"
LOCATIONS = tuple(tomllib.loads((Path(__file__).parent / "board.toml").read_text(encoding="utf-8"))["space"])
ICONS = (
    "sword",
    "hat",
    "sword2",
    "hat2",
    "sword/hat",
    "hourglass",
    "hourglass-back",
    "no-hourglass",
    "fate",
    "fate2",
    "magic-bag",
)
KINDS = ("enemy", "chest", "locked-chest", "item", "person", "hero", "reward", "toad", "other")
BUILT_IN = range(1, 6)
MAX_NUMBER = 9999  # the highest adventure number
MAX_COUNT = 20  # tokens of one kind (the five adventures of 002 have at most 6), Health, rewards
MAX_TOKENS = 200  # tokens of an adventure in all (002's have at most 22)
MAX_NESTING = 8  # conditions within conditions ("all", "any")
MAX_TRACK = 40  # spaces of the time track
MAX_CELL = 20  # the farthest a location's hex cell lies from the centre


def custom_folder() -> Path:
    """The folder custom adventures are read from."""
    named = os.environ.get("TALISMAN_LT_ADVENTURES")
    if named:
        return Path(named)
    from platformdirs import user_data_dir

    return Path(user_data_dir("talisman", appauthor=False)) / "legendary-adventures"


def custom_files() -> list[Path]:
    """The custom adventure files, in name order (none when the folder does not exist)."""
    folder = custom_folder()
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def read(path: Path) -> dict[str, Any]:
    """An adventure file's data; :class:`ContentError` naming the file if it is not TOML (or is
    TOML nested too deep, or with a number too long, to be read)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ContentError(f"{path}: cannot be read as TOML: {e}") from None
    except RecursionError:
        raise ContentError(f"{path}: cannot be read: tables or lists nested too deep") from None
    except ValueError as e:  # a whole number of thousands of digits
        raise ContentError(f"{path}: cannot be read: {e}") from None


def headline(path: Path) -> tuple[int, str] | None:
    """A custom file's number and title, or None if it has none usable (cheap: no checks)."""
    try:
        a = read(path)["adventure"]
        number, title = a["number"], a["title"]
    except (ContentError, KeyError, TypeError):
        return None
    return (number, str(title)) if isinstance(number, int) and number not in BUILT_IN else None


def check(data: dict[str, Any], label: str, builtin: bool = False) -> None:
    """Raise :class:`ContentError` naming ``label`` and every problem of an adventure's data."""
    found = problems(data, builtin)
    if found:
        raise ContentError(f"{label}: " + "; ".join(found))


def _shown(value: Any) -> str:
    """A value as a problem names it: short, whatever it is."""
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"a number of {len(str(abs(value)))} digits"  # (TOML's have fewer than 4,300: str can show them)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: Any, least: int, most: int) -> bool:
    """Is ``value`` a whole number (not a bool) from ``least`` to ``most``?"""
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _tables(value: Any) -> bool:
    """Is ``value`` a list of tables (an array of tables, ``[[name]]``)?"""
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def problems(data: dict[str, Any], builtin: bool = False) -> list[str]:
    """What is wrong with an adventure's data (empty when it can be played)."""
    a = data.get("adventure")
    if not isinstance(a, dict):
        return ["no [adventure] table"]
    out: list[str] = []
    for key, kind, what in (
        ("title", str, "a text"),
        ("start", str, "a location"),
        ("paths", list, "a list of paths"),
        ("layout", dict, "a table of locations"),
        ("track", dict, "a table"),
    ):
        if key not in a:
            out.append(f"[adventure]: {key}: missing")
        elif not isinstance(a[key], kind):
            out.append(f"[adventure]: {key}: {what}, not {_shown(a[key])}")
    number = a.get("number")
    least, most = (BUILT_IN.start, BUILT_IN.stop - 1) if builtin else (BUILT_IN.stop, MAX_NUMBER)
    if not _whole(number, least, most):
        out.append(f"[adventure]: number: {_shown(number)} (a custom adventure is numbered {least} to {most})")
    for key in ("token", "setup", "step"):
        if not _tables(data.get(key, [])):
            out.append(f"{key}: a list of tables ([[{key}]]), not {_shown(data[key])}")
    if out:
        return out
    out += _board_problems(a)
    if builtin and not _whole(a.get("stars_needed"), 0, MAX_NUMBER):
        out.append("[adventure]: stars_needed: the stars that open it in the campaign (0 or more)")
    keys: Counter[Any] = Counter()
    for i, t in enumerate(data.get("token", [])):
        out += [f"token {i + 1} ({_shown(t.get('key', '?'))}): {p}" for p in _token_problems(t)]
        if isinstance(t.get("key"), str):
            count = t.get("count", 1)
            keys[t["key"]] += count if _whole(count, 1, MAX_COUNT) else MAX_COUNT  # (no more problems of a bad count)
    if sum(keys.values()) > MAX_TOKENS:
        out.append(f"token: {sum(keys.values())} tokens in all (an adventure has at most {MAX_TOKENS})")
    for i, s in enumerate(data.get("setup", [])):
        out += [f"setup {i + 1}: {p}" for p in _spec_problems(s, keys, "do")]
    steps = data.get("step", [])
    if not steps:
        out.append("no [[step]]: an adventure needs at least one task")
    for i, s in enumerate(steps):
        where = f"step {i + 1}"
        for key in ("story", "task", "done"):
            if key not in s:
                out.append(f"{where}: {key}: missing")
            elif not isinstance(s[key], str if key != "done" else dict):
                out.append(
                    f"{where}: {key}: {'a text' if key != 'done' else 'a condition table'}, not {_shown(s[key])}"
                )
        done, then = s.get("done", {"if": "never"}), s.get("then", [])
        if isinstance(done, dict):
            out += [f"{where}: done: {p}" for p in _spec_problems(done, keys, "if")]
        if not _tables(then):
            out.append(f"{where}: then: a list of action tables, not {_shown(then)}")
            continue
        out += [f"{where}: then: {p}" for x in then for p in _spec_problems(x, keys, "do")]
    if not any(isinstance(x, dict) and x.get("do") == "win" for s in steps for x in _listed(s.get("then"))):
        out.append('no step does "win": the adventure could never be won')
    return out


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _board_problems(a: dict[str, Any]) -> list[str]:
    out = []
    if a["start"] not in LOCATIONS:
        out.append(f"[adventure]: start: unknown location {_shown(a['start'])}")
    for pair in a["paths"]:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(p, str) and p in LOCATIONS for p in pair)
            and pair[0] != pair[1]
        ):
            out.append(f"[adventure]: paths: {_shown(pair)} is not two different locations ({', '.join(LOCATIONS)})")
    layout = a["layout"]
    cells = [tuple(v) if isinstance(v, list) else v for v in layout.values()]
    if (
        set(layout) != set(LOCATIONS)
        or not all(
            isinstance(c, tuple) and len(c) == 2 and all(_whole(x, -MAX_CELL, MAX_CELL) for x in c) for c in cells
        )
        or len(set(cells)) != len(cells)
    ):
        out.append(
            f"[adventure.layout]: each of the 12 locations needs its own [q, r] cell (-{MAX_CELL} to {MAX_CELL})"
        )
    track = a["track"]
    for side in ("side1", "side2"):
        labels = track.get(side)
        if not (
            isinstance(labels, list)
            and 2 <= len(labels) <= MAX_TRACK
            and all(isinstance(x, str) for x in labels)
            and labels[-1] == "moon"
        ):
            out.append(
                f"[adventure.track]: {side}: a list of 2 to {MAX_TRACK} spaces ending with the crescent moon ('moon')"
            )
    stars = track.get("stars", {})
    if not isinstance(stars, dict):
        return [*out, f"[adventure.track]: stars: a table of start spaces by stars, not {_shown(stars)}"]
    side1 = track.get("side1") if isinstance(track.get("side1"), list) else []
    for s in ("1", "2", "3"):
        if not _whole(stars.get(s), 0, len(side1) - 2):
            out.append(f"[adventure.track]: stars: {s}: the start space of {s} star(s), before the moon")
    return out


def _token_problems(t: dict[str, Any]) -> list[str]:
    out = []
    for key in ("key", "name"):
        if not isinstance(t.get(key), str):
            out.append(f"{key}: missing")
    kind = t.get("kind", "enemy")
    if not isinstance(kind, str) or kind not in KINDS:
        out.append(f"kind: {_shown(kind)} (one of {', '.join(KINDS)})")
    icons = t.get("icons", [])
    if not isinstance(icons, list):
        out.append(f"icons: a list of icons, not {_shown(icons)}")
    else:
        out += [f"icons: unknown icon {_shown(i)}" for i in icons if not isinstance(i, str) or i not in ICONS]
    for key, least, most in (("count", 1, MAX_COUNT), ("health", 0, MAX_COUNT), ("rewards", 0, MAX_COUNT)):
        if key in t and not _whole(t[key], least, most):
            out.append(f"{key}: {_shown(t[key])} (a whole number from {least} to {most})")
    for key in ("border", "back", "design", "note"):
        if key in t and not isinstance(t[key], str):
            out.append(f"{key}: a text, not {_shown(t[key])}")
    return out


# What each parameter of a condition or an action is, where one names it: the check, and what it
# asks for (a parameter no condition or action reads is let be).
PARAMETERS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "token": (lambda v: isinstance(v, str), "a token key"),
    "tokens": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of token keys"),
    "location": (lambda v: isinstance(v, str), "a location"),
    "at": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of locations"),
    "of": (lambda v: isinstance(v, list), "a list of conditions"),
    "count": (lambda v: _whole(v, 1, MAX_TOKENS), f"a whole number from 1 to {MAX_TOKENS}"),
    "n": (lambda v: _whole(v, -MAX_TRACK, MAX_TRACK), f"a whole number from -{MAX_TRACK} to {MAX_TRACK}"),
    "text": (lambda v: isinstance(v, str), "a text"),
    "shuffle": (lambda v: isinstance(v, bool), "true or false"),
    "face_up": (lambda v: isinstance(v, bool), "true or false"),
}


def _fits(key: str, value: Any) -> bool:
    check = PARAMETERS.get(key)
    return check is None or check[0](value)


def _spec_problems(spec: Any, keys: Counter[Any], field: str, depth: int = 0) -> list[str]:
    """A condition's (``field`` "if") or an action's ("do") problems: unknown names, parameters of
    the wrong kind, conditions nested too deep, token keys no token has, more tokens named than
    exist, unknown locations."""
    registry, what = (CONDITIONS, "condition") if field == "if" else (ACTIONS, "action")
    if not isinstance(spec, dict):
        return [f"a {what} is a table, not {_shown(spec)}"]
    name = spec.get(field)
    if not isinstance(name, str) or name not in registry:
        return [f"unknown {what} {_shown(name)} (known: {', '.join(sorted(registry))})"]
    if depth >= MAX_NESTING:
        return [f"{name}: conditions nested more than {MAX_NESTING} deep"]
    out = [f"{name}: {key}: {PARAMETERS[key][1]}, not {_shown(spec[key])}" for key in spec if not _fits(key, spec[key])]
    if out:
        return out
    out = [p for s in spec.get("of", []) for p in _spec_problems(s, keys, "if", depth + 1)]
    named = ([spec["token"]] if "token" in spec else []) + list(spec.get("tokens", []))
    out += [f"{name}: no token has the key {k!r}" for k in named if k not in keys]
    out += [
        f"{name}: {k!r} named {n} times, {keys[k]} such token(s)" for k, n in Counter(named).items() if 0 < keys[k] < n
    ]
    places = ([spec["location"]] if "location" in spec else []) + list(spec.get("at", []))
    out += [f"{name}: unknown location {x!r}" for x in places if x not in LOCATIONS]
    if name == "place" and len(places) != len(spec.get("tokens", [])):
        out.append("place: as many locations (at) as tokens")
    return out
