"""Standing answers: questions a player has answered once and for all.

A seat may hold standing answers (names from :data:`STANDING_ANSWERS`); a front
end (the web server, the terminal game) then answers the decisions they cover
for it, at once, with the option that declines, and records that answer as a
move like any other. The engine itself never reads them: a game is the same
game whoever answered its questions, so saves and replays need not know.

A person begins with :data:`NEW_PLAYER` (only real questions, no choice taken
away): a Fate reroll is offered beside the die for a few seconds and does not
stop the game (:func:`beside_the_die`: the front end keeps the roll when the
time is up), and in another player's turn only the Spells made for that moment
are offered (Immobility), not those the seat may cast in its own turn as well.
Each can be turned off.

>>> from talisman.engine.game import Game
>>> g = Game.new(["warrior", "wizard"], seed=7)
>>> g.decision.kind, standing_answer(g, {"no-fate"}), standing_answer(g, set())  # a movement roll of 6
('fate', 'keep', None)
>>> beside_the_die(g, NEW_PLAYER), beside_the_die(g, {"no-fate", "fate-beside-die"})
(True, False)
>>> check_answers(["no-fate", "no-fate"])
('no-fate',)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Final

from talisman.engine import spells
from talisman.errors import ConfigError

if TYPE_CHECKING:
    from talisman.engine.game import Game

STANDING_ANSWERS: Final[dict[str, str]] = {
    "no-fate": "Never ask me to reroll with Fate",
    "fate-beside-die": "Offer Fate rerolls beside the die for a few seconds, without stopping the game",
    "spells-own-turn": "Offer me Spells only in my own turn and when I am attacked",
    "spells-that-matter": "In another player's turn, offer me only the Spells made for that moment "
    "(such as Immobility), not those I may cast in my own turn too",
}
# What a person begins with, in both front ends (each can be turned off).
NEW_PLAYER: Final[tuple[str, ...]] = ("fate-beside-die", "spells-that-matter")
# How long a Fate reroll stays offered beside the die (``fate-beside-die``) before the roll is kept.
BESIDE_THE_DIE_SECONDS: Final = 4.0

# The option that lets the moment pass, by decision kind: a Fate reroll kept, no
# Spell cast, a Spell let be, a defeat or loss accepted, an attacker fought.
DECLINE: Final[dict[str, str]] = {
    "fate": "keep",
    "others-turn": "pass",
    "counterspell": "allow",
    "combat-magic": "ready",
    "defeat": "accept",
    "prevent-life-loss": "accept",
    "save-follower": "accept",
    "evade-ability": "allow",
    "defend": "defend",
    "lost-turn": "miss",
}


def check_answers(names: Iterable[str]) -> tuple[str, ...]:
    """The standing answers named, each once, in order; raises ConfigError for an unknown name."""
    out: list[str] = []
    for name in names:
        if name not in STANDING_ANSWERS:
            raise ConfigError(f"unknown standing answer {name!r} (known: {', '.join(STANDING_ANSWERS)})")
        if name not in out:
            out.append(name)
    return tuple(out)


def in_others_turn(g: Game) -> bool:
    """Is the pending decision asked of a seat in another player's turn?"""
    d = g.decision
    return d is not None and d.player != g.controller(g.active)


def decline(g: Game) -> str | None:
    """The option of the pending decision that lets the moment pass, if it has one."""
    d = g.decision
    if d is None:
        return None
    option = DECLINE.get(d.kind)
    return option if option is not None and d.option(option) is not None else None


def standing_answer(g: Game, answers: Collection[str]) -> str | None:
    """The option the seat's standing ``answers`` give for the pending decision,
    or None when the seat is to be asked.

    ``no-fate``: a Fate reroll (Twist of Fate included) is never taken.
    ``spells-own-turn``: in another player's turn, Spells are not cast at the
    start of that turn, nor cast to answer a Spell that is not aimed at the
    seat's own character; in a fight the seat is in they are still offered.
    ``spells-that-matter``: at the start of another player's turn the seat is
    asked only when it may cast a Spell made for that moment (one it may not
    cast at its own turn's start: Immobility); Healing, Nullify, Random wait
    for its own turn.
    """
    d = g.decision
    if d is None or not answers:
        return None
    if d.kind == "fate" and "no-fate" in answers:
        return decline(g)
    if d.kind == "others-turn" and "spells-that-matter" in answers and not _for_this_moment(g):
        return decline(g)
    if "spells-own-turn" in answers and in_others_turn(g):
        if d.kind == "others-turn":
            return decline(g)
        if d.kind == "counterspell" and spells.aimed_at(g) not in g.characters_of(d.player):
            return decline(g)
    return None


def beside_the_die(g: Game, answers: Collection[str]) -> bool:
    """Is the pending decision a Fate reroll the front end shows beside the die for
    :data:`BESIDE_THE_DIE_SECONDS`, keeping the roll when nobody takes it (``fate-beside-die``)?"""
    d = g.decision
    return (
        d is not None
        and d.kind == "fate"
        and "fate-beside-die" in answers
        and standing_answer(g, answers) is None
        and decline(g) is not None
    )


def _for_this_moment(g: Game) -> bool:
    """Does the Spell offer pending at another character's turn start hold a Spell made for
    that moment: one that may not be cast at its caster's own turn start (Immobility)?"""
    d = g.decision
    assert d is not None
    for o in d.options:
        if o.verb == "cast" and "turn-start" not in g.rules.instances[o.card].cast.get("when", ()):
            return True
    return False
