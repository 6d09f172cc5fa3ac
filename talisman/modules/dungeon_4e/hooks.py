"""Dungeon spaces and cards whose rules the effect vocabulary cannot say: each
is named from the content (``{ hook = "name" }``) and lives here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.encounter import encounter_order
from talisman.engine.game import frame
from talisman.modules.dungeon_4e.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


def _space_of(g: Game, card: int) -> int | None:
    for space, held in g.board.items():
        if card in held:
            return space
    return None


# --- spaces ---------------------------------------------------------------------------


@MODULE.hook("summoning-circle")
def summoning_circle(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The nearest Enemy face up elsewhere in this Region comes here to be faced.
    Choice: nearest along the path; on a tie, the one nearer the Treasure Chamber;
    of several on that space, the first met there. With none, draw 1 card.

    One space: the nearest Enemy of the Region's ring is brought here."""
    here = g.players[seat].space
    region = g.rules.spaces[here].region
    ring = [g.rules.space_index[s] for s in g.rules.regions[region].ring]
    pos = {s: i for i, s in enumerate(ring)}
    found = [
        (abs(pos[s] - pos[here]), -pos[s], s)
        for s in g.board
        if s in pos and s != here and any(g.rules.instances[c].type == "enemy" for c in g.cards_on(s))
    ]
    if not found:
        g.say(f"Nothing answers the Summoning Circle: {g.name(seat)} draws a card.", seat=seat)
        g.push_frame(frames.draw_cards(seat, 1))
        return
    source = min(found)[2]
    card = next(c for c in encounter_order(g, source) if g.rules.instances[c].type == "enemy")
    cards.lift(g, card, source)
    cards.place(g, card, here)
    g.say(f"The Summoning Circle calls the {g.card_name(card)} from the {g.space_name(source)}.", seat=seat)


# --- events -----------------------------------------------------------------------------


@MODULE.hook("join-as-follower")
def join_as_follower(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The card met becomes a Follower: the Lone Dwarf (unless no Follower may
    join), the Spirit of Vengeance (it clings, whatever the character's state)."""
    card = ctx["src"]
    p = g.players[seat]
    if "passes-on" not in g.rules.instances[card].traits and (p.toad or stats.has_trait(g, seat, "no-followers")):
        g.say(f"The {g.card_name(card)} cannot join {g.name(seat)}.", seat=seat)
        return
    space = _space_of(g, card)
    if space is not None:
        cards.lift(g, card, space)
    else:
        g.discards[g.rules.instances[card].deck].remove(card)
    cards.receive(g, seat, card, "followers")
    g.say(f"The {g.card_name(card)} joins {g.name(seat)} as a Follower.", type="gain", seat=seat)


# --- enemies ------------------------------------------------------------------------------


@MODULE.hook("tinker-imp")
def tinker_imp(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Before the fight the Imp drops one of your Objects (at random) a die roll of spaces clockwise.

    One card: an Object is dropped a die roll of spaces clockwise."""
    p = g.players[seat]
    if not p.objects:
        return
    card = p.objects[g.rng.below(len(p.objects))]
    steps, _ = g.roll_dice("D6", seat)
    pos = p.space
    for _ in range(steps):
        nxt = g.rules.cw[pos]
        if nxt < 0:
            break
        pos = nxt
    cards.release(g, seat, card)
    cards.place(g, card, pos)
    possessions.settle_packs(g, seat)
    g.say(
        f"The Tinker Imp snatches {g.name(seat)}'s {g.card_name(card)} and drops it on the {g.space_name(pos)} "
        f"(rolled {steps}).",
        seat=seat,
    )


# --- strangers -----------------------------------------------------------------------------


@MODULE.hook("dungeon-keeper")
def dungeon_keeper(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """He locks up all your Followers (not those that cling to you); buy any he
    holds back at 1 gold each; he leaves when he holds none.

    One card: the Keeper holds Followers on himself and sells them back one by one."""
    keeper = ctx["src"]
    p = g.players[seat]
    taken = [f for f in p.followers if not g.rules.instances[f].must_take]
    for f in taken:
        cards.release(g, seat, f)
        cards.hold(g, f"card:{keeper}", f)
    if taken:
        g.say(f"The Dungeon Keeper locks up {g.name(seat)}'s {', '.join(g.card_name(f) for f in taken)}.", seat=seat)
        possessions.settle_packs(g, seat)
    g.push("keeper_buy", p=seat, keeper=keeper)


class Keeper(TypedDict):
    """Character ``p`` deals with the Dungeon Keeper ``keeper`` (a card)."""

    p: int
    keeper: int


@MODULE.handler("keeper_buy", args=Keeper)
def _keeper_buy(g: Game, a: Keeper) -> None:
    seat, keeper = a["p"], a["keeper"]
    p = g.players[seat]
    held = cards.held_by(g, f"card:{keeper}")
    offers = [
        Choice(
            f"buy:{f}",
            f"Buy back the {g.card_name(f)} for 1 gold",
            [frame("keeper_sell", p=seat, keeper=keeper, card=f), frame("keeper_buy", p=seat, keeper=keeper)],
        )
        for f in held
        if p.gold >= 1 and possessions.can_take(g, seat, f)
    ]
    if offers:
        g.decide(
            seat,
            "keeper",
            "The Dungeon Keeper will sell his prisoners.",
            [Choice("done", "Buy no more", [frame("keeper_leaves", keeper=keeper)]), *offers],
            confirm=True,
        )
    else:
        g.push("keeper_leaves", keeper=keeper)


class KeeperSell(Keeper):
    """Character ``p`` sells the Dungeon Keeper ``keeper`` the card ``card``."""

    card: int


@MODULE.handler("keeper_sell", args=KeeperSell)
def _keeper_sell(g: Game, a: KeeperSell) -> None:
    seat, card = a["p"], a["card"]
    g.players[seat].gold -= 1
    cards.unhold(g, f"card:{a['keeper']}", card)
    possessions.give_item(g, seat, card)


class KeeperLeaves(TypedDict):
    """The Dungeon Keeper ``keeper`` (a card) leaves."""

    keeper: int


@MODULE.handler("keeper_leaves", args=KeeperLeaves)
def _keeper_leaves(g: Game, a: KeeperLeaves) -> None:
    keeper = a["keeper"]
    space = _space_of(g, keeper)
    if space is not None and not cards.held_by(g, f"card:{keeper}"):
        cards.lift(g, keeper, space)
        cards.discard(g, keeper)
        g.say("The Dungeon Keeper, holding no one, goes away.")


# --- places --------------------------------------------------------------------------------
