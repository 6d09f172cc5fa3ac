"""The districts whose encounter the effect vocabulary cannot say (003 22:5).

- Arena (22:5.01): a Gladiator of Strength 1 die + 2, or a bout with another
  character summoned here (its Bows and riding animals wait at the gates, as
  on entering). No Followers help (they wait outside the bout) and at most 4
  Objects are carried; the winner takes gold equal to half the loser's
  Strength, rounded down (choice: the loser's Strength as printed plus what it
  gained, not its battle score; for the Gladiator, his rolled Strength, from
  the bank); no trophy, and a beaten character loses no life (nor a
  character beaten by the Gladiator). The summoned character cannot refuse
  (003 gives it no choice). A stand-off ends the bout with no prize.
- Temple District (22:5.05): give gold first (1 a point), then 1 die + Craft.
- Harbour (22:5.03): passage to a space beside the Storm River. OUR reading
  (the board is not 003's): the spaces beside the river are those a raft
  (ferry) or the bridge reaches, on both banks. The fare is 3 gold whatever the
  distance (ambiguity: flat fare), and the voyage costs a turn for each side
  of the board sailed: 1 for a space on the City's own side, 1 more for each
  side further round. The voyage starts on the next turn, instead of moving:
  the character is put ashore (nothing met there), its beasts and Bows come
  with it, and it misses the rest of the voyage's turns.
- Well (22:5.08) on a 3: a Purchase card of the character's choice, free.
- City Center (22:5.09): the thief takes a random Object or Magic Object; the
  Follower who wanders off is picked at random (a loyal Dog stays).
- Slums (22:5.11): 1 die - 3 thugs, at least 1, fought one after another; all
  beaten, the Enchantress's die.
- Sheriff's Office (22:7 Deserter, 22:5.15): a Deserter trophy buys 2 gold;
  the outlaw of a King's task is handed over here.
- Palace (22:5.15): enlisting, a die: the King's task (6: none, 003 leaves the
  roll blank; choice: the King has nothing for you). A task done (the outlaw
  handed to the Sheriff, a Dragon trophy, or the Object named) pays 4 gold
  back at the Palace, the card given up, no experience. One task at a time.
  The King and the Queen escorted here pay their reward (cards.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.content.places import ring_cells
from talisman.engine import cards, combat, effects, frames, lives, movement, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.city_districts.module import MODULE
from talisman.modules.city_districts.rules import GATES_SPACE, end_move, in_city, space, stow

if TYPE_CHECKING:
    from talisman.engine.game import Game

FARE = 3
DONATION_MOST = 12  # more could never change the prayer's outcome
TASKS = {
    1: "bring a Bandit, an Outlaw, the Raiders, the Gang, the Robber or a Deserter to the Sheriff",
    2: "slay a Dragon",
    3: "bring the Golden Statue to the King",
    4: "bring the Ancient Artifact to the King",
    5: "bring the Magic Branch to the King",
}
TASK_OBJECTS = {3: "Golden Statue", 4: "Ancient Artifact", 5: "Magic Branch"}
REWARD = 4
DESERTER_REWARD = 2


# --- the Arena -----------------------------------------------------------------------------------


@MODULE.hook("arena")
def arena(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a bout with a Gladiator or a summoned character, under the districts' Arena rules."""
    others = [o.seat for o in g.players if o.alive and o.seat != seat and not g.players[o.seat].status.get("hold")]
    g.decide(
        seat,
        "city-arena",
        "The Arena: whom do you fight?",
        [
            Choice("none", "Fight no one", []),
            Choice("gladiator", "Fight a Gladiator (Strength 1 die + 2)", [frame("city_arena_gladiator", p=seat)]),
            *[
                Choice(
                    f"summon:{o}", f"Summon the {g.name(o)} to a bout", [frame("city_arena_summon", p=seat, other=o)]
                )
                for o in others
            ],
        ],
    )


def _bench(g: Game, seat: int) -> None:
    """The Followers wait outside the bout."""
    p = g.players[seat]
    for f in list(p.followers):
        cards.release(g, seat, f)
        cards.hold(g, f"city-arena:{seat}", f)


class Unbench(TypedDict):
    """The characters ``seats`` may fight in the Arena again."""

    seats: list[int]


@MODULE.handler("city_arena_unbench", args=Unbench)
def _unbench(g: Game, a: Unbench) -> None:
    for seat in a["seats"]:
        for f in cards.held_by(g, f"city-arena:{seat}"):
            cards.unhold(g, f"city-arena:{seat}", f)
            cards.receive(g, seat, f, "followers")


@MODULE.handler("city_arena_gladiator", args=frames.Seat)
def _gladiator(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    strength = effects.amount(g, seat, "D6+2")
    g.say(f"A Gladiator of Strength {strength} steps into the Arena.", seat=seat)
    _bench(g, seat)
    g.push("city_arena_unbench", seats=[seat])
    g.push_frame(
        frames.combat(
            seat,
            [],
            [{"name": "Gladiator", "strength": strength, "subtype": ""}],
            "strength",
            False,
            False,
            [frame("city_arena_prize", p=seat, gold=strength // 2, of="the Gladiator")],
            [frames.end_turn_now()],
            [frames.end_turn_now()],
            [],
            {},
            alone=True,
            harmless=True,
        )
    )


class ArenaPrize(TypedDict):
    """Character ``p`` wins ``gold`` for beating ``of`` (in words)."""

    p: int
    gold: int
    of: str


@MODULE.handler("city_arena_prize", args=ArenaPrize)
def _prize(g: Game, a: ArenaPrize) -> None:
    seat = a["p"]
    g.players[seat].gold += a["gold"]
    g.say(f"{g.name(seat)} wins {a['gold']} gold, half the Strength of {a['of']}.", type="gold", seat=seat)


@MODULE.handler("city_arena_summon", args=frames.Toward)
def _summon(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    o = g.players[other]
    if not in_city(g, other):
        stow(g, other)
    movement.put(g, other, g.players[seat].space)
    o.status.pop("city-gates", None)
    g.say(f"{g.name(other)} is summoned to the Arena by {g.name(seat)}.", type="move", seat=other)
    _bench(g, seat)
    _bench(g, other)
    g.push("city_arena_unbench", seats=[seat, other])
    combat.arranged_fight(g, seat, other, "strength", ("city_arena_bout_over", {}))


@MODULE.handler("city_arena_bout_over", args=frames.Settled)
def _bout_over(g: Game, a: frames.Settled) -> None:
    win, lose = a["win"], a["lose"]
    if win is None or lose is None:
        g.say("The bout ends in a stand-off: no prize.")
        return
    prize = stats.strength(g, lose) // 2
    g.players[win].gold += prize
    g.say(f"{g.name(win)} wins the bout and {prize} gold; {g.name(lose)} leaves the Arena beaten.", type="gold")


# --- the Temple District -----------------------------------------------------------------------------


@MODULE.hook("temple-prayer")
def temple(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a prayer whose roll rises with each gold given."""
    p = g.players[seat]
    most = min(p.gold, DONATION_MOST)
    g.decide(
        seat,
        "city-temple",
        f"The Temple: pray (1 die + your Craft {stats.craft(g, seat)}, +1 for each gold you give)?",
        [
            Choice("none", "Do not pray", []),
            *[
                Choice(
                    f"pray:{n}",
                    "Pray, giving nothing" if n == 0 else f"Pray, giving {n} gold",
                    [frame("city_temple_pray", p=seat, gift=n)],
                )
                for n in range(most + 1)
            ],
        ],
    )


class TemplePray(TypedDict):
    """Character ``p`` prays at the Temple with a gift of ``gift`` gold."""

    p: int
    gift: int


@MODULE.handler("city_temple_pray", args=TemplePray)
def _pray(g: Game, a: TemplePray) -> None:
    seat, gift = a["p"], a["gift"]
    g.players[seat].gold -= gift
    effects.roll(g, seat, "D6", frame("city_temple_answer", p=seat, gift=gift), why="the prayer")


class TempleAnswer(frames.Rolled):
    """The answer to a prayer with a gift of ``gift`` gold."""

    gift: int


@MODULE.handler("city_temple_answer", args=TempleAnswer)
def _answer(g: Game, a: TempleAnswer) -> None:
    seat = a["p"]
    total = a["roll"] + stats.craft(g, seat) + a["gift"]
    g.say(f"The prayer reads {total}.", seat=seat)
    if total <= 5:
        g.say("The gods are angered.", seat=seat)
        lives.lose_lives(g, seat, 1, "the angered gods")
    elif total <= 8:
        g.say(f"{g.name(seat)} must do penance and loses a turn.", type="lose-turn", seat=seat)
        g.players[seat].lost_turns += 1
    elif total <= 10:
        g.say("The gods ignore the prayer.", seat=seat)
    elif total == 11:
        g.say("The gods are pleased.", seat=seat)
        lives.gain_lives(g, seat, 1)
    else:
        g.say("The gods are very pleased: a Blessing.", seat=seat)
        effects.run(g, seat, [{"take_card": {"deck": "city-special", "name": "Blessing"}}], {})


# --- the Harbour -----------------------------------------------------------------------------------------


def riverside(g: Game) -> list[int]:
    """The spaces beside the Storm River: those a raft or the bridge reaches, both banks."""
    found: list[int] | None = g.rules.derived.get("city-riverside")
    if found is None:
        ends = {s for ln in g.rules.links if ln.kind in ("ferry", "bridge") for s in (ln.a, ln.b)}
        found = g.rules.derived["city-riverside"] = sorted(g.rules.space_index[s] for s in ends)
    return found


def board_side(g: Game, idx: int) -> int:
    """Which side of the main board (0 north, 1 east, 2 south, 3 west) a space of a square ring lies on
    (worked out once per ruleset and space: the Harbour's passages ask it for every destination)."""
    key = ("city-board-side", idx)
    side: int | None = g.rules.derived.get(key)
    if side is None:
        side = g.rules.derived[key] = _board_side(g, idx)
    return side


def _board_side(g: Game, idx: int) -> int:
    region = g.rules.regions[g.rules.spaces[idx].region]
    n = len(region.ring)
    x, y = ring_cells(n)[region.ring.index(g.rules.spaces[idx].id)]
    edge = (n + 3) // 4
    if y == 0 and x < edge:
        return 0
    if x == edge and y < edge:
        return 1
    if y == edge and x > 0:
        return 2
    return 3


def sides_sailed(g: Game, to: int) -> int:
    here = board_side(g, space(g, GATES_SPACE))
    d = abs(board_side(g, to) - here) % 4
    return 1 + min(d, 4 - d)


@MODULE.hook("harbour-passage")
def harbour(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: a passage booked to a riverside space, sailed over later turns."""
    p = g.players[seat]
    if p.gold < FARE or not p.alive or g.players[seat].space != space(g, "harbour"):
        return
    g.decide(
        seat,
        "city-harbour",
        f"Book a passage for {FARE} gold? The voyage starts next turn.",
        [
            Choice("none", "Book no passage", []),
            *[
                Choice(
                    f"passage:{g.rules.spaces[s].id}",
                    f"Sail to the {g.space_name(s)} ({sides_sailed(g, s)} "
                    f"{'turn' if sides_sailed(g, s) == 1 else 'turns'})",
                    [frame("city_book_passage", p=seat, to=s)],
                )
                for s in riverside(g)
            ],
        ],
    )


@MODULE.handler("city_book_passage", args=frames.GoTo)
def _book(g: Game, a: frames.GoTo) -> None:
    seat = a["p"]
    g.players[seat].gold -= FARE
    g.players[seat].status["passage"] = {"to": a["to"], "turn": g.turn}
    g.say(f"{g.name(seat)} books a passage to the {g.space_name(a['to'])}.", type="gold", seat=seat)


@MODULE.ability("turn")
def set_sail(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    booked = g.players[seat].status.get("passage")
    if not booked or booked["turn"] >= g.turn:
        return []
    return one_option(seat, "set-sail", f"Set sail for the {g.space_name(booked['to'])}", "city_set_sail")


@MODULE.handler("city_set_sail", args=frames.Seat)
def _sail(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    to = p.status.pop("passage")["to"]
    from talisman.modules.city_districts.rules import left_city

    g.push("city_collect_aboard", p=seat)
    movement.put(g, seat, to)
    left_city(g, seat)
    turns = sides_sailed(g, to)
    p.lost_turns += turns - 1
    g.say(
        f"{g.name(seat)} sails to the {g.space_name(to)}: a voyage of {turns} {'turn' if turns == 1 else 'turns'}.",
        type="move",
        seat=seat,
    )
    end_move(g, seat)


@MODULE.handler("city_collect_aboard", args=frames.Seat)
def _aboard(g: Game, a: frames.Seat) -> None:
    """Beasts and Bows are shipped with their owner (no thief on the quay)."""
    from talisman.modules.city_districts.rules import guards, stables

    seat = a["p"]
    held = cards.held_by(g, guards(seat)) + cards.held_by(g, stables(seat))
    for holder in (guards(seat), stables(seat)):
        for c in cards.held_by(g, holder):
            cards.unhold(g, holder, c)
    g.players[seat].status.pop("city-bought", None)
    for c in sorted(held, key=lambda c: g.rules.instances[c].type != "follower"):
        possessions.give_item(g, seat, c)
    possessions.settle_packs(g, seat)


# --- the Well, the City Center ------------------------------------------------------------------------


@MODULE.hook("choose-purchase")
def choose_purchase(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Any card left in the Purchase stock, for nothing.

    One space: any card left in the Purchase stock, for nothing (no verb offers a deck's cards)."""
    names = sorted({g.card_name(c) for c in g.decks["purchase"]})
    if not names:
        g.say("The Purchase stock is empty.", seat=seat)
        return
    g.decide(
        seat,
        "city-free-purchase",
        "Take a Purchase card of your choice",
        [Choice(f"take:{n}", f"Take a {n}", [frame("buy", p=seat, name=n, price=0, free=True)]) for n in names],
    )


# --- the Slums -----------------------------------------------------------------------------------------

ENCHANTRESS = [
    {
        "roll": {
            "dice": "D6",
            "prompt": "the Enchantress",
            "rows": [
                {"at": "1", "do": [{"toad": {"turns": 3}}]},
                {"at": "2", "do": []},
                {
                    "at": "3",
                    "do": [
                        {
                            "choose": {
                                "prompt": "The Enchantress's gift",
                                "options": [
                                    {"id": "strength", "label": "Gain 1 Strength", "do": [{"gain": {"strength": 1}}]},
                                    {"id": "craft", "label": "Gain 1 Craft", "do": [{"gain": {"craft": 1}}]},
                                ],
                            }
                        }
                    ],
                },
                {"at": "4", "do": [{"take_card": {"deck": "spell"}}]},
                {"at": "5", "do": [{"gain": {"lives": 1}}]},
                {
                    "at": "6",
                    "do": [
                        {
                            "choose": {
                                "prompt": "The Enchantress's gift",
                                "options": [
                                    {"id": "strength", "label": "Gain 2 Strength", "do": [{"gain": {"strength": 2}}]},
                                    {"id": "craft", "label": "Gain 2 Craft", "do": [{"gain": {"craft": 2}}]},
                                ],
                            }
                        }
                    ],
                },
            ],
        }
    }
]


@MODULE.hook("slums-thugs")
def slums(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: thugs to beat one after another, a die less 3 of them, before the Enchantress."""
    n = max(1, effects.amount(g, seat, "D6-3"))
    g.say(f"{n} {'thug bars' if n == 1 else 'thugs bar'} the way to the Enchantress.", seat=seat)
    g.push("city_slums_thug", p=seat, left=n)


@MODULE.handler("city_slums_thug", args=frames.Countdown)
def _thug(g: Game, a: frames.Countdown) -> None:
    seat, left = a["p"], a["left"]
    if left == 0:
        g.say(f"{g.name(seat)} reaches the Enchantress.", seat=seat)
        effects.run(g, seat, ENCHANTRESS, {})
        return
    from talisman.engine.combat import fight_creature

    fight_creature(
        g,
        seat,
        {"name": "Thug", "strength": 3, "trophy": False},
        {},
        win=[frame("city_slums_thug", p=seat, left=left - 1)],
    )


# --- the Sheriff's Office and the Palace ---------------------------------------------------------------------


def outlaw_trophies(g: Game, seat: int) -> list[int]:
    return [c for c in g.players[seat].trophies if "outlaw" in g.rules.instances[c].traits]


@MODULE.hook("sheriff")
def sheriff(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Sheriff pays for outlaws' trophies and takes the King's task."""
    p = g.players[seat]
    opts: list[Choice] = []
    task = p.status.get("king-task")
    if task and task["n"] == 1 and not task.get("done"):
        for c in outlaw_trophies(g, seat):
            opts.append(
                Choice(
                    f"hand-over:{c}",
                    f"Hand the {g.card_name(c)} over to the Sheriff (the King's task)",
                    [frame("city_sheriff_task", p=seat, card=c)],
                )
            )
    for c in p.trophies:
        if "deserter" in g.rules.instances[c].traits:
            opts.append(
                Choice(
                    f"reward:{c}",
                    f"Hand the {g.card_name(c)} over for {DESERTER_REWARD} gold",
                    [frame("city_sheriff_reward", p=seat, card=c)],
                )
            )
    if opts:
        g.decide(seat, "city-sheriff", "The Sheriff's Office", [Choice("none", "Hand over no one", []), *opts])


@MODULE.handler("city_sheriff_reward", args=frames.CardOf)
def _reward(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    if card in g.players[seat].trophies and possessions.sell(g, seat, card, DESERTER_REWARD):
        g.say(f"The Sheriff pays {g.name(seat)} {DESERTER_REWARD} gold for the {g.card_name(card)}.", type="gold")


@MODULE.handler("city_sheriff_task", args=frames.CardOf)
def _task_outlaw(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    if card in p.trophies:
        cards.release(g, seat, card)
        cards.discard(g, card)
        p.status["king-task"] = {**p.status["king-task"], "done": True}
        g.say(f"{g.name(seat)} hands the {g.card_name(card)} to the Sheriff: the King's task is done.", seat=seat)


def task_card(g: Game, seat: int) -> int | None:
    """The card that shows the King's task done (to give up at the Palace), or None."""
    p = g.players[seat]
    task = p.status.get("king-task")
    if not task or task["n"] == 1:
        return None
    if task["n"] == 2:
        return next((c for c in p.trophies if g.rules.instances[c].subtype == "dragon"), None)
    return next((c for c in p.objects + p.packed if g.card_name(c) == TASK_OBJECTS[task["n"]]), None)


@MODULE.hook("palace")
def palace(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Palace's service, and the escorts the districts' King and Queen give."""
    from talisman.modules.city_districts.cards import escorts_arrive

    g.push("city_palace_service", p=seat)
    escorts_arrive(g, seat)


@MODULE.handler("city_palace_service", args=frames.Seat)
def _service(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    task = p.status.get("king-task")
    if task is None:
        g.decide(
            seat,
            "city-palace",
            "The Palace: enlist in the King's service?",
            [
                Choice("none", "Do not enlist", []),
                Choice("enlist", "Enlist: roll for the King's task", [frame("city_palace_enlist", p=seat)]),
            ],
        )
        return
    card = task_card(g, seat)
    if task.get("done") or card is not None:
        g.push("city_palace_reward", p=seat, card=card if card is not None else -1)
    else:
        g.say(f"The King reminds {g.name(seat)} of its task: {TASKS[task['n']]}.", seat=seat)


@MODULE.handler("city_palace_enlist", args=frames.Seat)
def _enlist(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    effects.roll(g, seat, "D6", frame("city_palace_task", p=seat), why="the King's task")


@MODULE.handler("city_palace_task", args=frames.Rolled)
def _task(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    if n not in TASKS:
        g.say("The King has no task for you today.", seat=seat)
        return
    g.players[seat].status["king-task"] = {"n": n, "task": TASKS[n]}
    g.say(f"{g.name(seat)} enters the King's service: {TASKS[n]}, for {REWARD} gold.", seat=seat)


@MODULE.handler("city_palace_reward", args=frames.CardOf)
def _palace_reward(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    if card >= 0 and card in p.holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
    p.status.pop("king-task", None)
    p.gold += REWARD
    g.say(f"The King rewards {g.name(seat)} with {REWARD} gold for the task done.", type="gold", seat=seat)


@MODULE.ability("notes")
def city_notes(g: Game, seat: int) -> list[str]:
    """The King's task, an escort and a passage booked, on the character's sheet."""
    st = g.players[seat].status
    out = []
    if "king-task" in st:
        done = " (done: back to the Palace for the reward)" if st["king-task"].get("done") else ""
        out.append(f"In the King's service: {st['king-task']['task']}{done}.")
    if "city-escort" in st:
        out.append(f"Escorts the {st['city-escort']} to the Palace of the City.")
    if "passage" in st:
        out.append(f"Has booked a passage to the {g.space_name(st['passage']['to'])}.")
    return out
