"""The Lord of Darkness in his Treasure Chamber, as the 4th edition's Dungeon and the Worlds'
Dungeon ring both have him: Strength 12 and Craft 12, fought in battle or psychic combat, and a
chart that says where the character comes out by its attack score minus his (the last place of
the chart is each module's own: the Crown of Command, or the Worlds' ending)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine.combat import FightIn, ask_mode, fight_creature, take_scores

if TYPE_CHECKING:
    from talisman.engine.game import Game

LORD = "Lord of Darkness"
LORD_VALUE = 12  # his Strength and his Craft
# Result (the character's attack score minus his) -> where the character emerges, 0 or less to 7;
# 8 or more is the module's own (:func:`emerge_space`). Source: facts/dungeon-4e.md 1d (MOD),
# agreeing with 001's example (2: the Chasm).
EMERGE_ON_BOARD = (
    "crags",
    "forest",
    "chasm",
    "cursed-glade",
    "warlocks-cave",
    "temple",
    "portal-of-power",
    "plain-of-peril",
)


def emerge_space(result: int, last: str) -> str:
    """Where the chart sends a character out of the Treasure Chamber for a fight ``result``: 0 or
    less the Crags ... 8 or more ``last``, the module's own space.

    >>> emerge_space(2, "crown-of-command"), emerge_space(9, "crown-of-command")
    ('chasm', 'crown-of-command')
    """
    return EMERGE_ON_BOARD[max(0, result)] if result < len(EMERGE_ON_BOARD) else last


def face_lord(g: Game, seat: int, kind: str, fight: str, ids: tuple[str, str] = ("strength", "craft")) -> None:
    """Character ``seat`` faces the Lord: the attack scores of an earlier fight are forgotten, and
    it chooses how to fight him (:func:`~talisman.engine.combat.ask_mode`: a decision of ``kind``
    going on to the frame of kind ``fight``)."""
    take_scores(g, seat)
    ask_mode(g, seat, kind, LORD, LORD_VALUE, fight, ids)


class Emerge(TypedDict):
    """Character ``p`` leaves the Treasure Chamber, having been ``defeated`` by the Lord of Darkness or not."""

    p: int
    defeated: bool


def fight_result(g: Game, seat: int) -> int | None:
    """The character's attack score minus the Lord's in the fight just fought (0 at the least, and
    0 when none was recorded), or None when the fight killed the character.

    >>> from talisman import Game
    >>> fight_result(Game.new(players=2, seed=0, log=False), 0)
    0
    """
    scores = take_scores(g, seat)
    if not g.players[seat].alive:
        return None
    return 0 if scores is None else max(0, scores[0] - scores[1])


def fight_lord(g: Game, a: FightIn, emerge: str, won: list[Any], **rule: bool) -> None:
    """Character ``p`` fights the Lord of Darkness in its ``mode``; his attack score is recorded
    (:func:`fight_result` reads it). A win goes on to the frames ``won``; a defeat or a stand-off
    to the frame of kind ``emerge``, told whether the character was defeated. ``rule``: what the
    module's fight says besides (``alone``: no Follower fights for the character; ``trophy``:
    False, he leaves none)."""
    seat = a["p"]
    fight_creature(
        g,
        seat,
        {"name": LORD, a["mode"]: LORD_VALUE, "evade": False, "record": True, **rule},
        {"space": g.players[seat].space},
        win=won,
        lose=[(emerge, {"p": seat, "defeated": True})],
        standoff=[(emerge, {"p": seat, "defeated": False})],
    )
