"""What the lobby offers and what a board looks like, read from the content.

Nothing here is written for one board: the modules, their options, the
characters and the bots come from the registries (``talisman.modules``,
``talisman.bots.bot_kinds``), and :func:`board_data` describes any board by
its regions, spaces and links, which the browser lays out (see
``talisman/web/board.js``).

>>> "heuristic" in bot_names()
True
>>> b = board_data(("core",))
>>> [r["id"] for r in b["regions"]]
['outer', 'middle', 'inner', 'crown']
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from talisman.bots import bot_kinds, bot_texts
from talisman.content.modules import TALISMAN, game_of, get_module, known_modules
from talisman.content.places import place_names
from talisman.content.ruleset import TURN_CAP, TURN_CAPS, Ruleset, ruleset_for
from talisman.engine.setup import character_card
from talisman.engine.standing import NEW_PLAYER, STANDING_ANSWERS
from talisman.errors import ConfigError, TalismanError
from talisman.sim.runner import MAX_TURNS

log = logging.getLogger("talisman.server")

HUMAN = "human"
TURN_CAP_DEFAULT = MAX_TURNS  # the turns a game on the server may last unless its creator chose: the simulator's


def bot_names() -> list[str]:
    """Every bot the bots package can build (a new bot appears here by itself)."""
    return list(bot_kinds())


def controllers() -> list[str]:
    return [HUMAN, *bot_names()]


def modules_info() -> list[dict[str, Any]]:
    """Every module that loads; one that does not (a plug-in being written) is
    left out of the list, with a warning in the server's log."""
    out = []
    for name in known_modules():
        try:
            m = get_module(name)
        except (TalismanError, ImportError, AttributeError) as e:
            log.warning("module %s is not offered: %s", name, e)
            continue
        out.append(
            {
                "name": m.name,
                "title": m.title,
                "requires": list(m.requires),
                "excludes": list(m.excludes),
                "game": m.game,  # Talisman, or a game of its own on the same engine (Legendary Tales)
            }
        )
    return out


def short_title(module: str) -> str:
    """A module's title in a few words, for a game's default title.

    >>> short_title("worlds"), short_title("airships"), short_title("legendary-tales"), short_title("wizards-tower")
    ('Talisman Worlds', 'Airships', 'Legendary Tales', "Wizard's Tower")
    """
    title = re.sub(r"\s*\([^)]*\)", "", get_module(module).title).removeprefix("Talisman: ")
    return re.split(r"[:,]", title)[0].strip().removeprefix("The ")


def default_title(modules: list[str] | tuple[str, ...], seats: list[tuple[str, str]]) -> str:
    """The title of a game its creator did not name: its game and modules, then who plays.

    >>> default_title(["core", "worlds", "endings"], [("Ann", "human"), ("Heuristic bot", "heuristic"), ("Search bot", "search")])
    'Talisman Worlds with Alternative endings at the Crown of Command: Ann and 2 bots'
    >>> default_title(["core"], [("Ann", "human"), ("Heuristic bot", "heuristic")])
    'Talisman: Ann and a bot'
    >>> default_title(["legendary-tales"], [("Ann", "human"), ("Bob", "human")])
    'Legendary Tales: Ann and Bob'
    """
    own = [m for m in modules if get_module(m).game == m]  # a game of its own on the engine (Legendary Tales)
    names = [short_title(m) for m in own + [m for m in modules if m != "core" and m not in own]]
    head = names.pop(0) if names and (own or names[0].startswith("Talisman")) else "Talisman"
    if names:
        head += f" with {', '.join(names[:2])}{' and more' if len(names) > 2 else ''}"
    people = [name for name, controller in seats if controller == HUMAN]
    bots = len(seats) - len(people)
    who = people + ([f"{bots} bots" if bots > 1 else "a bot"] if bots else [])
    players = f"{', '.join(who[:-1])} and {who[-1]}" if len(who) > 1 else who[0]
    return f"{head}: {players}"[:200]


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """A new game's options as the server plays them: every game on the server ends at a turn cap,
    :data:`TURN_CAP_DEFAULT` unless the game names another (a game without one is refused, with
    ConfigError): a game of bots alone could otherwise be played for ever, each move a row.

    >>> game_options({})["turn-cap"], game_options({"turn-cap": 200})["turn-cap"]
    (1000, 200)
    """
    chosen = {TURN_CAP: TURN_CAP_DEFAULT, **options}
    if chosen[TURN_CAP] is None:
        caps = ", ".join(map(str, TURN_CAPS))
        raise ConfigError(f"a game on this server ends at a turn cap: turn-cap is one of {caps}, not null")
    return chosen


def catalog(modules: tuple[str, ...]) -> dict[str, Any]:
    """The choices for a new game with these modules (raises ConfigError if they cannot be combined)."""
    rules = ruleset_for(modules)
    options = {
        name: {
            "default": spec.default,
            "choices": list(spec.choices),
            "help": spec.help,
            "title": spec.title or name,
            "labels": list(spec.labels) or [str(c) for c in spec.choices],
        }
        for name, spec in rules.options.items()
    }
    cap = options[TURN_CAP]  # on the server, a cap always (game_options)
    kept = [i for i, c in enumerate(cap["choices"]) if c is not None]
    cap.update(
        default=TURN_CAP_DEFAULT,
        choices=[cap["choices"][i] for i in kept],
        labels=[cap["labels"][i] for i in kept],
        help=f"{cap['help']} On this server every game has a cap ({TURN_CAP_DEFAULT:,} turns unless chosen).",
    )
    return {
        "game": game_of(rules.module_names),
        "modules": modules_info(),
        "chosen": list(rules.module_names),
        "options": options,
        "characters": character_cards(rules),
        "controllers": controllers(),
        "controller_texts": bot_texts(),  # what each bot is, for the person choosing (its level's words)
        # the standing answers a seat may hold, and those a new player begins with (talisman.engine.standing)
        "standing": {"choices": STANDING_ANSWERS, "new_player": list(NEW_PLAYER)},
        "seats": {"min": 1, "max": 6},
    }


def character_cards(rules: Ruleset, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The playable characters of a ruleset by name, as the game starts them (:func:`character_card`:
    attributes, lives and Fate under the game's options, alignment, size, starting space, starting
    Spells, and the abilities that hold with the modules in play). The heroes of a game of its own
    (Legendary Tales) have no attributes: their name and ability only."""
    playable = sorted((c for c in rules.characters.values() if c.playable), key=lambda c: c.name)
    if game_of(rules.module_names) != TALISMAN:
        return [{"key": c.key, "name": c.name, "abilities": list(c.abilities_in_play(rules.regions))} for c in playable]
    return [character_card(rules, c.key, options) for c in playable]


@lru_cache(maxsize=32)
def board_data(modules: tuple[str, ...]) -> dict[str, Any]:
    """A board as plain data: regions (in content order, each with its spaces
    in path order, its shape and movement), spaces and links."""
    rules = ruleset_for(modules)
    labels = place_names(rules)
    return {
        "game": game_of(rules.module_names),  # a game of its own draws its board from its view (legendary.js)
        "regions": [
            {
                "id": r.id,
                "name": r.name,
                "shape": r.shape,
                "movement": r.movement,
                "home": r.home,
                "spaces": list(r.ring),
                "aside": list(r.aside),
                # a ``grid`` region (a City's districts): rows of space ids, "" for an empty cell
                "grid": [list(row) for row in r.grid],
            }
            for r in rules.regions.values()
        ],
        # label: the space's unambiguous name, "Fields (north-east)" (talisman.content.places)
        "spaces": {
            s.id: {
                "name": s.name,
                "label": labels[s.id],
                "region": s.region,
                "kind": s.kind,
                "text": s.text,
                "design": s.design,
            }
            for s in rules.spaces
        },
        "links": [
            {"kind": ln.kind, "a": ln.a, "b": ln.b, "guard": ln.guard.get("name", ""), "name": ln.name}
            for ln in rules.links
        ],
    }
