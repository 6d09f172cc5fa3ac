"""Three ending tiles of chance and loss (004 "Endings").

- Horrible Black Void: the character who turns it over is pulled in with all
  it carries (nothing is left on the tile) and loses the game; another ending,
  drawn at random from the rest, takes its place, face down.
- Hand of Doom: at the start of each turn there, roll a die: 1 every
  character is killed and every player loses; 2-3 lose a life; 4-5 choose a
  character to be killed (one of the others: our reading); 6 every other
  character is killed and you win.
- Thieves' Guild: at the start of each turn there, roll a die: 1-2 take 1 gold
  from every other character, 3-4 one Object, 5-6 two Objects (the Objects it
  took up last: our choice); one who cannot give what is taken is killed.
  Characters on the tile carry any number of Objects, and do not encounter
  each other. When every living character is on it, the one with the most
  Objects and gold together wins (all of them, if tied).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, frames, lives, stats
from talisman.engine.decision import Choice
from talisman.engine.effects import roll
from talisman.engine.endings import rivals
from talisman.engine.game import frame
from talisman.modules.worlds import world
from talisman.modules.worlds.endings import at_ending, ending_here, on_ending
from talisman.modules.worlds.generator import ENDING
from talisman.modules.worlds.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

GUILD = "worlds-thieves-guild"
UNLIMITED = "carry:99"  # on the Thieves' Guild, a lasting trait while there


# --- the Horrible Black Void ---------------------------------------------------------------------


def _void_reach(g: Game, seat: int) -> None:
    p = g.players[seat]
    for c in p.objects + p.packed + p.followers:
        cards.release(g, seat, c)
        cards.discard(g, c)
    p.gold = 0
    g.say(f"The Horrible Black Void pulls {g.name(seat)} in, and all it carries.", type="death", seat=seat)
    secret = world.secret(g)
    pool = list(secret["pool"])
    nxt = pool.pop(g.rng.below(len(pool)))
    g.globals[world.SECRET] = {"ending": nxt, "pool": pool}
    g.globals[world.LAYOUT] = {**g.globals[world.LAYOUT], "face_down": [ENDING], "labels": {}}
    g.say("Another ending tile is laid face down in its place.", type="crown")
    lives.lose_game(g, seat, "pulled into the Horrible Black Void")
    lives.check_game_end(g)


def _void_turn(g: Game, seat: int) -> None:
    """(Never asked: no one stays on the Void.)"""


MODULE.ending("worlds-black-void", _void_reach, _void_turn)


# --- the Hand of Doom --------------------------------------------------------------------------------


def _arrived(title: str) -> Any:
    def reach(g: Game, seat: int) -> None:
        g.say(f"{g.name(seat)} stands in the {title}.", type="crown", seat=seat)

    return reach


def _doom_turn(g: Game, seat: int) -> None:
    roll(g, seat, "D6", frame("worlds_doom", p=seat), why="the Hand of Doom")


@MODULE.handler("worlds_doom", args=frames.Rolled)
def _doom(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    if n == 1:
        g.end([], "the Hand of Doom killed every character")
        for s in g.living():
            lives.kill(g, s, "the Hand of Doom")
    elif n <= 3:
        lives.lose_lives(g, seat, 1, "the Hand of Doom")
    elif n <= 5:
        others = rivals(g, seat)
        if others:
            g.decide(
                seat,
                "worlds-doom",
                "The Hand of Doom: whom does it strike down?",
                [Choice(f"kill:{o}", f"The {g.name(o)}", [frame("worlds_doom_kill", p=o)]) for o in others],
            )
    else:
        g.end([g.controller(seat)], "the Hand of Doom struck down every other character")
        for s in rivals(g, seat):
            lives.kill(g, s, "the Hand of Doom")


@MODULE.handler("worlds_doom_kill", args=frames.Seat)
def _doom_kill(g: Game, a: frames.Seat) -> None:
    lives.kill(g, a["p"], "the Hand of Doom")


MODULE.ending("worlds-hand-of-doom", _arrived("Hand of Doom"), _doom_turn)


# --- the Thieves' Guild ------------------------------------------------------------------------------


def _guild_turn(g: Game, seat: int) -> None:
    living = g.living()
    if set(living) <= set(at_ending(g)):
        wealth = {s: len(g.players[s].objects) + len(g.players[s].packed) + g.players[s].gold for s in living}
        best = max(wealth.values())
        g.end(sorted({g.controller(s) for s in living if wealth[s] == best}), "the richest of the Thieves' Guild")
        return
    roll(g, seat, "D6", frame("worlds_thieves", p=seat), why="the Thieves' Guild")


@MODULE.handler("worlds_thieves", args=frames.Rolled)
def _thieves(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    taker = g.players[seat]
    for o in rivals(g, seat):
        victim = g.players[o]
        if n <= 2:
            if victim.gold < 1:
                lives.kill(g, o, "could not pay the Thieves' Guild")
                continue
            victim.gold -= 1
            taker.gold += 1
            g.say(f"{g.name(seat)} takes 1 gold from {g.name(o)}.", seat=seat)
            continue
        want = 1 if n <= 4 else 2
        held = victim.objects + victim.packed
        for c in held[::-1][:want]:
            cards.release(g, o, c)
            cards.receive(g, seat, c, "objects")
            g.say(f"{g.name(seat)} takes the {g.card_name(c)} from {g.name(o)}.", seat=seat)
        if len(held) < want:
            lives.kill(g, o, "could not give the Thieves' Guild its due")


MODULE.ending(GUILD, _arrived("Thieves' Guild"), _guild_turn)


@MODULE.ability("arrive")
def guild_pockets(g: Game, seat: int, came_from: int) -> None:
    """On the Thieves' Guild a character carries any number of Objects; leaving, the limit is back."""
    if not world.active(g) or world.SECRET not in g.globals:
        return
    p = g.players[seat]
    lasting = [t for t in p.status.get("traits", ()) if t != UNLIMITED]
    if on_ending(g, seat) and ending_here(g) == GUILD:
        lasting.append(UNLIMITED)
    stats.set_status(g, seat, "traits", lasting or None)
