"""Master Level titles (000 "Master Level Characters"): gaining one, keeping
it, resigning it, and losing it when its time is up.

A title is a Master Level Character Card (``characters.toml``, not playable
by itself); there is one of each, so a title held by a living character
cannot be gained by another. The holder keeps everything it has (000) and
adds the card's abilities: its ``bonus-strength``/``bonus-craft`` as lasting
modifiers, its other traits as lasting traits. Held titles are
``status["master"]``: ``{level: {"left": turns or None, "was": alignment}}``.

How each is gained:

- Champion of Chaos, Herald, Templar, Warrior of Chaos, Mirror Image: their
  Adventure cards (``cards.toml``); the Champion must be taken, the others
  may be. A Recruiter drawn while there is a Templar is discarded and
  another card drawn in its place.
- Mystic: the Spell Way of the Lotus (:mod:`.twins`).
- High Mage, King's Champion, Master Thief, Sheriff: in the City. They come
  alive with a module that has the City's spaces and cards: landing on a
  space named Magic Emporium or Royal Castle, and the hooks
  ``kings-champion`` (the Beggar's card) and the verb ``master_title`` (a win
  over the Master Thief). Without the City they cannot be gained.

Choices where 000 refers to what it does not reproduce, or is unclear: the
High Mage's "on a 9" reads as 9 or more (the D8 needs at least one Magic
Object or Item offered, and the offerings are given up); the King's Champion
needs a 6 after the gold is given; the Sheriff's chart is ours: a die plus
Strength of 12 or more makes the Sheriff, less gains nothing. When the
Warrior of Chaos's time is up, 000 reshuffles "the Warrior Adventure card":
the card that brings the title, the Call of Chaos (the title's ``title-reshuffle``). A title's turns are the
turns of the player who holds it (with two characters, whichever acts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.content import vocabulary as voc
from talisman.engine import abilities, cards, effects, frames, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.master_levels.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

TAG = "master:"  # the modifiers a title adds are tagged master:<level>
HIGH_MAGE_NEED = 9
SHERIFF_NEED = 12
CHAMPION_ROLL = 6


def in_game(g: Game) -> bool:
    return g.rules.has_module(MODULE.name)


def card_traits(g: Game, level: str) -> tuple[str, ...]:
    return g.rules.characters[level].traits


def meta(g: Game, level: str, name: str) -> int | bool:
    """A ``title-...`` trait of the card: its number, True if it has no number, False if absent."""
    for t in card_traits(g, level):
        if t == f"title-{name}":
            return True
        if t.startswith(f"title-{name}:"):
            return int(t.split(":", 1)[1])
    return False


def held(g: Game, seat: int) -> dict[str, dict[str, Any]]:
    titles: dict[str, dict[str, Any]] = g.players[seat].status.get("master", {})
    return titles


def holder(g: Game, level: str) -> int | None:
    for p in g.players:
        if p.alive and level in p.status.get("master", {}):
            return p.seat
    return None


def title_name(g: Game, level: str) -> str:
    return g.rules.characters[level].name


def _abilities(g: Game, level: str) -> list[str]:
    return [t for t in card_traits(g, level) if not t.startswith(("title-", "bonus-"))]


def gain(g: Game, seat: int, level: str, **data: Any) -> bool:
    """The character takes the title's card, if no one else holds it."""
    p = g.players[seat]
    other = holder(g, level)
    if other is not None:
        g.say(
            f"The {title_name(g, level)} card is held by the {g.name(other)}: {g.name(seat)} cannot take it.", seat=seat
        )
        return False
    turns = meta(g, level, "turns")
    entry = {"left": turns or None, "was": p.alignment if meta(g, level, "evil") else None, **data}
    p.status["master"] = {**held(g, seat), level: entry}
    for t in card_traits(g, level):
        if t.startswith("bonus-"):
            attr, n = t[len("bonus-") :].split(":")
            stats.add_mod(g, seat, attr, int(n), TAG + level)
    possessions.lend_traits(g, seat, _abilities(g, level))
    g.say(
        f"{g.name(seat)} becomes the {title_name(g, level)}{f' for {turns} turns' if turns else ''}.",
        type="title",
        seat=seat,
    )
    if meta(g, level, "evil"):
        possessions.set_alignment(g, seat, "evil")
    possessions.fill_wand(g, seat)
    return True


def lose(g: Game, seat: int, level: str, why: str) -> None:
    """The card goes back to the stockpile, with the Strength, Craft and abilities it gave
    (what else ends with it, the Mystic's spirit, reacts at ``title_lost``)."""
    p = g.players[seat]
    entry = held(g, seat).get(level)
    if entry is None:
        return
    p.status["master"] = {k: v for k, v in held(g, seat).items() if k != level}
    if not p.status["master"]:
        del p.status["master"]
    stats.drop_mods(g, seat, TAG + level)
    possessions.take_back_traits(g, seat, _abilities(g, level))
    g.say(f"{g.name(seat)} is the {title_name(g, level)} no longer ({why}).", type="title", seat=seat)
    if entry.get("was"):
        possessions.set_alignment(g, seat, entry["was"])
    for t in card_traits(g, level):
        if t.startswith("title-reshuffle:"):
            _reshuffle(g, t.split(":", 1)[1])
    abilities.react("title_lost", g, seat, level, entry)
    possessions.check_limits(g, seat)


def _reshuffle(g: Game, name: str) -> None:
    """000: the Warrior's Adventure card goes back into the deck, at a random place."""
    pile = g.discards["adventure"]
    for c in pile:
        if g.rules.instances[c].name == name:
            pile.remove(c)
            deck = g.decks["adventure"]
            deck.insert(g.rng.below(len(deck) + 1), c)
            g.say(f"The {name} card is shuffled back into the Adventure deck.", type="shuffle")
            return


# --- keeping and resigning ------------------------------------------------------------


@MODULE.ability("turn_end")
def count_turns(g: Game, seat: int) -> None:
    """Titles that last some turns count the turns of the seat that holds them; at the end
    a title goes as ``lose`` says unless an ability at ``title_expires`` ends it its own way."""
    if not in_game(g):
        return
    for c in g.characters_of(g.controller(seat)):
        for level, entry in held(g, c).items():
            if entry["left"] is None or not g.players[c].alive:
                continue
            left = entry["left"] - 1
            g.players[c].status["master"] = {**held(g, c), level: {**entry, "left": left}}
            if left > 0:
                continue
            if not any(fn(g, c, level) for fn in abilities.hooks(g, "title_expires")):
                lose(g, c, level, "its time is up")


@MODULE.ability("turn")
def resign_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    if not in_game(g):
        return []
    opts = []
    for c in g.characters_of(g.controller(seat)):
        for level in held(g, c):
            if meta(g, level, "resignable") and g.players[c].alive:
                opts.append(
                    Choice(
                        f"resign:{level}",
                        f"Resign the title of {title_name(g, level)}",
                        [frame("resign_title", p=c, level=level), *back],
                        "free",
                    )
                )
    return opts


class Title(TypedDict):
    """Character ``p`` and the title of ``level``."""

    p: int
    level: str


@MODULE.handler("resign_title", args=Title)
def _resign(g: Game, a: Title) -> None:
    lose(g, a["p"], a["level"], "resigned")


@MODULE.handler("gain_title", args=Title)
def _gain_title(g: Game, a: Title) -> None:
    gain(g, a["p"], a["level"])


def offer(g: Game, seat: int, level: str, why: str) -> None:
    """A title the character may take or leave."""
    if holder(g, level) is not None:
        g.say(f"The {title_name(g, level)} card is held already.", seat=seat)
        return
    g.offer(
        seat,
        "master-level",
        f"{why}: become the {title_name(g, level)}?",
        Choice("accept", f"Become the {title_name(g, level)}", [frame("gain_title", p=seat, level=level)]),
        ("decline", "Decline"),
    )


# --- the Adventure cards ------------------------------------------------------------------


def _title_check(v: Any, path: str) -> None:
    voc._table(v, path, {"level": voc._str, "offer": voc._str}, ("level",))


@MODULE.verb("master_title", _title_check)
def _master_title(g: Game, seat: int, value: dict[str, str], ctx: dict[str, Any]) -> None:
    """A card gives a title (a Master Level's card): the character may take or leave it when the card
    ``offer``s it (its words), else must take it.

    ``{ master_title = { level = "herald", offer = "The Noble seeks a Herald" } }``"""
    if "offer" in value:
        offer(g, seat, value["level"], value["offer"])
    else:
        gain(g, seat, value["level"])


@MODULE.hook("recruiter-drawn")
def recruiter_drawn(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """With a Templar in the game the Recruiter is discarded and another card drawn.

    One card: with a Templar in the game it is discarded and another card drawn."""
    card, space = ctx["src"], ctx["space"]
    if holder(g, "templar") is None or card not in g.cards_on(space):
        return
    cards.lift(g, card, space)
    cards.discard(g, card)
    g.say("There is a Templar already: the Recruiter is discarded and another card drawn.", seat=seat)
    g.push_frame(frames.draw_cards(seat, len(g.cards_on(space)) + 1))


# --- the City's ways -----------------------------------------------------------------------


@MODULE.ability("landed")
def city_places(g: Game, seat: int) -> None:
    if not in_game(g) or g.players[seat].toad:
        return
    place = g.space_name(g.players[seat].space)
    if place == "Magic Emporium" and holder(g, "high-mage") is None:
        g.push("high_mage", p=seat, offered=[])
    elif place == "Royal Castle" and holder(g, "sheriff") is None:
        g.offer(
            seat,
            "master-level",
            f"The Royal Castle: seek the office of Sheriff (a die plus your Strength, {SHERIFF_NEED} or more)?",
            Choice(
                "seek",
                "Seek the office of Sheriff",
                [frames.roll(seat, "D6", ["sheriff_result", {"p": seat}], why="the office of Sheriff")],
            ),
            ("leave", "Leave"),
        )


class HighMage(TypedDict):
    """Character ``p`` offers magic Objects to become the High Mage (``offered``: those offered so
    far)."""

    p: int
    offered: list[int]


@MODULE.handler("high_mage", args=HighMage)
def _high_mage(g: Game, a: HighMage) -> None:
    seat, offered = a["p"], a["offered"]
    p = g.players[seat]
    magic = [c for c in p.objects + p.packed if g.rules.instances[c].is_magic and c not in offered]
    if not magic and not offered:
        return
    opts = [
        Choice(f"offer:{c}", f"Offer the {g.card_name(c)} (+1)", [frame("high_mage", p=seat, offered=[*offered, c])])
        for c in magic
    ]
    if offered:
        opts.append(
            Choice(
                "roll",
                f"Roll a D8 + {len(offered)}: {HIGH_MAGE_NEED} or more and you are the High Mage",
                [frame("high_mage_offer", p=seat, offered=offered)],
            )
        )
    g.decide(
        seat,
        "master-level",
        "The Magic Emporium: offer Magic Objects and Items to seek the power of the High Mage?",
        [Choice("leave", "Offer nothing" if not offered else "Take back the offerings and leave", []), *opts],
    )


@MODULE.handler("high_mage_offer", args=HighMage)
def _high_mage_offer(g: Game, a: HighMage) -> None:
    seat = a["p"]
    for c in a["offered"]:
        if c in g.players[seat].holdings():
            cards.release(g, seat, c)
            cards.discard(g, c)
    possessions.settle_packs(g, seat)
    g.say(f"{g.name(seat)} offers {len(a['offered'])} magic treasure(s).", seat=seat)
    effects.roll(
        g, seat, "D8", frame("high_mage_result", p=seat, n=len(a["offered"])), why="the power of the High Mage"
    )


class HighMageResult(frames.Rolled):
    """The roll of character ``p`` for the High Mage, having offered ``n`` Objects."""

    n: int


@MODULE.handler("high_mage_result", args=HighMageResult)
def _high_mage_result(g: Game, a: HighMageResult) -> None:
    total = a["roll"] + a["n"]
    if total >= HIGH_MAGE_NEED:
        gain(g, a["p"], "high-mage")
    else:
        g.say(f"{total}: the power of the High Mage is not bestowed.", seat=a["p"])


@MODULE.handler("sheriff_result", args=frames.Rolled)
def _sheriff_result(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    total = a["roll"] + stats.strength(g, seat)
    if total >= SHERIFF_NEED:
        gain(g, seat, "sheriff")
    else:
        g.say(f"{total}: the King has no office for {g.name(seat)}.", seat=seat)


@MODULE.hook("kings-champion")
def kings_champion(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Beggar: give him a gold, and on a 6 the King makes you his Champion.

    One card: the Beggar's gift may make the giver the King's Champion, a Master Level title."""
    if not in_game(g) or g.players[seat].gold < 1 or holder(g, "kings-champion") is not None:
        return
    g.offer(
        seat,
        "master-level",
        "The Beggar holds out his hand: give him a gold?",
        Choice(
            "give",
            f"Give 1 gold and roll a die (a {CHAMPION_ROLL} makes you the King's Champion)",
            [frame("beggar_gift", p=seat)],
        ),
        ("refuse", "Give nothing"),
    )


@MODULE.handler("beggar_gift", args=frames.Seat)
def _beggar_gift(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].gold -= 1
    g.say(f"{g.name(seat)} gives the Beggar a gold.", type="gold", seat=seat)
    effects.roll(g, seat, "D6", frame("beggar_result", p=seat), why="the Beggar's blessing")


@MODULE.handler("beggar_result", args=frames.Rolled)
def _beggar_result(g: Game, a: frames.Rolled) -> None:
    if a["roll"] == CHAMPION_ROLL:
        gain(g, a["p"], "kings-champion")
    else:
        g.say("The Beggar thanks you, and nothing more.", seat=a["p"])
