"""000's Brotherhood of the Bell.

Its purpose (000's background): a secret society that would make the land a
democracy, so the monarchy and its Law hunt it; each member knows only a few
others, so none can betray the whole. In play:

- D% (:func:`percent`): two D10, tens and ones, a 0 read as 0; 01 is the
  least, and 00 reads 100.
- Each Stranger a character meets (not a Law card) is rolled for: on 20% or
  less it reveals that it is a member (once for each card: a Stranger known
  already is not rolled for again). The members a character knows are kept
  on its sheet (000: "on separate paper"). The first makes it a member,
  initiated at the South of the Bell; the sixth gives it a Talisman, drawn at
  once. No member knows more than six (000): after the sixth no more are rolled for.
- The places round the Bell: a member who brings another in moves up a place,
  South, East, West, North (no higher). Bringing in is OUR OWN way to play it
  (000 gives none): a member meeting a character who is no member may ask it
  to join; if it does, each knows the other (the new member stands at the South).
- The Law: a member meeting any Law (a Law card of the City, the Watch or the
  Patrol; the Emperor's Guard, which is Law too) rolls D%: at or under the
  chance of ``DETECTION`` (by members known) the Law knows, and the member
  takes a Warrant. Choice: once found out the member stays known to the Law
  (no more rolls) until a judge or a guard of the Donjon is convinced otherwise.
  The Law found out first, and its card then meets a Warrant holder (the Watch
  tries an arrest). The City's Law check after a crime is no meeting of a Law
  card (the Watch comes only if the card drawn is one, and then to arrest).
- Beaten by an Emperor's Guard that knows of it, a member is sent to the
  Donjon (the City's, module ``city-classic``); without the City there is no
  Donjon, and the defeat costs the life only.
- In the Donjon, for any reason, a member ignores the City's rules there: it
  loses every possession (Objects, Followers, Spells, Scrolls, gold), then each
  turn tries one way out (``bell-donjon``): convince the guard (D10 + Craft, 10
  or more: out, to the Castle), escape (a D6, out on a 1, keeping its Warrant),
  or be judged (``JUDGEMENT``). A judged member who is jailed or beaten must
  roll a 6 for its movement at each later turn, or stay.
  Ambiguity (inventory): the "Castle Space" of a guard convinced is the main
  board's Castle (Middle Region): 000 calls the City's the Royal Castle everywhere
  (the Quest of a Lifetime names both). The member goes there and meets it.
  Let out by a judge or the guard (not by escaping), the Warrant is discarded
  and the Law forgets the member; let out into the City, it walks onto Watch
  Street, as the City lets out its prisoners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, effects, frames, holds, lives, movement
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.brotherhood.module import MODULE
from talisman.modules.shared.warrant import give_warrant, lift_warrant

if TYPE_CHECKING:
    from talisman.engine.game import Game

REVEAL = 20  # % a Stranger is a member
DETECTION = {1: 10, 2: 15, 3: 20, 4: 25, 5: 30, 6: 40}  # members known -> % the Law knows
MOST_KNOWN = 6
PLACES = ("South", "East", "West", "North")
CONVINCE = 10  # D10 + Craft
ESCAPE = 1
JAILED_ROLL = 6
# The judgement (D6): what happens, gold paid, lives lost, where it goes ("out", "gate", "jailed", "hanged").
JUDGEMENT = {
    6: ("Wrongful arrest: the member is paid 6G and let go", 6, 0, "out"),
    5: ("The judge is convinced it is no member of the Brotherhood: it may go", 0, 0, "out"),
    4: ("Thrown out of the City: to the City Gate", 0, 0, "gate"),
    3: ("Jailed: a 6 for its movement, or it stays", 0, 0, "jailed"),
    2: ("Beaten senseless (a life) and jailed: a 6 for its movement, or it stays", 0, 1, "jailed"),
    1: ("Declared the Leader of the Brotherhood and sentenced to hang", 0, 0, "hanged"),
}
DONJON, GATE, RELEASE, CASTLE = "donjon", "city-gate", "watch-street", "castle"
HOLD_WHAT = "the Donjon, where the Brotherhood has no allies"


def percent(g: Game) -> int:
    """D%: a D10 for the tens and one for the ones (a 10 reads 0); 00 is 100."""
    tens, ones = g.rng.die(10) % 10, g.rng.die(10) % 10
    return tens * 10 + ones or 100


def bell(g: Game, seat: int) -> dict[str, Any] | None:
    """The character's place in the Brotherhood (``members``, ``place``, ``exposed``), if a member."""
    found: dict[str, Any] | None = g.players[seat].status.get("bell")
    return found


def update(g: Game, seat: int, **changes: Any) -> None:
    g.players[seat].status["bell"] = {**(bell(g, seat) or {"members": [], "place": 0}), **changes}


def know(g: Game, seat: int, member: str, who: str) -> None:
    """The character discovers a member: its first makes it one, its sixth gives a Talisman."""
    found = bell(g, seat)
    members = [*(found["members"] if found else ()), member]
    update(g, seat, members=members)
    if found is None:
        g.say(
            f"{who} is of the Brotherhood of the Bell: {g.name(seat)} is initiated, at the South of the Bell.",
            seat=seat,
        )
    else:
        g.say(f"{who} is of the Brotherhood of the Bell: {g.name(seat)} knows {len(members)} members now.", seat=seat)
    if len(members) == MOST_KNOWN:
        g.say(f"The sixth member {g.name(seat)} knows gives it a Talisman.", seat=seat)
        effects.run(g, seat, [{"take_card": {"deck": "talisman"}}])


# --- the Strangers and the Law's cards ------------------------------------------------------------------


@MODULE.ability("card_met")
def stranger_or_law(g: Game, seat: int, card: int) -> None:
    c = g.rules.instances[card]
    if c.subtype == "law":
        law_met(g, seat, f"the {c.name}")
    elif c.type == "stranger":
        found = bell(g, seat)
        known = found["members"] if found else []
        if len(known) < MOST_KNOWN and f"card:{card}" not in known:
            g.push("bell_stranger", p=seat, card=card)


@MODULE.handler("bell_stranger", args=frames.CardOf)
def _bell_stranger(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    roll = percent(g)
    g.say(
        f"{g.name(seat)} rolls {roll:02d}% for the {g.card_name(card)} (a member on {REVEAL}% or less).",
        type="roll",
        seat=seat,
    )
    if roll <= REVEAL:
        know(g, seat, f"card:{card}", f"The {g.card_name(card)}")


@MODULE.ability("law_met")
def law_met(g: Game, seat: int, law: str) -> None:
    if bell(g, seat) is not None:
        g.push("bell_law", p=seat, law=law)


class BellLaw(TypedDict):
    """Character ``p`` meets the Law ``law`` of the Brotherhood."""

    p: int
    law: str


@MODULE.handler("bell_law", args=BellLaw)
def _bell_law(g: Game, a: BellLaw) -> None:
    seat, law = a["p"], a["law"]
    found = bell(g, seat)
    if found is None or not g.players[seat].alive:
        return
    if found.get("exposed"):
        g.say(f"{law[0].upper()}{law[1:]} knows {g.name(seat)} for a member of the Brotherhood.", seat=seat)
        return
    chance = DETECTION[min(len(found["members"]), MOST_KNOWN)]
    roll = percent(g)
    g.say(f"{g.name(seat)} rolls {roll:02d}% before {law} (found out on {chance}% or less).", type="roll", seat=seat)
    if roll <= chance:
        update(g, seat, exposed=True)
        g.say(f"{law[0].upper()}{law[1:]} knows {g.name(seat)} for a member of the Brotherhood.", seat=seat)
        give_warrant(g, seat, "a member of the Brotherhood of the Bell")


@MODULE.ability("fight_result")
def beaten_by_the_guard(g: Game, seat: int, fight: dict[str, Any], outcome: str, margin: int) -> str:
    """An Emperor's Guard that knows a member and beats it sends it to the Donjon."""
    found = bell(g, seat)
    if outcome == "lose" and fight.get("law") == "emperors-guard" and found and found.get("exposed"):
        if g.rules.has_module("city-classic"):
            g.push("bell_jail_check", p=seat)
            g.push(
                "arrested", p=seat, why="is taken by the Emperor's Guard, who know it for a member of the Brotherhood"
            )
        else:
            g.say("The Guard would send the member to the Donjon, but this game has no City and no Donjon.", seat=seat)
    return outcome


# --- bringing another in: the places round the Bell ----------------------------------------------------------


@MODULE.ability("meet")
def invite(g: Game, seat: int, other: int) -> list[Choice]:
    found = bell(g, seat)
    if found is None or bell(g, other) is not None:
        return []
    return [
        Choice(
            f"bell-recruit:{other}",
            f"Ask the {g.name(other)} to join the Brotherhood of the Bell",
            [frame("bell_invite", p=seat, other=other)],
        )
    ]


@MODULE.handler("bell_invite", args=frames.Toward)
def _bell_invite(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    g.offer(
        other,
        "bell-invite",
        f"The {g.name(seat)} asks you to join the Brotherhood of the Bell.",
        Choice("join", "Join the Brotherhood (at the South of the Bell)", [frame("bell_join", p=other, by=seat)]),
        ("refuse", "Refuse"),
    )


@MODULE.handler("bell_join", args=frames.By)
def _bell_join(g: Game, a: frames.By) -> None:
    seat, by = a["p"], a["by"]
    know(g, seat, f"seat:{by}", f"The {g.name(by)}")
    found = bell(g, by)
    if found is None:
        return
    place = min(found["place"] + 1, len(PLACES) - 1)
    update(g, by, place=place)
    g.say(f"{g.name(by)} has brought a member in: it moves up to the {PLACES[place]} of the Bell.", seat=by)
    if len(found["members"]) < MOST_KNOWN:
        know(g, by, f"seat:{seat}", f"The {g.name(seat)}")


# --- the Donjon ------------------------------------------------------------------------------------------------


def in_donjon(g: Game, seat: int) -> bool:
    return g.rules.has_module("city-classic") and g.rules.spaces[g.players[seat].space].id == DONJON


def jail(g: Game, seat: int) -> None:
    """A member in the Donjon: the City's rules there are ignored; on arrival every possession is lost."""
    p = g.players[seat]
    found = bell(g, seat)
    if found is None or not p.alive or not in_donjon(g, seat):
        return
    if not found.get("jail"):
        update(g, seat, jail="held")
        for card in (
            p.objects
            + p.packed
            + p.followers
            + p.spells
            + [c for c in p.cards if g.rules.instances[c].type == "scroll"]
        ):
            cards.release(g, seat, card)
            cards.discard(g, card)
        p.gold = 0
        g.say(f"The Brotherhood has no allies here: {g.name(seat)} loses every possession.", type="lose", seat=seat)
    holds.hold(g, seat, HOLD_WHAT, [{"hook": "bell-donjon"}])


@MODULE.handler("bell_jail_check", args=frames.Seat)
def _bell_jail_check(g: Game, a: frames.Seat) -> None:
    jail(g, a["p"])


@MODULE.ability("turn_start")
def members_in_the_donjon(g: Game, seat: int) -> None:
    """Whoever put a member in the Donjon, the Brotherhood's rules hold there (checked as every turn begins);
    one let out by another rule (the City's Pardon) is a newcomer the next time."""
    if not g.rules.has_module("city-classic"):
        return  # no Donjon in this game (asked as every turn begins)
    for i in g.living():
        found = bell(g, i)
        if found is not None and found.get("jail") and not in_donjon(g, i):
            update(g, i, jail=None)
        jail(g, i)


def roll_frame(seat: int, dice: str, then: str, why: str) -> Any:
    return frames.roll(seat, dice, [then, {"p": seat}], why=why)


@MODULE.hook("bell-donjon")
def donjon(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    found = bell(g, seat)
    if found is None:
        return
    if found.get("jail") == "jailed":
        g.push_all([roll_frame(seat, "D6", "bell_jailed", "its movement in the Donjon")])
        return
    g.decide(
        seat,
        "bell-donjon",
        "The Donjon: the Brotherhood has no allies here. What do you try?",
        [
            Choice(
                "convince",
                f"Convince the guard they are mistaken: a die (D10) and your Craft, {CONVINCE} or more (to the Castle)",
                [roll_frame(seat, "D10+craft", "bell_convince", "convincing the guard")],
            ),
            Choice(
                "escape",
                f"Try to escape: a die, {ESCAPE} and you are out",
                [roll_frame(seat, "D6", "bell_escape", "an escape")],
            ),
            Choice("judged", "Be judged: a die", [roll_frame(seat, "D6", "bell_judged", "the judgement")]),
        ],
    )


def let_out(g: Game, seat: int, to: str | None, cleared: bool) -> None:
    """Out of the Donjon, onto ``to`` (None: the rule that lets it out moves it on)."""
    p = g.players[seat]
    update(g, seat, jail=None, **({"exposed": False} if cleared else {}))
    holds.release(g, seat)
    if cleared:
        lift_warrant(g, seat)
    p.status["released"] = True  # the City's: not penniless in the turn one is let out
    if to is not None:
        movement.put(g, seat, g.rules.space_index[to])
        g.say(f"{g.name(seat)} walks out of the Donjon onto {g.space_name(p.space)}.", type="move", seat=seat)


@MODULE.handler("bell_convince", args=frames.Rolled)
def _bell_convince(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    if a["roll"] < CONVINCE:
        g.say(f"The guard is not convinced: {g.name(seat)} stays in the Donjon.", seat=seat)
        return
    g.say(f"The guard is convinced it made a mistake: {g.name(seat)} may go to the Castle.", seat=seat)
    let_out(g, seat, None, cleared=True)
    g.push_frame(frames.teleport(seat, g.rules.space_index[CASTLE]))


@MODULE.handler("bell_escape", args=frames.Rolled)
def _bell_escape(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    if a["roll"] == ESCAPE:
        g.say(f"{g.name(seat)} escapes from the Donjon!", seat=seat)
        let_out(g, seat, RELEASE, cleared=False)
    else:
        g.say(f"{g.name(seat)} finds no way out, and stays in the Donjon.", seat=seat)


@MODULE.handler("bell_judged", args=frames.Rolled)
def _bell_judged(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    what, gold, life, then = JUDGEMENT[a["roll"]]
    g.say(f"The judge has spoken: {what}.", seat=seat)
    if then == "hanged":
        lose_game(g, seat)
        return
    if then == "jailed":
        update(g, seat, jail="jailed")
    else:
        let_out(g, seat, RELEASE if then == "out" else GATE, cleared=True)
        g.players[seat].gold += gold
    if life:
        g.push_frame(frames.lose_lives(seat, life, "beaten senseless in the Donjon", by=None))


@MODULE.handler("bell_jailed", args=frames.Rolled)
def _bell_jailed(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    if a["roll"] == JAILED_ROLL:
        g.say(f"{g.name(seat)} rolls a 6 and walks out of its cell.", seat=seat)
        let_out(g, seat, RELEASE, cleared=True)
    else:
        g.say(f"{g.name(seat)} needs a 6 to leave, and stays in the Donjon.", seat=seat)


def lose_game(g: Game, seat: int) -> None:
    """The character has lost the game: it is out, and its player begins no new one."""
    g.say(f"{g.name(seat)} has lost the game (hanged as the Leader of the Brotherhood).", type="concede", seat=seat)
    lives.lose_game(g, seat, "hanged as the Leader of the Brotherhood")
    lives.check_game_end(g)


# --- on the sheet ------------------------------------------------------------------------------------------------


@MODULE.ability("notes")
def member_notes(g: Game, seat: int) -> list[str]:
    found = bell(g, seat)
    if found is None:
        return []
    n = len(found["members"])
    out = [
        f"A member of the Brotherhood of the Bell, at the {PLACES[found['place']]} of the Bell; "
        f"knows {n} {'member' if n == 1 else 'members'}."
    ]
    if found.get("exposed"):
        out.append("The Law knows it for a member of the Brotherhood.")
    if found.get("jail") == "jailed":
        out.append("Jailed in the Donjon: a 6 for its movement, or it stays.")
    return out
