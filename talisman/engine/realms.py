"""Noblemen and their Realms (000 "Noblemen", "Realms").

A character who becomes Entitled takes a Title card at random (it grants the
Title's abilities as traits) and at once lays its Realm on an unoccupied
space. Any other character who lands on or passes over a Realm leaves a
tithe there: 1 gold, or an Object of its choice. The Noble collects what lies
on the Realm only by landing on or passing over it himself.

Choices where 000 is unclear: "an unoccupied, non-permanent location" is read
as a space of the Outer or Middle Region with no character and no other Realm
on it; "anything else agreed with the owner" is not offered (a digital game
cannot negotiate); a character with neither gold nor Objects pays nothing; a
Realm falls (its tithes stay with it, face up on the space) when its Noble dies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.engine.possessions import offer

if TYPE_CHECKING:
    from talisman.engine.game import Game


def realm_at(g: Game, space: int) -> dict[str, Any] | None:
    realm: dict[str, Any]
    for realm in g.globals.get("realms", ()):
        if realm["space"] == space:
            return realm
    return None


def _replace(g: Game, space: int, new: dict[str, Any] | None) -> None:
    """Realms are replaced, never changed in place (copies share the old list)."""
    kept = [r for r in g.globals.get("realms", ()) if r["space"] != space]
    if new is not None:
        kept.append(new)
    if kept:
        g.globals["realms"] = kept
    else:
        g.globals.pop("realms", None)


def entitle(g: Game, seat: int) -> None:
    """Take a random Title and lay its Realm."""
    if "title" not in g.decks:
        g.say("There are no Titles in this game.", seat=seat)
        return
    card = cards.draw(g, "title")
    if card is None:
        g.say("No Title is left to grant.", seat=seat)
        return
    cards.receive(g, seat, card, "cards")
    g.say(f"{g.name(seat)} is Entitled: {g.card_name(card)}.", type="title", seat=seat)
    occupied = {p.space for p in g.players if p.alive}
    free = [
        s
        for s in g.rules.spaces
        if s.region in ("outer", "middle") and s.index not in occupied and realm_at(g, s.index) is None
    ]
    g.decide(
        seat,
        "realm",
        f"Where do you lay the Realm of the {g.card_name(card)}?",
        [
            Choice(f"realm:{s.id}", f"The {s.name} ({s.id})", [frame("lay_realm", p=seat, title=card, space=s.index)])
            for s in free
        ],
    )


class LayRealm(TypedDict):
    """Character ``p`` lays the title card ``title`` on the space of index ``space``."""

    p: int
    title: int
    space: int


@ENGINE.handler("lay_realm", args=LayRealm)
def _lay_realm(g: Game, a: LayRealm) -> None:
    _replace(g, a["space"], {"space": a["space"], "owner": a["p"], "title": a["title"], "gold": 0, "cards": []})
    g.say(f"The Realm of the {g.card_name(a['title'])} is laid on the {g.space_name(a['space'])}.", seat=a["p"])


def visit(g: Game, seat: int, space: int) -> None:
    """A character lands on or passes over a space: pay a tithe, or collect them."""
    realm = realm_at(g, space)
    p = g.players[seat]
    if realm is None or not p.alive:
        return
    if realm["owner"] == seat:
        if realm["gold"] or realm["cards"]:
            g.push("collect_tithes", p=seat, space=space)
        return
    if p.toad:
        return
    options = []
    if p.gold:
        options.append(Choice("tithe:gold", "Leave 1 gold", [frame("tithe", p=seat, space=space, card=-1)]))
    for c in p.objects + p.packed:
        options.append(
            Choice(f"tithe:{c}", f"Leave the {g.card_name(c)}", [frame("tithe", p=seat, space=space, card=c)])
        )
    if options:
        g.decide(seat, "tithe", f"The Realm of the {g.card_name(realm['title'])}: leave a tithe.", options)
    else:
        g.say(f"{g.name(seat)} has nothing to leave at the Realm.", seat=seat)


@ENGINE.handler("tithe", args=frames.CardOn)
def _tithe(g: Game, a: frames.CardOn) -> None:
    seat: int = a["p"]
    card = a["card"]
    realm = realm_at(g, a["space"])
    p = g.players[seat]
    if realm is None:
        return
    if card == -1 and p.gold:
        p.gold -= 1
        _replace(g, a["space"], {**realm, "gold": realm["gold"] + 1})
        g.say(f"{g.name(seat)} leaves 1 gold at the Realm.", type="gold", seat=seat)
    elif card in p.holdings():
        cards.release(g, seat, card)
        _replace(g, a["space"], {**realm, "cards": [*realm["cards"], card]})
        g.say(f"{g.name(seat)} leaves the {g.card_name(card)} at the Realm.", seat=seat)


class CollectTithes(TypedDict):
    """Character ``p`` collects what was left at its Realm on ``space``."""

    p: int
    space: int


@ENGINE.handler("collect_tithes", args=CollectTithes)
def _collect(g: Game, a: CollectTithes) -> None:
    seat: int = a["p"]
    realm = realm_at(g, a["space"])
    if realm is None:
        return
    _replace(g, a["space"], {**realm, "gold": 0, "cards": []})
    g.players[seat].gold += realm["gold"]
    g.say(
        f"{g.name(seat)} collects the tithes of its Realm: {realm['gold']} gold"
        f"{' and ' + ', '.join(g.card_name(c) for c in realm['cards']) if realm['cards'] else ''}.",
        seat=seat,
    )
    for c in realm["cards"]:
        offer(g, seat, c)


def fall(g: Game, seat: int) -> None:
    """A dead Noble's Realms fall; what was left there lies on the space."""
    for realm in list(g.globals.get("realms", ())):
        if realm["owner"] == seat:
            _replace(g, realm["space"], None)
            for c in realm["cards"]:
                cards.place(g, c, realm["space"])
            if realm["gold"]:
                g.gold_on[realm["space"]] = g.gold_on.get(realm["space"], 0) + realm["gold"]
