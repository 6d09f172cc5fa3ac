"""The interpreter of the effect vocabulary (:mod:`talisman.content.vocabulary`).

An effect list runs as an ``effects`` frame: the first effect executes, the
rest wait below it on the stack, so an effect that needs a choice or a die
simply pushes its own frames on top. ``ctx`` carries what an effect may refer
to: the card being encountered (``src``), the space, the last roll.

Content calls Python only through ``{ hook = "name" }``; a module registers
its hooks on its own :class:`~talisman.content.modules.Module` (``@MODULE.hook``),
and a game finds them in its ruleset's ``hooks``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict, TypeVar

from talisman.content.dice import parse, parse_range, spoken
from talisman.engine import abilities, cards, frames, lives, possessions, realms, spells, stats, transform
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame, frame_of
from talisman.engine.possessions import offer

if TYPE_CHECKING:
    from talisman.engine.game import Game

Ctx = dict[str, Any]
F = TypeVar("F", bound=Callable[..., Any])
EXECUTORS: Final[dict[str, Callable[[Game, int, Any, Ctx], None]]] = {}


def verb(name: str) -> Callable[[F], F]:
    def register(fn: F) -> F:
        EXECUTORS[name] = fn
        return fn

    return register


def run(g: Game, seat: int, effects: Any, ctx: Ctx | None = None) -> None:
    """Push an effect list to run next for ``seat``."""
    if effects:
        g.push_frame(frames.effects(seat, list(effects), ctx or {}))


@ENGINE.service("run_now")
def run_now(g: Game, seat: int, effects: Any, ctx: Ctx) -> None:
    """Run the first effect at once, the rest next: a Spell's effect takes hold as it is cast,
    before its card leaves play (Destroy Magic stops the Wand from drawing a Spell after it)."""
    if len(effects) > 1:
        g.push_frame(frames.effects(seat, list(effects[1:]), ctx))
    if effects:
        run_one(g, seat, effects[0], ctx)


def effect_frames(seat: int, effects: Any, ctx: Ctx | None = None) -> list[Any]:
    return [frames.effects(seat, list(effects), ctx or {})] if effects else []


@ENGINE.handler("effects", args=frames.Effects)
def _effects(g: Game, a: frames.Effects) -> None:
    lst = a["list"]
    seat: int = a["p"]
    ctx = a["ctx"]
    if len(lst) > 1:
        g.push_frame(frames.effects(seat, lst[1:], ctx))
    if lst and g.players[seat].alive:
        run_one(g, seat, lst[0], ctx)


def run_one(g: Game, seat: int, e: dict[str, Any], ctx: Ctx) -> None:
    """Run one effect, once for each character it targets."""
    target = e.get("target", "self")
    if target == "cast_target":
        target = "self" if ctx.get("target") in (None, seat) else target
    if target != "self":
        body = {k: v for k, v in e.items() if k != "target"}
        reached: list[int] = [ctx["target"]] if target == "cast_target" else targets(g, seat, target)
        if target != "each_clockwise" and g.active in reached:
            # Everyone is struck at once; the active character's share comes last,
            # since a lost turn or a death ends its turn and drops the frames after it.
            reached = [t for t in reached if t != g.active] + [g.active]
        for t in reversed(reached):
            g.push_frame(frames.effects(t, [body], ctx))
        return
    if "if" in e and not holds(g, seat, e["if"], ctx):
        return
    if "unless" in e and holds(g, seat, e["unless"], ctx):
        return
    for key, params in e.items():
        if key not in ("if", "unless", "target"):
            execute = EXECUTORS.get(key) or g.rules.verbs[key].execute  # the engine's verbs, then its modules'
            execute(g, seat, params, ctx)
            return


def targets(g: Game, seat: int, target: str) -> list[int]:
    """The characters an effect reaches, clockwise from ``seat``."""
    n = len(g.players)
    order = [(seat + i) % n for i in range(n)]
    alive = [s for s in order if g.players[s].alive]
    region = g.rules.spaces[g.players[seat].space].region
    if alone(g, seat):
        # Alone in a reality of its own (000's Timescape): what it meets reaches no one else.
        return [] if target == "others" else [seat]
    alive = [s for s in alive if not alone(g, s)]
    if target == "everywhere":
        return alive
    # A region sheltered from ``events`` (000's Catacombs) is reached only from within it.
    alive = [s for s in alive if s == seat or not _sheltered(g, s, region)]
    if target == "others":
        return [s for s in alive if s != seat]
    if target in ("all", "each_clockwise"):
        return alive
    if target == "region":
        # A region may count as another for such cards (000: the Dungeon is part of the Outer Region).
        return [
            s for s in alive if event_region(g, g.rules.spaces[g.players[s].space].region) == event_region(g, region)
        ]
    if target.startswith("region:"):
        return [s for s in alive if g.rules.spaces[g.players[s].space].region == target[len("region:") :]]
    if target == "space":
        return [s for s in alive if g.players[s].space == g.players[seat].space]
    raise ValueError(f"unknown target {target!r}")


def alone(g: Game, seat: int) -> bool:
    """Is the character where no one else can touch it, nor it anyone (a region sheltered
    from ``others``: 000's Timescape), with no Dimensional Rift open (``globals["rift"]``)?"""
    return "others" in g.rules.regions[g.rules.spaces[g.players[seat].space].region].sheltered and not g.globals.get(
        "rift"
    )


def _sheltered(g: Game, seat: int, region: str) -> bool:
    theirs = g.rules.spaces[g.players[seat].space].region
    return theirs != region and "events" in g.rules.regions[theirs].sheltered


def event_region(g: Game, region: str) -> str:
    return g.rules.regions[region].events_as or region


# --- conditions -------------------------------------------------------------


def held_names(g: Game, seat: int) -> list[str]:
    p = g.players[seat]
    return [g.rules.instances[c].name for c in p.objects + p.packed + p.followers]


def holds(g: Game, seat: int, cond: dict[str, Any], ctx: Ctx | None = None) -> bool:
    """Does every key of the condition hold for this character now?"""
    p = g.players[seat]
    for key, val in cond.items():
        if key == "alignment":
            ok = p.alignment == val
        elif key == "alignment_not":
            ok = p.alignment != val
        elif key == "has":
            ok = val in held_names(g, seat)
        elif key == "lacks":
            ok = val not in held_names(g, seat)
        elif key == "helped_by":  # a Follower of that name that gives its help (not a suspended one)
            ok = any(g.rules.instances[f].name == val for f in stats.followers_used(g, seat))
        elif key == "has_any":
            names = held_names(g, seat)
            ok = any(v in names for v in val)
        elif key == "trait":
            ok = stats.has_trait(g, seat, val)
        elif key == "space":
            ok = g.rules.spaces[p.space].id == val
        elif key == "region":
            ok = g.rules.spaces[p.space].region == val
        elif key == "space_kind":
            ok = g.rules.spaces[p.space].kind == val
        elif key == "character":
            ok = p.character == val
        elif key == "deck":
            ok = val in g.decks
        elif key == "module":
            ok = g.rules.has_module(val)
        elif key == "option":
            ok = option_holds(g.options, val)
        elif key == "window":  # the window a Spell is cast in
            ok = (ctx or {}).get("window") == val
        elif key == "in_stock":
            ok = cards.stock_has(g, "purchase", val)
        elif key == "not":
            ok = not holds(g, seat, val, ctx)
        elif key == "any":
            ok = any(holds(g, seat, c, ctx) for c in val)
        elif key == "has_followers":
            ok = bool(p.followers) == val
        elif key == "has_spell_room":
            ok = (len(p.spells) < stats.spell_limit(g, seat)) == val
        elif key == "has_talisman_left":
            ok = cards.stock_has(g, "talisman", "Talisman") == val
        elif key == "has_fate_room":
            ok = (p.fate < stats.fate_value(g, seat)) == val
        elif key == "wounded":
            ok = (p.lives < stats.life_cap(g, seat)) == val
        else:
            name, op = key.rsplit("_", 1)
            ok = _compare(_value(g, seat, name), op, val)
        if not ok:
            return False
    return True


def option_holds(options: dict[str, Any], test: str) -> bool:
    """The condition ``option``: ``"NAME"`` holds when the option is on, ``"NAME=VALUE"`` when it has
    that value (as it is written in TOML: ``true``, ``2``, ``dark``).

    >>> option_holds({"herb-price": 2, "lantern": False}, "herb-price=2"), option_holds({"lantern": False}, "lantern")
    (True, False)
    """
    name, eq, want = test.partition("=")
    have = options.get(name)
    if not eq:
        return bool(have)
    shown = ("true" if have else "false") if isinstance(have, bool) else str(have)
    return shown == want


def _value(g: Game, seat: int, name: str) -> int:
    p = g.players[seat]
    if name in ("spells", "objects", "followers"):
        return len(getattr(p, name))
    if name.startswith("base_"):
        return stats.base_value(g, seat, name[5:])
    return stats.attribute(g, seat, name)


def _compare(a: int, op: str, b: int) -> bool:
    return {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b, "eq": a == b}[op]


def amount(g: Game, seat: int, n: Any) -> int:
    """A number in content: an integer, or dice rolled now."""
    if isinstance(n, int):
        return n
    total, faces = g.roll_dice(n, seat)
    if g.log is not None:
        what, working = spoken(n, faces, total, g.die_size(seat))
        g.say(f"{g.name(seat)} rolls {what}: {working}.", type="roll", seat=seat, dice=faces)
    return total


# --- resources --------------------------------------------------------------


@verb("gain")
def _gain(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    p = g.players[seat]
    for attr, n in params.items():
        n = amount(g, seat, n)
        if attr in ("strength", "craft"):
            lives.gain_attribute(g, seat, attr, n)
        elif attr == "lives":
            lives.gain_lives(g, seat, n)
        elif attr == "gold" and p.toad:
            g.gold_on[p.space] = g.gold_on.get(p.space, 0) + n  # a Toad owns nothing: the gold stays here
            g.say(f"A Toad cannot keep gold: {n} gold stays on the {g.space_name(p.space)}.", type="gold", seat=seat)
        elif attr == "gold":
            p.gold += n
            g.say(f"{g.name(seat)} gains {n} gold: {p.gold} now.", type="gold", seat=seat)
        elif attr == "fate":
            if g.options.get("fate"):
                p.fate += n
                g.say(f"{g.name(seat)} gains {n} Fate: {p.fate} now.", type="fate", seat=seat)


@verb("lose")
def _lose(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    p = g.players[seat]
    for attr, n in params.items():
        if attr == "gold":
            n = p.gold if n == "all" else min(p.gold, amount(g, seat, n))
            p.gold -= n
            g.say(f"{g.name(seat)} loses {n} gold: {p.gold} left.", type="gold", seat=seat)
            if n and ctx.get("gold_to") is not None:
                g.gold_on[ctx["gold_to"]] = g.gold_on.get(ctx["gold_to"], 0) + n
            continue
        n = getattr(p, attr) if n == "all" else amount(g, seat, n)
        if attr in ("strength", "craft"):
            lives.lose_attribute(g, seat, attr, n)
        elif attr == "lives":
            lives.lose_lives(g, seat, n, cause_of(g, ctx))
        elif attr == "fate":
            p.fate = max(0, p.fate - n)
            g.say(f"{g.name(seat)} loses {n} Fate.", type="fate", seat=seat)


def cause_of(g: Game, ctx: Ctx) -> str:
    """What to blame for a loss: the card or the space the effect comes from."""
    if ctx.get("cause"):
        cause: str = ctx["cause"]
        return cause
    if ctx.get("src") is not None:
        return f"the {g.card_name(ctx['src'])}"
    if ctx.get("space") is not None:
        return f"the {g.space_name(ctx['space'])}"
    return ""


@verb("heal")
def _heal(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    p = g.players[seat]
    up_to = params.get("up_to", "full")
    missing = stats.life_cap(g, seat) - p.lives
    most = missing if up_to == "full" else min(up_to, missing)
    price = params.get("price", 0)
    if most <= 0:
        g.say(f"{g.name(seat)} needs no healing.", seat=seat)
        return
    if price == 0:
        lives.heal(g, seat, most)
        return
    most = min(most, p.gold // price)
    if most <= 0:
        g.say(f"{g.name(seat)} cannot pay for healing.", seat=seat)
        return
    g.decide(
        seat,
        "heal",
        f"Healing costs {price}G a life: how many lives?",
        [
            Choice(
                f"heal:{k}",
                f"Heal {k} {'life' if k == 1 else 'lives'} for {k * price}G" if k else "No healing",
                [frame("buy_healing", p=seat, n=k, price=price, paid_to=params.get("paid_to", ""))],
            )
            for k in range(most, -1, -1)
        ],
    )


class Buy(TypedDict):
    """Character ``p`` buys ``n`` (Fate, lives) for ``price`` gold each (``paid_to``: who is
    paid, as content names them, ``doctor``; empty: no one in particular)."""

    p: int
    n: int
    price: int
    paid_to: NotRequired[str]


@ENGINE.handler("buy_healing", args=Buy)
def _buy_healing(g: Game, a: Buy) -> None:
    if a["n"]:
        g.players[a["p"]].gold -= a["n"] * a["price"]
        lives.heal(g, a["p"], a["n"])
        if a.get("paid_to"):
            abilities.react(
                "paid", g, a["p"], a["n"] * a["price"], a["paid_to"]
            )  # the Pirate plunders the Doctor's fees


@verb("refill_fate")
def _refill_fate(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    if not g.options.get("fate"):
        return
    p = g.players[seat]
    missing = stats.fate_value(g, seat) - p.fate
    if "up_to" in params:  # restore at most so many (the Sister of Fate)
        missing = min(missing, params["up_to"])
    price = params.get("price", 0)
    if missing <= 0:
        return
    if price == 0:
        p.fate += missing
        g.say(f"{g.name(seat)}'s Fate is restored to {p.fate}.", type="fate", seat=seat)
        return
    most = min(missing, p.gold // price)
    if most <= 0:
        return
    g.decide(
        seat,
        "buy-fate",
        f"Fate costs {price}G each: how many?",
        [
            Choice(
                f"fate:{k}",
                f"Buy {k} Fate for {k * price}G" if k else "Buy none",
                [frame("buy_fate", p=seat, n=k, price=price)],
            )
            for k in range(most, -1, -1)
        ],
    )


@ENGINE.handler("buy_fate", args=Buy)
def _buy_fate(g: Game, a: Buy) -> None:
    p = g.players[a["p"]]
    if a["n"]:
        p.gold -= a["n"] * a["price"]
        p.fate += a["n"]
        g.say(f"{g.name(a['p'])} buys {a['n']} Fate.", type="fate", seat=a["p"])


# --- cards and possessions --------------------------------------------------


@verb("take_card")
def _take_card(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    deck = cards.deck_here(g, seat, params["deck"])
    for _ in range(params.get("n", 1)):
        if deck == "spell":
            possessions.gain_spell(g, seat)
            continue
        card = cards.take_named(g, deck, params["name"]) if "name" in params else cards.draw(g, deck)
        if card is None:
            g.say(f"There is no {params.get('name', g.rules.deck_info[deck]['name'])} left to take.", seat=seat)
            continue
        if g.rules.instances[card].kept_apart:
            possessions.keep_apart(g, seat, card)
        else:
            offer(g, seat, card)
    possessions.check_limits(g, seat)


@ENGINE.handler("make_room", args=frames.CardOf)
def _make_room(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    p = g.players[seat]
    if card not in g.cards_on(p.space):
        return
    g.decide(
        seat,
        "make-room",
        f"You cannot carry the {g.card_name(card)} as well: leave something?",
        [
            Choice("leave", f"Leave the {g.card_name(card)} here", []),
            *[
                Choice(
                    f"drop:{o}",
                    f"Drop the {g.card_name(o)} and take the {g.card_name(card)}",
                    [frames.drop(seat, o), frames.take(seat, card)],
                )
                for o in p.objects
            ],
        ],
        about={"card": card},
    )


@verb("fill_spells")
def _fill_spells(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    if params:
        possessions.fill_spells(g, seat)


@verb("discard")
def _discard(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    p = g.players[seat]
    what = params["what"]
    if what == "spells":
        for c in list(p.spells):
            cards.release(g, seat, c)
            cards.discard(g, c)
        if p.spells == [] and ctx.get("quiet") is None:
            g.say(f"{g.name(seat)} loses all Spells.", seat=seat)
        possessions.fill_wand(g, seat)
    elif "chance" in params:
        # Each Object or Follower on its own die roll, lost on one in ``chance`` (the Tower's traps).
        for c in list(p.followers if what == "followers" else p.objects + p.packed):
            value, _ = g.roll_dice("D6", seat)
            g.say(f"{g.name(seat)} rolls {value} for the {g.card_name(c)}.", type="roll", seat=seat, dice=[value])
            lo, hi = parse_range(params["chance"])
            if not lo <= value <= hi:
                continue
            if what == "followers":
                possessions.lose_follower(g, seat, c, params.get("why", "is lost"))
            else:
                cards.release(g, seat, c)
                cards.discard(g, c)
                g.say(f"{g.name(seat)}'s {g.card_name(c)} {params.get('why', 'is lost')}.", type="lose", seat=seat)
        if what == "objects":
            possessions.settle_packs(g, seat)
    elif what == "followers":
        for f in list(p.followers):
            possessions.lose_follower(g, seat, f)
    elif params.get("pick") == "random":
        # One Follower or Object at random, of those the filter lets through (a thief, a Follower that wanders).
        held = p.followers if what == "follower" else p.objects + p.packed
        flt = params.get("filter")
        pool = [c for c in held if flt is None or card_matches(g, seat, c, flt)]
        why = params.get("why", "is lost")
        if not pool:
            g.say(f"{g.name(seat)} has no {what} to lose.", seat=seat)
        elif what == "follower":
            possessions.lose_follower(g, seat, pool[g.rng.below(len(pool))], why)
        else:
            card = pool[g.rng.below(len(pool))]
            cards.release(g, seat, card)
            cards.discard(g, card)
            g.say(f"{g.name(seat)}'s {g.card_name(card)} {why}.", type="lose", seat=seat)
            possessions.settle_packs(g, seat)
    elif what == "follower" and "name" in params:
        # The Follower of that name (the first), if the character has one (the Prince left at court).
        named = next((f for f in p.followers if g.card_name(f) == params["name"]), None)
        if named is not None:
            possessions.lose_follower(g, seat, named, params.get("why", "is lost"))
    elif what == "follower":
        if p.followers:
            g.decide(
                seat,
                "lose-follower",
                "You must give up a Follower",
                [
                    Choice(f"lose:{f}", f"Give up the {g.card_name(f)}", [frames.lose_follower(seat, f)])
                    for f in p.followers
                ],
            )
    elif what == "objects" and "filter" in params:
        # Some Objects (the Green Mist: Weapons and Armour), and what the rest can carry is settled.
        gone = [c for c in p.objects + p.packed if card_matches(g, seat, c, params["filter"])]
        for c in gone:
            cards.release(g, seat, c)
            cards.discard(g, c)
        g.say(f"{g.name(seat)} loses {', '.join(g.card_name(c) for c in gone) or 'nothing'}.", seat=seat)
        possessions.settle_packs(g, seat)
    elif what == "objects":
        for c in list(p.objects + p.packed):
            cards.release(g, seat, c)
            cards.discard(g, c)


def card_matches(g: Game, seat: int, card: int, flt: dict[str, Any]) -> bool:
    """Does a card pass a filter (:func:`talisman.content.vocabulary.card_filter`)? ``deck = "here"``:
    the deck drawn from where the character stands; ``used_weapon``: a Weapon it fights with."""
    c = g.rules.instances[card]
    if "fixed" in c.traits:
        return False  # it stays where it lies for the rest of the game (000's Disasters)
    for key, val in flt.items():
        if key in ("type", "subtype"):
            ok = getattr(c, key) in ([val] if isinstance(val, str) else val)
        elif key == "weapon":
            ok = c.weapon == val
        elif key == "armour":
            ok = bool(c.armour) == val
        elif key == "deck":
            ok = c.deck == (cards.deck_here(g, seat, "adventure") if val == "here" else val)
        elif key == "used_weapon":
            ok = (card in stats.weapons_used(g, seat)) == val
        elif key == "without_trait":
            ok = val not in c.traits
        else:  # any
            ok = any(card_matches(g, seat, card, sub) for sub in val)
        if not ok:
            return False
    return True


# What ``discard_cards`` asks when the character picks a space (all the cards on it go) or a card.
PICK_PROMPTS = {"space": "Which space is struck?", "card": "Which card is discarded?"}


@verb("discard_cards")
def _discard_cards(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """Discard face-up cards from the board that pass a filter, in the character's region or anywhere:
    all of them (the Fire), each on a die roll in ``chance`` (the Gate Smasher), those on one space the
    character chooses (Summon Storm), or one card it chooses (Destruction)."""
    region = g.rules.spaces[g.players[seat].space].region
    anywhere = params.get("where", "region") == "board"
    skip = ctx.get("src") if params.get("except_this") else None
    flt = params.get("filter", {})
    found = [
        (s, c)
        for s, held in sorted(g.board.items())
        if anywhere or g.rules.spaces[s].region == region
        for c in list(held)
        if c != skip and card_matches(g, seat, c, flt)
    ]
    pick = params.get("pick", "all")
    if not found and pick != "all":
        g.say("There is no card to discard.", seat=seat)
    elif pick in PICK_PROMPTS:
        if pick == "space":
            opts = [
                Choice(
                    f"space:{g.rules.spaces[s].id}",
                    f"The {g.space_name(s)}",
                    [frame("discard_cards_at", p=seat, space=s, filter=flt)],
                )
                for s in sorted({s for s, _ in found})
            ]
        else:
            opts = [
                Choice(
                    f"destroy:{c}",
                    f"The {g.card_name(c)} on the {g.space_name(s)}",
                    [frame("board_discard", space=s, card=c)],
                )
                for s, c in found
            ]
        g.decide(seat, params.get("decision", f"discard-{pick}"), params.get("prompt", PICK_PROMPTS[pick]), opts)
    else:
        for s, c in found:
            if "chance" in params:
                value, _ = g.roll_dice("D6", seat)
                lo, hi = parse_range(params["chance"])
                if not lo <= value <= hi:
                    continue
            board_discard(g, s, c)


class DiscardCardsAt(TypedDict):
    """The cards on the space of index ``space`` that match ``filter`` (as judged for character
    ``p``) are discarded."""

    p: int
    space: int
    filter: Any


@ENGINE.handler("discard_cards_at", args=DiscardCardsAt)
def _discard_cards_at(g: Game, a: DiscardCardsAt) -> None:
    for c in [c for c in g.cards_on(a["space"]) if card_matches(g, a["p"], c, a["filter"])]:
        board_discard(g, a["space"], c)


@ENGINE.handler("board_discard", args=frames.CardAt)
def _board_discard(g: Game, a: frames.CardAt) -> None:
    if a["card"] in g.cards_on(a["space"]):
        board_discard(g, a["space"], a["card"])


def board_discard(g: Game, space: int, card: int) -> None:
    """A face-up card leaves the board for its discard pile; what it held (the Dungeon Keeper's
    prisoners) is left on its space, and what it counted (a Pool's lives) is forgotten."""
    for kept in cards.held_by(g, f"card:{card}"):
        cards.unhold(g, f"card:{card}", kept)
        cards.place(g, kept, space)
    cards.lift(g, card, space)
    cards.discard(g, card)
    g.counters.pop(card, None)
    g.say(f"The {g.card_name(card)} on the {g.space_name(space)} is discarded.")


@verb("follower_for_life")
def _follower_for_life(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """Lives lost that a Follower may pay for instead: one the character chooses, for each life (the
    Vampire, the Snake Pit); or with ``pick = "random"`` one Follower taken at random, a life lost only
    by a character with none (the Giant Beetle), where a Spell of the ``follower-loss`` window may
    save the Follower (Restoration)."""
    cause = params.get("cause") or cause_of(g, ctx)
    why = params.get("why", "is lost")
    p = g.players[seat]
    if params.get("pick") != "random":
        g.push(
            "follower_for_life",
            p=seat,
            n=params.get("lives", 1),
            decision=params.get("decision", "follower-for-life"),
            prompt=params.get("prompt", "Give up a Follower instead of a life?"),
            cause=cause,
            why=why,
        )
    elif not p.followers:
        lives.lose_lives(g, seat, 1, cause)
    else:
        victim = p.followers[g.rng.below(len(p.followers))]
        dies = [frames.lose_follower(seat, victim, why=why)]
        saves = spells.cast_options(g, seat, "follower-loss", dies, combat={"follower": victim})
        if saves:
            g.decide(
                seat,
                "save-follower",
                f"Your {g.card_name(victim)} is about to be killed.",
                [Choice("accept", "Let it die", dies), *saves],
            )
        else:
            g.push_all(dies)


class FollowerForLife(TypedDict):
    """Character ``p`` may give up a Follower instead of losing ``n`` lives (``decision``, ``prompt``:
    the question asked; ``cause``, ``why``: the loss and the Follower's end, in words)."""

    p: int
    n: int
    cause: str
    decision: str
    prompt: str
    why: str


@ENGINE.handler("follower_for_life", args=FollowerForLife)
def _follower_for_life_frame(g: Game, a: FollowerForLife) -> None:
    seat: int = a["p"]
    n = a["n"]
    p = g.players[seat]
    if n <= 0 or not p.alive:
        return
    if not p.followers:
        lives.lose_lives(g, seat, n, a["cause"])
        return
    rest = frame_of("follower_for_life", {**a, "n": n - 1})
    g.decide(
        seat,
        a["decision"],
        a["prompt"],
        [
            Choice("life", "Lose a life", [frames.lose_lives(seat, 1, a["cause"]), rest]),
            *[
                Choice(
                    f"follower:{f}",
                    f"Give up the {g.card_name(f)}",
                    [frames.lose_follower(seat, f, why=a["why"]), rest],
                )
                for f in p.followers
            ],
        ],
    )


@ENGINE.handler("lose_follower", args=frames.LoseFollower)
def _lose_follower_frame(g: Game, a: frames.LoseFollower) -> None:
    if a["card"] in g.players[a["p"]].followers:
        possessions.lose_follower(g, a["p"], a["card"], a.get("why", "is lost"))


@verb("take_from_card")
def _take_from_card(g: Game, seat: int, attr: str, ctx: Ctx) -> None:
    card = ctx.get("src")
    if card is None:
        return
    left = g.counters.get(card, g.rules.instances[card].holds)
    if left <= 0:
        return
    left -= 1
    g.counters[card] = left
    _gain(g, seat, {attr: 1}, ctx)
    if left == 0:
        g.counters.pop(card, None)
        space = g.players[seat].space
        if card in g.cards_on(space):
            cards.lift(g, card, space)
            cards.discard(g, card)
            g.say(f"The {g.card_name(card)} is used up.", seat=seat)


@verb("shop")
def _shop(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    g.push("shop", p=seat, items=params["items"], free_trait=params.get("free_trait", ""))


class Shop(TypedDict):
    """Character ``p`` is offered ``items`` (name -> price) to buy; ``free_trait``: a trait that
    makes one free."""

    p: int
    items: dict[str, Any]
    free_trait: str


@ENGINE.handler("shop", args=Shop)
def _shop_frame(g: Game, a: Shop) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    # One free card a visit; marked by turn, as a visit may come in another's turn (Market Day).
    free = a["free_trait"] and stats.has_trait(g, seat, a["free_trait"]) and p.status.get("free_purchase") != g.turn
    discount = sum(m[1] for m in p.mods if m[0] == "discount")  # a price haggled down this turn (the Merchant)
    opts = []
    for name, price in a["items"].items():
        price = max(0, price - discount)
        if not cards.stock_has(g, "purchase", name):
            continue
        if free:
            opts.append(
                Choice(
                    f"free:{name}",
                    f"Take a {name} for nothing",
                    [frame("buy", p=seat, name=name, price=0, free=True), frame_of("shop", {**a})],
                )
            )
        if p.gold >= price:
            opts.append(
                Choice(
                    f"buy:{name}",
                    f"Buy a {name} for {price}G",
                    [frame("buy", p=seat, name=name, price=price), frame_of("shop", {**a})],
                )
            )
    if not opts:
        return
    g.decide(
        seat,
        "shop",
        f"You have {p.gold}G. Buy something?",
        [Choice("done", "Buy nothing more", []), *opts],
        confirm=True,
    )


class BuyItem(TypedDict):
    """Character ``p`` buys the item ``name`` for ``price`` gold. ``free``: the item is given,
    whatever its price."""

    p: int
    name: str
    price: int
    free: NotRequired[bool]


@ENGINE.handler("buy", args=BuyItem)
def _buy(g: Game, a: BuyItem) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    card = cards.take_named(g, "purchase", a["name"])
    if card is None:
        return
    p.gold -= a["price"]
    if a.get("free"):
        p.status["free_purchase"] = g.turn
    g.say(
        f"{g.name(seat)} {'takes' if a.get('free') else 'buys'} a {a['name']}"
        f"{'' if a.get('free') else ' for ' + str(a['price']) + 'G'}.",
        type="buy",
        seat=seat,
    )
    used_at_once = g.rules.instances[card].on_encounter
    if used_at_once:
        run(g, seat, used_at_once, {"src": card})  # the Raft: never kept, it goes back to the stock
    elif g.rules.instances[card].kept_apart:
        possessions.keep_apart(g, seat, card)  # a Scroll
    else:
        offer(g, seat, card)


@verb("sell_objects")
def _sell(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    g.push("sell", p=seat, price=params["price"])


class Sell(TypedDict):
    """Character ``p`` may sell Objects for ``price`` gold each (``card``: the one sold)."""

    p: int
    price: int


@ENGINE.handler("sell", args=Sell)
def _sell_frame(g: Game, a: Sell) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    sellable = [c for c in p.objects + p.packed if g.rules.instances[c].is_item]
    if not sellable:
        return
    g.decide(
        seat,
        "sell",
        f"Turn an Object into {a['price']}G?",
        [
            Choice("done", "Sell nothing more", []),
            *[
                Choice(
                    f"sell:{c}",
                    f"Sell the {g.card_name(c)} for {a['price']}G",
                    [frame("sold", p=seat, card=c, price=a["price"]), frame_of("sell", {**a})],
                )
                for c in sellable
            ],
        ],
        confirm=True,
    )


class Sold(Sell):
    """Character ``p`` sells the card ``card`` for ``price`` gold."""

    card: int


@ENGINE.handler("sold", args=Sold)
def _sold(g: Game, a: Sold) -> None:
    seat: int = a["p"]
    card = a["card"]
    if possessions.sell(g, seat, card, a["price"]):
        g.say(f"{g.name(seat)} sells the {g.card_name(card)} for {a['price']}G.", type="gold", seat=seat)
        possessions.settle_packs(g, seat)


# --- conflict ---------------------------------------------------------------


# --- chance and choice --------------------------------------------------------


@verb("roll")
def _roll(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    if params.get("optional_trait") and stats.has_trait(g, seat, params["optional_trait"]):
        rest = {k: v for k, v in params.items() if k != "optional_trait"}
        g.offer(
            seat,
            "optional-roll",
            f"Roll for {params['prompt']}? You may choose not to."
            if params.get("prompt")
            else "Roll? You may choose not to.",
            Choice("roll", "Roll", [frames.effects(seat, [{"roll": rest}], ctx)]),
            ("skip", "Do not roll"),
        )
        return
    expr = params["dice"]
    if params.get("dice_trait"):
        n = stats.trait_value(g, seat, params["dice_trait"])
        if n:
            expr = _with_dice_count(expr, n)
    bonus = stats.trait_value(g, seat, params["bonus_trait"]) if params.get("bonus_trait") else 0
    then = frame("table", p=seat, rows=params["rows"], ctx=ctx, bonus=bonus)
    if params.get("per_follower"):
        g.push("follower_rolls", p=seat, rows=params["rows"], followers=list(g.players[seat].followers))
    kind = g.rules.spaces[g.players[seat].space].kind
    if len(parse(expr)) == 1 and parse(expr)[0][0] == 1 and stats.has_trait(g, seat, f"pick-of-two:{kind}"):
        # ``pick-of-two:<kind>``: on such a space the character rolls two dice and keeps either (the Rogue at the Tavern).
        g.push("pick_of_two", p=seat, dice=expr, then=list(then), why=params.get("prompt", ""))
        return
    # ``fate = false``: no Fate may be spent to roll again (a Spell's own die)
    roll(g, seat, expr, then, why=params.get("prompt", ""), fate=params.get("fate", True))


class PickOfTwo(TypedDict):
    """Character ``p`` rolls ``dice`` twice and keeps either roll for ``then`` (``why``: the roll,
    in words)."""

    p: int
    dice: str
    then: list[Any]
    why: str


@ENGINE.handler("pick_of_two", args=PickOfTwo)
def _pick_of_two(g: Game, a: PickOfTwo) -> None:
    seat: int = a["p"]
    first, _ = g.roll_dice(a["dice"], seat)
    second, _ = g.roll_dice(a["dice"], seat)
    g.say(
        f"{g.name(seat)} rolls two dice for {a['why'] or 'a roll'}: {first} and {second}.",
        type="roll",
        seat=seat,
        dice=[first, second],
    )
    kind, args = a["then"]
    g.decide(
        seat,
        "pick-roll",
        f"You rolled {first} and {second}: which do you keep?",
        [Choice(f"keep:{v}", f"Keep {v}", [frame_of(kind, {**args, "roll": v})]) for v in sorted({first, second})],
    )


def _with_dice_count(expr: str, n: int) -> str:
    terms = parse(expr)
    out = []
    for t in terms:
        if len(t) == 3:
            out.append(f"{'-' if t[2] < 0 else '+'}{n}D{t[1]}")
        else:
            out.append(f"{'-' if t[1] < 0 else '+'}{t[0]}")
    return "".join(out).lstrip("+")


def roll(
    g: Game,
    seat: int,
    expr: str,
    then: tuple[Any, ...],
    why: str = "",
    into: str = "roll",
    fate: bool = True,
    purpose: str = "",
) -> None:
    """Roll dice for a character, offer a Fate re-roll, then push ``then`` with the total.
    ``why`` says what the roll is for, in words; ``purpose``, for agents, what kind of roll it is
    (``movement``, ``battle``; :attr:`~talisman.engine.decision.Decision.about` of the reroll)."""
    g.push_frame(frames.roll(seat, expr, then, why=why, into=into, fate=fate, purpose=purpose))


@ENGINE.handler("roll", args=frames.Roll)
def _roll_frame(g: Game, a: frames.Roll) -> None:
    seat: int = a["p"]
    total, faces = g.roll_dice(a["dice"], seat)
    label = a["why"] or "a roll"
    if g.log is not None:
        what, working = spoken(a["dice"], faces, total, g.die_size(seat))
        g.say(f"{g.name(seat)} rolls {what} for {label}: {working}.", type="roll", seat=seat, dice=faces)
    kind, args = a["then"]
    done = frame_of(kind, {**args, a["into"]: total, a["into"] + "_faces": faces})
    p = g.players[seat]
    if (
        not a["fate"]
        or a.get("rerolled")
        or not ((g.options.get("fate") and p.fate > 0) or _holds_reroller(g, seat))
        or not _another_roll_matters(g, seat, a, faces, total, kind, args)
    ):
        g.push_all([done])  # no second roll to offer, no way to roll again, or none that could change what follows
        return
    again = [frame_of("roll", {**a, "rerolled": True})]
    blessed = reroll_options(g, seat, again)
    if blessed and not (g.options.get("fate") and p.fate > 0):
        g.decide(
            seat,
            "fate",
            f"You rolled {total} ({label}). Roll again?",
            [Choice("keep", f"Keep {total}", [done]), *blessed],
            about={"roll": total, "purpose": a.get("purpose", "")},
        )
        return
    if g.options.get("fate") and p.fate > 0:
        terms = parse(a["dice"])
        single = len(faces) == 1 and len(terms) == 1  # a chosen result makes sense for one die only
        twists = (
            spells.fate_options(
                g,
                seat,
                [done],
                {
                    "kind": kind,
                    "args": args,
                    "style": "roll",
                    "key": a["into"],
                    "sides": terms[0][1] or g.die_size(seat),
                },
            )
            if single
            else []
        )
        g.decide(
            seat,
            "fate",
            f"You rolled {total} ({label}). Spend 1 Fate to roll again?",
            [
                Choice("keep", f"Keep {total}", [done]),
                Choice(
                    "reroll",
                    f"Spend 1 Fate ({p.fate} left) and roll again",
                    [frame("spend_fate", p=seat, why=a["why"]), frame_of("roll", {**a, "rerolled": True})],
                ),
                *twists,
                *blessed,
            ],
            about={"roll": total, "purpose": a.get("purpose", "")},
        )
        return
    g.push_all([done])


def _another_roll_matters(
    g: Game, seat: int, a: frames.Roll, faces: list[int], total: int, kind: str, args: dict[str, Any]
) -> bool:
    """Could another roll of these dice change what follows? Choice (only real questions): a roll
    on a table whose every possible total reads the same row, or a test that every possible total
    passes (or fails) alike, is not offered again for Fate, which could change nothing. Other
    rolls (a move, a fight...) always could."""
    if kind not in ("table", "test_result") or a["into"] != "roll":
        return True
    lo = hi = total  # the totals these dice can make: the fixed part, and the dice's least and most
    i = 0
    for t in parse(a["dice"]):
        if len(t) == 3:
            count, sides, sign = t[0], t[1] or g.die_size(seat), t[2]
            rolled = sum(faces[i : i + count])
            i += count
            low, high = (count, count * sides) if sign > 0 else (-count * sides, -count)
            lo += low - sign * rolled
            hi += high - sign * rolled
    if kind == "table":
        bonus = args.get("bonus", 0)
        return len({_row_at(args["rows"], v + bonus) for v in range(lo, hi + 1)}) > 1
    params = args["params"]
    target = stats.attribute(g, seat, params["vs"])
    return len({_passes(v, params["op"], target) for v in range(lo, hi + 1)}) > 1


def _row_at(rows: list[dict[str, Any]], value: int) -> int:
    """The index of the table row a value reads (-1: none)."""
    for i, row in enumerate(rows):
        lo, hi = parse_range(row["at"])
        if lo <= value <= hi:
            return i
    return -1


def _passes(value: int, op: str, target: int) -> bool:
    return {"<": value < target, "<=": value <= target, ">": value > target, ">=": value >= target}[op]


def _holds_reroller(g: Game, seat: int) -> bool:
    """Does the character hold a card it may discard to roll again (``reroll-card``: a Blessing)?"""
    p = g.players[seat]
    return stats.holds_any(g.rules.cards_with_trait("reroll-card"), p.objects, p.cards)


def reroll_options(g: Game, seat: int, again: list[Frame]) -> list[Choice]:
    """Cards the character may discard to roll again (``reroll-card``: a Blessing), one option per title."""
    if not _holds_reroller(g, seat):
        return []  # (the common case)
    p = g.players[seat]
    rerollers = g.rules.cards_with_trait("reroll-card")
    held = {g.card_name(c): c for c in reversed(p.objects + p.cards) if c in rerollers}
    return [
        Choice(
            f"reroll-card:{c}",
            f"Discard the {name} and roll again",
            [frame("spend_reroll_card", p=seat, card=c), *again],
        )
        for name, c in sorted(held.items())
    ]


@ENGINE.handler("spend_reroll_card", args=frames.CardOf)
def _spend_reroll_card(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    if card in g.players[seat].holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
        g.say(f"{g.name(seat)} discards the {g.card_name(card)} to roll again.", seat=seat)


class SpendFate(TypedDict):
    """Character ``p`` spends a Fate (``why``: for what roll, in words)."""

    p: int
    why: NotRequired[str]


@ENGINE.handler("spend_fate", args=SpendFate)
def _spend_fate(g: Game, a: SpendFate) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    p.fate -= 1
    g.say(f"{g.name(seat)} spends 1 Fate to roll again ({p.fate} left).", type="fate", seat=seat)
    if a.get("why") == "movement" and stats.has_trait(g, seat, "free-movement-reroll"):
        p.fate += 1  # the Cloak of Feathers gives it straight back
        g.say(f"{g.name(seat)}'s Fate comes straight back ({p.fate}).", type="fate", seat=seat)


class Table(frames.Rolled):
    """A roll read on a table's ``rows`` with ``bonus`` added (``ctx``: where the table comes from)."""

    rows: list[Any]
    ctx: dict[str, Any]
    bonus: int


@ENGINE.handler("table", args=Table)
def _table(g: Game, a: Table) -> None:
    seat: int = a["p"]
    value = a["roll"] + a.get("bonus", 0)
    if a.get("bonus"):
        g.say(f"With +{a['bonus']} the result is {value}.", seat=seat)
    for row in a["rows"]:
        lo, hi = parse_range(row["at"])
        if lo <= value <= hi:
            run(g, seat, row.get("do", ()), {**a["ctx"], "roll": value})
            return


class FollowerRolls(TypedDict):
    """Character ``p`` rolls on the table's ``rows`` for each of its ``followers`` too."""

    p: int
    rows: list[Any]
    followers: list[int]


@ENGINE.handler("follower_rolls", args=FollowerRolls)
def _follower_rolls(g: Game, a: FollowerRolls) -> None:
    """Roll for each Follower too (the Chasm): on the table's losing rows it is lost."""
    seat: int = a["p"]
    lethal = [row for row in a["rows"] if any("lose" in e for e in row.get("do", ()))]
    for f in a["followers"]:
        if f not in g.players[seat].followers:
            continue
        value, _ = g.roll_dice("D6", seat)
        lost = any(parse_range(r["at"])[0] <= value <= parse_range(r["at"])[1] for r in lethal)
        g.say(
            f"{g.name(seat)} rolls {value} for the {g.card_name(f)}{': it falls' if lost else ''}.",
            type="roll",
            seat=seat,
        )
        if lost:
            possessions.lose_follower(g, seat, f, "falls into the Chasm")


@verb("test")
def _test(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    expr = params["dice"]
    if params.get("dice_trait"):
        n = stats.trait_value(g, seat, params["dice_trait"])
        if n:
            expr = _with_dice_count(expr, n)
    roll(g, seat, expr, frame("test_result", p=seat, params=params, ctx=ctx), why=f"a test of {params['vs']}")


class TestResult(frames.Rolled):
    """A roll tested against an attribute of character ``p`` (``params``: the test as content
    gives it; ``ctx``: where it comes from)."""

    params: dict[str, Any]
    ctx: dict[str, Any]


@ENGINE.handler("test_result", args=TestResult)
def _test_result(g: Game, a: TestResult) -> None:
    seat: int = a["p"]
    params = a["params"]
    target = stats.attribute(g, seat, params["vs"])
    value = a["roll"]
    ok = _passes(value, params["op"], target)
    g.say(f"{value} against {params['vs'].capitalize()} {target}: {'success' if ok else 'failure'}.", seat=seat)
    run(g, seat, params.get("success" if ok else "failure", ()), a["ctx"])


@verb("choose")
def _choose(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    opts = []
    for i, o in enumerate(params["options"]):
        if "if" in o and not holds(g, seat, o["if"], ctx):
            continue
        opts.append(Choice(o.get("id", f"choice-{i}"), o["label"], effect_frames(seat, o["do"], ctx)))
    if params.get("optional"):
        if not opts:
            return  # nothing on offer (the Sorcerer to a character who cannot pay)
        opts.append(Choice("nothing", "Do nothing", []))
    if opts:
        # ``decision``: the kind of decision it is, for the bots and front ends (a wish, not any choice)
        kind = params.get("decision", "choose")
        about: dict[str, Any] = {}
        if ctx.get("src") is not None:
            about["card"] = ctx["src"]
        if ctx.get("space") is not None:
            about["space"] = g.rules.spaces[ctx["space"]].id
        g.decide(seat, kind, params.get("prompt", "Choose"), opts, confirm=bool(params.get("optional")), about=about)


# --- movement and turns -------------------------------------------------------


@verb("move")
def _move(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    p = g.players[seat]
    if params.get("pick") == "spaces":
        _move_to_chosen(g, seat, params, ctx)
        return
    if params.get("pick"):
        region = g.rules.spaces[p.space].region
        if params["pick"] == "kind":  # any space of a kind, on any board (the Goblin Tunneler's Tunnels)
            spaces = [s.id for s in g.rules.spaces if s.kind == params["kind"] and s.index != p.space]
            where = f"Choose a {params['kind'].replace('-', ' ')}"
        else:
            spaces = [s for s in g.rules.regions[region].ring if g.rules.space_index[s] != p.space]
            where = f"Choose a space in the {g.rules.regions[region].name}"
        if not spaces:
            return
        g.decide(
            seat,
            "teleport",
            params.get("prompt", where),
            [
                Choice(
                    f"to:{s}",
                    g.rules.space(s).name,
                    # ``as_move``: the character goes there as its move, not sent (the Teleport Spell)
                    [frames.arrive(seat, g.rules.space_index[s], "teleport")]
                    if params.get("as_move")
                    else [
                        frames.teleport(
                            seat,
                            g.rules.space_index[s],
                            encounter=params.get("encounter", True),
                            next_move=params.get("next_move", False),
                        )
                    ],
                )
                for s in spaces
            ],
        )
        return
    g.push_frame(
        frames.teleport(
            seat,
            g.rules.space_index[params["to"]],
            encounter=params.get("encounter", True),
            next_move=params.get("next_move", False),
        )
    )


def _move_to_chosen(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """A move to one of some spaces: those named (first, in their order), those where a card of a name
    lies face up, those of a kind (the rest in board order); ``not_here`` leaves out the character's
    own; ``optional`` lets it stay; ``do`` runs as it goes (a Rune Gate crumbles)."""
    sel = params["spaces"]
    here = g.players[seat].space
    named = [g.rules.space_index[sid] for sid in sel.get("ids", ())]
    # (each asked of ``sel`` once, not for every card and space: compiled, an ``Any``'s ``get`` is a method call)
    card_name: str | None = sel.get("cards")
    kind: str | None = sel.get("kind")
    found = (
        {s for s, held in g.board.items() for c in held if g.card_name(c) == card_name}
        if card_name is not None
        else set()
    )
    if kind is not None:
        found |= {s.index for s in g.rules.spaces if s.kind == kind}
    ways = named + sorted(found - set(named))
    if params.get("not_here"):
        ways = [s for s in ways if s != here]
    if not ways:
        return
    label = params.get("label", "The {space}")
    opts = [
        Choice(
            f"to:{g.rules.spaces[s].id}",
            label.format(space=g.space_name(s)),
            [
                *effect_frames(seat, params.get("do", ()), ctx),
                frames.teleport(seat, s, encounter=True, next_move=params.get("next_move", False)),
            ],
        )
        for s in ways
    ]
    optional = params.get("optional", False)
    g.decide(
        seat,
        params.get("decision", "teleport"),
        params.get("prompt", "Where do you go?"),
        [Choice("nothing", "Stay where you are", []), *opts] if optional else opts,
        confirm=optional,
    )


@verb("extra_turn")
def _extra_turn(g: Game, seat: int, n: int, ctx: Ctx) -> None:
    """Another turn straight after this one (the Dungeon Library's secret passage)."""
    p = g.players[seat]
    p.status["extra_turns"] = p.status.get("extra_turns", 0) + n
    g.say(
        f"{g.name(seat)} will take {'another turn' if n == 1 else str(n) + ' more turns'} straight after this one.",
        seat=seat,
    )


@verb("lose_turn")
def _lose_turn(g: Game, seat: int, n: int, ctx: Ctx) -> None:
    p = g.players[seat]
    p.lost_turns += n
    g.say(f"{g.name(seat)} loses {'a turn' if n == 1 else str(n) + ' turns'}.", type="lose-turn", seat=seat)
    if seat == g.active and not p.status.get("defending"):
        lives.end_turn_now(g)


@verb("end_turn")
def _end_turn(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    if params and seat == g.active:
        lives.end_turn_now(g)


@verb("move_again")
def _move_again(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    """A second movement roll at once, in the middle of the turn (the classic Dungeon Library's secret passage)."""
    if params:
        g.push_frame(frames.move_roll(seat))


@verb("toad")
def _toad(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    transform.become_toad(g, seat, params["turns"])


@verb("alignment")
def _alignment(g: Game, seat: int, alignment: str, ctx: Ctx) -> None:
    possessions.set_alignment(g, seat, alignment)


@verb("enslave")
def _enslave(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    g.players[seat].status["enslaved"] = params["free_on"]
    g.say(f"{g.name(seat)} is enslaved: it may leave only on a movement roll of {params['free_on']}.", seat=seat)


@verb("status")
def _status(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """A named state the engine reads; ``this_turn``: marked with the turn now played (a raft, used
    next turn or lost)."""
    value = g.turn if params.get("this_turn") else params.get("turns", params.get("rounds", 1))
    g.players[seat].status[params["name"]] = value


@verb("fall_to_printed")
def _fall_to_printed(g: Game, seat: int, attr: str, ctx: Ctx) -> None:
    """Every counter of Strength or Craft above the printed value is lost."""
    p = g.players[seat]
    printed = stats.base_value(g, seat, attr)
    if getattr(p, attr) > printed:
        setattr(p, attr, printed)
        stats.changed(g)
        g.say(f"{g.name(seat)}'s {attr.capitalize()} falls back to {printed}.", seat=seat)
        possessions.check_limits(g, seat)


@verb("leave_gold")
def _leave_gold(g: Game, seat: int, space: str, ctx: Ctx) -> None:
    """All the character's gold is carried off to lie on a space, for whoever lands there."""
    p = g.players[seat]
    where = g.rules.space_index[space]
    if p.gold:
        g.gold_on[where] = g.gold_on.get(where, 0) + p.gold
        g.say(f"{g.name(seat)}'s {p.gold} gold is carried off to the {g.space_name(where)}.", type="gold", seat=seat)
        p.gold = 0
    else:
        g.say(f"{g.name(seat)} has no gold to lose.", seat=seat)


@verb("peek")
def _peek(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """Look in secret at the top cards of a deck (by default the one drawn from where the character is);
    then perhaps put them back in an order of one's choice (the Oracle), or take one that passes a
    filter (the Crypt Keeper's Objects)."""
    deck = params.get("deck") or cards.deck_here(g, seat, "adventure")
    top = g.decks[deck][-params["n"] :][::-1]
    names = ", ".join(g.card_name(c) for c in top) or "nothing"
    g.say(
        f"{g.name(seat)} foresees the next {g.rules.deck_info[deck]['name']} cards: {names}.",
        seat=seat,
        private=seat,
        public=f"{g.name(seat)} looks into the future.",
    )
    if params.get("reorder") and top:
        g.push("put_back", p=seat, deck=deck, left=top, chosen=[])
    finds = [c for c in top if "take" in params and card_matches(g, seat, c, params["take"])]
    if finds:
        g.decide(
            seat,
            "crypt",
            params.get("prompt", "Take one of them?"),
            [
                Choice("nothing", "Take nothing", []),
                *[
                    Choice(
                        f"take:{c}", f"Take the {g.card_name(c)}", [frame("take_from_deck", p=seat, deck=deck, card=c)]
                    )
                    for c in finds
                ],
            ],
            confirm=True,
        )


class PutBack(TypedDict):
    """Character ``p`` puts the cards ``left`` back on the ``deck`` one at a time (``chosen``: in
    the order picked so far)."""

    p: int
    deck: str
    left: list[int]
    chosen: list[int]


@ENGINE.handler("put_back", args=PutBack)
def _put_back(g: Game, a: PutBack) -> None:
    """Put the cards looked at back one at a time, the first chosen on top."""
    left, chosen = a["left"], a["chosen"]
    if len(left) <= 1:
        order = chosen + left
        rest = [c for c in g.decks[a["deck"]] if c not in order]
        g.decks[a["deck"]] = rest + order[::-1]
        g.say(f"{g.name(a['p'])} puts the cards back.", seat=a["p"])
        return
    g.decide(
        a["p"],
        "oracle",
        f"Which card goes {'on top' if not chosen else 'next'}?",
        [
            Choice(
                f"next:{c}",
                f"The {g.card_name(c)}",
                [frame_of("put_back", {**a, "left": [x for x in left if x != c], "chosen": chosen + [c]})],
            )
            for c in left
        ],
    )


class TakeFromDeck(frames.CardOf):
    """Character ``p`` takes ``card`` out of ``deck``."""

    deck: str


@ENGINE.handler("take_from_deck", args=TakeFromDeck)
def _take_from_deck(g: Game, a: TakeFromDeck) -> None:
    if a["card"] in g.decks[a["deck"]]:
        g.decks[a["deck"]].remove(a["card"])
        offer(g, a["p"], a["card"])


@verb("steal")
def _steal_verb(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """Take one thing of the character's choice from the character a Spell is cast on: 1 gold, an
    Object it may lose, or a Follower (Acquisition, Mesmerism)."""
    victim = ctx["target"]
    o = g.players[victim]
    what = params["what"]
    opts: list[Choice] = []
    if "gold" in what and o.gold:
        opts.append(Choice("gold", f"Take 1 gold from the {g.name(victim)}", [frames.take_gold(seat, victim)]))
    if "object" in what:
        opts += [
            Choice(f"object:{c}", f"Take the {g.card_name(c)}", [frames.steal(seat, victim, c)])
            for c in possessions.stealable(g, victim)
        ]
    if "follower" in what:
        opts += [
            Choice(f"follower:{f}", f"The {g.card_name(f)}", [frames.steal(seat, victim, f)])
            for f in o.followers
            if "loyal" not in g.rules.instances[f].traits  # a loyal Follower is never taken (a Dog)
        ]
    if opts:
        g.decide(seat, params.get("decision", "steal"), params.get("prompt", "What do you take?"), opts)
    else:
        g.say(f"The {g.name(victim)} has nothing to take.", seat=seat)


@verb("evade")
def _evade(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """The fight a Spell is cast in is evaded (``whole_space``: every creature met there, not only the foe)."""
    fight = ctx.get("combat") or {}
    if "foes" in fight:
        g.push("combat_evaded", **fight, **({"whole_space": True} if params.get("whole_space") else {}))
    elif "d" in fight:
        g.push("pvp_evaded", **fight)


@verb("keep_life")
def _keep_life(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    """The life (or the Follower) a Spell of the ``life-loss`` or ``follower-loss`` window answers is kept:
    of a loss of several lives, one."""
    follower = (ctx.get("combat") or {}).get("follower")
    if follower is not None:
        g.say(f"{g.card_name(ctx['src'])} keeps {g.name(seat)}'s {g.card_name(follower)} alive.", seat=seat)
        return
    g.say(f"{g.card_name(ctx['src'])} keeps {g.name(seat)} from losing a life.", seat=seat)
    loss = ctx.get("loss")
    if loss and loss["n"] > 1:
        g.push("lose_lives", **{**loss, "n": loss["n"] - 1})


@verb("relocate")
def _relocate(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    card = ctx["src"]  # the card being drawn moves itself
    total, _ = g.roll_dice(params["dice"], seat)
    for row in params["rows"]:
        lo, hi = parse_range(row["at"])
        if lo <= total <= hi:
            dest = g.rules.space_index[row["to"]]
            for space, held in g.board.items():
                if card in held:
                    cards.lift(g, card, space)
                    break
            cards.place(g, card, dest)
            g.say(f"The {g.card_name(card)} is placed on the {g.space_name(dest)} (roll {total}).", seat=seat)
            return


@verb("hook")
def _hook(g: Game, seat: int, name: str, ctx: Ctx) -> None:
    g.rules.hooks[name](g, seat, ctx)


@verb("emit")
def _emit(g: Game, seat: int, text: str, ctx: Ctx) -> None:
    g.say(text, seat=seat)


@verb("discard_this")
def _discard_this(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    """The card being encountered leaves the board (a Stranger that gave its gift)."""
    card = ctx.get("src")
    if params and card is not None:
        for space, held in list(g.board.items()):
            if card in held:
                cards.lift(g, card, space)
                cards.discard(g, card)
                return
        if not cards.locations(g)[card]:
            cards.discard(g, card)  # nowhere else: used as it was bought (the Raft)


@verb("boost")
def _boost(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """A bonus (or with a negative amount a malus) to Strength, Craft or battle Strength until the end of
    the turn (``turn``: the holder's; ``this-turn``: the turn now being played, cast on another), or of
    the fight. An amount may be an attribute, read now (Psionic Blast adds the Craft); with
    ``floor = "printed"`` a malus never takes the value below the printed one (Weakness)."""
    for attr in ("strength", "craft", "battle_strength"):
        n = params.get(attr)
        if not n:
            continue
        if isinstance(n, str):
            n = stats.attribute(g, seat, n)
        if n < 0 and params.get("floor") == "printed":
            n = -max(0, min(-n, stats.attribute(g, seat, attr) - stats.base_value(g, seat, attr)))
        stats.add_mod(g, seat, attr, n, params["until"])
        shown = "Strength in battle" if attr == "battle_strength" else attr.capitalize()
        until = "this turn" if params["until"] == "this-turn" else f"the end of the {params['until']}"
        g.say(f"{g.name(seat)} has {n:+d} {shown} until {until}.", seat=seat)


@verb("timed")
def _timed(g: Game, seat: int, params: dict[str, Any], ctx: Ctx) -> None:
    """A lasting effect on the whole game, counted down by this character's turns
    (:data:`talisman.content.vocabulary.TIMED_EFFECTS`)."""
    value = {"seat": seat, "turns": params["turns"]}
    if "from" in params:
        value.update({"from": params["from"], "to": params["to"]})
    g.globals[params["effect"]] = value
    stats.changed(g)


@verb("entitle")
def _entitle(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    """The character becomes a Noble: a Title at random and its Realm (000 "Noblemen")."""
    if params:
        realms.entitle(g, seat)
