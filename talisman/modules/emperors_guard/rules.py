"""000's Emperor's Guard ("THE EMPEROR'S GUARD", "GUARD ENCOUNTERS").

- The Event (``guard.toml``) places one piece on each of the eight spaces 000
  names: the City Gate, the Chapel, the Tavern, the Village Square, the
  Monastery of Pure Good, the Endless Sea, the Tower of Ultimate Evil and the
  Bandit's Fortress. Choices: the "Village Square" is the Village (a name
  variant, inventory); the City Gate is the City's own Gate with the City
  (module ``city-classic``) in play, else the main board's City space (000:
  that space "is considered the City Gate"). The last four lie on a board this
  game does not have (000's Far-Outer Reaches): their pieces stay in the box
  (core.setup.missing-expansions), unless a board in play names such a space.
  Placing is no landing: nobody is attacked where a piece is set down. Drawn
  again while Guards are out, the Event gathers the eight pieces and places
  them afresh, and the tax is due again.
- The tax: every living character pays 1 gold; one that has none takes a Warrant.
- The walk: at the end of each round, one D6 for every piece; each walks that
  many spaces clockwise round the ring of its Region, never leaving it. Choice:
  the round's end is worked when the first turn of the next round begins,
  before anyone acts. A piece off its Region's ring (the City's Gate, off the
  streets) steps first through its door: the Guard of the Gate patrols the
  City's streets, and never enters a building.
- Where a piece lands: first the cards lying there, then each character there
  in turn order, the one whose turn begins last (and the pieces that land on
  it after the others: killed, its turn is over, and nothing else is lost).
- A character: the Guard tries to take a life. Unless the character holds a
  Warrant, a D6 on the bribe table (``BRIBES``). Where a row asks for "a Magic
  Object or Item" (rows 2, 4 and 5), only a Magic Object or a Magic Item pays:
  a plain Object does not (our reading: 000 tells Objects, Magic Objects and
  Magic Items apart in the same section, "Object / Magic Item / Magic Object",
  and the Timescape's Warlock reads his fee so too). It may refuse the bribe and
  fight, and must when it cannot pay. The Guard fights in battle at Strength
  5, or in psychic combat at Craft 3 if the character may attack in psychic
  combat and so chooses (OUR OWN numbers: 000 gives the Guard none; 5 is the
  Dungeon's guard's; guard.toml declares both, tunable); it may be Evaded as any creature (an ability, a Spell).
  Beaten, the Guard is removed from play and the character takes a Warrant;
  winning, it takes a life (Armour may save it); a stand-off changes nothing.
  The fight is flagged ``law`` (the Brotherhood of the Bell counts the Guard as
  the Law, and is told when a Guard meets a character: ``law_met``). In the
  City's streets a fight with the Guard is a street fight all the same (the
  City's Statute A: any battle, whoever began it).
- The cards (``CARD_ACTIONS``): Strangers, Objects, Magic Objects and Magic
  Items are discarded; an Enemy is fought (our own way: a D6 and the Guard's
  Strength against a D6 and the Enemy's, Craft against a Spirit; the loser
  goes, a stand-off leaves both); a Place is closed and a Follower hides, both
  turned face down (out of play: they do not count toward the cards a space
  draws); the space's own instructions are ignored.
- A closed Place: a character arriving on it may reopen it by missing its
  next turn; it is face up at once, met with the space. A hiding Follower: a
  character arriving on it may take it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from talisman.engine import cards, frames, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.emperors_guard.module import MODULE
from talisman.modules.shared.warrant import give_warrant, has_warrant

if TYPE_CHECKING:
    from talisman.engine.game import Game

GUARD = "Emperor's Guard"
PLACES = (
    "City Gate",
    "Chapel",
    "Tavern",
    "Village Square",
    "Monastery of Pure Good",
    "Endless Sea",
    "Tower of Ultimate Evil",
    "Bandit's Fortress",
)
ALIASES = {"Village Square": ("Village",), "City Gate": ("City",)}  # the names on our boards
TAX = 1
# The bribe table (1D6): (gold, how), what paying takes; ``"and"`` the gold and one Magic Object or Magic
# Item, ``"or"`` the gold or one of them. None: no bribe will do; "friend": no bribe needed.
BRIBES: dict[int, Any] = {
    1: None,
    2: (5, "and"),
    3: (5, ""),
    4: (3, "or"),
    5: (1, "or"),
    6: "friend",
}
CARD_ACTIONS = {
    "stranger": "discard",
    "enemy": "fight",
    "place": "close",
    "object": "discard",
    "magic-object": "discard",
    "magic-item": "discard",
    "follower": "hide",
}


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def guards(g: Game) -> list[dict[str, int]]:
    """The pieces in play: ``{"id": n, "space": index}``."""
    return list(g.globals.get("guards", ()))


def guard_at(g: Game, gid: int) -> int | None:
    return next((x["space"] for x in guards(g) if x["id"] == gid), None)


def remove_guard(g: Game, gid: int) -> None:
    left = [x for x in guards(g) if x["id"] != gid]
    if left:
        g.globals["guards"] = left
    else:
        g.globals.pop("guards", None)


def closed(space: int) -> str:
    return f"guard-closed:{space}"


def hiding(space: int) -> str:
    return f"guard-hiding:{space}"


# --- the Event: placing the pieces, the tax -------------------------------------------------------------


def start_spaces(g: Game) -> list[int]:
    """The spaces of the eight starting places that this game's boards have."""
    by_name: dict[str, int] = {}
    for s in g.rules.spaces:
        by_name.setdefault(s.name, s.index)
    out = []
    for name in PLACES:
        if name == "City Gate" and g.rules.has_module("city-classic"):
            found: int | None = g.rules.space_index.get("city-gate")
        else:
            found = next((by_name[n] for n in (name, *ALIASES.get(name, ())) if n in by_name), None)
        if found is not None:
            out.append(found)
    return out


@MODULE.hook("emperors-guard")
def muster(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: the Guards are set out on the board as pieces, and every character is taxed."""
    spaces = start_spaces(g)
    g.globals["guards"] = [{"id": i, "space": s} for i, s in enumerate(spaces)]
    g.globals["guards-round"] = g.round
    where = ", ".join(f"the {g.space_name(s)}" for s in spaces)
    g.say(f"The Emperor's Guard marches out: {len(spaces)} Guards stand on {where}.", type="event", seat=seat)
    if len(spaces) < len(PLACES):
        g.say(f"{len(PLACES) - len(spaces)} Guards stay in the box: their spaces are on no board of this game.")
    for i in g.living():
        p = g.players[i]
        if p.gold >= TAX:
            p.gold -= TAX
            g.say(f"{g.name(i)} pays the Emperor's tax of {TAX} gold.", type="gold", seat=i)
        else:
            give_warrant(g, i, "it cannot pay the Emperor's tax")


# --- the walk at the end of each round ---------------------------------------------------------------------


@MODULE.ability("turn_start", game="guards")
def round_over(g: Game, seat: int) -> None:
    """The first turn of a new round begins: the last round is over, and the Guards walk."""
    if guards(g) and g.round > g.globals.get("guards-round", g.round):
        g.globals["guards-round"] = g.round
        g.push("guards_walk")


def step(g: Game, space: int) -> int:
    """One space clockwise round the Region; off its ring, through the door onto it."""
    nxt = g.rules.cw[space]
    if nxt >= 0:
        return nxt
    ring = set(g.rules.regions[g.rules.spaces[space].region].ring)
    door = next((other for _, other in g.rules.links_of(space) if g.rules.spaces[other].id in ring), space)
    return door


@MODULE.handler("guards_walk", args=frames.NoArgs)
def _guards_walk(g: Game, a: frames.NoArgs) -> None:
    n, _ = g.roll_dice("D6")
    moved = []
    for x in guards(g):
        space = x["space"]
        for _ in range(n):
            space = step(g, space)
        moved.append({"id": x["id"], "space": space})
    g.globals["guards"] = moved
    g.say(f"The round is over: the Emperor's Guards march {n} spaces clockwise.", type="event", dice=[n])
    # The Guards that land on the character whose turn begins come last: killed, its turn is over,
    # and what is left of the round's end with it (no other Guard's encounter is lost so).
    last = g.players[g.active].space
    g.push_all([frame("guard_lands", id=x["id"]) for x in sorted(moved, key=lambda x: x["space"] == last)])


class GuardLands(TypedDict):
    """The Guard ``id`` lands on its space."""

    id: int


@MODULE.handler("guard_lands", args=GuardLands)
def _guard_lands(g: Game, a: GuardLands) -> None:
    gid = a["id"]
    space = guard_at(g, gid)
    if space is None:
        return
    for card in [c for c in g.cards_on(space)]:
        if guard_at(g, gid) is None:
            return
        meet_card(g, gid, space, card)
    if guard_at(g, gid) is None:
        return
    n = len(g.players)
    order = [(g.active + k) % n for k in range(1, n + 1)]  # the character whose turn begins, last
    here = [i for i in order if g.players[i].alive and g.players[i].space == space]
    g.push_all([frame("guard_meets", id=gid, p=i) for i in here])


# --- the cards the Guard finds ---------------------------------------------------------------------------


def meet_card(g: Game, gid: int, space: int, card: int) -> None:
    c = g.rules.instances[card]
    action = CARD_ACTIONS.get(c.type)
    if action == "discard":
        cards.lift(g, card, space)
        cards.discard(g, card)
        g.say(f"The Emperor's Guard on the {g.space_name(space)} sends the {c.name} away: it is discarded.")
    elif action in ("close", "hide"):
        cards.lift(g, card, space)
        cards.hold(g, closed(space) if action == "close" else hiding(space), card)
        what = "closes the" if action == "close" else "makes the"
        rest = "" if action == "close" else " hide"
        g.say(f"The Emperor's Guard {what} {c.name}{rest} on the {g.space_name(space)}: it is turned face down.")
    elif action == "fight":
        fight_enemy(g, gid, space, card)


def fight_enemy(g: Game, gid: int, space: int, card: int) -> None:
    """Our own way: a D6 and the Guard's Strength against a D6 and the Enemy's (Craft against a Spirit)."""
    c = g.rules.instances[card]
    psychic = bool(c.craft and not c.strength)
    mine = g.rng.die(6) + g.rules.numbers["guard-craft" if psychic else "guard-strength"]
    theirs = g.rng.die(6) + (c.craft if psychic else c.strength)
    g.say(
        f"The Emperor's Guard fights the {c.name} on the {g.space_name(space)} "
        f"in {'psychic combat' if psychic else 'battle'}: {mine} against {theirs}.",
        type="combat",
    )
    if mine > theirs:
        cards.lift(g, card, space)
        cards.discard(g, card)
        g.say(f"The Guard kills the {c.name}.", type="combat-result")
    elif mine < theirs:
        remove_guard(g, gid)
        g.say(f"The {c.name} kills the Emperor's Guard: the piece is removed from play.", type="combat-result")


# --- the characters the Guard finds ---------------------------------------------------------------------


class GuardMeets(GuardLands):
    """The Guard ``id`` and character ``p``."""

    p: int


@MODULE.handler("guard_meets", args=GuardMeets)
def _guard_meets(g: Game, a: GuardMeets) -> None:
    gid, seat = a["id"], a["p"]
    space = guard_at(g, gid)
    if space is None or not g.players[seat].alive or g.players[seat].space != space:
        return
    g.say(f"The Emperor's Guard on the {g.space_name(space)} comes for {g.name(seat)}.", type="attack", seat=seat)
    g.push("guard_bribe", id=gid, p=seat)
    for fn in g.rules.abilities.get("law_met", ()):
        fn(g, seat, "the Emperor's Guard")  # the Guard is the Law (a module that cares is told: the Brotherhood)


def fight_choices(g: Game, gid: int, seat: int, refuse: bool) -> list[Choice]:
    lead = "Refuse the bribe and fight" if refuse else "Fight"
    strength, craft = g.rules.numbers["guard-strength"], g.rules.numbers["guard-craft"]
    out = [Choice("fight", f"{lead} the Guard (Strength {strength})", [frame("guard_fight", id=gid, p=seat)])]
    if stats.has_trait(g, seat, "psychic-attack"):
        out.append(
            Choice(
                "fight-psychic",
                f"{lead} the Guard in psychic combat (Craft {craft})",
                [frame("guard_fight", id=gid, p=seat, mode="craft")],
            )
        )
    return out


def bribe_choices(g: Game, gid: int, seat: int, roll: int) -> list[Choice]:
    gold, how = BRIBES[roll]
    p = g.players[seat]
    objects = [o for o in p.objects + p.packed if g.rules.instances[o].is_magic]  # 000: "a Magic Object or Item"
    out = []
    if how == "and":
        if p.gold >= gold:
            out += [
                Choice(
                    f"bribe:{o}",
                    f"Pay {gold}G and the {g.card_name(o)}",
                    [frame("guard_paid", p=seat, gold=gold, card=o)],
                )
                for o in objects
            ]
    else:
        if p.gold >= gold:
            out.append(Choice("bribe", f"Pay {gold}G", [frame("guard_paid", p=seat, gold=gold)]))
        if how == "or":
            out += [
                Choice(f"bribe:{o}", f"Give the {g.card_name(o)}", [frame("guard_paid", p=seat, gold=0, card=o)])
                for o in objects
            ]
    return out


@MODULE.handler("guard_bribe", args=GuardMeets)
def _guard_bribe(g: Game, a: GuardMeets) -> None:
    gid, seat = a["id"], a["p"]
    if guard_at(g, gid) is None or not g.players[seat].alive:
        return
    if has_warrant(g, seat):
        g.say(f"{g.name(seat)} holds a Warrant: the Guard takes no bribe from it.", seat=seat)
        g.decide(
            seat,
            "guard-bribe",
            "The Emperor's Guard will take no bribe: you hold a Warrant.",
            fight_choices(g, gid, seat, False),
        )
        return
    roll, _ = g.roll_dice("D6", seat)
    g.say(f"{g.name(seat)} rolls {roll} on the Guard's bribe table.", type="roll", seat=seat, dice=[roll])
    if BRIBES[roll] == "friend":
        g.say(f"The Emperor's Guard takes {g.name(seat)} for a friend and passes by.", seat=seat)
        return
    if BRIBES[roll] is None:
        g.decide(
            seat, "guard-bribe", "No bribe will do: the Emperor's Guard attacks.", fight_choices(g, gid, seat, False)
        )
        return
    gold, how = BRIBES[roll]
    magic = "a Magic Object or Magic Item"
    asks = {"and": f"{gold} gold and {magic}", "": f"{gold} gold", "or": f"{gold} gold or {magic}"}[how]
    offers = bribe_choices(g, gid, seat, roll)
    prompt = f"The Emperor's Guard will take {asks}" + ("." if offers else ", which you do not have: you must fight.")
    g.decide(seat, "guard-bribe", prompt, offers + fight_choices(g, gid, seat, bool(offers)))


class GuardPaid(TypedDict):
    """Character ``p`` pays the Guard ``gold`` gold. ``card``: an Object given besides the gold."""

    p: int
    gold: int
    card: NotRequired[int]


@MODULE.handler("guard_paid", args=GuardPaid)
def _guard_paid(g: Game, a: GuardPaid) -> None:
    seat = a["p"]
    p = g.players[seat]
    p.gold -= a["gold"]
    paid = [f"{a['gold']}G"] if a["gold"] else []
    card = a.get("card")
    if card is not None:
        cards.release(g, seat, card)
        cards.discard(g, card)
        possessions.settle_packs(g, seat)
        paid.append(f"the {g.card_name(card)}")
    g.say(f"{g.name(seat)} bribes the Emperor's Guard with {' and '.join(paid)}.", type="gold", seat=seat)


class GuardFight(TypedDict):
    """Character ``p`` fights the Guard ``id``. ``mode``: the fight is in craft (strength unless
    told)."""

    id: int
    p: int
    mode: NotRequired[str]


@MODULE.handler("guard_fight", args=GuardFight)
def _guard_fight(g: Game, a: GuardFight) -> None:
    """A fight with the Guard, out of the character's own turn: nothing in it ends a turn (``alone``:
    no Follower fights in the character's place, whose defeat would)."""
    gid, seat = a["id"], a["p"]
    space = guard_at(g, gid)
    if space is None or not g.players[seat].alive:
        return
    mode = a.get("mode", "strength")
    foe = {"name": GUARD, mode: g.rules.numbers[f"guard-{mode}"], "subtype": "law"}
    g.push_frame(
        frames.combat(
            seat,
            [],
            [foe],
            mode,
            g.rules.regions[g.rules.spaces[space].region].movement == "roll",
            False,
            [frame("guard_beaten", id=gid, p=seat)],
            [],
            [],
            [],
            {},
            alone=True,
            law="emperors-guard",
        )
    )


@MODULE.handler("guard_beaten", args=GuardMeets)
def _guard_beaten(g: Game, a: GuardMeets) -> None:
    remove_guard(g, a["id"])
    g.say(f"{g.name(a['p'])} beats the Emperor's Guard: the piece is removed from play.", seat=a["p"])
    give_warrant(g, a["p"], "it beat one of the Emperor's Guard")


# --- closed Places and hiding Followers ---------------------------------------------------------------------


@MODULE.ability("arrive")
def face_down_cards(g: Game, seat: int, came_from: int) -> None:
    """Arriving on a card the Guard turned face down: reopen a Place, take a Follower."""
    if not g.globals.get("held"):
        return  # (every arrival asks: most often no card is kept face down anywhere)
    space = g.players[seat].space
    for card in cards.held_by(g, hiding(space)):
        g.offer(
            seat,
            "guard-hiding",
            f"The {g.card_name(card)} hides here from the Emperor's Guard.",
            Choice("take", f"Take the {g.card_name(card)}", [frame("guard_unhide", p=seat, card=card)]),
            ("leave", "Leave it hiding"),
        )
    for card in cards.held_by(g, closed(space)):
        g.offer(
            seat,
            "guard-reopen",
            f"The Emperor's Guard closed the {g.card_name(card)} here.",
            Choice(
                "reopen",
                f"Reopen the {g.card_name(card)} (you miss your next turn)",
                [frame("guard_reopen", p=seat, card=card)],
                data={"card": card},  # the Place, for an agent to weigh (option.card)
            ),
            ("leave", "Leave it closed"),
        )


@MODULE.handler("guard_reopen", args=frames.CardOf)
def _guard_reopen(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    turn_up(g, card, g.players[seat].space, closed)
    g.players[seat].lost_turns += 1
    g.say(f"{g.name(seat)} reopens the {g.card_name(card)}, and will miss its next turn.", seat=seat)


@MODULE.handler("guard_unhide", args=frames.CardOf)
def _guard_unhide(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    turn_up(g, card, g.players[seat].space, hiding)
    g.say(f"The {g.card_name(card)} comes out of hiding.", seat=seat)
    g.push_frame(frames.take(seat, card))


def turn_up(g: Game, card: int, space: int, held: Callable[[int], str]) -> None:
    """A card the Guard turned face down on a space lies face up there again (``held``: what holds
    it, ``closed`` for a Place, ``hiding`` for a Follower)."""
    cards.unhold(g, held(space), card)
    cards.place(g, card, space)


# --- on the boards drawn -------------------------------------------------------------------------------------


@MODULE.ability("pieces")
def on_the_board(g: Game) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"space": x["space"], "kind": "emperors-guard", "name": GUARD} for x in guards(g)]
    for holder, held in g.globals.get("held", {}).items():
        what, _, where = holder.partition(":")
        if what in ("guard-closed", "guard-hiding"):
            what = what.removeprefix("guard-")
            label = f"{what} (face down)"
            out += [{"space": int(where), "kind": what, "name": f"{g.card_name(c)}, {label}"} for c in held]
    return out
