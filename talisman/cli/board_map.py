"""The board as a map of text cells, drawn from the board's own data.

The same shapes as the browser's board (talisman/web/board.js): a ring of 8
spaces or more is a square track; rings linked to it that are 8 spaces
smaller nest one cell inside it (the Outer, Middle and Inner Regions are the
borders of 7x7, 5x5 and 3x3 grids); a one-space region reached from the
innermost ring sits in the middle (the Crown of Command); a grid region (a
City's districts) keeps its own rows; every other region (a Dungeon, the
Wizard's Tower) is a winding strip of cells below, and so are the spaces a
region keeps off its ring (the City's buildings, its Gate and its Donjon),
titled apart; a world of hex tiles (Talisman Worlds) is drawn from the view's
layout by ``hex_map``. Each cell
shows the space's name on its region's colour, the pieces on it in their
seats' colours, the first card lying there, gold, the modules' markers (an
Emperor's Guard; ▼ counts the cards turned face down), and the number of the option that leads there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from talisman.cli.hex_map import hex_map
from talisman.content.model import RegionDef
from talisman.content.places import place_names, ring_cells
from talisman.content.ruleset import Ruleset

REGION_FILLS = ("#e8dcb5", "#d9c08e", "#c99a74", "#e3c05c", "#b7c9a8", "#a9bcd0", "#d4b0c8", "#c8c8c8")
SEAT_COLOURS = ("#c0392b", "#2874a6", "#239b56", "#8e44ad", "#d68910", "#17a2b8")
WIDTH = 12  # characters a cell
STRIP = 7  # cells a row of a strip
SQUARE = 8  # a ring of this many spaces or more is a square track


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class Block:
    """One square of rings, or one strip: a title and its grid of space ids."""

    title: str
    grid: tuple[tuple[str | None, ...], ...]


def layout(rules: Ruleset) -> list[Block]:
    """The board's blocks (worked out once per ruleset)."""
    found: list[Block] | None = rules.derived.get("map-layout")
    if found is None:
        found = rules.derived["map-layout"] = _layout(rules)
    return found


def _linked(rules: Ruleset, a: set[str], b: set[str]) -> bool:
    return any((ln.a in a and ln.b in b) or (ln.a in b and ln.b in a) for ln in rules.links)


def _layout(rules: Ruleset) -> list[Block]:
    regions = list(rules.regions.values())
    rings = sorted(
        (r for r in regions if r.shape == "ring" and len(r.ring) >= SQUARE), key=lambda r: len(r.ring), reverse=True
    )
    chains: list[list[RegionDef]] = []
    for r in rings:
        for chain in chains:
            inner = chain[-1]
            side = math.ceil(len(chain[0].ring) / 4) + 1 - 2 * len(chain)
            if (
                len(inner.ring) >= len(r.ring) + 8
                and math.ceil(len(r.ring) / 4) + 1 == side
                and _linked(rules, set(r.ring), set(inner.ring))
            ):
                chain.append(r)
                break
        else:
            chains.append([r])
    placed = {r.id for r in rings}
    blocks = []
    for chain in chains:
        side = math.ceil(len(chain[0].ring) / 4) + 1
        grid: list[list[str | None]] = [[None] * side for _ in range(side)]
        for depth, r in enumerate(chain):
            for sid, (x, y) in zip(r.ring, ring_cells(len(r.ring))):
                grid[depth + y][depth + x] = sid
        hole = side - 2 * len(chain)
        middle = [
            r
            for r in regions
            if r.id not in placed
            and r.shape == "ring"
            and len(r.ring) == 1
            and _linked(rules, set(r.ring), set(chain[-1].ring))
        ]
        if hole > 0 and middle[:hole]:
            mid = len(chain) + hole // 2
            for i, r in enumerate(middle[:hole]):
                grid[mid][len(chain) + (hole - len(middle[:hole])) // 2 + i] = r.ring[0]
                placed.add(r.id)
        blocks.append(Block(", ".join(r.name for r in chain), tuple(tuple(row) for row in grid)))
    for r in regions:
        if r.id in placed or r.shape == "hex":  # a world's tiles: drawn from the view (hex_map)
            continue
        if r.shape == "grid":
            blocks.append(Block(r.name, tuple(tuple(sid or None for sid in row) for row in r.grid)))
        else:
            blocks.append(Block(r.name, _strip(r.ring)))
    for r in regions:
        if r.aside:
            blocks.append(Block(f"{r.name}: off the streets", _strip(r.aside, winding=False)))
    return blocks


def _strip(sids: Sequence[str], winding: bool = True) -> tuple[tuple[str | None, ...], ...]:
    """Rows of STRIP cells; a path winds (every other row runs back), a set of places does not."""
    rows = []
    for start in range(0, len(sids), STRIP):
        row: list[str | None] = list(sids[start : start + STRIP])
        row += [None] * (STRIP - len(row))
        rows.append(tuple(reversed(row) if winding and (start // STRIP) % 2 else row))
    return tuple(rows)


def _fit(text: str, width: int = WIDTH) -> str:
    return text[: width - 1] + "…" if len(text) > width else text.ljust(width)


def _cell(
    rules: Ruleset,
    sid: str,
    view: Mapping[str, Any],
    here: Sequence[Mapping[str, Any]],
    targets: Mapping[str, int],
) -> list[Text]:
    space = rules.space(sid)
    regions = list(rules.regions)
    fill = REGION_FILLS[regions.index(space.region) % len(REGION_FILLS)]
    base = f"black on {fill}"
    cards = view["board"].get(sid, ())
    # A Disaster (000) lies on its space for good: the space is drawn struck, under the Disaster's name.
    disaster = next((c for c in cards if c.get("subtype") == "disaster"), None)
    if disaster:
        name = Text(_fit(f"!{disaster['name']}"), style="bold white on dark_red")
        cards = [c for c in cards if c is not disaster]
    else:
        name = Text(_fit(space.name), style=f"bold {base}")
    pieces = Text(style=base)
    for p in here[:4]:
        style = f"bold white on {seat_colour(p['controller'])}"
        if p["seat"] == view["active"]:
            style += " underline"
        pieces.append(p["name"][:2], style=style)
        pieces.append(" ", style=base)
    if len(here) > 4:
        pieces.append(f"+{len(here) - 4}", style=base)
    pieces.truncate(WIDTH, pad=True)
    things = []
    if cards:
        things.append(cards[0]["name"] + (f" +{len(cards) - 1}" if len(cards) > 1 else ""))
    gold = view["gold_on"].get(sid)
    if gold:
        things.append(f"{gold}G")
    markers = view.get("pieces", {}).get(sid, ())
    guards = sum(m["kind"] == "emperors-guard" for m in markers)
    if guards:
        things.insert(0, "Guard" if guards == 1 else f"{guards} Guards")  # the Emperor's Guard
    if len(markers) > guards:
        things.append(f"{len(markers) - guards}▼")  # cards turned face down
    mark = f"[{targets[sid]}]" if sid in targets else ""
    foot = Text(_fit(", ".join(things), WIDTH - len(mark)), style=f"italic {base}")
    foot.append(mark, style="bold reverse")
    return [name, pieces, foot]


def draw(rules: Ruleset, view: Mapping[str, Any], targets: Mapping[str, int] | None = None) -> Text:
    """The map of the board as it stands in ``view`` (a ``Game.view``);
    ``targets``: the option number leading to a space, by space id."""
    targets = targets or {}
    here: dict[str, list[Mapping[str, Any]]] = {}
    for p in view["players"]:
        if p["alive"]:
            here.setdefault(p["space"], []).append(p)
    out = Text()
    if (view.get("layout") or {}).get("shape") == "hex":
        out.append("The world\n", style="bold")
        out.append_text(hex_map(rules, view, here, targets))
    blank = Text(" " * WIDTH)
    for block in layout(rules):
        out.append(block.title + "\n", style="bold")
        for row in block.grid:
            cells = [_cell(rules, sid, view, here.get(sid, ()), targets) if sid else None for sid in row]
            for line in range(3):
                for c in cells:
                    out.append_text(c[line] if c else blank)
                    out.append(" ")
                out.append("\n")
        out.append("\n")
    names = place_names(rules)
    passages = [
        f"{ln.kind} {names[ln.a]} - {names[ln.b]}" + (f" (guarded by the {ln.guard['name']})" if ln.guard else "")
        for ln in rules.links
        if ln.kind not in ("ferry", "warp")
    ]
    ferries = sum(1 for ln in rules.links if ln.kind == "ferry")
    if ferries:
        passages.append(f"a Raft crosses the Storm River to the facing space ({ferries} crossings)")
    if passages:
        out.append("Passages: " + "; ".join(passages), style="dim")
    # the Timescape's one-way warp lines (the White one runs clockwise round its square), by colour
    if any(ln.kind == "warp" for ln in rules.links):
        out.append("\nWhite warp line: from each reality to the next, clockwise round its square", style="dim")
    for colour in sorted({ln.name for ln in rules.links if ln.kind == "warp"}):
        hops = ", ".join(
            f"{names[ln.a]} > {names[ln.b]}" for ln in rules.links if ln.kind == "warp" and ln.name == colour
        )
        out.append(f"\n{colour} warp line: {hops}", style="dim")
    return out
