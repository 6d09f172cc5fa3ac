"""Hook points where special abilities (of characters, Followers and Objects)
add options or react. The engine declares them on :data:`ENGINE`; a module
registers its functions on its own object (``@MODULE.ability("turn")``); the
engine asks those of the game's modules, in the order of its ruleset.

Each point collects options as :class:`~talisman.engine.decision.Choice` values:

- ``turn``: the turn menu (the Druid's change of alignment, the Elf's walk...)
- ``after_roll``: once the movement die is known (the Troll's regeneration)
- ``board_moves``: where the roll goes on a board with paths of its own (the
  districts of Another Talisman City); a board rule, so a Toad has them too
- ``combat``: before a fight with creatures (taming, the Priest's exorcism...)
- ``meet``: meeting another character (the Thief's theft...)
- ``end_of_turn``: as the turn ends (building a raft)
- ``land``: on landing, beside encountering the space (group ``"instead"``:
  in place of the space's encounter)
- ``card``: before a card on the space is met, ways to meet it otherwise
  (group ``"forced"``: the usual encounter is not offered)
- ``lost_fight``: after a lost or drawn battle with creatures, instead of
  accepting it (the Amazon fights again)

Reactions (functions that push frames, return nothing): ``killed`` (creatures
killed), ``setup`` (a character enters play), ``turn_start`` (a character's
turn begins and it may act), ``arrive`` (a character arrives on a space),
``scroll_read`` (a Scroll was read and discarded), ``pvp_rolled`` (both sides
of a fight between characters have rolled; with both scores), ``paid`` (a
character paid a fee to someone content names: the Doctor), ``landed`` (a character's move
ends on a space it is to encounter: not a retreat), ``turn_end`` (a living
character's turn ends), ``death`` (a character died), ``life_taken`` (a
character took a life from another), ``met`` (a character was encountered by
another: the met one, the one meeting it), ``life_lost`` (a character lost
lives and lives), ``defeated`` (a character lost a fight: against creatures
or another character), ``pvp_won`` (winner, loser of a fight between characters),
``gained`` (a character took an Object, Magic Object or Follower), ``chose``
(a player answered a decision: the seat, its kind and the option's id; the
City's Law watches what is done), ``cast`` (a Spell was cast or a Scroll read),
``card_met`` (a character meets a card on its space, before the card's own
encounter resolves: the Brotherhood's Strangers).

Values: ``movement_die`` (the die a character moves with, when a rule changes
it), ``battle_bonus`` (Strength or Craft added in a fight), ``move_allowed``
(may a character take this path), ``teleport_allowed`` (may a character be
moved straight to this space: not out of 000's Dungeon), ``draw_refused`` (a
card drawn for a space that cannot come into play now and is replaced),
``foe_value`` (an Enemy card's Strength or Craft when it is not simply printed:
the Goblin King, the Mimic), ``attack_faces`` (the dice of an attack roll,
changed by a foe or an Object: a Goblin's net, the Soul Drinker),
``fight_result`` (the outcome of a fight with creatures, changed by a foe or an
Object: a regenerating Troll, the Aegis), ``spell_twist`` (a rule resolves a Spell or
Scroll its own way: 000's wild magic in the Timescape), ``may_meet`` (may a character
landing encounter this other one there: not on the Entrance in the Short
Dungeon Game), ``own_move`` (the ways a character moves when a rule replaces
the roll: aboard an Airship; ``None`` when none does), ``notes`` (sentences of a
module about a character, for its sheet: an Airship's Hit Points), ``may_win`` (may the last
character standing win now off the Crown: not under 000's Chaos Bloodbath), ``new_character``
(may a dead character's player start again with a new one, when the option allows it),
``pieces`` (what lies on the board that is neither a card nor a character, for the boards
drawn: the Emperor's Guard, face-down cards).

An ability on the turn menu or at a meeting (the points :data:`WOKEN_BY_TRAITS` lists) may be
woken by traits (``@MODULE.ability("meet", traits="steal")``): it offers nothing to a character
holding none of them, and so is not asked for one (``Ruleset.woken``). A turn asks some twenty
abilities at its menu with every module in play, a third of them for what few characters hold.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from talisman.content.modules import Wake
from talisman.engine import stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.game import frame

if TYPE_CHECKING:
    from talisman.engine.game import Game

for _point, _meaning in (
    ("turn", "options on the turn menu"),
    ("after_roll", "options once the movement die is known"),
    ("board_moves", "options: the moves a roll gives on a board with paths of its own (a Toad has them too)"),
    ("combat", "options before a fight with creatures"),
    ("meet", "options on meeting another character"),
    ("end_of_turn", "options as the turn ends"),
    ("killed", "reaction: creatures were killed"),
    ("land", "options on landing, beside encountering the space"),
    ("card", "options before a card on the space is met"),
    ("lost_fight", "options after a lost or drawn battle with creatures"),
    ("setup", "reaction: a character enters play"),
    ("turn_start", "reaction: a character's turn begins and it may act"),
    ("arrive", "reaction: a character arrives on a space"),
    ("scroll_read", "reaction: a Scroll was read and discarded"),
    ("pvp_rolled", "reaction: both sides of a fight between characters have rolled"),
    ("paid", "reaction: a character paid a fee to someone content names"),
    ("movement_die", "value: the die a character moves with"),
    ("battle_bonus", "value: Strength or Craft added in a fight"),
    ("move_allowed", "value: may a character take this path"),
    ("landed", "reaction: a character's move ends on a space it is to encounter"),
    ("turn_end", "reaction: a living character's turn ends"),
    ("death", "reaction: a character died"),
    ("life_taken", "reaction: a character took a life from another"),
    ("teleport_allowed", "value: may a character be moved straight to this space"),
    ("met", "reaction: a character was encountered by another"),
    ("life_lost", "reaction: a character lost lives"),
    ("defeated", "reaction: a character lost a fight"),
    ("pvp_won", "reaction: a fight between characters was won"),
    ("draw_refused", "value: a card drawn cannot come into play now and is replaced"),
    ("foe_value", "value: an Enemy card's Strength or Craft when it is not simply printed"),
    ("attack_faces", "value: the dice of an attack roll"),
    ("fight_result", "value: the outcome of a fight with creatures"),
    ("may_meet", "value: may a character landing encounter this other one there"),
    ("gained", "reaction: a character took an Object, Magic Object or Follower"),
    ("own_move", "value: the ways a character moves when a rule replaces the roll, or None"),
    ("next_spaces", "value: the spaces one step from a character on a board of a module's own shape, or None"),
    ("notes", "value: sentences about a character for its sheet"),
    ("chose", "reaction: a player answered a decision (the seat, the decision's kind, the option's id)"),
    ("cast", "reaction: a character cast a Spell or read a Scroll"),
    ("may_win", "value: may the last character standing win now, off the Crown of Command"),
    ("new_character", "value: may the player of a character who died start again with a new one"),
    ("card_met", "reaction: a character meets a card on its space"),
    ("pieces", "value: markers on the board that are no card and no character"),
    ("spell_twist", "value: does a rule resolve this Spell or Scroll its own way (it pushed the frames)"),
):
    ENGINE.point(_point, _meaning)


_NOTHING: Final = object()  # an argument not given (see _collect)

# The hook points whose abilities may be woken by traits (see Module.ability): option points, each
# ability asked ``fn(g, seat, ...)`` (see _collect), where it pays. The turn menu asks some twenty
# abilities, a third of them for what few characters hold, and the character's traits are mostly
# worked out already (its Spells are asked too); at the other points, where one or two abilities
# look at a trait and most look first at something cheaper (the space, a flag), working out the
# traits to wake them cost more than the calls it saved (callgrind, every module in play).
WOKEN_BY_TRAITS: Final = frozenset(("turn", "meet"))
# The engine's reaction points asked through :func:`react` for a character (their abilities push frames
# or change the state and return nothing), where an ability may be woken by the state keys it serves
# as well as by traits (``pvp_rolled`` is asked for a fight, ``killed`` and ``chose`` otherwise): a
# turn asks some fifty reactions with every module in play, most of them looking for a key of their
# module's (a ship aboard, a Magic Shell, a gate closed) that is seldom there.
REACTIONS: Final = frozenset(
    (
        "setup", "turn_start", "arrive", "scroll_read", "paid", "landed", "turn_end", "death", "life_taken",
        "met", "life_lost", "defeated", "pvp_won", "gained", "cast", "card_met",
    )
)  # fmt: skip
# Checking mode (tests): every ability left asleep is asked all the same, and one that offers
# something, or a reaction that changes the game, raises (its module declares too little to wake it).
CHECK_WAKING = False


def hooks(g: Game, point: str) -> tuple[Callable[..., Any], ...]:
    """The abilities registered at ``point`` by this game's modules, in the ruleset's order."""
    return g.rules.abilities[point]


def woken(g: Game, point: str, seat: int) -> tuple[Callable[..., Any], ...]:
    """The abilities at ``point`` that can offer the character something: all of them but those
    woken by traits it holds none of, in the ruleset's order.

    >>> from talisman import Game
    >>> g = Game.new(["elf", "thief"], seed=1)
    >>> sorted(fn.__name__ for fn in set(hooks(g, "meet")) - set(woken(g, "meet", 1)))
    ['minstrel_maidens', 'sorceress']
    """
    rules = g.rules
    if point not in rules.wakers:
        return rules.abilities[point]
    return rules.woken(point, stats.traits(g, seat))


def _collect(point: str, g: Game, seat: int, arg: Any = _NOTHING, back: Any = _NOTHING) -> list[Choice]:
    """The options of every ability woken at ``point``, each asked ``fn(g, seat[, arg[, back]])``: a
    call with a fixed number of arguments, which compiled code makes directly (a ``*args`` call
    builds a tuple for each of the many hooks of a turn menu)."""
    out: list[Choice] = []
    asked = woken(g, point, seat)
    for fn in asked:
        if arg is _NOTHING:
            out += fn(g, seat)
        elif back is _NOTHING:
            out += fn(g, seat, arg)
        else:
            out += fn(g, seat, arg, back)
    if CHECK_WAKING and len(asked) < len(hooks(g, point)):
        for fn in hooks(g, point):
            if fn not in asked and _ask(fn, g, seat, arg, back):
                raise RuntimeError(
                    f"{fn.__module__}.{fn.__name__} at {point!r} offers options to the {g.name(seat)},"
                    " who holds none of the traits that wake it"
                )
    return out


def _ask(fn: Callable[..., Any], g: Game, seat: int, arg: Any, back: Any) -> list[Choice]:
    """One ability's options, asked as :func:`_collect` asks them (its checking mode)."""
    if arg is _NOTHING:
        found: list[Choice] = fn(g, seat)
    elif back is _NOTHING:
        found = fn(g, seat, arg)
    else:
        found = fn(g, seat, arg, back)
    return found


def turn_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    return [] if g.players[seat].toad else _collect("turn", g, seat, back)


def after_roll_options(g: Game, seat: int, roll: int) -> list[Choice]:
    """What a character may do with its movement roll (none for a Toad), and where the
    roll takes it on a board whose paths a module draws (``board_moves``)."""
    board = _collect("board_moves", g, seat, roll)
    return board if g.players[seat].toad else board + _collect("after_roll", g, seat, roll)


def combat_options(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    return _collect("combat", g, seat, fight, back)


def meet_options(g: Game, seat: int, other: int) -> list[Choice]:
    """Abilities used on a character met; one able to evade here is first asked (``ability_on``)."""
    if g.players[seat].toad:
        return []
    opts = _collect("meet", g, seat, other)
    if not can_evade_characters(g, other):
        return opts
    return [
        Choice(o.id, o.label, [frame("ability_on", a=seat, d=other, then=[list(f) for f in o.frames])], o.group, o.data)
        for o in opts
    ]


def can_evade_here(g: Game, seat: int) -> bool:
    """Does an ability let the character evade on its space (the Elf in the Woods...)?"""
    kind = g.rules.spaces[g.players[seat].space].kind
    return stats.has_trait(g, seat, f"evade-in:{kind}") or stats.has_trait(g, seat, "evade-anywhere")


def can_evade_characters(g: Game, seat: int) -> bool:
    """May the character evade another one here? (``evade-characters``: characters
    only, not creatures: 000's Ninja in the Dungeon.)"""
    return can_evade_here(g, seat) or stats.has_trait(g, seat, "evade-characters")


def end_of_turn_options(g: Game, seat: int) -> list[Choice]:
    return [] if g.players[seat].toad else _collect("end_of_turn", g, seat)


def on_enemies_killed(g: Game, seat: int, fight: Mapping[str, Any]) -> None:
    for fn in hooks(g, "killed"):
        fn(g, seat, fight)


def land_options(g: Game, seat: int) -> list[Choice]:
    return [] if g.players[seat].toad else _collect("land", g, seat)


def card_options(g: Game, seat: int, card: int) -> list[Choice]:
    return _collect("card", g, seat, card)


def lost_fight_options(g: Game, seat: int, fight: dict[str, Any]) -> list[Choice]:
    return [] if g.players[seat].toad else _collect("lost_fight", g, seat, fight)


def react(point: str, g: Game, first: Any, second: Any = _NOTHING, third: Any = _NOTHING) -> None:
    """Let every ability registered at a reaction point react (they push frames): each is asked
    ``fn(g, first[, second[, third]])``, a call with a fixed number of arguments (see :func:`_collect`:
    a turn asks some fifty reactions with every module in play). One woken by traits or state keys
    (see :data:`REACTIONS`) is asked only when one of them is there for the character ``first``."""
    for fn, wake in g.rules.reactors[point]:
        if wake is None or awake(g, wake, first):
            _react(fn, g, first, second, third)
        elif CHECK_WAKING:
            before = g.state_hash()
            _react(fn, g, first, second, third)
            if g.state_hash() != before:
                raise RuntimeError(
                    f"{fn.__module__}.{fn.__name__} at {point!r} changed the game for the {g.name(first)},"
                    " though none of the traits and state keys that wake it is there"
                )


def _react(fn: Callable[..., Any], g: Game, first: Any, second: Any, third: Any) -> None:
    """One reaction, asked as :func:`react` asks it."""
    if second is _NOTHING:
        fn(g, first)
    elif third is _NOTHING:
        fn(g, first, second)
    else:
        fn(g, first, second, third)


def awake(g: Game, wake: Wake, seat: int) -> bool:
    """Is one of the keys or traits that wake an ability there: a key of the game's ``globals``, a
    key of the character's ``status``, a trait it holds (the cheapest looked at first)?

    >>> from talisman import Game
    >>> from talisman.content.modules import Wake
    >>> g = Game.new(["warrior"], seed=1)
    >>> awake(g, Wake(frozenset(), (), ("routed",)), 0)
    False
    >>> g.players[0].status["routed"] = True
    >>> awake(g, Wake(frozenset(), (), ("routed",)), 0)
    True
    """
    found = g.globals
    for key in wake.game:
        if key in found:
            return True
    if wake.character:
        found = g.players[seat].status
        for key in wake.character:
            if key in found:
                return True
    return bool(wake.traits) and not wake.traits.isdisjoint(stats.traits(g, seat))


def movement_die(g: Game, seat: int) -> int:
    """The sides of the die a character rolls to move: its size's, unless a
    rule says otherwise where it stands (Large characters in the Dungeon)."""
    for fn in hooks(g, "movement_die"):
        sides: int | None = fn(g, seat)
        if sides:
            return sides
    return g.die_size(seat)


def own_move(g: Game, seat: int) -> list[Choice] | None:
    """The ways to move a rule gives in place of the usual ones (aboard an Airship), if any does."""
    for fn in hooks(g, "own_move"):
        ways: list[Choice] | None = fn(g, seat)
        if ways is not None:
            return ways
    return None


def next_spaces(g: Game, seat: int) -> list[int]:
    """The spaces one step from where a character stands, for a rule that moves it one space
    (a panic, a rout): along its region's ring; on a board of a module's own shape, those the
    module puts beside it (a City's districts, a world's tiles: ``next_spaces`` abilities); else
    those the space's links lead to. Empty when there is nowhere to go.

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> [g.rules.spaces[s].id for s in next_spaces(g, 0)]
    ['plains-3', 'fields-5']
    """
    here = g.players[seat].space
    rules = g.rules
    ring = sorted({rules.cw[here], rules.ccw[here]} - {-1, here})
    if ring:
        return ring
    for fn in hooks(g, "next_spaces"):
        near: list[int] | None = fn(g, seat)
        if near is not None:
            return sorted(set(near) - {here})
    return sorted({other for _link, other in rules.links_of(here)} - {here})


def notes(g: Game, seat: int) -> list[str]:
    """The lines that modules add to a character's state on its sheet (aboard an Airship...)."""
    return [note for fn in hooks(g, "notes") for note in fn(g, seat)]


def pieces(g: Game) -> list[dict[str, Any]]:
    """The markers modules lay on the board (``{"space": index, "kind": ..., "name": ...}``)."""
    return [piece for fn in hooks(g, "pieces") for piece in fn(g)]


def battle_bonus(g: Game, seat: int, fight: Mapping[str, Any]) -> int:
    """Strength (or, in psychic combat, Craft) that abilities add in this fight."""
    if g.players[seat].toad:
        return 0
    return sum(fn(g, seat, fight) for fn in hooks(g, "battle_bonus"))


def may_win(g: Game, seat: int) -> bool:
    return all(fn(g, seat) for fn in hooks(g, "may_win"))


def new_character(g: Game, seat: int) -> bool:
    return all(fn(g, seat) for fn in hooks(g, "new_character"))


def move_allowed(g: Game, seat: int, path: list[int]) -> bool:
    for fn in hooks(g, "move_allowed"):  # (asked for every destination of every move)
        if not fn(g, seat, path):
            return False
    return True


def teleport_allowed(g: Game, seat: int, to: int) -> bool:
    return all(fn(g, seat, to) for fn in hooks(g, "teleport_allowed"))


def may_meet(g: Game, seat: int, other: int) -> bool:
    return all(fn(g, seat, other) for fn in hooks(g, "may_meet"))


def spell_twisted(g: Game, cast: Mapping[str, Any]) -> bool:
    """Does a rule take over how this Spell resolves (``cast``: the args of its ``spell_resolve``)?
    It pushes the frames that resolve it: ``spell_resolve`` again, marked ``twisted``."""
    return any(fn(g, cast) for fn in hooks(g, "spell_twist"))


def draw_refused(g: Game, card: int) -> bool:
    return any(fn(g, card) for fn in hooks(g, "draw_refused"))


def foe_value(g: Game, seat: int, card: int, mode: str) -> int:
    """An Enemy card's Strength (or Craft) against this character."""
    for fn in hooks(g, "foe_value"):
        value: int | None = fn(g, seat, card, mode)
        if value is not None:
            return value
    printed: int = getattr(g.rules.instances[card], mode)
    return printed


def attack_faces(g: Game, seat: int, fight: Mapping[str, Any], faces: list[int]) -> list[int]:
    for fn in hooks(g, "attack_faces"):
        faces = fn(g, seat, fight, faces)
    return faces


def fight_result(g: Game, seat: int, fight: Mapping[str, Any], outcome: str, margin: int) -> str:
    """``win``, ``lose`` or ``standoff``, once every rule has had its say (``margin``: my score - theirs)."""
    for fn in hooks(g, "fight_result"):
        outcome = fn(g, seat, fight, outcome, margin)
    return outcome
