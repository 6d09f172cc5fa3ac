"""How the heuristic bot plays 000's Talisman Timescape (module ``timescape``).

It asks the Mystic (or the Enchantress, or the Warlock when it already has his
quest) for the way in only when strong and healthy and without a Talisman: the
Aliens reach Strength 8, the Warp Demon 12, and the Sentinels' prison holds the
weak for long. Inside, the warp lines choose for it; it follows the Warp Belt's
Red line when that leads home (the Vortex, the Space Port) once it wants out,
fights the Warp Demon in its better attribute, pays the Sentinels' fine, heals
with the Robo-Doc when wounded and buys what it can use from the Rogue Trader,
takes the best card at the Nexus, and takes a way home (the Space Port's
passage, a Gateway) once wounded or grown strong enough for the Crown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from talisman.content.model import CardDef
from talisman.content.ruleset import Ruleset
from talisman.engine.decision import Decision

REGION = "timescape"
HOME = ("vortex", "space-port")  # the realities that lead out
READY = 7  # Strength or Craft to dare the Timescape's Aliens
GROWN = 10  # strong enough to go home and make for the Crown
# what the Rogue Trader sells, in the order the bot wants it
WARES = ("Force Field", "Power Sword", "Psi-Amplifier", "Chameleon Suit", "Warp Belt")
VALUE = {"object": 3, "magic-object": 3, "follower": 2, "stranger": 1, "place": 1, "event": -1}


class TimescapeBot(Protocol):
    """What the Timescape's rules read of the bot (the heuristic bot has it all)."""

    rules: Ruleset

    @property
    def me(self) -> Mapping[str, Any]: ...

    @property
    def power(self) -> int: ...

    def battle_strength(self) -> int: ...

    def here(self) -> str: ...

    def has(self, name: str) -> bool: ...

    def card(self, cid: int) -> CardDef: ...


def inside(bot: TimescapeBot) -> bool:
    return bot.rules.space(bot.here()).region == REGION


def wants_in(bot: TimescapeBot) -> bool:
    """Strong, healthy, without a Talisman (which calls it to the Crown) and not yet grown."""
    me = bot.me
    return READY <= bot.power < GROWN and me["lives"] >= 4 and not bot.has("Talisman")


def wants_out(bot: TimescapeBot) -> bool:
    return bool(bot.me["lives"] <= 2 or bot.power >= GROWN)


def seek(bot: TimescapeBot, ids: list[str]) -> str | None:
    """On the Village or at the Warlock's: ask for the way in?"""
    if "timescape:mystic" in ids and wants_in(bot):
        return "timescape:mystic"
    if "timescape:warlock" in ids and wants_in(bot) and "quest" in bot.me["status"]:
        return "timescape:warlock"
    return None


def _worth(bot: TimescapeBot, card: CardDef) -> float:
    if card.is_enemy:
        mine = bot.me["craft"] if card.craft and not card.strength else bot.battle_strength()
        return 2.0 if mine >= max(card.strength, card.craft) + 2 else -3.0
    return float(VALUE.get(card.type, 0))


class TimescapeRules:
    """The bot's rules for the Timescape's own decisions (mixed into the heuristic bot)."""

    def timescape_turn(self: TimescapeBot, ids: list[str]) -> str:
        """The warp lines choose; the Warp Belt's Red line is taken when it leads home and the bot wants out."""
        if "warp:red" in ids and wants_out(self):
            red = self.rules.space(self.here())
            for ln in self.rules.links:
                if ln.kind == "warp" and ln.name == "Red" and ln.a == red.id and ln.b in HOME:
                    return "warp:red"
        return "warp"

    def on_timescape_fee(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        """Give the Warlock what adds least."""
        return min(ids, key=lambda i: (sum(self.card(int(i.split(":")[1])).bonus.values()), i))

    on_timescape_null = on_timescape_fee

    def on_timescape_fine(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        return "pay" if "pay" in ids else "prison"

    def on_timescape_demon(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        return "battle" if self.battle_strength() >= self.me["craft"] else "psychic"

    def on_timescape_nexus(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        return max(ids, key=lambda i: (_worth(self, self.card(int(i.split(":")[1]))), i))

    def on_timescape_fortress(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        if "robo-doc" in ids and self.me["lives"] < 4:
            return "robo-doc"
        return "rogue-trader" if "rogue-trader" in ids and self.me["gold"] >= 3 else "nothing"

    def on_timescape_trader(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        for name in WARES:
            if f"buy:{name}" in ids and not self.has(name):
                return f"buy:{name}"
        return "done"

    def on_timescape_port(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        """A way out: the passage home or a Gateway (to the City), once the bot wants out."""
        if wants_out(self):
            for way in ("passage", "city", "tavern"):
                if way in ids:
                    return way
        return "nothing"

    def on_timescape_rift(self: TimescapeBot, d: Decision, ids: list[str]) -> str:
        return "nothing"
