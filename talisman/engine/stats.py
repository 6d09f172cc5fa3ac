"""Derived values: total Strength and Craft, traits, spell limits, capacity.

Counters are what a character has earned; totals add Followers, Objects,
Magic Objects and Magic Items (unless the space suppresses them, as the Cursed
Glade does), weapons in battle, and temporary modifiers. A Toad is Strength 1,
Craft 1.

Rules ask these values many times over (a turn menu asks every ability,
Spell and free action, and each asks traits again), so :func:`traits`,
:func:`trait_value`, :func:`strength`, :func:`craft`, :func:`working_items` and
:func:`pack_capacity` are memoised in ``Game.derived``, per character, from
the machine's first run on (``Game.touched`` forgets them; a copy starts
without them). They depend on a character's card, alignment, Toad state,
Followers, Objects, Abilities and Titles (``cards``), counters, modifiers
(``mods``), the statuses ``traits``, ``uses``, ``suspended``, ``tamed``,
``charmed`` and ``raised``, its space, and the ``destroy-magic`` and
``no-magic`` globals.
Whatever changes one of these forgets them at once: the engine's owner
functions call :func:`changed` (naming the character when only its own values
can change; a move calls :func:`moved`, which forgets them only where a space
can change them), and modules change what they read only through those owners
(:func:`set_status` and :func:`set_global` for the keys declared
``derived = true``, :func:`add_mod`, ``movement.put``, ``cards.receive``...):
no module calls :func:`changed` (tests/test_module_state.py holds them to it).
In checking mode (``CHECKING.on``, or the environment variable
``TALISMAN_CHECK_DERIVED=1``) every memoised read is also worked out afresh
and a difference raises :class:`StaleDerivedValue`: the test suite plays many
games of every module so.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from talisman.content.cache import Bounded
from talisman.engine.base import ENGINE

if TYPE_CHECKING:
    from talisman.engine.game import Game

SPELL_LIMIT: Final = (0, 0, 0, 1, 2, 2, 3, 3, 3)  # by total Craft; 9 or more: 4
# The engine's traits that bind their holder rather than help it: a suspended Follower keeps these
# (``no-followers``: the Hag's curse; ``one-space``: the Poltergeist; ``must-attack``: the Holy Avenger's drive).
BURDENS: Final = frozenset({"no-followers", "one-space", "must-attack"})
BASE_CAPACITY: Final = 4
# Holdings whose traits a ruleset remembers (about 75 new ones a base game: most are met once;
# the memo of each character keeps what its own turns ask again).
HELD_TRAITS_LIMIT: Final = 4096


class Checking:
    """Whether memoised reads are checked (tests switch ``CHECKING.on``). An attribute of an object
    rather than a module-level name: compiled code reads a module's name through the module's dict,
    some 130 instructions at every memoised read (the traits alone are read some fifteen times an
    action), and an attribute of its own objects directly."""

    def __init__(self, on: bool) -> None:
        self.on = on


CHECKING: Final = Checking(os.environ.get("TALISMAN_CHECK_DERIVED", "") not in ("", "0"))


class StaleDerivedValue(Exception):
    """A memoised value differs from the one the state gives now: a change was
    made while the machine ran without calling :func:`changed`. (An Exception:
    mypyc, which compiles this module, cannot derive from AssertionError.)"""


def changed(g: Game, seat: int | None = None) -> None:
    """Forget the memoised values: something they depend on has changed. With
    ``seat``, only that character's (what changed is its own: its space, its
    modifiers...); without, everyone's."""
    memo = g.derived
    if memo:
        if seat is None:
            memo.clear()
        elif seat in memo:  # (a look and ``del``: compiled, a dict's ``pop`` is a method called by name)
            del memo[seat]


def moved(g: Game, seat: int, before: int) -> None:
    """The character has moved from space ``before`` to where it stands: forget its values only
    where a space can change them (either space suppresses something, as the Cursed Glade does, or
    the character has a trait that counts only in or out of some places). Each step of a move
    calls this, the commonest change of all, and most steps change none of its values."""
    if not g.derived:
        return
    spaces = g.rules.spaces
    if spaces[before].suppress or spaces[g.players[seat].space].suppress or _places_matter(g, seat):
        changed(g, seat)


def set_status(g: Game, seat: int, key: str, value: Any) -> None:
    """Set the character's status ``key``, one that derived values read (its module declares it
    ``derived = true``: ``traits``, ``suspended``...), or take it away with ``None``; its derived
    values are forgotten. The one way to change such a key (a test holds every module to it).

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> g.derived = {}
    >>> "see-spells" in traits(g, 0)
    False
    >>> set_status(g, 0, "traits", ["see-spells"])
    >>> "see-spells" in traits(g, 0)
    True
    """
    status = g.players[seat].status
    if value is None:
        status.pop(key, None)
    else:
        status[key] = value
    changed(g, seat)


def set_global(g: Game, key: str, value: Any) -> None:
    """Set the game's global ``key``, one that derived values read (``destroy-magic``...), or take it
    away with ``None``; everyone's derived values are forgotten (see :func:`set_status`)."""
    if value is None:
        g.globals.pop(key, None)
    else:
        g.globals[key] = value
    changed(g)


def add_mod(g: Game, seat: int, attr: str, amount: int, until: str) -> None:
    """Give the character a temporary modifier: ``amount`` to ``attr`` (``strength``,
    ``battle_craft``, ``discount``...) until ``until`` (``turn``, ``combat``, or a rule's own tag,
    which :func:`drop_mods` takes back).

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> add_mod(g, 0, "strength", 2, "example")
    >>> strength(g, 0) - g.players[0].strength
    2
    >>> drop_mods(g, 0, "example"); g.players[0].mods
    []
    """
    g.players[seat].mods.append((attr, amount, until))
    changed(g, seat)


def drop_mods(g: Game, seat: int, until: str) -> None:
    """Take back the character's modifiers that last until ``until`` (see :func:`add_mod`)."""
    p = g.players[seat]
    p.mods = [m for m in p.mods if m[2] != until]
    changed(g, seat)


def _places_matter(g: Game, seat: int) -> bool:
    """Does the character, or anything it holds, have a trait that holds only in or out of some
    places (``name@in:X``, ``name@out:X``)?"""
    rules = g.rules
    located: tuple[frozenset[str], frozenset[int]] | None = rules.derived.get("located-traits")
    if located is None:
        located = rules.derived["located-traits"] = (
            frozenset(k for k, c in rules.characters.items() if any(_is_located(t) for t in c.traits)),
            frozenset(
                i for i, c in enumerate(rules.instances) if any(_is_located(t) for t in c.traits + c.owner_traits)
            ),
        )
    characters, cards = located
    p = g.players[seat]
    return p.character in characters or holds_any(cards, p.objects, p.followers, p.cards)


def holds_any(cards: frozenset[int], *holdings: list[int]) -> bool:
    """Is any card of ``holdings`` (a character's Objects, Followers...) one of ``cards``?
    (Loops over the lists: compiled, ``isdisjoint`` is a generic method call, dearer than the few
    look-ups a character's holdings take.)

    >>> holds_any(frozenset({3, 7}), [1, 2], [7])
    True
    """
    for held in holdings:
        for c in held:
            if c in cards:
                return True
    return False


def _is_located(trait: str) -> bool:
    return "@in:" in trait or "@out:" in trait


def _stale(key: Any, kept: Any, fresh: Any) -> StaleDerivedValue:
    return StaleDerivedValue(
        f"memoised {key!r} is {kept!r} but the state now gives {fresh!r}: "
        "something changed it without calling stats.changed()"
    )


def items_suppressed(g: Game, seat: int) -> bool:
    """True where Object and Magic Object bonuses do not count (the Cursed Glade)."""
    return "item-bonuses" in g.rules.spaces[g.players[seat].space].suppress


def magic_suppressed(g: Game, seat: int) -> bool:
    """True where no Magic Object or Magic Item works: under Destroy Magic, in a
    fight where magic is barred (``globals["no-magic"]``: characters fighting
    each other in the Wizard's Tower), for a character under a lasting
    ``no-magic-objects`` status (the Magic Shell)."""
    return (
        "destroy-magic" in g.globals
        or seat in g.globals.get("no-magic", ())
        or "no-magic-objects" in g.players[seat].status.get("traits", ())
    )


def followers_used(g: Game, seat: int) -> list[int]:
    """The Followers whose bonuses and abilities count: every Follower the character has but the
    suspended ones (:func:`talisman.engine.possessions.suspend_follower`: a stunned Follower), and
    none for a body that may use only Magic Objects and Items (the Mystic's). Whatever a Follower
    does *for* its holder (a bonus, an ability, fighting or healing for it) asks this; what counts
    or takes the Followers themselves (lose one, give one up, how many) reads ``followers``.

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> g.players[0].followers = [g.rules.by_name["Guide"][0]]
    >>> g.players[0].status["suspended"] = {str(g.players[0].followers[0]): {"turns": 3, "turn": 0}}
    >>> followers_used(g, 0)
    []
    """
    p = g.players[seat]
    status = p.status
    if status.get("uses") == "magic":
        return []
    idle = status.get("suspended")
    if not idle:
        return p.followers
    return [f for f in p.followers if str(f) not in idle]


def working_items(g: Game, seat: int) -> list[tuple[int, dict[str, int], tuple[str, ...]]]:
    """The carried items that work now, each with its bonus and traits.

    Nothing works on the Cursed Glade or for a Toad; no Magic Object or Magic
    Item works where :func:`magic_suppressed` says so. A Magic Item gives
    its greater bonus and traits to its proper owner (000 "Magic Items"). A
    body restricted by ``status["uses"]`` (the Mystic's two) uses only magic
    or only mundane things. Memoised while the machine runs (the list is
    shared: never change it).
    """
    return memoised(g, seat, "working_items", _working_items)


def _working_items(g: Game, seat: int) -> list[tuple[int, dict[str, int], tuple[str, ...]]]:
    p = g.players[seat]
    if p.toad or items_suppressed(g, seat):
        return []
    magic_off = magic_suppressed(g, seat) or p.status.get("uses") == "mundane"
    magic_only = p.status.get("uses") == "magic"
    out = []
    for o in p.objects:
        card = g.rules.instances[o]
        if (magic_off and card.is_magic) or (magic_only and not card.is_magic):
            continue
        if card.owner and card.owner == p.character:
            out.append((o, {**card.bonus, **card.owner_bonus}, card.traits + card.owner_traits))
        else:
            out.append((o, card.bonus, card.traits))
    return out


def traits(g: Game, seat: int) -> frozenset[str]:
    """Every ability keyword the character has now: its card, Followers, working
    items, Abilities and Titles (none for a Toad), and lasting statuses.

    Memoised while the frame machine runs (see the module's docstring).
    """
    memo = g.derived
    if memo is None:
        return _traits(g, seat)
    mine = memo.get(seat)
    if mine is None:
        mine = memo[seat] = {}
    found: frozenset[str] | None = mine.get("traits")
    if found is None:
        found = mine["traits"] = _traits(g, seat)
    elif CHECKING.on:
        fresh = _traits(g, seat)
        if fresh != found:
            raise _stale(("traits", seat), found, fresh)
    return found


def _traits(g: Game, seat: int) -> frozenset[str]:
    """:func:`traits` worked out. What the character holds gives the same set
    for the same holdings, so that part is memoised per ruleset on everything
    it depends on (outside the state: copies and saves are unaffected)."""
    p = g.players[seat]
    idle = p.status.get("suspended")
    key = (
        p.character,
        p.toad > 0,
        p.alignment,
        # (the Followers, with the suspended ones apart when there are: one item, no cost without)
        (tuple(p.followers), tuple(idle)) if idle else tuple(p.followers),
        tuple(p.objects),
        tuple(p.cards),
        items_suppressed(g, seat),
        magic_suppressed(g, seat),
        p.status.get("uses"),
    )
    cache: dict[Any, tuple[frozenset[str], tuple[tuple[str, bool, str], ...]]] | None = g.rules.derived.get(
        "held-traits"
    )  # (typed: see _numbers)
    if cache is None:
        cache = g.rules.derived["held-traits"] = Bounded(HELD_TRAITS_LIMIT)
    entry = cache.get(key)
    if entry is None:
        entry = cache[key] = _split_located(_held_traits(g, seat))
    found, located = entry
    # (``|`` rather than ``union``: compiled, a set's method is called by name, its operator directly)
    if located:
        here = g.rules.spaces[p.space]
        found = found | frozenset(
            [name for name, inside, place in located if (place in (here.region, here.kind)) == inside]
        )
    lasting = p.status.get("traits")
    return found | frozenset(lasting) if lasting else found


def _split_located(held: set[str]) -> tuple[frozenset[str], tuple[tuple[str, bool, str], ...]]:
    """Traits that hold everywhere, and those that hold only in (``name@in:X``)
    or out of (``name@out:X``) a region or a kind of space, X being either."""
    plain, located = set(), []
    for t in held:
        if _is_located(t):
            name, where = t.split("@", 1)
            side, place = where.split(":", 1)
            located.append((name, side == "in", place))
        else:
            plain.add(t)
    return frozenset(plain), tuple(sorted(located))


def _held_traits(g: Game, seat: int) -> set[str]:
    """The traits of the character's card and what it holds (no statuses)."""
    p = g.players[seat]
    rules = g.rules
    out: set[str] = set()
    if not p.toad:
        _add(out, rules.characters[p.character].traits, p.alignment)
        for f in followers_used(g, seat):
            _add(out, rules.instances[f].traits, p.alignment)
        idle = p.status.get("suspended")
        if idle and p.status.get("uses") != "magic":
            for f in p.followers:
                if str(f) in idle:  # suspended: only what binds its holder
                    _add(out, _burdens(rules.instances[f].traits), p.alignment)
        for _, _, item_traits in working_items(g, seat):
            _add(out, item_traits, p.alignment)
        for c in p.cards:
            if rules.instances[c].type in ("ability", "title"):
                _add(out, rules.instances[c].traits, p.alignment)
    return out


def _burdens(traits: tuple[str, ...]) -> tuple[str, ...]:
    """The traits of these that are :data:`BURDENS`.

    >>> _burdens(("one-space", "leaves-at-river", "must-attack:evil@good", "optional-roll:forest"))
    ('one-space', 'must-attack:evil@good')
    """
    return tuple(t for t in traits if t.split("@", 1)[0].split(":", 1)[0] in BURDENS)


def _add(out: set[str], traits: tuple[str, ...], alignment: str) -> None:
    """Add traits; ``name@good`` applies only to a good holder (``name@in:X`` and
    ``name@out:X`` are kept whole: they depend on where the character stands)."""
    for t in traits:
        if _is_located(t):
            out.add(t)
        elif "@" in t:
            name, only = t.split("@", 1)
            if only == alignment:
                out.add(name)
        else:
            out.add(t)


def has_trait(g: Game, seat: int, trait: str) -> bool:
    return trait in traits(g, seat)


def trait_value(g: Game, seat: int, name: str, default: int = 0) -> int:
    """The number of a ``name:N`` trait (the largest when several give it)."""
    best = _numbers(g, traits(g, seat)).get(name)
    return default if best is None else best


def _numbers(g: Game, found: frozenset[str]) -> dict[str, int]:
    """The ``name:N`` traits of a set of traits, each name with its largest N: worked out once
    per set and remembered by the ruleset (a character's set is mostly the same object again).

    A trait whose part after its last colon is not a number (``evade-in:woods``) has no value."""
    # (the caches typed as dicts: compiled, an ``Any``'s ``get`` is a method called by name, a dict's a direct
    # look-up; a store still goes through the Bounded cache's own ``__setitem__``)
    cache: dict[frozenset[str], dict[str, int]] | None = g.rules.derived.get("trait-numbers")
    if cache is None:
        cache = g.rules.derived["trait-numbers"] = Bounded(HELD_TRAITS_LIMIT)
    numbers: dict[str, int] | None = cache.get(found)
    if numbers is None:
        numbers = {}
        for t in found:
            name, sep, n = t.rpartition(":")
            if sep and (n[1:] if n[:1] == "-" else n).isdecimal():
                v = int(n)
                if v > numbers.get(name, v - 1):
                    numbers[name] = v
        cache[found] = numbers
    return numbers


_MISSING: Final = object()
T = TypeVar("T")


def memoised(g: Game, seat: int, key: str, compute: Callable[[Game, int], T]) -> T:
    """``compute(g, seat)``, memoised with the character's other derived values: for a value of a
    module's own that depends on nothing else than they do (see the module's docstring), and so is
    forgotten with them (:func:`changed`). ``key`` names the value, the module's name first.

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], seed=1)
    >>> g.derived = {}
    >>> memoised(g, 0, "example/followers", lambda g, seat: len(g.players[seat].followers))
    0
    >>> g.derived[0]["example/followers"]
    0
    """
    # (compiled, ``compute`` is called with its two arguments as they are: a call through ``*args``
    # built a list and a tuple for each value worked out, and the modules' values are asked at every answer)
    memo = g.derived
    if memo is None:
        return compute(g, seat)
    mine = memo.get(seat)
    if mine is None:
        mine = memo[seat] = {}
    value: T = mine.get(key, _MISSING)
    if value is _MISSING:
        value = mine[key] = compute(g, seat)
    elif CHECKING.on:
        fresh = compute(g, seat)
        if fresh != value:
            raise _stale((key, seat), value, fresh)
    return value


def _total(g: Game, seat: int, key: Any, of_strength: bool, battle: bool, vs_subtype: str) -> int:
    """Total Strength (``of_strength``) or Craft, memoised under the character's ``key`` (see
    :func:`changed`). (Worked out by a direct call: a memo taking the function and its arguments
    called it through ``*args``, a list and a tuple built for each total, some thousand a game.)"""
    memo = g.derived
    if memo is None:
        return _strength(g, seat, battle, vs_subtype) if of_strength else _craft(g, seat, battle)
    mine = memo.get(seat)
    if mine is None:
        mine = memo[seat] = {}
    value: int | None = mine.get(key)
    if value is None:
        value = mine[key] = _strength(g, seat, battle, vs_subtype) if of_strength else _craft(g, seat, battle)
    elif CHECKING.on:
        fresh = _strength(g, seat, battle, vs_subtype) if of_strength else _craft(g, seat, battle)
        if fresh != value:
            raise _stale((key, seat), value, fresh)
    return value


def weapons_used(g: Game, seat: int, vs_subtype: str = "") -> list[int]:
    """The weapons a character fights with: the best one, or two for a two-weapon fighter."""
    if has_trait(g, seat, "no-weapons"):
        return []
    weapons = [(o, bonus) for o, bonus, _ in working_items(g, seat) if g.rules.instances[o].weapon]
    weapons.sort(key=lambda w: -_weapon_bonus(w[1], vs_subtype))
    return [o for o, _ in weapons[: 2 if has_trait(g, seat, "two-weapons") else 1]]


def _weapon_bonus(bonus: dict[str, int], vs_subtype: str) -> int:
    """A weapon's battle bonus, or its bonus against this kind of foe (``dragon_battle_strength``...)."""
    special = bonus.get(f"{vs_subtype}_battle_strength") if vs_subtype else None
    return special if special is not None else bonus.get("battle_strength", 0)


def strength(g: Game, seat: int, battle: bool = False, vs_subtype: str = "") -> int:
    """Total Strength; in ``battle`` weapons and battle-only bonuses count too."""
    # (string keys where they do: a literal string is the same object at every call, found at
    # once, where a tuple made afresh is compared item by item)
    key: Any = ("strength", battle, vs_subtype) if vs_subtype else "strength-battle" if battle else "strength"
    return _total(g, seat, key, True, battle, vs_subtype)


def _strength(g: Game, seat: int, battle: bool, vs_subtype: str) -> int:
    p = g.players[seat]
    if p.toad:
        return 1
    rules = g.rules
    total = p.strength
    followers = followers_used(g, seat)
    for f in followers:
        bonus = rules.instances[f].bonus
        if bonus:
            total += bonus.get("strength", 0) + (bonus.get("battle_strength", 0) if battle else 0)
    tamed = p.status.get("tamed")
    if tamed:
        total += sum(1 for f in followers if f in tamed)  # 000: a tamed Animal adds 1
    if battle:
        total += helper_strength(g, seat)
    items = working_items(g, seat)
    total += sum(bonus.get("strength", 0) for _, bonus, _ in items)
    if battle:
        used = set(weapons_used(g, seat, vs_subtype))
        total += sum(_weapon_bonus(bonus, vs_subtype) for o, bonus, _ in items if o in used)
        # An Object that is no Weapon but adds Strength in battle (the Gauntlet of Might) always counts.
        total += sum(bonus.get("battle_strength", 0) for o, bonus, _ in items if not rules.instances[o].weapon)
    for attr, amount, _until in p.mods:
        if attr == "strength" or (battle and attr == "battle_strength"):
            total += amount
    return max(total, 0)


def craft(g: Game, seat: int, battle: bool = False) -> int:
    """Total Craft; in psychic ``battle`` battle-only bonuses count too."""
    return _total(g, seat, "craft-battle" if battle else "craft", False, battle, "")


def _craft(g: Game, seat: int, battle: bool) -> int:
    p = g.players[seat]
    if p.toad:
        return 1
    rules = g.rules
    total = p.craft
    for f in followers_used(g, seat):
        total += rules.instances[f].bonus.get("craft", 0)
    for _, bonus, _ in working_items(g, seat):
        total += bonus.get("craft", 0) + (bonus.get("battle_craft", 0) if battle else 0)
    for attr, amount, _until in p.mods:
        if attr == "craft" or (battle and attr == "battle_craft"):
            total += amount
    return max(total, 0)


def helper_strength(g: Game, seat: int) -> int:
    """In battle, one charmed Animal and one raised corpse each add their Strength."""
    p = g.players[seat]
    best = 0
    for kind in ("charmed", "raised"):
        held = [f for f in p.status.get(kind, ()) if f in followers_used(g, seat)]
        if held:
            best += max(g.rules.instances[f].strength for f in held)
    return best


@ENGINE.service("attribute")
def attribute(g: Game, seat: int | None, name: str) -> int:
    """A named value of a character, as dice expressions read it."""
    if seat is None:
        return 0
    if name == "strength":
        return strength(g, seat)
    if name == "craft":
        return craft(g, seat)
    value: int = getattr(g.players[seat], name)
    return value


def spell_limit(g: Game, seat: int) -> int:
    """How many Spells the character may hold, by total Craft (0 for a Toad).

    The Amulet stops casting, not holding: in 000's worked example the Minstrel,
    Amulet in hand, takes the Wand and at once draws a Spell.
    """
    p = g.players[seat]
    if p.toad:
        return 0
    # ``extra-spells:N``: N more than Craft allows (the Totem Staff).
    return _spells_by_craft(craft(g, seat)) + trait_value(g, seat, "extra-spells")


def _spells_by_craft(c: int) -> int:
    return SPELL_LIMIT[c] if c < len(SPELL_LIMIT) else 4


def over_spell_limit(g: Game, seat: int) -> bool:
    """Does the character hold more Spells than it may? Asked after every change to what it
    holds: decided by Craft alone while it holds no more than Craft allows (``extra-spells``
    only ever adds), without working out its traits' numbers."""
    p = g.players[seat]
    held = len(p.spells)
    if not held or p.toad:
        return held > 0  # (a Toad may hold none: spell_limit)
    by_craft = _spells_by_craft(craft(g, seat))
    return held > by_craft and held > by_craft + trait_value(g, seat, "extra-spells")


def capacity(g: Game, seat: int) -> int:
    """Objects the character may carry about its person (usable)."""
    return BASE_CAPACITY + trait_value(g, seat, "carry")


def pack_capacity(g: Game, seat: int) -> int:
    """Objects the character's Articles (Mules...) and carried containers (the
    Bag of Holding) can transport."""
    return memoised(g, seat, "pack_capacity", _pack_capacity)


def _pack_capacity(g: Game, seat: int) -> int:
    p = g.players[seat]
    return sum(g.rules.instances[c].capacity for c in p.followers + p.objects)


def life_cap(g: Game, seat: int) -> int:
    """The most lives healing can restore: 4, or the printed value under the 4th-edition option."""
    if g.options.get("printed-lives"):
        return g.rules.characters[g.players[seat].character].lives
    return 4


def fate_value(g: Game, seat: int) -> int:
    return g.rules.characters[g.players[seat].character].fate


def base_value(g: Game, seat: int, attr: str) -> int:
    """The printed starting Strength or Craft of the character."""
    value: int = getattr(g.rules.characters[g.players[seat].character], attr)
    return value
