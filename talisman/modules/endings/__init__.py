"""The Alternative Endings of 000 ("The Crown of Command Space").

The first character to enter the Crown of Command draws a card from the
Alternative Endings deck (``endings.toml``); it lies face up on the Crown and
rules every later arrival there. The option ``ending`` chooses instead one
ending for the whole game. Each ending has its own file: the Crown of
Command is the engine's (:mod:`talisman.engine.endings`), then
:mod:`.demon_lord`, :mod:`.pandora` (with :mod:`.arena`),
:mod:`.lord_of_chaos`, :mod:`.void` and :mod:`.dragon_king`; :mod:`.boss`
fights their lords and :mod:`.common` holds what they share.

The endings follow 000 where 004 tells them otherwise (the Demon Lord's
flight and barrier, the Dragon King's D8 and double fight, the Void's Warp
Gate). Choices: an ending that sends a character away does not oblige the
others on the Crown to fight it (only the Command Spell's does); a character
who comes back to the Crown meets the same ending again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.content.modules import OptionSpec
from talisman.engine import cards
from talisman.modules.endings import common, demon_lord, dragon_king, lord_of_chaos, pandora, void
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

RULES = {mod.NAME: mod for mod in (demon_lord, pandora, lord_of_chaos, void, dragon_king)}
COMMAND = "crown-of-command"


def ending_card(g: Game) -> int | None:
    """The Alternative Ending lying face up on the Crown, if one does."""
    for c in g.cards_on(common.crown(g)):
        if g.rules.instances[c].deck == "ending":
            return c
    return None


def current(g: Game) -> tuple[str, bool]:
    """The ending in force, turning its card face up if none lies on the Crown
    yet (drawn, or the one chosen for the game); True if it was just turned."""
    card = ending_card(g)
    if card is not None:
        return g.rules.instances[card].key, False
    chosen = g.options["ending"]
    if chosen == COMMAND or (chosen == void.NAME and g.globals.get(void.SPENT)):
        return COMMAND, False
    if chosen == "draw":
        card = cards.draw(g, "ending")
        if card is None:
            raise RuntimeError("no Alternative Ending left to draw")
    else:
        card = next(c for c in g.decks["ending"] if g.rules.instances[c].key == chosen)
        g.decks["ending"].remove(card)
    cards.place(g, card, common.crown(g))
    g.say(f"The Alternative Ending is turned face up: {g.card_name(card)}.", type="crown", card=g.card_name(card))
    return g.rules.instances[card].key, True


def reach(g: Game, seat: int) -> None:
    key, _ = current(g)
    if key == COMMAND:
        g.rules.endings[COMMAND].reach(g, seat)
        return
    RULES[key].reach(g, seat)
    if key == void.NAME:
        card = ending_card(g)
        assert card is not None  # current(g) turned it face up
        cards.lift(g, card, common.crown(g))
        cards.remove(g, card, announce=False)  # (the Void tells of it)


def turn_start(g: Game, seat: int) -> None:
    key, new = current(g)
    if new or key == void.NAME:
        reach(g, seat)  # nothing was face up: this character meets the ending now, as if arriving
    elif key == COMMAND:
        g.rules.endings[COMMAND].turn_start(g, seat)
    else:
        RULES[key].turn_start(g, seat)


CHOICES = ("draw", *RULES)
ENDING_NAMES = {
    demon_lord.NAME: "the Demon Lord",
    pandora.NAME: "Pandora's Box",
    lord_of_chaos.NAME: "the Lord of Chaos",
    void.NAME: "the Horrible Black Void",
    dragon_king.NAME: "the Dragon King",
}
for _name in CHOICES:
    MODULE.ending(_name, reach, turn_start)


@MODULE.ability("landed")
def remember_route(g: Game, seat: int) -> None:
    if common.in_game(g):
        common.track_route(g, seat)


MODULE.options["ending"] = OptionSpec(
    "draw",
    CHOICES,
    "With the endings module: draw (the first to reach the Crown draws "
    "an Alternative Ending), or one of them for the whole game.",
    extends=True,
    labels=(
        "Drawn at random on reaching the Crown",
        *(f"The same for the whole game: {ENDING_NAMES[name]}" for name in RULES),
    ),
)

__all__ = ["MODULE"]
