"""What people read of the balance workshop: for each question a folder with ``index.html`` (the
tables and the plots), the plots as PNG (forest plots of intervals, the matchup matrix as a heat
map, a tuning run's trials) and ``summary.json`` (every figure, as plain data); and the same
tables for the terminal (rich).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

STYLE = (
    "body{font-family:sans-serif;max-width:62em;margin:2em auto;line-height:1.4}table{border-collapse:collapse;"
    "margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}td:first-child,th:first-child"
    "{text-align:left}img{max-width:100%}.shown{font-weight:bold}"
)


def _short(text: str, width: int = 48) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(low: float, high: float, points: bool = False) -> str:
    """``24.1–27.9%`` (rates), or ``-1.2 to 3.4`` (differences in points)."""
    return f"{low:+.1f} to {high:+.1f}" if points else f"{100 * low:.1f}–{100 * high:.1f}%"


# --- plots ------------------------------------------------------------------------------------------


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def forest(
    path: Path,
    labels: Sequence[str],
    centre: Sequence[float],
    low: Sequence[float],
    high: Sequence[float],
    xlabel: str,
    title: str,
    reference: float | None = None,
    reference_label: str = "",
) -> None:
    """A forest plot: one row per label (the first on top), a dot and its interval, a reference line."""
    plt = _pyplot()
    n = len(labels)
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.3 * n + 1.3)))
    ys = list(range(n))[::-1]
    ax.errorbar(
        centre,
        ys,
        xerr=[[max(0.0, c - lo) for c, lo in zip(centre, low)], [max(0.0, hi - c) for c, hi in zip(centre, high)]],
        fmt="o",
        color="#2b5c8a",
        ecolor="#555",
        capsize=3,
    )
    ax.set_yticks(ys, list(labels))
    if reference is not None:
        ax.axvline(reference, color="#b54a4a", linestyle="--", label=reference_label or None)
        if reference_label:
            ax.legend(loc="lower right")
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def heat_map(path: Path, agents: Sequence[str], matrix: dict[str, dict[str, Any]], fair: float) -> None:
    """The matchup matrix: row agent's share of the wins against the column's, centred on the fair share."""
    plt = _pyplot()
    n = len(agents)
    values = [[(matrix[a][b] or {}).get("rate", float("nan")) * 100 for b in agents] for a in agents]
    fig, ax = plt.subplots(figsize=(1.3 * n + 2.5, 1.1 * n + 1.8))
    image = ax.imshow(values, cmap="RdBu", vmin=0, vmax=100 * min(1.0, 2 * fair))
    for i, a in enumerate(agents):
        for j, b in enumerate(agents):
            cell = matrix[a][b]
            text = (
                "—" if cell is None else f"{100 * cell['rate']:.0f}%\n{100 * cell['low']:.0f}–{100 * cell['high']:.0f}"
            )
            dark = cell is not None and abs(cell["rate"] - fair) > 0.3 * min(1.0, 2 * fair)  # a deep colour
            ax.text(j, i, text, ha="center", va="center", fontsize=8, color="white" if dark else "black")
    ax.set_xticks(range(n), list(agents), rotation=30, ha="right")
    ax.set_yticks(range(n), list(agents))
    ax.set_xlabel("against")
    ax.set_ylabel("agent")
    ax.set_title("Share of the wins (row against column), 95% interval")
    fig.colorbar(image, ax=ax, label="% of wins")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def trials_plot(path: Path, history: list[dict[str, Any]], target: dict[str, Any]) -> None:
    """A tuning run's trials: each trial's figure, the target, the best so far."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    xs = [h["trial"] for h in history]
    ax.plot(xs, [h["figure"] for h in history], "o", color="#2b5c8a", label="trial")
    best: list[float] = []
    for h in history:
        best.append(h["figure"] if not best or h["distance"] < abs(best[-1] - target["value"]) else best[-1])
    ax.step(xs, best, where="post", color="#333", label="best so far")
    ax.axhline(target["value"], color="#b54a4a", linestyle="--", label="target")
    ax.set_xlabel("trial (0: the content as it is)")
    ax.set_ylabel("RMS distance from the fair share, points" if target["kind"] == "fair" else target["kind"])
    ax.set_title(f"Tuning toward {target['label']}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# --- pages ------------------------------------------------------------------------------------------


def table_html(headers: Sequence[str], rows: Sequence[Sequence[Any]], bold: Sequence[bool] = ()) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        f"<tr{' class=shown' if i < len(bold) and bold[i] else ''}>"
        + "".join(f"<td>{html.escape(str(c))}</td>" for c in row)
        + "</tr>"
        for i, row in enumerate(rows)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_page(out: Path, title: str, summary: dict[str, Any], parts: list[str]) -> Path:
    """Write ``summary.json`` and ``index.html`` (the parts, in order) into ``out``; returns the page."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(summary, indent=1, default=str), encoding="utf-8")
    page = out / "index.html"
    page.write_text(
        "\n".join(
            [
                f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
                f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
                *parts,
                "</body></html>",
            ]
        ),
        encoding="utf-8",
    )
    return page


def image(fname: str, alt: str) -> str:
    return f"<img src='{fname}' alt='{html.escape(alt)}'>"


def para(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def rich_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> Table:
    t = Table(title=title, caption=caption or None)
    for i, h in enumerate(headers):
        t.add_column(h, justify="left" if i == 0 else "right")
    for row in rows:
        t.add_row(*row)
    return t


# --- characters --------------------------------------------------------------------------------------

CHAR_HEAD = ["character", "games", "wins", "win rate", "95% interval", "±", "deaths/game", "games needed"]


def character_rows(s: dict[str, Any], names: dict[str, str]) -> list[list[str]]:
    return [
        [
            names.get(r["name"], r["name"]),
            str(r["games"]),
            f"{r['wins']:g}",
            pct(r["rate"]),
            interval(r["low"], r["high"]),
            f"{100 * r['half']:.1f}",
            f"{r['deaths']:.2f}",
            str(r.get("needed", "")),
        ]
        for r in s["characters"]
    ]


def seat_rows(s: dict[str, Any]) -> list[list[str]]:
    return [
        [r["name"], str(r["games"]), f"{r['wins']:g}", pct(r["rate"]), interval(r["low"], r["high"])]
        for r in s["seats"]
    ]


def characters_text(s: dict[str, Any]) -> list[str]:
    """The run's plain sentences: the games, precision reached (or the games it would need), the first seat."""
    first = s["first_player"]
    lines = [
        f"{s['games']} games of {s['players']} players ({s['finished']} finished), each character dealt "
        f"equally often to each seat; fair share {pct(s['fair'])}. Turns per game: median {s['turns']['median']:g}, "
        f"mean {s['turns']['mean']:.1f}; deaths per game {s['deaths_per_game']:.2f}.",
        f"The first player wins {pct(first['rate'])}: {100 * first['advantage']:+.1f} points against the fair "
        f"share (95% interval {100 * first['low']:+.1f} to {100 * first['high']:+.1f}).",
    ]
    if s["precision"]:
        wanted = 100 * s["precision"]
        if s["reached"]:
            lines.append(f"Every interval is within ±{wanted:g} points (the widest ±{100 * s['widest']:.2f}).")
        else:
            lines.append(
                f"The widest interval is ±{100 * s['widest']:.2f} points: ±{wanted:g} for every character needs "
                f"about {s['games_needed']} games in all (from the rates measured)."
            )
    return lines


def characters_page(s: dict[str, Any], names: dict[str, str], out: Path, label: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    rows = s["characters"]
    forest(
        out / "characters.png",
        [names.get(r["name"], r["name"]) for r in rows],
        [100 * r["rate"] for r in rows],
        [100 * r["low"] for r in rows],
        [100 * r["high"] for r in rows],
        "win rate, % (95% Wilson interval)",
        f"Characters ranked ({s['games']} games, {label})",
        100 * s["fair"],
        f"fair share with {s['players']} players",
    )
    forest(
        out / "seats.png",
        [r["name"] for r in s["seats"]],
        [100 * r["rate"] for r in s["seats"]],
        [100 * r["low"] for r in s["seats"]],
        [100 * r["high"] for r in s["seats"]],
        "win rate, % (95% Wilson interval)",
        "Win rate per seat",
        100 * s["fair"],
        "fair share",
    )
    parts = [
        para(f"Rule set: {label}."),
        *map(para, characters_text(s)),
        "<h2>Characters</h2>",
        image("characters.png", "characters ranked"),
        table_html(CHAR_HEAD, character_rows(s, names)),
        "<h2>Seats</h2>",
        image("seats.png", "win rate per seat"),
        table_html(["seat", "games", "wins", "win rate", "95% interval"], seat_rows(s)),
    ]
    return write_page(out, "Talisman balance: characters ranked", {"rule_set": label, **s}, parts)


def characters_tables(s: dict[str, Any], names: dict[str, str]) -> list[Table]:
    return [
        rich_table(
            f"Characters ranked ({s['games']} games, 95% Wilson intervals)", CHAR_HEAD, character_rows(s, names)
        ),
        rich_table("Win rate per seat", ["seat", "games", "wins", "win rate", "95% interval"], seat_rows(s)),
    ]


# --- compare --------------------------------------------------------------------------------------------

COMPARE_HEAD = ["character", "games", "A", "B", "B − A, points", "95% interval", "shown"]


def compare_rows(s: dict[str, Any], names: dict[str, str]) -> list[list[str]]:
    return [
        [
            names.get(r["name"], r["name"]),
            str(r["games"]),
            pct(r["a"]),
            pct(r["b"]),
            f"{r['difference']['mean']:+.1f}",
            interval(r["difference"]["low"], r["difference"]["high"], points=True),
            "yes" if r["shown"] else "no",
        ]
        for r in s["characters"]
    ]


def compare_text(s: dict[str, Any], a: str, b: str, names: dict[str, str]) -> list[str]:
    shown = [names.get(k, k) for k in s["shown"]]
    return [
        f"A: {a}. B: {b}. {s['games']} games on each side, the same seeds, characters and seats.",
        f"Game length: A {s['turns']['a']:.1f} turns on average (median {s['turns']['a_median']:g}), "
        f"B {s['turns']['b']:.1f} (median {s['turns']['b_median']:g}); {s['turns']['verdict']}.",
        f"Deaths per game: A {s['deaths']['a']:.2f}, B {s['deaths']['b']:.2f}; {s['deaths']['verdict']}."
        + (
            " By cause, the largest difference: "
            + f"{s['causes'][0]['cause']}, {s['causes'][0]['difference']['mean']:+.1f} deaths per 100 games "
            + f"({s['causes'][0]['a']} in A, {s['causes'][0]['b']} in B)."
            if s["causes"]
            else ""
        ),
        f"Games cut short at the turn limit: A {s['unfinished']['a']}, B {s['unfinished']['b']}.",
        (
            "Characters whose win rate the games show to differ (Holm-corrected, 5% for the whole family): "
            + ", ".join(shown)
            + "."
            if shown
            else "No character's win rate differs by more than the games can tell from noise "
            "(Holm-corrected, 5% for the whole family)."
        ),
    ]


def compare_page(s: dict[str, Any], names: dict[str, str], out: Path, a: str, b: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    rows = s["characters"]
    forest(
        out / "difference.png",
        [names.get(r["name"], r["name"]) for r in rows],
        [r["difference"]["mean"] for r in rows],
        [r["difference"]["low"] for r in rows],
        [r["difference"]["high"] for r in rows],
        "win rate B − A, points (95% paired interval)",
        "Each character's win rate, B against A",
        0.0,
        "no difference",
    )
    causes = s["causes"][:12]
    if causes:
        forest(
            out / "causes.png",
            [_short(c["cause"]) for c in causes],
            [c["difference"]["mean"] for c in causes],
            [c["difference"]["low"] for c in causes],
            [c["difference"]["high"] for c in causes],
            "deaths per 100 games, B − A (95% paired interval)",
            "Causes of death, B against A (the largest differences)",
            0.0,
        )
    parts = [
        *map(para, compare_text(s, a, b, names)),
        "<h2>Characters</h2>",
        image("difference.png", "win rate differences"),
        table_html(COMPARE_HEAD, compare_rows(s, names), [r["shown"] for r in rows]),
        "<h2>Causes of death</h2>",
        *([image("causes.png", "causes of death")] if causes else []),
        table_html(
            ["cause", "deaths in A", "deaths in B", "B − A per 100 games", "95% interval"],
            [
                [
                    c["cause"],
                    str(c["a"]),
                    str(c["b"]),
                    f"{c['difference']['mean']:+.1f}",
                    interval(c["difference"]["low"], c["difference"]["high"], points=True),
                ]
                for c in s["causes"]
            ],
        ),
        "<h2>Seats</h2>",
        table_html(
            ["seat", "games", "A", "B", "B − A, points", "95% interval"],
            [
                [
                    r["name"],
                    str(r["games"]),
                    pct(r["a"]),
                    pct(r["b"]),
                    f"{r['difference']['mean']:+.1f}",
                    interval(r["difference"]["low"], r["difference"]["high"], points=True),
                ]
                for r in s["seats"]
            ],
        ),
    ]
    return write_page(out, "Talisman balance: two rule sets compared", {"a": a, "b": b, **s}, parts)


def compare_tables(s: dict[str, Any], names: dict[str, str]) -> list[Table]:
    return [rich_table(f"Win rate B − A ({s['games']} paired games)", COMPARE_HEAD, compare_rows(s, names))]


# --- skill --------------------------------------------------------------------------------------------


def skill_text(s: dict[str, Any], label: str) -> list[str]:
    lines = [
        f"Rule set: {label}. {s['games']} games of {s['players']} players: one seat the row's agent, the "
        f"others the column's, the same seeds and characters for every pair; fair share {pct(s['fair'])}."
    ]
    k = s["skill"]
    if k:
        lines.append(
            f"The strongest agent, {k['strong']}, wins {pct(k['rate'])} of its games against the weakest, "
            f"{k['weak']} ({k['games']} games). Skill decides {pct(k['share'])} of the games "
            f"(95% interval {pct(k['low'])} to {pct(k['high'])}); the dice decide the rest, as a fair draw among the seats."
        )
    zero = f"{s['anchor']} is rated 0" if s["anchor"] else "their mean is 0"
    lines.append(
        f"Ratings: Bradley-Terry fitted on these games, on the Elo scale ({zero}; 400 points above another, "
        "an agent wins 10 of 11 two-player games against it), 95% intervals by bootstrap over the games."
    )
    return lines


def skill_rows(s: dict[str, Any]) -> list[list[str]]:
    rows = []
    for a in s["agents"]:
        cells = [
            "—" if c is None else f"{pct(c['rate'])} ({interval(c['low'], c['high'])})" for c in s["matrix"][a].values()
        ]
        rows.append([a, *cells])
    return rows


RATING_HEAD = ["agent", "rating", "95% interval", "games"]


def rating_rows(s: dict[str, Any]) -> list[list[str]]:
    """``agent, rating, 95% interval, games``, the strongest first."""
    return [
        [r["name"], f"{r['rating']:+.0f}", f"{r['low']:+.0f} to {r['high']:+.0f}", str(r["games"])]
        for r in s["ratings"]
    ]


def skill_page(s: dict[str, Any], out: Path, label: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    heat_map(out / "matrix.png", s["agents"], s["matrix"], s["fair"])
    ratings = s["ratings"]
    forest(
        out / "ratings.png",
        [r["name"] for r in ratings],
        [r["rating"] for r in ratings],
        [r["low"] for r in ratings],
        [r["high"] for r in ratings],
        "rating (Elo scale), 95% interval",
        "Agents by rating (Bradley-Terry)",
        0.0,
        f"{s['anchor']}" if s["anchor"] else "the mean",
    )
    parts = [
        *map(para, skill_text(s, label)),
        "<h2>Matchup matrix</h2>",
        image("matrix.png", "matchup matrix"),
        table_html(["agent \\ against", *s["agents"]], skill_rows(s)),
        "<h2>Ratings</h2>",
        image("ratings.png", "agents by rating"),
        table_html(RATING_HEAD, rating_rows(s)),
    ]
    return write_page(out, "Talisman balance: skill and luck", {"rule_set": label, **s}, parts)


def skill_tables(s: dict[str, Any]) -> list[Table]:
    return [
        rich_table("Matchup matrix: row's share of the wins against column", ["", *s["agents"]], skill_rows(s)),
        rich_table("Ratings (Bradley-Terry, Elo scale)", RATING_HEAD, rating_rows(s)),
    ]


# --- tune ----------------------------------------------------------------------------------------------

TUNE_HEAD = ["number", "now", "proposed", "bounds", "file", "place"]


def tune_rows(s: dict[str, Any]) -> list[list[str]]:
    return [
        [n["name"], str(n["now"]), str(n["proposed"]), f"{n['low']}–{n['high']}", n["file"], n["place"]]
        for n in s["numbers"]
    ]


def tune_text(s: dict[str, Any]) -> list[str]:
    c = s["check"]
    closer = c["closer"]
    changed = [n for n in s["numbers"] if n["now"] != n["proposed"]]
    unit = " points" if s["target"]["kind"] == "fair" else ""
    lines = [
        f"Rule set: {s['side']}. Target: {s['target']['label']}. {s['trials']} trials of {s['games']} games "
        f"each (the same games at every trial; trial 0 is the content as it is), Optuna's TPE sampler.",
        (
            f"Proposal (trial {s['best_trial']}): "
            + ", ".join(f"{n['name']} {n['now']} → {n['proposed']}" for n in changed)
            + "."
            if changed
            else "No trial came closer to the target than the content as it is: nothing to propose."
        ),
        f"Checked on {s['check_games']} fresh games (the same for both): the figure goes from {c['before']:.2f}{unit} "
        f"with the content as it is to {c['after']:.2f}{unit} with the proposal, "
        f"{closer['mean']:+.2f}{unit} closer to the target (95% paired bootstrap interval {closer['low']:+.2f} to "
        f"{closer['high']:+.2f}): "
        + ("a move the games show." if c["shown"] else "the games cannot tell it from noise."),
        "Nothing in the content has changed: to apply the proposal, a person edits each number at its place "
        "in its file (and any card text that names it).",
    ]
    return lines


def tune_page(s: dict[str, Any], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    trials_plot(out / "trials.png", s["history"], s["target"])
    parts = [
        *map(para, tune_text(s)),
        "<h2>Numbers</h2>",
        table_html(TUNE_HEAD, tune_rows(s)),
        "<h2>Trials</h2>",
        image("trials.png", "tuning trials"),
        table_html(
            ["trial", "figure", "distance", *[n["name"] for n in s["numbers"]]],
            [
                [str(h["trial"]), f"{h['figure']:.2f}", f"{h['distance']:.2f}", *map(str, h["values"].values())]
                for h in s["history"]
            ],
        ),
    ]
    return write_page(out, "Talisman balance: a tuning run", s, parts)


def tune_tables(s: dict[str, Any]) -> list[Table]:
    return [rich_table("Tunable numbers: the proposal", TUNE_HEAD[:-1], [row[:-1] for row in tune_rows(s)])]
