"""Legendary Tales (002) in the terminal: its board, time track and heroes as text.

Drawn from the game's own view (``g.view(seat)``, the contract of the module
``legendary-tales``): the twelve locations as hex cells at their axial
coordinates (each row shifted half a cell, so that a hex touches two above and
two below), every location's paths, the tokens on it (face down as their back,
face up by name with their icons, Health left and rewards), the heroes in their
seats' colours, the time track with the counter and the crescent moon, the
items on the scroll, the tokens drawn, the current task and story, and each
hero's bag: how many tokens it holds and which (sorted by name: a bag has no
order to show), and the tokens lying in front of the hero.

>>> token_label({"id": 3, "face_up": True, "name": "Goblin", "kind": "enemy", "icons": ["sword", "hat"],
...              "health": 0, "rewards": 1})
'Goblin ⚔✦ ★1'
>>> token_label({"id": 9, "face_up": False, "back": "regular"})
'? (regular)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

GAME = "legendary-tales"
CELL = 16  # characters a hex cell
SEAT_COLOURS = ("#c0392b", "#2874a6", "#239b56", "#8e44ad", "#d68910", "#17a2b8")
# Icon names of the module's catalogue (LT-SCHEMA.md) as one or two characters each (our choice of symbols).
ICONS = {
    "sword": "⚔",
    "hat": "✦",
    "sword2": "⚔⚔",
    "hat2": "✦✦",
    "sword/hat": "⚔/✦",
    "hourglass": "⧗",
    "hourglass-back": "⧗←",
    "no-hourglass": "⧗✗",
    "fate": "☘",
    "fate2": "☘☘",
    "magic-bag": "◈",
}
LEGEND = (
    "⚔ sword  ✦ magic hat  ⚔/✦ either  ⧗ hourglass  ⧗← hourglass back  ⧗✗ crossed hourglass  "
    "☘ fate  ◈ magic bag  ♥ Health left  ★ rewards"
)
KIND_FILLS = {
    "enemy": "#f3b6a8",
    "chest": "#f2d98b",
    "locked-chest": "#e0b84f",
    "item": "#b9e0a5",
    "person": "#b8d4f0",
    "toad": "#9fd39b",
}


def is_legendary(view: Mapping[str, Any]) -> bool:
    """Whether a view is of a game of Legendary Tales."""
    return view.get("game") == GAME


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def icons_text(icons: Sequence[str]) -> str:
    return "".join(ICONS.get(i, i) for i in icons)


def token_label(t: Mapping[str, Any]) -> str:
    """A token in a few characters: its back when face down; else its name, icons, Health left, rewards."""
    if not t.get("face_up", True):
        return f"? ({t.get('back', 'face down')})"
    parts = [str(t["name"])]
    if t.get("icons"):
        parts.append(icons_text(t["icons"]))
    if t.get("health"):
        parts.append(f"♥{t['health']}")
    if t.get("kind") in ("enemy", "chest", "locked-chest") and t.get("rewards"):
        parts.append(f"★{t['rewards']}")
    return " ".join(parts)


def tokens_line(tokens: Sequence[Mapping[str, Any]]) -> str:
    """Tokens as one line, the same ones counted: ``Sword ⚔ ×3, Shield ✦``."""
    counts = Counter(token_label(t) for t in tokens)
    return ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in sorted(counts.items())) or "none"


def _fit(text: str, width: int = CELL) -> str:
    return text[: width - 1] + "…" if len(text) > width else text.ljust(width)


def hex_board(view: Mapping[str, Any], targets: Mapping[str, int] | None = None) -> Text:
    """The locations as hex cells (name; heroes; tokens), each row of the axial layout half a cell further."""
    targets = targets or {}
    locs = view["locations"]
    rows: dict[int, list[Mapping[str, Any]]] = {}
    for loc in locs:
        rows.setdefault(int(loc["r"]), []).append(loc)
    if not rows:
        return Text("No locations.")
    # a hex at (q, r) sits at column q + r/2 (in cells): work in half cells
    halves = [2 * int(loc["q"]) + int(loc["r"]) for loc in locs]
    left = min(halves)
    half = (CELL + 1) // 2
    names = {loc["index"]: loc["name"] for loc in locs}
    heroes = {h["seat"]: h for h in view["heroes"]}
    out = Text()
    for r in sorted(rows):
        lines = [Text(), Text(), Text()]
        col = 0
        for loc in sorted(rows[r], key=lambda x: int(x["q"])):
            at = (2 * int(loc["q"]) + int(loc["r"]) - left) * half
            for line in lines:
                line.append(" " * max(0, at - col))
            col = at
            here = loc["heroes"]
            fill = "#e8dcb5" if not here else "#f7ecc4"
            base = f"black on {fill}"
            mark = f"[{targets[loc['id']]}]" if loc["id"] in targets else ""
            lines[0].append(_fit(loc["name"], CELL - len(mark)), style=f"bold {base}")
            lines[0].append(mark, style="bold reverse")
            who = Text(style=base)
            for seat in here:
                who.append(
                    heroes[seat]["name"][:3] + ("*" if seat == view.get("active") else ""),
                    style=f"bold white on {seat_colour(seat)}",
                )
                who.append(" ", style=base)
            who.truncate(CELL, pad=True)
            lines[1].append_text(who)
            toks = loc["tokens"]
            shown = ", ".join(token_label(t) if t.get("face_up") else "?" for t in toks)
            kind = next((t.get("kind") for t in toks if t.get("face_up")), None)
            style = f"black on {KIND_FILLS.get(str(kind), fill)}" if toks else f"dim {base}"
            lines[2].append(_fit(shown or "-"), style=style)
            for line in lines:
                line.append(" ")
            col += CELL + 1
        for line in lines:
            line.rstrip()
            out.append_text(line)
            out.append("\n")
    paths = sorted(
        {tuple(sorted((loc["index"], o))) for loc in locs for o in loc["paths"]},
        key=lambda ab: (names[ab[0]], names[ab[1]]),
    )
    out.append("Paths: " + ", ".join(f"{names[a]}–{names[b]}" for a, b in paths) + "\n", style="dim")
    out.append(LEGEND + "\n", style="dim")
    return out


def time_track(view: Mapping[str, Any]) -> Text:
    """The time track: its spaces' labels, the counter's space marked, the crescent moon last."""
    t = view["time"]
    out = Text("Time: ", style="bold")
    for i, label in enumerate(t["track"]):
        shown = "☾" if i == t["moon"] else str(label)
        if i == t["at"]:
            out.append(f"[{shown}]", style="bold black on #ffd54f")
        else:
            out.append(shown, style="bold #7e57c2" if i == t["moon"] else "dim")
        out.append(" ")
    out.append(f" ({t['moon'] - t['at']} spaces to the moon)", style="italic")
    return out


def story_text(view: Mapping[str, Any]) -> Text:
    """The adventure, its chapter and stars, the task, the latest story; the scroll, the reward bag, the draw."""
    a = view["adventure"]
    out = Text(f"Adventure {a['number']}: {a['title']}", style="bold")
    out.append(f"  chapter {a['chapter']}, {'★' * int(a['difficulty'])}\n")
    out.append("Task: ", style="bold")
    out.append(f"{a['task'] or '-'}\n")
    if a.get("story"):
        out.append(f"{a['story']}\n", style="italic")
    out.append_text(time_track(view))
    out.append("\nOn the scroll: ", style="bold")
    out.append(tokens_line(view["scroll"]))
    out.append(f"   Reward bag: {view['reward_bag']} tokens")
    if view.get("drawn"):
        out.append("\nDrawn this encounter: ", style="bold")
        out.append(", ".join(token_label(t) for t in view["drawn"]))
    board = view.get("scoreboard") or {}
    if board:
        out.append("\nTalismans won: ", style="bold")
        out.append(", ".join(f"adventure {n} {'★' * int(s)}" for n, s in sorted(board.items())))
    return out


def hero_text(view: Mapping[str, Any], h: Mapping[str, Any]) -> Text:
    """A hero: where, the bag's count and contents (sorted, never an order), the tokens in front, the ability."""
    names = {loc["index"]: loc["name"] for loc in view["locations"]}
    out = Text(f"at the {names.get(h['location'], '?')}", style="bold" if h["seat"] == view.get("active") else "")
    out.append(f"\nBag: {h['bag_count']} token{'' if h['bag_count'] == 1 else 's'}", style="bold")
    out.append(f"\n  {tokens_line(h['bag'])}")
    out.append("\nIn front: ", style="bold")
    out.append(tokens_line(h["front"]))
    if h.get("ability"):
        out.append(f"\n{h['ability']}", style="dim")
    return out


def result_text(result: Mapping[str, Any]) -> str:
    """The end in one sentence: won or lost, the adventure, its stars, and a campaign's rank."""
    won = bool(result.get("won", result.get("winners")))
    stars = int(result.get("stars", 0))
    line = (
        f"The party {'wins' if won else 'loses'} adventure {result.get('adventure', '?')} at "
        f"{stars} star{'s' if stars != 1 else ''} ({'★' * stars}): {result.get('how', '')}."
    )
    board = result.get("scoreboard")
    if board:
        line += f" Talismans: {sum(int(v) for v in board.values())} stars in all"
        line += f", rank {result['rank']}." if result.get("rank") else "."
    return line


def board_text(view: Mapping[str, Any], targets: Mapping[str, int] | None = None) -> Text:
    """Everything the table shows: the story and time, then the map."""
    out = story_text(view)
    out.append("\n\n")
    out.append_text(hex_board(view, targets))
    return out
