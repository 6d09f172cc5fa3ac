"""Dungeon spaces and cards whose rules the effect vocabulary cannot say: each
is named from the content (``{ hook = "name" }``) and lives here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, effects, lives, possessions, spells, stats
from talisman.engine.effects import hook
from talisman.engine.encounter import deck_here, encounter_order
from talisman.engine.game import frame, handler
from talisman.modules.dungeon_4e import rules

if TYPE_CHECKING:
    from talisman.engine.game import Game

ORACLE_LOOKS = 5
CRYPT_KEEPER_LOOKS = 5


def _space_of(g: Game, card: int) -> int | None:
    for space, held in g.board.items():
        if card in held:
            return space
    return None


# --- spaces ---------------------------------------------------------------------------


@hook("cell")
def cell(g: Game, seat: int, ctx: dict) -> None:
    """The Cell: leave one Follower locked here, then you may free one left before.
    Choice: a Follower that clings to you (Cursed by a Hag, the Poltergeist) cannot be left."""
    p = g.players[seat]
    free = [f for f in p.followers if not g.rules.instances[f].must_take]
    if not free:
        g.push("cell_free", p=seat, left=-1)
        return
    g.decide(
        seat,
        "cell",
        "You must leave one of your Followers locked in the Cell.",
        [(f"leave:{f}", f"Leave the {g.card_name(f)}", [frame("cell_leave", p=seat, card=f)]) for f in free],
    )


@handler("cell_leave")
def _cell_leave(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    cards.release(g, seat, card)
    cards.place(g, card, p.space)
    g.say(f"{g.name(seat)} leaves the {g.card_name(card)} locked in the Cell.", seat=seat)
    possessions.settle_packs(g, seat)
    g.push("cell_free", p=seat, left=card)


@handler("cell_free")
def _cell_free(g: Game, a: dict) -> None:
    seat = a["p"]
    space = g.players[seat].space
    prisoners = [
        c
        for c in g.cards_on(space)
        if g.rules.instances[c].type == "follower" and c != a["left"] and possessions.can_take(g, seat, c)
    ]
    if prisoners:
        g.decide(
            seat,
            "cell-free",
            "Free a Follower locked in the Cell?",
            [
                ("nothing", "Free no one", []),
                *[(f"free:{c}", f"Free the {g.card_name(c)}", [frame("take", p=seat, card=c)]) for c in prisoners],
            ],
            confirm=True,
        )


@hook("summoning-circle")
def summoning_circle(g: Game, seat: int, ctx: dict) -> None:
    """The nearest Enemy face up elsewhere in this Region comes here to be faced.
    Choice: nearest along the path; on a tie, the one nearer the Treasure Chamber;
    of several on that space, the first met there. With none, draw 1 card."""
    here = g.players[seat].space
    region = g.rules.spaces[here].region
    ring = [g.rules.space_index[s] for s in g.rules.regions[region].ring]
    pos = {s: i for i, s in enumerate(ring)}
    found = [
        (abs(pos[s] - pos[here]), -pos[s], s)
        for s in g.board
        if s in pos and s != here and any(g.rules.instances[c].type == "enemy" for c in g.cards_on(s))
    ]
    if not found:
        g.say(f"Nothing answers the Summoning Circle: {g.name(seat)} draws a card.", seat=seat)
        g.push("draw_cards", p=seat, n=1)
        return
    source = min(found)[2]
    card = next(c for c in encounter_order(g, source) if g.rules.instances[c].type == "enemy")
    cards.lift(g, card, source)
    cards.place(g, card, here)
    g.say(f"The Summoning Circle calls the {g.card_name(card)} from the {g.space_name(source)}.", seat=seat)


@hook("trap-door")
def trap_door(g: Game, seat: int, ctx: dict) -> None:
    """Go to the Dungeon Entrance or to a face-up Dungeon Door, and encounter it."""
    doors = sorted({s for s, held in g.board.items() for c in held if g.card_name(c) == "Dungeon Door"})
    entrance = g.rules.space_index[rules.ENTRANCE]
    ways = [entrance] + [s for s in doors if s != entrance]
    g.decide(
        seat,
        "trap-door",
        "The trap door opens: where do you fall?",
        [(f"to:{g.rules.spaces[s].id}", f"The {g.space_name(s)}", [frame("teleport", p=seat, to=s)]) for s in ways],
    )


# --- events -----------------------------------------------------------------------------


@hook("fire")
def fire(g: Game, seat: int, ctx: dict) -> None:
    effects.roll(g, seat, "D6", frame("fire_result", p=seat), why="the Fire")


FIRE_BURNS = {1: "place", 2: "place", 3: "stranger", 4: "stranger", 5: "enemy", 6: "enemy"}


@handler("fire_result")
def _fire_result(g: Game, a: dict) -> None:
    seat = a["p"]
    kind = FIRE_BURNS[a["roll"]]
    region = g.rules.spaces[g.players[seat].space].region
    burnt = [
        (s, c)
        for s, held in sorted(g.board.items())
        if g.rules.spaces[s].region == region
        for c in held
        if g.rules.instances[c].type == kind
    ]
    for s, c in burnt:
        for prisoner in cards.held_by(g, f"card:{c}"):  # the Dungeon Keeper's prisoners go free
            cards.unhold(g, f"card:{c}", prisoner)
            cards.place(g, prisoner, s)
        cards.lift(g, c, s)
        cards.discard(g, c)
    g.say(
        f"The Fire burns {len(burnt)} {kind} card{'s' if len(burnt) != 1 else ''} in the "
        f"{g.rules.regions[region].name}.",
        seat=seat,
    )


@hook("green-mist")
def green_mist(g: Game, seat: int, ctx: dict) -> None:
    p = g.players[seat]
    gone = [c for c in p.objects + p.packed if g.rules.instances[c].weapon or g.rules.instances[c].armour]
    for c in gone:
        cards.release(g, seat, c)
        cards.discard(g, c)
    g.say(f"The Green Mist eats {', '.join(g.card_name(c) for c in gone) or 'nothing'} of {g.name(seat)}'s.", seat=seat)
    possessions.settle_packs(g, seat)


@hook("join-as-follower")
def join_as_follower(g: Game, seat: int, ctx: dict) -> None:
    """The card met becomes a Follower: the Lone Dwarf (unless no Follower may
    join), the Spirit of Vengeance (it clings, whatever the character's state)."""
    card = ctx["src"]
    p = g.players[seat]
    if "passes-on" not in g.rules.instances[card].traits and (p.toad or stats.has_trait(g, seat, "no-followers")):
        g.say(f"The {g.card_name(card)} cannot join {g.name(seat)}.", seat=seat)
        return
    space = _space_of(g, card)
    if space is not None:
        cards.lift(g, card, space)
    else:
        g.discards[g.rules.instances[card].deck].remove(card)
    p.followers.append(card)
    stats.changed(g)
    g.say(f"The {g.card_name(card)} joins {g.name(seat)} as a Follower.", type="gain", seat=seat)


# --- enemies ------------------------------------------------------------------------------


@hook("dissolve-weapons")
def dissolve_weapons(g: Game, seat: int, ctx: dict) -> None:
    """The Crawling Slime: the Weapons used against it are discarded."""
    for w in stats.weapons_used(g, seat):
        cards.release(g, seat, w)
        cards.discard(g, w)
        g.say(f"The slime dissolves {g.name(seat)}'s {g.card_name(w)}.", seat=seat)


@hook("gate-smasher")
def gate_smasher(g: Game, seat: int, ctx: dict) -> None:
    """Not killed, the Gate Smasher rampages: a die for each other face-up card in this Region, 1-2 smashes it."""
    region = g.rules.spaces[g.players[seat].space].region
    for s, held in sorted(g.board.items()):
        if g.rules.spaces[s].region != region:
            continue
        for c in list(held):
            if c == ctx.get("src"):
                continue
            value, _ = g.roll_dice("D6", seat)
            if value <= 2:
                cards.lift(g, c, s)
                cards.discard(g, c)
                g.say(
                    f"The Gate Smasher smashes the {g.card_name(c)} on the {g.space_name(s)} (rolled {value}).",
                    seat=seat,
                )


@hook("follower-or-life")
def follower_or_life(g: Game, seat: int, ctx: dict) -> None:
    """It kills a Follower at random, or takes one more life from a character who has none."""
    p = g.players[seat]
    if not p.followers:
        lives.lose_lives(g, seat, 1, effects.cause_of(g, ctx))
        return
    victim = p.followers[g.rng.below(len(p.followers))]
    dies = [frame("lose_follower", p=seat, card=victim, why=f"is killed by the {g.card_name(ctx['src'])}")]
    saves = [
        o
        for o in spells.cast_options(g, seat, "life-loss", dies, combat={"follower": victim})
        if g.rules.instances[int(o[0].split(":")[1])].cast["hook"] == "restoration"
    ]
    if saves:
        g.decide(
            seat,
            "save-follower",
            f"Your {g.card_name(victim)} is about to be killed.",
            [("accept", "Let it die", dies), *saves],
        )
    else:
        g.push_all(dies)


@hook("crypt-keeper")
def crypt_keeper(g: Game, seat: int, ctx: dict) -> None:
    """Look at the top 5 cards of the deck drawn from here; take one Object among them."""
    deck = deck_here(g, seat, "adventure")
    top = g.decks[deck][-CRYPT_KEEPER_LOOKS:][::-1]
    g.say(
        f"{g.name(seat)} searches the crypt: {', '.join(g.card_name(c) for c in top) or 'nothing'}.",
        seat=seat,
        private=seat,
        public=f"{g.name(seat)} searches the crypt.",
    )
    finds = [c for c in top if g.rules.instances[c].type in ("object", "magic-object")]
    if finds:
        g.decide(
            seat,
            "crypt",
            "Take one Object from the crypt?",
            [
                ("nothing", "Take nothing", []),
                *[
                    (f"take:{c}", f"Take the {g.card_name(c)}", [frame("take_from_deck", p=seat, deck=deck, card=c)])
                    for c in finds
                ],
            ],
            confirm=True,
        )


@handler("take_from_deck")
def _take_from_deck(g: Game, a: dict) -> None:
    if a["card"] in g.decks[a["deck"]]:
        g.decks[a["deck"]].remove(a["card"])
        effects.offer(g, a["p"], a["card"])


@hook("tinker-imp")
def tinker_imp(g: Game, seat: int, ctx: dict) -> None:
    """Before the fight the Imp drops one of your Objects (at random) a die roll of spaces clockwise."""
    p = g.players[seat]
    if not p.objects:
        return
    card = p.objects[g.rng.below(len(p.objects))]
    steps, _ = g.roll_dice("D6", seat)
    pos = p.space
    for _ in range(steps):
        nxt = g.rules.cw[pos]
        if nxt < 0:
            break
        pos = nxt
    cards.release(g, seat, card)
    cards.place(g, card, pos)
    possessions.settle_packs(g, seat)
    g.say(
        f"The Tinker Imp snatches {g.name(seat)}'s {g.card_name(card)} and drops it on the {g.space_name(pos)} "
        f"(rolled {steps}).",
        seat=seat,
    )


# --- strangers -----------------------------------------------------------------------------


@hook("dungeon-keeper")
def dungeon_keeper(g: Game, seat: int, ctx: dict) -> None:
    """He locks up all your Followers (not those that cling to you); buy any he
    holds back at 1 gold each; he leaves when he holds none."""
    keeper = ctx["src"]
    p = g.players[seat]
    taken = [f for f in p.followers if not g.rules.instances[f].must_take]
    for f in taken:
        cards.release(g, seat, f)
        cards.hold(g, f"card:{keeper}", f)
    if taken:
        g.say(f"The Dungeon Keeper locks up {g.name(seat)}'s {', '.join(g.card_name(f) for f in taken)}.", seat=seat)
        possessions.settle_packs(g, seat)
    g.push("keeper_buy", p=seat, keeper=keeper)


@handler("keeper_buy")
def _keeper_buy(g: Game, a: dict) -> None:
    seat, keeper = a["p"], a["keeper"]
    p = g.players[seat]
    held = cards.held_by(g, f"card:{keeper}")
    offers = [
        (
            f"buy:{f}",
            f"Buy back the {g.card_name(f)} for 1 gold",
            [frame("keeper_sell", p=seat, keeper=keeper, card=f), frame("keeper_buy", p=seat, keeper=keeper)],
        )
        for f in held
        if p.gold >= 1 and possessions.can_take(g, seat, f)
    ]
    if offers:
        g.decide(
            seat,
            "keeper",
            "The Dungeon Keeper will sell his prisoners.",
            [("done", "Buy no more", [frame("keeper_leaves", keeper=keeper)]), *offers],
            confirm=True,
        )
    else:
        g.push("keeper_leaves", keeper=keeper)


@handler("keeper_sell")
def _keeper_sell(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    g.players[seat].gold -= 1
    cards.unhold(g, f"card:{a['keeper']}", card)
    possessions.give_item(g, seat, card)


@handler("keeper_leaves")
def _keeper_leaves(g: Game, a: dict) -> None:
    keeper = a["keeper"]
    space = _space_of(g, keeper)
    if space is not None and not cards.held_by(g, f"card:{keeper}"):
        cards.lift(g, keeper, space)
        cards.discard(g, keeper)
        g.say("The Dungeon Keeper, holding no one, goes away.")


@hook("oracle")
def oracle(g: Game, seat: int, ctx: dict) -> None:
    deck = g.decks["dungeon"]
    top = deck[-ORACLE_LOOKS:][::-1]
    if top:
        g.say(
            f"The Oracle shows {g.name(seat)} the next Dungeon cards: {', '.join(g.card_name(c) for c in top)}.",
            seat=seat,
            private=seat,
            public=f"The Oracle shows {g.name(seat)} what is to come.",
        )
        g.push("oracle_order", p=seat, left=top, chosen=[])


@handler("oracle_order")
def _oracle_order(g: Game, a: dict) -> None:
    """Put the cards back one at a time, the first chosen on top."""
    left, chosen = a["left"], a["chosen"]
    if len(left) <= 1:
        order = chosen + left
        deck = g.decks["dungeon"]
        rest = [c for c in deck if c not in order]
        g.decks["dungeon"] = rest + order[::-1]
        g.say(f"{g.name(a['p'])} puts the cards back.", seat=a["p"])
        return
    g.decide(
        a["p"],
        "oracle",
        f"Which card goes {'on top' if not chosen else 'next'}?",
        [
            (
                f"next:{c}",
                f"The {g.card_name(c)}",
                [frame("oracle_order", p=a["p"], left=[x for x in left if x != c], chosen=chosen + [c])],
            )
            for c in left
        ],
    )


# --- places --------------------------------------------------------------------------------


@hook("rune-gate")
def rune_gate(g: Game, seat: int, ctx: dict) -> None:
    """Once: choose another face-up Rune Gate or a Runes space as your next move; the Gate crumbles."""
    here = g.players[seat].space
    gates = {s for s, held in g.board.items() for c in held if g.card_name(c) == "Rune Gate" and s != here}
    runes = {s.index for s in g.rules.spaces if s.kind == "runes"}
    ways = sorted((gates | runes) - {here})
    if not ways:
        return
    g.decide(
        seat,
        "rune-gate",
        "The Rune Gate glows. Use it?",
        [
            ("nothing", "Leave it", []),
            *[
                (
                    f"to:{g.rules.spaces[s].id}",
                    f"Step through to the {g.space_name(s)} on your next turn",
                    [
                        frame("effects", p=seat, list=[{"discard_this": True}], ctx=ctx),
                        frame("teleport", p=seat, to=s, next_move=True),
                    ],
                )
                for s in ways
            ],
        ],
        confirm=True,
    )


@hook("snake-bite")
def snake_bite(g: Game, seat: int, ctx: dict) -> None:
    p = g.players[seat]
    bite = [frame("lose_lives", p=seat, n=1, cause="the Snake Pit")]
    if not p.followers:
        g.push_all(bite)
        return
    g.decide(
        seat,
        "snake-pit",
        "The snakes strike: give up a Follower or lose a life.",
        [
            ("life", "Lose 1 life", bite),
            *[
                (
                    f"follower:{f}",
                    f"Give up the {g.card_name(f)}",
                    [frame("lose_follower", p=seat, card=f, why="is lost in the Snake Pit")],
                )
                for f in p.followers
            ],
        ],
    )
