"""The rule-aware bot's knowledge of the Dungeons, shared by the modules that bring one (the 4th
edition's ``dungeon-4e``, 000's ``dungeon-classic``, and a world's Dungeon ring in ``worlds``).

It goes down only when strong enough, leaves when wounded, keeps off the face-up cards it
cannot beat, flees when the rules let it, and goes for the Treasure Chamber when strong enough;
in a Cell it leaves the Follower worth least and frees those it can.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import FAR, HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import battle_strength
from talisman.modules.core.advice.holdings import weapon_held, worst_card

ADVICE: Final = Advice("dungeons")
ADVICE.region_kinds({"dungeon-4e": "dungeon", "dungeon": "dungeon", "worlds-dungeon": "dungeon"})
ADVICE.space_worth(
    {
        "dungeon-entrance": 2,
        "tunnel": 2,
        "corridor": 2,
        "passage": 2,
        "cavern": 3,
        "chamber": 3,
        "vault": 3,
        "library": 2,
        "kitchen": 1,
        "cell": 0,
        "guard-room": 0,
        "torture-chamber": -1,
        "hall-of-darkness": -1,
        "chamber-of-darkness": 0,
        "monster-pit": 1,
        "summoning-circle": 1,
        "treasure-chamber": 0,
    }
)
LORD_READY: Final = 11  # Strength or Craft to face the Lord of Darkness (12 and a die) with fair hope
CHAMBER: Final = "treasure-chamber"


def in_dungeon(bot: HeuristicBot, sid: str | None = None) -> bool:
    return bot.region_kind(bot.region(sid or bot.here())) == "dungeon"


def lord_ready(bot: HeuristicBot) -> bool:
    """Strong and healthy enough for a Dungeon's Treasure Chamber (if the game has one)?"""
    return bot.power >= LORD_READY and bot.me["lives"] >= 3 and CHAMBER in bot.rules.space_index


def dungeon_ready(bot: HeuristicBot) -> bool:
    """Strong enough for the Dungeon's cards (Enemies of Strength or Craft 3 to 9)?"""
    me = bot.me
    return (battle_strength(bot) >= 7 and me["craft"] >= 5 and me["lives"] >= 4) or lord_ready(bot)


def leaving_dungeon(bot: HeuristicBot) -> bool:
    """Wounded or too weak in the Dungeon: head for the way out."""
    me = bot.me
    return me["lives"] <= 2 or not (battle_strength(bot) >= 6 and me["craft"] >= 4)


def _chamber_in_reach(bot: HeuristicBot) -> bool:
    return bot.distance(bot.me["space"], CHAMBER) < FAR


@ADVICE.aim(order=80)
def _way_out(bot: HeuristicBot) -> str | None:
    """Wounded or too weak below: the nearest space outside the Dungeon."""
    if not (in_dungeon(bot) and leaving_dungeon(bot)):
        return None
    outside = [s.id for s in bot.rules.spaces if not in_dungeon(bot, s.id) and bot.distance(bot.here(), s.id) < FAR]
    return bot.nearest(outside)


@ADVICE.aim(order=30)
def _treasure_chamber(bot: HeuristicBot) -> str | None:
    return CHAMBER if lord_ready(bot) and _chamber_in_reach(bot) else None


@ADVICE.space_bonus
def _not_down_yet(bot: HeuristicBot, sid: str, aim: str) -> float:
    """Not down into the Dungeon before the bot can fight there."""
    return -12.0 if in_dungeon(bot, sid) and not in_dungeon(bot) and not dungeon_ready(bot) else 0.0


@ADVICE.answer("turn", order=50)
def _flee(bot: HeuristicBot, d: Decision) -> str | None:
    """Fight or Flight: out against the arrows when leaving the Dungeon."""
    return "flee" if bot.offered("flee") and in_dungeon(bot) and leaving_dungeon(bot) else None


@ADVICE.on("choose-preferences")
def _dungeon_choices(bot: HeuristicBot, d: Decision, prefs: list[str]) -> None:
    """Bribe the guard unless strong, eat when hurt, lose the lesser attribute to the torturer,
    a Talisman or a weapon from a hoard, draw more cards when ready for them, and a Passageway
    out of the Dungeon when leaving it."""
    me = bot.me
    if bot.offered("bribe") and battle_strength(bot) < 9:
        prefs.insert(0, "bribe")
    if not bot.has("Talisman"):
        prefs.insert(0, "talisman")
    if me["lives"] <= 3:
        prefs.append("eat")
    space = d.about.get("space")
    if space is not None and bot.rules.space(space).kind == "torture-chamber":
        prefs.append("craft" if me["strength"] >= me["craft"] else "strength")
    if not weapon_held(bot):
        prefs += ["sword", "axe"]
    prefs += ["gold", "draw-3" if dungeon_ready(bot) else "draw-1"]
    card = d.about.get("card")
    if in_dungeon(bot) and leaving_dungeon(bot) and card is not None and bot.card(card).name == "Passageway":
        prefs.append("take")  # a Passageway leads out of the Dungeon


@ADVICE.answer("cell")
def _cell(bot: HeuristicBot, d: Decision) -> str | None:
    return worst_card(bot, d.options)


@ADVICE.answer("cell-free")
def _cell_free(bot: HeuristicBot, d: Decision) -> str:
    return bot.first("free") or "nothing"
