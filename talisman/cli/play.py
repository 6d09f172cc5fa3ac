"""``talisman play``: the game in a terminal, hot-seat and against bots.

A human seat sees, at each of its decisions, where everyone stands, its own
character sheet, what happened since it last looked, and the numbered
options. Bots answer by themselves. With only bots the game runs to the end.

A person's seat written ``choose=human`` picks its character before the game
begins, among those no other seat names or has picked: the people who choose
pick in seat order (hot-seat, one keyboard), each shown every free character's
attributes, alignment, starting space and abilities. Seats with ``?`` are then
dealt from the characters left, as usual (``core.setup.choose-characters``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from talisman import tutorial
from talisman.bots import act, bot_kinds, make_bot
from talisman.bots.base import Agent
from talisman.bots.hint import hint
from talisman.bots.loop import bot_seed, play
from talisman.cli import legendary_board as lt
from talisman.cli.rules_text import character_entry, character_lines, lookup, notes
from talisman.content import homebrew
from talisman.content.places import place_names
from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine import save as saves
from talisman.engine.decision import Decision
from talisman.engine.game import Game, make_config
from talisman.engine.standing import NEW_PLAYER, check_answers, standing_answer
from talisman.engine.view import events_for
from talisman.errors import ConfigError

CONTROLLERS = ("human", *bot_kinds())  # a person, a level (gentle, fair, hard, strongest) or a bot
CHOOSE = "choose"  # a seat's character chosen by its person when the game begins


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


def parse_modules(text: str) -> tuple[str, ...]:
    """``"endings, roster"`` -> ``("endings", "roster")``; refuses a list naming no module."""
    modules = tuple(m.strip() for m in text.split(","))
    if not any(modules) or not all(modules):
        raise ConfigError(f"--modules is a comma-separated list of module names, not {text!r} (core is always in)")
    return modules


def check_max_turns(n: int) -> int:
    if n < 1:
        raise ConfigError(f"--max-turns must be at least 1, not {n}")
    return n


def parse_seats(specs: list[str], modules: tuple[str, ...]) -> list[tuple[str | None, str]]:
    """``["Warrior=human", "?=heuristic", "choose=human"]`` -> ``[("warrior", "human"), (None, "heuristic"),
    ("choose", "human")]``: a character key, None to deal one, or :data:`CHOOSE`."""
    rules = ruleset_for(modules)
    by_name = {c.name.lower(): k for k, c in rules.characters.items()} | {k: k for k in rules.characters}
    seats: list[tuple[str | None, str]] = []
    for spec in specs or ["?=human", "?=heuristic", "?=heuristic", "?=heuristic"]:
        if "=" not in spec:
            raise ConfigError(f"a seat is CHARACTER=CONTROLLER, not {spec!r}")
        name, controller = (x.strip() for x in spec.split("=", 1))
        if controller not in CONTROLLERS:
            raise ConfigError(f"unknown controller {controller!r} in {spec!r} (use {', '.join(CONTROLLERS)})")
        if name in ("?", ""):
            seats.append((None, controller))
        elif name.lower() == CHOOSE:
            if controller != "human":
                raise ConfigError(
                    f"only a person chooses a character, not the {controller} bot: {spec!r} "
                    "(name the bot's character, or '?' to deal one)"
                )
            seats.append((CHOOSE, controller))
        elif name.lower() in by_name:
            seats.append((by_name[name.lower()], controller))
        else:
            raise ConfigError(
                f"unknown character {name!r} (characters: {', '.join(sorted(c.name for c in rules.characters.values()))})"
            )
    return seats


def run_play(args: argparse.Namespace) -> int:
    """Play a new game, or go on with a saved one (``--load``, saved back to its file unless
    ``--save`` names another), or the guided first game (``--tutorial``)."""
    console = Console(highlight=False)
    if args.load and not args.save:
        args.save = args.load  # the game played since is kept: it goes back where it came from
        console.print(f"The game will be saved back to {args.load} when it ends or you leave (--save FILE elsewhere).")
    if args.save:
        saves.check_writable(args.save)  # before the game, not after it
    check_max_turns(args.max_turns)
    homebrew.load(args.content)
    given = standing_names(args.standing)
    standing: dict[int, tuple[str, ...]] = {}
    if args.tutorial and (args.load or args.seat):
        raise ConfigError("--tutorial plays a game of its own: no --load or --seat with it")
    if args.load:
        given_too = [name for name, v in (("--modules", args.modules), ("--seed", args.seed)) if v is not None]
        if args.option:
            given_too.append("--option")
        if given_too:
            raise ConfigError(
                f"a saved game keeps its own modules, options and seed: leave out {' and '.join(given_too)} with --load"
            )
        game, controllers, standing = load_game(args.load, args.seat)
        humans = [i for i, c in enumerate(controllers) if c == "human"]
        seed = game.config.seed
        wanted: list[str | None] = []
        if args.standing is None:
            given = None  # the save's own standing answers
    elif args.tutorial:
        game = tutorial.tutorial_game()
        controllers = ["human", tutorial.BOT]
        humans, seed, wanted = [tutorial.PERSON], tutorial.SEED, []
    else:
        modules = parse_modules(args.modules if args.modules is not None else "core")
        seats = parse_seats(args.seat, ("core", *modules))
        options = parse_options(args.option)
        seed = args.seed if args.seed is not None else random.randrange(1 << 31)
        # the whole configuration is checked before anyone is asked to choose
        make_config([None if c == CHOOSE else c for c, _ in seats], None, modules, options, seed)
        controllers = [ctl for _, ctl in seats]
        humans = [i for i, c in enumerate(controllers) if c == "human"]
        wanted = [c for c, _ in seats]
    bots = {i: make_bot(ctl, bot_seed(seed, i)) for i, ctl in enumerate(controllers) if ctl != "human"}
    if given is not None:  # --standing (or a new player's): for every person at the table
        standing = {seat: given for seat in humans}
    started = args.load or args.tutorial
    if humans and not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        return play_on_screen(console, args, controllers, bots, wanted, seed, game if started else None, standing)
    if not started:
        characters = choose_characters(console, wanted, ("core", *modules), options)
        if characters is None:
            console.print("You leave the game.")
            return 0
        game = Game.new(characters, modules=modules, options=options, seed=seed)
    console.print(
        Panel(
            f"Talisman (an unofficial fan implementation) - seed {seed}\n"
            + "\n".join(
                f"Seat {p.seat + 1}: the {game.name(p.seat)} ({controllers[game.controller(p.seat)]})"
                for p in game.players
            ),
            title="A saved game, resumed" if args.load else "The tutorial" if args.tutorial else "A new game",
        )
    )
    seen = {i: 0 for i in range(len(controllers))}
    shown: set[str] = set()  # the tutorial's tips shown
    printed = len(game.events) if args.load else 0

    def answer(d: Decision) -> str | None:
        """A bot's answer, a person's standing answer, or the person's own (None: they leave)."""
        if d.player in bots:
            return act(bots[d.player], game)
        auto = standing_answer(game, standing.get(d.player, ()))
        if auto is not None:  # the person answered this once and for all
            return auto
        if args.tutorial:
            while (tip := tutorial.next_tip(game, d.player, shown)) is not None:
                console.print(Panel(tip.text, title=f"Tutorial: {tip.title}"))
        choice = ask_human(console, game, d, seen)
        if choice is None:
            console.print("You leave the game.")
        return choice

    def tell(d: Decision, choice: str) -> None:
        """Bots alone at the table: what each move did."""
        nonlocal printed
        for e in game.events[printed:]:
            console.print(e.text_for(None))
        printed = len(game.events)

    try:
        play(game, answer, max_turns=args.max_turns, applied=None if humans or args.quiet else tell)
    finally:
        if args.save:
            write_save(args.save, game, controllers, standing)
            console.print(f"Game saved to {args.save}.")
    report_end(console, game, args.max_turns)
    return 0


def standing_names(text: str | None) -> tuple[str, ...] | None:
    """The people's standing answers of ``--standing``: a new player's when not given, none for ``none``.

    >>> standing_names(None), standing_names("none"), standing_names("no-fate")
    (('fate-beside-die', 'spells-that-matter'), (), ('no-fate',))
    """
    if text is None:
        return NEW_PLAYER
    if text.strip() == "none":
        return ()
    return check_answers(n.strip() for n in text.split(",") if n.strip())


def play_on_screen(
    console: Console,
    args: argparse.Namespace,
    controllers: list[str],
    bots: dict[int, Agent],
    wanted: list[str | None],
    seed: int,
    game: Game | None,
    standing: dict[int, tuple[str, ...]],
) -> int:
    """The game on the full screen (Textual), then its end in plain lines."""
    from talisman.cli.tui import PlayApp

    if game is not None:  # a saved game: its own modules (--load refuses --modules and --option)
        modules = tuple(game.config.modules)
        options: dict[str, Any] = {}
    else:
        modules = ("core", *parse_modules(args.modules if args.modules is not None else "core"))
        options = parse_options(args.option)
    app = PlayApp(
        controllers,
        bots,
        game=game,
        wanted=wanted,
        new_game=lambda chars: Game.new(chars, modules=modules, options=options, seed=seed),
        modules=modules,
        bot_delay=args.bot_delay,
        max_turns=args.max_turns,
        standing=standing,
        save_to=args.save,
        tutorial=args.tutorial,
    )
    app.run()
    if app.game is None:
        console.print("You leave the game.")
        return 0
    if args.save:
        write_save(args.save, app.game, controllers, app.standing)
        console.print(f"Game saved to {args.save}.")
    if app.left:
        console.print("You leave the game.")
    report_end(console, app.game, args.max_turns)
    return 0


def report_end(console: Console, game: Game, max_turns: int) -> None:
    if game.result is not None and "won" in game.result:  # Legendary Tales: the party wins or loses together
        console.print(Panel(f"{lt.result_text(game.result)} ({game.turn} turns)", title="Game over"))
    elif game.result is not None:
        winners = " and ".join(f"the {game.name(w)}" for w in game.result["winners"]) or "nobody"
        console.print(
            Panel(
                f"{winners} {'win' if len(game.result['winners']) > 1 else 'wins'} after {game.turn} turns: {game.result['how']}.",
                title="Game over",
            )
        )
    elif game.turn > max_turns:
        console.print(f"The game stops after {max_turns} turns without a winner.")


def write_save(
    path: str, game: Game, controllers: list[str], standing: Mapping[int, Sequence[str]] | None = None
) -> None:
    """Write the game's save, with who plays each seat and the people's standing answers (for ``--load``)."""
    answers = {str(seat): list(a) for seat, a in sorted((standing or {}).items()) if a}
    saves.write(path, {**game.save(), "controllers": controllers, "standing": answers})


def load_game(path: str, seat_specs: list[str]) -> tuple[Game, list[str], dict[int, tuple[str, ...]]]:
    """A saved game played again to where it stopped, who plays each seat (the
    controllers of ``--seat``, whose characters are the save's, else those the
    save names, else a person in seat 1 and heuristic bots) and the people's
    standing answers the save keeps."""
    save = saves.read(path)
    game = Game.load(save)
    seats = len(game.config.characters)
    if seat_specs:
        controllers = [spec.split("=", 1)[-1].strip() for spec in seat_specs]
        for c in controllers:
            if c not in CONTROLLERS:
                raise ConfigError(f"unknown controller {c!r} (use {', '.join(CONTROLLERS)})")
    elif isinstance(save.get("controllers"), list):
        controllers = [str(c) for c in save["controllers"]]
    else:
        controllers = ["human", *["heuristic"] * (seats - 1)]
    if len(controllers) != seats or any(c not in CONTROLLERS for c in controllers):
        raise ConfigError(f"{path}: the saved game has {seats} seats; give one --seat ...=CONTROLLER for each")
    if game.is_over:
        raise ConfigError(f"{path}: that game is over (talisman replay {path} shows it)")
    kept = save.get("standing")
    standing = (
        {int(seat): check_answers(a) for seat, a in kept.items() if str(seat).isdigit() and isinstance(a, list)}
        if isinstance(kept, dict)
        else {}
    )
    return game, controllers, standing


def choose_characters(
    console: Console, wanted: list[str | None], modules: tuple[str, ...], options: Mapping[str, Any] | None = None
) -> list[str | None] | None:
    """The characters for ``Game.new``: each :data:`CHOOSE` seat, in seat order, picks one
    nobody else has (None if a person leaves instead)."""
    rules = ruleset_for(modules)
    chars = [None if c == CHOOSE else c for c in wanted]
    for seat, c in enumerate(wanted):
        if c != CHOOSE:
            continue
        free = [
            k
            for k, card in sorted(rules.characters.items(), key=lambda kc: kc[1].name)
            if card.playable and k not in chars
        ]
        console.print(characters_table(rules, free, seat, options))
        key = ask_character(console, rules, free, seat)
        if key is None:
            return None
        chars[seat] = key
        console.print(f"Seat {seat + 1} plays the {rules.characters[key].name}.")
    return chars


def characters_table(rules: Ruleset, keys: list[str], seat: int, options: Mapping[str, Any] | None = None) -> Table:
    """The free characters' cards, as the game starts them (:func:`character_card`): attributes,
    alignment, starting space, the abilities that hold with the modules in play."""
    t = Table.grid(padding=(0, 1))
    t.title = f"Seat {seat + 1}: the characters you may choose"
    t.add_column(justify="right")
    t.add_column()
    for n, k in enumerate(keys, 1):
        t.add_row(f"{n}.", character_lines(rules, k, options, markup=True))
    return t


def ask_character(console: Console, rules: Ruleset, keys: list[str], seat: int) -> str | None:
    """A free character's key, by its number or name; None to leave."""
    names = {rules.characters[k].name.lower(): k for k in keys}
    while True:
        try:
            raw = input(f"Seat {seat + 1}, choose your character [1-{len(keys)} or a name, q to quit]: ").strip()
        except EOFError:
            return None
        if raw.lower() in ("q", "quit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(keys):
            return keys[int(raw) - 1]
        if raw.lower() in names:
            return names[raw.lower()]
        console.print(f"Please answer with a number from 1 to {len(keys)} or the name of a character in the list.")


def ask_human(console: Console, game: Game, d: Decision, seen: dict[int, int]) -> str | None:
    """A person's answer, by number or option id (None to leave); ``help NAME`` or ``?`` shows rules texts,
    ``h`` or ``hint`` what the rule-aware bot would choose, and why."""
    seat = d.player
    view = game.view(seat)
    new = events_for(game, seat, seen[seat])
    seen[seat] = len(game.events)
    if new:
        console.print(Panel("\n".join(e["text"] for e in new), title="What happened"))
    if lt.is_legendary(view):
        console.print(Panel(lt.board_text(view), title="Legendary Tales"))
        for h in view["heroes"]:
            console.print(Panel(lt.hero_text(view, h), title=f"Seat {h['seat'] + 1}: the {h['name']}"))
    else:
        console.print(board_table(view))
        console.print(
            sheet_panel(view["players"][d.character if d.character is not None else seat])
        )  # who acts (a seat may play two)
    console.print(f"[bold]{d.prompt}[/bold]")
    for n, o in enumerate(d.options, 1):
        console.print(f"  {n:>2}. {o.label}{'  (free)' if o.group == 'free' else ''}", markup=False)
        for e in notes(game.rules, o.label, o):
            console.print(f"      {e.title}: {e.text}", style="dim", markup=False)
    while True:
        try:
            raw = input(
                f"Seat {seat + 1} ({game.name(d.character if d.character is not None else seat)}), your choice [1-{len(d.options)}, h for a hint, q to quit]: "
            ).strip()
        except EOFError:
            return None
        if raw.lower() in ("q", "quit"):
            return None
        if raw.lower() in ("?", "help") or raw.lower().startswith(("help ", "? ")):
            print_rules(console, game, d, raw.split(" ", 1)[1] if " " in raw else "")
            continue
        if raw.lower() in ("h", "hint"):
            found = hint(game, seat)
            number = d.ids.index(found.option_id) + 1
            console.print(
                f"Hint: the rule-aware bot would choose {number}. {found.label}: {found.reason}", markup=False
            )
            continue
        if raw.isdigit() and 1 <= int(raw) <= len(d.options):
            return d.options[int(raw) - 1].id
        if raw in d.ids:
            return str(raw)
        console.print(f"Please answer with a number from 1 to {len(d.options)} (help NAME for the rules).")


def print_rules(console: Console, game: Game, d: Decision, query: str) -> None:
    """The texts of what ``query`` names; without one, of the acting character and the decision."""
    if query:
        found = lookup(game.rules, query, game.options)
    else:
        who = game.players[d.character if d.character is not None else d.player].character
        found = [character_entry(game.rules, who, game.options)]
        found += notes(game.rules, d.prompt)
    if not found:
        console.print(f"Nothing is called {query!r}.", markup=False)
    for e in found:
        console.print(f"{e.title} ({e.kind}): {e.text}", markup=False)


def place_name(rules: Ruleset, sid: str) -> str:
    return place_names(rules)[sid]


def board_table(view: dict[str, Any]) -> Table:
    """Where everyone stands, and what lies face up on the board."""
    rules = ruleset_for(tuple(view["modules"]))
    t = Table(title=f"Turn {view['turn']}, round {view['round']}", show_lines=False)
    for col in ("Seat", "Character", "Where", "Str", "Cft", "Lives", "Gold", "Fate", "Align"):
        t.add_column(col)
    for p in view["players"]:
        where = place_name(rules, p["space"]) if p["alive"] else "dead"
        t.add_row(
            str(p["seat"] + 1),
            p["name"] + (" (Toad)" if p["toad"] else ""),
            where,
            str(p["strength"]),
            str(p["craft"]),
            str(p["lives"]),
            str(p["gold"]),
            str(p["fate"]),
            p["alignment"],
        )
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
