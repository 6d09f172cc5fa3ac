"""The core game's judgements for the rule-aware bot, which other modules' advice builds on:
how strong the character is, where it is heading, what a space is worth landing on.

It grows stronger in the outer lands, earns a Talisman from the Warlock, then crosses to the
Crown of Command when it is strong enough. Other modules add to where it heads (their aims,
asked before or after these by their order) and to what a space is worth.
"""

from __future__ import annotations

from typing import Any, Final

from talisman.bots.heuristic import HeuristicBot, Sheet
from talisman.bots.knowledge import Advice

ADVICE: Final = Advice("core")

ITEM_VALUE: Final = {
    "Armour": 6,
    "Shield": 4,
    "Helmet": 3,
    "Sword": 4,
    "Axe": 4,
    "Holy Lance": 6,
    "Runesword": 6,
    "Talisman": 10,
    "Magic Belt": 5,
    "Ring": 6,
    "Solomon's Crown": 5,
    "Holy Grail": 5,
    "Wand": 4,
    "Orb of Knowledge": 3,
    "Potion of Strength": 2,
    "Cross": 3,
    "Water Bottle": 2,
    "Amulet": 1,
    "Mule": 2,
}
ADVICE.card_worth(ITEM_VALUE)
WEAPONS: Final = ("Sword", "Axe", "Holy Lance", "Runesword")
ADVICE.space_worth(
    {
        "fields": 2,
        "plains": 2,
        "woods": 2,
        "hills": 2,
        "sentinel": 2,
        "ruins": 3,
        "hidden-valley": 3,
        "oasis": 3,
        "runes": 1,
        "cursed-glade": 0,
        "desert": -2,
        "village": 2,
        "city": 2,
        "chapel": 1,
        "graveyard": 1,
        "tavern": 1,
        "forest": 1,
        "crags": 0,
        "black-knight": -1,
        "chasm": -1,
        "temple": 2,
        "castle": 1,
        "warlocks-cave": 1,
        "portal": 1,
    }
)
INNER: Final = ("inner", "crown")
OBJECTS: Final = ("object", "magic-object")  # the cards lying on a space that one picks up
CARRIED: Final = 4  # Objects a character carries (more only on a Mule, a cart...)
LATE: Final = 250  # turns after which a long game calls for risks rather than wandering for ever
DESPERATE: Final = 600  # turns after which a bot with a Talisman goes for the Crown whatever its strength
HUNT_LATE: Final = 400  # turns after which a bot without a Talisman, none left to win, hunts
WEAK: Final = 8  # Strength and Craft both under it, very late in a game: the bot seeks places that raise them
PORTAL_FAIR: Final = 6  # the least Strength or Craft for the Portal of Power (2 dice at or under it: 5 in 12)
TALISMAN_DECK: Final = "talisman"  # the Talismans the Warlock gives for a quest
# Face-up Places a character is hurt by unless strong (name: the Strength that makes it safe).
HARMFUL_PLACES: Final = {"Snake Pit": 9}
# More worth of a space that will draw cards: cards lying there would be the encounter instead,
# and a bot that keeps landing on old cards hardly grows.
FRESH_CARDS: Final = 2.5
# Foes a plain win does not kill (the Living Statue needs a magic Weapon): treated as this much stronger.
HARD_FOES: Final = {"Living Statue": 4}


def value_of(bot: HeuristicBot, name: str, default: int = 2) -> int:
    """What holding a card of this name is worth to the bot."""
    return bot.card_worth(name, default)


def late(bot: HeuristicBot) -> bool:
    """A long game: time to take risks rather than wander for ever."""
    return bool(bot.view["turn"] > LATE)


def desperate(bot: HeuristicBot) -> bool:
    """A very long game: a bot with a Talisman goes in and wins or dies trying (weak bots that
    waited to grow left games of 1,000 turns and more). Not over the Sentinel's bridge, where
    a weak bot loses a life at almost every try: by the Tavern's boatman, as late in any game."""
    return bool(bot.view["turn"] > DESPERATE)


def battle_strength(bot: HeuristicBot) -> int:
    """Strength in a battle: a weapon adds 1."""
    me = bot.me
    return int(me["strength"]) + any(c["name"] in WEAPONS for c in me["objects"])


def fight_strength(bot: HeuristicBot, p: Sheet) -> int:
    """A character's strength in a battle with another character, as its sheet shows it:
    Strength, 1 for a Weapon it may use, its Craft too where its abilities add it (the Monk),
    and 1 for the better of two dice (the Warrior: about one point above a single die)."""
    traits = {t.split("@", 1)[0] for t in bot.rules.characters[p["character"]].traits}
    armed = "no-weapons" not in traits and any(c["name"] in WEAPONS for c in p["objects"])
    craft = int(p["craft"]) if "battle-craft" in traits else 0
    return int(p["strength"]) + armed + craft + ("battle-two-dice" in traits)


def beatable(bot: HeuristicBot, other: Sheet, margin: int = 1) -> bool:
    """Could the bot beat this character in battle (or, where it may, in psychic combat)?"""
    if fight_strength(bot, bot.me) >= fight_strength(bot, other) + margin:
        return True
    return "psychic-attack" in bot.traits() and bot.me["craft"] >= other["craft"] + margin


def hunting(bot: HeuristicBot) -> bool:
    """Must the bot take lives from other characters (for a task, or because only being the
    last one standing is left to it)? Any module's advice may say so (``hunting``)."""
    return bot.flag("hunting")


@ADVICE.flag("hunting")
def _quest_for_a_life(bot: HeuristicBot) -> bool:
    """The Warlock's quest to take a life, while the bot still lacks a Talisman."""
    quest = bot.me["status"].get("quest")
    return quest is not None and quest["goal"] == "take-life" and not bot.has("Talisman")


@ADVICE.flag("hunting")
def _no_talisman_left(bot: HeuristicBot) -> bool:
    """Long into a game with no Talisman, and none left for the Warlock to give: taking one
    from a rival (or being the last one standing) is what is left to the bot."""
    return bool(bot.view["turn"] > HUNT_LATE) and not bot.has("Talisman") and not talismans_left(bot)


@ADVICE.flag("hunting")
def _last_rival_late(bot: HeuristicBot) -> bool:
    """A very long game down to one rival the bot can beat: taking its lives ends the game (the
    last one standing wins), where two weak characters, healing every loss, had worn themselves
    down at the Portal and the Sentinel's bridge until the turn cap."""
    if not desperate(bot):
        return False
    rivals = bot.rivals()
    return len(rivals) == 1 and beatable(bot, rivals[0], hunt_margin(bot))


def talismans_left(bot: HeuristicBot) -> bool:
    """Has the Warlock a Talisman left to give for a quest (the Talisman deck not empty)?"""
    return bool(bot.view["decks"].get(TALISMAN_DECK, 1))


def hunt_margin(bot: HeuristicBot) -> int:
    """How much stronger than its prey a hunter wants to be: less, the more lives it has to spare."""
    return max(-2, 1 - (int(bot.me["lives"]) - 3) // 2)


def prey(bot: HeuristicBot) -> list[Sheet]:
    """The rivals the bot could beat, where it can catch them (not on the Crown, nor a step at a
    time inward), and that cannot evade it wherever it meets them."""
    margin = hunt_margin(bot)
    return [
        p
        for p in bot.rivals()
        if beatable(bot, p, margin)
        and bot.rules.regions[bot.region(p["space"])].movement == "roll"
        and not elusive(bot, p)
    ]


ELUSIVE: Final = frozenset({"evade-anywhere", "evade-characters"})  # evading a character met anywhere


def elusive(bot: HeuristicBot, p: Sheet) -> bool:
    """May this character evade every attack on it where it is now (by its own card, a Title such
    as the Master Thief's, an Ability, an Object or a Follower it holds; the Ninja anywhere out of
    a Dungeon)? A Gladiator of Strength 17 chased such a rival for 400 turns: it evaded each attack."""
    held = [bot.card(c["id"]).traits for key in ("titles", "ability_cards", "objects", "followers") for c in p[key]]
    return any(
        t.split("@", 1)[0] in ELUSIVE and holds_there(bot, t, p["space"])
        for traits in (bot.rules.characters[p["character"]].traits, *held)
        for t in traits
    )


def holds_there(bot: HeuristicBot, trait: str, sid: str) -> bool:
    """Does a trait hold on this space: everywhere, or only in (``name@in:X``) or out of
    (``name@out:X``) a region or a kind of region or space, X being any of them?"""
    side, _, place = trait.partition("@")[2].partition(":")
    if side not in ("in", "out"):
        return True  # (a condition on the holder's alignment: taken as holding)
    region = bot.region(sid)
    inside = place in (region, bot.region_kind(region), bot.rules.space(sid).kind)
    return inside == (side == "in")


def holds_talisman(p: Sheet) -> bool:
    """Does this character hold a Talisman (carried or packed)?"""
    return any(c["name"] == "Talisman" for c in p["objects"] + p["packed"])


def progress(p: Sheet) -> int:
    """How far along a character is (to choose between a seat's two bodies)."""
    talisman = holds_talisman(p)
    return int(max(p["strength"], p["craft"]) * 2 + p["lives"] * 2 + 10 * talisman + len(p["objects"]))


def crown_ending(bot: HeuristicBot) -> str:
    """The ending known to wait on the Crown ('' if none): the modules' advice reads it."""
    return str(bot.value("crown-ending", ""))


def goal(bot: HeuristicBot) -> dict[str, Any] | None:
    """The task an ending has given the character (``status["goal"]``), if any."""
    found: dict[str, Any] | None = bot.me["status"].get("goal")
    return found


def ruler(bot: HeuristicBot) -> Sheet | None:
    """A rival standing on the Crown of Command (000: alone there, it casts the Command Spell
    every turn; whoever else comes must fight it), if one does."""
    for p in bot.rivals():
        if bot.rules.space(p["space"]).kind == "crown":
            return p
    return None


def unseats(bot: HeuristicBot, other: Sheet) -> bool:
    """Could the bot hope to beat this character on the Crown (a fight it may lose, at one
    point weaker, but not one it is sure to lose)?"""
    return beatable(bot, other, -1)


def strong(bot: HeuristicBot) -> bool:
    """Strong enough for the Inner Region: in Strength (the Crypt, the Werewolf), or in
    Craft with some Strength (the Mines, the Pit Fiends). Late in a long game, or once a rival
    rules the Crown (its Command Spell wears the bot down where it waits), less; in a very long
    game, whatever its strength but for the Portal of Power, where each failed try costs a point
    of the attribute tried: below :data:`PORTAL_FAIR` in both it grows first (a Warrior of
    Strength and Craft 5 tried the Portal 25 times in 100 turns and came out with 2 and 1)."""
    me = bot.me
    if desperate(bot):
        return bool(max(me["strength"], me["craft"]) >= PORTAL_FAIR)
    strength, craft = me["strength"], me["craft"]
    if strength >= 8 or (craft >= 10 and strength >= 5):
        return True  # (strong by the stricter measure: by the other too, without looking for a ruler)
    return bool(strength >= 6 or (craft >= 8 and strength >= 4)) and (late(bot) or ruler(bot) is not None)


def ready_for_inner(bot: HeuristicBot) -> bool:
    """A Talisman, strength and lives for the Inner Region, and nothing on the Crown it cannot
    face: neither what an ending left there nor a rival ruling it."""
    if not (bot.has("Talisman") and bot.me["lives"] >= 3 and strong(bot)):
        return False
    holder = ruler(bot)
    return not bot.flag("crown-beyond-reach") and (holder is None or unseats(bot, holder))


def dares_the_bridge(bot: HeuristicBot) -> bool:
    """Crossing inward means beating the Sentinel (Strength 9) first."""
    s, lives = battle_strength(bot), bot.me["lives"]
    if late(bot):
        return (s >= 7 and lives >= 3) or (s >= 6 and lives >= 5)
    return (s >= 10 and lives >= 3) or (s >= 9 and lives >= 4) or (s >= 8 and lives >= 5)


def kept_out(bot: HeuristicBot) -> bool:
    """Does the bot want to be further in than the Sentinel lets it go?"""
    plan = bot.aim()
    return (
        bool(plan)
        and bot.region(plan) != "outer"
        and bot.region_kind(bot.region(plan)) != "dungeon"
        and not dares_the_bridge(bot)
        and not bot.me["status"].get("raft")
    )


def target(bot: HeuristicBot) -> str:
    """Where the bot is heading now ('' to roam and grow): its aim, unless the Sentinel keeps it
    out of the middle: then, with an Axe, a Woods or the Forest to build a raft there; else a way
    in a module knows (``way-in``: a City's barge), or the Village's blacksmith for an Axe, or
    growing stronger first; late in a long game, without an Axe, the Village's blacksmith or the
    Tavern, whose boatman may row it to the Temple."""
    found = bot.plan.get("target")
    if found is None:
        found = bot.aim()
        if bot.region(bot.here()) == "outer" and kept_out(bot):
            found = raft_site(bot) or ("" if late(bot) else str(bot.value("way-in", ""))) or axe_seller(bot)
            if not found and late(bot) and "tavern" in bot.rules.space_index:
                found = "tavern"
        bot.plan["target"] = found
    return str(found)


RAFT_SITES: Final = ("woods", "forest")  # where an Axe's holder may build a raft, ending its turn


def raft_builder(bot: HeuristicBot) -> bool:
    """Does the bot hold what builds a raft (the Axe)?"""
    return any("raft-builder" in bot.card(c["id"]).traits for c in bot.me["objects"] + bot.me["packed"])


AXE_PRICE: Final = 3  # the Village blacksmith's price for an Axe


def axe_seller(bot: HeuristicBot) -> str:
    """The Village, whose blacksmith sells the Axe that builds a raft, when the bot can pay for
    one and has none ('' otherwise)."""
    if raft_builder(bot) or bot.me["gold"] < AXE_PRICE or "village" not in bot.rules.space_index:
        return ""
    return "village"


def raft_site(bot: HeuristicBot) -> str:
    """The nearest Woods or Forest of the Outer Region, where the bot's Axe builds a raft across
    the Storm River ('' without one). 000's way past the Sentinel: weak characters with a
    Talisman had walked the Outer Region for 400 turns, the Sentinel barring the bridge."""
    if not raft_builder(bot):
        return ""
    return bot.nearest(
        [s for s in bot.rules.space_index if bot.region(s) == "outer" and bot.rules.space(s).kind in RAFT_SITES]
    )


def needs_healing(bot: HeuristicBot) -> bool:
    """Badly wounded, or ready for the Crown but for its lives."""
    me = bot.me
    if me["lives"] <= 2:
        return True
    return me["lives"] < 4 and bot.has("Talisman") and strong(bot) and bot.region(bot.here()) not in INNER


def healer(bot: HeuristicBot) -> str:
    """The nearest place that heals the bot: the Chapel (free for the good), a healer it can pay."""
    me = bot.me
    kinds = {"chapel"} if me["alignment"] == "good" else set()
    if me["gold"]:
        kinds |= {"village", "city"} | ({"chapel"} if me["alignment"] == "neutral" else set())
    return bot.nearest([s.id for s in bot.rules.spaces if s.kind in kinds and bot.region(s.id) == "outer"])


# --- where to head: the core game's aims, among the modules' (highest order first) -------------


@ADVICE.aim(order=60)
def _hunt(bot: HeuristicBot) -> str | None:
    """Hunting (see :func:`hunting`): the nearest rival it can beat. (The prey is looked for only
    when hunting: weighing every rival at every move was a tenth of a whole game's time.)"""
    if not hunting(bot):
        return None
    found = prey(bot)
    if found:
        armed = [p for p in found if holds_talisman(p)]
        if armed and not bot.has("Talisman"):
            found = armed  # (a Talisman it may take as its prize)
        return bot.nearest([p["space"] for p in found])
    return None


@ADVICE.aim(order=50)
def _heal(bot: HeuristicBot) -> str | None:
    return (healer(bot) or None) if needs_healing(bot) else None


@ADVICE.aim(order=40)
def _crown(bot: HeuristicBot) -> str | None:
    """Ready for the Inner Region: the Portal of Power (unless a module's own victory comes first)."""
    if ready_for_inner(bot) and not bot.flag("other-victory"):
        return "portal-of-power"
    return None


@ADVICE.aim(order=20)
def _warlock(bot: HeuristicBot) -> str | None:
    """Strong enough for a quest (or a rival rules the Crown) and still without a Talisman:
    the Warlock's Cave."""
    me = bot.me
    if bot.has("Talisman") or me["status"].get("quest") or not talismans_left(bot):
        return None
    if me["strength"] + me["craft"] >= 10 or ruler(bot) is not None:
        return "warlocks-cave"  # (with a rival on the Crown, only a Talisman lets the bot challenge it)
    return None


# Places that may raise Strength or Craft by their own roll, whatever cards lie about: the Crags'
# Barbarian (+1 Strength on a 6), the Forest's Ranger (+1 Craft on a 6), the Temple's prayer (two
# dice: 6 a Strength, 7 a Craft, 10 a Talisman).
GROWING_PLACES: Final = ("crags", "forest", "temple")


def weak(bot: HeuristicBot) -> bool:
    """Under :data:`WEAK` in both Strength and Craft."""
    return bool(max(bot.me["strength"], bot.me["craft"]) < WEAK)


@ADVICE.aim(order=10)
def _grow(bot: HeuristicBot) -> str | None:
    """A very long game, a weak bot with nowhere else to go: the nearest place of its region that
    raises Strength or Craft by its own roll (a weak bot without a Talisman, too weak for the
    Warlock's quest, had no aim at all: shunning the strong creatures left lying about, it fought
    seldom, drew few new cards, and so hardly grew)."""
    if not (desperate(bot) and weak(bot)):
        return None
    region = bot.region(bot.here())
    places = [s.id for s in bot.rules.spaces if s.kind in GROWING_PLACES and bot.region(s.id) == region]
    return bot.nearest(places) or None


# --- what a space is worth landing on ----------------------------------------------------------


def card_on_space(bot: HeuristicBot, c: dict[str, Any]) -> float:
    """What a face-up card lying on a space is worth meeting."""
    if c["type"] == "enemy":
        mine = bot.me["craft"] if c.get("craft") else battle_strength(bot)
        margin = mine - c.get("strength", c.get("craft", 0)) - HARD_FOES.get(c["name"], 0)
        return 2.0 if margin >= 2 else 0.0 if margin >= 0 else -3.0 + margin
    if c["type"] in OBJECTS:
        return 2.0
    if c.get("subtype") == "disaster":
        return -3.0 if bot.me["lives"] <= 2 else -1.0  # a struck space: mostly harm, never a card drawn
    safe = HARMFUL_PLACES.get(c["name"])
    if safe is not None and bot.me["strength"] < safe:
        return -4.0 if bot.me["lives"] <= 3 else -2.0
    if c["type"] in ("stranger", "place"):
        return -3.0 if bot.me["lives"] <= 1 else 0.5  # mostly good, but some take a life
    return 0.0


def objects_worth(bot: HeuristicBot, lying: list[dict[str, Any]]) -> float:
    """What the Objects lying on a space are worth going for: one the bot would take (it has
    room, or the Object is clearly better than the worst it carries), not a pile of them all."""
    if not lying:
        return 0.0
    held = [value_of(bot, c["name"]) for c in bot.me["objects"]]
    least = min(held) + 1 if len(held) >= CARRIED else 0
    return 2.0 if any(value_of(bot, c["name"]) > least for c in lying) else 0.0


def cards_worth(bot: HeuristicBot, sid: str) -> float:
    """What the space's cards are worth meeting: those lying there, or fresh ones it will draw."""
    lying = bot.view["board"].get(sid, ())
    worth = sum(card_on_space(bot, c) for c in lying if c["type"] not in OBJECTS)
    worth += objects_worth(bot, [c for c in lying if c["type"] in OBJECTS])
    if bot.rules.space(sid).draw and not lying:
        worth += FRESH_CARDS  # cards lying there are the encounter instead of a draw
    return float(worth)


def score_space(bot: HeuristicBot, sid: str, target: str) -> float:
    """What landing on a space is worth to the bot, heading for ``target`` ('' for nowhere)."""
    me = bot.me
    sdef = bot.rules.space(sid)
    score = float(bot.space_worth(sdef.kind))
    wounded = me["lives"] <= 2
    hurts = -4 if me["lives"] >= 3 else -8 if me["lives"] == 2 else -20  # a space that takes a life
    if sdef.kind == "desert" and not (bot.has("Water Bottle") or bot.has("Holy Grail")):
        score += hurts + 1
    if sdef.kind == "chapel":
        score += {"good": 3 if wounded else 1, "neutral": 2 if wounded and me["gold"] else 0, "evil": hurts}[
            me["alignment"]
        ]
    if sdef.kind == "graveyard":
        score += {"good": hurts, "neutral": 0, "evil": 1}[me["alignment"]]
    if sdef.kind in ("village", "city", "castle") and wounded and me["gold"]:
        score += 3
    score += bot.space_bonus(sid, target)
    if sdef.kind == "temple":
        score += 1 if me["lives"] >= 4 else -2
    score += cards_worth(bot, sid)
    score += bot.view["gold_on"].get(sid, 0)
    if target:
        score -= 1.5 * bot.distance(sid, target)
    if sid == "sentinel" or sdef.kind == "black-knight" and me["gold"] == 0:
        score -= 1
    return float(score)
