"""The rule-aware bot's knowledge of 000's Talisman City (module ``city-classic``).

It goes in through the Gate with gold to spend (never penniless: Statute J), shops (the Doctor
when wounded, the Armoury, the Magic Emporium), keeps from the crimes it can avoid (no shot,
blow, charm or Spell in the streets, no robbery, no street trade: evading when it can), takes a
Loan only to escape being penniless and repays it before going, gets out of the Donjon by a
bribe or the judge, and leaves when its purse is spent: by road, or by barge with a Warrant (with
neither a fare nor the freedom to stow away, by road all the same: the Gate's arrest takes it to
the judge, who discards the Warrant).

In the Donjon it bribes the judge when it can, and tries to escape (rather than be judged, who
may flog) with a last life. A neutral character goes to the Anarchists' Guild to be healed free,
any character has Broken or Damaged armour mended at the Armoury, sells the Objects it holds
twice, and buys the Pedlar's Helmet (a crime) when it has none and could beat the Watch. The Six
Fates Inn's riverman takes it out once the City has nothing left for it.

The Wharf is also its way past the Sentinel: heading for the Middle Region (the Warlock, the
Portal of Power) when it dares not fight him, it goes to the City with the fare (or rides a
Barge met there) and takes the barge to the space of the Middle Region nearest its aim. Done
with the City and without a fare, it stows away when it could beat the Sailor. At the Royal
Castle it lays a Warrant on the rival furthest along when a gold can be spared.
"""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision
from talisman.modules.core.advice.common import (
    CARRIED,
    battle_strength,
    dares_the_bridge,
    progress,
    score_space,
    target,
)
from talisman.modules.core.advice.holdings import spare
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
BARGE_INWARD: Final = 4  # the barge's fare to the Middle Region
BARGE_OUTWARD: Final = 2  # the barge's fare to the Outer Region
SAILOR: Final = 6  # the Strength of the Sailor who may see a stowaway
WATCH: Final = 7  # the Strength of the Watch, who comes for a criminal on a Law card
GUILD: Final = "anarchists-guild"  # heals a neutral character to its starting lives, free
ARMOURS: Final = ("Armour", "Shield", "Helmet", "Cloak", "Buckler")
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


def outside_aim(bot: HeuristicBot) -> str:
    """Where the bot heads beyond the City (the first aim of the other modules and the core game)."""
    found = bot.plan.get("outside-aim")
    if found is None:
        found = ""
        for rule in bot.know.aims:
            said = rule(bot) if rule is not _city_aim else None
            if said is not None:
                found = said
                break
        bot.plan["outside-aim"] = found
    return str(found)


def by_water(bot: HeuristicBot) -> bool:
    """Could a wanted character leave by the Wharf: a barge's fare (2G), or free to stow away
    (000: no Followers)? Else the road is its way out: arrested at the Gate, it is judged in the
    Donjon, and the judge discards the Warrant (a character with no gold and a Follower it cannot
    leave, the Hag's curse, walked the streets for 600 turns between the Wharf and the Gate)."""
    return bool(bot.me["gold"] >= BARGE_OUTWARD or not bot.me["followers"])


def barge_inward(bot: HeuristicBot) -> bool:
    """Heading for the Middle Region past a Sentinel it dares not fight, with the barge's fare:
    the Wharf's barge puts it ashore there (000: 4G, to any space of the Middle Region)."""
    if bot.me["gold"] < BARGE_INWARD or bot.me["status"].get("raft"):
        return False
    aim = outside_aim(bot)
    return bool(aim) and bot.region(aim) == "middle" and not dares_the_bridge(bot)


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
        return "wharf" if by_water(bot) else _way_out(bot)  # (by road: arrested at the Gate, then judged)
    if barge_inward(bot):
        return "wharf"  # the barge past the Sentinel
    if me["alignment"] == "neutral" and me["lives"] < bot.rules.characters[me["character"]].lives:
        return GUILD  # healed free
    if city_done(bot):
        return _way_out(bot)
    if me["lives"] <= 3 and me["gold"] >= 2:
        return "doctors-surgery"
    owned = {c["name"] for c in me["objects"]}
    room = len(me["objects"]) < CARRIED  # (with its hands full it could buy nothing there, visit after visit)
    if me["gold"] >= 4 and room and not owned & set(ARMOURS):
        return "armoury"
    caster = bot.rules.characters[me["character"]].spells > 0  # a character that begins with Spells
    if me["gold"] >= 2 and caster and me["spell_count"] < 2 and me["craft"] >= 4:
        return "magic-emporium"
    return _way_out(bot)


@ADVICE.value("way-in")
def _by_barge(bot: HeuristicBot) -> str | None:
    """Kept out of the Middle Region by the Sentinel: the City, for the Wharf's barge."""
    if CITY_GATE in bot.rules.space_index and city_welcome(bot) and bot.me["gold"] >= BARGE_INWARD + 1:
        return "city"
    return None


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
    """On the City's Wharf: the barge into the Middle Region past the Sentinel; with the City done,
    a barge out, or with no fare stowing away (with a Warrant, or able to beat the Sailor)."""
    if not in_city(bot) or bot.me["status"].get("loan"):
        return None
    if barge_inward(bot) and bot.offered("barge:middle"):
        return "barge:middle"
    if not city_done(bot):
        return None
    if bot.offered("barge:outer"):
        return "barge:outer"
    me = bot.me
    bold = battle_strength(bot) >= SAILOR and me["lives"] >= 2
    return "stowaway" if bot.offered("stowaway") and (me["status"].get("warrant") or bold) else None


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
    """No crime but the Pedlar's Helmet (see :func:`pedlar_pays`); armour mended first; Objects
    held twice sold; a potion when healthy and rich enough; an address to the Guild for the neutral."""
    if not in_city(bot):
        return
    me = bot.me
    prefs[:] = ["mend-armour", "mend-helmet", *(p for p in prefs if p not in CITY_CRIMES)]
    prefs += ["potion"] if me["lives"] >= 3 and me["gold"] >= 3 else []
    prefs += ["buy-helmet"] if pedlar_pays(bot) else []
    prefs += ["sell"] if spare(bot) else []
    if me["alignment"] == "neutral":
        wounded = me["lives"] < bot.rules.characters[me["character"]].lives
        prefs[:0] = ["heal"] if wounded else []  # the Guild's, free
        prefs.append("address")


def pedlar_pays(bot: HeuristicBot) -> bool:
    """The Pedlar's Helmet costs 1G (the Armoury's, 2G) and a crime: the Law check draws a City card,
    and a Law card brings the Watch (Strength 7). Worth it with no armour, a gold to spare after
    it, and the strength to beat the Watch should it come."""
    me = bot.me
    owned = {c["name"] for c in me["objects"]}
    return bool(me["gold"] >= 2 and not owned & set(ARMOURS) and battle_strength(bot) >= WATCH)


@ADVICE.answer("voyage")
def _voyage(bot: HeuristicBot, d: Decision) -> str:
    """Ashore where landing is worth most, toward where the bot heads beyond the City."""
    aim = outside_aim(bot) if in_city(bot) else target(bot)
    return max(d.options, key=lambda o: (score_space(bot, o.space, aim), o.id)).id


def leaving(bot: HeuristicBot) -> bool:
    """Nothing left for the bot in the City: it heads out (or must: a Warrant keeps it off the road)."""
    aim = bot.aim()
    return bool(bot.me["status"].get("warrant") or aim == "" or bot.region(aim) != "city")


@ADVICE.answer("barge")
def _barge(bot: HeuristicBot, d: Decision) -> str:
    """The riverman's passage once the City has nothing left for the bot; a Barge met to the
    Wharf when the City pays (gold to spend and nowhere to be), or as the way past the Sentinel."""
    if bot.offered("sail"):  # the Six Fates Inn's riverman
        return "sail" if leaving(bot) and not bot.me["status"].get("loan") else "stay"
    if barge_inward(bot) and bot.me["gold"] >= BARGE_INWARD + 1 and city_welcome(bot):
        return "ride"
    return "ride" if bot.me["gold"] >= CITY_PURSE and target(bot) == "" else "stay"


@ADVICE.answer("bank")
def _bank(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("repay"):
        return "repay"
    return "loan" if bot.offered("loan") and bot.me["gold"] == 0 else "leave"


@ADVICE.answer("warrant")
def _warrant(bot: HeuristicBot, d: Decision) -> str:
    """A wanted loser to the Law; a Warrant (1G) on the rival furthest along, a gold to spare."""
    if bot.offered("hand-over"):
        return "hand-over"
    lays = bot.options("warrant")
    if not lays or bot.me["gold"] < 2:
        return "none" if bot.offered("none") else d.options[0].id
    return max(lays, key=lambda o: (progress(bot.sheet(o.seat)), o.id)).id


@ADVICE.answer("donjon")
def _donjon(bot: HeuristicBot, d: Decision) -> str:
    """A bribe when it can; else the judge (out on a 5 or a 6, or a fine it can pay), but with a
    last life an escape (a 1 on a die), for the judge may flog it (a life)."""
    if bot.offered("bribe"):
        return "bribe"
    return "escape" if bot.me["lives"] <= 1 else "judged"
