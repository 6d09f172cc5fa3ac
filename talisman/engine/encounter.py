"""Encounters (000 "Encounters"): where a move ends, the character meets either
another character there or the space.

Meeting the space: effects that come before drawing (the Desert's heat), then
drawing up to the space's number counting cards already there, then the cards
in order of their number (events, enemies, strangers, objects and followers,
places), then the space's own instructions. Enemies of one kind fight as one.
Cards left over stay face up. Gold lying on the space is claimed once every
Enemy there is beaten or evaded.

Choice where 000 is unclear: after a fight the turn ends if the character lost
or drew; a character who killed or evaded the enemies goes on to the other
cards (000: "only after any enemies have been defeated or evaded may any of
the following cards be encountered").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from talisman.engine import abilities, cards, combat, effects, endings, frames, possessions, spells, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.game import frame

if TYPE_CHECKING:
    from talisman.engine.game import Game


def others_here(g: Game, seat: int) -> list[int]:
    p = g.players[seat]
    return [o.seat for o in g.players if o.alive and o.seat != seat and o.space == p.space]


class Land(TypedDict):
    """Character ``p`` lands on its space, come there ``how`` (see :func:`frames.arrive`)."""

    p: int
    how: frames.ArriveHow


@ENGINE.handler("land", args=Land)
def _land(g: Game, a: Land) -> None:
    seat: int = a["p"]
    how = a["how"]
    p = g.players[seat]
    sdef = g.rules.spaces[p.space]
    if how == "retreat" or not p.alive:
        return
    abilities.react("landed", g, seat)  # pushed first, so it runs after the encounter
    if sdef.kind == "crown":
        endings.on_reach_crown(g, seat)
        return
    stepping = g.rules.regions[sdef.region].movement == "step"
    others = [o for o in others_here(g, seat) if abilities.may_meet(g, seat, o)] if sdef.character_encounters else []
    options = [Choice(f"meet:{o}", f"Encounter the {g.name(o)}", [frames.meet(seat, o)]) for o in others]
    if stepping:
        # The Inner Region: the space's own instructions, then any cards left
        # there (a Hermit), and characters only where the space allows it.
        if options:
            g.decide(seat, "encounter", "Whom do you encounter?", [*options, Choice("nothing", "No one", [])])
        g.push("card_queue", p=seat)
        effects.run(g, seat, sdef.on_enter, {"space": p.space})
        spells.on_landing(g, seat)
        return
    space_option = Choice("space", f"Encounter the {sdef.name}", [frame("encounter_space", p=seat)])
    extra = abilities.land_options(g, seat)
    instead = [o for o in extra if o.group == "instead"]
    # An ability may replace meeting the space (the Ghoul at the Graveyard) or add a way to land (the Ninja).
    options += [o.with_group("main") for o in instead] or [space_option]
    options += [o for o in extra if o not in instead]
    if len(options) > 1:
        g.decide(seat, "encounter", f"On the {sdef.name}: what do you encounter?", options)
    else:
        g.push_all(options[0].frames)
    # Pushed last so it runs first: a Hex strikes on landing, before anything
    # else is met (000's example of the Sorceress on the Oasis).
    spells.on_landing(g, seat)


@ENGINE.handler("encounter_space", args=frames.Seat)
def _encounter_space(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    sdef = g.rules.spaces[p.space]
    ctx = {"space": p.space}
    steps = effects.effect_frames(seat, sdef.before_draw, ctx)
    if sdef.draw:
        # ``extra-draw:<kind>:N``: an ability draws N more cards on such spaces (the Highlander in the Hills).
        steps.append(frames.draw_cards(seat, sdef.draw + stats.trait_value(g, seat, f"extra-draw:{sdef.kind}")))
    steps.append(frame("card_queue", p=seat))
    steps += effects.effect_frames(seat, sdef.encounter, ctx)
    steps.append(frame("claim_gold", p=seat))
    g.push_all(steps)


@ENGINE.handler("draw_cards", args=frames.DrawCards)
def _draw_cards(g: Game, a: frames.DrawCards) -> None:
    seat: int = a["p"]
    space = g.players[seat].space
    wanted = a["n"] - len(g.cards_on(space))
    extra = wanted > 0 and stats.has_trait(g, seat, "draw-extra-discard")  # the Orb of Prophesy
    deck = cards.board_deck(g, space)
    drawn: list[int] = []
    tries = len(g.decks[deck]) + len(g.discards[deck])
    while len(drawn) < wanted + extra and tries >= 0:
        tries -= 1
        card = cards.draw(g, deck)
        if card is None:
            g.say("The deck is exhausted.", seat=seat)
            break
        if abilities.draw_refused(g, card):
            # A card that cannot come into play now (a Dungeon-icon card without the
            # Dungeon, a third Doorway): discarded, and another drawn in its place.
            cards.discard(g, card)
            g.say(
                f"{g.name(seat)} draws the {g.card_name(card)}, which cannot come into play: it is discarded.",
                type="draw",
                seat=seat,
                card=g.card_name(card),
            )
            continue
        drawn.append(card)
    if wanted <= 0:
        g.say(f"The cards already on the {g.space_name(space)} are the encounter.", seat=seat)
    after = []
    for card in drawn:
        cards.place(g, card, space)
        if g.log is not None:
            g.say(f"{g.name(seat)} draws a card: {g.card_name(card)}.", type="draw", seat=seat, card=g.card_name(card))
        on_draw = g.rules.instances[card].on_draw
        if on_draw:
            after += effects.effect_frames(seat, on_draw, {"src": card, "space": space})
    if drawn and extra:
        after.append(frame("discard_one_drawn", p=seat, drawn=drawn))
    if drawn and stats.has_trait(g, seat, "redraw-one") and "redrew" not in g.players[seat].flags:
        after.append(frame("offer_redraw", p=seat, drawn=drawn))
    g.push_all(after)


class Drawn(TypedDict):
    """Character ``p`` and the cards it has just ``drawn``."""

    p: int
    drawn: list[int]


@ENGINE.handler("discard_one_drawn", args=Drawn)
def _discard_one_drawn(g: Game, a: Drawn) -> None:
    """The Orb of Prophesy: of the cards just drawn (one more than the space asked), discard one."""
    seat: int = a["p"]
    space = g.players[seat].space
    here = [c for c in a["drawn"] if c in g.cards_on(space) and "fixed" not in g.rules.instances[c].traits]
    if len(here) > 1:
        g.decide(
            seat,
            "discard-drawn",
            "You drew one card more than you need: discard one before meeting them.",
            [
                Choice(
                    f"discard:{c}", f"Discard the {g.card_name(c)}", [frame("discard_from_board", space=space, card=c)]
                )
                for c in here
            ],
        )


@ENGINE.handler("discard_from_board", args=frames.CardAt)
def _discard_from_board(g: Game, a: frames.CardAt) -> None:
    if a["card"] in g.cards_on(a["space"]):
        cards.lift(g, a["card"], a["space"])
        cards.discard(g, a["card"])
        g.say(f"The {g.card_name(a['card'])} is discarded from the {g.space_name(a['space'])}.")


@ENGINE.handler("offer_redraw", args=Drawn)
def _offer_redraw(g: Game, a: Drawn) -> None:
    """The Prophetess (and the Orb of Knowledge): discard one card just drawn and draw another."""
    seat: int = a["p"]
    space = g.players[seat].space
    here = [c for c in a["drawn"] if c in g.cards_on(space) and "fixed" not in g.rules.instances[c].traits]
    if not here:
        return
    g.decide(
        seat,
        "redraw",
        "You may discard one card you drew and draw a replacement, which you must encounter.",
        [
            Choice("keep", "Keep the cards", []),
            *[
                Choice(f"redraw:{c}", f"Discard the {g.card_name(c)} and draw again", [frame("redraw", p=seat, card=c)])
                for c in here
            ],
        ],
    )


@ENGINE.handler("redraw", args=frames.CardOf)
def _redraw(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    space = g.players[seat].space
    g.players[seat].flags.add("redrew")
    cards.lift(g, card, space)
    cards.discard(g, card)
    g.say(f"{g.name(seat)} discards the {g.card_name(card)} and draws again.", seat=seat)
    g.push_frame(frames.draw_cards(seat, len(g.cards_on(space)) + 1))


def encounter_order(g: Game, space: int) -> list[int]:
    """Cards on a space in the order they are met: by number, then as they lie."""
    here = g.cards_on(space)
    return sorted(
        (c for c in here if g.rules.instances[c].type != "spell"),
        key=lambda c: (g.rules.instances[c].number, here.index(c)),
    )


@ENGINE.handler("card_queue", args=frames.Seat)
def _card_queue(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    g.push("card_next", p=seat, queue=encounter_order(g, g.players[seat].space))


class CardNext(TypedDict):
    """Character ``p`` meets the cards of ``queue`` in turn (``plain``: the card met as usual,
    whatever ability would meet it otherwise)."""

    p: int
    queue: list[int]
    plain: NotRequired[int]


@ENGINE.handler("card_next", args=CardNext)
def _card_next(g: Game, a: CardNext) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    space = p.space
    queue = [c for c in a["queue"] if c in g.cards_on(space) and not combat.evaded(g, seat, c)]
    if not queue or not p.alive:
        return
    card = queue[0]
    cdef = g.rules.instances[card]
    rest = queue[1:]
    ctx = {"src": card, "space": space}
    if a.get("plain") != card:
        other_ways = abilities.card_options(g, seat, card)
        if other_ways:
            # 000's exceptions that change how a card is met (the Patrol for the Cyborg).
            usual = (
                []
                if any(o.group == "forced" for o in other_ways)
                else [
                    Choice(
                        "usual", f"Meet the {cdef.name} as usual", [frame("card_next", p=seat, queue=queue, plain=card)]
                    )
                ]
            )
            then = frame("card_next", p=seat, queue=rest)
            g.decide(
                seat,
                "card-ability",
                f"The {cdef.name}: how do you meet it?",
                [*usual, *[Choice(o.id, o.label, [*o.frames, then], data=o.data) for o in other_ways]],
            )
            return
    if cdef.type == "enemy":
        mode = "craft" if cdef.craft and not cdef.strength else "strength"
        foes = [c for c in queue if g.rules.instances[c].type == "enemy" and _mode(g, c) == mode]
        g.push("card_next", p=seat, queue=[c for c in rest if c not in foes])
        combat.fight_cards(g, seat, foes, mode)
        abilities.react("card_met", g, seat, card)  # pushed last, so it runs first
        return
    if cdef.type in ("object", "magic-object", "follower") and not cdef.on_encounter and not cdef.must_take:
        # Objects and Followers lying here are offered together, once.
        g.push("card_next", p=seat, queue=[c for c in rest if c not in takeable(g, seat)])
        g.push("take_items", p=seat)
        abilities.react("card_met", g, seat, card)
        return
    g.push("card_next", p=seat, queue=rest)
    if cdef.type == "event":
        # The event leaves the board before it takes effect: an event that ends
        # the turn (a lost turn, the Imp's journey) drops the frames after it.
        effects.run(g, seat, cdef.on_encounter, ctx)
        g.push("event_done", p=seat, card=card)
        g.say(f"Event: {cdef.name}.", type="event", seat=seat)
    elif cdef.on_encounter:
        if not cdef.stays and cdef.type in ("object", "magic-object"):
            g.push("event_done", p=seat, card=card)
        effects.run(g, seat, cdef.on_encounter, ctx)
    elif cdef.type == "follower" and cdef.must_take:
        g.push_frame(frames.take(seat, card))
    abilities.react("card_met", g, seat, card)


def _mode(g: Game, card: int) -> str:
    c = g.rules.instances[card]
    return "craft" if c.craft and not c.strength else "strength"


@ENGINE.handler("event_done", args=frames.CardOf)
def _event_done(g: Game, a: frames.CardOf) -> None:
    """An event, or a card used on the spot, leaves the board once resolved."""
    card = a["card"]
    for space, held in list(g.board.items()):
        if card in held:
            cards.lift(g, card, space)
            cards.discard(g, card)
            return


def takeable(g: Game, seat: int) -> list[int]:
    space = g.players[seat].space
    kinds = (
        ("object", "magic-object")
        if "follower-pickup" in g.rules.spaces[space].suppress
        else ("object", "magic-object", "follower")
    )  # Followers locked in the Dungeon's Cell go only by its rule
    return [
        c
        for c in g.cards_on(space)
        if g.rules.instances[c].type in kinds
        and not g.rules.instances[c].on_encounter
        and not g.rules.instances[c].must_take
    ]


def hostile_here(g: Game, seat: int) -> bool:
    """Does an Enemy the character has not evaded this turn stand on its space?
    (000: other cards are met only once the Enemies are defeated or evaded.)"""
    return any(
        g.rules.instances[c].type == "enemy" and not combat.evaded(g, seat, c)
        for c in g.cards_on(g.players[seat].space)
    )


@ENGINE.handler("take_items", args=frames.Seat)
def _take_items(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    if hostile_here(g, seat):
        return
    options = []
    for c in takeable(g, seat):
        cdef = g.rules.instances[c]
        if cdef.type == "follower" and cdef.cost:
            if p.gold >= cdef.cost and possessions.can_take(g, seat, c):
                options.append(_take_option(g, "hire", seat, c))
        elif possessions.can_take(g, seat, c):
            options.append(_take_option(g, "take", seat, c))
        elif cdef.is_item and possessions.permitted(g, seat, c) and not p.toad:
            for o in p.objects:
                options.append(_take_option(g, "swap-take", seat, c, o))
    if options:
        g.decide(seat, "take", "What do you take from this space?", [TAKE_NOTHING, *options], confirm=True)


TAKE_NOTHING: Final = Choice("done", "Take nothing more", [])


def _take_option(g: Game, how: str, seat: int, card: int, dropped: int = -1) -> Choice:
    """Hire, take, or drop ``dropped`` to take: an option made of its key alone (the card
    names, the hire's cost, the window to come back to), made once per ruleset and shared
    (a space's items are offered again after each one taken, to every character there)."""
    key = ("take-option", how, seat, card, dropped)
    kept: Choice | None = g.rules.options_kept.get(key)
    if kept is not None:
        return kept
    cdef = g.rules.instances[card]
    again = frame("take_items", p=seat)
    if how == "hire":
        choice = Choice(
            f"hire:{card}", f"Hire the {cdef.name} for {cdef.cost}G", [frame("hire", p=seat, card=card), again]
        )
    elif how == "take":
        choice = Choice(f"take:{card}", f"Take the {cdef.name}", [frames.take(seat, card), again])
    else:
        choice = Choice(
            f"swap-take:{dropped}:{card}",
            f"Drop the {g.card_name(dropped)} to take the {cdef.name}",
            [frames.drop(seat, dropped), frames.take(seat, card), again],
        )
    g.rules.options_kept[key] = choice
    return choice


@ENGINE.handler("hire", args=frames.CardOf)
def _hire(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    p = g.players[seat]
    cost = g.rules.instances[card].cost
    if p.gold >= cost and card in g.cards_on(p.space):
        p.gold -= cost
        cards.lift(g, card, p.space)
        possessions.give_item(g, seat, card)


@ENGINE.handler("claim_gold", args=frames.Seat)
def _claim_gold(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    gold = g.gold_on.get(p.space, 0)
    if gold and p.alive and not p.toad and not hostile_here(g, seat):
        del g.gold_on[p.space]
        p.gold += gold
        g.say(f"{g.name(seat)} picks up {gold} gold lying on the {g.space_name(p.space)}.", type="gold", seat=seat)


@ENGINE.handler("meet", args=frames.Meet)
def _meet(g: Game, a: frames.Meet) -> None:
    """Encountering another character: attack it, or use an ability on it."""
    seat: int = a["p"]
    other: int = a["other"]
    if not g.players[other].alive or g.players[other].space != g.players[seat].space:
        return
    abilities.react("met", g, other, seat)  # pushed first, so it runs once the meeting is over (the Wise Man)
    if combat.must_attack(g, seat, other):
        # A Follower drives the character to attack (the Spirit of Vengeance, the Holy Avenger).
        g.decide(
            seat,
            "meet",
            f"You meet the {g.name(other)} and must attack it.",
            combat.attack_options(g, seat, other),
            about={"other": other},
        )
    else:
        options = combat.attack_options(g, seat, other) + abilities.meet_options(g, seat, other)
        options.append(Choice("leave", f"Leave the {g.name(other)} in peace", []))
        g.decide(seat, "meet", f"You meet the {g.name(other)}.", options, about={"other": other})


@effects.verb("draw")
def _draw_verb(g: Game, seat: int, n: int, ctx: dict[str, Any]) -> None:
    """Draw cards on the character's space up to ``n``, counting those already
    there (the Monster Pit's roll); they are met with the space's other cards."""
    g.push_frame(frames.draw_cards(seat, n))
