"""The rule-aware bot's knowledge of Airships: it claims every one it can, flies instead of
rolling, and steps down in the Middle Region (or near the place) when heading where no ship goes,
now and then when it has nowhere to go, and when its ship only shuttles between the same spaces;
it fires on another ship when its own outguns it."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import target
from talisman.modules.core.advice.moving import walked

ADVICE: Final = Advice("airships")
SKY: Final = ("outer", "middle")  # where an Airship flies
# Times back on the same space in the bot's last moves that make it step down: a Condor of one space
# a turn shuttled a weak Dragon Slayer between the Woods and the Plains for 400 turns (it would not
# fly on past a foe on the next Plains, nor did its walking distances know the ship's way).
SHUTTLED: Final = 3


@ADVICE.answer("turn", order=40)
def _aboard(bot: HeuristicBot, d: Decision) -> str | None:
    """Aboard an Airship: fly, but step down to walk where no ship goes (through the Portal of Power,
    into the Inner Region, down a Dungeon), once in the Middle Region or near the place."""
    if not bot.offered("fly"):
        return None
    aim = target(bot)
    walk = aim == "portal-of-power" or (aim != "" and bot.region(aim) not in SKY)
    if walk and (bot.region(bot.here()) == "middle" or bot.distance(bot.here(), aim) <= 2):
        return "disembark"
    if aim in ("", bot.here()) and bot.rng.random() < 0.25:
        return "disembark"  # with nowhere to go, a ship only shuttles between the best spaces near it
    if walked(bot).count(bot.here()) >= SHUTTLED:
        return "disembark"  # held between two spaces (a slow ship, a danger on the one way on): a die's roll goes past
    return "fly"


ADVICE.always("claim", "airship-claim", why="A free Airship is always worth claiming.")


@ADVICE.answer("airship-crew")
def _crew(bot: HeuristicBot, d: Decision) -> str:
    """Too many for the ship: leave behind the Follower that adds least."""
    return min(d.options, key=lambda o: (sum(bot.card(o.card).bonus.values()), o.id)).id


def gun(bot: HeuristicBot, ship: int) -> tuple[float, int]:
    """A ship's firepower and hull: the mean of its Strength die (or its fixed Strength), its Hit Points new."""
    traits = dict(t.split(":", 1) for t in bot.card(ship).traits if ":" in t)
    strength = traits.get("ship-strength", "0")
    shot = float(strength) if strength.isdigit() else (int(strength.lstrip("D")) + 1) / 2
    return shot, int(traits.get("ship-hull", "0"))


@ADVICE.answer("meet", order=1)
def _broadside(bot: HeuristicBot, d: Decision) -> str | None:
    """Ship against ship: fire when the bot's ship outguns the other's (a stronger shot, a hull as
    strong or stronger), before any attack: each round tells more on their hull than on its own,
    and a ship destroyed costs its captain a life, its animals and most of its Followers."""
    for o in bot.options("broadside"):
        (shot, hull), (their_shot, their_hull) = gun(bot, o.arg_int("own")), gun(bot, o.card)
        if shot > their_shot and hull >= their_hull:
            return o.id
    return None
