"""A world of hex tiles (Talisman Worlds) as a compact map of text cells.

Rows run north to south (r = -4 to 4), each indented half a cell more or less
than the next, so that a tile touches the two above and the two below it as on
the table. A cell shows the tile's name on its region's colour, then the
pieces on it, or its coordinates "q,r" (the move options name tiles by them);
the number of the option leading there; the ending face down as "Ending?".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from talisman.content.ruleset import Ruleset

CELL = 9
FILLS = {"outer": "#a5d6a7", "river": "#90caf9", "middle": "#b3c7f7", "inner": "#ce93d8", "crown": "#ffd700"}
KINDS = {"water": "#42a5f5", "desert": "#e6c88a"}
SEATS = ("#c0392b", "#2874a6", "#239b56", "#8e44ad", "#d68910", "#17a2b8")


def _fit(text: str, width: int = CELL) -> str:
    return text[: width - 1] + "…" if len(text) > width else text.ljust(width)


def hex_map(
    rules: Ruleset,
    view: Mapping[str, Any],
    here: Mapping[str, Sequence[Mapping[str, Any]]],
    targets: Mapping[str, int],
) -> Text:
    laid = view["layout"]
    face_down = set(laid.get("face_down", ()))
    labels = laid.get("labels", {})
    rows: dict[int, list[tuple[int, str]]] = {}
    for q, r, sid in laid["tiles"]:
        rows.setdefault(r, []).append((q, sid))
    rings = max(abs(r) for r in rows)
    out = Text()
    for r in sorted(rows):
        lines = [Text(" " * ((CELL + 1) // 2 * abs(r))), Text(" " * ((CELL + 1) // 2 * abs(r)))]
        for q, sid in sorted(rows[r]):
            space = rules.space(sid)
            fill = "#795548" if sid in face_down else KINDS.get(space.kind, FILLS.get(space.region, "#c8c8c8"))
            base = f"black on {fill}"
            name = "Ending?" if sid in face_down else labels.get(sid, space.name)
            lines[0].append(_fit(name), style=f"bold {base}")
            mark = f"[{targets[sid]}]" if sid in targets else ""
            who = here.get(sid, ())
            second = Text(style=base)
            if who:
                for p in who[:3]:
                    style = f"bold white on {SEATS[p['controller'] % len(SEATS)]}"
                    second.append(p["name"][:2] + ("*" if p["seat"] == view["active"] else ""), style=style)
                    second.append(" ", style=base)
            else:
                second.append(f"{q},{r}", style=f"dim {base}")
            second.truncate(CELL - len(mark), pad=True)
            second.append(mark, style="bold reverse")
            lines[1].append_text(second)
            for line in lines:
                line.append(" ")
        for line in lines:
            out.append_text(line)
            out.append("\n")
    out.append(
        f"A world of {len(laid['tiles'])} hex tiles in {rings} rings: q runs east, r south-east;"
        " Water and Desert tiles are crossed with a raft or a Water Bottle, never stopped on.\n",
        style="dim",
    )
    return out
