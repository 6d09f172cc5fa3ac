"""000's Chaos Bloodbath and King of the Hill (options ``chaos-bloodbath``, ``king-of-the-hill``).

Chaos Bloodbath:

- no one wins before reaching the Crown of Command: the last character standing
  elsewhere plays on until it gets there (and wins on arriving, with no rival left);
- one Talisman card only: at setup every Talisman but one of the Talisman stock
  is taken out of the game (the Adventure deck's two included);
- no player starts a new character (whatever the option ``new-character`` says).

King of the Hill:

- the last character alive wins: the Crown of Command's ending is the Command
  Spell, whatever the option ``ending`` names (another ending's way to win at the
  Crown is not open: only the last one standing wins);
- with 000's Dungeon (``dungeon-classic``), a character landing in the Treasure
  Chamber may take a Talisman (if one is left in the stock) and leave the Dungeon
  at once for the Portal of Power, where its turn ends, instead of waiting to roll
  on the chamber's chart.

Both may be played together: then the last character alive wins once it stands on the Crown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, frames, holds, lives, movement, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import one_option
from talisman.modules.optional_rules.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

TALISMAN = "talisman"  # the trait, and the stock deck
CHAMBER = "treasure-chamber"
PORTAL = "portal-of-power"


def on(g: Game, option: str) -> bool:
    return g.rules.has_module(MODULE.name) and bool(g.options.get(option))


# --- Chaos Bloodbath ---------------------------------------------------------------------------


@MODULE.ability("may_win")
def not_before_the_crown(g: Game, seat: int) -> bool:
    return not on(g, "chaos-bloodbath")


@MODULE.ability("new_character")
def no_new_character(g: Game, seat: int) -> bool:
    return not on(g, "chaos-bloodbath")


@MODULE.ability("setup")
def one_talisman(g: Game, seat: int) -> None:
    """At setup (asked last seat first: once, at the first), every Talisman but one leaves the game."""
    if not on(g, "chaos-bloodbath") or seat != len(g.players) - 1 or "one-talisman" in g.globals:
        return
    keep = cards.in_stock_with(g, TALISMAN, TALISMAN) if TALISMAN in g.decks else None
    kept = g.decks[TALISMAN][keep] if keep is not None else None
    g.say("Chaos Bloodbath: a single Talisman is in the game.")
    for pile in g.decks.values():
        for c in [c for c in pile if c != kept and TALISMAN in g.rules.instances[c].traits]:
            pile.remove(c)
            cards.remove(g, c)
    g.globals["one-talisman"] = True


# --- King of the Hill --------------------------------------------------------------------------


@MODULE.ending_choice
def the_last_one_standing(g: Game) -> str | None:
    """No ending but the Command Spell's: the Crown wins only when no rival is left alive."""
    return "crown-of-command" if on(g, "king-of-the-hill") else None


@MODULE.ability("land")
def out_by_the_portal(g: Game, seat: int) -> list[Choice]:
    if not on(g, "king-of-the-hill") or g.rules.spaces[g.players[seat].space].id != CHAMBER:
        return []
    if PORTAL not in g.rules.space_index:
        return []
    left = cards.in_stock_with(g, TALISMAN, TALISMAN) is not None
    what = "Take a Talisman and leave" if left else "Leave (no Talisman is left)"
    return one_option(seat, "hill-chamber", f"{what} the Dungeon by the Portal of Power", "hill_chamber")


@MODULE.handler("hill_chamber", args=frames.Seat)
def _hill_chamber(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    talisman = cards.take_with(g, TALISMAN, TALISMAN)
    if talisman is not None:
        possessions.give_item(g, seat, talisman)
    holds.release(g, seat)
    movement.put(g, seat, g.rules.space_index[PORTAL])
    g.say(f"{g.name(seat)} leaves the Treasure Chamber for the Portal of Power.", type="move", seat=seat, space=PORTAL)
    lives.end_turn_now(g)
