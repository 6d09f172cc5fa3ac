"""The City Guards, Judgement Square and the Gaol (003 22:4, 22:5.10, 22:5.14.1).

- Accused (City Center, a beast fetched from the Stables, the County Patrol):
  the Guards take the character to Judgement Square, where its next turn is its
  trial; the Map of the City Sewers lets it slip away instead. The trial is a
  die: 2 or less guilty and thrown in Gaol, 3 or more acquitted (its turn ends;
  next turn it goes on in the City). Before the die, every other character
  standing in the square may add 1, take 1 away, or leave it be (22:5.14.1;
  choice: each decides for itself, in seat order).
- Arrest (found guilty, the Tax Collector refused, a fight between characters
  in the streets, a County Patrol that wins): a Courtesan keeps the Guards off
  once (then she leaves, 22:9); otherwise the character goes to the Gaol
  (22:5.10.2): its Followers go with it, its Objects and Magic Objects are taken
  and discarded, its riding animals and their loads wait at the Stables. It
  loses a turn, then rolls each turn: 1-3 let out at the North Gate and must
  leave by it (waiting while it is shut); 4-5 another turn inside; 6 a way into
  the Dungeon (the Dungeon Entrance of whichever Dungeon is in play; without
  one, let out as on 1-3).
- Fights between characters (22:4): after a battle between characters in the
  City (not the Arena, not psychic combat), a die: on 3-6 the Guards throw both
  in Gaol.
- The Stables' die (22:6, rolled in ``rules``): whether a beast left there is stolen with its load,
  brings an accusation, or comes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, effects, frames, holds, movement, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.city_districts.module import MODULE
from talisman.modules.city_districts.rules import (
    THEFT,
    end_move,
    gate_open,
    in_city,
    is_steed,
    space,
    stables,
    stow,
    take_back,
)

if TYPE_CHECKING:
    from talisman.engine.game import Game

DUNGEON_ENTRANCES = ("dungeon-entrance", "entrance")  # dungeon-4e, dungeon-classic
TRIAL = ("trial in Judgement Square", [{"hook": "trial"}])
GAOL = ("Gaol", [{"hook": "gaol-roll"}])


def accuse(g: Game, seat: int) -> None:
    """To Judgement Square, to stand trial on the next turn (unless the Map of the Sewers helps)."""
    p = g.players[seat]
    if stats.has_trait(g, seat, "evade-guards"):
        g.say(f"{g.name(seat)} slips away from the City Guards through the sewers.", seat=seat)
        return
    end_move(g, seat)
    stow(g, seat)
    movement.put(g, seat, space(g, "judgement-square"))
    holds.hold(g, seat, *TRIAL)
    p.status["on-trial"] = True
    g.say(f"The City Guards march {g.name(seat)} to Judgement Square to stand trial.", type="move", seat=seat)


@MODULE.hook("accused")
def _accused(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the districts' court (a march to Judgement Square, held there for a trial) is this module's own."""
    accuse(g, seat)


@MODULE.hook("trial")
def trial(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The trial, on the turn after the accusation; bystanders first say how they lean.

    One space: the districts' trial, with the bystanders' leanings first."""
    p = g.players[seat]
    if not p.status.pop("on-trial", None):
        return  # a visitor to the square: nothing happens to it
    holds.release(g, seat)
    bystanders = [o.seat for o in g.players if o.alive and o.seat != seat and o.space == p.space]
    g.push("city_trial_roll", p=seat, shift=0)
    for other in reversed(bystanders):
        g.push("city_trial_lean", p=other, accused=seat)


class TrialLean(TypedDict):
    """Character ``p`` may lean on the trial of character ``accused``."""

    p: int
    accused: int


@MODULE.handler("city_trial_lean", args=TrialLean)
def _lean(g: Game, a: TrialLean) -> None:
    seat, accused = a["p"], a["accused"]
    g.decide(
        seat,
        "city-trial-lean",
        f"{g.name(accused)} stands trial (guilty on 2 or less): sway the judges?",
        [
            Choice("none", "Say nothing", []),
            Choice("for", f"Speak for {g.name(accused)}: +1 to the roll", [frame("city_trial_shift", by=1)]),
            Choice("against", f"Speak against {g.name(accused)}: -1 to the roll", [frame("city_trial_shift", by=-1)]),
        ],
    )


class TrialShift(TypedDict):
    """The trial's roll is shifted ``by`` this much."""

    by: int


@MODULE.handler("city_trial_shift", args=TrialShift)
def _shift(g: Game, a: TrialShift) -> None:
    for i in range(len(g.stack) - 1, -1, -1):
        kind, args = g.stack[i]
        if kind == "city_trial_roll":
            g.stack[i] = (kind, {**args, "shift": args["shift"] + a["by"]})
            return


class TrialRoll(TypedDict):
    """Character ``p`` is tried, its roll shifted by ``shift``."""

    p: int
    shift: int


@MODULE.handler("city_trial_roll", args=TrialRoll)
def _trial_roll(g: Game, a: TrialRoll) -> None:
    seat = a["p"]
    effects.roll(g, seat, "D6", frame("city_trial_verdict", p=seat, shift=a["shift"]), why="the trial")


class TrialVerdict(frames.Rolled):
    """The roll of a trial, shifted by ``shift``."""

    shift: int


@MODULE.handler("city_trial_verdict", args=TrialVerdict)
def _verdict(g: Game, a: TrialVerdict) -> None:
    seat = a["p"]
    total = a["roll"] + a["shift"]
    if a["shift"]:
        g.say(f"With the crowd's voices the trial reads {total}.", seat=seat)
    if total <= 2:
        g.say(f"{g.name(seat)} is found guilty.", seat=seat)
        arrest(g, seat)
    else:
        g.say(f"{g.name(seat)} is found innocent and may go on next turn.", seat=seat)


def arrest(g: Game, seat: int) -> None:
    """Into the Gaol, unless a Courtesan keeps the Guards off."""
    p = g.players[seat]
    if not p.alive:
        return
    courtesan = next((f for f in stats.followers_used(g, seat) if "courtesan" in g.rules.instances[f].traits), None)
    if courtesan is not None:
        cards.release(g, seat, courtesan)
        cards.discard(g, courtesan)
        g.say(
            f"The Courtesan talks the City Guards out of arresting {g.name(seat)}, then wanders off.",
            seat=seat,
        )
        return
    end_move(g, seat)
    stow(g, seat)
    gone = list(p.objects)
    for c in gone:
        cards.release(g, seat, c)
        cards.discard(g, c)
    movement.put(g, seat, space(g, "gaol"))
    p.status.pop("on-trial", None)
    p.status.pop("city-released", None)
    holds.hold(g, seat, *GAOL)
    p.lost_turns += 1
    taken = f"; the Guards take {', '.join(g.card_name(c) for c in gone)}" if gone else ""
    g.say(f"{g.name(seat)} is thrown in the Gaol{taken}.", type="move", seat=seat)


@MODULE.hook("arrest")
def _arrest(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the districts' Gaol (the Guards take the character's things) is this module's own rule."""
    arrest(g, seat)


@MODULE.hook("gaol-roll")
def gaol_roll(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    effects.roll(g, seat, "D6", frame("city_gaol_release", p=seat), why="release from the Gaol")


@MODULE.handler("city_gaol_release", args=frames.Rolled)
def _release(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    p = g.players[seat]
    if 4 <= n <= 5:
        p.lost_turns += 1
        holds.hold(g, seat, *GAOL)
        g.say(f"{g.name(seat)} stays another turn in the Gaol.", seat=seat)
        return
    entrance = next((s for s in DUNGEON_ENTRANCES if s in g.rules.space_index), None) if n == 6 else None
    if entrance is not None:
        movement.put(g, seat, space(g, entrance))
        g.say(f"{g.name(seat)} finds a way from the Gaol down into the Dungeon.", type="move", seat=seat)
        g.push_frame(frames.arrive(seat, p.space, "move"))
        return
    movement.put(g, seat, space(g, "north-gate"))
    p.status["city-released"] = True
    holds.hold(g, seat, "North Gate", [{"hook": "released"}])
    g.say(f"{g.name(seat)} is let out at the North Gate and must leave the City.", type="move", seat=seat)


@MODULE.hook("released")
def released(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """22:5.07: just let out, the character waits for the North Gate to open, and leaves by it."""
    if gate_open(g, "north-gate"):
        g.push("city_leave_city", p=seat)
        return
    holds.hold(g, seat, "North Gate", [{"hook": "released"}])
    g.say(f"The North Gate is shut: {g.name(seat)} must wait.", seat=seat)


@MODULE.ability("pvp_rolled")
def street_fight(g: Game, fight: dict[str, Any], s_att: int, s_dfd: int) -> None:
    """22:4: a battle between characters in the City (not a bout of the Arena) brings the Guards on 3-6."""
    att = fight["a"]
    if fight["mode"] != "strength" or fight.get("settle") or not in_city(g, att):
        return
    g.push_frame(
        frames.roll(att, "D6", ["city_guards", {"a": att, "b": fight["d"]}], why="the City Guards", fate=False)
    )


class CityGuards(TypedDict):
    """The City Guards' roll after character ``a`` attacked character ``b``."""

    a: int
    b: int
    roll: int
    roll_faces: list[int]


@MODULE.handler("city_guards", args=CityGuards)
def _guards(g: Game, a: CityGuards) -> None:
    if a["roll"] >= 3:
        g.say("The City Guards break up the fight and drag both fighters off to the Gaol.")
        for seat in (a["b"], a["a"]):
            arrest(g, seat)
    else:
        g.say("No Guard sees the fight.")


class CityTheft(frames.Rolled):
    """The roll that says whether the ``beast`` (a card) left at the gates was stolen."""

    beast: int


@MODULE.handler("city_theft", args=CityTheft)
def _theft(g: Game, a: CityTheft) -> None:
    seat, beast = a["p"], a["beast"]
    outcome = THEFT.get(a["roll"], "retrieved")
    loads = [c for c in cards.held_by(g, stables(seat)) if not is_steed(g, c)]
    beasts = [c for c in cards.held_by(g, stables(seat)) if is_steed(g, c)]
    if outcome == "stolen":
        cards.unhold(g, stables(seat), beast)
        cards.discard(g, beast)
        g.say(f"{g.name(seat)}'s {g.card_name(beast)} has been stolen from the Stables!", type="lose", seat=seat)
        if len(beasts) == 1:  # its load goes with it
            for c in loads:
                cards.unhold(g, stables(seat), c)
                cards.discard(g, c)
        return
    if outcome == "accused":
        g.say(f"The City Guards accuse {g.name(seat)} of a crime at the Stables.", seat=seat)
        accuse(g, seat)
        return
    take_back(g, seat, [beast, *(loads if len(beasts) == 1 else ())])
