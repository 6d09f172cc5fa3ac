"""Determinisation: a copy of the game as one seat might imagine it.

Search bots must not plan on what their seat cannot know (the order of the
decks, the Spells and Scrolls in another character's hand, the dice to
come). :func:`determinise` makes a :meth:`~talisman.engine.game.Game.clone`
in which all of that is drawn again at random, consistently with what the
seat sees: every shuffled deck is reshuffled; each card hidden in another
character's hand is exchanged, with the decks, for a card of the same deck
and type that the seat has not seen; the random source is reseeded. This is
the sampling step of Information-Set Monte Carlo tree search (OpenSpiel's
``resample_from_infostate``, TAG's ``copy(playerId)``).

Discard piles are face up in the game, so their contents are kept. Stock
decks (Purchase, Talisman) are searched by name, so their order is moot.

>>> import random
>>> from talisman import Game
>>> g = Game.new(["wizard", "warrior"], seed=3)
>>> w = determinise(g, 1, random.Random(0))
>>> sorted(w.players[0].spells) == sorted(g.players[0].spells)   # the Wizard's hand: hidden from seat 1
False
>>> w.players[1].spells == g.players[1].spells and len(w.players[0].spells) == len(g.players[0].spells)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from talisman.engine import stats
from talisman.engine.rng import Rng

if TYPE_CHECKING:
    from talisman.engine.game import Game

# How a game of its own on the engine (a module's ``game``) draws its hidden information again:
# ``sampler(game, seat, rng) -> world``, registered by that game's search (see ``GameView``).
SAMPLERS: Final[dict[str, Callable[[Game, int | None, random.Random], Game]]] = {}


def hidden_from(g: Game, seat: int | None) -> list[tuple[int, str, int]]:
    """The cards held by others that ``seat`` cannot see: ``(owner, holding, index)``."""
    out = []
    sees_spells = seat is not None and stats.has_trait(g, seat, "see-spells")
    sees_scrolls = seat is not None and stats.has_trait(g, seat, "see-scrolls")
    for p in g.players:
        if g.controller(p.seat) == seat:
            continue  # the seat's own characters (a second body too) hide nothing from it
        if not sees_spells:
            out += [(p.seat, "spells", i) for i in range(len(p.spells))]
        if not sees_scrolls:
            out += [(p.seat, "cards", i) for i, c in enumerate(p.cards) if g.rules.instances[c].type == "scroll"]
    return out


def determinise(g: Game, seat: int | None, rng: random.Random) -> Game:
    """A clone of ``g`` with everything ``seat`` cannot see drawn again from ``rng``."""
    w = g.clone()
    rules = w.rules
    w.rng = Rng(rng.getrandbits(64))
    # Pool each hidden held card with the deck cards of the same deck and type.
    slots: dict[tuple[str, str], list[tuple[int, str, int]]] = {}
    for owner, holding, i in hidden_from(w, seat):
        c = rules.instances[getattr(w.players[owner], holding)[i]]
        slots.setdefault((c.deck, c.type), []).append((owner, holding, i))
    for (deck, ctype), held in slots.items():
        pile = w.decks.get(deck, [])
        in_deck = [i for i, c in enumerate(pile) if rules.instances[c].type == ctype]
        pool = [getattr(w.players[o], h)[i] for o, h, i in held] + [pile[i] for i in in_deck]
        rng.shuffle(pool)
        for (o, h, i), card in zip(held, pool):
            getattr(w.players[o], h)[i] = card
        for i, card in zip(in_deck, pool[len(held) :]):
            pile[i] = card
    for name, pile in w.decks.items():
        if rules.deck_info[name].get("shuffled", True):
            rng.shuffle(pile)
    return w
