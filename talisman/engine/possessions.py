"""Gaining, carrying, dropping and losing possessions; alignment changes.

A character carries at most 4 Objects and Magic Objects about its person;
Articles such as the Mule transport more, which cannot be used until swapped
in. An Object the character may not use (the Holy Lance for an evil one) is
left on the space. Spells are limited by Craft.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import abilities, cards, frames, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.game import frame

if TYPE_CHECKING:
    from talisman.engine.game import Game


def permitted(g: Game, seat: int, card: int) -> bool:
    """May the character own this card? (alignment-restricted Magic Objects)"""
    allowed = g.rules.instances[card].alignments
    return not allowed or g.players[seat].alignment in allowed


def room_for_item(g: Game, seat: int) -> bool:
    p = g.players[seat]
    return len(p.objects) < stats.capacity(g, seat) or len(p.packed) < stats.pack_capacity(g, seat)


def can_take(g: Game, seat: int, card: int) -> bool:
    """Could the character pick this card up now (Objects need room, Followers are free)?"""
    c = g.rules.instances[card]
    p = g.players[seat]
    if p.toad:
        return False
    if c.type == "follower":
        return permitted(g, seat, card) and not (
            ("no-followers" in stats.traits(g, seat)) and "no-followers" not in c.traits
        )
    if c.is_item:
        return permitted(g, seat, card) and room_for_item(g, seat)
    return False


def give_item(g: Game, seat: int, card: int) -> None:
    """Add an Object or Magic Object: carried if there is room, else on an Article."""
    p = g.players[seat]
    c = g.rules.instances[card]
    if c.type == "follower":
        p.followers.append(card)
        on_follower_gained(g, seat, card)
    elif len(p.objects) < stats.capacity(g, seat):
        p.objects.append(card)
    else:
        p.packed.append(card)
    stats.changed(g, seat)
    g.say(f"{g.name(seat)} takes the {c.name}.", type="gain", seat=seat)
    if c.traits and "wand" in c.traits:
        fill_wand(g, seat)
    abilities.react("gained", g, seat, card)


def stealable(g: Game, seat: int) -> list[int]:
    """The Objects others may take from this character: all it carries or
    transports, except a container that guards itself and its load (the Bag of Holding)."""
    p = g.players[seat]
    if any("guards-pack" in g.rules.instances[c].traits for c in p.objects):
        return [c for c in p.objects if "guards-pack" not in g.rules.instances[c].traits]
    return p.objects + p.packed


def on_follower_gained(g: Game, seat: int, card: int) -> None:
    """Rules that fire when a Follower joins (``no-followers``: the others leave)."""
    p = g.players[seat]
    if "no-followers" in g.rules.instances[card].traits:
        for f in [f for f in p.followers if f != card]:
            lose_follower(g, seat, f, "leaves because of the Hag's curse")


def suspend_follower(g: Game, seat: int, card: int, turns: int, why: str) -> None:
    """The Follower stays with the character but gives it no benefit for the character's next
    ``turns`` turns (the turn it happens in does not count, as a Toad's): no bonus, no ability,
    no help (:func:`stats.followers_used` leaves it out; it keeps only the traits that bind its
    holder, :data:`stats.BURDENS`). It is one of the character's Followers all the while: counted,
    lost, given up or taken like any. ``why`` is its state on the sheet ("stunned"). The
    suspension is its holder's, counted in its turns whatever befalls the card meanwhile (the words
    of 000's Fall Chart: "you may not gain any benefits from this Follower"); suspended again, the
    count starts over. An Article suspended still carries its load (our reading: the Objects are
    already the character's, and 000 names no loss). Any module may suspend a Follower so.

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> guide = g.rules.by_name["Guide"][0]
    >>> g.players[0].followers.append(guide)
    >>> suspend_follower(g, 0, guide, 3, "stunned")
    >>> suspended(g, 0), stats.followers_used(g, 0), g.players[0].followers == [guide]
    ([...], [], True)
    """
    p = g.players[seat]
    p.status["suspended"] = {**p.status.get("suspended", {}), str(card): {"turns": turns, "turn": g.turn, "why": why}}
    stats.changed(g, seat)


def suspended(g: Game, seat: int) -> list[int]:
    """The character's Followers that give it no benefit for now (:func:`suspend_follower`)."""
    p = g.players[seat]
    idle = p.status.get("suspended")
    return [f for f in p.followers if str(f) in idle] if idle else []


def count_down_suspensions(g: Game, seat: int) -> None:
    """At the end of the character's turn: one turn less for each suspended Follower (not in the
    turn it was suspended in); a Follower whose turns are over is of help again."""
    p = g.players[seat]
    idle = p.status.get("suspended")
    if not idle:
        return
    left = {}
    for key, entry in idle.items():
        if entry["turn"] == g.turn:
            left[key] = entry
        elif entry["turns"] > 1:
            left[key] = {**entry, "turns": entry["turns"] - 1}
        elif int(key) in p.followers:
            g.say(f"{g.name(seat)}'s {g.card_name(int(key))} is of help again.", seat=seat)
    if len(left) == len(idle):
        p.status["suspended"] = left
        return
    if left:
        p.status["suspended"] = left
    else:
        del p.status["suspended"]
    stats.changed(g, seat)


def lend_traits(g: Game, seat: int, traits: list[str] | tuple[str, ...]) -> None:
    """Give a character lasting traits (``status["traits"]``) for as long as a rule says: a title's
    abilities, a henchman's, a Magic Shell's. The list counts each trait once per rule that lent
    it, so that :func:`take_back_traits` takes back only what that rule lent.

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> lend_traits(g, 0, ["see-spells"]); lend_traits(g, 0, ["see-spells"]); take_back_traits(g, 0, ["see-spells"])
    >>> g.players[0].status["traits"]
    ['see-spells']
    """
    if traits:
        p = g.players[seat]
        p.status["traits"] = [*p.status.get("traits", ()), *traits]
        stats.changed(g)


def take_back_traits(g: Game, seat: int, traits: list[str] | tuple[str, ...]) -> None:
    """Take back lasting traits one rule lent (:func:`lend_traits`): one of each, so that the same
    trait lent by another rule stays."""
    p = g.players[seat]
    left = list(p.status.get("traits", ()))
    for t in traits:
        if t in left:
            left.remove(t)
    if left:
        p.status["traits"] = left
    else:
        p.status.pop("traits", None)
    stats.changed(g)


def lose_follower(g: Game, seat: int, card: int, why: str = "is lost") -> None:
    """A Follower leaves for good; Objects its Article carried fall on the space."""
    cards.release(g, seat, card)
    cards.discard(g, card)
    g.say(f"{g.name(seat)}'s {g.card_name(card)} {why}.", type="lose", seat=seat)
    settle_packs(g, seat)


def sell(g: Game, seat: int, card: int, price: int) -> bool:
    """Character ``seat`` gives up the card ``card`` (to its discard pile) for ``price`` gold, if it
    still holds it; whether it did. The words are the caller's.

    >>> from talisman import Game
    >>> sell(Game.new(players=2, seed=0, log=False), 0, 5, 1)
    False
    """
    if card not in g.players[seat].holdings():
        return False
    cards.release(g, seat, card)
    cards.discard(g, card)
    g.players[seat].gold += price
    return True


def settle_packs(g: Game, seat: int) -> None:
    """After a possession leaves: drop transported Objects beyond what the
    remaining Articles can carry, and discard at once the Spells a lower Craft
    no longer allows (000: surplus Spells may not be cast)."""
    p = g.players[seat]
    room = stats.pack_capacity(g, seat)
    while len(p.packed) > room:
        card = p.packed.pop()
        if len(p.objects) < stats.capacity(g, seat):
            p.objects.append(card)
            stats.changed(g, seat)
        else:
            cards.place(g, card, p.space)
            g.say(f"{g.name(seat)} leaves the {g.card_name(card)} on the {g.space_name(p.space)}.", seat=seat)
    check_limits(g, seat)


def drop(g: Game, seat: int, card: int) -> None:
    """Leave a possession face up on the character's space."""
    cards.release(g, seat, card)
    cards.place(g, card, g.players[seat].space)
    g.say(f"{g.name(seat)} drops the {g.card_name(card)} on the {g.space_name(g.players[seat].space)}.", seat=seat)
    settle_packs(g, seat)


def set_alignment(g: Game, seat: int, alignment: str) -> None:
    """Change alignment: drop any Magic Object the new alignment forbids, and
    lose any Follower that will not serve it (the Holy Avenger)."""
    p = g.players[seat]
    if p.alignment == alignment:
        return
    p.alignment = alignment
    stats.changed(g, seat)
    g.say(f"{g.name(seat)} becomes {alignment}.", type="alignment", seat=seat)
    for card in [c for c in p.objects + p.packed if not permitted(g, seat, c)]:
        drop(g, seat, card)
    for card in [f for f in p.followers if not permitted(g, seat, f)]:
        lose_follower(g, seat, card, f"will not follow a {alignment} character")


def keep_apart(g: Game, seat: int, card: int) -> None:
    """Scrolls, Abilities and Titles are held beside the sheet: any number, never
    carried (000: "Scrolls do not count toward Encumbrance"). Scrolls are secret."""
    c = g.rules.instances[card]
    g.players[seat].cards.append(card)
    stats.changed(g, seat)
    if c.type == "scroll":
        _gained_in_secret(g, seat, "Scroll", c.name)
    else:
        g.say(f"{g.name(seat)} gains the {c.type.capitalize()} {c.name}.", type="gain", seat=seat)


def fill_wand(g: Game, seat: int) -> None:
    """The Wand, and characters who always keep a Spell (the Wizard, the
    Prophetess): one left without a Spell draws one, if its Craft allows.
    ``keep-spells:N`` keeps N (the Sprite always holds two)."""
    keep = stats.trait_value(g, seat, "keep-spells")
    if stats.has_trait(g, seat, "wand") or stats.has_trait(g, seat, "keep-one-spell"):
        keep = max(keep, 1)
    while len(g.players[seat].spells) < keep and stats.spell_limit(g, seat) > len(g.players[seat].spells):
        if not gain_spell(g, seat):
            break


def gain_spell(g: Game, seat: int) -> bool:
    """Draw one Spell for the character if it may hold another; True if it did."""
    p = g.players[seat]
    if p.toad or stats.spell_limit(g, seat) <= len(p.spells):
        g.say(f"{g.name(seat)} cannot hold another Spell.", seat=seat)
        return False
    card = cards.draw(g, "spell")
    if card is None:
        g.say("The Spell deck is empty.", seat=seat)
        return False
    p.spells.append(card)
    _gained_in_secret(g, seat, "Spell", g.card_name(card))
    return True


def _gained_in_secret(g: Game, seat: int, what: str, name: str) -> None:
    """A card the others may not see (a Scroll, a Spell) is named to the character alone."""
    g.say(
        f"{g.name(seat)} gains a {what}: {name}.",
        type="gain",
        seat=seat,
        private=seat,
        public=f"{g.name(seat)} gains a {what}.",
    )


def fill_spells(g: Game, seat: int) -> None:
    """Draw Spells until the character holds as many as its Craft allows."""
    while len(g.players[seat].spells) < stats.spell_limit(g, seat):
        if not gain_spell(g, seat):
            break


def check_limits(g: Game, seat: int) -> None:
    """Push the choices a character must make when over a limit (Spells, Objects)."""
    g.push("enforce_limits", p=seat)


@ENGINE.handler("enforce_limits", args=frames.Seat)
def _enforce_limits(g: Game, a: frames.Seat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    if not p.alive:
        return
    if p.spells and not p.toad and stats.over_spell_limit(g, seat):  # (a Toad keeps its Spells)
        limit = stats.spell_limit(g, seat)
        g.decide(
            seat,
            "discard-spell",
            f"You may hold only {limit} Spell(s): choose one to discard",
            [
                Choice(
                    f"discard:{c}",
                    f"Discard {g.card_name(c)}",
                    [frame("discard_spell", p=seat, card=c), frame("enforce_limits", p=seat)],
                )
                for c in p.spells
            ],
        )
        return
    if len(p.objects) > stats.BASE_CAPACITY and len(p.objects) > stats.capacity(g, seat):
        g.decide(
            seat,
            "drop",
            "You are carrying too much: choose an Object to leave behind",
            [
                Choice(
                    f"drop:{c}",
                    f"Leave the {g.card_name(c)}",
                    [frames.drop(seat, c), frame("enforce_limits", p=seat)],
                )
                for c in p.objects
            ],
        )


@ENGINE.handler("discard_spell", args=frames.CardOf)
def _discard_spell(g: Game, a: frames.CardOf) -> None:
    cards.release(g, a["p"], a["card"])
    cards.discard(g, a["card"])
    g.say(f"{g.name(a['p'])} discards a Spell.", seat=a["p"])


@ENGINE.handler("drop", args=frames.CardOf)
def _drop(g: Game, a: frames.CardOf) -> None:
    if a["card"] in g.players[a["p"]].holdings():
        drop(g, a["p"], a["card"])


@ENGINE.handler("take", args=frames.CardOf)
def _take(g: Game, a: frames.CardOf) -> None:
    """Pick a card up from the character's space."""
    seat: int = a["p"]
    card = a["card"]
    space = g.players[seat].space
    if card in g.cards_on(space) and can_take(g, seat, card):
        cards.lift(g, card, space)
        give_item(g, seat, card)


class Swap(TypedDict):
    """Character ``p`` gives up the card ``out`` (-1: none) for the card ``into``."""

    p: int
    out: int
    into: int


@ENGINE.handler("swap", args=Swap)
def _swap(g: Game, a: Swap) -> None:
    """Exchange a carried Object with one on an Article (declared, as 000 asks)."""
    p = g.players[a["p"]]
    out, into = a["out"], a["into"]
    if out in p.objects and into in p.packed:
        p.objects[p.objects.index(out)] = into
        p.packed[p.packed.index(into)] = out
        stats.changed(g)
        g.say(
            f"{g.name(a['p'])} puts the {g.card_name(out)} on the Mule and takes out the {g.card_name(into)}.",
            seat=a["p"],
        )
    elif into in p.packed and len(p.objects) < stats.capacity(g, a["p"]):
        p.packed.remove(into)
        p.objects.append(into)
        stats.changed(g)


def unpack_option(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Free options to swap carried and transported Objects."""
    p = g.players[seat]
    opts = []
    for into in p.packed:
        if len(p.objects) < stats.capacity(g, seat):
            opts.append(
                Choice(
                    f"unpack:{into}",
                    f"Take the {g.card_name(into)} off the Mule",
                    [frame("swap", p=seat, out=-1, into=into), *back],
                    "free",
                )
            )
        else:
            for out in p.objects:
                opts.append(
                    Choice(
                        f"swap:{out}:{into}",
                        f"Swap the {g.card_name(out)} for the {g.card_name(into)} on the Mule",
                        [frame("swap", p=seat, out=out, into=into), *back],
                        "free",
                    )
                )
    return opts


def offer(g: Game, seat: int, card: int) -> None:
    """Give a card from a deck to a character; what it cannot keep stays on its space."""
    if can_take(g, seat, card):
        give_item(g, seat, card)
        return
    cards.place(g, card, g.players[seat].space)
    if permitted(g, seat, card) and not g.players[seat].toad:
        g.push("make_room", p=seat, card=card)
    else:
        g.say(f"{g.name(seat)} cannot keep the {g.card_name(card)}: it stays on the space.", seat=seat)
