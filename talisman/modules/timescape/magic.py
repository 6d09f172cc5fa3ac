"""000's wild magic in the Timescape ("Spells and Scrolls"): every Spell cast
or Scroll read by a character there rolls a D8 for how it takes effect.

1 reversed, twice; 2 reversed; 3 no effect; 4 full effect, on a random
character anywhere in the game; 5 full effect; 6 full effect, and the card is
kept; 7 double effect, and kept; 8 triple effect.

What 000 leaves to us (choices):

- "Reverse": a Spell of the vocabulary's effects has each turned about: a gain
  is a loss and a loss a gain, healing takes as many lives (a full healing, 1),
  a bonus is a malus, a turn more is a turn lost; effects with no opposite (a
  move, a theft, an evasion) do nothing. A Spell whose effect is Python (a
  hook) or has no opposite at all has no effect; reversed twice, the reversed
  effect is twice as strong (a loss of 2 lives for a Healing).
- "Double", "Triple": the Spell resolves two or three times (a lasting Spell,
  a Hex, once: it cannot lie twice).
- "A random character": a die among the living characters. A Spell cast on a
  character is cast on that one instead (the caster too may be drawn). A
  Spell with no target acts for the character drawn in its caster's place, if
  it is cast at the start of a turn; one cast in a fight, a move or against a
  loss (for the caster's own plight) is lost on anyone else.
- "No effect": as if countered (the card is discarded; what it was to replace
  goes on). "Do not discard": the card comes back to the caster's hand once it
  has acted (a Scroll beside its sheet), if its Craft leaves room for a Spell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import effects, frames, possessions, spells, stats
from talisman.engine.game import frame, frame_of
from talisman.modules.timescape.module import MODULE
from talisman.modules.timescape.rules import inside

if TYPE_CHECKING:
    from talisman.engine.game import Game

TABLE = {
    1: "its effect reversed, twice",
    2: "its effect reversed",
    3: "no effect",
    4: "its full effect, on a random character",
    5: "its full effect",
    6: "its full effect, and it is kept",
    7: "a double effect, and it is kept",
    8: "a triple effect",
}
TIMES = {1: 2, 2: 1, 5: 1, 6: 1, 7: 2, 8: 3}
KEPT = (6, 7)
WHOLE = ("turn-start", "others-turn")  # the windows of a Spell that may act for another in its caster's place
SWAP = {"gain": "lose", "lose": "gain", "extra_turn": "lose_turn", "lose_turn": "extra_turn"}


@MODULE.ability("spell_twist")
def wild_magic(g: Game, cast: dict[str, Any]) -> bool:
    """A Spell or Scroll cast in the Timescape: roll the D8 first."""
    if not inside(g, cast["p"]):
        return False
    effects.roll(g, cast["p"], "D8", frame("wild_magic", cast=cast), why="the wild magic of the Timescape", fate=False)
    return True


class WildMagic(TypedDict):
    """The roll of wild magic on the Spell cast ``cast`` (the frame arguments of its resolution)."""

    cast: dict[str, Any]
    roll: int
    roll_faces: list[int]


@MODULE.handler("wild_magic", args=WildMagic)
def _wild_magic(g: Game, a: WildMagic) -> None:
    cast, n = a["cast"], a["roll"]
    seat, card = cast["p"], cast["card"]
    spell = g.rules.instances[card]
    g.say(f"Wild magic: the {spell.name} has {TABLE[n]}.", type="cast", seat=seat)
    resolve = {**cast, "twisted": True}
    if n == 3:
        g.globals["countered"] = card
        g.push("spell_resolve", **resolve)
        return
    if n == 4:
        g.push_all(on_random(g, resolve))
        return
    times = 1 if spell.cast.get("lasting") else TIMES[n]
    steps: list[Any] = []
    if n in (1, 2):
        steps.append(frame("wild_reverse", cast=resolve, times=times))
    else:
        steps += [frame_of("spell_resolve", {**resolve})] * times
    if n in KEPT:
        steps.append(frame("wild_keep", p=seat, card=card))
    g.push_all(steps)


def on_random(g: Game, resolve: dict[str, Any]) -> list[Any]:
    seat, spell = resolve["p"], g.rules.instances[resolve["card"]]
    alive = [p.seat for p in g.players if p.alive]
    chosen = alive[g.rng.die(len(alive)) - 1]
    g.say(f"The wild magic carries it to {g.name(chosen)}.", type="cast", seat=chosen)
    if spell.cast.get("target", "none") != "none":
        return [frame_of("spell_resolve", {**resolve, "target": chosen})]
    if chosen == seat:
        return [frame_of("spell_resolve", {**resolve})]
    if resolve["window"] in WHOLE:
        return [frame_of("spell_resolve", {**resolve, "p": chosen})]
    g.globals["countered"] = resolve["card"]
    return [frame_of("spell_resolve", {**resolve})]


def reversed_effects(effect_list: Any, times: int = 1) -> list[dict[str, Any]]:
    """The effects turned about, ``times`` as strong (those with no opposite are left out)."""
    out: list[dict[str, Any]] = []
    for e in effect_list:
        mods = {k: v for k, v in e.items() if k in ("target", "if", "unless")}
        for verb, params in e.items():
            if verb in mods:
                continue
            turned = _turned(verb, params, times)
            if turned is not None:
                out.append({**turned, **mods})
    return out


def _turned(verb: str, params: Any, times: int) -> dict[str, Any] | None:
    if verb in ("gain", "lose") and all(isinstance(v, int) for v in params.values()):
        return {SWAP[verb]: {k: v * times for k, v in params.items()}}
    if verb in ("extra_turn", "lose_turn"):
        return {SWAP[verb]: params * times}
    if verb == "heal":
        n = params.get("up_to")
        return {"lose": {"lives": (n if isinstance(n, int) else 1) * times}}
    if verb == "boost":
        turned = {
            k: -v * times
            for k, v in params.items()
            if k in ("strength", "craft", "battle_strength") and isinstance(v, int)
        }
        return {"boost": {**turned, "until": params["until"]}} if turned else None
    return None


class WildReverse(TypedDict):
    """The Spell cast ``cast`` resolves ``times`` times, reversed."""

    cast: dict[str, Any]
    times: int


@MODULE.handler("wild_reverse", args=WildReverse)
def _wild_reverse(g: Game, a: WildReverse) -> None:
    """The reversed effect (``times`` over), or nothing where the Spell has none."""
    cast, times = a["cast"], a["times"]
    seat, card = cast["p"], cast["card"]
    spell = g.rules.instances[card]
    turned = reversed_effects(spell.cast.get("do", ()), times)
    if not turned:
        g.say(f"The {spell.name} turned about does nothing.", seat=seat)
        g.globals["countered"] = card
        g.push("spell_resolve", **cast)
        return
    ctx = {"src": card, "target": cast.get("target"), "window": cast["window"], "combat": cast.get("combat") or {}}
    if card in g.globals.get("in_play", ()) and not spell.cast.get("lasting"):
        spells.finish(g, card)
    possessions.fill_wand(g, seat)
    effects.run(g, seat, turned, ctx)
    if cast.get("loss"):
        g.push("lose_lives", **cast["loss"])  # the life a reversed Preservation was to save


@MODULE.handler("wild_keep", args=frames.CardOf)
def _wild_keep(g: Game, a: frames.CardOf) -> None:
    """Do not discard: the card comes back from its discard pile to the caster."""
    seat, card = a["p"], a["card"]
    cdef = g.rules.instances[card]
    # (a card of a stock, a Scroll bought, goes back to its stock rather than to a discard pile)
    pile = next((pile for pile in (g.discards.get(cdef.deck, []), g.decks.get(cdef.deck, [])) if card in pile), None)
    p = g.players[seat]
    if pile is None or not p.alive:
        return
    if cdef.type == "spell" and len(p.spells) >= stats.spell_limit(g, seat):
        g.say(f"{g.name(seat)} has no room to keep the {cdef.name}.", seat=seat)
        return
    pile.remove(card)
    if cdef.type == "spell":
        p.spells.append(card)
    else:
        possessions.keep_apart(g, seat, card)
    g.say(f"The wild magic leaves the {cdef.name} in {g.name(seat)}'s hand.", type="gain", seat=seat)
