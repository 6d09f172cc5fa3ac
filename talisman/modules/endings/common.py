"""What the endings share: winning and losing the game, leaving the Crown, the
goals a character carries away from it, and the route it came by.

A goal is ``status["goal"]``: a plain dict with the ending's name, a ``kind``,
a ``text`` the view shows, and what the kind needs. Goals are replaced,
never changed in place (copies of a game share the old dict).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, lives, movement
from talisman.engine.decision import Frame
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


# The Inner Region's two ways from the Plain of Peril to the Valley of Fire
# (000's Lord of Chaos: "if you used your Strength to enter via the Crypt then
# you must now use your Craft to enter via the Mines"), and the Wizard's Tower.
ROUTES = {
    "mines": "the Mines",
    "vampires-tower": "the Mines",
    "pits": "the Mines",
    "crypt": "the Crypt",
    "death": "the Crypt",
    "werewolf-den": "the Crypt",
}
TOWER_REGION = "tower"


def in_game(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def space_named(g: Game, name: str) -> int | None:
    """The space of this name on any board in the game (None if no board has it)."""
    for s in g.rules.spaces:
        if s.name == name:
            return s.index
    return None


def crown(g: Game) -> int:
    return next(s.index for s in g.rules.spaces if s.kind == "crown")


def on_crown(g: Game, seat: int) -> bool:
    return g.players[seat].alive and g.rules.spaces[g.players[seat].space].kind == "crown"


def win(g: Game, seat: int, how: str) -> None:
    """The character's player wins the game."""
    g.end([g.controller(seat)], how)


@MODULE.handler("lose_game", args=frames.Because)
def _lose_game(g: Game, a: frames.Because) -> None:
    """The character has lost the game: it is out, and its player begins no new one."""
    from talisman.engine.lives import check_game_end

    seat = a["p"]
    p = g.players[seat]
    if not p.alive:
        return
    g.say(f"{g.name(seat)} has lost the game ({a['why']}).", type="concede", seat=seat)
    lives.lose_game(g, seat, a["why"])
    check_game_end(g)


def send(g: Game, seat: int, space: int, why: str) -> None:
    """Put a character on a space without encountering it; the active one's turn ends."""
    p = g.players[seat]
    if not p.alive:
        return
    if seat == g.active:
        lives.end_turn_now(g)
    movement.put(g, seat, space)
    g.say(
        f"{g.name(seat)} {why}: it is now on the {g.space_name(space)}.",
        type="move",
        seat=seat,
        space=g.rules.spaces[space].id,
    )


def leave_crown(g: Game, seat: int, why: str) -> None:
    """Step down from the Crown to the space before it (the Valley of Fire), as a retreat."""
    valley = next(s.index for s in g.rules.spaces if s.kind == "valley-of-fire")
    send(g, seat, valley, why)


def goal(g: Game, seat: int, ending: str | None = None) -> dict[str, Any] | None:
    found: dict[str, Any] | None = g.players[seat].status.get("goal")
    if found is None or (ending is not None and found["ending"] != ending):
        return None
    return found


def set_goal(g: Game, seat: int, ending: str, kind: str, text: str, **data: Any) -> None:
    g.players[seat].status["goal"] = {"ending": ending, "kind": kind, "text": text, **data}
    g.say(f"{g.name(seat)}: {text}.", type="quest", seat=seat)


def update_goal(g: Game, seat: int, **changes: Any) -> None:
    p = g.players[seat]
    p.status["goal"] = {**p.status["goal"], **changes}


def clear_goal(g: Game, seat: int) -> None:
    g.players[seat].status.pop("goal", None)


def route(g: Game, seat: int) -> str:
    """The way the character last came toward the Crown ("" if by none of the known ways)."""
    way: str = g.players[seat].status.get("route", "")
    return way


def track_route(g: Game, seat: int) -> None:
    """Remember the way a character goes toward the Crown (spaces it lands on going forward)."""
    p = g.players[seat]
    sdef = g.rules.spaces[p.space]
    if sdef.id in ROUTES:
        p.status["route"] = ROUTES[sdef.id]
    elif sdef.region == TOWER_REGION:
        p.status["route"] = "the Wizard's Tower"
    elif "route" in p.status and g.rules.regions[sdef.region].movement == "roll":
        del p.status["route"]  # (every landing asks: a look rather than ``pop``, a method call compiled)


def discard_possessions(g: Game, seat: int, why: str) -> None:
    """Lose every possession except Followers (and what is part of the character:
    Abilities, Titles, trophies): Objects, Spells, Scrolls and gold."""
    p = g.players[seat]
    for card in p.objects + p.packed + p.spells + [c for c in p.cards if g.rules.instances[c].type == "scroll"]:
        cards.release(g, seat, card)
        cards.discard(g, card)
    p.gold = 0
    g.say(f"{g.name(seat)} gives up every Object, Spell, Scroll and coin ({why}).", type="lose", seat=seat)


class EndingWin(TypedDict):
    """Character ``p`` wins the game, ``how`` in words."""

    p: int
    how: str


def ending_win(p: int, how: str) -> Frame:
    """Character ``p`` wins the game, ``how`` in words (see :class:`EndingWin`)."""
    return ("ending_win", {"p": p, "how": how})


@MODULE.handler("ending_win", args=EndingWin)
def _ending_win(g: Game, a: EndingWin) -> None:
    if g.players[a["p"]].alive:
        win(g, a["p"], a["how"])
