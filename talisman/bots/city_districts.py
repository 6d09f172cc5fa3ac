"""How the heuristic bot plays Another Talisman City (module ``city-districts``).

It goes in when the City pays: wounded with gold for the Chiurgeon, or with gold
and gear still to buy, or with business at the Palace or the Sheriff's Office.
Inside, it walks to its errand (the West Side to heal, the Bazaar for gear, the
Palace for its task and escorts, the Sheriff for a Deserter), takes each errand
once a visit, and then makes for the nearest open gate and leaves. It prays only
when its Craft and gold make the gods' anger impossible, fights the Gladiator and
the Slums' thugs only when well ahead, goes quietly with a County Patrol it
could not beat, and pays the Tax Collector.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from talisman.content.ruleset import Ruleset
from talisman.engine.decision import Decision
from talisman.modules.city_districts.districts import OUTLAWS, TASK_OBJECTS
from talisman.modules.city_districts.rules import GATES, REGION, reach


class CityBot(Protocol):
    """What the City's rules read of the bot (the heuristic bot has it all)."""

    rules: Ruleset

    @property
    def me(self) -> Mapping[str, Any]: ...

    def battle_strength(self) -> int: ...

    def here(self) -> str: ...


GEAR = {"Armour": 4, "Helmet": 2, "Shield": 3}
WEAPONS = {"Sword": 1, "Axe": 1, "Great Axe": 3}
SAFE_PRAYER = 9  # 9 or more: ignored at worst
FREE_PICKS = ("Armour", "Warhorse", "Great Axe", "Horse", "Shield", "Helmet", "Sword", "Scroll")


def active(bot: CityBot) -> bool:
    return REGION in bot.rules.regions


def in_city(bot: CityBot) -> bool:
    return active(bot) and bot.rules.space(bot.here()).region == REGION


def _names(cards: list[dict[str, Any]]) -> set[str]:
    return {c["name"] for c in cards}


def _wounded(bot: CityBot) -> bool:
    return bool(bot.me["lives"] < bot.rules.characters[bot.me["character"]].lives)


def _gear_wanted(bot: CityBot) -> bool:
    owned = _names(bot.me["objects"])
    gold = bot.me["gold"]
    armour = any(n in owned for n in GEAR) or gold < 2
    weapon = any(n in owned for n in (*WEAPONS, "Holy Lance", "Runesword")) or gold < 1
    return not (armour and weapon)


def _business(bot: CityBot) -> str:
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


def _task_done(bot: CityBot, task: dict[str, Any], trophies: set[str]) -> bool:
    if task.get("done"):
        return True
    if task["n"] == 2:
        return any(t.get("subtype") == "dragon" for t in bot.me["trophies"])
    return task["n"] in TASK_OBJECTS and TASK_OBJECTS[task["n"]] in _names(bot.me["objects"] + bot.me["packed"])


def wants_city(bot: CityBot) -> bool:
    gold = bot.me["gold"]
    return bool((_wounded(bot) and gold >= 2) or (gold >= 3 and _gear_wanted(bot)) or _business(bot))


def errand(bot: CityBot, done: set[str]) -> str:
    """Where in the City the bot goes next; a gate when it is done."""
    gold = bot.me["gold"]
    for district, due in (
        ("west-side", _wounded(bot) and gold >= 1),
        ("bazaar", _gear_wanted(bot)),
        (_business(bot), bool(_business(bot))),
    ):
        if due and district and district not in done:
            return district
    return ""


def _gate_d(bot: CityBot, sid: str) -> int:
    rules = bot.rules
    start = rules.space_index[sid]
    far = reach(rules, start, 20)
    return min((len(far[rules.space_index[g]]) if rules.space_index[g] in far else 0) for g in GATES)


def turn(bot: CityBot, ids: list[str], done: set[str]) -> str | None:
    """The turn menu: go in, go out."""
    enter = [i for i in ids if i.startswith("enter-city:")]
    if enter:
        return enter[0] if wants_city(bot) else None
    leave = [i for i in ids if i.startswith("leave-city:")]
    if leave and not errand(bot, done):
        return leave[0]
    return None


def move(bot: CityBot, ids: list[str], done: set[str]) -> str | None:
    """A move between districts: toward the errand, else toward the nearest gate."""
    moves = [i for i in ids if i.startswith("move:")]
    if not moves:
        return None
    rules = bot.rules
    aim = errand(bot, done)

    def distance(i: str) -> tuple[int, str]:
        sid = i.split(":", 1)[1]
        if aim:
            if sid == aim:
                return (0, sid)
            far = reach(rules, rules.space_index[sid], 20)
            return (len(far.get(rules.space_index[aim], [])) or 99, sid)
        return (_gate_d(bot, sid), sid)

    best = min(moves, key=distance)
    if aim and best.split(":", 1)[1] == aim:
        done.add(aim)
    return best


class CityDistrictsRules:
    """The bot's rules for the City's own decisions (mixed into the heuristic bot)."""

    def on_city_arena(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "gladiator" if self.battle_strength() >= 10 and self.me["lives"] >= 3 else "none"

    def on_city_temple(self: CityBot, d: Decision, ids: list[str]) -> str:
        need = max(0, SAFE_PRAYER - 1 - self.me["craft"])
        return f"pray:{need}" if f"pray:{need}" in ids and self.me["gold"] - need >= 1 else "none"

    def on_city_enchantress(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "enchantress" if self.battle_strength() >= 9 and self.me["lives"] >= 3 else "nothing"

    def on_city_west_side(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "chiurgeon" if "chiurgeon" in ids and _wounded(self) else "nothing"

    def on_city_well(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "wish" if "wish" in ids and self.me["gold"] >= 4 else "nothing"

    def on_city_tax_collector(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "pay" if "pay" in ids else "gaol"

    def on_city_county_patrol(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "fight" if self.battle_strength() >= 8 else "go"

    def on_city_free_purchase(self: CityBot, d: Decision, ids: list[str]) -> str:
        return next((f"take:{n}" for n in FREE_PICKS if f"take:{n}" in ids), ids[0])

    def on_city_sheriff(self: CityBot, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i != "none"), "none")

    def on_city_palace(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "enlist"

    def on_city_escort(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "escort"

    def on_city_harbour(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "none"  # the bot walks

    def on_city_trial_lean(self: CityBot, d: Decision, ids: list[str]) -> str:
        return "none"
