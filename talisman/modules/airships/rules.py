"""000's Airships rules ("TALISMAN AIRSHIPS").

- The class table is each ship card's traits (``ship-strength``, ``ship-hull``,
  ``ship-speed``, ``ship-crew``); the damage a ship has taken is kept on the
  game, card by card (000: "paper & pencil to keep track of Hit Points"), and
  stays with the ship when it changes hands.
- Claiming: an Airship met on the board (so unguarded: Enemies lying with it are
  met first) may be claimed if the party fits its Complement: the character and
  its Followers with hands (not the Unicorn, the Mule, the Horses and other
  Animals, which ride as cargo). Too few cannot claim it; too many may, leaving
  Followers with hands behind on the space until the party fits (our reading of
  000's "no more and no less" beside "you must leave behind any Followers"). A
  cart (``cart:N``, the Horse and Cart) never boards: it stays on the space.
- Aboard, the character rolls no die: it flies up to the ship's Movement,
  between the Outer and the Middle Region over the Storm River (the raft's
  crossings, the bridge), never into the Inner Region or to the Crown. It lands
  and meets the space it flies to; passing spaces are not met.
- Disembarking is a free choice at the start of the turn and as it ends; the
  ship stays on the space, and this character may not claim it again this turn.
  A character moved by anything but the ship's flight (a card, a Spell, the
  Portal) leaves it behind where it was (our choice: 000 is silent).
- Combat: against Enemies in battle, the ship's die is rolled with the attack
  die and added (a Falcon adds 1); against another character, in battle or
  psychic combat, likewise for each side aboard. Two characters aboard may
  fight ship against ship: each ship's die is the damage dealt to the other (a
  Falcon deals 1).
- A ship whose damage reaches its Hit Points is destroyed and its party falls:
  Animals are killed, flying Followers come to no harm, and each other Follower
  rolls a D8 on the Fall Chart (1-3 killed; 4-6 injured, it leaves and stays on
  the space; 7 stunned, no help for 3 turns; 8 safe). 000 names no harm to the
  character itself: OUR choice, the fall costs it 1 life.
- A stunned Follower (000: "Follower remains with you but you may not gain any
  benefits from this Follower for 3 Turns") stays among its character's
  Followers, suspended (the engine's ``possessions.suspend_follower``): it
  counts wherever Followers are counted (the Complement, a rule that takes or
  costs one), can be lost or taken, shows on the sheet, but adds nothing and
  lends no ability for the character's next 3 turns (the turn of the fall does
  not count: it is of help again as the third turn after it ends). Stunned in
  another fall meanwhile, its 3 turns start over.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from talisman.engine import cards, effects, frames, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.airships.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

SKY = ("outer", "middle")  # the air over the Inner Region is too thin (000)
STUNNED_TURNS = 3
DAMAGE = "airship-damage"


# --- the ship and its party ----------------------------------------------------------------


def ship_of(g: Game, seat: int) -> int | None:
    """The Airship the character is aboard, if any."""
    aboard = g.players[seat].status.get("airship")
    return None if aboard is None else int(aboard["card"])


def is_cart(g: Game, card: int) -> bool:
    """A cart (``cart:N``, the Horse and Cart): too big to go aboard."""
    return any(t.startswith("cart:") for t in g.rules.instances[card].traits)


def stat(g: Game, card: int, key: str) -> str:
    """A ship's entry of the class table (its trait ``key:value``)."""
    return next(t.split(":", 1)[1] for t in g.rules.instances[card].traits if t.startswith(key + ":"))


def crew(g: Game, card: int) -> tuple[int, int]:
    lo, hi = stat(g, card, "ship-crew").split("-")
    return int(lo), int(hi)


def hull(g: Game, card: int) -> int:
    return int(stat(g, card, "ship-hull"))


def speed(g: Game, card: int) -> int:
    return int(stat(g, card, "ship-speed"))


def damage(g: Game, card: int) -> int:
    return int(g.globals.get(DAMAGE, {}).get(str(card), 0))


def hit_points(g: Game, card: int) -> int:
    """The Hit Points a ship has left."""
    return hull(g, card) - damage(g, card)


def ship_roll(g: Game, seat: int, card: int) -> int:
    """The ship's Strength this round: its die, or its fixed number (a Falcon: 1)."""
    spec = stat(g, card, "ship-strength")
    return int(spec) if spec.isdigit() else g.roll_dice(spec, seat)[0]


def animal(g: Game, card: int) -> bool:
    c = g.rules.instances[card]
    return c.subtype == "animal" or "handless" in c.traits


def flying(g: Game, card: int) -> bool:
    c = g.rules.instances[card]
    return "flying" in c.traits or c.subtype == "dragon"


def hands(g: Game, seat: int) -> list[int]:
    """The Followers that count toward a ship's Complement: those with hands."""
    return [f for f in g.players[seat].followers if not animal(g, f)]


def party(g: Game, seat: int) -> int:
    return 1 + len(hands(g, seat))


def holder(seat: int) -> str:
    return f"aboard:{seat}"


# --- claiming an Airship -------------------------------------------------------------------


@MODULE.hook("airship")
def airship(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """An unguarded Airship met on its space: claim it if the party fits its Complement."""
    card = ctx["src"]
    p = g.players[seat]
    name = g.card_name(card)
    if ship_of(g, seat) is not None:
        return
    left = p.status.get("disembarked")
    if left and left["card"] == card and left["turn"] == g.turn:
        g.say(f"{g.name(seat)} left the {name} this turn and may not claim it again until another.", seat=seat)
        return
    lo, hi = crew(g, card)
    n = party(g, seat)
    if n < lo:
        g.say(f"The {name} needs a party of {lo} to {hi}: {g.name(seat)}'s party of {n} cannot fly it.", seat=seat)
        return
    over = n - hi
    behind = f", leaving {over} {'Follower' if over == 1 else 'Followers'} behind" if over > 0 else ""
    g.offer(
        seat,
        "airship-claim",
        f"The {name} lies unguarded ({hit_points(g, card)} of {hull(g, card)} Hit Points).",
        Choice("claim", f"Claim the {name} and go aboard{behind}", [frame("airship_claim", p=seat, card=card)]),
        ("leave", f"Leave the {name} where it is"),
    )


@MODULE.handler("airship_claim", args=frames.CardOf)
def _airship_claim(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    name = g.card_name(card)
    if card not in g.cards_on(p.space) or ship_of(g, seat) is not None:
        return
    over = party(g, seat) - crew(g, card)[1]
    if over > 0:
        g.decide(
            seat,
            "airship-crew",
            f"The {name} takes {crew(g, card)[1]} at most: leave {over} more behind.",
            [
                Choice(
                    f"leave:{f}",
                    f"Leave the {g.card_name(f)} behind on the {g.space_name(p.space)}",
                    [frame("airship_leave", p=seat, card=f), frame("airship_claim", p=seat, card=card)],
                )
                for f in hands(g, seat)
            ],
        )
        return
    for c in [c for c in p.followers + p.objects + p.packed if is_cart(g, c)]:
        possessions.drop(g, seat, c)
        g.say(f"The {g.card_name(c)} cannot go aboard: it stays on the {g.space_name(p.space)}.", seat=seat)
    cards.lift(g, card, p.space)
    cards.hold(g, holder(seat), card)
    p.status["airship"] = {"card": card, "space": p.space}
    g.say(f"{g.name(seat)} claims the {name} and goes aboard with its party.", type="gain", seat=seat)


@MODULE.handler("airship_leave", args=frames.CardOf)
def _airship_leave(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    if card in g.players[seat].followers:
        possessions.drop(g, seat, card)
        g.say(f"{g.name(seat)} leaves the {g.card_name(card)} behind.", seat=seat)


def leave_ship(g: Game, seat: int, space: int, why: str) -> int:
    """The ship stays on ``space``, unguarded; the character is no longer aboard."""
    p = g.players[seat]
    card = int(p.status.pop("airship")["card"])
    cards.unhold(g, holder(seat), card)
    cards.place(g, card, space)
    g.say(f"The {g.card_name(card)} {why} on the {g.space_name(space)}.", seat=seat)
    return card


# --- embarking and disembarking --------------------------------------------------------


@MODULE.ability("turn")
def disembark_first(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    card = ship_of(g, seat)
    if card is None:
        return []
    label = f"Disembark from the {g.card_name(card)}, leaving it here"
    return [Choice("disembark", label, [frame("airship_disembark", p=seat), *back], "free")]


@MODULE.ability("end_of_turn")
def disembark_last(g: Game, seat: int) -> list[Choice]:
    card = ship_of(g, seat)
    if card is None:
        return []
    return one_option(
        seat, "disembark", f"Disembark from the {g.card_name(card)}, leaving it here", "airship_disembark"
    )


@MODULE.handler("airship_disembark", args=frames.Seat)
def _airship_disembark(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    if ship_of(g, seat) is None:
        return
    g.say(f"{g.name(seat)} and its party disembark.", seat=seat)
    card = leave_ship(g, seat, g.players[seat].space, "is moored")
    g.players[seat].status["disembarked"] = {"card": card, "turn": g.turn}


@MODULE.ability("arrive", character="airship")
def left_behind(g: Game, seat: int, came_from: int) -> None:
    """A flight carries the ship; anything else that moves the character leaves it where it last was."""
    p = g.players[seat]
    if ship_of(g, seat) is None:
        return
    if "airship-flight" in p.flags:
        p.flags.discard("airship-flight")
        p.status["airship"] = {**p.status["airship"], "space": p.space}
        return
    leave_ship(g, seat, p.status["airship"]["space"], "stays behind")


@MODULE.ability("turn_start", character="airship")
def off_the_board(g: Game, seat: int) -> None:
    """Taken where no ship can fly without arriving (below the land), the ship stays where it was."""
    p = g.players[seat]
    if ship_of(g, seat) is not None and g.rules.spaces[p.space].region not in SKY:
        leave_ship(g, seat, p.status["airship"]["space"], "stays behind")


# --- flying ------------------------------------------------------------------------------


def sky_neighbours(g: Game, space: int) -> list[int]:
    """Where a ship flies from a space in one step: along the ring, or over the Storm River."""
    rules = g.rules
    out = [s for s in (rules.cw[space], rules.ccw[space]) if s >= 0]
    out += [other for _link, other in rules.links_of(space)]
    return [s for s in out if rules.spaces[s].region in SKY]


def reach(g: Game, start: int, n: int) -> dict[int, int]:
    """Every space a ship flies to within ``n`` steps, with the steps it takes."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        if dist[s] == n:
            continue
        for t in sky_neighbours(g, s):
            if t not in dist:
                dist[t] = dist[s] + 1
                todo.append(t)
    del dist[start]
    return dist


@MODULE.ability("own_move")
def fly(g: Game, seat: int) -> list[Choice] | None:
    """Aboard, the ship flies instead of the roll. A character set down away from its ship by a rule
    that moves nobody (thrown into the City's Donjon when its turn began) is no longer aboard: the
    ship stays where it was, as when anything else moves the character (``left_behind``)."""
    card = ship_of(g, seat)
    if card is None:
        return None
    p = g.players[seat]
    if p.status["airship"]["space"] != p.space or not reach(g, p.space, 1):
        leave_ship(g, seat, p.status["airship"]["space"], "stays behind")
        return None
    n = speed(g, card)
    return one_option(
        seat, "fly", f"Fly the {g.card_name(card)} (up to {n} {'space' if n == 1 else 'spaces'})", "airship_course"
    )


@MODULE.handler("airship_course", args=frames.Seat)
def _airship_course(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    card = ship_of(g, seat)
    if card is None:
        return
    ways = reach(g, g.players[seat].space, speed(g, card))
    g.decide(
        seat,
        "move",
        f"Where does the {g.card_name(card)} fly?",
        [
            Choice(
                f"move:{g.rules.spaces[s].id}",
                f"Fly to the {g.space_name(s)} ({d} {'space' if d == 1 else 'spaces'})",
                [frame("airship_fly", p=seat, to=s)],
            )
            for s, d in sorted(ways.items(), key=lambda sd: (sd[1], sd[0]))
        ],
    )


@MODULE.handler("airship_fly", args=frames.GoTo)
def _airship_fly(g: Game, a: frames.GoTo) -> None:
    seat, to = a["p"], a["to"]
    card = ship_of(g, seat)
    if card is None:
        return
    g.players[seat].flags.add("airship-flight")
    g.say(f"{g.name(seat)} flies the {g.card_name(card)} to the {g.space_name(to)}.", type="move", seat=seat)
    g.push_frame(frames.arrive(seat, to, "move"))


# --- combat ---------------------------------------------------------------------------------


@MODULE.ability("attack_faces")
def ship_in_the_fight(g: Game, seat: int, fight: dict[str, Any], faces: list[int]) -> list[int]:
    """The ship's die, rolled with the attack die and added: against Enemies in battle, against
    characters in battle or psychic combat (``foes``: a fight with creatures)."""
    card = ship_of(g, seat)
    if card is None or not faces or fight.get("champion"):
        return faces
    if "foes" in fight and fight.get("mode") != "strength":
        return faces
    roll = ship_roll(g, seat, card)
    g.say(f"The {g.card_name(card)} adds {roll} to {g.name(seat)}'s roll of {max(faces)}.", seat=seat)
    return [max(faces) + roll]


@MODULE.ability("meet")
def broadside(g: Game, seat: int, other: int) -> list[Choice]:
    mine, theirs = ship_of(g, seat), ship_of(g, other)
    if mine is None or theirs is None:
        return []
    label = f"Fire on the {g.name(other)}'s {g.card_name(theirs)} with your {g.card_name(mine)}"
    battle = [frame("airship_battle", p=seat, other=other)]
    # the two ships, for an agent to weigh (option.card, arg_int("own"))
    return [Choice(f"broadside:{other}", label, battle, data={"card": theirs, "own": mine})]


@MODULE.handler("airship_battle", args=frames.Toward)
def _airship_battle(g: Game, a: frames.Toward) -> None:
    """Ship against ship: each ship's Strength is the damage it deals to the other."""
    seat, other = a["p"], a["other"]
    ships = {s: ship_of(g, s) for s in (seat, other)}
    if None in ships.values():
        return
    dealt = {s: ship_roll(g, s, c) for s, c in ships.items() if c is not None}
    for s, foe in ((seat, other), (other, seat)):
        card = ships[foe]
        assert card is not None
        hurt = dict(g.globals.get(DAMAGE, {}))
        hurt[str(card)] = damage(g, card) + dealt[s]
        g.globals[DAMAGE] = hurt
        g.say(
            f"The {g.name(s)}'s ship deals {dealt[s]} damage to the {g.name(foe)}'s {g.card_name(card)}: "
            f"{max(0, hit_points(g, card))} of {hull(g, card)} Hit Points left.",
            type="combat",
            seat=s,
        )
    for s in (other, seat):
        card = ships[s]
        if card is not None and hit_points(g, card) <= 0:
            g.push("airship_destroyed", p=s)


def fall_chart(roll: int) -> str:
    """000's Fall Chart, a D8 for each Follower: ``killed``, ``injured``, ``stunned`` or ``safe``."""
    return "killed" if roll <= 3 else "injured" if roll <= 6 else "stunned" if roll == 7 else "safe"


@MODULE.handler("airship_destroyed", args=frames.Seat)
def _airship_destroyed(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    card = ship_of(g, seat)
    if card is None:
        return
    p.status.pop("airship")
    cards.unhold(g, holder(seat), card)
    hurt = {k: v for k, v in g.globals.get(DAMAGE, {}).items() if k != str(card)}
    if hurt:
        g.globals[DAMAGE] = hurt
    else:
        g.globals.pop(DAMAGE, None)
    cards.discard(g, card)
    g.say(f"The {g.card_name(card)} is destroyed: {g.name(seat)} and its party fall!", type="lose", seat=seat)
    for c in [c for c in p.objects + p.packed if animal(g, c)]:
        cards.release(g, seat, c)
        cards.discard(g, c)
        g.say(f"{g.name(seat)}'s {g.card_name(c)} is killed in the fall.", type="lose", seat=seat)
    for f in list(p.followers):
        if flying(g, f):
            g.say(f"{g.name(seat)}'s {g.card_name(f)} flies down unharmed.", seat=seat)
            continue
        if animal(g, f):
            possessions.lose_follower(g, seat, f, "is killed in the fall")
            continue
        roll, _ = g.roll_dice("D8", seat)
        result = fall_chart(roll)
        g.say(f"{g.name(seat)}'s {g.card_name(f)} falls: {roll} on the Fall Chart, {result}.", type="roll", seat=seat)
        if result == "killed":
            possessions.lose_follower(g, seat, f, "is killed in the fall")
        elif result == "injured":
            possessions.drop(g, seat, f)
            g.say(f"The injured {g.card_name(f)} leaves {g.name(seat)} and stays on the {g.space_name(p.space)}.")
        elif result == "stunned":
            possessions.suspend_follower(g, seat, f, STUNNED_TURNS, "stunned")
            g.say(f"The stunned {g.card_name(f)} stays with {g.name(seat)}, of no help for a while.", seat=seat)
    possessions.settle_packs(g, seat)
    effects.run(g, seat, [{"lose": {"lives": 1}}], {"cause": "the fall of an Airship"})


# --- the dead, the sheet -------------------------------------------------------------------


@MODULE.ability("death")
def ship_of_the_dead(g: Game, seat: int) -> None:
    """A ship whose captain dies stays where it is, unguarded. (Read from where it is held: a death has
    already cleared the character's statuses.)"""
    p = g.players[seat]
    for card in cards.held_by(g, holder(seat)):
        cards.unhold(g, holder(seat), card)
        cards.place(g, card, p.space)
        g.say(f"The {g.card_name(card)} drifts down, unguarded, on the {g.space_name(p.space)}.", seat=seat)
    p.status.pop("airship", None)


@MODULE.ability("notes")
def ship_notes(g: Game, seat: int) -> list[str]:
    card = ship_of(g, seat)
    if card is None:
        return []
    n = speed(g, card)
    lo, hi = crew(g, card)
    return [
        f"Aboard the {g.card_name(card)}: {hit_points(g, card)} of {hull(g, card)} Hit Points, "
        f"Strength {stat(g, card, 'ship-strength')}, flies {n} {'space' if n == 1 else 'spaces'}, crew {lo}-{hi}."
    ]
