"""Scenario helpers for tests and tutorials: arrange a position, script the
dice, answer decisions by a piece of their label, and look at the result.

>>> s = Scenario(["warrior"]).at(0, "village").on_top("adventure", "Bear")
>>> s.dice(1).start().decision.kind    # the only option, rolling, is taken at once
'move'
>>> s.dice(6, 6).choose("move:fields-1").fight().player(0).trophies != []
True

Arranging moves cards between places with the engine's own helpers, so every
card stays in exactly one place.
"""

from __future__ import annotations

from typing import Any

from talisman.engine import cards
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.engine.player import Player


class Scenario:
    """A game set up for a test, before its first turn starts. Each arranging
    method tells the game it was changed by hand (``Game.touched``)."""

    def __init__(
        self,
        characters: list[str],
        seed: int = 0,
        fate: bool = False,
        modules: tuple[str, ...] = ("core",),
        tuning: dict[str, int] | None = None,
        **options: Any,
    ) -> None:
        opts = {"fate": fate, **{k.replace("_", "-"): v for k, v in options.items()}}
        self.game = Game.new(characters, options=opts, seed=seed, start=False, modules=modules, tuning=tuning)
        self.started = False

    # --- arranging -----------------------------------------------------------

    def at(self, seat: int, space: str) -> Scenario:
        self.game.touched()
        self.game.players[seat].space = self.game.rules.space_index[space]
        return self

    def set(self, seat: int, **values: Any) -> Scenario:
        """Set counters directly: ``set(0, strength=5, gold=3)``."""
        self.game.touched()
        for k, v in values.items():
            setattr(self.game.players[seat], k, v)
        return self

    def find(self, name: str, deck: str | None = None, skip: tuple[int, ...] = ()) -> int:
        """A card instance called ``name`` that is still in a deck or discard pile
        (and not one of ``skip``)."""
        g = self.game
        decks = [deck] if deck else list(g.decks)
        for d in decks:
            for pile in (g.decks[d], g.discards[d]):
                for c in reversed(pile):
                    if g.rules.instances[c].name == name and c not in skip:
                        return c
        raise LookupError(f"no {name!r} card left in the decks")

    def _unplace(self, card: int) -> None:
        g = self.game
        for pile in list(g.decks.values()) + list(g.discards.values()):
            if card in pile:
                pile.remove(card)
                return
        raise LookupError(f"card {card} is not in a deck")

    def _taken(self, names: tuple[str, ...], deck: str | None = None) -> list[int]:
        """A card called each of ``names``, found in the decks (``deck`` alone, when given) and taken out."""
        self.game.touched()
        out = []
        for name in names:
            card = self.find(name, deck)
            self._unplace(card)
            out.append(card)
        return out

    def give(self, seat: int, *names: str, deck: str | None = None) -> Scenario:
        """Hand cards to a character: Objects carried, Followers, Spells."""
        g = self.game
        p = g.players[seat]
        for card in self._taken(names, deck):
            kind = g.rules.instances[card].type
            held = {"follower": p.followers, "spell": p.spells, "scroll": p.cards, "ability": p.cards, "title": p.cards}
            held.get(kind, p.objects).append(card)
        return self

    def trophy(self, seat: int, *names: str) -> Scenario:
        self.game.players[seat].trophies.extend(self._taken(names))
        return self

    def put(self, space: str, *names: str) -> Scenario:
        """Lay cards face up on a space."""
        for card in self._taken(names):
            cards.place(self.game, card, self.game.rules.space_index[space])
        return self

    def on_top(self, deck: str, *names: str) -> Scenario:
        """Put cards on top of a deck: the first name is drawn first."""
        self.game.touched()
        stacked: tuple[int, ...] = ()
        for name in reversed(names):
            card = self.find(name, deck, skip=stacked)
            self._unplace(card)
            self.game.decks[deck].append(card)
            stacked += (card,)
        return self

    def no_spells(self) -> Scenario:
        """Take away every character's starting Spells (back to the deck)."""
        self.game.touched()
        for p in self.game.players:
            for c in p.spells:
                self.game.decks["spell"].insert(0, c)
            p.spells.clear()
        return self

    def dice(self, *values: int) -> Scenario:
        self.game.script_dice(values)
        return self

    # --- playing ---------------------------------------------------------------

    def start(self) -> Scenario:
        if not self.started:
            self.started = True
            self.game.advance()
        return self

    def options(self) -> list[str]:
        return self.game.legal_ids()

    def labels(self) -> list[str]:
        d = self.game.decision
        return [o.label for o in d.options] if d else []

    def choose(self, key: str) -> Scenario:
        """Answer the pending decision: an exact option id, else the one option
        whose id or label contains ``key``."""
        self.start()
        d = self.game.decision
        if d is None:
            raise AssertionError("no decision is pending")
        if key in d.ids:
            self.game.apply(key)
            return self
        hits = [o for o in d.options if key in o.id or key.lower() in o.label.lower()]
        if len(hits) != 1:
            raise AssertionError(
                f"{key!r} matches {len(hits)} options of {d.kind!r}: {[(o.id, o.label) for o in d.options]}"
            )
        self.game.apply(hits[0].id)
        return self

    def move_to(self, space: str, roll: int) -> Scenario:
        """Roll ``roll`` for movement and move to ``space``."""
        self.dice(roll).choose("roll")
        return self.choose(f"move:{space}")

    @property
    def kind(self) -> str | None:
        """The kind of the pending decision (None when there is none)."""
        return self.game.decision.kind if self.game.decision else None

    def arrive(self, space: str, roll: int, *dice: int) -> Scenario:
        """Start the turn, roll ``roll`` and move to ``space``; ``dice`` are scripted for what follows."""
        self.dice(roll, *dice).start()
        if self.kind == "turn":
            self.choose("roll")
        return self.choose(f"move:{space}")

    def fight(self) -> Scenario:
        """Choose to fight when there are other choices (taming, evading, Spells...)."""
        return self.choose("fight") if self.kind == "combat" else self

    # --- looking -----------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    def player(self, seat: int = 0) -> Player:
        return self.game.players[seat]

    def names(self, cards_: list[int]) -> list[str]:
        return [self.game.card_name(c) for c in cards_]

    def on_space(self, space: str) -> list[str]:
        return self.names(self.game.cards_on(self.game.rules.space_index[space]))

    def space_of(self, seat: int = 0) -> str:
        return self.game.rules.spaces[self.game.players[seat].space].id

    def log(self) -> str:
        return "\n".join(e.text for e in self.game.events)

    def end_turn(self) -> Scenario:
        """Answer 'end the turn' if the turn-end question is pending."""
        d = self.game.decision
        if d is not None and d.kind == "end-turn":
            self.game.apply("end")
        return self
