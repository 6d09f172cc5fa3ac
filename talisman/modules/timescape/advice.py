"""The rule-aware bot's knowledge of 000's Talisman Timescape (module ``timescape``).

It asks the Mystic (or the Enchantress, or the Warlock when it already has his quest) for the
way in only when strong and healthy and without a Talisman: the Aliens reach Strength 8, the
Warp Demon 12, and the Sentinels' prison holds the weak for long. Inside, the warp lines choose
for it; it follows the Warp Belt's Red line when that leads home (the Vortex, the Space Port)
once it wants out, fights the Warp Demon in its better attribute, pays the Sentinels' fine,
heals with the Robo-Doc when wounded and buys what it can use from the Rogue Trader, takes the
best card at the Nexus, and takes a way home (the Space Port's passage, a Gateway) once wounded
or grown strong enough for the Crown.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.content.model import CardDef
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import battle_strength

ADVICE: Final = Advice("timescape")
REGION: Final = "timescape"
HOME: Final = ("vortex", "space-port")  # the realities that lead out
READY: Final = 7  # Strength or Craft to dare the Timescape's Aliens
GROWN: Final = 10  # strong enough to go home and make for the Crown
# what the Rogue Trader sells, in the order the bot wants it
WARES: Final = ("Force Field", "Power Sword", "Psi-Amplifier", "Chameleon Suit", "Warp Belt")
VALUE: Final = {"object": 3, "magic-object": 3, "follower": 2, "stranger": 1, "place": 1, "event": -1}


def wants_in(bot: HeuristicBot) -> bool:
    """Strong, healthy, without a Talisman (which calls it to the Crown) and not yet grown."""
    return READY <= bot.power < GROWN and bot.me["lives"] >= 4 and not bot.has("Talisman")


def wants_out(bot: HeuristicBot) -> bool:
    return bool(bot.me["lives"] <= 2 or bot.power >= GROWN)


@ADVICE.on("encounter-instead")
def _seek(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Village or at the Warlock's: ask for the way in?"""
    if bot.offered("timescape:mystic") and wants_in(bot):
        return "timescape:mystic"
    if bot.offered("timescape:warlock") and wants_in(bot) and "quest" in bot.me["status"]:
        return "timescape:warlock"
    return None


@ADVICE.answer("choose", order=10)
def _warp_gate(bot: HeuristicBot, d: Decision) -> str | None:
    """The City's Enchantress opens the way to the Timescape."""
    return "warp-gate" if bot.offered("warp-gate") and wants_in(bot) else None


def _worth(bot: HeuristicBot, card: CardDef) -> float:
    if card.is_enemy:
        mine = bot.me["craft"] if card.craft and not card.strength else battle_strength(bot)
        return 2.0 if mine >= max(card.strength, card.craft) + 2 else -3.0
    return float(VALUE.get(card.type, 0))


@ADVICE.answer("turn", order=30)
def _warp(bot: HeuristicBot, d: Decision) -> str | None:
    """The warp lines choose; the Warp Belt's Red line is taken when it leads home and the bot wants out."""
    if not bot.offered("warp"):
        return None
    if bot.offered("warp:red") and wants_out(bot):
        red = bot.rules.space(bot.here())
        for ln in bot.rules.links:
            if ln.kind == "warp" and ln.name == "Red" and ln.a == red.id and ln.b in HOME:
                return "warp:red"
    return "warp"


@ADVICE.answer("timescape-fee", "timescape-null")
def _fee(bot: HeuristicBot, d: Decision) -> str:
    """Give the Warlock what adds least."""
    return min(d.options, key=lambda o: (sum(bot.card(o.card).bonus.values()), o.id)).id


@ADVICE.answer("timescape-fine")
def _fine(bot: HeuristicBot, d: Decision) -> str:
    return "pay" if bot.offered("pay") else "prison"


@ADVICE.answer("timescape-demon")
def _demon(bot: HeuristicBot, d: Decision) -> str:
    return "battle" if battle_strength(bot) >= bot.me["craft"] else "psychic"


@ADVICE.answer("timescape-nexus")
def _nexus(bot: HeuristicBot, d: Decision) -> str:
    return max(d.options, key=lambda o: (_worth(bot, bot.card(o.card)), o.id)).id


@ADVICE.answer("timescape-fortress")
def _fortress(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("robo-doc") and bot.me["lives"] < 4:
        return "robo-doc"
    return "rogue-trader" if bot.offered("rogue-trader") and bot.me["gold"] >= 3 else "nothing"


@ADVICE.answer("timescape-trader")
def _trader(bot: HeuristicBot, d: Decision) -> str:
    for name in WARES:
        if bot.offered(f"buy:{name}") and not bot.has(name):
            return f"buy:{name}"
    return "done"


@ADVICE.answer("timescape-port")
def _port(bot: HeuristicBot, d: Decision) -> str:
    """A way out: the passage home or a Gateway (to the City), once the bot wants out."""
    if wants_out(bot):
        for way in ("passage", "city", "tavern"):
            if bot.offered(way):
                return way
    return "nothing"


@ADVICE.answer("timescape-rift")
def _rift(bot: HeuristicBot, d: Decision) -> str:
    return "nothing"
