"""``talisman play``: the game in a terminal, hot-seat and against bots.

A human seat sees, at each of its decisions, where everyone stands, its own
character sheet, what happened since it last looked, and the numbered
options. Bots answer by themselves. With only bots the game runs to the end.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from talisman.bots import act, make_bot
from talisman.content.ruleset import ruleset_for
from talisman.engine import save as saves
from talisman.engine.game import Game
from talisman.engine.view import events_for
from talisman.errors import ConfigError

CONTROLLERS = ("human", "random", "heuristic", "search")


def parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(specs: list[str]) -> dict[str, Any]:
    """``["fate=false", "command-spell=4e"]`` -> ``{"fate": False, "command-spell": "4e"}``."""
    options = {}
    for opt in specs:
        if "=" not in opt:
            raise ConfigError(f"an option is NAME=VALUE, not {opt!r}")
        k, v = opt.split("=", 1)
        options[k.strip()] = parse_value(v.strip())
    return options


def parse_seats(specs: list[str], modules: tuple[str, ...]) -> list[tuple[str | None, str]]:
    """``["Warrior=human", "?=heuristic"]`` -> ``[("warrior", "human"), (None, "heuristic")]``."""
    rules = ruleset_for(modules)
    by_name = {c.name.lower(): k for k, c in rules.characters.items()} | {k: k for k in rules.characters}
    seats = []
    for spec in specs or ["?=human", "?=heuristic", "?=heuristic", "?=heuristic"]:
        if "=" not in spec:
            raise ConfigError(f"a seat is CHARACTER=CONTROLLER, not {spec!r}")
        name, controller = (x.strip() for x in spec.split("=", 1))
        if controller not in CONTROLLERS:
            raise ConfigError(f"unknown controller {controller!r} in {spec!r} (use {', '.join(CONTROLLERS)})")
        if name in ("?", ""):
            seats.append((None, controller))
        elif name.lower() in by_name:
            seats.append((by_name[name.lower()], controller))
        else:
            raise ConfigError(f"unknown character {name!r} (characters: {', '.join(sorted(c.name for c in rules.characters.values()))})")
    return seats


def run_play(args: argparse.Namespace) -> int:
    modules = tuple(m.strip() for m in args.modules.split(",") if m.strip())
    seats = parse_seats(args.seat, ("core", *modules))
    options = parse_options(args.option)
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    game = Game.new([c for c, _ in seats], modules=modules, options=options, seed=seed)
    controllers = {i: ctl for i, (_, ctl) in enumerate(seats)}
    bots = {i: make_bot(ctl, seed * 7 + i) for i, ctl in controllers.items() if ctl != "human"}
    console = Console(highlight=False)
    humans = [i for i, c in controllers.items() if c == "human"]
    console.print(Panel(f"Talisman (an unofficial fan implementation) - seed {seed}\n"
                        + "\n".join(f"Seat {p.seat + 1}: the {game.name(p.seat)} ({controllers[p.seat]})" for p in game.players),
                        title="A new game"))
    seen = {i: 0 for i in controllers}
    quiet = args.quiet and not humans
    printed = 0
    try:
        while not game.is_over and game.turn <= args.max_turns:
            d = game.decision
            if d.player in bots:
                game.apply(act(bots[d.player], game))
                if not humans and not quiet:
                    for e in game.events[printed:]:
                        console.print(e.text_for(None))
                    printed = len(game.events)
                continue
            choice = ask_human(console, game, d, seen)
            if choice is None:
                console.print("You leave the game.")
                break
            game.apply(choice, player=d.player)
    finally:
        if args.save:
            saves.write(args.save, game.save())
            console.print(f"Game saved to {args.save}.")
    if game.is_over:
        winners = " and ".join(f"the {game.name(w)}" for w in game.result["winners"]) or "nobody"
        console.print(Panel(f"{winners} wins after {game.turn} turns: {game.result['how']}.", title="Game over"))
    elif game.turn > args.max_turns:
        console.print(f"The game stops after {args.max_turns} turns without a winner.")
    return 0


def ask_human(console: Console, game: Game, d, seen: dict[int, int]) -> str | None:
    seat = d.player
    view = game.view(seat)
    new = events_for(game, seat, seen[seat])
    seen[seat] = len(game.events)
    if new:
        console.print(Panel("\n".join(e["text"] for e in new[-30:]), title="What happened"))
    console.print(board_table(view))
    console.print(sheet_panel(view["players"][d.character if d.character is not None else seat]))  # who acts (a seat may play two)
    console.print(f"[bold]{d.prompt}[/bold]")
    for n, o in enumerate(d.options, 1):
        console.print(f"  {n:>2}. {o.label}{'  (free)' if o.group == 'free' else ''}")
    while True:
        try:
            raw = input(f"Seat {seat + 1} ({game.name(d.character if d.character is not None else seat)}), your choice [1-{len(d.options)}, q to quit]: ").strip()
        except EOFError:
            return None
        if raw.lower() in ("q", "quit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(d.options):
            return d.options[int(raw) - 1].id
        if raw in d.ids:
            return raw
        console.print(f"Please answer with a number from 1 to {len(d.options)}.")


def place_name(rules, sid: str) -> str:
    space = rules.space(sid)
    return f"{space.name} ({rules.regions[space.region].name.replace(' Region', '')})"


def board_table(view: dict[str, Any]) -> Table:
    """Where everyone stands, and what lies face up on the board."""
    rules = ruleset_for(tuple(view["modules"]))
    t = Table(title=f"Turn {view['turn']}, round {view['round']}", show_lines=False)
    for col in ("Seat", "Character", "Where", "Str", "Cft", "Lives", "Gold", "Fate", "Align"):
        t.add_column(col)
    for p in view["players"]:
        where = place_name(rules, p["space"]) if p["alive"] else "dead"
        t.add_row(str(p["seat"] + 1), p["name"] + (" (Toad)" if p["toad"] else ""), where, str(p["strength"]),
                  str(p["craft"]), str(p["lives"]), str(p["gold"]), str(p["fate"]), p["alignment"])
    lying = [f"{place_name(rules, sid)}: {', '.join(c['name'] for c in held)}" for sid, held in view["board"].items()]
    lying += [f"{place_name(rules, sid)}: {n} gold" for sid, n in view["gold_on"].items()]
    if lying:
        t.caption = "Face up on the board - " + "; ".join(lying)
    return t


def sheet_panel(p: dict[str, Any]) -> Panel:
    lines = [
        f"Strength {p['strength']} (counters {p['strength_counters']})   Craft {p['craft']} (counters {p['craft_counters']})",
        f"Lives {p['lives']}   Gold {p['gold']}   Fate {p['fate']}   {p['alignment'].capitalize()}   size {p['size']}",
        "Objects: " + (", ".join(c["name"] for c in p["objects"]) or "none"),
    ]
    if p["packed"]:
        lines.append("On the Mule: " + ", ".join(c["name"] for c in p["packed"]))
    lines.append("Followers: " + (", ".join(c["name"] for c in p["followers"]) or "none"))
    lines.append("Spells: " + (", ".join(c["name"] for c in p.get("spells", [])) or "none"))
    if p["trophies"]:
        lines.append("Trophies: " + ", ".join(c["name"] for c in p["trophies"]))
    for key, val in p["status"].items():
        lines.append(f"{key}: {val}")
    return Panel("\n".join(lines), title=f"The {p['name']}")


def main() -> None:  # pragma: no cover - convenience for python -m
    from talisman.cli.main import main as entry

    sys.exit(entry(["play", *sys.argv[1:]]))
