"""The rule-aware bot's knowledge of Another Talisman City (module ``city-districts``).

It goes in when the City pays: wounded with gold for the Chiurgeon, or with gold and gear still
to buy, or with business at the Palace or the Sheriff's Office. Inside, it walks to its errand
(the West Side to heal, the Bazaar for gear, the Palace for its task and escorts, the Sheriff for
a Deserter), takes each errand once a visit, and then makes for the nearest open gate and
leaves. It prays only when its Craft and gold make the gods' anger impossible, fights the
Gladiator and the Slums' thugs only when well ahead, goes quietly with a County Patrol it could
not beat, and pays the Tax Collector.
"""

from __future__ import annotations

from typing import Any, Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision, Option
from talisman.modules.city_districts.districts import OUTLAWS, TASK_OBJECTS
from talisman.modules.city_districts.rules import GATES, REGION, reach
from talisman.modules.core.advice.common import battle_strength

ADVICE: Final = Advice("city-districts")
GEAR: Final = {"Armour": 4, "Helmet": 2, "Shield": 3}
WEAPONS: Final = {"Sword": 1, "Axe": 1, "Great Axe": 3}
SAFE_PRAYER: Final = 9  # 9 or more: ignored at worst
FREE_PICKS: Final = ("Armour", "Warhorse", "Great Axe", "Horse", "Shield", "Helmet", "Sword", "Scroll")
DONE: Final = "city-districts-done"  # the bot's memory: the errands run on this visit


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
    owned = _names(bot.me["objects"])
    gold = bot.me["gold"]
    armour = any(n in owned for n in GEAR) or gold < 2
    weapon = any(n in owned for n in (*WEAPONS, "Holy Lance", "Runesword")) or gold < 1
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
    if "Deserter" in trophies or (task and task["n"] == 1 and not task.get("done") and trophies & set(OUTLAWS)):
        return "gaol"
    return ""


def _task_done(bot: HeuristicBot, task: dict[str, Any], trophies: set[str]) -> bool:
    if task.get("done"):
        return True
    if task["n"] == 2:
        return any(t.get("subtype") == "dragon" for t in bot.me["trophies"])
    return task["n"] in TASK_OBJECTS and TASK_OBJECTS[task["n"]] in _names(bot.me["objects"] + bot.me["packed"])


def wants_city(bot: HeuristicBot) -> bool:
    gold = bot.me["gold"]
    return bool((_wounded(bot) and gold >= 2) or (gold >= 3 and _gear_wanted(bot)) or _business(bot))


def errand(bot: HeuristicBot) -> str:
    """Where in the City the bot goes next; '' (a gate) when it is done."""
    gold = bot.me["gold"]
    done = _done(bot)
    for district, due in (
        ("west-side", _wounded(bot) and gold >= 1),
        ("bazaar", _gear_wanted(bot)),
        (_business(bot), bool(_business(bot))),
    ):
        if due and district and district not in done:
            return district
    return ""


def _gate_d(bot: HeuristicBot, sid: str) -> int:
    rules = bot.rules
    start = rules.space_index[sid]
    far = reach(rules, start, 20)
    return min((len(far[rules.space_index[g]]) if rules.space_index[g] in far else 0) for g in GATES)


@ADVICE.space_bonus
def _city_gates(bot: HeuristicBot, sid: str, aim: str) -> float:
    """The City Gates, when the City pays."""
    return 3.0 if sid == "city" and active(bot) and wants_city(bot) else 0.0


@ADVICE.answer("turn", order=60)
def _turn(bot: HeuristicBot, d: Decision) -> str | None:
    """The turn menu: go in, go out (the errands are forgotten once outside)."""
    if not in_city(bot):
        _done(bot).clear()
    if not active(bot):
        return None
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


@ADVICE.answer("city-arena")
def _arena(bot: HeuristicBot, d: Decision) -> str:
    return "gladiator" if battle_strength(bot) >= 10 and bot.me["lives"] >= 3 else "none"


@ADVICE.answer("city-temple")
def _temple(bot: HeuristicBot, d: Decision) -> str:
    need = max(0, SAFE_PRAYER - 1 - bot.me["craft"])
    return f"pray:{need}" if bot.offered(f"pray:{need}") and bot.me["gold"] - need >= 1 else "none"


@ADVICE.answer("city-enchantress")
def _enchantress(bot: HeuristicBot, d: Decision) -> str:
    return "enchantress" if battle_strength(bot) >= 9 and bot.me["lives"] >= 3 else "nothing"


@ADVICE.answer("city-west-side")
def _west_side(bot: HeuristicBot, d: Decision) -> str:
    return "chiurgeon" if bot.offered("chiurgeon") and _wounded(bot) else "nothing"


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


@ADVICE.answer("city-palace")
def _palace(bot: HeuristicBot, d: Decision) -> str:
    return "enlist"


@ADVICE.answer("city-escort")
def _escort(bot: HeuristicBot, d: Decision) -> str:
    return "escort"


@ADVICE.answer("city-harbour")
def _harbour(bot: HeuristicBot, d: Decision) -> str:
    return "none"  # the bot walks


@ADVICE.answer("city-trial-lean")
def _trial_lean(bot: HeuristicBot, d: Decision) -> str:
    return "none"
