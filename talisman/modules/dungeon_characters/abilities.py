"""Abilities of the five Dungeon characters, at the engine's hook points
(:mod:`talisman.engine.abilities`), each found by its trait."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame, frame_of
from talisman.modules.dungeon_characters.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


# --- the Amazon: one more fight --------------------------------------------------------


@MODULE.ability("lost_fight")
def rematch(g: Game, seat: int, fight: dict[str, Any]) -> list[Choice]:
    """``rematch``: after a lost or drawn battle with creatures, fight once more."""
    if fight["mode"] != "strength" or fight.get("rematched") or not stats.has_trait(g, seat, "rematch"):
        return []
    fresh = {
        k: v for k, v in fight.items() if k not in ("faces", "enemy_roll", "outcome") and not k.startswith("rerolled_")
    }
    return [
        Choice(
            "rematch",
            "Fight once more (this result will stand)",
            [frame_of("combat_roll", {**fresh, "rematched": True})],
        )
    ]


# --- bonuses in a fight ------------------------------------------------------------------


@MODULE.ability("battle_bonus")
def fight_bonuses(g: Game, seat: int, fight: dict[str, Any]) -> int:
    """The Gladiator's crowd, the Swashbuckler's duels and gallantry."""
    if fight["mode"] != "strength":
        return 0
    helping = stats.followers_used(g, seat)  # (a suspended Follower cheers no one)
    bonus = stats.trait_value(g, seat, "battle-strength-per-follower") * len(helping)
    if "vs" in fight:
        bonus += stats.trait_value(g, seat, "duellist")
    if any(g.rules.instances[f].subtype == "maiden" for f in helping):
        bonus += stats.trait_value(g, seat, "gallant")
    return bonus


# --- the Errand Boy and the Urchins of the City ------------------------------------------------


@MODULE.ability("card")
def train_followers(g: Game, seat: int, card: int) -> list[Choice]:
    """``train:<name>``: such a card met may be taken as a Follower instead (the
    Gladiator trains the Errand Boy; the Orc tames a Wolf...)."""
    name = g.card_name(card)
    if not stats.has_trait(g, seat, f"train:{name}"):
        return []
    return [Choice("train", f"Take the {name} as your Follower", [frame("adopt_from_space", p=seat, card=card)])]


@MODULE.handler("adopt_from_space", args=frames.CardOf)
def _adopt_from_space(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    space = g.players[seat].space
    if card in g.cards_on(space):
        cards.lift(g, card, space)
        cards.receive(g, seat, card, "followers")
        possessions.on_follower_gained(g, seat, card)
        g.say(f"The {g.card_name(card)} now follows {g.name(seat)}.", type="gain", seat=seat)


# --- the Gypsy --------------------------------------------------------------------------------


@MODULE.ability("meet", traits="fortune-telling")
def tell_fortune(g: Game, seat: int, other: int) -> list[Choice]:
    if not stats.has_trait(g, seat, "fortune-telling"):
        return []
    return [Choice("fortune", f"Tell the {g.name(other)}'s fortune", [frame("fortune", p=seat, other=other)])]


@MODULE.ability("turn", traits="sell-spells")
def sell_spells(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if not stats.has_trait(g, seat, "sell-spells") or "sold-spell" in p.flags:
        return []
    return [
        Choice(
            f"sell-spell:{c}",
            f"Sell {g.card_name(c)} for 1 gold",
            [frames.flag(seat, "sold-spell"), frame("sell_spell", p=seat, card=c), *back],
            "free",
        )
        for c in p.spells
    ]


@MODULE.handler("sell_spell", args=frames.CardOf)
def _sell_spell(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    if card in g.players[seat].spells and possessions.sell(g, seat, card, 1):
        g.say(f"{g.name(seat)} sells a Spell for 1 gold.", type="gold", seat=seat)


@MODULE.handler("fortune", args=frames.Toward)
def _fortune(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    g.say(f"{g.name(seat)} tells the {g.name(other)}'s fortune.", seat=seat)
    g.push("peek", p=seat, deck="adventure")
    if g.players[other].gold:
        g.push_frame(frames.take_gold(seat, other, n=1))


class Peek(TypedDict):
    """Character ``p`` looks at the top card of ``deck``."""

    p: int
    deck: str


@MODULE.handler("peek", args=Peek)
def _peek(g: Game, a: Peek) -> None:
    """Look at the top card of a deck: only the looker learns it."""
    seat, deck = a["p"], a["deck"]
    pile = g.decks.get(deck) or []
    if not pile:
        g.say(f"{g.name(seat)} finds the {g.rules.deck_info[deck]['name']} deck empty.", seat=seat)
        return
    top = g.card_name(pile[-1])
    g.say(
        f"{g.name(seat)} sees the next {g.rules.deck_info[deck]['name']} card: {top}.",
        seat=seat,
        private=seat,
        public=f"{g.name(seat)} looks at the next {g.rules.deck_info[deck]['name']} card.",
    )


@MODULE.ability("scroll_read")
def claim_scroll(g: Game, reader: int, card: int) -> None:
    """000's Gypsy: holding no Scroll, she may claim one another character discards."""
    for p in g.players:
        if (
            p.seat != reader
            and p.alive
            and not p.toad
            and stats.has_trait(g, p.seat, "claim-scrolls")
            and not any(g.rules.instances[c].type == "scroll" for c in p.cards)
        ):
            g.push("claim_offer", p=p.seat, card=card)


@MODULE.handler("claim_offer", args=frames.CardOf)
def _claim_offer(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    g.offer(
        seat,
        "claim-scroll",
        f"The {g.card_name(card)} Scroll is discarded. Claim it?",
        Choice("claim", "Claim the Scroll", [frame("claim_scroll", p=seat, card=card)]),
        ("leave", "Leave it"),
    )


@MODULE.handler("claim_scroll", args=frames.CardOf)
def _claim_scroll(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    pile = g.discards[g.rules.instances[card].deck]
    if card in pile:
        pile.remove(card)
        possessions.keep_apart(g, seat, card)


# --- the Philosopher --------------------------------------------------------------------------


@MODULE.ability("turn", traits="foresight")
def foresight(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Look at the next card of the deck of the board the Philosopher is on (000)."""
    p = g.players[seat]
    if not stats.has_trait(g, seat, "foresight") or "foresight" in p.flags:
        return []
    from talisman.engine.cards import board_deck

    deck = board_deck(g, p.space)
    return [
        Choice(
            "foresight",
            f"Look at the next {g.rules.deck_info[deck]['name']} card",
            [frames.flag(seat, "foresight"), frame("peek", p=seat, deck=deck), *back],
            "free",
        )
    ]


@MODULE.ability("meet", traits="persuade")
def persuade(g: Game, seat: int, other: int) -> list[Choice]:
    if not stats.has_trait(g, seat, "persuade") or g.players[other].alignment == g.players[seat].alignment:
        return []
    return [
        Choice(
            "persuade",
            f"Argue the {g.name(other)} round to your way of thinking",
            [frame("persuade", p=seat, other=other)],
        )
    ]


@MODULE.handler("persuade", args=frames.Toward)
def _persuade(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    mine = g.rng.die(6) + stats.craft(g, seat)
    theirs = g.rng.die(6) + stats.craft(g, other)
    g.say(f"{g.name(seat)} argues ({mine}) with the {g.name(other)} ({theirs}).", type="roll", seat=seat)
    if mine > theirs:
        possessions.set_alignment(g, other, g.players[seat].alignment)
    else:
        g.say(f"The {g.name(other)} is not convinced.", seat=seat)
