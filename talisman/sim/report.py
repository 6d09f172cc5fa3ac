"""The report of a simulation: plots (PNG), an HTML page and terminal tables.

:func:`write_report` draws with matplotlib (Agg backend, no display needed)
into a folder: ``win_rates.png``, ``game_length.png``, ``deaths.png``,
``endings.png``, ``summary.json`` and ``index.html`` which shows them all,
with the table of the features used (module by module: how often each
feature a character may choose was offered and taken, and why one never
used never pays).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.table import Table

from talisman.content.modules import Feature
from talisman.content.ruleset import ruleset_for


def character_names(modules: tuple[str, ...] = ("core",)) -> dict[str, str]:
    try:
        return {k: c.name for k, c in ruleset_for(modules).characters.items()}
    except Exception:  # records of modules this installation lacks still get a report, with keys for names
        return {}


def adventure_names(modules: tuple[str, ...]) -> dict[int, str]:
    """A cooperative game's adventures by number, as its option labels name them (else none)."""
    try:
        spec = ruleset_for(modules).options["adventure"]
    except Exception:  # not a game of adventures, or a module this installation lacks
        return {}
    return {int(c): str(label) for c, label in zip(spec.choices, spec.labels or ())}


def feature_notes(module_sets: Iterable[tuple[str, ...]]) -> dict[str, Feature]:
    """The features the modules of these games declare, by ``module/name`` (their meaning and
    why one never pays); none for modules this installation lacks."""
    found: dict[str, Feature] = {}
    for modules in dict.fromkeys(module_sets):
        try:
            rules = ruleset_for(modules)
        except Exception:  # records of modules this installation lacks: their features go unexplained
            continue
        for f in rules.features:
            found.setdefault(f.key, f)
    return found


FEATURE_HEAD = ["module", "feature", "games", "offered in", "used in", "uses per game", "why never used"]
UNEXPLAINED = "(no reason written)"
UNOFFERED = "(never offered)"


def feature_rows(rows: list[dict[str, Any]], notes: dict[str, Feature]) -> list[list[str]]:
    """The features used, as table rows (:data:`FEATURE_HEAD`): the reason a feature never pays
    as its module writes it; for one never used without a reason, a warning, or that no game
    came to offer it; for one that few games offer, what it waits for (its module's ``seldom``).

    >>> from talisman.content.modules import Feature
    >>> loan = Feature("city-classic", "loan", "a Loan", ("loan",), never_pays="dear")
    >>> row = {"key": loan.key, "module": "city-classic", "feature": "loan", "games": 4,
    ...        "offered_games": 3, "used_games": 0, "uses": 0, "per_game": 0.0}
    >>> feature_rows([row], {loan.key: loan})[0][2:]
    ['4', '3', '0', '0.00', 'dear']
    """
    out = []
    for r in rows:
        note = notes.get(r["key"])
        why = note.never_pays if note is not None and note.never_pays else ""
        if not why and not r["uses"]:
            seldom = note.seldom if note is not None else ""
            if r["offered_games"]:
                why = f"seldom worth it: {seldom}" if seldom else UNEXPLAINED
            else:
                why = f"{UNOFFERED}: {seldom}" if seldom else UNOFFERED
        out.append(
            [
                r["module"],
                r["feature"],
                str(r["games"]),
                str(r["offered_games"]),
                str(r["used_games"]),
                f"{r['per_game']:.2f}",
                why,
            ]
        )
    return out


def _feature_html(rows: list[dict[str, Any]], notes: dict[str, Feature]) -> str:
    """The features table of the page, each feature with its meaning."""
    table = feature_rows(rows, notes)
    for row, r in zip(table, rows, strict=True):
        note = notes.get(r["key"])
        row.insert(2, note.meaning if note is not None else "")
    return _html_table([*FEATURE_HEAD[:2], "what it is", *FEATURE_HEAD[2:]], table)


PARTY_HEAD = ["adventure", "stars", "heroes", "bots", "games", "wins", "success", "95% interval", "turns", "tasks done"]


def party_rows(rows: list[dict[str, Any]], adventures: dict[int, str]) -> list[list[str]]:
    """The party's success per cell, as table rows (:data:`PARTY_HEAD`); adventures by name when
    ``adventures`` names them, else by number."""
    return [
        [
            adventures.get(r["adventure"], str(r["adventure"])),
            str(r["stars"]),
            str(r["players"]),
            r["bots"],
            str(r["games"]),
            str(r["wins"]),
            f"{100 * r['rate']:.1f}%",
            f"{100 * r['low']:.1f}–{100 * r['high']:.1f}%",
            f"{r['turns']:g}",
            f"{r['tasks']:.1f}",
        ]
        for r in rows
    ]


def _party_plot(rows: list[dict[str, Any]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = rows[::-1]
    fig, ax = plt.subplots(figsize=(8, max(3, 0.32 * len(rows) + 1.2)))
    labels = [f"adventure {r['adventure']}, {r['stars']}★, {r['players']} heroes, {r['bots']}" for r in rows]
    rates = [100 * r["rate"] for r in rows]
    err = [[100 * (r["rate"] - r["low"]) for r in rows], [100 * (r["high"] - r["rate"]) for r in rows]]
    ax.barh(labels, rates, xerr=err, color="#4a7ab5", ecolor="#333", capsize=3)
    ax.set_xlim(0, 100)
    ax.set_xlabel("party success, % (bars: 95% Wilson interval)")
    ax.set_title(f"Party success ({sum(r['games'] for r in rows)} games)")
    fig.tight_layout()
    fig.savefig(out / "party_success.png", dpi=110)
    plt.close(fig)


def _plots(s: dict[str, Any], out: Path, names: dict[str, str]) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    if s.get("party"):
        _party_plot(s["party"], out)
        made.append(("party_success.png", "Party success by adventure, difficulty and party size"))
    rows = list(reversed(s["characters"]))
    fig, ax = plt.subplots(figsize=(8, max(3, 0.32 * len(rows) + 1.2)))
    labels = [names.get(r["name"], r["name"]) for r in rows]
    rates = [100 * r["rate"] for r in rows]
    err = [[100 * (r["rate"] - r["low"]) for r in rows], [100 * (r["high"] - r["rate"]) for r in rows]]
    ax.barh(labels, rates, xerr=err, color="#4a7ab5", ecolor="#333", capsize=3)
    players = max(s["players"], key=s["players"].get) if s["players"] else 0
    if players:
        ax.axvline(100 / players, color="#b54a4a", linestyle="--", label=f"fair share with {players} players")
        ax.legend(loc="lower right")
    ax.set_xlabel("win rate, % (bars: 95% Wilson interval)")
    ax.set_title(f"Win rate per character ({s['games']} games)")
    fig.tight_layout()
    fig.savefig(out / "win_rates.png", dpi=110)
    plt.close(fig)
    made.append(("win_rates.png", "Win rate per character"))

    fig, ax = plt.subplots(figsize=(8, 4))
    ax.hist(s["turn_values"], bins=min(40, max(5, len(s["turn_values"]) // 5)), color="#5b9a68")
    ax.axvline(s["turns"]["median"], color="#333", linestyle="--", label=f"median {s['turns']['median']:.0f}")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "game_length.png", dpi=110)
    plt.close(fig)
    made.append(("game_length.png", "Game length"))

    for key, fname, title in (("causes", "deaths.png", "Causes of death"), ("endings", "endings.png", "Endings")):
        items = s[key][:15][::-1]
        if not items:
            continue
        fig, ax = plt.subplots(figsize=(9, max(2.5, 0.35 * len(items) + 1.2)))
        ax.barh([_short(k) for k, _ in items], [v for _, v in items], color="#a0783c")
        ax.set_xlabel("deaths" if key == "causes" else "games")
        ax.set_title(title)
        fig.tight_layout()
        fig.savefig(out / fname, dpi=110)
        plt.close(fig)
        made.append((fname, title))
    return made


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _html_table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def rate_rows(rows: list[dict[str, Any]], names: dict[str, str]) -> list[list[str]]:
    return [
        [
            names.get(r["name"], r["name"]),
            str(r["games"]),
            f"{r['wins']:g}",
            f"{100 * r['rate']:.1f}%",
            f"{100 * r['low']:.1f}–{100 * r['high']:.1f}%",
        ]
        for r in rows
    ]


def write_report(
    s: dict[str, Any],
    out: Path,
    names: dict[str, str],
    adventures: dict[int, str] | None = None,
    notes: dict[str, Feature] | None = None,
) -> Path:
    """Write the plots, summary.json and index.html into ``out``; returns the page. A
    cooperative game's page opens with the party's success per adventure, difficulty and size;
    ``notes`` explain the features (:func:`feature_notes`)."""
    out.mkdir(parents=True, exist_ok=True)
    plots = _plots(s, out, names)
    (out / "summary.json").write_text(json.dumps({k: v for k, v in s.items() if k != "turn_values"}, indent=1))
    rate_head = ["", "games", "wins", "win rate", "95% interval"]
    t = s["turns"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>Talisman simulation report</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
        "margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}img{max-width:100%}</style>",
        "</head><body><h1>Talisman simulation report</h1>",
        f"<p>{s['games']} games, {s['finished']} finished; players per game: "
        f"{', '.join(f'{k}: {v}' for k, v in s['players'].items())}. Turns per game: median {t['median']:.0f}, "
        f"mean {t['mean']:.1f}, 10–90% {t['p10']:.0f}–{t['p90']:.0f}. Deaths per game: {s['deaths_per_game']:.2f}.</p>",
        *(
            [
                "<h2>Party success by adventure, difficulty and party size</h2>",
                _html_table(PARTY_HEAD, party_rows(s["party"], adventures or {})),
            ]
            if s.get("party")
            else []
        ),
        f"<h2>{'Success rate per hero' if s.get('party') else 'Win rate per character'}</h2>",
        _html_table(["character", *rate_head[1:]], rate_rows(s["characters"], names)),
        "<h2>Win rate per bot</h2>",
        _html_table(["bot", *rate_head[1:]], rate_rows(s["bots"], {})),
        "<h2>Win rate per seat</h2>",
        _html_table(["seat", *rate_head[1:]], rate_rows(s["seats"], {})),
        "<h2>Endings</h2>",
        _html_table(["ending", "games"], [list(e) for e in s["endings"]]),
        "<h2>Causes of death</h2>",
        _html_table(["cause", "deaths"], [list(c) for c in s["causes"]]),
        *(["<h2>Features used</h2>", _feature_html(s["features"], notes or {})] if s.get("features") else []),
    ]
    parts += [f"<h2>{html.escape(title)}</h2><img src='{fname}' alt='{html.escape(title)}'>" for fname, title in plots]
    parts.append("</body></html>")
    page = out / "index.html"
    page.write_text("\n".join(parts), encoding="utf-8")
    return page


def party_table(s: dict[str, Any], adventures: dict[int, str]) -> Table:
    """The party's success per cell, for the terminal (adventures by number, named below)."""
    rows = s["party"]
    shown = sorted({r["adventure"] for r in rows})
    t = Table(
        title=f"Party success by adventure, difficulty and party size ({s['games']} games, 95% Wilson intervals)",
        caption="; ".join(adventures[n] for n in shown if n in adventures) or None,
    )
    bots = len({r["bots"] for r in rows}) > 1
    head = ["adv.", "stars", "heroes", *(["bots"] if bots else []), "games", "wins", "success", "95% interval"]
    for col in [*head, "turns", "tasks"]:
        t.add_column(col, justify="left" if col == "bots" else "right")
    for row in party_rows(rows, {}):
        t.add_row(*row[:3], *(row[3:4] if bots else []), *row[4:])
    return t


def terminal_tables(
    s: dict[str, Any],
    names: dict[str, str],
    adventures: dict[int, str] | None = None,
    notes: dict[str, Feature] | None = None,
) -> list[Table]:
    """The same figures as rich tables for the terminal."""
    tables = [party_table(s, adventures or {})] if s.get("party") else []
    per = "Success rate per hero" if s.get("party") else "Win rate per character"
    for key, title in (("characters", per), ("bots", "Win rate per bot")):
        if key == "bots" and len(s["bots"]) < 2:
            continue
        t = Table(title=f"{title} ({s['games']} games, 95% Wilson intervals)")
        for col in ("", "games", "wins", "win rate", "95% interval"):
            t.add_column(col, justify="left" if not col else "right")
        for row in rate_rows(s[key], names if key == "characters" else {}):
            t.add_row(*row)
        tables.append(t)
    turns = s["turns"]
    t = Table(title="Game length and deaths")
    t.add_column("")
    t.add_column("value", justify="right")
    t.add_row("finished games", f"{s['finished']} of {s['games']}")
    t.add_row("turns: median (10–90%)", f"{turns['median']:.0f} ({turns['p10']:.0f}–{turns['p90']:.0f})")
    t.add_row("turns: mean", f"{turns['mean']:.1f}")
    t.add_row("deaths per game", f"{s['deaths_per_game']:.2f}")
    tables.append(t)
    for key, title, col in (("endings", "How games ended", "games"), ("causes", "Causes of death", "deaths")):
        if not s[key]:
            continue
        t = Table(title=title)
        t.add_column("cause" if key == "causes" else "ending")
        t.add_column(col, justify="right")
        t.add_column("share", justify="right")
        total = sum(v for _, v in s[key]) or 1
        for k, v in s[key][:12]:
            t.add_row(_short(k), str(v), f"{100 * v / total:.1f}%")
        tables.append(t)
    if s.get("features"):
        tables.append(features_table(s, notes or {}))
    return tables


def features_table(s: dict[str, Any], notes: dict[str, Feature]) -> Table:
    """The features used, module by module, for the terminal."""
    t = Table(title=f"Features used ({s['games']} games)")
    for col in FEATURE_HEAD:
        t.add_column(col, justify="left" if col in ("module", "feature", FEATURE_HEAD[-1]) else "right")
    module = ""
    for row in feature_rows(s["features"], notes):
        t.add_row("" if row[0] == module else row[0], *row[1:])
        module = row[0]
    return t
