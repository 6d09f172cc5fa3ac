"""The core game's advice on fights, encounters and other characters: fight when the odds
allow, evade or cast when they do not, meet a character only to take something from it."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot, Sheet
from talisman.engine.decision import Decision, Option
from talisman.modules.core.advice.common import (
    ADVICE,
    CARRIED,
    HARD_FOES,
    beatable,
    card_on_space,
    fight_strength,
    holds_talisman,
    hunt_margin,
    hunting,
    prey,
    ruler,
    unseats,
    value_of,
)
from talisman.modules.core.advice.holdings import best_card

BAD_ODDS_SPELLS = ("Invisibility", "Immobility", "Psionic Blast")
ROLL_AWAY: Final = 6  # spaces a character may cover in one turn's move


def cast_named(bot: HeuristicBot, *names: str) -> str | None:
    """The first Spell offered whose card has one of these names."""
    for o in bot.options("cast"):
        if bot.card(o.card).name in names:
            return o.id
    return None


@ADVICE.answer("fate")
def _fate(bot: HeuristicBot, d: Decision) -> str:
    """Roll a battle's die again when it shows 2 or less; keep every other roll."""
    if d.about.get("purpose") != "battle":
        return "keep"
    again = "reroll" if bot.offered("reroll") else bot.first("reroll-card") or "keep"
    return again if int(d.about.get("roll", 99)) <= 2 else "keep"


@ADVICE.answer("combat")
def _combat(bot: HeuristicBot, d: Decision) -> str | None:
    """A shot or a spirit sent away first; against bad odds an evasion or a Spell; else fight
    (with a fury when the odds are close). Options a module forbids here are never taken."""
    forbidden: set[str] = set().union(*bot.tell("forbidden", d))
    ids = [i for i in d.ids if i not in forbidden]
    for safe in ("exorcise", "let-be", "pistol", "bow", "killer-blow"):
        if safe in ids:
            return safe  # no risk: a spirit sent away, a shot before the battle, a blow without its die
    if "foe" not in d.about:
        return "fight" if "fight" in ids else None  # (a fight of two scores at once: the Dragon King's)
    foe, mine = int(d.about["foe"]), int(d.about["mine"])
    foe += HARD_FOES.get(" and ".join(d.about["foes"]), 0)
    if foe >= mine and "let-them-be" in ids:
        return "let-them-be"
    if foe > mine + 1:
        for o in d.options:
            if o.id not in ids:
                continue
            if o.id == "evade" or o.id == "bribe":
                return o.id
            if o.verb == "cast" and bot.card(o.card).name in BAD_ODDS_SPELLS:
                return o.id
        if "mercenary" in ids:
            return "mercenary"
        if "assassinate" in ids:
            return "assassinate"
    if "charm" in ids:
        return "charm"
    for stand_in in bot.tell("stand-in", d, foe, mine):
        if stand_in:
            return str(stand_in)
    if mine - 1 <= foe <= mine + 3:
        for fury in ("charge", "berserk"):  # +2 or +3 Strength for this fight, paid with the next turn
            if fury in ids:
                return fury
    return "fight"


@ADVICE.answer("lost-fight")
def _lost_fight(bot: HeuristicBot, d: Decision) -> str:
    cast = bot.first("cast")
    if cast:
        return cast
    if bot.offered("rematch") and d.about.get("result") == "lose":
        return "rematch"  # the Amazon fights once more: nothing worse can come of it
    return "accept"


@ADVICE.answer("defend")
def _defend(bot: HeuristicBot, d: Decision) -> str:
    if bot.offered("evade"):
        return "evade"
    return cast_named(bot, "Invisibility") or "defend"


ADVICE.always("evade", "evade-ability", why="An ability a rival uses on the bot is evaded when it may be.")


@ADVICE.answer("defeat")
def _defeat(bot: HeuristicBot, d: Decision) -> str:
    return bot.first("cast") or "accept"


@ADVICE.answer("combat-magic")
def _combat_magic(bot: HeuristicBot, d: Decision) -> str:
    if bot.me["craft"] >= 4:
        return cast_named(bot, "Psionic Blast") or "ready"
    return "ready"


@ADVICE.answer("encounter")
def _encounter(bot: HeuristicBot, d: Decision) -> str | None:
    """Meet a character only to take something from it (a module may know better first); else
    pass by a space whose cards would hurt, or meet the space (or its cards)."""
    for o in bot.options("meet"):
        if worth_meeting(bot, bot.sheet(o.seat)):
            return o.id
    if bot.offered("scroll-instead"):
        return "scroll-instead"
    for way in bot.tell("encounter-instead", d):
        if way:
            return str(way)
    if bot.offered("pass-by") and any(card_on_space(bot, c) < 0 for c in bot.view["board"].get(bot.here(), ())):
        return "pass-by"
    for i in ("space", "nothing"):
        if bot.offered(i):
            return i
    return next((o.id for o in d.options if o.verb != "meet"), None)


def worth_meeting(bot: HeuristicBot, other: Sheet) -> bool:
    """A character worth meeting: one the bot hunts and can beat, or one it can take from."""
    if other["controller"] == bot.me["controller"]:
        return False
    if hunting(bot):
        return beatable(bot, other, hunt_margin(bot))
    takers = {"steal", "beguile", "take-follower", "fortune-telling"}
    if bot.traits() & takers:
        return True
    return bool(beatable(bot, other, 2) and other["lives"] <= bot.me["lives"])


@ADVICE.answer("meet")
def _meet(bot: HeuristicBot, d: Decision) -> str | None:
    """Take from the character met; attack it when clearly stronger; else leave it be. A hunter
    attacks the prey it can beat before taking anything: only a life lost brings its end nearer
    (a Thief of Strength 34 that stole a gold from its prey at every meeting never won)."""
    them = bot.sheet(int(d.about["other"])) if "other" in d.about else None
    hunter = hunting(bot)
    if them is not None and hunter:
        blow = _blow(bot, them, hunt_margin(bot))
        if blow:
            return blow
    for verb in ("steal", "beguile", "lure", "woo", "enslave", "fortune"):
        choice = bot.first(verb)
        if choice:
            return choice
    if them is not None:
        blow = None if hunter else _blow(bot, them, 2)
        if blow:
            return blow
        for verb in ("imprison", "curse"):
            if bot.offered(verb):
                return verb
    return None


def _blow(bot: HeuristicBot, them: Sheet, margin: int) -> str | None:
    """The attack on the character met that the bot expects to win by ``margin``, if one is offered."""
    assassinate = [o for o in bot.options("assassinate") if "seat" in o.args]
    if assassinate and bot.me["strength"] >= them["strength"]:
        return assassinate[0].id
    attack = bot.first("attack")
    if attack and fight_strength(bot, bot.me) >= fight_strength(bot, them) + margin:
        return attack
    psychic = bot.first("psychic")
    if psychic and bot.me["craft"] >= them["craft"] + margin:
        return psychic
    return None


@ADVICE.answer("meet", order=-10)
def _leave_in_peace(bot: HeuristicBot, d: Decision) -> str:
    return "leave" if bot.offered("leave") else d.options[0].id


@ADVICE.answer("crown-challenge")
def _crown_challenge(bot: HeuristicBot, d: Decision) -> str:
    """On the Crown with a rival: attack it where the bot's edge is greatest (battle, or
    psychic combat where it may); only a fight can rid the Crown of it."""
    attacks = [o for o in bot.options("attack", "psychic") if "seat" in o.args]
    if not attacks:
        return d.options[0].id

    def edge(o: Option) -> tuple[int, str]:
        them = bot.sheet(o.seat)
        if o.verb == "psychic":
            return (int(bot.me["craft"]) - int(them["craft"]), o.id)
        return (fight_strength(bot, bot.me) - fight_strength(bot, them), o.id)

    return max(attacks, key=edge).id


@ADVICE.answer("spoils")
def _spoils(bot: HeuristicBot, d: Decision) -> str:
    """A Talisman the bot lacks (the way to the Crown); a life when lives win the game (on the
    Crown, hunting); else the best Object or Follower the bot does not have yet."""
    room = len(bot.me["objects"]) < CARRIED
    if room and not bot.has("Talisman"):
        for o in bot.options("object"):
            if bot.card(o.card).name == "Talisman":
                return o.id
    if bot.offered("life") and (bot.rules.space(bot.here()).kind == "crown" or hunting(bot)):
        return "life"
    best, value = "life", 3
    # an Object the bot has no room for is left on the space, for anyone to pick up
    for o in bot.options("object", "follower") if room else bot.options("follower"):
        name = bot.card(o.card).name
        v = 0 if bot.has(name) else value_of(bot, name)
        if v > value:
            best, value = o.id, v
    return best


@ADVICE.answer("command")
def _command(bot: HeuristicBot, d: Decision) -> str:
    """The Command Spell at the character with fewest lives (the soonest finished); between
    equals, at the one with a Talisman nearest the Crown (the one that could come and fight)."""

    def soonest(o: Option) -> tuple[int, int, int, str]:
        them = bot.sheet(o.seat)
        armed = any(c["name"] == "Talisman" for c in them["objects"] + them["packed"])
        return (int(them["lives"]), not armed, bot.distance(them["space"], bot.here()), o.id)

    return min(d.options, key=soonest).id


@ADVICE.answer("turn", order=95)
def _free_to_command(bot: HeuristicBot, d: Decision) -> str | None:
    """On the Crown with rivals left, the bot drops what forbids it Spells (the Amulet: not even
    the Command Spell): the spell is how the ruler wins, and a Troll holding the Amulet stood on
    the Crown for 400 turns, casting nothing, its rival never struck and so never admitting defeat."""
    if bot.rules.space(bot.here()).kind != "crown" or not bot.rivals():
        return None
    for o in bot.options("drop"):
        if "no-spells" in bot.card(o.card).traits:
            return o.id
    return None


@ADVICE.answer("turn", order=94)
def _room_for_the_prize(bot: HeuristicBot, d: Decision) -> str | None:
    """Hunting a Talisman with its hands full, the bot drops its least valuable Object when its
    prey is a roll away: a beaten character's Talisman is taken only into a free hand (a Dwarf
    carrying four Objects beat a Minstrel 30 times in 400 turns, took a life each time, and the
    Minstrel healed them all)."""
    if bot.has("Talisman") or len(bot.me["objects"]) < CARRIED or not hunting(bot):
        return None
    here = bot.here()
    if not any(holds_talisman(p) and bot.distance(here, p["space"]) <= ROLL_AWAY for p in prey(bot)):
        return None
    drops = bot.options("drop")
    return min(drops, key=lambda o: value_of(bot, bot.card(o.card).name, 1)).id if drops else None


STRUCK: Final = "struck"  # the bot's memory: the ruler's seat, and the lives its Command Spell took
WORN_DOWN: Final = 8  # lives lost to one ruler's Command Spell that show the bot never gets to the Crown


@ADVICE.answer("command-victim")
def _command_victim(bot: HeuristicBot, d: Decision) -> str:
    """Lose a life while the bot may still unseat the ruler. 000 lets the victim admit defeat
    instead, and one that cannot (no Talisman to pass the Valley of Fire, or no hope of beating
    the ruler) does: it could only heal every loss for ever, and the game is the ruler's. So
    does one that has lost :data:`WORN_DOWN` lives to this ruler and is still further from the
    Crown than it has lives: whatever holds it back (a Poltergeist's one space a turn, the Sentinel's bridge), it heals
    what the spell takes and sets out again (an Assassin that could beat the ruler went to and
    fro between the Chapel and the Fields for 500 turns)."""
    holder = ruler(bot)
    hopeless = holder is not None and not (bot.has("Talisman") and unseats(bot, holder))
    if holder is not None and not hopeless:
        seat, lost = bot.memory.get(STRUCK, (-1, 0))
        lost = lost + 1 if seat == holder["seat"] else 1
        bot.memory[STRUCK] = (holder["seat"], lost)
        hopeless = lost >= WORN_DOWN and bot.distance(bot.here(), holder["space"]) > int(bot.me["lives"])
    return "concede" if hopeless and bot.offered("concede") else "life"


@ADVICE.answer("vampire")
def _vampire(bot: HeuristicBot, d: Decision) -> str:
    if bot.me["lives"] >= 4:
        return "life"
    followers = bot.options("follower")
    return followers[0].id if followers else "life"


@ADVICE.answer("counterspell")
def _counterspell(bot: HeuristicBot, d: Decision) -> str:
    """A rival's Spell aimed at the bot countered (the Command Spell too), but Healing; every other
    Spell let be."""
    target, caster, spell = d.about.get("target"), int(d.about.get("caster", bot.seat)), d.about.get("spell")
    mine = bot.me["controller"]
    kind = bot.card(spell).name if isinstance(spell, int) else ""
    if isinstance(target, int) and bot.sheet(target)["controller"] == mine != bot.sheet(caster)["controller"]:
        return "allow" if kind == "Healing" else bot.first("counter") or "allow"
    return "allow"


@ADVICE.answer("others-turn")
def _others_turn(bot: HeuristicBot, d: Decision) -> str:
    """Healing on itself when badly wounded; no other Spell out of turn."""
    if bot.me["lives"] > 2:
        return "pass"
    for o in bot.options("cast"):
        if bot.card(o.card).name == "Healing" and o.args.get("target") == bot.seat:
            return o.id
    return "pass"


@ADVICE.answer("prevent-life-loss", "save-follower")
def _save(bot: HeuristicBot, d: Decision) -> str:
    return bot.first("cast") or "accept"


@ADVICE.answer("lost-turn")
def _lost_turn(bot: HeuristicBot, d: Decision) -> str:
    return bot.first("cast") or "miss"


@ADVICE.answer("beguile", "acquisition")
def _beguile(bot: HeuristicBot, d: Decision) -> str | None:
    return best_card(bot, d.options) or bot.first("take")


@ADVICE.answer("mesmerism")
def _mesmerism(bot: HeuristicBot, d: Decision) -> str | None:
    return best_card(bot, d.options)


def trait_number(bot: HeuristicBot, card: int, keyword: str) -> int:
    """The number of a card's ``keyword:N`` trait (0 without one): the Dog's ``stand-in:2``."""
    for t in bot.card(card).traits:
        name, _, n = t.partition(":")
        if name == keyword and n.isdigit():
            return int(n)
    return 0


def best_stand_in(bot: HeuristicBot, sent: list[tuple[int, str]], foe: int, mine: int) -> str | None:
    """Of the stand-ins offered (each its fighting score and option id), the best one when it fights
    as well as the bot, or when a loss would cost one of the bot's last lives; else None."""
    if not sent:
        return None
    score, best = max(sent)
    return best if score >= mine or (bot.me["lives"] <= 2 and foe >= mine) else None


@ADVICE.on("stand-in")
def _stand_in(bot: HeuristicBot, d: Decision, foe: int, mine: int) -> str | None:
    """A ``stand-in:N`` Follower (the Dog, the Faithful Hound) in the bot's place when it fights as
    well, or when a loss would cost one of the bot's last lives (beaten, the Follower dies instead)."""
    sent = [(trait_number(bot, o.card, "stand-in"), o.id) for o in bot.options("stand-in")]
    return best_stand_in(bot, sent, foe, mine)
