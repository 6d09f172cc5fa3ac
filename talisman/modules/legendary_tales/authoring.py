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
    """An adventure file's data; :class:`ContentError` naming the file if it is not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ContentError(f"{path}: cannot be read as TOML: {e}") from None


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


def problems(data: dict[str, Any], builtin: bool = False) -> list[str]:
    """What is wrong with an adventure's data (empty when it can be played)."""
    a = data.get("adventure")
    if not isinstance(a, dict):
        return ["no [adventure] table"]
    out: list[str] = []
    for key in ("title", "start", "paths", "layout", "track"):
        if key not in a:
            out.append(f"[adventure]: {key}: missing")
    number = a.get("number")
    if not isinstance(number, int) or (number in BUILT_IN) != builtin or number < 1:
        out.append(f"[adventure]: number: {number!r} (a custom adventure is numbered 6 or more)")
    if out:
        return out
    out += _board_problems(a)
    if builtin and not (isinstance(a.get("stars_needed"), int) and a["stars_needed"] >= 0):
        out.append("[adventure]: stars_needed: the stars that open it in the campaign (0 or more)")
    keys: Counter[Any] = Counter()
    for i, t in enumerate(data.get("token", [])):
        out += [f"token {i + 1} ({t.get('key', '?')}): {p}" for p in _token_problems(t)]
        keys[t.get("key")] += t.get("count", 1) if isinstance(t.get("count", 1), int) else 1
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
        out += [f"{where}: done: {p}" for p in _spec_problems(s.get("done", {"if": "never"}), keys, "if")]
        out += [f"{where}: then: {p}" for x in s.get("then", []) for p in _spec_problems(x, keys, "do")]
    if not any(x.get("do") == "win" for s in steps for x in s.get("then", [])):
        out.append('no step does "win": the adventure could never be won')
    return out


def _board_problems(a: dict[str, Any]) -> list[str]:
    out = []
    if a["start"] not in LOCATIONS:
        out.append(f"[adventure]: start: unknown location {a['start']!r}")
    for pair in a["paths"]:
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in LOCATIONS for p in pair) and pair[0] != pair[1]):
            out.append(f"[adventure]: paths: {pair!r} is not two different locations ({', '.join(LOCATIONS)})")
    cells = [tuple(v) for v in a["layout"].values()]
    if set(a["layout"]) != set(LOCATIONS) or len(set(cells)) != len(cells):
        out.append("[adventure.layout]: each of the 12 locations needs its own [q, r] cell")
    track = a["track"]
    for side in ("side1", "side2"):
        labels = track.get(side)
        if not (isinstance(labels, list) and len(labels) >= 2 and labels[-1] == "moon"):
            out.append(f"[adventure.track]: {side}: a list of spaces ending with the crescent moon ('moon')")
    stars = track.get("stars", {})
    side1 = track.get("side1") or []
    for s in ("1", "2", "3"):
        if not (isinstance(stars.get(s), int) and 0 <= stars[s] < len(side1) - 1):
            out.append(f"[adventure.track]: stars: {s}: the start space of {s} star(s), before the moon")
    return out


def _token_problems(t: dict[str, Any]) -> list[str]:
    out = []
    for key in ("key", "name"):
        if not isinstance(t.get(key), str):
            out.append(f"{key}: missing")
    if t.get("kind", "enemy") not in KINDS:
        out.append(f"kind: {t.get('kind')!r} (one of {', '.join(KINDS)})")
    out += [f"icons: unknown icon {i!r}" for i in t.get("icons", []) if i not in ICONS]
    for key, least in (("count", 1), ("health", 0), ("rewards", 0)):
        if key in t and not (isinstance(t[key], int) and t[key] >= least):
            out.append(f"{key}: {t[key]!r} (a whole number, at least {least})")
    return out


def _spec_problems(spec: dict[str, Any], keys: Counter[Any], field: str) -> list[str]:
    """A condition's (``field`` "if") or an action's ("do") problems: unknown names, token keys
    no token has, more tokens named than exist, unknown locations."""
    registry, what = (CONDITIONS, "condition") if field == "if" else (ACTIONS, "action")
    name = spec.get(field)
    if name not in registry:
        return [f"unknown {what} {name!r} (known: {', '.join(sorted(registry))})"]
    out = [p for s in spec.get("of", []) for p in _spec_problems(s, keys, "if")]
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
