"""Where cards are: decks, discard piles, spaces and possessions.

Every card instance is in exactly one place at every moment; these helpers
move cards between places and never copy one. :func:`locations` lists every
place for the conservation check the tests run after every step.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from talisman.engine import stats
from talisman.engine.player import HOLDINGS

if TYPE_CHECKING:
    from talisman.engine.game import Game


def draw(g: Game, deck: str) -> int | None:
    """Take the top card of a deck, reshuffling its discards when it is empty."""
    pile = g.decks[deck]
    if not pile:
        discards = g.discards.get(deck)
        if not discards:
            return None
        pile.extend(discards)
        discards.clear()
        g.rng.shuffle(pile)
        g.say(f"The {g.rules.deck_info[deck]['name']} discards are shuffled into a new deck.", type="shuffle")
    return pile.pop()


def take_named(g: Game, deck: str, name: str) -> int | None:
    """Take a card called ``name`` out of a stock deck (Purchase, Talisman), if one is left."""
    pile = g.decks[deck]
    for i in range(len(pile) - 1, -1, -1):
        if g.rules.instances[pile[i]].name == name:
            return pile.pop(i)
    return None


def in_stock_with(g: Game, deck: str, trait: str) -> int | None:
    """The index in a stock deck of the topmost card with this trait (a Talisman), if one is left."""
    pile = g.decks[deck]
    for i in range(len(pile) - 1, -1, -1):
        if trait in g.rules.instances[pile[i]].traits:
            return i
    return None


def take_with(g: Game, deck: str, trait: str) -> int | None:
    """Take the topmost card with this trait out of a stock deck, if one is left."""
    i = in_stock_with(g, deck, trait)
    return None if i is None else g.decks[deck].pop(i)


def stock_has(g: Game, deck: str, name: str) -> bool:
    return any(g.rules.instances[c].name == name for c in g.decks[deck])


def discard(g: Game, card: int) -> None:
    """Put a card that has left play where it belongs: its discard pile, back
    into its stock for decks that are not shuffled (Purchase, Talisman), or out
    of the game for decks whose cards are lost when discarded (Treasure)."""
    deck = g.rules.instances[card].deck
    rule = g.rules.deck_info[deck].get("discard")
    if rule == "return":
        g.decks[deck].append(card)
    elif rule == "remove":
        remove(g, card)
    else:
        g.discards[deck].append(card)


def remove(g: Game, card: int, announce: bool = True) -> None:
    """Take a card out of the game for good (it is kept apart, never drawn again); ``announce``: say
    so in the log (a rule that tells it its own way does not)."""
    g.globals["removed"] = [*g.globals.get("removed", ()), card]
    if announce:
        g.say(f"The {g.card_name(card)} is removed from the game.")


def hold(g: Game, holder: str, card: int) -> None:
    """Put a card in the keeping of something on the board (``space:<index>``:
    a Follower locked in the Dungeon's Cell; ``card:<instance>``: the Dungeon
    Keeper's prisoners, the Spell in a Spell Ring). Such cards are not lying
    free on the board: only the rule that holds them lets them go."""
    held = g.globals.get("held", {})
    g.globals["held"] = {**held, holder: [*held.get(holder, ()), card]}


def held_by(g: Game, holder: str) -> list[int]:
    held: dict[str, list[int]] | None = g.globals.get("held")  # (typed: an ``Any``'s ``get`` is a method call)
    if not held:
        return []
    return list(held.get(holder, ()))


def unhold(g: Game, holder: str, card: int) -> None:
    """Take a card out of the keeping of ``holder`` (it must be there)."""
    held = dict(g.globals["held"])
    left = [c for c in held[holder] if c != card]
    if left:
        held[holder] = left
    else:
        del held[holder]
    if held:
        g.globals["held"] = held
    else:
        del g.globals["held"]


def place(g: Game, card: int, space: int) -> None:
    """Put a card face up on a space."""
    g.board.setdefault(space, []).append(card)


def lift(g: Game, card: int, space: int) -> None:
    """Take a card off a space (it must be there)."""
    cards = g.board[space]
    cards.remove(card)
    if not cards:
        del g.board[space]


def clear_space(g: Game, space: int) -> list[int]:
    """Discard every card lying on a space, and forget the gold dropped there (a place where
    nothing stays: the Catacombs' dark, Timescape's ring); the cards discarded, in the order
    they lay.

    >>> from talisman import Game
    >>> clear_space(Game.new(players=2, seed=0, log=False), 0)
    []
    """
    left = list(g.cards_on(space))
    for c in left:
        lift(g, c, space)
        discard(g, c)
    if space in g.gold_on:  # (a look rather than ``pop``, a method called by name in compiled code)
        del g.gold_on[space]
    return left


def release(g: Game, seat: int, card: int) -> None:
    """Take a card out of a character's possessions (it must be there)."""
    p = g.players[seat]
    for attr in HOLDINGS:
        held = getattr(p, attr)
        if card in held:
            held.remove(card)
            stats.changed(g, seat)
            return
    raise ValueError(f"{g.card_name(card)} is not held by seat {seat}")


def receive(g: Game, seat: int, card: int, holding: str) -> None:
    """Put a card into the character's ``holding`` (one of :data:`HOLDINGS`) as it is, nothing said
    and nothing checked: the counterpart of :func:`release` (a rule that gives with all the checks
    and messages calls :func:`talisman.engine.possessions.give_item`).

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> guide = g.rules.by_name["Guide"][0]
    >>> receive(g, 0, guide, "followers"); g.players[0].followers == [guide]
    True
    """
    if holding not in HOLDINGS:
        raise ValueError(f"{holding!r} is not a holding (one of {', '.join(HOLDINGS)})")
    getattr(g.players[seat], holding).append(card)
    stats.changed(g, seat)


def owner_of(g: Game, card: int) -> int | None:
    for p in g.players:
        for attr in HOLDINGS:
            if card in getattr(p, attr):
                return p.seat
    return None


def locations(g: Game) -> Counter[int]:
    """How many times each card instance appears anywhere (each must be 1)."""
    seen: Counter[int] = Counter()
    for pile in g.decks.values():
        seen.update(pile)
    for pile in g.discards.values():
        seen.update(pile)
    for cards in g.board.values():
        seen.update(cards)
    for p in g.players:
        for attr in HOLDINGS:
            seen.update(getattr(p, attr))
    for card in g.globals.get("in_play", ()):
        seen[card] += 1
    for realm in g.globals.get("realms", ()):
        seen.update(realm["cards"])
    seen.update(g.globals.get("removed", ()))
    for kept in g.globals.get("held", {}).values():
        seen.update(kept)
    return seen


def check_conservation(g: Game) -> None:
    """Raise AssertionError unless every card is in exactly one place."""
    seen = locations(g)
    total = len(g.rules.instances)
    wrong = {g.card_name(c): n for c, n in seen.items() if n != 1}
    missing = [g.card_name(c) for c in range(total) if c not in seen]
    if wrong or missing or len(seen) != total:
        raise AssertionError(f"card conservation broken: duplicated {wrong}, missing {missing}")


def board_deck(g: Game, space: int) -> str:
    """The deck a space draws from: its region's (Adventure cards on the main
    board, Dungeon cards in the Dungeon), unless a lasting effect swaps one deck
    for another for a while (``deck-swap:...`` globals: Dark Denizens)."""
    deck = g.rules.regions[g.rules.spaces[space].region].deck
    for key, val in g.globals.items():
        if key.startswith("deck-swap:") and val["from"] == deck:
            swapped: str = val["to"]
            return swapped
    return deck


def deck_here(g: Game, seat: int, deck: str) -> str:
    """The deck an effect that names ``deck`` draws from for this character:
    "Adventure cards" are the cards of the region it stands in (001: in the
    Dungeon, cards and abilities that say Adventure cards draw Dungeon cards)."""
    return board_deck(g, g.players[seat].space) if deck == "adventure" else deck
