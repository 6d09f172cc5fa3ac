"""The rule-aware bot's knowledge of 000's Talisman City (module ``city-classic``).

It goes in through the Gate with gold to spend (never penniless: Statute J), shops (the Doctor
when wounded, the Armoury, the Magic Emporium), keeps from the crimes it can avoid (no shot,
blow, charm or Spell in the streets, no robbery, no street trade: evading when it can), takes a
Loan only to escape being penniless and repays it before going, gets out of the Donjon by a
bribe or the judge, and leaves when its purse is spent: by road, or by barge with a Warrant.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import CARRIED, score_space, target
from talisman.modules.core.advice.moving import next_move

ADVICE: Final = Advice("city-classic")
ADVICE.space_worth(
    {
        "street": 1,
        "town-square": 1,
        "wharf": 1,
        "city-gate": 1,
        "armoury": 1,
        "high-temple": 1,
        "magic-emporium": 1,
        "donjon": -5,
    }
)
CITY_GATE: Final = "city-gate"
CITY_PURSE: Final = 3  # gold worth taking into the City
CITY_FORBIDDEN: Final = ("Cyborg", "Ghoul", "Hobgoblin", "Orc", "Troll")  # Statute I: their very being is a crime
LOAN_DUE: Final = 4
# Options that break a Statute of the City (Statutes C, D, G, H, E): not taken in its streets.
CITY_CRIMES: Final = (
    "bow",
    "pistol",
    "killer-blow",
    "assassinate",
    "charm",
    "beguile",
    "buy-dagger",
    "buy-helmet",
    "rob",
)


def in_city(bot: HeuristicBot) -> bool:
    return bot.region(bot.here()) == "city" and CITY_GATE in bot.rules.space_index


def _forbidden_race(bot: HeuristicBot) -> bool:
    return bot.rules.characters[bot.me["character"]].name in CITY_FORBIDDEN


def city_welcome(bot: HeuristicBot) -> bool:
    """Worth going into the City: gold to spend, and not of a race its Law forbids (Statute I)."""
    return bool(bot.me["gold"] >= CITY_PURSE and not _forbidden_race(bot))


def city_done(bot: HeuristicBot) -> bool:
    """Time to leave the City: the purse is spent (a penniless character breaks Statute J), a Warrant, wounds."""
    me = bot.me
    return bool(
        me["gold"] <= 1 or me["status"].get("warrant") or (me["lives"] <= 1 and me["gold"] < 2) or _forbidden_race(bot)
    )


def _way_out(bot: HeuristicBot) -> str:
    return bot.nearest([s.id for s in bot.rules.spaces if s.region == "outer" and s.id != "city"])


@ADVICE.aim(order=70)
def _city_aim(bot: HeuristicBot) -> str | None:
    """Where to go in the City (None outside it): the Bank to repay a Loan, the Wharf with a
    Warrant, the way out when done, the Doctor when wounded, the Armoury, the Magic Emporium,
    and out once nothing is left to buy."""
    if not in_city(bot):
        return None
    me = bot.me
    if me["status"].get("loan"):
        return "bank" if me["gold"] >= LOAN_DUE else ""
    if me["status"].get("warrant"):
        return "wharf"  # no way out by road
    if city_done(bot):
        return _way_out(bot)
    if me["lives"] <= 3 and me["gold"] >= 2:
        return "doctors-surgery"
    owned = {c["name"] for c in me["objects"]}
    room = len(me["objects"]) < CARRIED  # (with its hands full it could buy nothing there, visit after visit)
    if me["gold"] >= 4 and room and not owned & {"Armour", "Shield", "Helmet", "Cloak", "Buckler"}:
        return "armoury"
    caster = bot.rules.characters[me["character"]].spells > 0  # a character that begins with Spells
    if me["gold"] >= 2 and caster and me["spell_count"] < 2 and me["craft"] >= 4:
        return "magic-emporium"
    return _way_out(bot)


@ADVICE.space_bonus
def _city_gate(bot: HeuristicBot, sid: str, aim: str) -> float:
    """Never into the City without money."""
    if bot.rules.space(sid).kind == "city" and CITY_GATE in bot.rules.space_index:
        return 1.0 if city_welcome(bot) else -4.0
    return 0.0


@ADVICE.flag("spells-are-crimes")
def _spells_are_crimes(bot: HeuristicBot) -> bool:
    return in_city(bot)


@ADVICE.flag("next-move-unwelcome")
def _unwelcome(bot: HeuristicBot) -> bool:
    return next_move(bot) == CITY_GATE and not city_welcome(bot)


@ADVICE.answer("turn", order=80)
def _wharf(bot: HeuristicBot, d: Decision) -> str | None:
    """On the City's Wharf with the City done: a barge out, or (with a Warrant and no fare) stowing away."""
    if not in_city(bot) or not city_done(bot) or bot.me["status"].get("loan"):
        return None
    if bot.offered("barge:outer"):
        return "barge:outer"
    return "stowaway" if bot.offered("stowaway") and bot.me["status"].get("warrant") else None


@ADVICE.answer("combat", order=50)
def _no_fight_in_the_streets(bot: HeuristicBot, d: Decision) -> str | None:
    """A fight in the City is a crime (Statutes A and B): evade when the rules allow."""
    if in_city(bot):
        for safe in ("evade", "let-be", "let-them-be"):
            if bot.offered(safe):
                return safe
    return None


@ADVICE.on("forbidden")
def _crimes(bot: HeuristicBot, d: Decision) -> set[str]:
    return set(CITY_CRIMES) if d.kind == "combat" and in_city(bot) else set()


@ADVICE.on("choose-preferences")
def _city_choices(bot: HeuristicBot, d: Decision, prefs: list[str]) -> None:
    """No crime; a potion when healthy and rich enough; an address to the Council for the neutral."""
    if not in_city(bot):
        return
    me = bot.me
    prefs[:] = [p for p in prefs if p not in CITY_CRIMES] + (["potion"] if me["lives"] >= 3 and me["gold"] >= 3 else [])
    if me["alignment"] == "neutral":
        prefs.append("address")


@ADVICE.answer("voyage")
def _voyage(bot: HeuristicBot, d: Decision) -> str:
    return max(d.options, key=lambda o: (score_space(bot, o.space, ""), o.id)).id


@ADVICE.answer("barge")
def _barge(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("sail"):  # the Six Fates Inn's riverman
        return "sail" if city_done(bot) else "stay"
    return "ride" if bot.me["gold"] >= CITY_PURSE and target(bot) == "" else "stay"


@ADVICE.answer("bank")
def _bank(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("repay"):
        return "repay"
    return "loan" if bot.offered("loan") and bot.me["gold"] == 0 else "leave"


@ADVICE.answer("warrant")
def _warrant(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("hand-over"):
        return "hand-over"
    lays = bot.options("warrant")
    if not lays or bot.me["gold"] < CITY_PURSE + 1:
        return "none" if bot.offered("none") else d.options[0].id
    return max(lays, key=lambda o: (bot.sheet(o.seat)["strength"] + bot.sheet(o.seat)["craft"], o.id)).id


@ADVICE.answer("donjon")
def _donjon(bot: HeuristicBot, d: Decision) -> str:
    return "bribe" if bot.offered("bribe") else "judged"
