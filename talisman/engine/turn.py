"""The turn: its start, the menu of what to do before moving, and its end.

A turn is ``turn_start``, then ``turn_menu`` (move, or first cast a Spell or
do a free action), the move and its encounter, and ``turn_end``. A character
who loses a turn spends it standing its piece up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from talisman.content.places import place_name
from talisman.engine import abilities, cards, endings, frames, movement, possessions, quests, spells, stats, transform
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.engine.setup import replace_character

if TYPE_CHECKING:
    from talisman.engine.game import Game

TROPHY_STRENGTH: Final = 7
TROPHY_CRAFT: Final = 10  # 000: 10 Craft of Spirits for 1 Craft (the 4th edition uses 7)


@ENGINE.handler("next_turn", args=frames.NoArgs)
def _next_turn(g: Game, a: frames.NoArgs) -> None:
    """The machine runs this when the stack is empty."""
    next_turn(g)


def next_turn(g: Game) -> None:
    """Pass play to the next seat on the left (or give an extra turn). A seat
    that plays several characters (a Mirror Image...) chooses which one acts."""
    p = g.players[g.active]
    seat = g.controller(g.active)
    n = len(g.players)
    if g.turn > 0 and p.alive and p.status.get("extra_turns"):
        p.status["extra_turns"] -= 1
        if not p.status["extra_turns"]:
            del p.status["extra_turns"]
    elif g.turn > 0:
        for step in range(1, n + 1):
            cand = (seat + step) % n
            if g.controller(cand) != cand:
                continue  # a character raised beside a seat's own acts in that seat's turn
            if in_play(g, cand):
                if cand <= seat:
                    g.round += 1
                seat = cand
                break
            expire_globals(g, cand)  # a dead character's turn is passed over, but its timed effects still run out
    g.turn += 1
    actors = [c for c in g.characters_of(seat) if g.players[c].alive]
    if len(actors) > 1:
        g.active = seat
        g.push("choose_actor", p=seat, actors=actors)
        return
    _begin(g, actors[0] if actors else seat)


def in_play(g: Game, seat: int) -> bool:
    """Does the seat still play: a living character, or a new one to come?"""
    return any(g.players[c].alive for c in g.characters_of(seat)) or bool(g.players[seat].status.get("replace"))


def _begin(g: Game, actor: int) -> None:
    g.active = actor
    g.push_all([frame("turn_start", p=actor), frame("turn_end", p=actor)])


class ChooseActor(TypedDict):
    """Character ``p`` chooses which of its ``actors`` (seats) takes the turn."""

    p: int
    actors: list[int]


@ENGINE.handler("choose_actor", args=ChooseActor)
def _choose_actor(g: Game, a: ChooseActor) -> None:
    g.decide(
        a["p"],
        "actor",
        "Which of your characters acts this turn?",
        [
            Choice(
                f"actor:{c}", f"The {g.name(c)}, on the {g.space_name(g.players[c].space)}", [frame("begin_turn", p=c)]
            )
            for c in a["actors"]
        ],
    )


@ENGINE.handler("begin_turn", args=frames.Seat)
def _begin_turn(g: Game, a: frames.Seat) -> None:
    _begin(g, a["p"])


@ENGINE.handler("turn_start", args=frames.Seat)
def _turn_start(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    if not p.alive:
        if p.status.get("replace"):
            replace_character(g, seat)
        return
    if g.log is not None:
        g.say(
            f"Turn {g.turn} (round {g.round}): {g.name(seat)} on the {place_name(g.rules, g.rules.spaces[p.space].id)}.",
            type="turn",
            seat=seat,
        )
    expire_globals(g, seat)
    if p.lost_turns > 0:
        # A Spell may save the turn (Temporal Vortex): it then goes on as ``turn_go``.
        saves = spells.cast_options(g, seat, "lost-turn", [frame("turn_missed", p=seat)])
        if saves:
            g.decide(
                seat,
                "lost-turn",
                "You are to miss this turn.",
                [Choice("miss", "Miss the turn", [frame("turn_missed", p=seat)]), *saves],
            )
        else:
            g.push("turn_missed", p=seat)
        return
    _turn_go(g, seat)


@ENGINE.handler("turn_missed", args=frames.Seat)
def _turn_missed(g: Game, a: frames.Seat) -> None:
    p = g.players[a["p"]]
    p.lost_turns -= 1
    g.say(f"{g.name(a['p'])} spends this turn recovering.", type="lose-turn", seat=a["p"])


@ENGINE.handler("turn_go", args=frames.Seat)
def _turn_go_frame(g: Game, a: frames.Seat) -> None:
    _turn_go(g, a["p"])


def _turn_go(g: Game, seat: int) -> None:
    """A turn the character plays: the menu, after what happens as it begins."""
    p = g.players[seat]
    if "next_move" in p.status:
        p.flags.add("next-move-offered")  # a Tavern offer is for this turn's move only
    g.push("turn_menu", p=seat)
    abilities.react("turn_start", g, seat)
    endings.on_turn_start(g, seat)
    spells.other_players_window(g, seat)


@ENGINE.handler("turn_menu", args=frames.Seat)
def _turn_menu(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    if not g.players[seat].alive or g.players[seat].status.get("immobile"):
        if g.players[seat].alive:
            g.say(f"{g.name(seat)} is held fast by Immobility and can do nothing this turn.", seat=seat)
        return
    back = [frame("turn_menu", p=seat)]
    options = movement.move_options(g, seat)
    if (
        g.rules.regions[movement.region_of(g, g.players[seat].space)].movement == "roll"
        and movement.held_here(g, seat) is None
    ):
        # Instead of the movement roll (so not in the Inner Region, nor where the move is decided
        # for the character: the Hall of Darkness); back: if the Spell is countered.
        options += spells.cast_options(g, seat, "move", back, back_key=("turn_menu",))
    options += spells.cast_options(g, seat, "turn-start", back, back_key=("turn_menu",))
    options += free_options(g, seat, back)
    others = abilities.turn_options(g, seat, back)
    if movement.held_here(g, seat) is not None:
        # Held (the Hall of Darkness, the Lord of Darkness again...), its move is to face what holds it:
        # no other way to move (two dice, a wharf, a leap) nor another whole-turn action; what is done first stays.
        others = [o for o in others if o.group != "main"]
    options += others
    options += quests.options(g, seat, back)
    p = g.players[seat]
    where = g.space_name(p.space)
    g.decide(seat, "turn", f"{g.name(seat)}, your turn on the {where}: what do you do?", options)


def free_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Things a character may do at the start of its turn without ending it (``back``: the turn
    menu's own frame, the same at every turn of the character)."""
    p = g.players[seat]
    # Dropping and unpacking Objects depend on nothing else than the key: the options, values never
    # changed, are made once for the ruleset and shared by every game of it (the turn menu asks at
    # every turn, and a character's Objects seldom change from one turn to the next).
    capacity = stats.capacity(g, seat) if p.packed else 0  # (it matters only to unpack)
    key = ("free-actions", seat, tuple(p.objects), tuple(p.packed), capacity)
    kept: list[Choice] | None = g.rules.options_kept.get(key)
    if kept is None:
        kept = g.rules.options_kept[key] = [
            Choice(f"drop:{c}", f"Drop the {g.card_name(c)}", [frames.drop(seat, c), *back], "free")
            for c in p.objects + p.packed
        ] + possessions.unpack_option(g, seat, back)
    return trophy_options(g, seat, back) + kept


def trophy_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Cashing in killed enemies for Strength or Craft (000: at any time, so
    offered at the turn start and before the dice of a fight)."""
    opts: list[Choice] = []
    for attr, each in (("strength", TROPHY_STRENGTH), ("craft", TROPHY_CRAFT)):
        picked = best_trophies(g, seat, attr, each)
        if picked:
            gain = sum(trophy_value(g, c, attr) for c in picked) // each
            opts.append(
                Choice(
                    f"trophies:{attr}",
                    f"Trade in trophies for {gain} {attr.capitalize()}",
                    [frame("cash_trophies", p=seat, attr=attr, cards=picked), *back],
                    "free",
                )
            )
    return opts


def trophy_value(g: Game, card: int, attr: str) -> int:
    c = g.rules.instances[card]
    if attr == "craft":
        return c.craft
    return c.strength if not c.craft else 0


def best_trophies(g: Game, seat: int, attr: str, each: int) -> list[int]:
    """The trophies to trade for the most points with the least waste (none if < 1 point).
    ``keep-trophies:<subtype>``: such trophies may not be traded (Pandora's Hydra quest)."""
    held = g.players[seat].trophies
    if not held or sum(v for c in held if (v := trophy_value(g, c, attr)) > 0) < each:
        return []  # not a point's worth even if all could be traded
    kept = {t.split(":", 1)[1] for t in stats.traits(g, seat) if t.startswith("keep-trophies:")}
    mine = [
        c for c in g.players[seat].trophies if trophy_value(g, c, attr) > 0 and g.rules.instances[c].subtype not in kept
    ]
    total = sum(trophy_value(g, c, attr) for c in mine)
    if total < each:
        return []
    target_points = total // each
    # Smallest subset sum that still buys target_points.
    best: dict[int, list[int]] = {0: []}
    for c in mine:
        v = trophy_value(g, c, attr)
        for s, chosen in list(best.items()):
            if s + v not in best:
                best[s + v] = chosen + [c]
    good = [s for s in best if s // each == target_points]
    return best[min(good)]


class CashTrophies(TypedDict):
    """Character ``p`` trades the trophies ``cards`` for its ``attr`` (strength or craft)."""

    p: int
    attr: str
    cards: list[int]


@ENGINE.handler("cash_trophies", args=CashTrophies)
def _cash_trophies(g: Game, a: CashTrophies) -> None:
    seat: int = a["p"]
    attr = a["attr"]
    each = TROPHY_STRENGTH if attr == "strength" else TROPHY_CRAFT
    value = 0
    for c in a["cards"]:
        if c in g.players[seat].trophies:
            value += trophy_value(g, c, attr)
            cards.release(g, seat, c)
            cards.discard(g, c)
    gain = value // each
    setattr(g.players[seat], attr, getattr(g.players[seat], attr) + gain)
    stats.changed(g)
    g.say(f"{g.name(seat)} trades trophies worth {value} for {gain} {attr.capitalize()}.", type="attribute", seat=seat)


class TurnEnd(TypedDict):
    """The turn of character ``p`` ends. ``offered``: what may be done at the end of the turn was
    offered already."""

    p: int
    offered: NotRequired[bool]


@ENGINE.handler("turn_end", args=TurnEnd)
def _turn_end(g: Game, a: TurnEnd) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    if p.alive and not a.get("offered"):
        offers = abilities.end_of_turn_options(g, seat)
        if offers:
            g.decide(
                seat,
                "end-turn",
                "Anything more before your turn ends?",
                [
                    Choice("end", "End the turn", [frame("turn_end", p=seat, offered=True)]),
                    *[
                        Choice(o.id, o.label, [*o.frames, frame("turn_end", p=seat, offered=True)], data=o.data)
                        for o in offers
                    ],
                ],
            )
            return
    if p.alive:
        if p.status.get("raft") is not None and p.status["raft"] < g.turn:
            del p.status["raft"]  # 000: an unused raft is lost all the same
            g.say(f"{g.name(seat)}'s raft drifts away unused.", seat=seat)
        if "next-move-offered" in p.flags and p.status.pop("next_move", None) is not None:
            g.say(f"{g.name(seat)} lets the offer of a journey lapse.", seat=seat)
        transform.count_down(g, seat)
        possessions.count_down_suspensions(g, seat)
        if p.mods:
            p.mods = [m for m in p.mods if m[2] not in ("turn", "combat")]
            stats.changed(g, seat)
        p.flags.clear()
        # (``in`` then ``del``, not ``pop(key, None)``: compiled, a method call each, for every character)
        if "immobile" in p.status:
            del p.status["immobile"]
        if "invisible" in p.status:
            del p.status["invisible"]
        possessions.check_limits(g, seat)
        abilities.react("turn_end", g, seat)
    for other in g.players:
        if "immobile-creatures" in other.status:
            del other.status["immobile-creatures"]
        if other.mods:
            other.mods = [m for m in other.mods if m[2] != "this-turn"]  # cast on another for this turn (Weakness)
            stats.changed(g, other.seat)
    if g.globals.pop("no-magic", None) is not None:
        stats.changed(g)


def expire_globals(g: Game, seat: int) -> None:
    """Count down lasting effects timed by this seat's turns (Hex, Blizzard...)."""
    for key in list(g.globals):
        val = g.globals[key]
        if isinstance(val, dict) and val.get("seat") == seat and "turns" in val:
            left = val["turns"] - 1
            if left <= 0:
                del g.globals[key]
                stats.changed(g)  # (Destroy Magic ends)
                spells.on_global_expired(g, key, val)
            else:
                g.globals[key] = {**val, "turns": left}


def stats_summary(g: Game, seat: int) -> str:
    p = g.players[seat]
    return (
        f"Strength {stats.strength(g, seat)}, Craft {stats.craft(g, seat)}, {p.lives} lives, "
        f"{p.gold} gold, {p.fate} Fate"
    )
