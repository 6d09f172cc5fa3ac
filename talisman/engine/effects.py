"""The interpreter of the effect vocabulary (:mod:`talisman.content.vocabulary`).

An effect list runs as an ``effects`` frame: the first effect executes, the
rest wait below it on the stack, so an effect that needs a choice or a die
simply pushes its own frames on top. ``ctx`` carries what an effect may refer
to: the card being encountered (``src``), the space, the last roll.

Content calls Python only through ``{ hook = "name" }``; hooks are registered
with :func:`hook` next to the rules they implement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from talisman.content.dice import parse, parse_range
from talisman.engine import cards, lives, possessions, spells, stats
from talisman.engine.game import frame, handler

if TYPE_CHECKING:
    from talisman.engine.game import Game

Ctx = dict[str, Any]
HOOKS: dict[str, Callable[[Game, int, Ctx], None]] = {}
EXECUTORS: dict[str, Callable[[Game, int, Any, Ctx], None]] = {}


def hook(name: str):
    """Register a Python hook that content can call with ``{ hook = name }``."""

    def register(fn):
        if name in HOOKS:
            raise ValueError(f"two hooks named {name!r}")
        HOOKS[name] = fn
        return fn

    return register


def verb(name: str):
    def register(fn):
        EXECUTORS[name] = fn
        return fn

    return register


def run(g: Game, seat: int, effects: Any, ctx: Ctx | None = None) -> None:
    """Push an effect list to run next for ``seat``."""
    if effects:
        g.push("effects", p=seat, list=list(effects), ctx=ctx or {})


def run_now(g: Game, seat: int, effects: Any, ctx: Ctx) -> None:
    """Run the first effect at once, the rest next: a Spell's effect takes hold as it is cast,
    before its card leaves play (Destroy Magic stops the Wand from drawing a Spell after it)."""
    if len(effects) > 1:
        g.push("effects", p=seat, list=list(effects[1:]), ctx=ctx)
    if effects:
        run_one(g, seat, effects[0], ctx)


def effect_frames(seat: int, effects: Any, ctx: Ctx | None = None) -> list:
    return [frame("effects", p=seat, list=list(effects), ctx=ctx or {})] if effects else []


@handler("effects")
def _effects(g: Game, a: dict) -> None:
    lst, seat, ctx = a["list"], a["p"], a["ctx"]
    if len(lst) > 1:
        g.push("effects", p=seat, list=lst[1:], ctx=ctx)
    if lst and g.players[seat].alive:
        run_one(g, seat, lst[0], ctx)


def run_one(g: Game, seat: int, e: dict, ctx: Ctx) -> None:
    """Run one effect, once for each character it targets."""
    target = e.get("target", "self")
    if target == "cast_target":
        target = "self" if ctx.get("target") in (None, seat) else target
    if target != "self":
        body = {k: v for k, v in e.items() if k != "target"}
        reached = [ctx["target"]] if target == "cast_target" else targets(g, seat, target)
        if target != "each_clockwise" and g.active in reached:
            # Everyone is struck at once; the active character's share comes last,
            # since a lost turn or a death ends its turn and drops the frames after it.
            reached = [t for t in reached if t != g.active] + [g.active]
        for t in reversed(reached):
            g.push("effects", p=t, list=[body], ctx=ctx)
        return
    if "if" in e and not holds(g, seat, e["if"], ctx):
        return
    if "unless" in e and holds(g, seat, e["unless"], ctx):
        return
    for key, params in e.items():
        if key not in ("if", "unless", "target"):
            EXECUTORS[key](g, seat, params, ctx)
            return


def targets(g: Game, seat: int, target: str) -> list[int]:
    """The characters an effect reaches, clockwise from ``seat``."""
    n = len(g.players)
    order = [(seat + i) % n for i in range(n)]
    alive = [s for s in order if g.players[s].alive]
    region = g.rules.spaces[g.players[seat].space].region
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


def event_region(g: Game, region: str) -> str:
    return g.rules.regions[region].events_as or region


# --- conditions -------------------------------------------------------------


def held_names(g: Game, seat: int) -> list[str]:
    p = g.players[seat]
    return [g.rules.instances[c].name for c in p.objects + p.packed + p.followers]


def holds(g: Game, seat: int, cond: dict, ctx: Ctx | None = None) -> bool:
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
    g.say(f"{g.name(seat)} rolls {n}: {total}.", type="roll", seat=seat, dice=faces)
    return total


# --- resources --------------------------------------------------------------


@verb("gain")
def _gain(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
def _lose(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
        return ctx["cause"]
    if ctx.get("src") is not None:
        return f"the {g.card_name(ctx['src'])}"
    if ctx.get("space") is not None:
        return f"the {g.space_name(ctx['space'])}"
    return ""


@verb("heal")
def _heal(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
            (
                f"heal:{k}",
                f"Heal {k} {'life' if k == 1 else 'lives'} for {k * price}G" if k else "No healing",
                [frame("buy_healing", p=seat, n=k, price=price, paid_to=params.get("paid_to", ""))],
            )
            for k in range(most, -1, -1)
        ],
    )


@handler("buy_healing")
def _buy_healing(g: Game, a: dict) -> None:
    if a["n"]:
        g.players[a["p"]].gold -= a["n"] * a["price"]
        lives.heal(g, a["p"], a["n"])
        if a.get("paid_to"):
            from talisman.engine import abilities

            abilities.react(
                "paid", g, a["p"], a["n"] * a["price"], a["paid_to"]
            )  # the Pirate plunders the Doctor's fees


@verb("refill_fate")
def _refill_fate(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
            (
                f"fate:{k}",
                f"Buy {k} Fate for {k * price}G" if k else "Buy none",
                [frame("buy_fate", p=seat, n=k, price=price)],
            )
            for k in range(most, -1, -1)
        ],
    )


@handler("buy_fate")
def _buy_fate(g: Game, a: dict) -> None:
    p = g.players[a["p"]]
    if a["n"]:
        p.gold -= a["n"] * a["price"]
        p.fate += a["n"]
        g.say(f"{g.name(a['p'])} buys {a['n']} Fate.", type="fate", seat=a["p"])


# --- cards and possessions --------------------------------------------------


@verb("take_card")
def _take_card(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    from talisman.engine.encounter import deck_here

    deck = deck_here(g, seat, params["deck"])
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


def offer(g: Game, seat: int, card: int) -> None:
    """Give a card from a deck to a character; what it cannot keep stays on its space."""
    if possessions.can_take(g, seat, card):
        possessions.give_item(g, seat, card)
        return
    cards.place(g, card, g.players[seat].space)
    if possessions.permitted(g, seat, card) and not g.players[seat].toad:
        g.push("make_room", p=seat, card=card)
    else:
        g.say(f"{g.name(seat)} cannot keep the {g.card_name(card)}: it stays on the space.", seat=seat)


@handler("make_room")
def _make_room(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    if card not in g.cards_on(p.space):
        return
    g.decide(
        seat,
        "make-room",
        f"You cannot carry the {g.card_name(card)} as well: leave something?",
        [
            ("leave", f"Leave the {g.card_name(card)} here", []),
            *[
                (
                    f"drop:{o}",
                    f"Drop the {g.card_name(o)} and take the {g.card_name(card)}",
                    [frame("drop", p=seat, card=o), frame("take", p=seat, card=card)],
                )
                for o in p.objects
            ],
        ],
    )


@verb("fill_spells")
def _fill_spells(g: Game, seat: int, params: Any, ctx: Ctx) -> None:
    if params:
        possessions.fill_spells(g, seat)


@verb("discard")
def _discard(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    p = g.players[seat]
    what = params["what"]
    if what == "spells":
        for c in list(p.spells):
            cards.release(g, seat, c)
            cards.discard(g, c)
        if p.spells == [] and ctx.get("quiet") is None:
            g.say(f"{g.name(seat)} loses all Spells.", seat=seat)
        possessions.fill_wand(g, seat)
    elif what == "followers":
        for f in list(p.followers):
            possessions.lose_follower(g, seat, f)
    elif what == "follower":
        if p.followers:
            g.decide(
                seat,
                "lose-follower",
                "You must give up a Follower",
                [
                    (f"lose:{f}", f"Give up the {g.card_name(f)}", [frame("lose_follower", p=seat, card=f)])
                    for f in p.followers
                ],
            )
    elif what == "objects":
        for c in list(p.objects + p.packed):
            cards.release(g, seat, c)
            cards.discard(g, c)


@handler("lose_follower")
def _lose_follower_frame(g: Game, a: dict) -> None:
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
def _shop(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    g.push("shop", p=seat, items=params["items"], free_trait=params.get("free_trait", ""))


@handler("shop")
def _shop_frame(g: Game, a: dict) -> None:
    seat = a["p"]
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
                (
                    f"free:{name}",
                    f"Take a {name} for nothing",
                    [frame("buy", p=seat, name=name, price=0, free=True), frame("shop", **a)],
                )
            )
        if p.gold >= price:
            opts.append(
                (
                    f"buy:{name}",
                    f"Buy a {name} for {price}G",
                    [frame("buy", p=seat, name=name, price=price), frame("shop", **a)],
                )
            )
    if not opts:
        return
    g.decide(
        seat, "shop", f"You have {p.gold}G. Buy something?", [("done", "Buy nothing more", []), *opts], confirm=True
    )


@handler("buy")
def _buy(g: Game, a: dict) -> None:
    seat = a["p"]
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
    else:
        offer(g, seat, card)


@verb("sell_objects")
def _sell(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    g.push("sell", p=seat, price=params["price"])


@handler("sell")
def _sell_frame(g: Game, a: dict) -> None:
    seat = a["p"]
    p = g.players[seat]
    sellable = [c for c in p.objects + p.packed if g.rules.instances[c].is_item]
    if not sellable:
        return
    g.decide(
        seat,
        "sell",
        f"Turn an Object into {a['price']}G?",
        [
            ("done", "Sell nothing more", []),
            *[
                (
                    f"sell:{c}",
                    f"Sell the {g.card_name(c)} for {a['price']}G",
                    [frame("sold", p=seat, card=c, price=a["price"]), frame("sell", **a)],
                )
                for c in sellable
            ],
        ],
        confirm=True,
    )


@handler("sold")
def _sold(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    if card in g.players[seat].holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
        g.players[seat].gold += a["price"]
        g.say(f"{g.name(seat)} sells the {g.card_name(card)} for {a['price']}G.", type="gold", seat=seat)
        possessions.settle_packs(g, seat)


# --- conflict ---------------------------------------------------------------


@verb("fight")
def _fight(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    from talisman.engine.combat import fight_creature

    fight_creature(g, seat, params, ctx)


# --- chance and choice --------------------------------------------------------


@verb("roll")
def _roll(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    if params.get("optional_trait") and stats.has_trait(g, seat, params["optional_trait"]):
        rest = {k: v for k, v in params.items() if k != "optional_trait"}
        g.decide(
            seat,
            "optional-roll",
            f"{params.get('prompt', 'Roll')}: you may choose not to roll.",
            [
                ("roll", "Roll", [frame("effects", p=seat, list=[{"roll": rest}], ctx=ctx)]),
                ("skip", "Do not roll", []),
            ],
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
    roll(g, seat, expr, then, why=params.get("prompt", ""))


@handler("pick_of_two")
def _pick_of_two(g: Game, a: dict) -> None:
    seat = a["p"]
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
        [(f"keep:{v}", f"Keep {v}", [frame(kind, **{**args, "roll": v})]) for v in sorted({first, second})],
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


def roll(g: Game, seat: int, expr: str, then: tuple, why: str = "", into: str = "roll", fate: bool = True) -> None:
    """Roll dice for a character, offer a Fate re-roll, then push ``then`` with the total."""
    g.push("roll", p=seat, dice=expr, then=list(then), into=into, why=why, fate=fate)


@handler("roll")
def _roll_frame(g: Game, a: dict) -> None:
    seat = a["p"]
    total, faces = g.roll_dice(a["dice"], seat)
    label = a["why"] or "a roll"
    if g.log is not None:
        shown = a["dice"].replace("die", f"D{g.die_size(seat)}")
        g.say(
            f"{g.name(seat)} rolls {shown} for {label}: {'+'.join(map(str, faces))}"
            f"{' = ' + str(total) if len(faces) > 1 or len(parse(a['dice'])) > 1 else ''}.",
            type="roll",
            seat=seat,
            dice=faces,
        )
    kind, args = a["then"]
    done = frame(kind, **{**args, a["into"]: total, a["into"] + "_faces": faces})
    p = g.players[seat]
    if a["fate"] and g.options.get("fate") and p.fate > 0 and not a.get("rerolled"):
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
                ("keep", f"Keep {total}", [done]),
                (
                    "reroll",
                    f"Spend 1 Fate ({p.fate} left) and roll again",
                    [frame("spend_fate", p=seat, why=a["why"]), frame("roll", **{**a, "rerolled": True})],
                ),
                *twists,
            ],
        )
        return
    g.push_all([done])


@handler("spend_fate")
def _spend_fate(g: Game, a: dict) -> None:
    seat = a["p"]
    p = g.players[seat]
    p.fate -= 1
    g.say(f"{g.name(seat)} spends 1 Fate to roll again ({p.fate} left).", type="fate", seat=seat)
    if a.get("why") == "movement" and stats.has_trait(g, seat, "free-movement-reroll"):
        p.fate += 1  # the Cloak of Feathers gives it straight back
        g.say(f"{g.name(seat)}'s Fate comes straight back ({p.fate}).", type="fate", seat=seat)


@handler("table")
def _table(g: Game, a: dict) -> None:
    seat = a["p"]
    value = a["roll"] + a.get("bonus", 0)
    if a.get("bonus"):
        g.say(f"With +{a['bonus']} the result is {value}.", seat=seat)
    for row in a["rows"]:
        lo, hi = parse_range(row["at"])
        if lo <= value <= hi:
            run(g, seat, row.get("do", ()), {**a["ctx"], "roll": value})
            return


@handler("follower_rolls")
def _follower_rolls(g: Game, a: dict) -> None:
    """Roll for each Follower too (the Chasm): on the table's losing rows it is lost."""
    seat = a["p"]
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
def _test(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    expr = params["dice"]
    if params.get("dice_trait"):
        n = stats.trait_value(g, seat, params["dice_trait"])
        if n:
            expr = _with_dice_count(expr, n)
    roll(g, seat, expr, frame("test_result", p=seat, params=params, ctx=ctx), why=f"a test of {params['vs']}")


@handler("test_result")
def _test_result(g: Game, a: dict) -> None:
    seat, params = a["p"], a["params"]
    target = stats.attribute(g, seat, params["vs"])
    value = a["roll"]
    ok = {"<": value < target, "<=": value <= target, ">": value > target, ">=": value >= target}[params["op"]]
    g.say(f"{value} against {params['vs'].capitalize()} {target}: {'success' if ok else 'failure'}.", seat=seat)
    run(g, seat, params.get("success" if ok else "failure", ()), a["ctx"])


@verb("choose")
def _choose(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    opts = []
    for i, o in enumerate(params["options"]):
        if "if" in o and not holds(g, seat, o["if"], ctx):
            continue
        opts.append((o.get("id", f"choice-{i}"), o["label"], effect_frames(seat, o["do"], ctx)))
    if params.get("optional"):
        if not opts:
            return  # nothing on offer (the Sorcerer to a character who cannot pay)
        opts.append(("nothing", "Do nothing", []))
    if opts:
        # ``decision``: the kind of decision it is, for the bots and front ends (a wish, not any choice)
        kind = params.get("decision", "choose")
        g.decide(seat, kind, params.get("prompt", "Choose"), opts, confirm=bool(params.get("optional")))


# --- movement and turns -------------------------------------------------------


@verb("move")
def _move(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    from talisman.engine import movement

    p = g.players[seat]
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
            where,
            [
                (
                    f"to:{s}",
                    g.rules.space(s).name,
                    [
                        frame(
                            "teleport",
                            p=seat,
                            to=g.rules.space_index[s],
                            next_move=params.get("next_move", False),
                            encounter=params.get("encounter", True),
                        )
                    ],
                )
                for s in spaces
            ],
        )
        return
    g.push(
        "teleport",
        p=seat,
        to=g.rules.space_index[params["to"]],
        next_move=params.get("next_move", False),
        encounter=params.get("encounter", True),
    )
    del movement  # imported for its frame handlers


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


@verb("toad")
def _toad(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    from talisman.engine.transform import become_toad

    become_toad(g, seat, params["turns"])


@verb("alignment")
def _alignment(g: Game, seat: int, alignment: str, ctx: Ctx) -> None:
    possessions.set_alignment(g, seat, alignment)


@verb("enslave")
def _enslave(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    g.players[seat].status["enslaved"] = params["free_on"]
    g.say(f"{g.name(seat)} is enslaved: it may leave only on a movement roll of {params['free_on']}.", seat=seat)


@verb("status")
def _status(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    g.players[seat].status[params["name"]] = params.get("turns", params.get("rounds", 1))


@verb("relocate")
def _relocate(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
    HOOKS[name](g, seat, ctx)


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


@verb("boost")
def _boost(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
    """A bonus (or with a negative amount a malus) to Strength, Craft or battle Strength until the end of
    the turn (``turn``: the holder's; ``this-turn``: the turn now being played, cast on another), or of
    the fight. An amount may be an attribute, read now (Psionic Blast adds the Craft); with
    ``floor = "printed"`` a malus never takes the value below the printed one (Weakness)."""
    p = g.players[seat]
    for attr in ("strength", "craft", "battle_strength"):
        n = params.get(attr)
        if not n:
            continue
        if isinstance(n, str):
            n = stats.attribute(g, seat, n)
        if n < 0 and params.get("floor") == "printed":
            n = -max(0, min(-n, stats.attribute(g, seat, attr) - stats.base_value(g, seat, attr)))
        p.mods.append((attr, n, params["until"]))
        stats.changed(g)
        shown = "Strength in battle" if attr == "battle_strength" else attr.capitalize()
        until = "this turn" if params["until"] == "this-turn" else f"the end of the {params['until']}"
        g.say(f"{g.name(seat)} has {n:+d} {shown} until {until}.", seat=seat)


@verb("timed")
def _timed(g: Game, seat: int, params: dict, ctx: Ctx) -> None:
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
    from talisman.engine import realms

    if params:
        realms.entitle(g, seat)
