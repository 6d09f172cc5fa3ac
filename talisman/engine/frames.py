"""The engine's frames that rule code everywhere builds: each kind's arguments (a ``TypedDict``,
which its handler reads them as and registers with ``@ENGINE.handler(kind, args=...)``) and a
function that makes the frame.

A frame is plain data (:data:`~talisman.engine.decision.Frame`); these declarations cost nothing
when the game runs: mypy checks every handler's reads and every call against them, and
``tests/test_frame_args.py`` plays random games of every module checking each frame run against
its kind's declaration. They live here, below every rule file, because these frames are built on
every layer (a vocabulary effect moves a character, a module's ability rolls a die): the rule
files that run them (movement, lives, combat...) and those that build them import this module,
which imports none of theirs. A frame that one rule file alone builds is declared beside its
handler.

A frame's arguments are state (written in saves, hashed), so each function gives exactly the
arguments it is passed: those that may be left out are keyword arguments (``**more``, typed by a
``...More`` TypedDict), present only when given.

>>> arrive(0, 12, "move")
('arrive', {'p': 0, 'space': 12, 'how': 'move'})
>>> roll(1, "2D6", move_choose(1), why="movement")
('roll', {'p': 1, 'dice': '2D6', 'then': ['move_choose', {'p': 1}], 'into': 'roll', 'why': 'movement', 'fate': True})
>>> lose_lives(2, 1, "a trap", by=None)
('lose_lives', {'p': 2, 'n': 1, 'cause': 'a trap', 'by': None})
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Unpack

from talisman.engine.decision import Frame

# How a character comes onto a space: ``retreat`` meets nothing there; ``forward`` is a step
# towards the Crown along the Inner Region.
ArriveHow = Literal["move", "teleport", "forward", "retreat"]


class Arrive(TypedDict):
    """A character ``p`` comes onto the space of index ``space`` and lands there."""

    p: int
    space: int
    how: ArriveHow


def arrive(p: int, space: int, how: ArriveHow) -> Frame:
    """Character ``p`` arrives on the space of index ``space``."""
    return ("arrive", {"p": p, "space": space, "how": how})


class Effects(TypedDict):
    """Vocabulary effects to run in order for character ``p`` (``list``: the effects as content
    gives them; ``ctx``: the card, space or Spell they come from)."""

    p: int
    list: list[Any]
    ctx: dict[str, Any]


def effects(p: int, listed: list[Any], ctx: dict[str, Any]) -> Frame:
    """Run the vocabulary effects ``listed`` for character ``p``, in order (the list is kept as
    it is: copy a list that will change)."""
    return ("effects", {"p": p, "list": listed, "ctx": ctx})


class RollMore(TypedDict, total=False):
    """What a roll may say besides: ``purpose``, for agents, the kind of roll (``movement``,
    ``battle``); ``rerolled``, this is the second roll."""

    purpose: str
    rerolled: bool


class Roll(RollMore):
    """Dice rolled for character ``p`` (``dice``: an expression such as ``2D6``), then the frame
    ``then`` (a ``[kind, args]`` pair) run with the total in its argument ``into`` and the faces
    in ``into + "_faces"``; ``why`` in words; ``fate``: may Fate roll again."""

    p: int
    dice: str
    then: list[Any]
    into: str
    why: str
    fate: bool


def roll(
    p: int,
    dice: str,
    then: Frame | list[Any],
    why: str = "",
    into: str = "roll",
    fate: bool = True,
    purpose: str = "",
) -> Frame:
    """Roll ``dice`` for character ``p``, then run ``then`` with the total (see :class:`Roll`)."""
    a = {"p": p, "dice": dice, "then": list(then), "into": into, "why": why, "fate": fate}
    if purpose:
        a["purpose"] = purpose
    return ("roll", a)


class LoseLivesMore(TypedDict, total=False):
    """``by``: the character who takes the lives; ``asked``: the victim was offered its Spells
    against the loss."""

    by: int | None
    asked: bool


class LoseLives(LoseLivesMore):
    """Character ``p`` loses ``n`` lives (``cause`` in words)."""

    p: int
    n: int
    cause: str


def lose_lives(p: int, n: int, cause: str, **more: Unpack[LoseLivesMore]) -> Frame:
    """Character ``p`` is to lose ``n`` lives (it may first prevent the loss with a Spell)."""
    return ("lose_lives", {"p": p, "n": n, "cause": cause, **more})


class TeleportMore(TypedDict, total=False):
    """``encounter``: the character meets the space (yes, unless told); ``next_move``: it may
    go there as its next move instead."""

    encounter: bool
    next_move: bool


class Teleport(TeleportMore):
    """Character ``p`` is taken to the space of index ``to``."""

    p: int
    to: int


def teleport(p: int, to: int, **more: Unpack[TeleportMore]) -> Frame:
    """Take character ``p`` to the space of index ``to``."""
    return ("teleport", {"p": p, "to": to, **more})


class WalkMore(TypedDict, total=False):
    """``then``: frames run at the end of the walk instead of arriving (``None``: arrive)."""

    then: list[Any] | None


class Walk(WalkMore):
    """Character ``p`` walks the spaces of ``path`` (indexes) from its step ``i``."""

    p: int
    path: list[int]
    i: int


def walk(p: int, path: list[int], i: int = 0, **more: Unpack[WalkMore]) -> Frame:
    """Walk character ``p`` along ``path`` from its step ``i``."""
    return ("walk", {"p": p, "path": path, "i": i, **more})


class MoveChooseMore(TypedDict, total=False):
    """``roll``: the number moved by (given, or the total of the roll this frame follows, with
    its ``roll_faces``); ``fixed``: a number not rolled, which frees no slave; ``one_space``:
    the character may move one space only."""

    roll: int
    roll_faces: list[int]
    fixed: bool
    one_space: bool


class MoveChoose(MoveChooseMore):
    """Character ``p`` chooses where its roll takes it."""

    p: int


def move_choose(p: int, **more: Unpack[MoveChooseMore]) -> Frame:
    """Character ``p`` moves by a roll (given as ``roll``, or by the roll this frame follows)."""
    return ("move_choose", {"p": p, **more})


class MoveRollMore(TypedDict, total=False):
    """``one_space``: the character will move one space only, whatever the roll."""

    one_space: bool


class MoveRoll(MoveRollMore):
    """Character ``p`` rolls its movement die."""

    p: int


def move_roll(p: int, **more: Unpack[MoveRollMore]) -> Frame:
    """Character ``p`` rolls to move."""
    return ("move_roll", {"p": p, **more})


class DrawCards(TypedDict):
    """Character ``p`` draws Adventure Cards until ``n`` lie on its space."""

    p: int
    n: int


def draw_cards(p: int, n: int) -> Frame:
    """Character ``p`` draws cards until ``n`` lie on its space."""
    return ("draw_cards", {"p": p, "n": n})


class Taking(TypedDict):
    """Character ``win`` takes something from character ``lose`` (``steal``: a card; ``take_gold``:
    gold; ``spoils``: the prize of a fight won)."""

    win: int
    lose: int


class Steal(Taking):
    """Character ``win`` takes the card ``card`` from character ``lose``."""

    card: int


def steal(win: int, lose: int, card: int) -> Frame:
    """Character ``win`` takes ``card`` from character ``lose``."""
    return ("steal", {"win": win, "lose": lose, "card": card})


class TakeGoldMore(TypedDict, total=False):
    """``n``: how much gold (1 unless told)."""

    n: int


class TakeGold(Taking, TakeGoldMore):
    """Character ``win`` takes gold from character ``lose``."""


def take_gold(win: int, lose: int, **more: Unpack[TakeGoldMore]) -> Frame:
    """Character ``win`` takes gold from character ``lose``."""
    return ("take_gold", {"win": win, "lose": lose, **more})


class CardOf(TypedDict):
    """Character ``p`` and a card (``take``, ``drop``: the card instance ``card``)."""

    p: int
    card: int


def take(p: int, card: int) -> Frame:
    """Character ``p`` picks ``card`` up from its space."""
    return ("take", {"p": p, "card": card})


def drop(p: int, card: int) -> Frame:
    """Character ``p`` drops ``card`` on its space."""
    return ("drop", {"p": p, "card": card})


class LoseFollowerMore(TypedDict, total=False):
    """``why``: what becomes of the Follower, in words (``is lost`` unless told)."""

    why: str


class LoseFollower(LoseFollowerMore):
    """Character ``p`` loses the Follower ``card``."""

    p: int
    card: int


def lose_follower(p: int, card: int, **more: Unpack[LoseFollowerMore]) -> Frame:
    """Character ``p`` loses the Follower ``card``."""
    return ("lose_follower", {"p": p, "card": card, **more})


class ClearStatus(TypedDict):
    """Character ``p`` forgets its status ``name``."""

    p: int
    name: str


def clear_status(p: int, name: str) -> Frame:
    """Character ``p`` forgets its status ``name``."""
    return ("clear_status", {"p": p, "name": name})


class Meet(TypedDict):
    """Character ``p`` encounters character ``other``."""

    p: int
    other: int


def meet(p: int, other: int) -> Frame:
    """Character ``p`` encounters character ``other``."""
    return ("meet", {"p": p, "other": other})


class NoArgs(TypedDict):
    """A frame with no arguments (``end_turn_now``)."""


def end_turn_now() -> Frame:
    """The turn ends once what is on the stack now has run."""
    return ("end_turn_now", {})


class Flag(TypedDict):
    """Character ``p`` takes the flag ``flag`` (something done this turn: ``rerolled-move``...).
    Its handler is the core game's."""

    p: int
    flag: str


def flag(p: int, flag: str) -> Frame:
    """Character ``p`` takes the flag ``flag``."""
    return ("flag", {"p": p, "flag": flag})


class CombatMore(TypedDict, total=False):
    """What a fight may say besides: ``unique``, the foe is one of a kind (no trophy of it is kept
    as a card); ``margin``, the winner must beat the foe by that much; ``wounds``, a win wounds the
    foe, which fights on; ``record``, both attack scores are kept (the Lord of Darkness); ``alone``,
    no Follower fights in the character's place; ``harmless``, a defeat costs no life; ``law``,
    the authority the foe serves; ``announced``, the attack was told already. (Arguments a
    module adds are declared here too, named for that module.)"""

    unique: bool
    margin: int
    wounds: bool
    record: bool
    alone: bool
    harmless: bool
    law: str
    announced: bool
    # what modules' rules add to a fight they send back to its start
    tried_tame: list[int]  # the core game: the foes a Tame was tried on (not to be tried again)
    shot: bool  # the roster's Pistol or Bow: a ranged shot was taken at the foe
    berserk: bool  # the roster: the character went berserk in this fight
    charge: bool  # the roster: the character charged in this fight
    tried_charm: bool  # the core game: a Charm was tried on the foe (not to be tried again)
    assassinate: bool  # the core game: the character assassinates the foe (it rolls no die)
    champion: dict[str, Any]  # the City: a Follower (``card``, ``strength``) fights in the character's place
    rematched: bool  # the Dungeon's characters: the fight was fought again once already


class Combat(CombatMore):
    """Character ``p`` is attacked by the enemy cards ``foes`` and the creatures ``adhoc`` (as
    content names them: ``name``, ``strength`` or ``craft``, ``subtype``), in Strength or Craft
    (``mode``: ``strength`` or ``craft``); ``evadable``: it may evade; ``trophy``: the cards beaten are kept as trophies;
    ``win``, ``lose``, ``standoff``, ``evaded``: the frames that follow each result; ``ctx``: where
    the fight comes from (a card, a space)."""

    p: int
    foes: list[int]
    adhoc: list[dict[str, Any]]
    mode: str
    evadable: bool
    trophy: bool
    win: list[Any]
    lose: list[Any]
    standoff: list[Any]
    evaded: list[Any]
    ctx: dict[str, Any]


def combat(
    p: int,
    foes: list[int],
    adhoc: list[dict[str, Any]],
    mode: str,
    evadable: bool,
    trophy: bool,
    win: list[Any],
    lose: list[Any],
    standoff: list[Any],
    evaded: list[Any],
    ctx: dict[str, Any],
    **more: Unpack[CombatMore],
) -> Frame:
    """Character ``p`` fights (see :class:`Combat`)."""
    a = {
        "p": p,
        "foes": foes,
        "adhoc": adhoc,
        "mode": mode,
        "evadable": evadable,
        "trophy": trophy,
        "win": win,
        "lose": lose,
        "standoff": standoff,
        "evaded": evaded,
        "ctx": ctx,
    }
    if more:
        a.update(more)
    return ("combat", a)


class Seat(TypedDict):
    """A frame about character ``p`` alone (``card_queue``, ``concede``, ``enforce_limits``...)."""

    p: int


class Victim(TypedDict):
    """Character ``p`` acting on character ``victim`` (``life_taken``, ``command_spell``...)."""

    p: int
    victim: int


class CardAt(TypedDict):
    """The card ``card`` lying on the space of index ``space`` (``board_discard``...)."""

    card: int
    space: int


class OnFight(TypedDict):
    """Character ``p`` acts in its ``fight`` (a combat frame's arguments): ``exorcise``, ``bribe``,
    ``ranged_shot``..."""

    p: int
    fight: dict[str, Any]


class CardInFight(OnFight):
    """Character ``p`` acts on (or with) the card ``card`` in its ``fight``: ``tame`` (the foe),
    ``exile`` (the foe), ``weighted_attack`` (the dice)."""

    card: int


class Rolled(TypedDict):
    """What the frame a roll runs next is told (see :class:`Roll`): character ``p``, the total
    ``roll`` and its dice ``roll_faces``. A frame that carries more extends it."""

    p: int
    roll: int
    roll_faces: list[int]


class RolledAgainst(Rolled):
    """A roll of character ``p`` against character ``other``."""

    other: int


class Toward(TypedDict):
    """Character ``p`` acting on (or towards) character ``other`` (``bell_invite``, ``imprison``...)."""

    p: int
    other: int


class GoTo(TypedDict):
    """Character ``p`` goes to the space of index ``to`` (``drive``, ``climb_out``, ``cross``: over
    a bridge or a river...)."""

    p: int
    to: int


class Countdown(TypedDict):
    """Character ``p`` meets the same thing again, ``left`` more times at the most (``city_slums_thug``:
    the Slums' thugs still to beat; ``scroll_for_spell``: the Scrolls it may still swap)."""

    p: int
    left: int


class By(TypedDict):
    """Something befalls character ``p`` by the doing of character ``by`` (``bell_join``: invited
    into the Brotherhood; ``handed_over``: to the Law)."""

    p: int
    by: int


class CardTo(TypedDict):
    """Character ``p`` gives the card ``card`` to character ``to`` (``twin_give``, ``pass_on``...)."""

    p: int
    to: int
    card: int


class CardOn(TypedDict):
    """Character ``p`` does something with the card ``card`` on the space of index ``space``
    (``lay_hex``: lays it there; ``tithe``: leaves it at the Realm there, -1 for a gold;
    ``city_arrow_kills``: an arrow kills the enemy there)."""

    p: int
    card: int
    space: int


class CardPrice(TypedDict):
    """Character ``p`` is asked ``n`` gold for the card ``card`` (``upkeep``: a Follower's to
    stay; ``law_bribe``: the Law's to let it go)."""

    p: int
    card: int
    n: int


class Because(TypedDict):
    """Something befalls character ``p``, ``why`` in words (``arrested``, ``lose_game``...)."""

    p: int
    why: str


class Bout(TypedDict):
    """Character ``a`` attacks character ``d`` in ``mode`` (strength or craft) in a fight a rule
    arranges (the Arena's bouts, the Battle Royale)."""

    a: int
    d: int
    mode: str


class Settled(TypedDict):
    """How a fight a rule arranged ended (``combat.arranged_fight``): ``win`` beat ``lose`` (both
    None: a stand-off) in ``mode``."""

    win: int | None
    lose: int | None
    mode: str


class BoutResult(Settled):
    """How the bout of character ``att`` against character ``dfd`` ended."""

    att: int
    dfd: int
