"""The core game's advice on what to take, keep, buy and give up, and on the choices cards and
spaces offer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.engine.decision import Decision, Option
from talisman.modules.core.advice.common import (
    ADVICE,
    ITEM_VALUE,
    WEAPONS,
    card_on_space,
    kept_out,
    raft_builder,
    score_space,
    target,
    value_of,
)


def _card_options(options: Iterable[Option]) -> list[Option]:
    return [o for o in options if "card" in o.args]


def best_card(bot: HeuristicBot, options: Iterable[Option], default: int = 2) -> str | None:
    """The option naming the most valuable card, if any."""
    cards = _card_options(options)
    if not cards:
        return None
    return max(cards, key=lambda o: (value_of(bot, bot.card(o.card).name, default), o.id)).id


def worst_card(bot: HeuristicBot, options: Iterable[Option], default: int = 2) -> str | None:
    """The option naming the least valuable card, if any."""
    cards = _card_options(options)
    if not cards:
        return None
    return min(cards, key=lambda o: (value_of(bot, bot.card(o.card).name, default), o.id)).id


def spare(bot: HeuristicBot) -> set[int]:
    """The Objects the bot holds a second of, that it never uses up (a second Sword adds nothing;
    a second Potion is a second drink)."""
    seen: set[str] = set()
    found = set()
    for c in bot.me["objects"] + bot.me["packed"]:
        if c["name"] in seen and not bot.card(int(c["id"])).use:
            found.add(int(c["id"]))
        seen.add(c["name"])
    return found


@ADVICE.answer("turn", order=95)
def _alchemist(bot: HeuristicBot, d: Decision) -> str | None:
    """The Alchemist (a Follower) turns the Objects the bot holds twice into gold."""
    return "alchemist" if bot.offered("alchemist") and spare(bot) else None


DRINKS: Final = {"Potion of Strength": ("strength", 2)}  # Objects drunk in a fight: the attribute and what it adds


@ADVICE.answer("combat", order=4)
def _drink(bot: HeuristicBot, d: Decision) -> str | None:
    """A drink that turns a close fight (the Potion of Strength's +2 against a foe the bot would
    not surely beat, and could beat with it)."""
    if "foe" not in d.about:
        return None
    foe, mine = int(d.about["foe"]), int(d.about["mine"])
    for o in bot.options("use"):
        mode, more = DRINKS.get(bot.card(o.card).name, ("", 0))
        if mode == d.about.get("mode") and mine - 2 <= foe < mine + more + 3:
            return o.id
    return None


@ADVICE.answer("combat", order=3)
def _tame(bot: HeuristicBot, d: Decision) -> str | None:
    """An Animal met tamed when the bot's Craft gives it a chance (2 dice and its Strength under the
    Craft): a Follower for nothing, as one not tamed is fought all the same."""
    for o in bot.options("tame"):
        if bot.me["craft"] > bot.card(o.card).strength + 2:
            return o.id
    return None


@ADVICE.answer("take")
def _take(bot: HeuristicBot, d: Decision) -> str:
    """The most valuable card to take or Follower to hire; a swap only for a clearly better card."""
    takes = [o for o in bot.options("take", "hire") if "card" in o.args]
    if takes:
        return max(takes, key=lambda o: value_of(bot, bot.card(o.card).name, 3)).id
    for o in bot.options("swap-take"):
        new, old = bot.card(o.arg_int("new")).name, bot.card(o.arg_int("old")).name
        if value_of(bot, new, 3) > value_of(bot, old, 3) + 1:
            return o.id
    return "done"


@ADVICE.answer("make-room")
def _make_room(bot: HeuristicBot, d: Decision) -> str:
    """Drop the least valuable Object when the new one is worth more, or when the new one builds
    the raft that takes the bot past the Sentinel (a Ghoul with its hands full bought an Axe at
    the blacksmith and left it lying there, then walked to the Tavern's boatman for 300 turns)."""
    card = bot.card(int(d.about["card"])) if "card" in d.about else None
    name = card.name if card is not None else ""
    new = next((n for n in ITEM_VALUE if n in name), "")
    drops = bot.options("drop")
    if not drops:
        return "leave"
    worst = min(drops, key=lambda o: value_of(bot, bot.card(o.card).name, 1))
    raft = card is not None and "raft-builder" in card.traits and kept_out(bot) and not raft_builder(bot)
    if raft and bot.card(worst.card).name != "Talisman":
        return worst.id
    if new and ITEM_VALUE[new] > value_of(bot, bot.card(worst.card).name, 1) + 1:
        return worst.id
    return "leave"


@ADVICE.answer("shop")
def _shop(bot: HeuristicBot, d: Decision) -> str:
    """Armour, a weapon, a Shield, a Helmet, a Water Bottle: the first not owned yet. When the
    Sentinel bars the bot's way, first a Raft (a Pedlar sells one: it crosses the Storm River
    next turn, from any space of the Outer Region; a Ghoul kept out for 300 turns turned one
    down), then the Axe (it builds a raft)."""
    wanted = ["Armour", "Sword", "Shield", "Helmet", "Axe", "Water Bottle"]
    raft = kept_out(bot) and not raft_builder(bot)
    if raft:
        wanted = ["Axe", *wanted]
    if kept_out(bot):
        wanted = ["Raft", *wanted]  # (a Pedlar's: across the Storm River next turn, from any space)
    owned = {c["name"] for c in bot.me["objects"]}
    for name in wanted:
        armed = name in ("Sword", "Axe") and owned & {"Sword", "Axe", "Holy Lance", "Runesword"}
        if name in owned or armed and not (raft and name == "Axe"):
            continue
        for verb in ("free", "buy"):
            if bot.offered(f"{verb}:{name}"):
                return f"{verb}:{name}"
    return "done"


@ADVICE.answer("sell")
def _sell(bot: HeuristicBot, d: Decision) -> str:
    """An Object held twice, for its gold (the Alchemist's, a Trader's, a shop's); nothing else."""
    extra = spare(bot)
    return next((o.id for o in bot.options("sell") if o.card in extra), "done")


@ADVICE.answer("card-ability")
def _card_ability(bot: HeuristicBot, d: Decision) -> str | None:
    """A card met otherwise when an ability turns it to good (trained, bribed, traded)."""
    if bot.offered("train"):
        return "train"  # the card joins as a Follower
    if bot.offered("law-bribe"):
        return "law-bribe"
    me = bot.me
    if bot.offered("trade") and any(value_of(bot, c["name"]) <= 2 for c in me["objects"] + me["packed"]):
        return "trade"  # a poor Object for a Purchase card
    return "usual" if bot.offered("usual") else None


@ADVICE.answer("heal")
def _heal(bot: HeuristicBot, d: Decision) -> str:
    """As many lives healed as the gold pays for."""
    return d.options[0].id


@ADVICE.answer("buy-fate")
def _buy_fate(bot: HeuristicBot, d: Decision) -> str:
    return "fate:1" if bot.offered("fate:1") and bot.me["gold"] >= 3 else d.options[-1].id


@ADVICE.answer("choose")
def _choose(bot: HeuristicBot, d: Decision) -> str | None:
    """A choice a card or a space offers: by a list of preferences the modules add to (healing
    when wounded, prayer, a Spell...); a place of the bot's choice by its worth; else nothing."""
    me = bot.me
    wounded = me["lives"] < 4
    prefs: list[str] = []
    if wounded:
        prefs += ["healer", "doctor", "heal"]
    if me["gold"] >= 2:
        prefs.append("blacksmith")
    prefs += [
        "pray" if me["lives"] >= 3 else "heal",
        "restore-fate",
        "pay",
        "buy-spell",
        "mystic",
        "refuse",
        "enchantress",
    ]
    bot.tell("choose-preferences", d, prefs)
    if bot.region(bot.here()) == "outer" and kept_out(bot):
        prefs.append("step-through")  # a Magic Portal: half its ways lead past the Sentinel
    for p in prefs:
        if bot.offered(p):
            return p
    places = [o.id for o in d.options if o.id in bot.rules.space_index]
    if places:  # a gate to a place of the bot's choice
        aim = target(bot)
        return max(places, key=lambda i: (score_space(bot, i, aim), i))
    return "nothing" if bot.offered("nothing") else None


@ADVICE.answer("wish")
def _wish(bot: HeuristicBot, d: Decision) -> str:
    """A life when wounded; Craft when the Crown asks for it; else the better attribute."""
    if bot.me["lives"] <= 2:
        return "wish:life"
    if bot.flag("wants-craft"):
        return "wish:craft"
    return "wish:strength" if bot.me["strength"] >= bot.me["craft"] else "wish:craft"


@ADVICE.answer("warlock")
def _warlock(bot: HeuristicBot, d: Decision) -> str:
    """The Warlock's quest is taken while the character has no Talisman."""
    return "quest" if not bot.has("Talisman") else "decline"


ADVICE.always("skip", "optional-roll", why="A roll one may decline is declined: no risk taken that need not be.")


@ADVICE.answer("redraw")
def _redraw(bot: HeuristicBot, d: Decision) -> str:
    """Draw again in place of an Enemy stronger than the bot."""
    for o in bot.options("redraw"):
        c = bot.card(o.card)
        if c.type == "enemy" and max(c.strength, c.craft) > bot.power:
            return o.id
    return "keep"


@ADVICE.answer("end-turn")
def _end_turn(bot: HeuristicBot, d: Decision) -> str:
    """A raft built when the Sentinel bars the bot's way; a Spell gained in the Woods when it
    may be; else the turn ends."""
    if bot.offered("build-raft") and kept_out(bot):
        return "build-raft"
    return "woods-spells" if bot.offered("woods-spells") else "end"


ADVICE.always("raise", "raise-dead", why="A beaten foe is raised as a Follower rather than kept as a trophy.")


ADVICE.always("spell", "spirit-spell", why="A Spell offered for an exorcism is taken.")


@ADVICE.answer("discard-spell")
def _discard_spell(bot: HeuristicBot, d: Decision) -> str:
    return d.options[-1].id


ADVICE.always("keep", "start-scroll", why="The Spells dealt at the start are kept rather than given back for a Scroll.")


@ADVICE.answer("drop")
def _drop(bot: HeuristicBot, d: Decision) -> str:
    """The least valuable Object is left behind."""
    return min(d.options, key=lambda o: value_of(bot, bot.card(o.card).name, 1)).id


@ADVICE.answer("tithe")
def _tithe(bot: HeuristicBot, d: Decision) -> str:
    return "tithe:gold" if bot.offered("tithe:gold") else worst_card(bot, d.options) or d.options[0].id


@ADVICE.answer("destruction")
def _destruction(bot: HeuristicBot, d: Decision) -> str:
    """Destroy the strongest face-up Enemy nearest the bot."""

    def threat(o: Option) -> tuple[int, int]:
        c = bot.card(o.card)
        return (max(c.strength, c.craft) if c.type == "enemy" else -1, -len(o.id))

    return max(d.options, key=threat).id


@ADVICE.answer("lose-follower")
def _lose_follower(bot: HeuristicBot, d: Decision) -> str:
    return worst_card(bot, d.options) or d.options[-1].id


@ADVICE.answer("oracle")
def _oracle(bot: HeuristicBot, d: Decision) -> str:
    """The Oracle's cards back on the deck: the best for the bot on top."""

    def worth(o: Option) -> float:
        c = bot.card(o.card)
        return card_on_space(bot, {"type": c.type, "name": c.name, "strength": c.strength, "craft": c.craft}) + (
            1 if c.type in ("follower", "stranger") else 0
        )

    return max(d.options, key=lambda o: (worth(o), o.id)).id


@ADVICE.answer("crypt")
def _crypt(bot: HeuristicBot, d: Decision) -> str | None:
    takes = bot.options("take")
    return best_card(bot, takes) if takes else "nothing"


@ADVICE.answer("discard-drawn")
def _discard_drawn(bot: HeuristicBot, d: Decision) -> str:
    """Of the cards drawn, the most dangerous Enemy is discarded."""

    def threat(o: Option) -> int:
        c = bot.card(o.card)
        return max(c.strength, c.craft) if c.type == "enemy" else -1

    return max(d.options, key=threat).id


def weapon_held(bot: HeuristicBot) -> bool:
    return any(c["name"] in WEAPONS for c in bot.me["objects"])


@ADVICE.answer("discard-card", "discard-space", "follower-for-life", "steal")
def _first_offered(bot: HeuristicBot, d: Decision) -> str:
    """The first option offered (these choices matter little to the bot's plans)."""
    return bot.main_first()
