"""Unambiguous names for the spaces of a board, the same in every front end.

The board has six Fields, four Plains, four Woods...; a player told "Move to
the Fields" cannot tell which. The rule, worked out once per ruleset:

- a name only one space has stays as it is: ``Village``;
- a space whose name repeats is named by where it lies. On a ring of 8 spaces
  or more, drawn as a square (the Outer, Middle and Inner Regions: the layout
  of the browser's board and the terminal's map), that is the compass point of
  the space seen from the middle of the board, north at the top:
  ``Fields (north-east)``. Where two such spaces of a ring share a point of
  the eight, both get the finer point of the sixteen: ``Fields (north-north-west)``
  and ``Fields (west-north-west)``. On a line (a Dungeon) or a small ring it
  is the space's place along its path: ``Corridor (space 4 of 29)``;
- when the name also occurs in another region, the region is named too:
  ``Hills (Outer Region, south)``; ``Hills (Middle Region)`` where it is the
  only one of its region.

>>> from talisman.content.ruleset import ruleset_for
>>> names = place_names(ruleset_for(("core",)))
>>> names["village"], names["fields-1"], names["fields-6"], names["fields-2"]
('Village', 'Fields (north-north-west)', 'Fields (west-north-west)', 'Fields (north-east)')
>>> names["woods-4"], names["hills-1"]
('Woods (Middle Region)', 'Hills (Outer Region, north-east)')
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Final

from talisman.content.model import RegionDef
from talisman.content.ruleset import Ruleset

EIGHT: Final = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
SIXTEEN: Final = (
    "north",
    "north-north-east",
    "north-east",
    "east-north-east",
    "east",
    "east-south-east",
    "south-east",
    "south-south-east",
    "south",
    "south-south-west",
    "south-west",
    "west-south-west",
    "west",
    "west-north-west",
    "north-west",
    "north-north-west",
)
SQUARE: Final = 8  # a ring of this many spaces or more is drawn as a square track


def place_name(rules: Ruleset, sid: str) -> str:
    """The unambiguous name of space ``sid``."""
    return place_names(rules)[sid]


def place_names(rules: Ruleset) -> dict[str, str]:
    """Every space's unambiguous name, by space id (worked out once per ruleset)."""
    found: dict[str, str] | None = rules.derived.get("place-names")
    if found is None:
        found = rules.derived["place-names"] = _names(rules)
    return found


def ring_cells(n: int) -> list[tuple[int, int]]:
    """The cells (column, row) of a ring of ``n`` spaces drawn as a square track,
    clockwise from the top-left corner: ``n // 4`` or one more cells a side from
    each corner, on a grid of ``ceil(n / 4) + 1`` cells a side (rings of 24, 16
    and 8 spaces are the borders of 7x7, 5x5 and 3x3 grids)."""
    track = math.ceil(n / 4)
    cells = []
    for edge in range(4):
        for j in range(n // 4 + (1 if edge < n % 4 else 0)):
            cells.append([(j, 0), (track, j), (track - j, track), (0, track - j)][edge])
    return cells


def _bearing(cell: tuple[int, int], side: int) -> float:
    """Degrees clockwise from north of a cell seen from the middle of its square."""
    half = side / 2
    return math.degrees(math.atan2(cell[0] + 0.5 - half, half - cell[1] - 0.5)) % 360


def _point(bearing: float, points: tuple[str, ...]) -> str:
    return points[round(bearing / (360 / len(points))) % len(points)]


def _where(region: RegionDef, sids: list[str]) -> dict[str, str]:
    """Where each of ``sids`` (spaces of one region sharing a name) lies in it."""
    n = len(region.ring)
    if region.shape == "hex":  # laid out anew in each game: a number of its own, the same on every world
        alike = [s for s in region.ring if s in sids]
        return {s: str(alike.index(s) + 1) for s in sids}
    if region.shape == "line" or n < SQUARE:
        return {s: f"space {region.ring.index(s) + 1} of {n}" for s in sids}
    cells = ring_cells(n)
    side = math.ceil(n / 4) + 1
    bearing = {s: _bearing(cells[region.ring.index(s)], side) for s in sids}
    coarse = {s: _point(b, EIGHT) for s, b in bearing.items()}
    out = {s: coarse[s] if list(coarse.values()).count(coarse[s]) == 1 else _point(bearing[s], SIXTEEN) for s in sids}
    for s in sids:  # still alike (a ring too dense for sixteen points): add the place along it
        if list(out.values()).count(out[s]) > 1:
            out[s] = f"{out[s]}, space {region.ring.index(s) + 1} of {n}"
    return out


def _names(rules: Ruleset) -> dict[str, str]:
    alike: dict[str, list[str]] = defaultdict(list)
    for s in rules.spaces:
        alike[s.name].append(s.id)
    out: dict[str, str] = {}
    for name, sids in alike.items():
        if len(sids) == 1:
            out[sids[0]] = name
            continue
        by_region: dict[str, list[str]] = defaultdict(list)
        for sid in sids:
            by_region[rules.space(sid).region].append(sid)
        for rid, here in by_region.items():
            region = rules.regions[rid]
            where = _where(region, here) if len(here) > 1 else {here[0]: ""}
            for sid in here:
                parts = [region.name] if len(by_region) > 1 else []
                parts += [where[sid]] if where[sid] else []
                out[sid] = f"{name} ({', '.join(parts)})"
    return out
