"""What a module teaches the rule-aware bot, and how a game's modules' teachings compose.

Each module brings its own :class:`Advice` beside its rules (``advice.py`` in its folder, named
by :attr:`~talisman.content.modules.Module.advice`), as a ruleset composes the modules' rule
code: the bot (:class:`~talisman.bots.heuristic.HeuristicBot`) knows only what every game
needs (reading its view, distances, composing this advice) and asks the modules of the game
for the rest:

- :meth:`Advice.answer`: an answer to a kind of decision. The answers to one kind are asked
  in turn, the highest ``order`` first (ties: in the order the ruleset lists the modules, the
  core game first), until one gives an option id; ``None`` passes to the next.
- :meth:`Advice.aim`: where the character should head (a space id, ``""`` to roam and grow,
  ``None``: nothing to say); the highest ``order`` first.
- :meth:`Advice.flag` and :meth:`Advice.value`: a named judgement other modules' advice may
  ask for (``bot.flag("hunting")`` is true when any module says so; ``bot.value("crown-ending")``
  is the first answer given); :meth:`Advice.on`: a named moment other modules' advice tells
  (``bot.tell("moved", space)``), each module's part answering in turn.
- :meth:`Advice.space_worth` and :meth:`Advice.card_worth`: what a kind of space, a card by
  name, is worth; :meth:`Advice.space_bonus`: more on a space in a given moment;
  :meth:`Advice.region_kinds`: what a module's regions are to the others (a ``dungeon``).
- :meth:`Advice.layout`: how to read a layout dealt at the start (a world's tiles) from the
  view, and the ways between spaces it makes, for the bot's map of distances.
- :meth:`Advice.policy`: a whole game's policy, for a game of its own (Legendary Tales), and
  :meth:`Advice.search`: the search bot's own way of searching such a game.

>>> advice = Advice("example")
>>> @advice.answer("wish")
... def wish(bot, d):
...     return "wish:gold"
>>> [fn.__name__ for _, fn in advice.answers["wish"]]
['wish']
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, TypeVar

from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine.decision import Decision
from talisman.errors import ConfigError

if TYPE_CHECKING:
    from talisman.bots.heuristic import HeuristicBot

Answer = Callable[["HeuristicBot", Decision], "str | None"]
Aim = Callable[["HeuristicBot"], "str | None"]
Flag = Callable[["HeuristicBot"], bool]
Value = Callable[["HeuristicBot"], Any]
Bonus = Callable[["HeuristicBot", str, str], float]  # (bot, space id, where it heads) -> more worth
PolicyMaker = Callable[[Any], Any]  # (a random.Random) -> an agent for a game of its own
SearchMaker = Callable[..., Any]  # (a random.Random, iterations, seconds) -> a searching agent
LayoutReader = Callable[[Any], Hashable]  # (a view) -> its layout (None: none)
Ways = Callable[[Ruleset, Any], dict[int, set[int]]]  # (rules, layout) -> more ways between spaces
F = TypeVar("F", bound=Callable[..., Any])


def _listed(table: dict[str, list[Any]], name: str) -> Callable[[F], F]:
    """A decorator that adds a function to ``table``'s list for ``name`` (and returns it unchanged)."""

    def register(fn: F) -> F:
        table.setdefault(name, []).append(fn)
        return fn

    return register


def _always(option: str, bot: HeuristicBot, d: Decision) -> str:
    """The one answer of ``Advice.always``."""
    return option


class Advice:
    """One module's knowledge for the rule-aware bot (see the module docstring)."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.answers: dict[str, list[tuple[int, Answer]]] = {}
        self.aims: list[tuple[int, Aim]] = []
        self.flags: dict[str, list[Flag]] = {}
        self.values: dict[str, list[Value]] = {}
        self.hooks: dict[str, list[Callable[..., Any]]] = {}
        self.spaces: dict[str, float] = {}  # space kind -> worth of landing there
        self.cards: dict[str, int] = {}  # card name -> worth of holding it
        self.regions: dict[str, str] = {}  # region id -> what it is to other modules' advice
        self.bonuses: list[Bonus] = []
        self.policy_maker: PolicyMaker | None = None
        self.search_maker: SearchMaker | None = None
        self.layouts: list[LayoutReader] = []
        self.ways: list[Ways] = []

    def __repr__(self) -> str:
        return f"Advice({self.module!r})"

    def answer(self, *kinds: str, order: int = 0) -> Callable[[F], F]:
        """Register an answer to decisions of these kinds (asked before lower ``order``)."""

        def register(fn: F) -> F:
            for kind in kinds:
                self.answers.setdefault(kind, []).append((order, fn))
            return fn

        return register

    def always(self, option: str, *kinds: str, why: str) -> None:
        """Answer decisions of these kinds with the option ``option`` (a choice with one sensible
        answer: claim the ship, take the Scroll); ``why``, one sentence, is the rule of thumb a
        hint gives for it.

        >>> advice = Advice("example")
        >>> advice.always("claim", "airship-claim", why="A free Airship is always worth claiming.")
        >>> [(fn(None, None), fn.__doc__) for _, fn in advice.answers["airship-claim"]]
        [('claim', 'A free Airship is always worth claiming.')]
        """

        # (a partial, not a nested function: the compiled build's functions take no new __doc__)
        answer = partial(_always, option)
        answer.__doc__ = why
        answer.__name__ = f"always_{option.replace('-', '_')}"  # type: ignore[attr-defined]
        self.answer(*kinds)(answer)

    def aim(self, order: int) -> Callable[[F], F]:
        """Register a rule for where to head (asked before lower ``order``)."""

        def register(fn: F) -> F:
            self.aims.append((order, fn))
            return fn

        return register

    def flag(self, name: str) -> Callable[[F], F]:
        """Register a part of a named yes-or-no judgement (true when any part says so)."""
        return _listed(self.flags, name)

    def value(self, name: str) -> Callable[[F], F]:
        """Register a source of a named value (the first not None is taken)."""
        return _listed(self.values, name)

    def on(self, name: str) -> Callable[[F], F]:
        """Register a part of a named moment other advice tells (``fn(bot, *args)``)."""
        return _listed(self.hooks, name)

    def space_bonus(self, fn: F) -> F:
        """Register more worth of a space (``fn(bot, space_id, target)``) in the moment."""
        self.bonuses.append(fn)
        return fn

    def space_worth(self, table: Mapping[str, float]) -> None:
        """What landing on each kind of space is worth, in rough points."""
        self.spaces.update(table)

    def card_worth(self, table: Mapping[str, int]) -> None:
        """What holding each card (by name) is worth, in rough points."""
        self.cards.update(table)

    def layout(self, read: LayoutReader, ways: Ways) -> None:
        """A layout dealt at the start: how to read it from a view, and the ways it makes."""
        self.layouts.append(read)
        self.ways.append(ways)

    def region_kinds(self, table: Mapping[str, str]) -> None:
        """What each of the module's regions is to other modules' advice (``"dungeon"``: a
        Dungeon, where one goes down only when strong and leaves when wounded)."""
        self.regions.update(table)

    def policy(self, fn: F) -> F:
        """Register the policy that plays a game of its own (its decisions are all the module's)."""
        self.policy_maker = fn
        return fn

    def search(self, fn: F) -> F:
        """Register the search bot's own search of a game of its own (``fn(rng, iterations, seconds)``)."""
        self.search_maker = fn
        return fn


@dataclass(frozen=True)
class Knowledge:
    """The advice of one game's modules, composed (:func:`knowledge_for`)."""

    answers: dict[str, tuple[Answer, ...]]
    aims: tuple[Aim, ...]
    flags: dict[str, tuple[Flag, ...]]
    values: dict[str, tuple[Value, ...]]
    hooks: dict[str, tuple[Callable[..., Any], ...]]
    spaces: dict[str, float]
    cards: dict[str, int]
    regions: dict[str, str]
    bonuses: tuple[Bonus, ...]
    policy_maker: PolicyMaker | None
    search_maker: SearchMaker | None
    layouts: tuple[LayoutReader, ...]
    ways: tuple[Ways, ...]


def advice_of(rules: Ruleset) -> list[Advice]:
    """The advice of a ruleset's modules (the base ones included), each module's once, in the
    order the ruleset lists them (the core game first)."""
    from talisman.content.modules import resolve_modules

    found: list[Advice] = []
    for m in resolve_modules(rules.module_names):
        for named in m.advice:
            try:
                advice = pkgutil.resolve_name(named)
            except (ImportError, AttributeError, ValueError) as e:
                raise ConfigError(f"module {m.name!r}: its advice {named!r} cannot be loaded ({e})") from e
            if not isinstance(advice, Advice):
                raise ConfigError(f"module {m.name!r}: its advice {named!r} is not an Advice")
            if advice not in found:
                found.append(advice)
    return found


def compose(advices: list[Advice]) -> Knowledge:
    """The advice of several modules as one: answers and aims ordered by ``order`` (highest
    first), then module by module in the order given; tables merged, the first module's entry
    standing.

    >>> one, two = Advice("one"), Advice("two")
    >>> _ = one.answer("wish")(lambda bot, d: "wish:gold")
    >>> _ = two.answer("wish", order=5)(lambda bot, d: "wish:life")
    >>> [fn(None, None) for fn in compose([one, two]).answers["wish"]]
    ['wish:life', 'wish:gold']
    """
    answers: dict[str, list[tuple[int, int, Answer]]] = {}
    aims: list[tuple[int, int, Aim]] = []
    flags: dict[str, list[Flag]] = {}
    values: dict[str, list[Value]] = {}
    hooks: dict[str, list[Callable[..., Any]]] = {}
    spaces: dict[str, float] = {}
    cards: dict[str, int] = {}
    regions: dict[str, str] = {}
    for rank, a in enumerate(advices):
        for kind, fns in a.answers.items():
            answers.setdefault(kind, []).extend((order, rank, fn) for order, fn in fns)
        aims.extend((order, rank, fn) for order, fn in a.aims)
        for name, parts in a.flags.items():
            flags.setdefault(name, []).extend(parts)
        for name, sources in a.values.items():
            values.setdefault(name, []).extend(sources)
        for name, parts in a.hooks.items():
            hooks.setdefault(name, []).extend(parts)
        for space_kind, space_worth in a.spaces.items():
            spaces.setdefault(space_kind, space_worth)
        for card, card_worth in a.cards.items():
            cards.setdefault(card, card_worth)
        for region, region_kind in a.regions.items():
            regions.setdefault(region, region_kind)

    def ordered(entries: list[tuple[int, int, F]]) -> tuple[F, ...]:
        return tuple(fn for _, _, fn in sorted(entries, key=lambda e: (-e[0], e[1])))

    return Knowledge(
        answers={kind: ordered(fns) for kind, fns in answers.items()},
        aims=ordered(aims),
        flags={name: tuple(parts) for name, parts in flags.items()},
        values={name: tuple(sources) for name, sources in values.items()},
        hooks={name: tuple(parts) for name, parts in hooks.items()},
        spaces=spaces,
        cards=cards,
        regions=regions,
        bonuses=tuple(fn for a in advices for fn in a.bonuses),
        policy_maker=next((a.policy_maker for a in advices if a.policy_maker is not None), None),
        search_maker=next((a.search_maker for a in advices if a.search_maker is not None), None),
        layouts=tuple(fn for a in advices for fn in a.layouts),
        ways=tuple(fn for a in advices for fn in a.ways),
    )


@lru_cache(maxsize=32)
def knowledge_for(modules: tuple[str, ...]) -> Knowledge:
    """The composed advice for a game of these modules (worked out once)."""
    return compose(advice_of(ruleset_for(modules)))
