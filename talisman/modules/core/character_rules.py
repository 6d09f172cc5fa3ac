"""Character rules beyond the printed abilities: 000's list of corrections to
the characters ("Corrections/Additions/Deletions to the Existing Characters")
and the few ability keywords that characters of several modules share.

Each rule reads a trait, so the same keyword serves every character that has
it, whatever module brings the character:

- sizes: a Large character rolls a D4 to move in the Dungeon; a Small one that
  has tamed an Animal may ride it like a Horse (``move-pick-two``);
- ``move-pick-two``: roll two movement dice and keep either (a Horse, the
  Amazon's stride, a Centaur's gallop);
- ``scroll-at:<kind>``: visiting such a space holding no Scroll gains one
  (``a|b``: the first kind the board has, the Minstrel's Six Fates Inn or else
  the Tavern); ``scroll-instead-at:<kind>`` gains it in place of the space's
  encounter (the Ghoul at the Graveyard);
- ``start:spell-or-scroll`` (one starting Spell may be traded for a Scroll),
  ``start:spells-or-scrolls`` (each may), ``start:scroll`` (a Scroll besides),
  ``start-with:<deck>:<card>`` (an Object to begin with), ``start-gold:N``;
- ``patrol:to:<kind>`` and ``patrol:fight:N``: how the City's Patrol treats
  the character; ``law-bribe:N``: buy one's way out of a Law card;
- ``spare-guard``: no special attack on the Guard of the Dungeon's Guard Room;
- ``city-theft``: the Thief's thefts in the buildings of the City.

Where these name places and cards of modules that are not in the game (the
City, the Dungeon, the Timescape), they simply never match: the rule sleeps
until a module brings the place. The contract with those modules: the Dungeon
is the region ``dungeon`` (000's own, module ``dungeon-classic``; the 4th
edition's keeps its region ``dungeon-4e`` and its own rules, as 001 contradicts
some of these exceptions), the City the region ``city``; places are matched by
space kind (``magic-emporium``, ``high-temple``, ``six-fates-inn``...), cards by
name (``Patrol``) or, for the Law, by subtype ``law``. Scrolls exist when some
module has a ``scroll`` deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypedDict

from talisman.content.cache import Bounded
from talisman.engine import cards, effects, frames, movement, possessions, stats
from talisman.engine.abilities import movement_die
from talisman.engine.decision import Choice
from talisman.engine.game import frame, one_option
from talisman.engine.movement import one_space_only
from talisman.modules.core.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

DUNGEON: Final = "dungeon"
CITY: Final = "city"
SCROLL_DECK: Final = "scroll"


def region_here(g: Game, seat: int) -> str:
    return g.rules.spaces[g.players[seat].space].region


def in_dungeon(g: Game, seat: int) -> bool:
    return region_here(g, seat) == DUNGEON


def size_of(g: Game, seat: int) -> str:
    p = g.players[seat]
    size: str = p.status.get("size", g.rules.characters[p.character].size)
    return size


def scrolls_in_game(g: Game) -> bool:
    return SCROLL_DECK in g.decks


def holds_scroll(g: Game, seat: int) -> bool:
    return any(g.rules.instances[c].type == "scroll" for c in g.players[seat].cards)


def spaces_of_kind(g: Game, kind: str) -> list[int]:
    return [s.index for s in g.rules.spaces if s.kind == kind]


def trait_args(g: Game, seat: int, name: str) -> tuple[str, ...]:
    """The arguments of every ``name:...`` trait the character has (sorted). The same set of traits
    gives the same arguments, so they are worked out once per set and name and remembered by the
    ruleset, as :func:`talisman.engine.stats.trait_value`'s numbers are (an arrival asks for the
    roster's ``refit-at`` and the core game's ``scroll-at``: a walk over some thirty traits each).

    >>> from talisman import Game
    >>> g = Game.new(["druid"], seed=1)
    >>> trait_args(g, 0, "scroll-at"), trait_args(g, 0, "refit-at")
    (('ruins',), ())
    """
    found = stats.traits(g, seat)
    # (typed as a dict: compiled, an ``Any``'s ``get`` is a method called by name, a dict's a direct look-up)
    cache: dict[frozenset[str], dict[str, tuple[str, ...]]] | None = g.rules.derived.get("trait-args")
    if cache is None:
        cache = g.rules.derived["trait-args"] = Bounded(stats.HELD_TRAITS_LIMIT)
    by_name: dict[str, tuple[str, ...]] | None = cache.get(found)
    if by_name is None:
        by_name = cache[found] = {}
    args = by_name.get(name)
    if args is None:
        prefix = name + ":"
        args = by_name[name] = tuple(sorted(t[len(prefix) :] for t in found if t.startswith(prefix)))
    return args


# --- movement: sizes and two dice -------------------------------------------------------


@MODULE.ability("movement_die")
def large_in_the_dungeon(g: Game, seat: int) -> int | None:
    """000: Large characters must roll a D4 for movement in the Dungeon."""
    return 4 if size_of(g, seat) == "L" and in_dungeon(g, seat) else None


def rides_tamed_animal(g: Game, seat: int) -> bool:
    """000: a Small character who has tamed an Animal may ride it like a Horse."""
    tamed = g.players[seat].status.get("tamed", ())
    return size_of(g, seat) == "S" and any(f in tamed for f in stats.followers_used(g, seat))


def may_pick_of_two(g: Game, seat: int) -> bool:
    """May the character roll two movement dice and keep either? (A Horse in 000
    is read so: the Horse's own card is not in these documents.) ``ride:<name>``:
    riding a Follower of that name does it too (the Orc's Wolf). (Asked at every turn menu: the
    names ridden are looked up once per set of traits, not a trait made for each Follower.)"""
    if stats.has_trait(g, seat, "move-pick-two") or rides_tamed_animal(g, seat):
        return True
    ridden = trait_args(g, seat, "ride")
    if ridden:
        for f in stats.followers_used(g, seat):
            if g.card_name(f) in ridden:
                return True
    return False


@MODULE.ability("turn")
def roll_two_to_move(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if (
        g.rules.regions[region_here(g, seat)].movement != "roll"
        or "enslaved" in p.status
        or not may_pick_of_two(g, seat)
        or one_space_only(g, seat)
    ):
        return []
    return one_option(seat, "roll-two", f"Roll two D{movement_die(g, seat)} to move and keep either", "move_pick_two")


@MODULE.handler("move_pick_two", args=frames.Seat)
def _move_pick_two(g: Game, a: frames.Seat) -> None:
    """Two movement dice, either kept. Choice: Fate re-rolls one die, not a pair
    already picked from, so none is offered here."""
    seat: int = a["p"]
    sides = movement_die(g, seat)
    first, second = g.rng.die(sides), g.rng.die(sides)
    g.say(
        f"{g.name(seat)} rolls two D{sides} to move: {first} and {second}.",
        type="roll",
        seat=seat,
        dice=[first, second],
    )
    g.decide(
        seat,
        "pick-roll",
        f"You rolled {first} and {second}: which do you move by?",
        [Choice(f"keep:{v}", f"Move {v}", [frames.move_choose(seat, roll=v)]) for v in sorted({first, second})],
        about={"purpose": "movement"},
    )


# --- Scrolls: at the start, and on visiting places ------------------------------------------


@MODULE.ability("setup")
def starting_extras(g: Game, seat: int) -> None:
    """Starting gold and Objects, and the Scrolls 000 lets some characters begin with."""
    p = g.players[seat]
    gold = stats.trait_value(g, seat, "start-gold")
    if gold:
        p.gold = gold
    for arg in trait_args(g, seat, "start-with"):
        deck, name = arg.split(":", 1)
        card = cards.take_named(g, deck, name) if deck in g.decks else None
        if card is not None:
            possessions.give_item(g, seat, card)
    if not scrolls_in_game(g):
        return
    if stats.has_trait(g, seat, "start:scroll"):
        g.push_frame(frames.effects(seat, [{"take_card": {"deck": SCROLL_DECK}}], {}))
    swaps = (
        len(p.spells)
        if stats.has_trait(g, seat, "start:spells-or-scrolls")
        else min(1, len(p.spells))
        if stats.has_trait(g, seat, "start:spell-or-scroll")
        else 0
    )
    if swaps:
        g.push("scroll_for_spell", p=seat, left=swaps)


@MODULE.handler("scroll_for_spell", args=frames.Countdown)
def _scroll_for_spell(g: Game, a: frames.Countdown) -> None:
    """000: "begin the game with either a Spell or a Scroll": the player, having
    seen its Spells, may give one back (to the bottom of the Spell deck) for a Scroll."""
    seat: int = a["p"]
    p = g.players[seat]
    if not p.spells or not a["left"]:
        return
    g.decide(
        seat,
        "start-scroll",
        "You may begin with a Scroll instead of a Spell.",
        [
            Choice("keep", "Keep your Spells", []),
            *[
                Choice(
                    f"swap:{c}",
                    f"Give back {g.card_name(c)} for a Scroll",
                    [
                        frame("swap_spell_for_scroll", p=seat, card=c),
                        frame("scroll_for_spell", p=seat, left=a["left"] - 1),
                    ],
                )
                for c in p.spells
            ],
        ],
    )


@MODULE.handler("swap_spell_for_scroll", args=frames.CardOf)
def _swap_spell_for_scroll(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    if card not in g.players[seat].spells:
        return
    cards.release(g, seat, card)
    g.decks[g.rules.instances[card].deck].insert(0, card)
    g.say(f"{g.name(seat)} begins with a Scroll instead of a Spell.", seat=seat)
    effects.run(g, seat, [{"take_card": {"deck": SCROLL_DECK}}])


def scroll_place(g: Game, spec: str) -> str:
    """``a|b``: the first of these kinds of space the board has (the last if none)."""
    kinds = spec.split("|")
    return next((k for k in kinds if spaces_of_kind(g, k)), kinds[-1])


@MODULE.ability("arrive")
def scroll_on_visit(g: Game, seat: int, came_from: int) -> None:
    """000: "each time you visit the <place> without a Scroll, you gain a Scroll"."""
    if not scrolls_in_game(g) or holds_scroll(g, seat):
        return
    kind = g.rules.spaces[g.players[seat].space].kind
    if any(scroll_place(g, spec) == kind for spec in trait_args(g, seat, "scroll-at")):
        g.say(f"{g.name(seat)} finds a Scroll at the {g.space_name(g.players[seat].space)}.", seat=seat)
        effects.run(g, seat, [{"take_card": {"deck": SCROLL_DECK}}])


@MODULE.ability("land")
def scroll_instead_of_encounter(g: Game, seat: int) -> list[Choice]:
    """000's Ghoul: "each time you visit the Graveyard without a Scroll, you gain a
    Scroll, you may not encounter the Graveyard". Choice (the text is unclear,
    see the inventory's ambiguities): the Scroll replaces the encounter with the
    space; holding a Scroll already, he meets the Graveyard as usual."""
    kind = g.rules.spaces[g.players[seat].space].kind
    if not scrolls_in_game(g) or holds_scroll(g, seat) or kind not in trait_args(g, seat, "scroll-instead-at"):
        return []
    return [
        Choice(
            "scroll-instead",
            f"Take a Scroll (you may not encounter the {g.space_name(g.players[seat].space)})",
            [frames.effects(seat, [{"take_card": {"deck": SCROLL_DECK}}], {})],
            "instead",
        )
    ]


# --- the City's Patrol and the Law ---------------------------------------------------------


@MODULE.ability("card")
def patrol_and_law(g: Game, seat: int, card: int) -> list[Choice]:
    c = g.rules.instances[card]
    opts: list[Choice] = []
    if c.name == "Patrol":
        for arg in trait_args(g, seat, "patrol"):
            how, what = arg.split(":", 1)
            if how == "to" and spaces_of_kind(g, what):
                dest = spaces_of_kind(g, what)[0]
                opts.append(
                    Choice(
                        "patrol-escort",
                        f"The Patrol takes you to the {g.space_name(dest)}",
                        [frame("patrol_escort", p=seat, to=dest)],
                        "forced",
                    )
                )
            elif how == "fight":
                opts.append(
                    Choice(
                        "patrol-fight",
                        f"The Patrol fights you (Strength {what})",
                        [frame("patrol_fight", p=seat, card=card, strength=int(what))],
                        "forced",
                    )
                )
    bribe = stats.trait_value(g, seat, "law-bribe") if c.subtype == "law" else 0
    if bribe and g.players[seat].gold >= bribe:
        opts.append(
            Choice(
                "law-bribe",
                f"Bribe your way out of the {c.name} ({bribe}G)",
                [frame("law_bribe", p=seat, card=card, n=bribe)],
            )
        )
    return opts


@MODULE.handler("patrol_escort", args=frames.GoTo)
def _patrol_escort(g: Game, a: frames.GoTo) -> None:
    """The Patrol sends the character to a place: it goes there at once and its turn ends."""
    from talisman.engine import lives

    seat: int = a["p"]
    g.say(f"The Patrol marches {g.name(seat)} off to the {g.space_name(a['to'])}.", type="move", seat=seat)
    movement.put(g, seat, a["to"])
    if seat == g.active:
        lives.end_turn_now(g)


class PatrolFight(frames.CardOf):
    """Character ``p`` fights the Patrol ``card`` of Strength ``strength``."""

    strength: int


@MODULE.handler("patrol_fight", args=PatrolFight)
def _patrol_fight(g: Game, a: PatrolFight) -> None:
    """000's Cyborg: the Patrol fights at Strength 6; beaten, its card may be kept
    as a trophy; otherwise it is discarded after the fight."""
    from talisman.engine.combat import fight_creature

    seat: int = a["p"]
    card = a["card"]
    gone = [frame("discard_from_space", card=card)]
    fight_creature(
        g,
        seat,
        {"name": "Patrol", "strength": a["strength"], "evade": False},
        {"src": card},
        win=[frame("trophy_from_space", p=seat, card=card)],
        lose=gone,
        standoff=gone,
    )


@MODULE.handler("trophy_from_space", args=frames.CardOf)
def _trophy_from_space(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    space = g.players[seat].space
    if card in g.cards_on(space):
        cards.lift(g, card, space)
        g.players[seat].trophies.append(card)
        g.say(f"{g.name(seat)} keeps the {g.card_name(card)} as a trophy.", seat=seat)


class DiscardFromSpace(TypedDict):
    """The card ``card`` is discarded from the space it lies on."""

    card: int


@MODULE.handler("discard_from_space", args=DiscardFromSpace)
def _discard_from_space(g: Game, a: DiscardFromSpace) -> None:
    for space, held in list(g.board.items()):
        if a["card"] in held:
            cards.lift(g, a["card"], space)
            cards.discard(g, a["card"])
            g.say(f"The {g.card_name(a['card'])} is discarded.")
            return


@MODULE.handler("law_bribe", args=frames.CardPrice)
def _law_bribe(g: Game, a: frames.CardPrice) -> None:
    seat: int = a["p"]
    g.players[seat].gold -= a["n"]
    g.say(
        f"{g.name(seat)} pays {a['n']}G and the {g.card_name(a['card'])} looks the other way.", type="gold", seat=seat
    )


# --- the Errand Boy and the Urchins stay in the City ----------------------------------------


@MODULE.ability("arrive")
def city_followers_stay(g: Game, seat: int, came_from: int) -> None:
    """000 (the Gladiator, the Merchant): the Errand Boy and the Urchins (``city-bound``) will not
    leave the City; a character leaving it loses them, unless they follow it
    everywhere (``urchins-follow``, the Merchant)."""
    p = g.players[seat]
    if (
        g.rules.spaces[came_from].region != CITY
        or region_here(g, seat) == CITY
        or stats.has_trait(g, seat, "urchins-follow")
    ):
        return
    for f in [f for f in p.followers if "city-bound" in g.rules.instances[f].traits]:
        possessions.lose_follower(g, seat, f, "stays behind in the City")


# --- the Guard of the Dungeon's Guard Room -------------------------------------------------------


def guard_spared(g: Game, seat: int, fight: dict[str, Any]) -> bool:
    """000 (the Assassin, the Martial Artist): no Assassination or Killer Blow
    against the Guard in the Guard Room of the Dungeon."""
    return (
        stats.has_trait(g, seat, "spare-guard")
        and in_dungeon(g, seat)
        and g.rules.spaces[g.players[seat].space].kind == "guard-room"
        and any(f.get("name") == "Guard" for f in fight.get("adhoc", ()))
    )


# --- the Thief in the City and the Space Fortress ---------------------------------------------

# 000's Thief, a roll of 6: what he steals in each building is the building's ``theft`` (the City's boards
# say it: the Armory's "choice of the Armory list" is read as the Objects the core Purchase stock holds).
GAOLS: Final = {"space-fortress": "sentinel-outpost"}  # caught there, sent here; anywhere else the Donjon


@MODULE.ability("end_of_turn")
def city_theft(g: Game, seat: int) -> list[Choice]:
    p = g.players[seat]
    here = g.rules.spaces[p.space]
    if not here.theft or "arrived" not in p.flags or "stole" in p.flags or not stats.has_trait(g, seat, "city-theft"):
        return []
    return [
        Choice(
            "steal-here",
            f"Try to steal in the {g.space_name(p.space)}",
            [
                frames.flag(seat, "stole"),
                frames.roll(seat, "D6", ["theft_result", {"p": seat, "place": here.kind}], why="a theft"),
            ],
        )
    ]


class TheftResult(frames.Rolled):
    """The roll of a theft at a place of the kind ``place``."""

    place: str


@MODULE.handler("theft_result", args=TheftResult)
def _theft_result(g: Game, a: TheftResult) -> None:
    seat: int = a["p"]
    roll = a["roll"]
    kind = a["place"]
    if roll == 1:
        gaol = spaces_of_kind(g, GAOLS.get(kind, "donjon"))
        g.say(f"{g.name(seat)} is caught stealing.", seat=seat)
        if gaol:
            movement.put(g, seat, gaol[0])
            g.say(f"{g.name(seat)} is thrown into the {g.space_name(gaol[0])}.", type="move", seat=seat)
    elif roll == 2:
        g.say(f"{g.name(seat)} finds nothing to steal, but is not seen.", seat=seat)
    elif roll <= 5:
        effects.run(g, seat, [{"gain": {"gold": 1 if roll < 5 else 2}}])
    else:
        effects.run(g, seat, g.rules.spaces[g.players[seat].space].theft)
