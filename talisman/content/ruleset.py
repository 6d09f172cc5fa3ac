"""A ruleset: the merged, indexed content of the modules one game plays with.

Building one reads and checks every TOML file of the chosen modules; the
result is cached, immutable and shared by all games with the same modules.

>>> rs = ruleset_for(("core",))
>>> rs.space("tavern").region
'outer'
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from talisman.content.cache import Bounded
from talisman.content.loader import RawContent, build_spaces, load_files, resolve_numbers
from talisman.content.model import CardDef, CharacterDef, LinkDef, NumberDef, RegionDef, SpaceDef, Table
from talisman.content.modules import (
    DECLARATION,
    Ending,
    Feature,
    Module,
    OptionSpec,
    Verb,
    Wake,
    get_module,
    resolve_modules,
)
from talisman.content.option_args import OptionGrammar, compose_grammar
from talisman.content.vocabulary import VERBS, Validator, module_verbs
from talisman.errors import ConfigError, ContentError

Fn = Callable[..., Any]
Fail = Callable[[str], None]  # what a check does with a problem it finds: raise it, or note it down
# Entries of a ruleset's ``derived``: the base game's fill about 800 (walks and moves from each
# space for each roll); a module keying its values on something a game makes would grow it.
DERIVED_LIMIT: Final = 20_000
# Options the rules share between turns and games (see options_kept): a game needs a few hundred.
OPTIONS_LIMIT: Final = 2_048
# The abilities to ask at a hook point, kept for each set of traits a character holds (Ruleset.woken):
# forgotten all at once past this many sets at one point.
WOKEN_LIMIT: Final = 4_096
# The option every game has, whatever its modules (before theirs): the engine ends a game that has
# played this many turns (Game.run). None by default: a game runs until it ends by its rules, and a
# front end stops it where it likes (the simulator after 1,000 turns); the web server sets a cap. (Turns
# as the game counts them: a Legendary Tales campaign counts each adventure's own.)
TURN_CAP: Final = "turn-cap"
TURN_CAPS: Final = (100, 200, 500, 1000, 2000, 5000)
ENGINE_OPTIONS: Final = {
    TURN_CAP: OptionSpec(
        None,
        (None, *TURN_CAPS),
        "The game ends after this many turns, if nobody has won by then: nobody wins.",
        title="Turn cap",
        labels=("None", *(f"{n:,} turns" for n in TURN_CAPS)),
    )
}


@dataclass(frozen=True)
class Ruleset:
    """Everything static about a game: boards, decks, characters, options, and
    the rule code of its modules (the base modules first, then the others in
    the order :func:`~talisman.content.modules.resolve_modules` gives)."""

    modules: tuple[Module, ...]  # the modules chosen (core first), without the base ones
    spaces: tuple[SpaceDef, ...]
    space_index: dict[str, int]
    regions: dict[str, RegionDef]
    links: tuple[LinkDef, ...]
    cards: dict[str, CardDef]
    instances: tuple[CardDef, ...]
    decks: dict[str, tuple[int, ...]]
    deck_info: dict[str, dict[str, Any]]
    characters: dict[str, CharacterDef]
    tables: dict[str, Table]
    options: dict[str, Any]
    numbers: dict[str, int]  # every number the content declares by name, as this ruleset has it
    number_defs: dict[str, NumberDef]  # their declarations: text, place, tuning bounds
    tuning: tuple[tuple[str, int], ...]  # the tunable numbers set otherwise than the content says (sorted)
    cw: tuple[int, ...]  # the next space along each region (-1 past the end of a line)
    ccw: tuple[int, ...]
    by_name: dict[str, tuple[int, ...]]
    # the rule code of the modules, merged in their order (see compose_tables)
    points: dict[str, str]  # hook point -> its meaning
    abilities: dict[str, tuple[Fn, ...]]  # by hook point: module by module, each in its registration order
    # by hook point where an ability is woken by traits or state keys (Module.ability): every ability
    # there, in the same order, each with what wakes it (None: it is asked for every character)
    wakers: dict[str, tuple[tuple[Fn, Wake | None], ...]]
    # by hook point: every ability there, in the same order, each with what wakes it or None (a reaction
    # point's abilities are asked from it: one lookup, whether or not any ability there is woken)
    reactors: dict[str, tuple[tuple[Fn, Wake | None], ...]]
    hooks: dict[str, Fn]  # content hooks: { hook = "name" }
    handlers: dict[str, Fn]  # frame kind -> handler
    frame_args: dict[str, type]  # frame kind -> the TypedDict of its arguments, where its module declares one
    spell_effects: dict[str, Fn]
    endings: dict[str, Ending]
    ending_choices: tuple[Fn, ...]
    verbs: dict[str, Verb]  # the verbs modules add to the engine's vocabulary
    traits: dict[str, str]  # every trait the content may carry -> its meaning
    decisions: dict[str, str]  # every kind of decision the rules may ask -> its meaning
    services: dict[str, Fn]  # what the kernel asks for by name (view, attribute)
    features: tuple[
        Feature, ...
    ]  # the choices the modules offer a character, module by module (the simulator counts them)
    option_grammar: OptionGrammar  # the arguments of the option verbs (an option's args, by its id)
    # Values the engine works out from this content alone (the walks a roll allows
    # from a space...), kept once they are asked for: they never change. Bounded
    # (the oldest forgotten first), so that a long simulation holds flat memory.
    derived: dict[Any, Any] = field(default_factory=lambda: Bounded(DERIVED_LIMIT), compare=False, repr=False)
    # Options (immutable Choice values) made once for what they are made of and shared by every game
    # of the ruleset (the turn menu's free actions, Spell windows): apart from ``derived``, so that
    # they neither crowd out its entries nor hold more than their own bound.
    options_kept: dict[Any, Any] = field(
        default_factory=lambda: Bounded(OPTIONS_LIMIT), init=False, compare=False, repr=False
    )
    # The card instances with each printed trait asked after (see cards_with_trait): as many as
    # the traits the content names, so bounded by the content.
    _trait_cards: dict[str, frozenset[int]] = field(default_factory=dict, init=False, compare=False, repr=False)
    _arg_cards: dict[str, frozenset[int]] = field(default_factory=dict, init=False, compare=False, repr=False)
    # Whether each module asked after is in the ruleset (see has_module): a plain dict, which compiled
    # code reads directly (rules ask many times a turn; ``derived`` is a dict subclass, whose ``get``
    # compiled code calls as a Python method).
    _has: dict[str, bool] = field(default_factory=dict, init=False, compare=False, repr=False)
    # The abilities woken at each hook point for each set of traits a character holds (see woken).
    _woken: dict[str, dict[frozenset[str], tuple[Fn, ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    @property
    def module_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.modules)

    def space(self, sid: str) -> SpaceDef:
        return self.spaces[self.space_index[sid]]

    def has_module(self, name: str) -> bool:
        found = self._has.get(name)
        if found is None:
            found = self._has[name] = any(m.name == name for m in self.modules)
        return found

    def woken(self, point: str, held: frozenset[str]) -> tuple[Fn, ...]:
        """The abilities at ``point`` to ask for a character holding the traits ``held``: all of them
        but those woken by traits it holds none of (see :meth:`Module.ability`), in their order;
        worked out once per set of traits (a character's set is mostly the same object again).

        >>> rules = ruleset_for(("core",))
        >>> len(rules.abilities["turn"]) - len(rules.woken("turn", frozenset()))
        3
        >>> len(rules.abilities["turn"]) - len(rules.woken("turn", frozenset({"woods-walk"})))
        2
        """
        table = self.wakers.get(point)
        if table is None:
            return self.abilities[point]
        kept = self._woken.get(point)
        if kept is None:
            kept = self._woken[point] = {}
        found = kept.get(held)
        if found is None:
            if len(kept) >= WOKEN_LIMIT:
                kept.clear()
            found = kept[held] = tuple(fn for fn, wake in table if wake is None or not wake.traits.isdisjoint(held))
        return found

    def cards_with_trait(self, trait: str) -> frozenset[int]:
        """The card instances whose printed traits include ``trait`` (worked out once per trait):
        a rule tests a character's holdings against it before looking closer.

        >>> rules = ruleset_for(("core", "dungeon-4e"))
        >>> sorted({rules.card_of(i).name for i in rules.cards_with_trait("spell-ring")})
        ['Spell Ring']
        """
        found = self._trait_cards.get(trait)
        if found is None:
            found = self._trait_cards[trait] = frozenset(i for i, c in enumerate(self.instances) if trait in c.traits)
        return found

    def cards_with_args(self, name: str) -> frozenset[int]:
        """The card instances with a printed ``name:...`` trait (worked out once per name): a rule
        asked for every Follower a character has at every turn looks no closer at the others.

        >>> rules = ruleset_for(("core", "dungeon-4e"))
        >>> sorted({rules.card_of(i).name for i in rules.cards_with_args("upkeep")})
        ['Miner']
        """
        found = self._arg_cards.get(name)
        if found is None:
            prefix = name + ":"
            found = self._arg_cards[name] = frozenset(
                i for i, c in enumerate(self.instances) if any(t.startswith(prefix) for t in c.traits)
            )
        return found

    def card_of(self, instance: int) -> CardDef:
        return self.instances[instance]

    def links_of(self, index: int, kind: str | None = None) -> list[tuple[LinkDef, int]]:
        """Links touching a space, each with the space at the other end."""
        sid = self.spaces[index].id
        out = []
        for ln in self.links:
            if kind and ln.kind != kind:
                continue
            if ln.a == sid:
                out.append((ln, self.space_index[ln.b]))
            elif ln.b == sid:
                out.append((ln, self.space_index[ln.a]))
        return out


def compose_tables(modules: tuple[Module, ...]) -> dict[str, Any]:
    """Merge the tables of these modules, in this order; two modules may not give
    one name two meanings, nor register at a hook point none of them declares."""
    points: dict[str, str] = {}
    for m in modules:
        _merge(points, m.points, m, "hook point")
    abilities: dict[str, list[Fn]] = {p: [] for p in points}
    for m in modules:
        for point, fns in m.abilities.items():
            if point not in abilities:
                raise ConfigError(
                    f"module {m.name!r} registers an ability at {point!r}, a hook point no module declares"
                )
            abilities[point] += fns
    named: dict[str, dict[str, Any]] = {
        kind: {}
        for kind in (
            "hooks",
            "handlers",
            "frame_args",
            "spell_effects",
            "endings",
            "verbs",
            "traits",
            "decisions",
            "services",
        )
    }
    for m in modules:
        for kind, table in named.items():
            _merge(table, getattr(m, kind), m, kind.replace("_", " ")[:-1])
    return {
        "points": points,
        "abilities": {p: tuple(fns) for p, fns in abilities.items()},
        "wakers": _wakers(modules, abilities),
        "reactors": _reactors(modules, abilities),
        "ending_choices": tuple(fn for m in modules for fn in m.ending_choices),
        "features": played_features(modules, named["decisions"]),
        **named,
    }


def _wakers(
    modules: tuple[Module, ...], abilities: dict[str, list[Fn]]
) -> dict[str, tuple[tuple[Fn, Wake | None], ...]]:
    """Every ability at each hook point where one is woken by traits or keys, with what wakes it."""
    reactors = _reactors(modules, abilities)
    return {point: reactors[point] for m in modules for point in m.wakers}


def _reactors(
    modules: tuple[Module, ...], abilities: dict[str, list[Fn]]
) -> dict[str, tuple[tuple[Fn, Wake | None], ...]]:
    """Every ability at each hook point, with what wakes it (None: nothing, it is always asked)."""
    woken: dict[str, dict[Fn, Wake]] = {}
    for m in modules:
        for point, table in m.wakers.items():
            woken.setdefault(point, {}).update(table)
    return {point: tuple((fn, woken.get(point, {}).get(fn)) for fn in fns) for point, fns in abilities.items()}


def played_features(modules: tuple[Module, ...], decisions: dict[str, str]) -> tuple[Feature, ...]:
    """The features of these modules that a game of them offers (those whose ``needs`` are all
    played), module by module; a feature may name only decision kinds these modules declare."""
    names = {m.name for m in modules}
    found: list[Feature] = []
    for m in modules:
        for feature in m.features.values():
            if not names.issuperset(feature.needs):
                continue
            unknown = [k for k in feature.kinds if k not in decisions]
            if unknown:
                raise ConfigError(
                    f"module {m.name!r}: the feature {feature.name!r} names the decision kind {unknown[0]!r}, "
                    "which no module of this game declares"
                )
            found.append(feature)
    return tuple(found)


def _merge(into: dict[str, Any], table: dict[str, Any], m: Module, what: str) -> None:
    for name, value in table.items():
        if into.get(name, value) is not value and what not in ("trait", "decision"):
            raise ConfigError(f"module {m.name!r} gives the {what} {name!r} that an earlier module gives already")
        into.setdefault(name, value)


@lru_cache(maxsize=32)
def ruleset_for(module_names: tuple[str, ...], tuning: tuple[tuple[str, int], ...] = ()) -> Ruleset:
    """Build (once) the ruleset of these modules; raises ConfigError or ContentError.

    ``tuning`` sets tunable numbers (``[number.<id>]`` with ``tune``) to other values within their
    bounds: the content is read again with those values in their places, and checked as ever.

    In a process whose program asked for it (:func:`freeze_rulesets`), the ruleset built is
    frozen out of the cyclic garbage collector's sight."""
    overrides = tuning_places(ruleset_for(module_names), tuning) if tuning else {}
    rules = build(resolve_modules(module_names), overrides, tuple(sorted(tuning)))
    if _freezing:
        _freeze()
    return rules


_freezing = False  # turned on by freeze_rulesets, for the program that owns the process


def freeze_rulesets() -> None:
    """Keep every ruleset of this process, built already or to come, out of the cyclic garbage
    collector's sight (``gc.freeze``). For the programs that own their process (the command
    line's main, the web server's startup, a simulator's worker), never for a library call:
    freezing is a choice about the whole process.

    The content lives as long as the process, and a full collection walked its tens of
    thousands of objects again and again (3 to 5% of a simulation's time). Cyclic garbage is
    collected before each freeze, or it would be kept for ever. Frozen objects are still freed
    when their last reference goes: neither a ruleset (dropped by the cache of
    :func:`ruleset_for`) nor a game holds reference cycles, so both are freed as ever.

    >>> freeze_rulesets()
    >>> ruleset_for(("core",)) is not None and gc.get_freeze_count() > 0
    True
    """
    global _freezing
    _freezing = True
    if ruleset_for.cache_info().currsize:  # (called before any is built, as a program starts: nothing to do yet)
        _freeze()


def _freeze() -> None:
    gc.collect()
    gc.freeze()


def tuned_ruleset(module_names: tuple[str, ...], tuning: tuple[tuple[str, int], ...]) -> Ruleset:
    """:func:`ruleset_for` with ``tuning``, and without it when it sets nothing: the cache keys a
    call by its arguments as given, so ``ruleset_for(m, ())`` would build a second copy of
    ``ruleset_for(m)`` (which everything else, the bots included, asks for)."""
    return ruleset_for(module_names, tuning) if tuning else ruleset_for(module_names)


def tuning_places(rules: Ruleset, tuning: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Where each tuned number is written in the content (its place -> the value); ConfigError for
    a number these modules do not declare tunable, or a value outside its bounds."""
    places: dict[str, int] = {}
    for name, value in tuning:
        d = rules.number_defs.get(name)
        if d is None or d.low is None or d.high is None:
            tunable = ", ".join(sorted(k for k, n in rules.number_defs.items() if n.tunable)) or "none"
            raise ConfigError(f"no tunable number {name!r} in these modules (tunable: {tunable})")
        if isinstance(value, bool) or not isinstance(value, int) or not d.low <= value <= d.high:
            raise ConfigError(f"the number {name!r} is tuned between {d.low} and {d.high}, not {value!r}")
        places[d.path] = value
    return places


def content_files(m: Module) -> list[Path]:
    """A module's content files: those it names, else every ``*.toml`` of its folder but
    ``module.toml`` (its declarations), in name order."""
    if m.content_files is not None:
        return list(m.content_files)
    if m.content_dir is None:
        return []
    return sorted(p for p in m.content_dir.glob("*.toml") if p.name != DECLARATION)


def _raise(problem: str) -> None:
    raise ContentError(problem)


def verbs_of(module: str) -> dict[str, Validator]:
    """The verbs a module adds, with their checks (none for a module no one has registered)."""
    try:
        return {name: verb.validate for name, verb in get_module(module).verbs.items()}
    except ConfigError:
        return {}


def build(
    every: tuple[Module, ...], overrides: dict[str, int] | None = None, tuning: tuple[tuple[str, int], ...] = ()
) -> Ruleset:
    """The ruleset of these modules (resolved: see :func:`~talisman.content.modules.resolve_modules`),
    their content read with ``overrides`` (place -> number) in place; not cached."""
    tables = compose_tables(every)
    modules = tuple(m for m in every if not m.base)
    for m in every:
        for name in m.verbs:
            if name in VERBS:
                raise ConfigError(f"module {m.name!r} adds the verb {name!r}, which the engine's vocabulary has")
    raw = RawContent()
    with module_verbs({name: verb.validate for name, verb in tables["verbs"].items()}, verbs_of):
        for m in modules:
            load_files(content_files(m), raw, m.name, overrides)
    spaces, options, numbers = check_content(raw, every, tables, _raise)
    space_index = {s.id: s.index for s in spaces}

    cw = [0] * len(spaces)
    ccw = [0] * len(spaces)
    for region in raw.regions.values():
        ring = [space_index[s] for s in region.ring]
        line = region.shape == "line"
        for i, idx in enumerate(ring):
            if region.shape in ("grid", "hex"):  # no track to follow: its module moves characters (a City, a world)
                cw[idx] = ccw[idx] = -1
                continue
            # -1: no space beyond the end of a line
            cw[idx] = -1 if line and i == len(ring) - 1 else ring[(i + 1) % len(ring)]
            ccw[idx] = -1 if line and i == 0 else ring[(i - 1) % len(ring)]
        for sid in region.aside:
            cw[space_index[sid]] = ccw[space_index[sid]] = -1

    instances: list[CardDef] = []
    decks: dict[str, list[int]] = {d: [] for d in raw.decks}
    for card in raw.cards.values():
        for _ in range(card.count):
            decks[card.deck].append(len(instances))
            instances.append(card)
    by_name: dict[str, list[int]] = {}
    for i, c in enumerate(instances):
        by_name.setdefault(c.name, []).append(i)

    return Ruleset(
        modules=modules,
        spaces=tuple(spaces),
        space_index=space_index,
        regions=dict(raw.regions),
        links=tuple(raw.links),
        cards=dict(raw.cards),
        instances=tuple(instances),
        decks={k: tuple(v) for k, v in decks.items()},
        deck_info=dict(raw.decks),
        characters=dict(raw.characters),
        tables=dict(raw.tables),
        options=options,
        numbers={k: n.value for k, n in numbers.items()},
        number_defs=numbers,
        tuning=tuning,
        cw=tuple(cw),
        ccw=tuple(ccw),
        by_name={k: tuple(v) for k, v in by_name.items()},
        option_grammar=compose_grammar([(m.name, m.option_args) for m in every]),
        **tables,
    )


def check_content(
    raw: RawContent, every: tuple[Module, ...], tables: dict[str, Any], fail: Fail
) -> tuple[list[SpaceDef], dict[str, Any], dict[str, NumberDef]]:
    """The checks across the files of a game's modules, once all are read: what an entry names
    must exist and be declared. Each problem goes to ``fail`` (which raises it, or notes it down to
    go on: ``talisman module check`` lists them all); a board that cannot be laid out, or a number
    not there, raises. Returns the spaces in order, the options and the numbers."""
    names = {m.name for m in every}
    raw.cards = {k: c for k, c in raw.cards.items() if not c.in_play_with or names.intersection(c.in_play_with)}
    spaces = build_spaces(raw)
    options = _options(tuple(m for m in every if not m.base))
    _check_references(raw, {s.id: s.index for s in spaces}, fail)
    _check_declared(raw, names, tables, set(options), fail)
    for region in raw.regions.values():
        if region.deck not in raw.decks:
            fail(f"{raw.origin['region.' + region.id]}: region.{region.id}.deck: unknown deck {region.deck!r}")
    return spaces, options, resolve_numbers(raw)


def _options(modules: tuple[Module, ...]) -> dict[str, Any]:
    """The options of these modules, after the engine's (:data:`ENGINE_OPTIONS`), in their order (a
    module may add choices to an earlier one's)."""
    options: dict[str, Any] = dict(ENGINE_OPTIONS)
    for m in modules:
        for name, spec in m.options.items():
            if spec.extends and name in options:
                base = options[name]
                added = [
                    (c, label) for c, label in zip(spec.choices, spec.labels, strict=True) if c not in base.choices
                ]
                options[name] = type(spec)(
                    spec.default,
                    base.choices + tuple(c for c, _ in added),
                    f"{base.help} {spec.help}",
                    title=base.title,
                    labels=base.labels + tuple(label for _, label in added),
                )
                continue
            if name in options or spec.extends:
                raise ConfigError(
                    f"option {name!r} is declared by two modules"
                    if name in options
                    else f"option {name!r} extends no option of an earlier module"
                )
            options[name] = spec
    return options


def _check_references(raw: RawContent, space_index: dict[str, int], fail: Fail) -> None:
    """Cross-file checks: every id an entry names must exist."""
    names = {c.name for c in raw.cards.values()}
    for ln in raw.links:
        where = f"{raw.origin.get(f'link.{ln.a}-{ln.b}', '?')}: link {ln.kind} {ln.a}-{ln.b}"
        for sid in (ln.a, ln.b, *([ln.via] if ln.via else [])):
            if sid not in space_index:
                fail(f"{where}: unknown space {sid!r}")
        _check_effects(ln.on_pass, f"{where}.on_pass", space_index, raw, names, fail)
    for key, card in raw.cards.items():
        where = f"{raw.origin['card.' + key]}: card.{key}"
        if card.deck not in raw.decks:
            fail(f"{where}.deck: unknown deck {card.deck!r}")
        for attr in ("on_draw", "on_encounter", "use", "on_win", "on_lose", "on_standoff"):
            _check_effects(getattr(card, attr), f"{where}.{attr}", space_index, raw, names, fail)
    for key, ch in raw.characters.items():
        if ch.start not in space_index:
            fail(f"{raw.origin['character.' + key]}: character.{key}.start: unknown space {ch.start!r}")
    for sid, s in raw.spaces.items():
        for attr in ("before_draw", "encounter", "on_enter", "theft"):
            _check_effects(
                s.get(attr, ()), f"{raw.origin['space.' + sid]}: space.{sid}.{attr}", space_index, raw, names, fail
            )
    for key, t in raw.tables.items():
        for _lo, _hi, eff in t.rows:
            _check_effects(eff, f"{raw.origin['table.' + key]}: table.{key}", space_index, raw, names, fail)


TRAIT_PARAMS: Final = ("optional_trait", "bonus_trait", "dice_trait", "free_trait")


def trait_keyword(trait: str) -> str:
    """The keyword of a trait as content writes it: ``evade-in:hills`` and ``bow@out:dungeon`` are ``evade-in``, ``bow``.

    >>> trait_keyword("ride:Wolf@out:dungeon")
    'ride'
    """
    return trait.split("@", 1)[0].split(":", 1)[0]


def _check_declared(raw: RawContent, modules: set[str], tables: dict[str, Any], options: set[str], fail: Fail) -> None:
    """Every hook, Spell effect, trait, decision kind and option the content names must be declared by a
    module of the game (an effect that runs only with a module or a deck this game lacks is not asked: it never runs)."""
    hooks, spells, traits, decisions = tables["hooks"], tables["spell_effects"], tables["traits"], tables["decisions"]

    def idle(cond: Any) -> bool:
        return isinstance(cond, dict) and (
            ("module" in cond and cond["module"] not in modules) or ("deck" in cond and cond["deck"] not in raw.decks)
        )

    def trait(name: str, where: str) -> None:
        if trait_keyword(name) not in traits:
            fail(f"{where}: trait {name!r} is declared by no module of this game")

    def conditions(cond: Any, where: str) -> None:
        if not isinstance(cond, dict):
            return
        if "trait" in cond:
            trait(cond["trait"], where)
        if "option" in cond and str(cond["option"]).partition("=")[0] not in options:
            fail(f"{where}: option {cond['option'].partition('=')[0]!r} is declared by no module of this game")

    def walk(effects: Any, where: str) -> None:
        for e in effects:
            if idle(e.get("if")):
                continue
            for cond in ("if", "unless"):
                conditions(e.get(cond), where)
            for verb, params in e.items():
                if verb == "hook" and params not in hooks:
                    fail(f"{where}: hook {params!r} is registered by no module of this game")
                if not isinstance(params, dict):
                    continue
                if "decision" in params and params["decision"] not in decisions:
                    fail(f"{where}: decision {params['decision']!r} is declared by no module of this game")
                for key in TRAIT_PARAMS:
                    if key in params:
                        trait(params[key], where)
                for sub in ("on_win", "on_lose", "on_standoff", "success", "failure", "do"):
                    walk(params.get(sub, ()), where)
                for row in params.get("rows", ()) if verb != "relocate" else ():
                    walk(row.get("do", ()), where)
                for opt in params.get("options", ()):
                    if idle(opt.get("if")):
                        continue
                    conditions(opt.get("if"), where)
                    walk(opt.get("do", ()), where)

    for key, card in raw.cards.items():
        where = f"{raw.origin['card.' + key]}: card.{key}"
        for t in (*card.traits, *card.owner_traits):
            trait(t, f"{where}.traits")
        for attr in ("on_draw", "on_encounter", "use", "on_win", "on_lose", "on_standoff"):
            walk(getattr(card, attr), f"{where}.{attr}")
        if "hook" in card.cast and card.cast["hook"] not in spells:
            fail(f"{where}.cast: Spell effect {card.cast['hook']!r} is registered by no module")
        walk(card.cast.get("do", ()), f"{where}.cast.do")
    for key, ch in raw.characters.items():
        for t in ch.traits:
            trait(t, f"{raw.origin['character.' + key]}: character.{key}.traits")
    for sid, sp in raw.spaces.items():
        for attr in ("before_draw", "encounter", "on_enter", "theft"):
            walk(sp.get(attr, ()), f"{raw.origin['space.' + sid]}: space.{sid}.{attr}")
    for ln in raw.links:
        walk(ln.on_pass, f"{raw.origin.get(f'link.{ln.a}-{ln.b}', '?')}: link {ln.kind} {ln.a}-{ln.b}.on_pass")
    for key, table in raw.tables.items():
        for _lo, _hi, eff in table.rows:
            walk(eff, f"{raw.origin['table.' + key]}: table.{key}")


def _check_effects(
    effects: Any,
    where: str,
    space_index: dict[str, int],
    raw: RawContent,
    names: set[str],
    fail: Fail,
    guarded: frozenset[str] = frozenset(),
) -> None:
    """Every space, deck and card an effect names must exist. A deck may be
    missing where a ``deck`` condition guards the effect (a module's deck that
    another module's card uses only when it is in play)."""
    for e in effects:
        decks = guarded | {e["if"]["deck"]} if "deck" in e.get("if", {}) else guarded
        for verb, params in e.items():
            if verb in ("if", "unless", "target"):
                continue
            if verb == "move" and "to" in params and params["to"] not in space_index:
                fail(f"{where}: move to unknown space {params['to']!r}")
            if verb == "relocate":
                for row in params["rows"]:
                    if row["to"] not in space_index:
                        fail(f"{where}: relocate to unknown space {row['to']!r}")
            if verb == "take_card" and params["deck"] not in raw.decks and params["deck"] not in decks:
                fail(f"{where}: take_card from unknown deck {params['deck']!r}")
            if verb == "shop":
                for item in params["items"]:
                    if item not in names:
                        fail(f"{where}: shop sells unknown card {item!r}")
            if isinstance(params, dict):
                for sub in ("on_win", "on_lose", "on_standoff", "success", "failure", "do"):
                    if sub in params:
                        _check_effects(params[sub], where, space_index, raw, names, fail, decks)
                for row in params.get("rows", ()) if verb != "relocate" else ():
                    _check_effects(row.get("do", ()), where, space_index, raw, names, fail, decks)
                for opt in params.get("options", ()):
                    opt_decks = decks | {opt["if"]["deck"]} if "deck" in opt.get("if", {}) else decks
                    _check_effects(opt.get("do", ()), where, space_index, raw, names, fail, opt_decks)
