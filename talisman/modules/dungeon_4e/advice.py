"""The rule-aware bot's knowledge of the 4th edition's Dungeon (001), beside the Dungeons'
shared knowledge (:mod:`talisman.modules.shared.dungeon_advice`): the Lord of Darkness fought
in the better attribute (the margin says where on his chart the character emerges: the Crown
itself at 8 or more), the most valuable Treasure, Rune Gates and the Trap Door toward the aim,
and the Treasure Chamber first when killing the Lord wins the game (001's alternative rules).
The Faithful Hound fights in the bot's place when it fights as well, or when a loss would cost
one of the bot's last lives; the Scroll of Exile banishes a foe the bot would likely lose to, and
the Weighted Dice give a fight it would lose by a die a 6, an Elixir a close one; the Gold Seeker
is cashed for its 3 gold at the Ruins, Bags of Gold at once, a Chest opened by a crafty bot; the
Amulet of Speed rolls a 1 again, or flies a 6 where the walks do not reach anything as good."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import score_space, target
from talisman.modules.core.advice.holdings import worst_card
from talisman.modules.core.advice.moving import roll_value, teleport
from talisman.modules.shared.dungeon_advice import CHAMBER, lord_ready

ADVICE: Final = Advice("dungeon-4e")
ELIXIRS: Final = {"Elixir of Rage": "strength", "Elixir of Wrath": "craft"}  # what each adds 3 to, for a turn
TREASURE_VALUE: Final = {
    "Darkblade": 9,
    "Aegis": 8,
    "Talisman": 8,
    "Book of Lore": 7,
    "Elixir of Life": 7,
    "Totem Staff": 6,
    "Bag of Holding": 5,
    "Clockwork Owl": 5,
    "Cloak of Feathers": 4,
    "Orb of Prophesy": 4,
}
LORD_WINS: Final = ("winner-takes-all", "short-game")  # the option dungeon-victory: the Lord's death wins


@ADVICE.flag("other-victory")
def lord_wins(bot: HeuristicBot) -> bool:
    """Under 001's Winner Takes All or Short Dungeon Game, killing the Lord of Darkness wins."""
    return bot.view.get("options", {}).get("dungeon-victory") in LORD_WINS


@ADVICE.aim(order=45)
def _the_lord(bot: HeuristicBot) -> str | None:
    if lord_wins(bot) and lord_ready(bot) and bot.distance(bot.me["space"], CHAMBER) < 99:
        return CHAMBER
    return None


@ADVICE.answer("combat", order=5)
def _items_in_a_fight(bot: HeuristicBot, d: Decision) -> str | None:
    """Against a foe stronger by more than one: the Scroll of Exile on the strongest; against one
    a 6 would beat that the bot would otherwise lose to, the Weighted Dice."""
    if "foe" not in d.about:
        return None
    foe, mine = int(d.about["foe"]), int(d.about["mine"])
    exiles = bot.options("exile")
    if exiles and foe > mine + 1:
        return max(exiles, key=lambda o: (bot.card(o.card).strength + bot.card(o.card).craft, o.id)).id
    if bot.offered("weighted") and mine <= foe < mine + 3:
        return "weighted"
    if bot.me["lives"] >= 2 and mine - 2 <= foe < mine + 5:  # a 1 or 2 burns a life; 3 to 6 add 3
        for o in bot.options("use"):
            if ELIXIRS.get(bot.card(o.card).name) == d.about.get("mode"):
                return o.id
    return None


@ADVICE.answer("turn", order=95)
def _used_up(bot: HeuristicBot, d: Decision) -> str | None:
    """Bags of Gold cashed in (gold to spend, a place free); a Chest's lock picked when the bot's
    Craft makes the 3 gold likelier than the needle (Craft 4 or more, a life to spare)."""
    for o in bot.options("use"):
        name = bot.card(o.card).name
        if name.endswith("Bags of Gold") and not bot.offered("gold-seeker"):
            return o.id
        if name == "Chest" and bot.me["craft"] >= 4 and bot.me["lives"] >= 2:
            return o.id
    return None


@ADVICE.answer("turn", order=95)
def _gold_seeker(bot: HeuristicBot, d: Decision) -> str | None:
    """The Gold Seeker's 3 gold, at the Ruins: more than the Bags of Gold it would add to."""
    return "gold-seeker" if bot.offered("gold-seeker") else None


AMULET_FLY: Final = 3.0  # how much better a space must be to spend the Amulet of Speed on flying there


@ADVICE.answer("move", order=70)
def _amulet(bot: HeuristicBot, d: Decision) -> str | None:
    """The Amulet of Speed: a 1 rolled again when a roll does better on average; a 6 spent on a
    flight to a space worth much more than the walks reach."""
    aim = target(bot)
    walks = max((score_space(bot, o.space, aim) for o in bot.options("move")), default=-99.0)
    if bot.offered("amulet-reroll") and sum(roll_value(bot, n) for n in range(1, 7)) / 6 > walks:
        return "amulet-reroll"
    if bot.offered("amulet-fly"):
        region = bot.region(bot.here())
        spaces = [s.id for s in bot.rules.spaces if s.region == region and s.id != bot.here()]
        if max((score_space(bot, sid, aim) for sid in spaces), default=-99.0) > walks + AMULET_FLY:
            return "amulet-fly"
    return None


@ADVICE.answer("lord")
def _lord(bot: HeuristicBot, d: Decision) -> str:
    """The Lord of Darkness: in the attribute in which the character is stronger."""
    scores = {"battle": int(d.about.get("strength", 0)), "psychic": int(d.about.get("craft", 0))}
    return max(d.ids, key=lambda i: (scores.get(i, 0), i == "battle"))


@ADVICE.answer("treasure")
def _treasure(bot: HeuristicBot, d: Decision) -> str:
    """The most valuable Treasure; never none (drawn at random: draw)."""
    hoard = bot.options("treasure")
    if not hoard:
        return "draw" if bot.offered("draw") else d.options[0].id
    return max(hoard, key=lambda o: TREASURE_VALUE.get(bot.card(o.card).name, 0)).id


ADVICE.answer("fly")(teleport)


@ADVICE.answer("trap-door")
def _trap_door(bot: HeuristicBot, d: Decision) -> str:
    aim = target(bot) or bot.here()
    return min(d.options, key=lambda o: (bot.distance(o.space, aim), o.id)).id


@ADVICE.answer("rune-gate")
def _rune_gate(bot: HeuristicBot, d: Decision) -> str:
    """Step through to a space much nearer the bot's aim, or out of a Dungeon it is leaving."""
    aim = target(bot)
    if not aim:
        return "nothing"
    ways = bot.options("to")
    best = min(ways, key=lambda o: (bot.distance(o.space, aim), o.id)) if ways else None
    if best and bot.distance(best.space, aim) + 3 < bot.distance(bot.here(), aim):
        return best.id
    return "nothing"


@ADVICE.answer("snake-pit")
def _snake_pit(bot: HeuristicBot, d: Decision) -> str | None:
    followers = bot.options("follower")
    return worst_card(bot, followers) if followers else "life"


ADVICE.always("pass", "pass-on", why="A Follower that may be handed to the beaten rival is passed on.")


@ADVICE.answer("keeper")
def _keeper(bot: HeuristicBot, d: Decision) -> str:
    return next((o.id for o in bot.options("buy") if o.args), "done")


@ADVICE.answer("upkeep")
def _upkeep(bot: HeuristicBot, d: Decision) -> str:
    return "pay" if bot.me["gold"] >= 2 else "dismiss"


@ADVICE.answer("storm")
def _storm(bot: HeuristicBot, d: Decision) -> str:
    """Sweep the Enemies nearest the bot from the board."""
    return min(d.options, key=lambda o: (bot.distance(bot.here(), o.space), o.id)).id


@ADVICE.answer("twist")
def _twist(bot: HeuristicBot, d: Decision) -> str:
    return max(d.options, key=lambda o: o.number).id


@ADVICE.answer("weighted")
def _weighted(bot: HeuristicBot, d: Decision) -> str:
    """The Weighted Dice: the highest attack roll; for a move, the best destination."""
    if d.about.get("purpose") == "movement":
        return max(d.options, key=lambda o: (roll_value(bot, o.number), o.id)).id
    return max(d.options, key=lambda o: o.number).id
