"""The Arena (Pandora's Box 1 and 6): a double-elimination tournament.

Every living character is raised or reduced to 2 lives (in outcome 1 their
Magic Objects, Magic Items, Spells and Scrolls are discarded first; in 6 they
keep them and may cast in the bouts). Bouts are fights between characters,
"die roll to die roll": no evading, and the loser loses a life. The two lives
are the two defeats of a double elimination, so neither Armour nor a Spell
saves them, and a character with none left is out of the tournament and dead,
as every character with no life left is (000: "until there is only one
left!"); the last one in wins the game as Champion, declared before the last
one beaten dies (not as the last character standing).

The opener chooses the first opponent and whether Strength or Craft decides
the bout. After that (choices where 000 says only "winners fight winners,
losers fight losers"): characters with no defeat fight each other while
there are two of them, then those with one defeat, then the last unbeaten
one meets the last once-beaten one; within a group those who have fought
least go first, in seat order from the opener. So that each fights at least
one battle and one psychic combat (000), a bout is fought in the attribute a
fighter has not yet fought in, else in the other attribute than the last
bout's. A stand-off is fought again. The Arena is a space of the City: when
no board of the game has one, the tournament is fought where everyone stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, combat, frames, lives, movement
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.endings import common
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

KEY = "arena"
MODES = ("strength", "craft")


def open_arena(g: Game, seat: int, magic: bool) -> None:
    """Gather everyone for the tournament and let the opener choose the first bout."""
    arena = common.space_named(g, "Arena")
    entrants = [p.seat for p in g.players if p.alive]
    for s in entrants:
        p = g.players[s]
        if arena is not None:
            movement.put(g, s, arena)
        if not magic:
            for c in (
                [c for c in p.objects + p.packed if g.rules.instances[c].is_magic]
                + p.spells
                + [c for c in p.cards if g.rules.instances[c].type == "scroll"]
            ):
                cards.release(g, s, c)
                cards.discard(g, c)
        p.lives = 2
    g.say(
        f"The Arena{' (all magic allowed)' if magic else ', where no magic is allowed,'} gathers every character: "
        "each has 2 lives, and the last one standing is Champion.",
        type="event",
        seat=seat,
    )
    g.globals[KEY] = {
        "magic": magic,
        "losses": {str(s): 0 for s in entrants},
        "fought": {str(s): [] for s in entrants},
        "bouts": {str(s): 0 for s in entrants},
        "last": "",
    }
    others = [s for s in entrants if s != seat]
    if not others:
        g.push("arena_next")
        return
    g.decide(
        seat,
        "arena",
        "The Arena: choose your first opponent and what decides the bout.",
        [
            Choice(
                f"bout:{o}:{mode}",
                f"Fight the {g.name(o)} in {combat.fought_in(mode)}",
                [frame("arena_bout", a=seat, d=o, mode=mode)],
            )
            for o in others
            for mode in MODES
        ],
    )


def standing(g: Game) -> list[int]:
    t = g.globals[KEY]
    return [p.seat for p in g.players if p.alive and t["losses"].get(str(p.seat), 2) < 2 and p.lives > 0]


@MODULE.handler("arena_bout", args=frames.Bout)
def _bout(g: Game, a: frames.Bout) -> None:
    told = f"Bout: the {g.name(a['a'])} against the {g.name(a['d'])} in {combat.fought_in(a['mode'])}."
    combat.bout(g, a, told, "arena_result")


@MODULE.handler("arena_result", args=frames.BoutResult)
def _result(g: Game, a: frames.BoutResult) -> None:
    t = g.globals[KEY]
    att, dfd, mode, beaten = a["att"], a["dfd"], a["mode"], a["lose"]
    if beaten is None:
        g.push("arena_bout", a=att, d=dfd, mode=mode)  # a stand-off is fought again
        return
    fought = {**t["fought"]}
    for s in (att, dfd):
        fought[str(s)] = sorted(set(fought[str(s)]) | {mode})
    bouts = {**t["bouts"], str(att): t["bouts"][str(att)] + 1, str(dfd): t["bouts"][str(dfd)] + 1}
    losses = {**t["losses"], str(beaten): t["losses"][str(beaten)] + 1}
    g.globals[KEY] = {**t, "fought": fought, "bouts": bouts, "losses": losses, "last": mode}
    loser = g.players[beaten]
    loser.lives = max(0, loser.lives - 1)
    g.say(
        f"{g.name(beaten)} loses a life in the Arena: {loser.lives} left"
        f"{'; it is out of the tournament' if losses[str(beaten)] >= 2 else ''}.",
        type="life",
        seat=beaten,
    )
    if loser.lives > 0:
        g.push("arena_next")
        return
    left = standing(g)
    if len(left) == 1:  # the Champion first: the game is won in the Arena, not by the last one standing
        del g.globals[KEY]
        common.win(g, left[0], "is the Champion of the Arena")
    lives.kill(g, beaten, "beaten twice in the Arena")
    if g.result is None:
        g.push("arena_next")  # (after the kill, which ends the turn of an opener beaten)


@MODULE.handler("arena_next", args=frames.NoArgs)
def _next(g: Game, a: frames.NoArgs) -> None:
    t = g.globals[KEY]
    left = standing(g)
    if len(left) <= 1:
        del g.globals[KEY]
        if left:
            common.win(g, left[0], "is the Champion of the Arena")
        else:
            g.end([], "nobody survived the Arena")
        return
    att, dfd = pairing(g, left)
    g.push("arena_bout", a=att, d=dfd, mode=bout_mode(t, att, dfd))


def pairing(g: Game, left: list[int]) -> tuple[int, int]:
    """Winners meet winners, then losers meet losers, then the last of each."""
    t = g.globals[KEY]
    opener = g.active
    n = len(g.players)

    def order(group: list[int]) -> list[int]:
        return sorted(group, key=lambda s: (t["bouts"][str(s)], (s - opener) % n))

    unbeaten = order([s for s in left if t["losses"][str(s)] == 0])
    beaten = order([s for s in left if t["losses"][str(s)] == 1])
    if len(unbeaten) >= 2:
        return unbeaten[0], unbeaten[1]
    if len(beaten) >= 2:
        return beaten[0], beaten[1]
    return unbeaten[0], beaten[0]


def bout_mode(t: dict[str, Any], att: int, dfd: int) -> str:
    """The attribute a fighter still lacks (both lacking it first), else the other one than last time."""
    lacking = [m for m in MODES if m not in t["fought"][str(att)] and m not in t["fought"][str(dfd)]]
    lacking = lacking or [m for m in MODES if m not in t["fought"][str(att)] or m not in t["fought"][str(dfd)]]
    if lacking:
        return lacking[0] if len(lacking) == 1 or t["last"] != lacking[0] else lacking[1]
    return "craft" if t["last"] == "strength" else "strength"
