"""The rule-aware bot's knowledge of 000's Talisman Timescape (module ``timescape``).

It asks the Mystic (or the Enchantress, or the Warlock when it already has his quest) for the
way in only when strong and healthy and without a Talisman: the Aliens reach Strength 8, the
Warp Demon 12, and the Sentinels' prison holds the weak for long. Inside, the warp lines choose
for it; it follows the Warp Belt's Red line when that leads home (the Vortex, the Space Port)
once it wants out, fights the Warp Demon in its better attribute, pays the Sentinels' fine,
heals with the Robo-Doc when wounded and buys what it can use from the Rogue Trader, takes the
best card at the Nexus, and takes a way home (the Space Port's passage, a Gateway) once wounded
or grown strong enough for the Crown.

Its Spells it casts there at the start of its turn when wild magic leaves them worth more than
they risk (:func:`wild_worth`): a theft (Acquisition, Mesmerism) has no opposite, so at worst it
does nothing; Temporal Warp and Gold Dust win on average (a loss twice in eight, a gain five
times); Healing only with lives to spare for its reversal. Through a Dimensional Rift it meets a
character only to take something from it or beat it.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.content.model import CardDef
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import battle_strength
from talisman.modules.core.advice.fighting import worth_meeting

ADVICE: Final = Advice("timescape")
REGION: Final = "timescape"
HOME: Final = ("vortex", "space-port")  # the realities that lead out
READY: Final = 7  # Strength or Craft to dare the Timescape's Aliens
GROWN: Final = 10  # strong enough to go home and make for the Crown
# what the Rogue Trader sells, in the order the bot wants it
WARES: Final = ("Force Field", "Power Sword", "Psi-Amplifier", "Chameleon Suit", "Warp Belt")
VALUE: Final = {"object": 3, "magic-object": 3, "follower": 2, "stranger": 1, "place": 1, "event": -1}
# The Spells worth casting under wild magic (magic.py: a D8, 1-2 reversed, 3 nothing, 4 on a
# random character, 5-8 whole, kept or doubled), in the order the bot casts them. A theft has no
# opposite (reversed, it does nothing); a gain reversed is a loss of as much.
WILD_SPELLS: Final = ("Temporal Warp", "Acquisition", "Mesmerism", "Gold Dust", "Healing")


def sent_in(bot: HeuristicBot) -> bool:
    """Does a task send the bot to a reality of the Timescape (the Quest of a Lifetime's Space Fortress)?"""
    place = bot.value("errand")
    return bool(place) and bot.region(str(place)) == REGION


def wants_in(bot: HeuristicBot) -> bool:
    """Strong, healthy, without a Talisman (which calls it to the Crown) and not yet grown; or
    sent there by a task, when healthy."""
    if sent_in(bot):
        return bool(bot.me["lives"] >= 3)
    return READY <= bot.power < GROWN and bot.me["lives"] >= 4 and not bot.has("Talisman")


def wants_out(bot: HeuristicBot) -> bool:
    return bool(bot.me["lives"] <= 2 or bot.power >= GROWN and not sent_in(bot))


@ADVICE.on("way-to")
def _door(bot: HeuristicBot, place: str) -> str | None:
    """From outside, a reality of the Timescape is reached through the Village's Mystic (once a
    character), else through the Warlock, for his fee."""
    if bot.region(place) != REGION or bot.region(bot.here()) == REGION:
        return None
    return "warlocks-cave" if "mystic" in bot.me["status"].get("timescape-sent", ()) else "village"


@ADVICE.on("encounter-instead")
def _seek(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Village or at the Warlock's: ask for the way in?"""
    if bot.offered("timescape:mystic") and wants_in(bot):
        return "timescape:mystic"
    if bot.offered("timescape:warlock") and wants_in(bot) and ("quest" in bot.me["status"] or sent_in(bot)):
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


def wild_worth(bot: HeuristicBot, name: str, target: int | None) -> float:
    """What casting this Spell in the Timescape is worth (0: not worth it): a rival's gold and
    Objects for Acquisition, its Followers for Mesmerism; Healing only for the wounded with
    lives to lose should it be reversed (twice: 2 lives)."""
    if name in ("Temporal Warp", "Gold Dust"):
        return 1.0
    if name in ("Acquisition", "Mesmerism") and target is not None and target != bot.seat:
        other = bot.sheet(target)
        held = len(other["followers"]) if name == "Mesmerism" else other["gold"] + 2 * len(other["objects"])
        return float(held)
    if name == "Healing" and target == bot.seat:
        lives, start = bot.me["lives"], bot.rules.characters[bot.me["character"]].lives
        return 1.0 if lives >= 3 and lives < start else 0.0
    return 0.0


@ADVICE.answer("turn", order=85)
def _wild_magic(bot: HeuristicBot, d: Decision) -> str | None:
    """At the start of a turn in the Timescape: a Spell that wild magic leaves worth casting."""
    if bot.region(bot.here()) != REGION:
        return None
    worth: dict[str, tuple[int, float]] = {}  # option -> (the Spell's rank, its worth)
    for o in bot.options("cast"):
        name = bot.card(o.card).name
        target = o.args.get("target")
        value = wild_worth(bot, name, target if isinstance(target, int) else None) if name in WILD_SPELLS else 0
        if value > 0:
            worth[o.id] = (-WILD_SPELLS.index(name), value)
    return max(worth, key=lambda i: (worth[i], i)) if worth else None


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
    """Through a Rift, a character worth meeting (to beat, or to take from); else no one."""
    for o in bot.options("meet"):
        if worth_meeting(bot, bot.sheet(o.seat)):
            return o.id
    return "nothing"
