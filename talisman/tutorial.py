"""A guided first game: a short seeded game against one rule-aware bot, and a tip for each
step of play as it first comes (the goal, movement, an encounter, a fight, Fate, a Spell,
the Crown of Command), in the same words in both front ends.

:func:`tips_for` gives the tips a moment of the game calls for, the most pressing first; a
front end shows each one once (it remembers which it has shown) and, once all have been
shown, :data:`DONE`. The tutorial changes nothing in the rules: it is an ordinary game, with
its seat's Fate rerolls shown beside the die (the standing answers of a new player).

>>> g = tutorial_game()
>>> [t.key for t in tips_for(g, PERSON)]  # the first turn: what the game is about, then the Wizard's Spells
['goal', 'spell', 'movement']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from talisman.engine.game import Game

if TYPE_CHECKING:
    from talisman.engine.decision import Event

PERSON: Final = 0  # the seat of the person who learns
CHARACTERS: Final = ("wizard", "warrior")  # the person plays the Wizard (Spells from the start) against the Warrior
SEED: Final = 51  # played by the rule-aware bot, every step comes in the first three of the person's turns
BOT: Final = "heuristic"
CROWN_BY_TURN: Final = 12  # the Crown's tip comes by then, if the way there has not come up before


@dataclass(frozen=True)
class Tip:
    """One step of play explained: a short title and a few sentences."""

    key: str
    title: str
    text: str


TIPS: Final[dict[str, Tip]] = {
    t.key: t
    for t in (
        Tip(
            "goal",
            "What the game is about",
            "You are the Wizard, racing the Warrior to the Crown of Command in the middle of the board. "
            "Grow stronger on the way (Strength for battles, Craft for magic and psychic combat), "
            "keep your lives, and find a Talisman: without one nobody enters the Inner Region.",
        ),
        Tip(
            "movement",
            "Moving",
            "Each turn you roll the die and move that many spaces, clockwise or counter-clockwise, never turning "
            "back. The spaces you can reach are lit on the board: click one (or pick it from the list).",
        ),
        Tip(
            "encounter",
            "Encounters",
            "Where you stop you encounter the space: follow its text, or draw the Adventure cards it asks for. "
            "An Object or a Follower may be taken; a Stranger or a Place does what its card says. "
            "Hover over (or tap) a space or a card to read it.",
        ),
        Tip(
            "fight",
            "Fighting",
            "An Enemy attacks: you roll a die and add your Strength (your Craft against a spirit); it rolls and "
            "adds its own. Higher wins: you keep it as a trophy, and trophies buy Strength and Craft. Lower "
            "costs a life; a tie is a stand-off. You may evade some foes, or cast a Spell first.",
        ),
        Tip(
            "fate",
            "Fate",
            "Fate counters let you roll again when a roll went badly: the button beside the die stays for a few "
            "seconds, and if you let it be, the roll is kept and the game goes on. Fate comes back at the "
            "Graveyard for some, and from a few cards.",
        ),
        Tip(
            "spell",
            "Spells",
            "The Wizard begins with Spells. Each says when it may be cast (the start of your turn, a fight, "
            "another's turn...); it is offered only where it could change something, and once cast it is gone. "
            "Your Craft sets how many Spells you may hold.",
        ),
        Tip(
            "crown",
            "The way to the Crown",
            "The Middle Region is harder, the Inner Region harder still. Cross the river at the Sentinel (a fight) "
            "or on a raft, get a Talisman (the Warlock's quests, some cards and spaces), then pass the Portal of "
            "Power and walk the Inner Region to the Crown, where the first to stand casts the Command Spell.",
        ),
    )
}
DONE: Final = Tip(
    "done",
    "That is the tutorial",
    "You have met every step of a turn. Play this game on to its end, or start a game of your own: "
    "more characters, more players and bots, the expansions.",
)
ORDER: Final = ("goal", "fate", "fight", "spell", "encounter", "crown", "movement")  # the most pressing first


def tutorial_game(log: bool = True) -> Game:
    """The tutorial's game: the person's Wizard against the Warrior, from its seed."""
    return Game.new(list(CHARACTERS), seed=SEED, log=log)


def tips_for(g: Game, seat: int, recent: list[Event] | None = None) -> list[Tip]:
    """The tips this moment of the game calls for, for the person of ``seat``, the most pressing
    first: its pending decision and what just happened to it (``recent``: the events since it was
    last asked; the last dozen when not given). A front end shows the first it has not shown yet."""
    d = g.decision
    if g.result is not None or d is None or d.player != seat:
        return []
    mine = set(g.characters_of(seat))
    events = recent if recent is not None else g.events[-12:]
    happened = {e.type for e in events if e.seat in mine}
    found: set[str] = set()
    if g.turn <= 1:
        found.add("goal")
    if d.kind == "fate":
        found.add("fate")
    if d.kind in ("combat", "combat-magic", "evade") or happened & {"combat", "combat-result", "attack"}:
        found.add("fight")
    verbs = {o.verb for o in d.options}
    if "cast" in verbs:
        found.add("spell")
    if d.kind in ("encounter", "take", "choose", "shop") or "draw" in happened:
        found.add("encounter")
    if d.kind in ("turn", "move") and verbs & {"roll", "move"}:
        found.add("movement")
    me = g.players[d.character if d.character is not None else seat]
    talisman = any(g.rules.instances[c].name == "Talisman" for c in me.objects)
    if talisman or g.rules.spaces[me.space].region != "outer" or g.turn >= CROWN_BY_TURN:
        found.add("crown")
    return [TIPS[k] for k in ORDER if k in found]


def next_tip(g: Game, seat: int, shown: set[str], recent: list[Event] | None = None) -> Tip | None:
    """The tip to show now, given those ``shown`` already (it is added to them); :data:`DONE`
    once, after all were shown; None when nothing new is called for."""
    for tip in tips_for(g, seat, recent):
        if tip.key not in shown:
            shown.add(tip.key)
            return tip
    if set(TIPS) <= shown and DONE.key not in shown:
        shown.add(DONE.key)
        return DONE
    return None
