"""The Dungeon Region of document 001: which parts of the expansion are in
play, moving in the Region, and the alternative rules (Fight or Flight, the
Short Dungeon Game, Winner Takes All).

Moving in, along and out of the Dungeon is the engine's (a ``line`` region
joined to the Ruins by a ``passage``; see ``talisman.engine.movement``):
with enough movement a character steps from the Ruins onto the Entrance and
on along the arrows; against the arrows it may walk out through the Entrance
and on round the Outer Region either way. The rules here only forbid:

- the Dungeon, when its board is not in play (option ``dungeon-parts``);
- the main board, in the Short Dungeon Game (its Adventure cards are not
  used either, and characters do not meet on the Entrance);
- under Fight or Flight, a move against the arrows unless the character
  has declared, at the start of its turn, that it flees; a fleeing character
  moves only against them until it is out (cards and spaces that move a
  character back, ``move_steps``, are not moves of this kind).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from talisman.engine import cards, frames, movement, possessions, stats
from talisman.engine.decision import Choice
from talisman.modules.dungeon_4e.module import MODULE
from talisman.modules.shared import flight

if TYPE_CHECKING:
    from talisman.engine.game import Game

DUNGEON = "dungeon-4e"
ENTRANCE = "dungeon-entrance"
NEW_ADVENTURE_KEYS = frozenset(
    tomllib.loads((Path(__file__).parent / "adventure.toml").read_text(encoding="utf-8"))["card"]
)


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def board_in_play(g: Game) -> bool:
    """Is the Dungeon board in play? Always in the Short Dungeon Game, which is
    played "solely within the Dungeon" (001): there ``dungeon-parts`` says only
    which cards are used, or the characters would start on an Entrance that leads
    nowhere and the game could never go on (our reading; 001 is silent)."""
    return g.options.get("dungeon-parts") == "all" or short_game(g)


def short_game(g: Game) -> bool:
    return g.options.get("dungeon-victory") == "short-game"


def lord_wins_game(g: Game) -> bool:
    """Does killing the Lord of Darkness win the game (Winner Takes All, the Short Dungeon Game)?"""
    return g.options.get("dungeon-victory") in ("winner-takes-all", "short-game")


def region_of(g: Game, space: int) -> str:
    return g.rules.spaces[space].region


def in_dungeon(g: Game, seat: int) -> bool:
    return region_of(g, g.players[seat].space) == DUNGEON


def closed(g: Game, region: str) -> bool:
    """Is this region out of play in this game?"""
    if not active(g):
        return False
    if region == DUNGEON:
        return not board_in_play(g)
    return short_game(g)


# --- moving ---------------------------------------------------------------------


@MODULE.ability("move_allowed")
def dungeon_paths(g: Game, seat: int, path: list[int]) -> bool:
    if not active(g):
        return True
    strict = g.options.get("fight-or-flight")
    board, short = board_in_play(g), short_game(g)
    if not strict and board and not short:
        return True  # no region closed and no way through the Dungeon barred (asked for every way of every move)
    p = g.players[seat]
    fleeing = "flight" in p.status
    prev = p.space
    for step in path:
        if (not board) if region_of(g, step) == DUNGEON else short:
            return False  # (a closed region: what :func:`closed` says, its options read once a path)
        if strict and region_of(g, prev) == DUNGEON and (step == g.rules.cw[prev]) == fleeing:
            return False  # against the arrows (or out) without fleeing, or with them while fleeing
        prev = step
    return True


@MODULE.ability("teleport_allowed")
def dungeon_teleports(g: Game, seat: int, to: int) -> bool:
    return not closed(g, region_of(g, to))


@MODULE.ability("turn")
def declare_flight(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Fight or Flight: at the start of its turn, before moving, a character in
    the Dungeon may declare that it flees; it cannot take it back. Not in the
    Short Dungeon Game, which has no main board to flee to (a fleeing character
    would wait on the Entrance for ever: found by ``talisman fuzz``)."""
    p = g.players[seat]
    if not (active(g) and g.options.get("fight-or-flight") and in_dungeon(g, seat)) or "flight" in p.status:
        return []
    if short_game(g):
        return []
    return [flight.flee_choice(seat, "flee", "against the arrows", back)]


MODULE.handler("flee", args=frames.Seat)(flight.declare)


@MODULE.ability("arrive")
def left_the_dungeon(g: Game, seat: int, came_from: int) -> None:
    out_of_region(g, seat)


@MODULE.ability("turn_start")
def still_out(g: Game, seat: int) -> None:
    out_of_region(g, seat)


def out_of_region(g: Game, seat: int) -> None:
    """Out of the Dungeon, flight is over, and Followers bound to a region
    (``region-bound:<region>``: the Hunchback) stay behind in it."""
    if not active(g):
        return
    p = g.players[seat]
    region = region_of(g, p.space)
    if "flight" in p.status and region != DUNGEON:
        del p.status["flight"]
        g.say(f"{g.name(seat)} has fled the Dungeon.", seat=seat)
    bound_cards = g.rules.cards_with_args("region-bound")  # (asked at every arrival and turn: mostly none)
    for f in list(p.followers):
        if f not in bound_cards:
            continue
        bound = [t.split(":", 1)[1] for t in g.rules.instances[f].traits if t.startswith("region-bound:")]
        if bound and region not in bound:
            possessions.lose_follower(g, seat, f, "will not leave the Dungeon and is gone")


# --- what is in play --------------------------------------------------------------


@MODULE.ability("draw_refused")
def dungeon_icon(g: Game, card: int) -> bool:
    """001: without the Dungeon board, a card with the Dungeon icon is discarded when drawn and replaced."""
    return "dungeon-icon" in g.rules.instances[card].traits and active(g) and not board_in_play(g)


@MODULE.ability("setup")
def dungeon_setup(g: Game, seat: int) -> None:
    """The Short Dungeon Game starts everyone on the Entrance; with only the new
    Characters and Spells in play, the new Adventure cards leave the deck."""
    if not active(g):
        return
    if short_game(g):
        movement.put(g, seat, g.rules.space_index[ENTRANCE])
    if g.options.get("dungeon-parts") == "characters-and-spells":
        for card in [c for c in g.decks["adventure"] if g.rules.instances[c].key in NEW_ADVENTURE_KEYS]:
            g.decks["adventure"].remove(card)
            cards.remove(g, card)


@MODULE.ability("may_meet")
def apart_on_the_entrance(g: Game, seat: int, other: int) -> bool:
    """Short Dungeon Game: characters cannot encounter each other on the Dungeon Entrance."""
    return not (active(g) and short_game(g) and g.rules.spaces[g.players[seat].space].id == ENTRANCE)


# --- Winner Takes All and the Short Dungeon Game ---------------------------------------


def _no_crown_reach(g: Game, seat: int) -> None:
    g.say(
        f"{g.name(seat)} reaches the Crown of Command, but in this game only the Lord of Darkness's killer wins.",
        type="crown",
        seat=seat,
    )


def _no_crown_turn(g: Game, seat: int) -> None:
    """No Command Spell: the Crown is no way to win in this game."""


MODULE.ending("dungeon-lord", _no_crown_reach, _no_crown_turn)


def _winner_takes_all(g: Game) -> str | None:
    """001: Winner Takes All replaces the usual victory (so does the Short Dungeon Game)."""
    return "dungeon-lord" if active(g) and lord_wins_game(g) else None


MODULE.ending_choice(_winner_takes_all)


def battle_bonus_in_dungeon(g: Game, seat: int, mode: str) -> int:
    """Cards that add to a fight in the Dungeon only (``dungeon-battle:N``, ``dungeon-psychic:N``:
    the Tunnel Fighter, the Oaths of Vengeance), each counted: two such cards add up."""
    if not in_dungeon(g, seat):
        return 0
    name = "dungeon-battle:" if mode == "strength" else "dungeon-psychic:"
    held = [g.rules.instances[f].traits for f in stats.followers_used(g, seat)]
    held += [t for _, _, t in stats.working_items(g, seat)]
    return sum(int(t[len(name) :]) for traits in held for t in traits if t.startswith(name))
