"""The Master Levels that make one player two characters: the Mirror Image
and the Mystic (000). The engine lets a seat play a second character
(:meth:`~talisman.engine.game.Game.add_body`): it has no turn of its own, and
at each of the seat's turns the player chooses which of the two acts.

Mirror Image: passing through the Mirror makes a copy of the character on
its space with its Strength and Craft swapped (choice: the copy has the
original's lives and Fate, and nothing else). The two may trade when they
meet (give each other Objects, Followers and gold). After 10 of the seat's
turns (000: "10 Rounds", "the end of the 10th turn": one turn a round) the
player keeps one and the other leaves the game; its possessions stay on its
space. If one of them dies, the other simply goes on.

Mystic: Way of the Lotus splits the character. The spirit (the Mystic card)
takes all its Craft but 1, the body keeps all its Strength but 1; the spirit
carries the Magic Objects and Items and the Spells, and uses nothing else;
the body uses nothing magic. What the spirit gains is the body's: at the end
of each of its turns its gold and Followers go to the body, and the Objects
it carries go to the body when they rejoin. Rejoining (both on one space)
takes the whole turn; resigning the title calls the spirit home at once,
leaving what it carries where it stands. Choices (our own): the spirit has 1
life; if it dies, the body loses a life and takes back its Craft and the
title ends; if the body dies, the spirit fades with it. The split needs 2
Strength and 2 Craft.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, frames, lives, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.modules.master_levels import titles
from talisman.modules.master_levels.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

MIRROR, MYSTIC = "mirror-image", "mystic"


def twin_of(g: Game, seat: int) -> int | None:
    """The other living character played by the same seat."""
    mine = g.controller(seat)
    for c in g.characters_of(mine):
        if c != seat and g.players[c].alive:
            return c
    return None


def vanish(g: Game, seat: int, why: str, kind: str = "death") -> None:
    """A character leaves the game without dying: what it carries stays on its space."""
    lives.leave(g, seat, why)
    g.say(f"{g.name(seat)} {why}.", type=kind, seat=seat)


def hand_over(g: Game, giver: int, taker: int) -> None:
    """Everything one body carries passes to the other (over its limits, it chooses what to leave)."""
    a, b = g.players[giver], g.players[taker]
    for card in a.objects + a.packed + a.followers:
        cards.release(g, giver, card)
        possessions.give_item(g, taker, card)
    b.spells += a.spells
    for card in list(a.cards):
        cards.release(g, giver, card)
        cards.receive(g, taker, card, "cards")
    b.trophies += a.trophies
    b.gold += a.gold
    a.spells, a.trophies, a.gold = [], [], 0
    possessions.check_limits(g, taker)


# --- the Mirror -----------------------------------------------------------------------


@MODULE.hook("mirror")
def mirror(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One card: passing through makes the character two for 10 rounds (a second body)."""
    if titles.holder(g, MIRROR) is not None or titles.holder(g, MYSTIC) is not None or twin_of(g, seat) is not None:
        g.say("The Mirror shows only your own face.", seat=seat)
        return
    g.offer(
        seat,
        "master-level",
        "A Mirror: pass through it and become two characters for 10 rounds?",
        Choice("pass", "Pass through the Mirror", [frame("mirror_pass", p=seat)]),
        ("decline", "Turn away"),
    )


@MODULE.handler("mirror_pass", args=frames.Seat)
def _mirror_pass(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    twin = g.add_body(seat, p.character, f"{g.name(seat)}'s Mirror Image")
    t = g.players[twin]
    lives.set_attribute(g, twin, "strength", p.craft)
    lives.set_attribute(g, twin, "craft", p.strength)
    t.lives, t.fate = p.lives, p.fate
    g.say(
        f"{g.name(seat)} steps through the Mirror: {g.name(twin)} stands beside it, Strength {t.strength}, "
        f"Craft {t.craft}.",
        type="title",
        seat=seat,
    )
    titles.gain(g, seat, MIRROR, twin=twin)


@MODULE.ability("title_expires")
def mirror_expires(g: Game, seat: int, level: str) -> bool:
    """The Mirror Image's ten turns are up: the player keeps one of the two."""
    if level != MIRROR:
        return False
    mirror_ends(g, seat)
    return True


def mirror_ends(g: Game, seat: int) -> None:
    """Ten turns are up: the player keeps one of the two."""
    twin = titles.held(g, seat)[MIRROR]["twin"]
    titles.lose(g, seat, MIRROR, "the Mirror's power fades")
    if g.players[twin].alive:
        g.decide(
            seat,
            "mirror",
            "The Mirror's power fades: which of your two characters goes on?",
            [
                Choice("keep:original", f"Keep the {g.name(seat)}", [frame("mirror_keep", keep=seat, lose=twin)]),
                Choice("keep:image", f"Keep the {g.name(twin)}", [frame("mirror_keep", keep=twin, lose=seat)]),
            ],
        )


class MirrorKeep(TypedDict):
    """Of the twins, character ``keep`` stays and character ``lose`` goes."""

    keep: int
    lose: int


@MODULE.handler("mirror_keep", args=MirrorKeep)
def _mirror_keep(g: Game, a: MirrorKeep) -> None:
    if g.players[a["lose"]].alive and g.players[a["keep"]].alive:
        vanish(g, a["lose"], "fades back into the Mirror")


@MODULE.ability("meet")
def trade(g: Game, seat: int, other: int) -> list[Choice]:
    """The two characters of one player may trade when they meet."""
    if not titles.in_game(g) or twin_of(g, seat) != other:
        return []
    p, again = g.players[seat], [frames.meet(seat, other)]
    opts = [
        Choice(
            f"give:{c}",
            f"Give the {g.card_name(c)} to the {g.name(other)}",
            [frame("twin_give", p=seat, to=other, card=c), *again],
        )
        for c in p.objects + p.packed + p.followers
    ]
    opts += [
        Choice(
            f"take:{c}",
            f"Take the {g.card_name(c)} from the {g.name(other)}",
            [frame("twin_give", p=other, to=seat, card=c), *again],
        )
        for c in g.players[other].objects + g.players[other].packed + g.players[other].followers
    ]
    if p.gold:
        opts.append(
            Choice(
                "give-gold",
                f"Give your {p.gold} gold to the {g.name(other)}",
                [frame("twin_gold", p=seat, to=other), *again],
            )
        )
    return opts


@MODULE.handler("twin_give", args=frames.CardTo)
def _twin_give(g: Game, a: frames.CardTo) -> None:
    giver, taker, card = a["p"], a["to"], a["card"]
    if card in g.players[giver].holdings() and possessions.can_take(g, taker, card):
        cards.release(g, giver, card)
        possessions.settle_packs(g, giver)
        possessions.give_item(g, taker, card)
        possessions.check_limits(g, taker)


class TwinGold(TypedDict):
    """Twin ``p`` gives gold to twin ``to``."""

    p: int
    to: int


@MODULE.handler("twin_gold", args=TwinGold)
def _twin_gold(g: Game, a: TwinGold) -> None:
    giver, taker = g.players[a["p"]], g.players[a["to"]]
    taker.gold += giver.gold
    giver.gold = 0


# --- the Mystic -------------------------------------------------------------------------


@MODULE.spell_effect("way-of-the-lotus")
def way_of_the_lotus(g: Game, a: dict[str, Any]) -> None:
    """One card: the caster's spirit leaves as a second body, the Mystic."""
    seat = a["p"]
    p = g.players[seat]
    if titles.holder(g, MYSTIC) is not None or twin_of(g, seat) is not None:
        g.say("The Way of the Lotus finds no path: the Mystic's card is taken, or you are two already.", seat=seat)
        return
    if p.strength < 2 or p.craft < 2:
        g.say(f"{g.name(seat)} is too weak to part spirit from body.", seat=seat)
        return
    spirit = g.add_body(seat, MYSTIC, f"{g.name(seat)}'s Mystic")
    m = g.players[spirit]
    m.lives = 1
    lives.set_attribute(g, spirit, "strength", 1)
    lives.set_attribute(g, spirit, "craft", p.craft - 1)
    lives.set_attribute(g, seat, "strength", p.strength - 1)
    lives.set_attribute(g, seat, "craft", 1)
    stats.set_status(g, spirit, "uses", "magic")
    stats.set_status(g, seat, "uses", "mundane")
    magic = [c for c in p.objects + p.packed if g.rules.instances[c].is_magic]
    for c in magic[:4]:
        cards.release(g, seat, c)
        cards.receive(g, spirit, c, "objects")
    m.spells, p.spells = p.spells, []
    possessions.settle_packs(g, seat)
    g.say(
        f"{g.name(seat)}'s spirit leaves its body: the Mystic (Craft {m.craft}) goes its own way.",
        type="title",
        seat=seat,
    )
    titles.gain(g, seat, MYSTIC, body=spirit)
    possessions.check_limits(g, spirit)


@MODULE.ability("title_lost")
def mystic_lost(g: Game, seat: int, level: str, entry: dict[str, Any]) -> None:
    if level == MYSTIC:
        end_mystic(g, seat, entry)


def end_mystic(g: Game, seat: int, entry: dict[str, Any]) -> None:
    """The title ends (resigned, or the spirit or the body died): the spirit comes home."""
    p = g.players[seat]
    spirit = g.players[entry["body"]]
    stats.set_status(g, seat, "uses", None)
    lives.set_attribute(g, seat, "strength", p.strength + spirit.strength)
    lives.set_attribute(g, seat, "craft", p.craft + spirit.craft)
    if spirit.alive:
        vanish(g, entry["body"], "returns to its body", kind="title")


@MODULE.ability("turn")
def rejoin_option(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    if not titles.in_game(g):
        return []
    body = g.controller(seat)
    entry = titles.held(g, body).get(MYSTIC)
    if not entry or not g.players[entry["body"]].alive or g.players[body].space != g.players[entry["body"]].space:
        return []
    return one_option(body, "rejoin", "Rejoin spirit and body (this is your whole turn)", "mystic_rejoin")


@MODULE.handler("mystic_rejoin", args=frames.Seat)
def _rejoin(g: Game, a: frames.Seat) -> None:
    body = a["p"]
    lives.end_turn_now(g)
    entry = titles.held(g, body)[MYSTIC]
    g.say(f"{g.name(body)} and its Mystic become one again.", type="title", seat=body)
    hand_over(g, entry["body"], body)
    titles.lose(g, body, MYSTIC, "spirit and body are one again")


@MODULE.ability("turn_end")
def spirit_gains(g: Game, seat: int) -> None:
    """What the spirit gains is the body's: its gold and Followers go home at the end of its turn."""
    if not titles.in_game(g) or g.players[seat].character != MYSTIC or g.controller(seat) == seat:
        return
    spirit, body = g.players[seat], g.players[g.controller(seat)]
    if body.alive and (spirit.gold or spirit.followers):
        body.gold += spirit.gold
        g.say(
            f"The Mystic's gains go to {g.name(body.seat)}: {spirit.gold} gold, {len(spirit.followers)} Follower(s).",
            seat=seat,
        )
        spirit.gold = 0
        for f in list(spirit.followers):
            cards.release(g, seat, f)
            cards.receive(g, body.seat, f, "followers")


@MODULE.ability("death")
def twin_died(g: Game, seat: int) -> None:
    if not titles.in_game(g):
        return
    owner = g.controller(seat)
    if owner != seat:
        entries = titles.held(g, owner)
        if MIRROR in entries and entries[MIRROR]["twin"] == seat:
            titles.lose(g, owner, MIRROR, "its Mirror Image is dead")
        elif MYSTIC in entries and entries[MYSTIC]["body"] == seat:
            g.say(f"The Mystic's spirit is slain and snaps back into {g.name(owner)}'s body.", seat=owner)
            titles.lose(g, owner, MYSTIC, "its spirit was slain")
            lives.lose_lives(g, owner, 1, "its spirit slain")
        return
    for c in g.characters_of(seat):
        if c != seat and g.players[c].alive and g.players[c].character == MYSTIC:
            vanish(g, c, "fades with its body")
