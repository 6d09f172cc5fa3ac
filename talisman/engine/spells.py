"""Casting Spells and reading Scrolls: when each may be used, the Counterspell
window, and effects.

A Spell card says in its ``cast`` table when it may be cast (``when``) and
what it does: effects of the vocabulary (``do``), or the Python spell effect
named by ``hook``; ``counters``: it cancels the Spell it answers (the Counterspell). The windows are:

``turn-start``   the caster's own turn, before moving
``move``         instead of the movement roll (Teleport)
``after-move``   right after moving (Destruction)
``combat``       before the dice of a fight the caster is in
``defend``       when another character attacks the caster
``life-loss``    when the caster is about to lose a life (Preservation)
``follower-loss`` when an Enemy is about to kill one of the caster's Followers (Restoration)
``others-turn``  at the start of another character's turn (Immobility...)
``response``     when another character casts a Spell (Counterspell, Spell Call)
``defeat``       when the caster has just lost a fight (Divine Intervention)
``lost-turn``    when the caster is about to miss a turn (Temporal Vortex)
``fate``         as the caster spends Fate to roll again (Twist of Fate)

Choice where "any time" cannot be literal in a game that asks one player at a
time: such Spells are offered at the caster's turn start, at the start of
every other character's turn, and where their effect matters (a life about to
be lost, a fight). After any Spell is cast, each other player holding a
Counterspell may cancel it.

A Spell that acts on the creatures fought says so: ``evades`` (it evades
them) or ``foe`` (it strikes them: the Finger of Death). Neither is offered
against creatures beyond Spells (:func:`creatures_beyond_spells`).

Choice (only real questions): a Spell is offered only where it could change
something. A Spell of effects (``do``) could if one of its effects could
(:data:`EFFECT_USES`: Healing only on a character who has lost a life, Nullify
only on one holding Spells, Weakness only on one above its printed Strength,
Alchemy only with an Object to sell); a hook may register a test of its own
(:func:`spell_use`: Acquisition, Destruction, Mesmerism).
Casting a Spell that could do nothing would only discard it, which the rules
forbid (a Spell may not be discarded until it is cast); so when no Spell of a
window could change anything (Healing at another's turn start while everyone
has all their lives) the question is not asked at all.

Scrolls (brought by expansion modules) use the same ``cast`` table and
windows. A character may hold any number; they are read, not cast, so the
bans on casting (the Cursed Glade, the Amulet, Destroy Magic) and the
Counterspell do not touch them; read, a Scroll goes to its discard pile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from talisman.engine import abilities, cards, frames, possessions, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import ArgValue, Choice
from talisman.engine.game import frame, frame_of

if TYPE_CHECKING:
    from talisman.content.model import CardDef
    from talisman.engine.game import Game

SpellUse = Callable[["Game", int, int | None], bool]
SPELL_USES: Final[dict[str, SpellUse]] = {}


def spell_use(name: str) -> Callable[[SpellUse], SpellUse]:
    """Register when a Spell (``cast.hook`` names it) could change something:
    ``use(g, caster, target)`` is false where casting it would do nothing. A
    Spell without one could always change something (Random, Immobility...)."""

    def register(fn: SpellUse) -> SpellUse:
        SPELL_USES[name] = fn
        return fn

    return register


def could_change(g: Game, caster: int, cast: dict[str, Any], target: int | None) -> bool:
    """Could this Spell or Scroll, cast on ``target`` (None: no target), change anything now?"""
    effects = cast.get("do")
    if effects is not None:
        for e in effects:  # (loops, not generators: a Spell window asks this for every Spell and target)
            seat = target if target is not None and e.get("target") == "cast_target" else caster
            if _effect_could_change(g, seat, e, target):
                return True
        return False
    use = SPELL_USES.get(cast.get("hook", ""))
    return use is None or use(g, caster, target)


def _effect_could_change(g: Game, seat: int, effect: dict[str, Any], target: int | None) -> bool:
    for verb, params in effect.items():
        use = EFFECT_USES.get(verb)
        if use is not None and not use(g, seat, params, target):
            return False
    return True


def _heal_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    return g.players[seat].lives < stats.life_cap(g, seat)


def _discard_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    return params.get("what") != "spells" or bool(g.players[seat].spells)


def _sell_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    p = g.players[seat]
    return any(g.rules.instances[c].is_item for c in p.objects + p.packed)


def _boost_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    """A malus floored at the printed value does nothing to one already there (Weakness)."""
    for attr in ("strength", "craft", "battle_strength"):
        n = params.get(attr)
        if not n:
            continue
        if isinstance(n, str) or n > 0 or params.get("floor") != "printed" or attr == "battle_strength":
            return True
        if stats.attribute(g, seat, attr) > stats.base_value(g, seat, attr):
            return True
    return False


def _steal_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    """Something of the kinds named to take from the character the Spell is cast on (Acquisition, Mesmerism)."""
    if target is None:
        return True
    o, what = g.players[target], params.get("what", ())
    return bool(
        ("gold" in what and o.gold)
        or ("object" in what and possessions.stealable(g, target))
        or ("follower" in what and o.followers)
    )


def _discard_cards_use(g: Game, seat: int, params: dict[str, Any], target: int | None) -> bool:
    """A face-up card to strike (Destruction)."""
    if params.get("where") != "board":
        return True
    return any(held for held in g.board.values())


# Whether an effect of the vocabulary could change anything for the character it is
# run for, by verb (a verb not named here always could); ``target``: the one the Spell is cast on.
EFFECT_USES: Final[dict[str, Callable[[Game, int, dict[str, Any], int | None], bool]]] = {
    "steal": _steal_use,
    "discard_cards": _discard_cards_use,
    "heal": _heal_use,
    "discard": _discard_use,
    "sell_objects": _sell_use,
    "boost": _boost_use,
}


def can_cast(g: Game, seat: int, window: str = "") -> bool:
    """May this character cast Spells now, in this window? (Toads, the Cursed
    Glade, the Amulet, Destroy Magic; Immobility leaves only the Counterspell.)"""
    p = g.players[seat]
    if not p.alive or p.toad or not (p.spells or ring_spells(g, seat)):
        return False
    if "spells" in g.rules.spaces[p.space].suppress or stats.has_trait(g, seat, "no-spells"):
        return False
    if "destroy-magic" in g.globals or seat in g.globals.get("no-magic", ()):
        return False  # (no-magic: a fight between characters in the Wizard's Tower)
    return "immobile" not in p.status or window == "response"


def affected(g: Game, seat: int) -> bool:
    """Can a Spell reach this character? (Not one holding the Amulet.)"""
    return g.players[seat].alive and not stats.has_trait(g, seat, "spell-immune")


def can_read(g: Game, seat: int, window: str = "") -> bool:
    """May this character read Scrolls now? The bans on casting name Spells only
    (the Cursed Glade, the Amulet, Destroy Magic); a Toad and the Immobile cannot,
    nor one in a fight where no magic works (between characters in the Wizard's Tower)."""
    p = g.players[seat]
    if seat in g.globals.get("no-magic", ()):
        return False
    return p.alive and not p.toad and ("immobile" not in p.status or window == "response")


def castable(g: Game, seat: int, window: str) -> list[int]:
    """The Spells and Scrolls the character may cast or read in this window."""
    p = g.players[seat]
    rules = g.rules
    out: list[int] = []
    ringed = stats.holds_any(rules.cards_with_trait("spell-ring"), p.objects)
    if p.spells or ringed:
        # The Spells for this window first: most windows have none, and then
        # whether the character may cast at all need not be worked out.
        instances = rules.instances
        out = [
            c
            for c in (p.spells + ring_spells(g, seat) if ringed else p.spells)
            if window in instances[c].cast.get("when", ())
        ]
        if out and not can_cast(g, seat, window):
            out = []
    if p.cards and can_read(g, seat, window):
        out += [
            c
            for c in p.cards
            if rules.instances[c].type == "scroll" and window in rules.instances[c].cast.get("when", ())
        ]
    return out


def ring_spells(g: Game, seat: int) -> list[int]:
    """Spells kept in a working Magic Object rather than held (``spell-ring``:
    the Spell Ring): castable like the character's own, outside its limit."""
    out: list[int] = []
    objects = g.players[seat].objects
    if not stats.holds_any(g.rules.cards_with_trait("spell-ring"), objects):
        return out  # (the common case, decided without working out which items work)
    for o, _, traits in stats.working_items(g, seat):
        if "spell-ring" in traits:
            out += cards.held_by(g, f"card:{o}")
    return out


def fate_options(g: Game, seat: int, keep: list[Any], roll: dict[str, Any]) -> list[Choice]:
    """Spells cast as Fate is spent to roll again, choosing the result instead
    (Twist of Fate). ``roll`` tells the Spell what to finish: the frame ``kind``
    and ``args`` waiting for the die, its ``style`` (``roll``: a total in
    ``key``; ``battle``: a list of faces in ``key``) and the die's ``sides``.
    Countered, the first roll stands (``keep``)."""
    return [
        Choice(
            o.id,
            f"Spend 1 Fate and {o.label[0].lower()}{o.label[1:]}: choose the result",
            [frame("spend_fate", p=seat), *o.frames],
        )
        for o in cast_options(g, seat, "fate", keep, combat=roll)
    ]


def cast_options(
    g: Game,
    seat: int,
    window: str,
    back: list[Any],
    combat: Mapping[str, Any] | None = None,
    back_key: tuple[Any, ...] | None = None,
) -> list[Choice]:
    """Options to cast each Spell the character may cast in this window.

    ``back_key``, given where there is no fight, names ``back`` (the frames that come back to the
    window) by the values it is made of: an option is then a value of its key alone, made once per
    ruleset and shared (the turn menu's and the other players' windows come at every turn)."""
    opts = []
    beyond = creatures_beyond_spells(g, seat, combat)
    kept = g.rules.options_kept if back_key is not None and combat is None else None
    for c in castable(g, seat, window):
        spell = g.rules.instances[c]
        if spell.cast.get("evades") and combat is not None and combat.get("evadable") is False:
            continue  # a creature that cannot be evaded (000: none in the Inner Region)
        if beyond and (spell.cast.get("evades") or spell.cast.get("foe")):
            continue
        for target in _targets(g, seat, spell.cast, window, combat):
            if not could_change(g, seat, spell.cast, target):
                continue  # pointless: casting it would only throw it away
            on = "" if target is None else f" on the {g.name(target)}"
            if kept is None:
                opts.append(_cast_choice(seat, c, spell, target, on, window, back, combat))
                continue
            key = ("cast-option", seat, c, target, on, window, back_key)
            choice: Choice | None = kept.get(key)
            if choice is None:
                choice = kept[key] = _cast_choice(seat, c, spell, target, on, window, back, combat)
            opts.append(choice)
    return opts


def _cast_choice(
    seat: int,
    c: int,
    spell: CardDef,
    target: int | None,
    on: str,
    window: str,
    back: list[Any],
    combat: Mapping[str, Any] | None,
) -> Choice:
    # A Spell that ends the step (an evasion, Teleport) comes back to it if countered.
    ends = spell.cast.get("ends")
    return Choice(
        f"cast:{c}{'' if target is None else ':' + str(target)}",
        f"{'Read the Scroll' if spell.type == 'scroll' else 'Cast'} {spell.name}{on}",
        [
            frame(
                "cast",
                p=seat,
                card=c,
                target=target,
                window=window,
                combat=combat or {},
                if_countered=back if ends else [],
            ),
            *([] if ends else back),
        ],
    )


def creatures_beyond_spells(g: Game, seat: int, combat: Mapping[str, Any] | None) -> bool:
    """Are the creatures of this fight beyond every Spell? 000: Spells affect
    creatures in the Outer and Middle Regions only, and none of the creatures met
    in the Inner Region can be affected by any Spell. The regions crossed one space
    a step (the Inner Region, the Crown, the Wizard's Tower) are beyond, and so is a
    ``unique`` foe wherever it is fought (the Dragon Prince, the endings' lords).
    A Spell on the caster itself (Psionic Blast) still works."""
    if combat is None or "foes" not in combat:
        return False  # no fight, or a fight between characters: Spells reach characters anywhere
    if combat.get("unique"):
        return True
    region = g.rules.spaces[g.players[combat.get("p", seat)].space].region
    return g.rules.regions[region].movement != "roll"


def _targets(
    g: Game, seat: int, cast: dict[str, Any], window: str, combat: Mapping[str, Any] | None
) -> list[int | None]:
    """Whom the Spell may be cast on here (None: it takes no character as its target)."""
    kind = cast.get("target", "none")
    if kind == "character":
        return [s for s in g.living() if affected(g, s)]
    if kind == "other":
        return [s for s in g.living() if s != seat and affected(g, s)]
    if kind == "active" and window == "others-turn":
        return [g.active] if affected(g, g.active) else []
    if kind == "active":
        return [None] if window == "combat" else []  # in a fight it aims at the foe
    return [None]


class Cast(TypedDict):
    """Character ``p`` casts the Spell ``card`` at ``target`` (a seat, or None) in the ``window``
    named (``combat``: the fight or the cast it is cast in); ``if_countered``: frames run if the
    Spell is countered; ``loss``: the loss of lives it answers; ``twisted``: a rule has already
    turned it (wild magic)."""

    p: int
    card: int
    target: int | None
    window: str
    combat: dict[str, Any]
    if_countered: NotRequired[list[Any]]
    loss: NotRequired[dict[str, Any]]
    twisted: NotRequired[bool]


@ENGINE.handler("cast", args=Cast)
def _cast(g: Game, a: Cast) -> None:
    seat: int = a["p"]
    card = a["card"]
    ring = next((o for o in g.players[seat].objects if card in cards.held_by(g, f"card:{o}")), None)
    if card not in g.players[seat].spells and card not in g.players[seat].cards and ring is None:
        return
    spell = g.rules.instances[card]
    if ring is not None:
        # Cast from a Spell Ring: the Spell leaves it, and the Ring has served its turn.
        cards.unhold(g, f"card:{ring}", card)
        cards.release(g, seat, ring)
        cards.discard(g, ring)
        g.say(f"{g.name(seat)}'s {g.card_name(ring)} crumbles as its Spell is released.", seat=seat)
    else:
        cards.release(g, seat, card)
    g.globals["in_play"] = [*g.globals.get("in_play", ()), card]
    target = a.get("target")
    on = f" on the {g.name(target)}" if target is not None and target != seat else ""
    abilities.react("cast", g, seat, card)
    if spell.type == "scroll":
        g.say(f"{g.name(seat)} reads the Scroll {spell.name}{on}.", type="cast", seat=seat, spell=spell.name)
        g.push("spell_resolve", **a)
        return  # a Scroll is no Spell: the Counterspell cannot answer it
    g.say(f"{g.name(seat)} casts {spell.name}{on}.", type="cast", seat=seat, spell=spell.name)
    g.push("spell_resolve", **a)
    counter_window(g, seat, card)


def counter_window(g: Game, caster: int, card: int | str) -> None:
    """Every other player holding a Counterspell, in seat order, may cancel the Spell
    (a card, or a Spell that is no card, named: the Command Spell)."""
    n = len(g.players)
    for i in range(n - 1, 0, -1):
        other = (caster + i) % n
        if castable(g, other, "response"):
            g.push("counter_ask", p=other, card=card, caster=caster)


def aimed_at(g: Game) -> int | None:
    """The character the Spell being answered is aimed at (None: no character): a Spell card's
    target, the Command Spell's victim."""
    for kind, a in reversed(g.stack):
        if kind == "spell_resolve":
            target: int | None = a.get("target")
            return target
        if kind == "command_roll":
            victim: int = a["victim"]
            return victim
    return None


class CounterAsk(TypedDict):
    """Character ``p`` may answer the Spell ``card`` (or the Command Spell, by name) that ``caster``
    casts."""

    p: int
    card: int | str
    caster: int


@ENGINE.handler("counter_ask", args=CounterAsk)
def _counter_ask(g: Game, a: CounterAsk) -> None:
    seat: int = a["p"]
    card = a["card"]
    if (isinstance(card, int) and card not in g.globals.get("in_play", ())) or g.globals.get("countered") == card:
        return
    # A Counterspell cancels the Spell; another answer (Spell Call) is cast as a Spell
    # of its own, told what it answers (only a Spell card: not the Command Spell).
    answers = [(c, bool(g.rules.instances[c].cast.get("counters"))) for c in castable(g, seat, "response")]
    answers = [(c, counter) for c, counter in answers if counter or isinstance(card, int)]
    if not answers:
        return
    target = aimed_at(g)
    about: dict[str, ArgValue] = {"caster": a["caster"]}  # for an agent to weigh: who casts what at whom
    if isinstance(card, int):
        about["spell"] = card
    if target is not None:
        about["target"] = target
    g.decide(
        seat,
        "counterspell",
        f"The {g.name(a['caster'])} casts {spell_name(g, card)}. Answer it?",
        [
            Choice("allow", "Let it be", []),
            *[
                Choice(
                    f"counter:{c}",
                    f"Cast {g.card_name(c)} against it",
                    [
                        frame("counter", p=seat, card=c, against=card)
                        if counter
                        else frame(
                            "cast",
                            p=seat,
                            card=c,
                            target=None,
                            window="response",
                            combat={"against": card, "caster": a["caster"]},
                        )
                    ],
                )
                for c, counter in answers
            ],
        ],
        about=about,
    )


class Counter(frames.CardOf):
    """Character ``p`` casts its Counterspell ``card`` against the Spell ``against``."""

    against: int | str


@ENGINE.handler("counter", args=Counter)
def _counter(g: Game, a: Counter) -> None:
    seat: int = a["p"]
    if a["card"] not in g.players[seat].spells:
        return
    cards.release(g, seat, a["card"])
    cards.discard(g, a["card"])
    g.globals["countered"] = a["against"]
    g.say(
        f"{g.name(seat)} casts {g.card_name(a['card'])}: the {spell_name(g, a['against'])} fails.",
        type="cast",
        seat=seat,
    )
    _after_cast(g, seat)


def spell_name(g: Game, spell: int | str) -> str:
    return g.card_name(spell) if isinstance(spell, int) else spell


@ENGINE.handler("spell_resolve", args=Cast)
def _spell_resolve(g: Game, a: Cast) -> None:
    seat: int = a["p"]
    card = a["card"]
    spell = g.rules.instances[card]
    countered = g.globals.get("countered") == card
    g.globals.pop("countered", None) if countered else None
    if not countered and not a.get("twisted") and abilities.spell_twisted(g, a):
        return  # a rule resolves it its own way (000's wild magic in the Timescape), by the frames it pushed
    if not countered and "do" in spell.cast:
        # The effects run for the caster; ``target = "cast_target"`` sends one to the character it is cast on.
        ctx = {
            "src": card,
            "target": a.get("target"),
            "window": a["window"],
            "combat": a.get("combat") or {},
            "loss": a.get("loss"),
        }
        g.rules.services["run_now"](g, seat, spell.cast["do"], ctx)  # (the interpreter is above the Spells)
    elif not countered and "hook" in spell.cast:
        g.rules.spell_effects[spell.cast["hook"]](g, a)
    elif a.get("loss"):
        g.push("lose_lives", **a["loss"])  # the life the Spell was to save is lost after all
    else:
        g.push_all(a.get("if_countered", ()))  # the fight (or the move) it was to replace goes on
    if card in g.globals.get("in_play", ()) and not spell.cast.get("lasting") or countered:
        finish(g, card)
        if spell.type == "scroll":
            abilities.react("scroll_read", g, seat, card)
    _after_cast(g, seat)


def leave_play(g: Game, card: int) -> None:
    """A cast Spell's card is no longer in play (where it goes, the caller says)."""
    in_play = [c for c in g.globals.get("in_play", ()) if c != card]
    if in_play:
        g.globals["in_play"] = in_play
    else:
        g.globals.pop("in_play", None)


def finish(g: Game, card: int) -> None:
    """A cast Spell's card leaves play for the discard pile, or for the hand of a
    character who called it (Spell Call: ``called`` names the card and the caller)."""
    leave_play(g, card)
    called = g.globals.get("called")
    if called is not None and called["card"] == card:
        del g.globals["called"]
        seat = called["by"]
        p = g.players[seat]
        if p.alive and not p.toad and len(p.spells) < stats.spell_limit(g, seat):
            p.spells.append(card)
            g.say(f"The {g.card_name(card)} comes to {g.name(seat)}'s call.", type="gain", seat=seat)
            return
        g.say(f"{g.name(seat)} has no room for the {g.card_name(card)}.", seat=seat)
    cards.discard(g, card)


def _after_cast(g: Game, seat: int) -> None:
    """The Wand, and characters who always keep a Spell, draw one when their last is gone."""
    possessions.fill_wand(g, seat)


def other_players_window(g: Game, active: int) -> None:
    """At the start of a character's turn, the others may cast their Spells,
    except one lying down to lose a turn (000: it casts no Spells until it
    stands up, though it may still defend itself)."""
    n = len(g.players)
    for i in range(n - 1, 0, -1):
        other = (active + i) % n
        if castable(g, other, "others-turn") and not g.players[other].lost_turns:
            g.push("others_turn_ask", p=other, active=active)


class OthersTurnAsk(TypedDict):
    """Character ``p`` may cast a Spell in the turn of character ``active``."""

    p: int
    active: int


@ENGINE.handler("others_turn_ask", args=OthersTurnAsk)
def _others_turn_ask(g: Game, a: OthersTurnAsk) -> None:
    seat: int = a["p"]
    opts = cast_options(
        g, seat, "others-turn", [frame_of("others_turn_ask", {**a})], back_key=("others_turn_ask", a["active"])
    )
    if opts:
        g.decide(
            seat,
            "others-turn",
            f"The {g.name(a['active'])}'s turn begins. Cast a Spell?",
            [Choice("pass", "Cast nothing", []), *opts],
        )


def prevent_life_loss_options(g: Game, seat: int, loss: frames.LoseLives) -> list[Choice]:
    """Spells that can stop this character losing a life."""
    return [
        Choice(
            f"cast:{c}",
            f"Cast {g.card_name(c)} to keep the life",
            [frame("cast", p=seat, card=c, target=seat, window="life-loss", combat={}, loss={**loss, "asked": True})],
        )
        for c in castable(g, seat, "life-loss")
    ]


def on_landing(g: Game, seat: int) -> None:
    """Lasting Spells on a space strike whoever lands there (Hex), unless no
    Spell can touch it (the Amulet)."""
    space = g.players[seat].space
    for card in g.cards_on(space):
        spell = g.rules.instances[card]
        if spell.type == "spell" and spell.cast.get("on_land") and affected(g, seat):
            g.say(f"The {spell.name} on the {g.space_name(space)} strikes {g.name(seat)}.", seat=seat)
            g.push_frame(frames.effects(seat, list(spell.cast["on_land"]), {"src": card, "space": space}))


def on_global_expired(g: Game, key: str, val: dict[str, Any]) -> None:
    """A timed effect ran out: a Hex card leaves its space."""
    card = val.get("card")
    if card is not None and val.get("space") is not None and card in g.cards_on(val["space"]):
        cards.lift(g, card, val["space"])
        cards.discard(g, card)
        g.say(f"The {g.card_name(card)} on the {g.space_name(val['space'])} fades.")
    elif key == "destroy-magic":
        g.say("Magic returns to the land.")
    elif key.startswith("blizzard"):
        g.say("The Blizzard blows itself out.")
