"""Setting up a game (000 "Setting up"): shuffle each deck on its own, deal or
assign characters, give each its counters, 4 lives and 1 gold, place it on
its starting space, and draw the Spells its abilities grant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from talisman.content.places import place_names
from talisman.engine import abilities, frames, possessions, stats
from talisman.engine.base import ENGINE
from talisman.engine.player import Player

if TYPE_CHECKING:
    from talisman.content.model import CharacterDef
    from talisman.content.ruleset import Ruleset
    from talisman.engine.game import Game

START_LIVES: Final = 4
START_GOLD: Final = 1


@ENGINE.handler("setup", args=frames.NoArgs)
def _setup(g: Game, a: frames.NoArgs) -> None:
    """Run by :meth:`Game.new` on an empty game."""
    setup_game(g)


def setup_game(g: Game) -> None:
    rules = g.rules
    for name, ids in rules.decks.items():
        deck = list(ids)
        if rules.deck_info[name]["shuffled"]:
            g.rng.shuffle(deck)
        g.decks[name] = deck
        g.discards[name] = []
    wanted = g.config.characters
    pool = sorted(k for k, c in rules.characters.items() if k not in wanted and c.playable)
    for seat, key in enumerate(wanted):
        if key is None:
            key = pool.pop(g.rng.below(len(pool)))
        g.players.append(new_player(g, seat, key))
    for seat in range(len(g.players)):
        starting_spells(g, seat)
    g.say(
        "The game begins: " + ", ".join(f"seat {p.seat + 1} plays the {g.name(p.seat)}" for p in g.players) + ".",
        type="setup",
    )
    g.active = 0
    g.turn = 0
    g.rules.handlers["next_turn"](g, {})  # (the turn's rules are above setting up: asked through the ruleset)
    for seat in reversed(range(len(g.players))):  # choices made at setup (a Scroll instead of a Spell...), seat 1 first
        abilities.react("setup", g, seat)


def starting_lives(c: CharacterDef, options: Mapping[str, Any]) -> int:
    """The lives a character begins (and heals up to) with: 4 (000), or as printed (``printed-lives``)."""
    return c.lives if options.get("printed-lives") else START_LIVES


def starting_fate(c: CharacterDef, options: Mapping[str, Any]) -> int:
    """The character's printed Fate, or none in a game without Fate (000)."""
    return c.fate if options.get("fate") else 0


def character_card(rules: Ruleset, key: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A character as the front ends show it before and during a game, from the same values the game
    starts it with: attributes, lives and Fate under the game's ``options`` (the ruleset's defaults
    where none are given), alignment, size, starting space, starting Spells, and only the abilities
    that hold with the modules in play.

    >>> from talisman.content.ruleset import ruleset_for
    >>> card = character_card(ruleset_for(("core",)), "dwarf")
    >>> card["lives"], card["fate"], card["start"], len(card["abilities"]) < len(ruleset_for(("core",)).characters["dwarf"].abilities)
    (4, 5, 'Crags', True)
    """
    c = rules.characters[key]
    chosen = {k: spec.default for k, spec in rules.options.items()} | dict(options or {})
    return {
        "key": c.key,
        "name": c.name,
        "strength": c.strength,
        "craft": c.craft,
        "fate": starting_fate(c, chosen),
        "lives": starting_lives(c, chosen),
        "alignment": c.alignment,
        "size": c.size,
        "start": place_names(rules)[c.start],
        "spells": c.spells,
        "abilities": list(c.abilities_in_play(rules.regions)),
    }


def new_player(g: Game, seat: int, key: str) -> Player:
    c = g.rules.characters[key]
    p = Player(seat, key)
    p.strength = c.strength
    p.craft = c.craft
    p.lives = starting_lives(c, g.options)
    p.gold = START_GOLD
    p.fate = starting_fate(c, g.options)
    p.alignment = c.alignment
    p.space = g.rules.space_index[c.start]
    return p


def starting_spells(g: Game, seat: int) -> None:
    c = g.rules.characters[g.players[seat].character]
    for _ in range(c.spells):
        possessions.gain_spell(g, seat)


def replace_character(g: Game, seat: int) -> None:
    """A dead character's player begins again with a new character (if agreed)."""
    in_play = {p.character for p in g.players}
    pool = sorted(k for k, c in g.rules.characters.items() if k not in in_play and c.playable)
    if not pool:
        g.players[seat].status.pop("replace", None)
        return
    key = pool[g.rng.below(len(pool))]
    g.players[seat] = new_player(g, seat, key)
    stats.changed(g)
    g.say(f"Seat {seat + 1} begins again as the {g.name(seat)}.", type="setup", seat=seat)
    starting_spells(g, seat)
    g.push("turn_menu", p=seat)
    abilities.react("setup", g, seat)
