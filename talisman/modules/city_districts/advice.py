"""The rule-aware bot's knowledge of Another Talisman City (module ``city-districts``).

It goes in when the City pays: wounded with gold for the Chiurgeon, or with gold and gear still
to buy, or with business at the Palace or the Sheriff's Office. Inside, it walks to its errand
(the West Side to heal, the Bazaar for gear, the Palace for its task and escorts, the Sheriff for
a Deserter), takes each errand once a visit, and then makes for the nearest open gate and
leaves. It prays only when its Craft and gold make the gods' anger impossible, fights the
Gladiator and the Slums' thugs only when well ahead, goes quietly with a County Patrol it could
not beat, and pays the Tax Collector.

At the Arena, whose bouts cost no life, it summons the rival furthest along when that one is
further along than itself (a bout in the City keeps it from the Crown), else fights the
Gladiator for gold; it goes there when a rival is nearing the Crown or its own purse is light.
The West Side's Alchemist buys the Objects it holds twice; in Judgement Square it speaks
against the accused (a rival); it sees the Slums' Enchantress with little to lose as a Toad.
Once armed and armoured, with gold to spare, it buys what pays out of the City: a Bow at the
Bazaar, shot (a shot costs it nothing, win or lose) at the strongest creature in range it may
beat; a Pastry for a close fight; a Horse at the Stables, to ride (never leaving a Follower on foot
behind); or, too poor for a Horse, a Dog, to fight for it.

Out of the City, the Dog fights in its place when it fights as well, or when a loss would cost
one of the bot's last lives; a Pastry or a Fish Cake is eaten for a fight that +1 may turn; a
riding animal adds to a movement roll when the longer move lands somewhere better.

The Harbour is its way past the Sentinel: heading for the Middle Region (the Warlock, the Portal
of Power) when it dares not fight him, it goes into the City with the fare, books a passage to
the riverside space nearest its aim, and sets sail the next turn.
"""

from __future__ import annotations

from typing import Any, Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision, Option
from talisman.modules.city_districts.districts import FARE, TASK_OBJECTS
from talisman.modules.city_districts.rules import GATES, REGION, reach
from talisman.modules.core.advice.common import (
    INNER,
    battle_strength,
    dares_the_bridge,
    progress,
    score_space,
    target,
)
from talisman.modules.core.advice.holdings import spare
from talisman.modules.core.advice.moving import roll_value

ADVICE: Final = Advice("city-districts")
GEAR: Final = {"Armour": 4, "Helmet": 2, "Shield": 3}
WEAPONS: Final = {"Sword": 1, "Axe": 1, "Great Axe": 3}
SAFE_PRAYER: Final = 9  # 9 or more: ignored at worst
FREE_PICKS: Final = ("Armour", "Warhorse", "Great Axe", "Horse", "Shield", "Helmet", "Sword", "Scroll")
DONE: Final = "city-districts-done"  # the bot's memory: the errands run on this visit
BOUGHT: Final = "city-districts-bought"  # the bot's memory: the extras bought (a Bow, a Horse wait at the gates)
SOLD_OUT: Final = (
    "city-districts-sold-out"  # the bot's memory: the turn the Bazaar had no "armour" or "weapon" it could pay for
)
RESTOCK: Final = 100  # turns the bot trusts that memory (a card discarded goes back into the stock)


def active(bot: HeuristicBot) -> bool:
    return bot.game_flag("city-districts")


@ADVICE.flag("city-districts")
def _has_districts(bot: HeuristicBot) -> bool:
    return REGION in bot.rules.regions


def in_city(bot: HeuristicBot) -> bool:
    return active(bot) and bot.rules.space(bot.here()).region == REGION


def _done(bot: HeuristicBot) -> set[str]:
    done: set[str] = bot.memory.setdefault(DONE, set())
    return done


def _names(cards: list[dict[str, Any]]) -> set[str]:
    return {c["name"] for c in cards}


def _wounded(bot: HeuristicBot) -> bool:
    return bool(bot.me["lives"] < bot.rules.characters[bot.me["character"]].lives)


def _gear_wanted(bot: HeuristicBot) -> bool:
    """Armour or a weapon lacking, with the gold for it, while the Bazaar has some left (a
    Gladiator of 20 gold and no weapon went in and out of the City for 300 turns, the Swords
    and Axes long sold)."""
    owned = _names(bot.me["objects"])
    gold = bot.me["gold"]
    seen: dict[str, int] = bot.memory.get(SOLD_OUT, {})
    sold_out = {kind for kind, turn in seen.items() if bot.view["turn"] - turn < RESTOCK}
    armour = any(n in owned for n in GEAR) or gold < 2 or "armour" in sold_out
    weapon = any(n in owned for n in (*WEAPONS, "Holy Lance", "Runesword")) or gold < 1 or "weapon" in sold_out
    return not (armour and weapon)


def _business(bot: HeuristicBot) -> str:
    """A district with something owed the bot: the Palace for an escort or a King's task done,
    the Sheriff for a Deserter or the outlaw of a task."""
    me = bot.me
    status = me["status"]
    task = status.get("king-task")
    trophies = {t["name"] for t in me["trophies"]}
    if "city-escort" in status or (task and _task_done(bot, task, trophies)):
        return "palace"
    outlaws = any("outlaw" in bot.card(int(t["id"])).traits for t in me["trophies"])
    if "Deserter" in trophies or (task and task["n"] == 1 and not task.get("done") and outlaws):
        return "gaol"
    return ""


def _task_done(bot: HeuristicBot, task: dict[str, Any], trophies: set[str]) -> bool:
    if task.get("done"):
        return True
    if task["n"] == 2:
        return any(t.get("subtype") == "dragon" for t in bot.me["trophies"])
    return task["n"] in TASK_OBJECTS and TASK_OBJECTS[task["n"]] in _names(bot.me["objects"] + bot.me["packed"])


def harbour_inward(bot: HeuristicBot) -> bool:
    """Heading for the Middle Region past a Sentinel it dares not fight, with the fare: the
    Harbour's passage puts it ashore on any space beside the Storm River, both banks (003 22:5.03)."""
    if bot.me["gold"] < FARE or bot.me["status"].get("raft") or "passage" in bot.me["status"]:
        return False
    aim = bot.aim()
    return bool(aim) and bot.region(aim) == "middle" and not dares_the_bridge(bot)


def wants_city(bot: HeuristicBot) -> bool:
    gold = bot.me["gold"]
    return bool(
        (_wounded(bot) and gold >= 2) or (gold >= 3 and _gear_wanted(bot)) or _business(bot) or harbour_inward(bot)
    )


def leader(bot: HeuristicBot) -> Any:
    """The rival furthest along, when further along than the bot (None: none is)."""
    rivals = [p for p in bot.rivals() if not p["status"].get("hold")]
    best = max(rivals, key=lambda p: (progress(p), p["seat"]), default=None)
    return best if best is not None and progress(best) > progress(bot.me) else None


def _arena_due(bot: HeuristicBot) -> bool:
    """The Arena: a rival nearing the Crown to summon, or a light purse for the Gladiator's prize."""
    lead = leader(bot)
    near = lead is not None and (
        bot.region(lead["space"]) in INNER or any(c["name"] == "Talisman" for c in lead["objects"])
    )
    return bool(near or bot.me["gold"] < 2)


def errand(bot: HeuristicBot) -> str:
    """Where in the City the bot goes next; '' (a gate) when it is done."""
    gold = bot.me["gold"]
    done = _done(bot)
    for district, due in (
        ("harbour", harbour_inward(bot)),
        ("west-side", (_wounded(bot) and gold >= 1) or bool(spare(bot))),
        ("bazaar", _gear_wanted(bot) or any(EXTRAS[n] == "bazaar" for n in extras_wanted(bot))),
        ("stables", any(EXTRAS[n] == "stables" for n in extras_wanted(bot))),
        (_business(bot), bool(_business(bot))),
        ("arena", _arena_due(bot)),
    ):
        if due and district and district not in done:
            return district
    return ""


def _gate_d(bot: HeuristicBot, sid: str) -> int:
    rules = bot.rules
    start = rules.space_index[sid]
    far = reach(rules, start, 20)
    return min((len(far[rules.space_index[g]]) if rules.space_index[g] in far else 0) for g in GATES)


@ADVICE.value("way-in")
def _by_the_harbour(bot: HeuristicBot) -> str | None:
    """Kept out of the Middle Region by the Sentinel: the City Gates, for the Harbour's passage."""
    return "city" if active(bot) and harbour_inward(bot) else None


@ADVICE.space_bonus
def _city_gates(bot: HeuristicBot, sid: str, aim: str) -> float:
    """The City Gates, when the City pays."""
    return 3.0 if sid == "city" and active(bot) and wants_city(bot) else 0.0


@ADVICE.answer("turn", order=60)
def _turn(bot: HeuristicBot, d: Decision) -> str | None:
    """The turn menu: sail when a passage is booked; go in, go out (the errands are forgotten
    once outside)."""
    if not in_city(bot):
        _done(bot).clear()
    if not active(bot):
        return None
    if bot.offered("set-sail"):
        return "set-sail"
    enter = bot.options("enter-city")
    if enter:
        return enter[0].id if wants_city(bot) else None
    leave = bot.options("leave-city")
    if leave and not errand(bot):
        return leave[0].id
    return None


@ADVICE.answer("move", order=60)
def _move(bot: HeuristicBot, d: Decision) -> str | None:
    """A move between districts: toward the errand, else toward the nearest gate."""
    moves = bot.options("move")
    if not moves or not in_city(bot):
        return None
    rules = bot.rules
    aim = errand(bot)

    def distance(o: Option) -> tuple[int, str]:
        sid = o.space
        if aim:
            if sid == aim:
                return (0, sid)
            far = reach(rules, rules.space_index[sid], 20)
            return (len(far.get(rules.space_index[aim], [])) or 99, sid)
        return (_gate_d(bot, sid), sid)

    best = min(moves, key=distance)
    if aim and best.space == aim:
        _done(bot).add(aim)
    return best.id


@ADVICE.answer("combat", order=5)
def _eat(bot: HeuristicBot, d: Decision) -> str | None:
    """A Pastry or a Fish Cake eaten for a fight that +1 may turn (neither won nor lost for sure)."""
    eats = bot.options("eat")
    if not eats or "foe" not in d.about:
        return None
    foe, mine = int(d.about["foe"]), int(d.about["mine"])
    return eats[0].id if mine - 2 <= foe <= mine + 3 else None


@ADVICE.answer("move", order=65)
def _ride(bot: HeuristicBot, d: Decision) -> str | None:
    """A riding animal's bonus added when the longer move lands somewhere better than any plain
    move, and no Follower on foot is left behind."""
    rides = bot.options("ride")
    moves = bot.options("move")
    if not rides or not moves:
        return None
    for f in bot.me["followers"]:
        traits = bot.card(int(f["id"])).traits
        if "riding-animal" not in traits and not any(t.startswith("ride:") for t in traits):
            return None  # it would be left behind
    aim = target(bot)
    walked = max(bot.distance(bot.here(), o.space) for o in moves)  # the roll, as far as the ring shows it
    best = max(score_space(bot, o.space, aim) for o in moves)
    ride = max(rides, key=lambda o: (roll_value(bot, walked + o.number), -o.number))
    return ride.id if roll_value(bot, walked + ride.number) > best + 1 else None


@ADVICE.answer("city-arena")
def _arena(bot: HeuristicBot, d: Decision) -> str:
    """A bout costs no life: the rival furthest along summoned into the City, else the Gladiator."""
    lead = leader(bot)
    if lead is not None and bot.offered(f"summon:{lead['seat']}"):
        return f"summon:{lead['seat']}"
    return "gladiator"


@ADVICE.answer("city-temple")
def _temple(bot: HeuristicBot, d: Decision) -> str:
    need = max(0, SAFE_PRAYER - 1 - bot.me["craft"])
    return f"pray:{need}" if bot.offered(f"pray:{need}") and bot.me["gold"] - need >= 1 else "none"


@ADVICE.answer("city-enchantress")
def _enchantress(bot: HeuristicBot, d: Decision) -> str:
    """Past the thugs (Strength 3) to the Enchantress, whose worst is a Toad that drops what it
    carries: only with little to drop (two possessions at most) and lives to spare."""
    me = bot.me
    little = len(me["objects"]) + len(me["followers"]) <= 2
    return "enchantress" if battle_strength(bot) >= 6 and me["lives"] >= 3 and little else "nothing"


@ADVICE.answer("city-west-side")
def _west_side(bot: HeuristicBot, d: Decision) -> str:
    """The Chiurgeon when wounded; else the Alchemist for the Objects the bot holds twice."""
    if bot.offered("chiurgeon") and _wounded(bot):
        return "chiurgeon"
    return "alchemist" if bot.offered("alchemist") and spare(bot) else "nothing"


# What pays out of the City, bought once armed and armoured, where it is sold (with a gold to spare).
EXTRAS: Final = {"Bow": "bazaar", "Horse": "stables", "Dog": "stables", "Pastry": "bazaar"}
EXTRA_PRICE: Final = {"Bow": 2, "Horse": 3, "Dog": 1, "Pastry": 1}


def extras_wanted(bot: HeuristicBot) -> list[str]:
    """The extras (:data:`EXTRAS`) the bot lacks and can pay for, with a gold to spare; a Dog only
    without a Horse (it walks: riding would leave it behind)."""
    if _gear_wanted(bot):
        return []
    me = bot.me
    owned = _names(me["objects"] + me["followers"]) | _names(me["packed"]) | bot.memory.get(BOUGHT, set())
    wanted = [n for n in EXTRAS if n not in owned and me["gold"] > EXTRA_PRICE[n]]
    return [n for n in wanted if n != "Dog" or not ({"Horse"} & (owned | set(wanted)))]


@ADVICE.answer("shop", order=10)
def _extras(bot: HeuristicBot, d: Decision) -> str | None:
    """Armour and a weapon first (the core game's answer, and the Great Axe once the Swords and
    Axes are sold: the weapon the City was entered for); then the extras, in their order (each
    once a game: the City keeps a Bow and a Horse out of sight until one leaves)."""
    if bot.here() == "bazaar":  # (a shop offers only what the bot can pay for)
        for kind, prices in (("armour", GEAR), ("weapon", WEAPONS)):
            affordable = [n for n, price in prices.items() if price <= bot.me["gold"]]
            if affordable and not any(bot.offered(f"buy:{n}") for n in affordable):
                bot.memory.setdefault(SOLD_OUT, {})[kind] = bot.view["turn"]
    unarmed = not _names(bot.me["objects"]) & {*WEAPONS, "Holy Lance", "Runesword"}
    cheaper = bot.offered("buy:Sword") or bot.offered("buy:Axe")
    if unarmed and not cheaper and bot.offered("buy:Great Axe"):
        return "buy:Great Axe"
    for name in extras_wanted(bot):
        if bot.offered(f"buy:{name}"):
            bot.memory.setdefault(BOUGHT, set()).add(name)
            return f"buy:{name}"
    return None


@ADVICE.answer("turn", order=50)
def _shoot(bot: HeuristicBot, d: Decision) -> str | None:
    """Instead of moving, a shot at the strongest creature in range the bot may beat (the archer
    loses nothing if it misses, and a kill is a trophy)."""
    best, strongest = None, -1
    mine = battle_strength(bot)
    for o in bot.options("shoot"):
        if o.args.get("what") != "enemy":
            continue
        card = bot.card(o.arg_int("target"))
        if strongest < card.strength <= mine + 1 and card.strength > 0:
            best, strongest = o.id, card.strength
    return best


ADVICE.always(
    "against", "city-trial-lean", why="Against the accused: a rival (the bot stands by), the likelier for the Gaol."
)


@ADVICE.answer("city-well")
def _well(bot: HeuristicBot, d: Decision) -> str:
    return "wish" if bot.offered("wish") and bot.me["gold"] >= 4 else "nothing"


@ADVICE.answer("city-tax-collector")
def _tax_collector(bot: HeuristicBot, d: Decision) -> str:
    return "pay" if bot.offered("pay") else "gaol"


@ADVICE.answer("city-county-patrol")
def _county_patrol(bot: HeuristicBot, d: Decision) -> str:
    return "fight" if battle_strength(bot) >= 8 else "go"


@ADVICE.answer("city-free-purchase")
def _free_purchase(bot: HeuristicBot, d: Decision) -> str:
    return next((f"take:{n}" for n in FREE_PICKS if bot.offered(f"take:{n}")), d.options[0].id)


@ADVICE.answer("city-sheriff")
def _sheriff(bot: HeuristicBot, d: Decision) -> str:
    return next((i for i in d.ids if i != "none"), "none")


ADVICE.always("enlist", "city-palace", why="The King's service is taken at the Palace: its task ends in a reward.")


ADVICE.always("escort", "city-escort", why="A traveller asking for an escort to the Palace is escorted.")


@ADVICE.answer("city-harbour")
def _harbour(bot: HeuristicBot, d: Decision) -> str:
    """A passage to the riverside space nearest the aim, past the Sentinel; else the bot walks."""
    ways = bot.options("passage")
    if not ways or not harbour_inward(bot):
        return "none"
    aim = bot.aim()
    return min(ways, key=lambda o: (bot.distance(o.space, aim), o.id)).id
