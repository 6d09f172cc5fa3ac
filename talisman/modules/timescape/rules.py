"""000's Talisman Timescape ("THE TALISMAN TIMESCAPE"): entering, the warp lines,
the realities' own rules, and the changes to the rules there.

- Entering (``timescape_seek``): the Mystic in the Village and the City's
  Enchantress (2 dice, under Strength plus Craft together: judged worthy), each
  sending a character once in the game, though it may ask again on every visit
  until it is sent; the Warlock in his Cave, instead of a quest, for his fee (a
  D8), as often as it is paid; the Warp Gate Spell (``warp-gate-spell``: 000
  "Cast a Warp Gate Spell and enter the Timescape on your next turn": cast at
  the start of a turn, it opens the way for the caster's next turn, not this
  one; then the Warp Gate is its move, offered beside the usual ones, and
  unused it closes as that turn ends, the engine's way with a promised move.
  Choice: a turn missed is no turn played, the Gate waits for the next one
  played); the Horrible
  Black Void (module ``endings``: the inventory's ambiguity, decided for 000's
  reading: it sends its victim to the Warp Gate, not out of the game). Asking is an option beside the space's own
  encounter. The way in ends the turn, on the Warp Gate, where nothing is met.
- Whatever the way in, as the character arrives (``arrive``) the Mules, Horses,
  Warhorses, Horses and Carts, the Poltergeist, the Unicorn and every animal
  Follower stay behind, face up on the space it came from (choice: the Black
  Void, which sets the character on the Warp Gate, leaves them on the Crown);
  Dragons go along. An Airship cannot sail the warp lines (choice): it stays
  moored there too.
- Moving (``own_move``): every character rolls a D6, whatever its size (the
  inventory's ambiguity: everyone D6 in the Timescape), and follows the warp
  line the die gives: 1-2 White, 3-4 Blue, 5-6 Red (board.toml: the lines are
  our own). No ability, Follower or Object changes it (the engine's move is not
  offered, so neither are the abilities that change a roll), except the Warp
  Belt: its holder may follow the Red line instead of rolling.
- Alone: no character meets another there (``may_meet``), and what one meets
  reaches no one else, nor what is met elsewhere it (the region is sheltered
  from ``others``: the engine's targets), unless a Dimensional Rift is open,
  for the turn it was drawn. Spells and Scrolls are the exception (their own
  target is not such a reach).
- No card stays: at the end of every turn each card lying on the Timescape
  board is discarded, and gold dropped there is lost.
- Adventure cards drawn there (the Death World, the Nexus: ``draw_adventure``)
  are only the drawer's: what a card does on being drawn elsewhere (a Ghost
  flying off to haunt a place) is not done; the Mule, Horse, Horse and Cart,
  Warhorse, Poltergeist, Arena, Blizzard, a Dungeon Door (the classic Doorway),
  the Hermit and any Animal are discarded and another drawn; the Pool of Life,
  the Magic Stream and the Fountain of Wisdom give 1 life, Strength or Craft
  and are discarded.
- Missile weapons (a Bow, the Pistol) cannot be used: the spaces ``suppress``
  ``missiles`` (the roster's shots and Another Talisman City's Bow read it).
- The Sentinels imprison: at the start of each turn the prisoner rolls 2D8;
  at or under its Craft it is free and plays its turn, else the turn ends.
  Our own addition: each failed attempt adds 1 to the Craft the roll must
  beat (000 as written holds a character of Craft 1 for ever, and a lone
  prisoner would end the game in a stall).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from talisman.content.vocabulary import _int
from talisman.engine import cards, effects, frames, lives, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.timescape.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

TIMESCAPE = "timescape"
GATE = "warp-gate"
HOME = "city"  # where the Space Port's ships set one down (the main board's City)
# the warp lines by the die (the Movement Table is not in 000: our own)
LINES = ((2, "White"), (4, "Blue"), (6, "Red"))
# 000's lists of the cards that fear the Timescape, that have no place in it (drawn again) and the
# Places that give their attribute there are said by the cards' traits ``fears-timescape``,
# ``out-of-time`` and ``timescape-gift:<attribute>``; every Animal (the subtype) is both of the first two.
WORTHY = "2D6"  # the Mystic's and the Enchantress's judgement: under Strength + Craft
ESCAPE = "2D8"  # out of the Sentinels' prison: at most the Craft
NEXUS_DRAW = 5
# the Warlock's fee (a D8): (how many, of what); 1-3 he ignores you
FEES: dict[int, tuple[int, str]] = {4: (1, "follower"), 5: (2, "any"), 6: (1, "magic"), 7: (2, "magic"), 8: (0, "")}
FEE_WORDS = {"follower": "Follower", "any": "Object or Follower", "magic": "Magic Object or Magic Item"}


def inside(g: Game, seat: int) -> bool:
    """Is the character in the Timescape?"""
    return g.rules.spaces[g.players[seat].space].region == TIMESCAPE


def gate(g: Game) -> int:
    return g.rules.space_index[GATE]


def line_to(g: Game, space: int, colour: str) -> int:
    """Where a warp line leads from a reality (the White line is the ring, clockwise)."""
    lines: dict[tuple[int, str], int] | None = g.rules.derived.get("warp-lines")
    if lines is None:
        lines = {}
        for ln in g.rules.links:
            if ln.kind == "warp":
                lines[(g.rules.space_index[ln.a], ln.name)] = g.rules.space_index[ln.b]
        g.rules.derived["warp-lines"] = lines
    return g.rules.cw[space] if colour == "White" else lines[(space, colour)]


def colour_of(roll: int) -> str:
    return next(colour for top, colour in LINES if roll <= top)


def is_magic_here(g: Game, seat: int, card: int) -> bool:
    """A Magic Object or Item, where the character is: 000's Ancient Artifact is an Object in the Timescape."""
    cdef = g.rules.instances[card]
    return cdef.is_magic and not ("ancient-artifact" in cdef.traits and inside(g, seat))


# --- entering ---------------------------------------------------------------------------------------


@MODULE.ability("land")
def ways_in(g: Game, seat: int) -> list[Choice]:
    """The Mystic (in the Village) and the Warlock (in his Cave) may open the way, beside the space's encounter."""
    kind = g.rules.spaces[g.players[seat].space].kind
    if kind == "village" and "mystic" not in g.players[seat].status.get("timescape-sent", ()):
        label = "Visit the Mystic and ask to enter the Timescape (2 dice under your Strength and Craft together)"
        return [Choice("timescape:mystic", label, [frame("timescape_seek", p=seat, who="mystic")])]
    if kind == "warlocks-cave":
        label = "Ask the Warlock to open a Warp Gate to the Timescape, for his fee (a D8), instead of a quest"
        return [Choice("timescape:warlock", label, [frame("timescape_seek", p=seat, who="warlock")])]
    return []


class Seek(TypedDict):
    """Character ``p`` seeks the Timescape through ``who`` (mystic, warlock or enchantress)."""

    p: int
    who: str


@MODULE.handler("timescape_seek", args=Seek)
def _seek(g: Game, a: Seek) -> None:
    """Ask the Mystic, the Enchantress (the City's hook ``warp-gate``) or the Warlock."""
    seat, who = a["p"], a["who"]
    name = who.title()
    if who == "warlock":
        effects.roll(g, seat, "D8", frame("timescape_fee", p=seat), why="the Warlock's fee")
    elif who in g.players[seat].status.get("timescape-sent", ()):
        g.say(f"The {name} has sent {g.name(seat)} to the Timescape once: never again.", seat=seat)
    else:
        effects.roll(g, seat, WORTHY, frame("timescape_worthy", p=seat, who=who), why=f"the {name}'s judgement")


class Worthy(frames.Rolled):
    """The roll that says whether ``who`` finds the character worthy."""

    who: str


@MODULE.handler("timescape_worthy", args=Worthy)
def _worthy(g: Game, a: Worthy) -> None:
    seat, who = a["p"], a["who"]
    total = stats.strength(g, seat) + stats.craft(g, seat)
    if a["roll"] >= total:
        g.say(f"The {who.title()} judges {g.name(seat)} unworthy of the Timescape ({a['roll']}, not under {total}).")
        return
    p = g.players[seat]
    p.status["timescape-sent"] = [*p.status.get("timescape-sent", ()), who]
    g.say(f"The {who.title()} judges {g.name(seat)} worthy and opens the way to the Timescape.", seat=seat)
    g.push_frame(frames.teleport(seat, gate(g)))


def fee_cards(g: Game, seat: int, kind: str) -> list[int]:
    """What the character could pay the Warlock with, for a fee of this kind."""
    p = g.players[seat]
    items = p.objects + p.packed
    if kind == "follower":
        return list(p.followers)
    if kind == "magic":
        return [c for c in items if g.rules.instances[c].is_magic]
    return [c for c in items if g.rules.instances[c].is_item] + list(p.followers)


@MODULE.handler("timescape_fee", args=frames.Rolled)
def _fee(g: Game, a: frames.Rolled) -> None:
    seat, roll = a["p"], a["roll"]
    fee = FEES.get(roll)
    if fee is None or len(fee_cards(g, seat, fee[1])) < fee[0]:
        why = "" if fee is None else f": his fee is {fee[0]} {FEE_WORDS[fee[1]]}(s), more than it has"
        g.say(f"The Warlock ignores {g.name(seat)}{why}. Its turn ends.", seat=seat)
        if seat == g.active:
            lives.end_turn_now(g)
        return
    if fee[0]:
        g.say(f"The Warlock asks {fee[0]} {FEE_WORDS[fee[1]]}(s) for his Warp Gate.", seat=seat)
    else:
        g.say("The Warlock asks nothing for his Warp Gate.", seat=seat)
    g.push("timescape_pay", p=seat, left=fee[0], what=fee[1])


class Pay(frames.Countdown):
    """Character ``p`` pays its fee, ``left`` more cards of the kind ``what``."""

    what: str


@MODULE.handler("timescape_pay", args=Pay)
def _pay(g: Game, a: Pay) -> None:
    """The fee must be paid, a card at a time (the character's choice), then the Warp Gate opens."""
    seat, left, kind = a["p"], a["left"], a["what"]
    if left <= 0:
        g.say(f"The Warlock opens a Warp Gate for {g.name(seat)}.", seat=seat)
        g.push_frame(frames.teleport(seat, gate(g)))
        return
    g.decide(
        seat,
        "timescape-fee",
        f"The Warlock's fee: give him a {FEE_WORDS[kind]} ({left} to give).",
        [
            Choice(
                f"pay:{c}",
                f"Give the {g.card_name(c)}",
                [frame("timescape_give", p=seat, card=c), frame("timescape_pay", p=seat, left=left - 1, what=kind)],
            )
            for c in fee_cards(g, seat, kind)
        ],
    )


class GiveCard(frames.CardOf):
    """Character ``p`` gives up the card ``card``. ``to``: ``null``, the card is lost to the Null
    rather than discarded."""

    to: NotRequired[str]


@MODULE.handler("timescape_give", args=GiveCard)
def _give(g: Game, a: GiveCard) -> None:
    seat, card = a["p"], a["card"]
    cards.release(g, seat, card)
    cards.discard(g, card)
    if a.get("to") == "null":
        g.say(f"The {g.card_name(card)} of {g.name(seat)} dies in the Null Zone.", seat=seat)
    else:
        g.say(f"{g.name(seat)} gives the Warlock the {g.card_name(card)}.", seat=seat)


WARP_GATE_OPEN = "warp-gate-open"  # the turn the Warp Gate Spell was cast in


@MODULE.hook("warp-gate-spell")
def warp_gate_spell(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Warp Gate Spell: the way in opens for the caster's next turn (000), not the one it is cast in.

    One card: the Warp Gate opens for the caster's next turn."""
    if inside(g, seat):
        return
    g.players[seat].status[WARP_GATE_OPEN] = g.turn
    g.say(f"A Warp Gate opens for {g.name(seat)}: on its next turn it may enter the Timescape by it.", seat=seat)


@MODULE.ability("turn_start", character=WARP_GATE_OPEN)
def warp_gate_ready(g: Game, seat: int) -> None:
    """On the turn after the Spell, the Warp Gate is the caster's promised move, for this turn only."""
    p = g.players[seat]
    cast = p.status.get(WARP_GATE_OPEN)
    if cast is None or cast >= g.turn:
        return
    del p.status[WARP_GATE_OPEN]
    if inside(g, seat):
        return  # in the Timescape already (another way in)
    p.status["next_move"] = gate(g)
    p.flags.add("next-move-offered")  # the engine's promise for this turn's move: unused, it lapses as the turn ends


@MODULE.ability("notes")
def warp_gate_note(g: Game, seat: int) -> list[str]:
    if WARP_GATE_OPEN in g.players[seat].status:
        return ["A Warp Gate stands open: on its next turn it may enter the Timescape."]
    return []


@MODULE.ability("arrive")
def crossing(g: Game, seat: int, came_from: int) -> None:
    """Into the Timescape (the animals stay behind), or out of it again."""
    p = g.players[seat]
    if inside(g, seat) and not p.status.get("timescape"):
        enter(g, seat, came_from)
    elif "timescape" in p.status and not inside(g, seat) and p.status.pop("timescape"):
        p.status.pop("warp-from", None)  # (every arrival asks: the key looked for before it is taken)
        g.say(f"{g.name(seat)} is back in the Talisman world.", seat=seat)


@MODULE.ability("teleport_allowed")
def note_departure(g: Game, seat: int, to: int) -> bool:
    """Sent straight into the Timescape (the engine moves the character before it arrives):
    where it stood is noted, for the animals that stay there."""
    if g.rules.spaces[to].region == TIMESCAPE and not inside(g, seat):
        g.players[seat].status["timescape-from"] = g.players[seat].space
    return True


def enter(g: Game, seat: int, came_from: int) -> None:
    p = g.players[seat]
    p.status["timescape"] = True
    left = p.status.pop("timescape-from", None)
    if g.rules.spaces[came_from].region == TIMESCAPE:
        # set on the Warp Gate before it arrives: sent by the engine (noted), or by the Horrible Black Void, on the Crown
        came_from = left if left is not None else next(s.index for s in g.rules.spaces if s.kind == "crown")
    g.say(f"{g.name(seat)} enters the Timescape.", type="move", seat=seat)
    if "airship" in p.status:
        from talisman.modules.airships.rules import leave_ship  # (only with Airships in play)

        leave_ship(g, seat, came_from, "cannot sail the warp lines: it stays moored")
    for f in list(p.followers):
        cdef = g.rules.instances[f]
        if "fears-timescape" in cdef.traits or cdef.subtype == "animal":
            cards.release(g, seat, f)
            cards.place(g, f, came_from)
            g.say(f"The {cdef.name} fears the Timescape and stays on the {g.space_name(came_from)}.", seat=seat)


# --- moving on the warp lines --------------------------------------------------------------------------


@MODULE.ability("movement_die")
def warp_die(g: Game, seat: int) -> int | None:
    """000: "roll a D6 (all Characters)"."""
    return 6 if inside(g, seat) else None


@MODULE.ability("own_move")
def warp_move(g: Game, seat: int) -> list[Choice] | None:
    p = g.players[seat]
    held = p.status.get("hold")
    if not inside(g, seat) or (held is not None and held.get("space") == p.space):
        return None  # a sentence of the Sentinels: the engine's held move
    ways = [Choice("warp", "Roll a D6 for the warp line: 1-2 White, 3-4 Blue, 5-6 Red", [frame("warp_roll", p=seat)])]
    if stats.has_trait(g, seat, "warp-belt"):
        to = g.space_name(line_to(g, p.space, "Red"))
        ways.append(Choice("warp:red", f"Follow the Red line to the {to} (the Warp Belt)", [frame("warp_go", p=seat)]))
    return ways


@MODULE.handler("warp_roll", args=frames.Seat)
def _warp_roll(g: Game, a: frames.Seat) -> None:
    effects.roll(g, a["p"], "D6", frame("warp_go", p=a["p"]), why="the warp lines", fate=False)


@MODULE.handler("warp_go", args=frames.Rolled)
def _warp_go(g: Game, a: frames.Rolled) -> None:
    """Follow the line the die gives (the Warp Belt: the Red one), to meet the reality it leads to."""
    seat = a["p"]
    p = g.players[seat]
    colour = colour_of(a["roll"]) if "roll" in a else "Red"
    to = line_to(g, p.space, colour)
    p.status["warp-from"] = p.space
    g.say(f"{g.name(seat)} follows the {colour} warp line to the {g.space_name(to)}.", type="move", seat=seat)
    g.push_frame(frames.arrive(seat, to, "move"))


@MODULE.hook("time-loop")
def time_loop(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Back along the line one came by, to meet that reality again.

    One space: back to the space the warp came from."""
    back = g.players[seat].status.get("warp-from")
    if back is None or back == g.players[seat].space:
        g.say("Time turns about, and leaves you where you are.", seat=seat)
        return
    g.say(f"The Time Loop throws {g.name(seat)} back to the {g.space_name(back)}.", type="move", seat=seat)
    g.push_frame(frames.arrive(seat, back, "move"))


@MODULE.hook("warp-storm")
def warp_storm(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: the Timescape's warp roll, at once."""
    g.push("warp_roll", p=seat)


# --- alone in each reality -----------------------------------------------------------------------


@MODULE.ability("may_meet")
def no_meeting(g: Game, seat: int, other: int) -> bool:
    """000: characters in the Timescape do not encounter each other (but through a Dimensional Rift)."""
    return not inside(g, seat) or bool(g.globals.get("rift"))


@MODULE.hook("dimensional-rift")
def dimensional_rift(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The realities touch for this turn: one may meet a character here, and be reached.

    One card: the realities touch for a turn, so characters in other realities may meet."""
    g.globals["rift"] = True
    g.say("A Dimensional Rift opens: for this turn the realities touch.", type="event", seat=seat)
    here = [o.seat for o in g.players if o.alive and o.seat != seat and o.space == g.players[seat].space]
    if here:
        options = [Choice(f"meet:{o}", f"Encounter the {g.name(o)}", [frames.meet(seat, o)]) for o in here]
        g.decide(
            seat, "timescape-rift", "Through the Rift: whom do you encounter?", [*options, Choice("nothing", "No one")]
        )


@MODULE.ability("turn_start", game="rift", character=("timescape", "imprisoned"))
def turn_begins(g: Game, seat: int) -> None:
    """A Rift lasts one turn; a prisoner of the Sentinels tries to escape."""
    g.globals.pop("rift", None)
    p = g.players[seat]
    if p.status.get("timescape") and not inside(g, seat):
        p.status.pop("timescape")  # set out of the Timescape by a rule that moves without arriving
    if p.status.get("imprisoned"):
        effects.roll(g, seat, ESCAPE, frame("timescape_escape", p=seat), why="an escape from the Sentinels")


@MODULE.handler("timescape_escape", args=frames.Rolled)
def _escape(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    status = g.players[seat].status
    tries = int(status.get("prison-tries", 0))
    craft = stats.craft(g, seat) + tries
    tried = f"Craft {craft - tries} + {tries} for the attempts before" if tries else f"Craft {craft}"
    if a["roll"] <= craft:
        status.pop("imprisoned", None)
        status.pop("prison-tries", None)
        g.say(f"{g.name(seat)} escapes the Sentinels' prison ({a['roll']}, {tried}).", seat=seat)
        return
    status["prison-tries"] = tries + 1
    g.say(f"{g.name(seat)} stays in the Sentinels' prison ({a['roll']}, {tried}).", seat=seat)
    lives.end_turn_now(g)


@MODULE.ability("chose")
def theft_in_the_fortress(g: Game, seat: int, kind: str, option: str) -> None:
    """000's Thief tries to steal in the Space Fortress: caught, he is sent to the Sentinel Outpost."""
    if option == "steal-here" and g.rules.spaces[g.players[seat].space].kind == "space-fortress":
        g.players[seat].status["fortress-theft"] = True


@MODULE.hook("timescape-imprison")
def imprison(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Sentinels' prison, which the Timescape's turn start reads."""
    g.players[seat].status["imprisoned"] = True
    g.say(f"The Sentinels imprison {g.name(seat)}.", seat=seat)


@MODULE.ability("turn_end")
def nothing_stays(g: Game, seat: int) -> None:
    """000: cards are never left on the Timescape board (nor gold); the Rift closes.
    A Thief caught stealing in the Space Fortress is the Sentinels' prisoner."""
    # (every turn's end asks: a key looked for before it is taken away, a dict's ``pop`` being a
    # method called by name in compiled code, and most often none of them is there)
    if "rift" in g.globals:
        del g.globals["rift"]
    status = g.players[seat].status
    if "timescape-from" in status:
        del status["timescape-from"]  # (noted for a move that another rule refused)
    if "fortress-theft" in status:
        del status["fortress-theft"]
        if g.rules.spaces[g.players[seat].space].kind == "sentinel-outpost":
            imprison(g, seat, {})
    ring = _ring(g)
    board, gold = g.board, g.gold_on
    for here in ring:  # (its sixteen spaces looked up: ``isdisjoint`` walked the board's every space)
        if here in board or here in gold:
            break
    else:
        return  # (most often nothing lies there)
    for here in ring:
        left = cards.clear_space(g, here)
        if left:
            g.say(f"Nothing stays in the {g.space_name(here)}: {', '.join(g.card_name(c) for c in left)} discarded.")


def _ring(g: Game) -> tuple[int, ...]:
    """The Timescape's spaces in the order of its ring (worked out once per ruleset)."""
    found: tuple[int, ...] | None = g.rules.derived.get("timescape-ring")
    if found is None:
        found = g.rules.derived["timescape-ring"] = tuple(
            g.rules.space_index[sid] for sid in g.rules.regions[TIMESCAPE].ring
        )
    return found


# --- Adventure cards in the Timescape ---------------------------------------------------------------------


def draw_adventure(g: Game, seat: int, n: int) -> list[int]:
    """Draw ``n`` Adventure cards by 000's rules for the Timescape, onto the character's space."""
    space = g.players[seat].space
    drawn: list[int] = []
    tries = len(g.rules.decks["adventure"])
    while len(drawn) < n and tries > 0:
        tries -= 1
        card = cards.draw(g, "adventure")
        if card is None:
            break
        cdef = g.rules.instances[card]
        if "out-of-time" in cdef.traits or cdef.subtype == "animal":
            cards.discard(g, card)
            g.say(f"{g.name(seat)} draws the {cdef.name}, which has no place in the Timescape: drawn again.", seat=seat)
            continue
        gift = next((t.split(":", 1)[1] for t in cdef.traits if t.startswith("timescape-gift:")), None)
        if gift is not None:
            cards.discard(g, card)
            g.say(f"{g.name(seat)} draws the {cdef.name}: its gift, then it is discarded.", type="draw", seat=seat)
            effects.run_now(g, seat, [{"gain": {gift: 1}}], {})
            drawn.append(-1)
            continue
        cards.place(g, card, space)
        g.say(f"{g.name(seat)} draws an Adventure card: {cdef.name}.", type="draw", seat=seat, card=cdef.name)
        drawn.append(card)
    return [c for c in drawn if c >= 0]


@MODULE.verb("draw_adventure", lambda v, p: _int(v, p, 1))
def draw_adventure_verb(g: Game, seat: int, n: int, ctx: dict[str, Any]) -> None:
    """Draw ``n`` Adventure cards onto the space (before its cards are met: ``before_draw``)."""
    draw_adventure(g, seat, n)


@MODULE.hook("nexus")
def nexus(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Draw 5 Adventure cards, encounter the one chosen and discard the others.

    One space: 5 Adventure cards drawn, one chosen to encounter, the others discarded."""
    drawn = draw_adventure(g, seat, NEXUS_DRAW)
    if not drawn:
        return
    g.decide(
        seat,
        "timescape-nexus",
        "At the Nexus: which card do you encounter?",
        [
            Choice(f"meet:{c}", f"The {g.card_name(c)}", [frame("nexus_pick", p=seat, card=c, drawn=drawn)])
            for c in drawn
        ],
    )


class NexusPick(frames.CardOf):
    """Character ``p`` picks the card ``card`` of those ``drawn`` at the Nexus."""

    drawn: list[int]


@MODULE.handler("nexus_pick", args=NexusPick)
def _nexus_pick(g: Game, a: NexusPick) -> None:
    seat = a["p"]
    space = g.players[seat].space
    for c in a["drawn"]:
        if c != a["card"] and c in g.cards_on(space):
            cards.lift(g, c, space)
            cards.discard(g, c)
    g.push("card_queue", p=seat)


# --- the realities' offers -----------------------------------------------------------------------------


@MODULE.hook("timescape-passage")
def passage_home(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: home from the Timescape by ship, leaving it."""
    g.say(f"A ship of the Space Port carries {g.name(seat)} home.", seat=seat)
    g.players[seat].status.pop("timescape", None)
    g.push_frame(frames.teleport(seat, g.rules.space_index[HOME], encounter=False))


@MODULE.hook("rogue-trader")
def rogue_trader(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Rogue Trader sells the Timescape Purchase cards left in his stock, at their price.

    One space: the Timescape Purchase cards left in the stock are sold, one after another."""
    p = g.players[seat]
    offers: dict[str, int] = {}
    for c in g.decks["timescape-purchase"]:
        cdef = g.rules.instances[c]
        if cdef.cost <= p.gold:
            offers.setdefault(cdef.name, cdef.cost)
    if not offers:
        g.say(f"The Rogue Trader has nothing {g.name(seat)} can pay for.", seat=seat)
        return
    g.decide(
        seat,
        "timescape-trader",
        f"The Rogue Trader: you have {p.gold}G. Buy something?",
        [
            Choice("done", "Buy nothing more"),
            *[
                Choice(
                    f"buy:{name}",
                    f"Buy a {name} for {price}G",
                    [
                        frame("timescape_buy", p=seat, name=name),
                        frames.effects(seat, [{"hook": "rogue-trader"}], {}),
                    ],
                )
                for name, price in sorted(offers.items())
            ],
        ],
    )


class TimescapeBuy(TypedDict):
    """Character ``p`` buys the card named ``name``."""

    p: int
    name: str


@MODULE.handler("timescape_buy", args=TimescapeBuy)
def _buy(g: Game, a: TimescapeBuy) -> None:
    seat = a["p"]
    card = cards.take_named(g, "timescape-purchase", a["name"])
    if card is None:
        return
    cdef = g.rules.instances[card]
    g.players[seat].gold -= cdef.cost
    g.say(f"{g.name(seat)} buys a {cdef.name} for {cdef.cost}G.", type="buy", seat=seat)
    if cdef.on_encounter:
        effects.run(g, seat, cdef.on_encounter, {"src": card})  # the Medi-Kit: used at once
    else:
        possessions.offer(g, seat, card)


@MODULE.hook("null-zone")
def null_zone(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """Lose one Magic Object or Item (not the Ancient Artifact, an Object here).

    One card: lose one Magic Object, as the Timescape judges magic there."""
    p = g.players[seat]
    magic = [c for c in p.objects + p.packed if is_magic_here(g, seat, c)]
    if not magic:
        g.say(f"{g.name(seat)} carries no magic for the Null Zone to kill.", seat=seat)
        return
    g.decide(
        seat,
        "timescape-null",
        "The Null Zone: which Magic Object do you lose?",
        [
            Choice(f"lose:{c}", f"The {g.card_name(c)}", [frame("timescape_give", p=seat, card=c, to="null")])
            for c in magic
        ],
    )
