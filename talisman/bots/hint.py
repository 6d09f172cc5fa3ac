"""A hint for a person: what the rule-aware bot would do at their seat's pending decision, and why.

The rule-aware bot (:class:`~talisman.bots.heuristic.HeuristicBot`) answers the decision from
what the seat may see (:func:`~talisman.bots.base.observe`), on a random source of its own,
seeded by what the seat sees of the moment: asking never changes the game, and the same moment
gives the same hint. The bot is a fresh one each time: what a bot playing the seat would keep
from one decision to the next (the City's errands run this visit) is not known to it.

The reason is one sentence, from what answered (:attr:`HeuristicBot.answered_by`):

- a module's answer to the decision's kind: its docstring's first sentence, a rule of thumb
  (for a move or a turn, with the place the bot is heading for); an answer without a
  docstring: a sentence from the decision's kind;
- no module's advice for the kind: the options played out on imagined copies of the game
  (:mod:`talisman.bots.outcome`), the best taken;
- a game of its own (Legendary Tales): its policy's reason (``policy.reason(decision)``), or
  a plain sentence.

>>> from talisman import Game
>>> g = Game.new(["troll", "elf"], seed=2)
>>> found = hint(g, g.decision.player)
>>> g.decision.option(found.option_id).label == found.label
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Final

from talisman.bots.base import observe
from talisman.bots.heuristic import FIRST, OUTCOME, POLICY, SLIP, HeuristicBot
from talisman.content.places import place_names
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.errors import GameOverError, OutOfTurnError

# The decisions of moving, where the reason names the place the bot heads for.
MOVING: Final = frozenset({"turn", "move", "teleport", "fly", "pick-roll"})
_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


@dataclass(frozen=True)
class Hint:
    """The option the rule-aware bot would take, its label, and why in a sentence."""

    option_id: str
    label: str
    reason: str


def hint(game: Game, seat: int) -> Hint:
    """What the rule-aware bot would answer to ``seat``'s pending decision, and why.

    Raises :class:`~talisman.errors.GameOverError` when the game is over and
    :class:`~talisman.errors.OutOfTurnError` when the pending decision is another seat's.

    >>> from talisman import Game
    >>> g = Game.new(["troll", "elf"], seed=2)
    >>> hint(g, 1 - g.decision.player)
    Traceback (most recent call last):
    ...
    talisman.errors.OutOfTurnError: seat 1 has no decision to make: the decision is seat 0's
    """
    d = game.decision
    if d is None:
        raise GameOverError("the game is over: there is nothing to choose")
    if d.player != seat:
        raise OutOfTurnError(f"seat {seat} has no decision to make: the decision is seat {d.player}'s")
    view = observe(game, seat)
    bot = HeuristicBot(random.Random(_seed(seat, game, d)))
    choice = bot.choose(view, d)
    option = d.option(choice)
    assert option is not None, "the rule-aware bot answers with an option offered"
    return Hint(choice, option.label, reason(bot, d))


def _seed(seat: int, game: Game, d: Decision) -> str:
    """The hint's random seed, from what the seat sees of the moment (never the game's dice)."""
    return f"hint {seat} {game.turn} {d.kind} {' '.join(d.ids)}"


def reason(bot: HeuristicBot, d: Decision) -> str:
    """Why ``bot`` answered ``d`` as it just did, in a sentence for a person."""
    source = bot.answered_by
    if source == POLICY:
        said = getattr(bot.policy, "reason", None)
        found = said(d) if callable(said) else None
        return first_sentence(found) if found else "It follows the party's plan for this adventure."
    if source == OUTCOME:
        if len([o for o in d.options if o.group == "main"]) == 1:
            return "It is the only option that moves the game on."
        return (
            "No rule of thumb covers this, so it played each option out on imagined copies of the game "
            "and took the one that ended best."
        )
    if source == FIRST or source == SLIP or not callable(source):
        return "Nothing in its advice fits this moment, so it takes the first option that moves the game on."
    doc = source.__doc__
    said = first_sentence(doc) if doc else f"That is its rule of thumb for {_words(d.kind)}."
    if d.kind in MOVING:
        said = f"{said[:-1]}; {_heading(bot)}."
    return said


def first_sentence(text: str) -> str:
    """The first sentence of a text, on one line, ending with its stop.

    >>> first_sentence('''Drop the least valuable Object
    ... when the new one is worth more. Else keep it.''')
    'Drop the least valuable Object when the new one is worth more.'
    """
    flat = " ".join(text.split())
    said = _SENTENCE_END.split(flat, maxsplit=1)[0]
    return said if said.endswith((".", "!", "?")) else f"{said}."


def _words(kind: str) -> str:
    """A decision's kind in words: ``city-tax-collector`` is "a question of the city tax collector"."""
    return f"a question of the {kind.replace('-', ' ')}"


def _heading(bot: HeuristicBot) -> str:
    """Where the bot is heading, named as a place."""
    aim = bot.aim()
    if not aim:
        return "the bot has no place to head for yet, and grows stronger on the way"
    names: dict[str, str] = place_names(bot.rules)
    return f"the bot is heading for the {names.get(aim, aim)}"
