"""Moving in Another Talisman City (003 22:1, 22:2, 22:6), its gates, and what
waits at them.

- Districts (22:11): each district leads to those beside, above and below it
  in the City's grid (board.toml); the Palace touches only the Palace Gate.
- Movement (22:25): one die, read on the table 1 -> 1, 2-3 -> 2, 4-5 -> 3,
  6 -> 4 districts; the character may move fewer, but at least one, and may
  not end where it began: any district 1 to that many steps away.
- Entering (22:21): end a move on the City Gates (the main board's City space:
  its old encounter is replaced; the Enchantress, the Chiurgeon and the
  Alchemist live in the districts now); on a later turn, instead of moving, go
  in by the North or the West Gate and meet it. A character that begins the
  game there (the Thief, the Assassin) may go in on its first turn.
- Stopping at the City Gates (22:22 to 22:24: "When you first stop at the City
  Gates you must leave them at the Stables"; Bows likewise): riding animals
  (and the Objects they carry) wait at the Stables, Bows with the guards, and
  a character keeps only 4 Objects about it: the rest wait with its beast. The
  stop is the end of a move on the City Gates (the one thing that happens
  there; 22:21: "If you do not intend to enter the City, you are not required
  to end your movement at the City Gates"). Choices: the guards take the Bows
  (they cannot be stolen there); the Objects kept are the ones the character
  carries, not packed; what a character got since its stop, or one that
  begins there, it leaves as it goes in by a gate (the Law of 22:22 holds).
- Leaving (22:6, ``leaving``): the movement, under way, pauses at the City
  Gates, where the character may take back what waits there.
- The gates (22:5.04, 22:5.07, 22:9): a 1 rolled at a gate shuts it; its card
  (North Gate Closed, West Gate Closed) lies on it until the end of the
  roller's second turn after (choice: also when the roller dies).
- Purchases (22:3.02, 22:3.03): a riding animal bought in the City goes to the
  Stables at once, a Bow to the guards.
- What waits at the gates is taken back only at the City Gates, on a move out
  (choice: a character carried out otherwise, by a Spell or a boat booked...
  finds it there on its next way out; the boat takes it aboard); it is
  discarded when its owner dies.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, lives, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.city_districts.module import MODULE

if TYPE_CHECKING:
    from talisman.content.ruleset import Ruleset
    from talisman.engine.game import Game

REGION = "city-districts"
GATES_SPACE = "city"  # the main board's City space: the City Gates
GATES = {"north-gate": "North Gate", "west-gate": "West Gate"}
MOVES = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}  # 22:25.01
CARRY = 4  # 22:24
THEFT = {1: "stolen", 2: "accused"}  # 22:6; 3-6: retrieved
GATE_TURNS = 2


def active(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def in_city(g: Game, seat: int) -> bool:
    return g.rules.spaces[g.players[seat].space].region == REGION


def space(g: Game, sid: str) -> int:
    return g.rules.space_index[sid]


def at(g: Game, seat: int, sid: str) -> bool:
    return g.players[seat].space == g.rules.space_index[sid]


# --- the districts and moving between them -----------------------------------------------------


def neighbours(rules: Ruleset) -> dict[int, tuple[int, ...]]:
    """The districts beside each district, by space index (worked out once per ruleset)."""
    found: dict[int, tuple[int, ...]] | None = rules.derived.get("city-neighbours")
    if found is None:
        grid = rules.regions[REGION].grid
        near: dict[int, list[int]] = {}
        for y, row in enumerate(grid):
            for x, sid in enumerate(row):
                if not sid:
                    continue
                near[rules.space_index[sid]] = [
                    rules.space_index[grid[y2][x2]]
                    for x2, y2 in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                    if 0 <= y2 < len(grid) and 0 <= x2 < len(grid[y2]) and grid[y2][x2]
                ]
        found = rules.derived["city-neighbours"] = {k: tuple(v) for k, v in near.items()}
    return found


def reach(rules: Ruleset, start: int, most: int) -> dict[int, list[int]]:
    """Every district 1 to ``most`` steps from ``start`` (never ``start`` itself), with a shortest path."""
    near = neighbours(rules)
    paths = {start: [start]}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if len(paths[here]) > most:
            continue
        for other in near[here]:
            if other not in paths:
                paths[other] = paths[here] + [other]
                todo.append(other)
    return {d: p[1:] for d, p in paths.items() if d != start}


@MODULE.ability("next_spaces")
def _next_districts(g: Game, seat: int) -> list[int] | None:
    """One step in the City: a district beside this one in the grid."""
    near = neighbours(g.rules).get(g.players[seat].space)
    return None if near is None else list(near)


@MODULE.ability("movement_die")
def city_die(g: Game, seat: int) -> int:
    """22:25.01: one (six-sided) die in the City, whatever the character's size."""
    return 6 if in_city(g, seat) else 0


@MODULE.ability("board_moves")
def city_moves(g: Game, seat: int, roll: int) -> list[Choice]:
    """22:25: the die read on the table; at least one district, at most that many, not back to the start
    (a Toad, moving one space, goes to a district beside its own)."""
    if not in_city(g, seat):
        return []
    most = MOVES[min(max(roll, 1), 6)]
    names = g.rules.spaces
    return [
        Choice(
            f"move:{names[dest].id}",
            f"Move to the {names[dest].name} ({len(path)} {'district' if len(path) == 1 else 'districts'})",
            [frames.walk(seat, path, 0)],
        )
        for dest, path in sorted(reach(g.rules, g.players[seat].space, most).items())
    ]


# --- the gates ---------------------------------------------------------------------------------


def gate_open(g: Game, gate: str) -> bool:
    return f"city-gate:{gate}" not in g.globals


@MODULE.hook("close-gate")
def close_gate(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """22:5.04, 22:5.07: a 1 shuts the gate the character stands on, with its card laid on it."""
    gate = g.rules.spaces[g.players[seat].space].id
    if not gate_open(g, gate):
        return
    card = cards.take_named(g, "city-special", f"{GATES[gate]} Closed")
    g.globals[f"city-gate:{gate}"] = {"by": seat, "since": g.turn, "left": GATE_TURNS, "card": card}
    if card is not None:
        cards.place(g, card, space(g, gate))
    g.say(f"The {GATES[gate]} slams shut: no one passes it for two turns.", seat=seat)


@MODULE.ability("turn_end", game=tuple(f"city-gate:{gate}" for gate in GATES))
def gates_reopen(g: Game, seat: int) -> None:
    """The gate opens again at the end of its closer's second turn after the closing one."""
    for gate in GATES:
        shut = g.globals.get(f"city-gate:{gate}")
        if shut is None:
            continue
        left = shut["left"] - (1 if shut["by"] == seat and g.turn > shut["since"] else 0)
        if left > 0 and g.players[shut["by"]].alive:
            g.globals[f"city-gate:{gate}"] = {**shut, "left": left}
            continue
        del g.globals[f"city-gate:{gate}"]
        card = shut["card"]
        if card is not None and card in g.cards_on(space(g, gate)):
            cards.lift(g, card, space(g, gate))
            cards.discard(g, card)
        g.say(f"The {GATES[gate]} opens again.")


# --- entering: the City Gates ------------------------------------------------------------------


@MODULE.ability("land")
def city_gates(g: Game, seat: int) -> list[Choice]:
    """22:21: the main board's City is the City Gates: stopping there, the City may be entered next turn."""
    if not at(g, seat, GATES_SPACE):
        return []
    return one_option(
        seat, "city-gates", "Stop at the City Gates (next turn you may go in)", "city_gates_reached", "instead"
    )


@MODULE.handler("city_gates_reached", args=frames.Seat)
def _gates_reached(g: Game, a: frames.Seat) -> None:
    """22:21 to 22:24: stopped at the City Gates, the character leaves what the City forbids there."""
    seat = a["p"]
    g.players[seat].status["city-gates"] = g.turn
    g.say(f"{g.name(seat)} stops at the City Gates: next turn it may enter by the North or the West Gate.", seat=seat)
    stow(g, seat)


@MODULE.ability("setup")
def starts_at_the_gates(g: Game, seat: int) -> None:
    """A character that begins the game on the City (the Thief, the Assassin) stands at the City Gates."""
    if at(g, seat, GATES_SPACE):
        g.players[seat].status["city-gates"] = -1


@MODULE.ability("arrive")
def left_the_gates(g: Game, seat: int, came_from: int) -> None:
    p = g.players[seat]
    if "city-gates" in p.status and not at(g, seat, GATES_SPACE):  # (every arrival: mostly not there)
        del p.status["city-gates"]
    if not in_city(g, seat) and came_from in neighbours(g.rules):
        left_city(g, seat)


def may_enter(g: Game, seat: int) -> bool:
    p = g.players[seat]
    return at(g, seat, GATES_SPACE) and p.status.get("city-gates", g.turn) < g.turn


@MODULE.ability("turn")
def gate_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Going in by a gate from the City Gates, or out by one (instead of moving)."""
    p = g.players[seat]
    if p.status.get("hold") or p.status.get("passage"):
        return []
    if may_enter(g, seat):
        return [
            Choice(
                f"enter-city:{gate}",
                f"Enter the City by the {name}",
                [frame("city_enter_city", p=seat, gate=gate)],
            )
            for gate, name in GATES.items()
            if gate_open(g, gate)
        ]
    here = g.rules.spaces[p.space].id
    if here in GATES and gate_open(g, here) and not p.status.get("city-released"):
        return one_option(seat, f"leave-city:{here}", f"Leave the City by the {GATES[here]}", "city_leave_city")
    return []


class EnterCity(TypedDict):
    """Character ``p`` enters the City by the gate ``gate``."""

    p: int
    gate: str


@MODULE.handler("city_enter_city", args=EnterCity)
def _enter_city(g: Game, a: EnterCity) -> None:
    seat, gate = a["p"], a["gate"]
    p = g.players[seat]
    p.status.pop("city-gates", None)
    stow(g, seat)  # what it got since its stop (or all, for one that began the game here)
    g.say(f"{g.name(seat)} enters the City by the {GATES[gate]}.", type="move", seat=seat)
    g.push_frame(frames.arrive(seat, space(g, gate), "move"))


# --- what waits at the gates ---------------------------------------------------------------------


def stables(seat: int) -> str:
    return f"city-stables:{seat}"


def guards(seat: int) -> str:
    return f"city-guards:{seat}"


def is_steed(g: Game, card: int) -> bool:
    c = g.rules.instances[card]
    return c.type == "follower" and ("steed" in c.traits or "riding-animal" in c.traits)


def is_bow(g: Game, card: int) -> bool:
    return "bow" in g.rules.instances[card].traits


def stow(g: Game, seat: int) -> None:
    """22:22 to 22:24: riding animals and their loads to the Stables, Bows to the
    guards, Objects beyond 4 with the beasts (at the Stables)."""
    p = g.players[seat]
    left = []
    for c in [f for f in p.followers if is_steed(g, f)]:
        cards.release(g, seat, c)
        cards.hold(g, stables(seat), c)
        left.append(g.card_name(c))
    for c in list(p.packed):
        cards.release(g, seat, c)
        cards.hold(g, stables(seat), c)
        left.append(g.card_name(c))
    for c in [o for o in p.objects if is_bow(g, o)]:
        cards.release(g, seat, c)
        cards.hold(g, guards(seat), c)
        g.say(f"{g.name(seat)} leaves the {g.card_name(c)} with the guards of the gate.", seat=seat)
    while len(p.objects) > CARRY:
        c = p.objects[-1]
        cards.release(g, seat, c)
        cards.hold(g, stables(seat), c)
        left.append(g.card_name(c))
    if left:
        g.say(f"{g.name(seat)} leaves at the Stables: {', '.join(left)}.", seat=seat)


@MODULE.ability("gained")
def bought_in_the_city(g: Game, seat: int, card: int) -> None:
    """22:3.02, 22:3.03: a Bow got in the City waits with the guards, a riding animal at the Stables."""
    p = g.players[seat]
    if not in_city(g, seat) or card not in p.holdings():
        return
    if is_steed(g, card):
        cards.release(g, seat, card)
        cards.hold(g, stables(seat), card)
        p.status["city-bought"] = [*p.status.get("city-bought", ()), card]
        g.say(f"The {g.card_name(card)} waits at the Stables until {g.name(seat)} leaves the City.", seat=seat)
    elif is_bow(g, card):
        cards.release(g, seat, card)
        cards.hold(g, guards(seat), card)
        g.say(f"The {g.card_name(card)} waits with the gate guards until {g.name(seat)} leaves.", seat=seat)


def left_city(g: Game, seat: int) -> None:
    """What lasts only for a visit ends (the Courtesan)."""
    p = g.players[seat]
    for f in [f for f in p.followers if "courtesan" in g.rules.instances[f].traits]:
        possessions.lose_follower(g, seat, f, "loses interest as you leave the City")


def take_back(g: Game, seat: int, held: list[int]) -> None:
    """Beasts first, so that their loads find room."""
    for c in sorted(held, key=lambda c: not is_steed(g, c)):
        cards.unhold(g, stables(seat), c)
        possessions.give_item(g, seat, c)
    possessions.settle_packs(g, seat)


@MODULE.ability("death")
def nothing_waits_for_the_dead(g: Game, seat: int) -> None:
    """What waited at the Stables, with the guards or outside the Arena for a dead character is discarded."""
    for holder in (stables(seat), guards(seat), f"city-arena:{seat}"):
        for c in cards.held_by(g, holder):
            cards.unhold(g, holder, c)
            cards.discard(g, c)
    g.players[seat].status.pop("city-bought", None)


def end_move(g: Game, seat: int) -> None:
    if seat == g.active:
        lives.end_turn_now(g)
