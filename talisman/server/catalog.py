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
from functools import lru_cache
from typing import Any

from talisman.bots import bot_kinds
from talisman.content.modules import TALISMAN, game_of, get_module, known_modules
from talisman.content.places import place_names
from talisman.content.ruleset import TURN_CAP, TURN_CAPS, Ruleset, ruleset_for
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
        "seats": {"min": 1, "max": 6},
    }


def character_cards(rules: Ruleset) -> list[dict[str, Any]]:
    """The playable characters of a ruleset by name, as their cards tell them: attributes,
    alignment, size, starting space, starting Spells and abilities (in the content's words).
    The heroes of a game of its own (Legendary Tales) have no attributes: their name and ability only."""
    if game_of(rules.module_names) != TALISMAN:
        return [
            {"key": c.key, "name": c.name, "abilities": list(c.abilities)}
            for c in sorted(rules.characters.values(), key=lambda c: c.name)
            if c.playable
        ]
    return [
        {
            "key": c.key,
            "name": c.name,
            "strength": c.strength,
            "craft": c.craft,
            "fate": c.fate,
            "lives": c.lives,
            "alignment": c.alignment,
            "size": c.size,
            "start": rules.space(c.start).name,
            "spells": c.spells,
            "abilities": list(c.abilities),
        }
        for c in sorted(rules.characters.values(), key=lambda c: c.name)
        if c.playable
    ]


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
