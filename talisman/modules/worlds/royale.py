"""Battle Royale (004 "Endings"), when the first character steps on the tile:

- every other character without a Talisman loses the game; those with one are
  placed on the tile;
- the first to enter chooses whom to attack, and in battle or psychic combat
  (the attacker chooses, the one attacked cannot); the winner must take a life
  (no Object, no gold), then attacks any other character: the one it just beat
  only when no one else is left; a stand-off is fought again;
- the last character standing wins.

The fights are the engine's fights between characters (Spells and abilities
as in any), settled by these rules. They are fought in the turn of the one who
opened them; should the one whose turn it is fall, its death ends that turn
(as any death of the active character does), and the fights go on at the start
of the next turn, the last winner attacking (``ROYALE`` keeps who it was).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from talisman.engine import combat, frames, lives, movement
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame
from talisman.modules.worlds.generator import ENDING
from talisman.modules.worlds.module import MODULE
from talisman.modules.worlds.tiles import talismans

if TYPE_CHECKING:
    from talisman.engine.game import Game


def _royale_reach(g: Game, seat: int) -> None:
    g.say(f"{g.name(seat)} opens the Battle Royale!", type="crown", seat=seat)
    tile = g.rules.space_index[ENDING]
    for s in g.living():
        if s == seat or g.controller(s) == g.controller(seat):
            continue
        p = g.players[s]
        if not talismans(g, s):
            lives.lose_game(g, s, "had no Talisman for the Battle Royale")
        elif p.space != tile:
            movement.put(g, s, tile)
            g.say(f"{g.name(s)} is drawn into the Battle Royale.", type="move", seat=s)
    lives.end_turn_now(g)
    g.push_frame(royale(seat, -1))
    lives.check_game_end(g)


ROYALE = "worlds-royale"  # the fights under way: the last winner (who attacks next) and the last beaten


def _royale_turn(g: Game, seat: int) -> None:
    """A turn begins on the tile only when the fights broke off with the death of the one whose
    turn it was: they go on, the last winner attacking, until one is left."""
    fight = g.globals.get(ROYALE)
    if fight is None or g.result is not None:
        return
    lives.end_turn_now(g)
    g.push_frame(royale(fight["p"], fight["last"]))


class Royale(TypedDict):
    """The Battle Royale goes on from character ``p``, who last fought character ``last`` (-1: none)."""

    p: int
    last: int


def royale(p: int, last: int) -> Frame:
    """The Battle Royale goes on from character ``p`` (see :class:`Royale`)."""
    return ("worlds_royale", {"p": p, "last": last})


@MODULE.handler("worlds_royale", args=Royale)
def _royale(g: Game, a: Royale) -> None:
    seat, last = a["p"], a["last"]
    if g.result is not None:
        return
    others = [s for s in g.living() if g.controller(s) != g.controller(seat)]
    if not others:
        g.end([g.controller(seat)], "won the Battle Royale")
        return
    targets = [s for s in others if s != last] or others
    g.decide(
        seat,
        "worlds-royale",
        "Battle Royale: whom do you attack, and how?",
        [
            Choice(
                f"{mode}:{t}",
                f"The {g.name(t)}, in {combat.fought_in(mode)}",
                [frame("worlds_royale_bout", a=seat, d=t, mode=mode)],
            )
            for t in targets
            for mode in ("strength", "craft")
        ],
    )


@MODULE.handler("worlds_royale_bout", args=frames.Bout)
def _bout(g: Game, a: frames.Bout) -> None:
    combat.bout(
        g, a, f"{g.name(a['a'])} attacks {g.name(a['d'])} in {combat.fought_in(a['mode'])}.", "worlds_royale_result"
    )


@MODULE.handler("worlds_royale_result", args=frames.BoutResult)
def _result(g: Game, a: frames.BoutResult) -> None:
    win, lose = a["win"], a["lose"]
    if win is None or lose is None:
        g.push("worlds_royale_bout", a=a["att"], d=a["dfd"], mode=a["mode"])  # a stand-off is fought again
        return
    g.globals[ROYALE] = {"p": win, "last": lose}
    g.push_frame(royale(win, lose))
    g.push_frame(frames.lose_lives(lose, 1, f"beaten by the {g.name(win)} in the Battle Royale", by=win))


MODULE.ending("worlds-battle-royale", _royale_reach, _royale_turn)
