"""Modules as plug-ins: the core game, each expansion or variant, and the
engine's own vocabulary, each one explicit :class:`Module` object.

A module declares its content folder (TOML), options, requirements and
exclusions, and registers on itself every piece of rule code it brings:
abilities by hook point (:meth:`Module.ability`), content hooks that TOML
calls with ``{ hook = "name" }`` (:meth:`Module.hook`), frame handlers
(:meth:`Module.handler`), Spell effects (:meth:`Module.spell_effect`),
endings (:meth:`Module.ending`, :meth:`Module.ending_choice`), effect verbs
(:meth:`Module.verb`), the traits its content may carry, each with its
meaning (:meth:`Module.trait`), the kinds of decision its rules ask
(:meth:`Module.decision`), hook points of its own (:meth:`Module.point`), and
the features a character may choose, which the simulator counts
(:meth:`Module.feature`). Nothing is registered on a global: a
:class:`~talisman.content.ruleset.Ruleset` composes the tables of the modules
a game plays with, in the order it resolves them, and of those only.

A module's declarations that are data (its title, relations, options, traits, decision kinds,
option arguments, hook points, features and the state it keeps) are written in ``module.toml`` in
its folder and read by :func:`declared`; its ``module.py`` keeps only what is code.

Modules are found through the package entry points of the group
``talisman.modules`` (so another package can bring one with no change
here), and through :func:`register_module` (tests, fixtures). A module marked
``base`` (the engine's vocabulary) is played in every game.

>>> [m.name for m in resolve_modules(("core",))]
['engine', 'core']
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Final, TypeVar

from talisman.content.option_args import parse_spec
from talisman.content.state import SCOPES, StateKey, check_state_table, state_keys, state_uses
from talisman.errors import ConfigError

ENTRY_POINT_GROUP: Final = "talisman.modules"
DECLARATION: Final = "module.toml"  # a module folder's declarations; every other *.toml of it is content
CORE: Final = "core"  # the base game: played in every game of Talisman, like the base modules
TALISMAN: Final = "talisman"  # the game most modules belong to (see Module.game)

Fn = Callable[..., Any]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class OptionSpec:
    """A game option a module offers: its default and the values it accepts.

    With ``extends`` the module adds choices to an option another module
    declares (the endings module adds endings to ``ending``) and sets its default.
    ``title`` is the option's name for a player and ``labels`` name its choices,
    one for each, in order (the lobby shows them instead of the raw values).
    """

    default: Any
    choices: tuple[Any, ...]
    help: str
    extends: bool = False
    title: str = ""
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ending:
    """What happens on reaching the Crown of Command, and at each turn start there."""

    reach: Fn
    turn_start: Fn


@dataclass(frozen=True)
class Feature:
    """A choice a module offers a character, counted by the simulator (``talisman simulate``
    records how often each is offered and chosen, ``talisman report`` shows the table): an option
    of one of ``verbs`` (or one of the exact option ``ids``) in a decision of one of ``kinds`` (of
    any kind when none), chosen by a character standing in one of ``regions`` (anywhere when
    none), in a game that also plays the modules ``needs`` (the City's Enchantress opens the
    Timescape only with it). ``never_pays``, when a good player never takes it, says why (the
    table shows it beside a feature never used); ``seldom``, when few games come to offer it at
    all (a Treasure found only past the Lord of Darkness), says what it waits for (the table shows
    it beside a feature never used, unless it never pays).

    >>> loan = Feature("city-classic", "loan", "a Loan from the Bank", verbs=("loan",), kinds=("bank",))
    >>> loan.key, loan.matches("bank", "loan", "city"), loan.matches("bank", "rob", "city")
    ('city-classic/loan', True, False)
    """

    module: str
    name: str
    meaning: str
    verbs: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    never_pays: str = ""
    seldom: str = ""

    @property
    def key(self) -> str:
        """Its name in a game record: ``module/name``."""
        return f"{self.module}/{self.name}"

    @property
    def option_verbs(self) -> tuple[str, ...]:
        """The verbs of the options that may be it (its ``verbs``, and those of its ``ids``)."""
        return (*self.verbs, *(i.partition(":")[0] for i in self.ids))

    def matches(self, kind: str, option: str, region: str) -> bool:
        """Is the option of this id, in a decision of this kind, chosen from this region, the feature?"""
        return (
            (option.partition(":")[0] in self.verbs or option in self.ids)
            and (not self.kinds or kind in self.kinds)
            and (not self.regions or region in self.regions)
        )


@dataclass(frozen=True)
class Wake:
    """What wakes an ability (see :meth:`Module.ability`): a character holding one of ``traits``, a
    character whose ``status`` holds one of the keys ``character``, or a game whose ``globals`` hold
    one of the keys ``game``. An ability so declared does nothing for a character woken by none.

    >>> Wake(frozenset(), (), ("routed",)).keys
    ('routed',)
    """

    traits: frozenset[str]
    game: tuple[str, ...]
    character: tuple[str, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        """The state keys that wake it, of either scope."""
        return self.game + self.character


@dataclass(frozen=True)
class Verb:
    """An effect verb a module adds to the vocabulary: the check of its TOML value, and what it does."""

    validate: Callable[[Any, str], None]
    execute: Fn


class Module:
    """One module: its content, options, relations, and the rule code it brings.

    >>> m = Module(name="example", title="An example", content_dir=None)
    >>> @m.hook("shout")
    ... def shout(g, seat, ctx):
    ...     g.say("Hey!")
    >>> sorted(m.hooks)
    ['shout']
    """

    def __init__(
        self,
        name: str,
        title: str,
        content_dir: Path | None = None,
        *,
        requires: Iterable[str] = (),
        excludes: Iterable[str] = (),
        options: dict[str, OptionSpec] | None = None,
        base: bool = False,
        game: str = TALISMAN,
        content_files: Iterable[Path] | None = None,
    ) -> None:
        self.name = name
        self.game = game  # the game it belongs to: Talisman, or a game of its own on the same engine
        self.title = title
        self.content_dir = content_dir
        # the content files read, when not every *.toml of content_dir (a home-brew module without its broken files)
        self.content_files: tuple[Path, ...] | None = None if content_files is None else tuple(content_files)
        self.requires: tuple[str, ...] = tuple(requires)
        self.excludes: tuple[str, ...] = tuple(excludes)
        self.options: dict[str, OptionSpec] = dict(options or {})
        self.base = base
        self.points: dict[str, str] = {}  # hook points it declares, with their meaning
        self.abilities: dict[str, list[Fn]] = {}  # by hook point, in registration order
        self.wakers: dict[str, dict[Fn, Wake]] = {}  # by hook point: what wakes an ability (see ability)
        self.hooks: dict[str, Fn] = {}  # content hooks: { hook = "name" }
        self.handlers: dict[str, Fn] = {}  # frame kind -> handler
        self.frame_args: dict[str, type] = {}  # frame kind -> its arguments (a TypedDict), where declared
        self.spell_effects: dict[str, Fn] = {}  # a Spell's cast.hook -> its effect
        self.endings: dict[str, Ending] = {}
        self.ending_choices: list[Fn] = []
        self.verbs: dict[str, Verb] = {}
        self.traits: dict[str, str] = {}  # trait keyword -> its meaning, one line
        self.decisions: dict[str, str] = {}  # decision kind its rules (or content) ask -> its meaning, one line
        self.option_args: dict[str, str] = {}  # option verb (or kind/verb) -> its arguments (content.option_args)
        # Where its knowledge for the rule-aware bot is ("package.module:NAME" of an Advice, one
        # or more: shared advice too), loaded by the bot only (talisman.bots.knowledge).
        self.advice: tuple[str, ...] = ()
        self.services: dict[str, Fn] = {}  # functions the kernel asks for by name (the engine's: view, attribute)
        self.features: dict[str, Feature] = {}  # the choices it offers a character, by name (see feature)
        # The state it keeps, by scope (game: g.globals; character: p.status) and key, and the keys
        # of other modules its code reads or sets, by scope (talisman.content.state).
        self.state: dict[str, dict[str, StateKey]] = {scope: {} for scope in SCOPES}
        self.reads: dict[str, tuple[str, ...]] = {}
        self.writes: dict[str, tuple[str, ...]] = {}

    def __repr__(self) -> str:
        return f"Module({self.name!r})"

    # --- registration -----------------------------------------------------------

    def point(self, name: str, meaning: str) -> None:
        """Declare a hook point that abilities (of any module in the game) may register at."""
        self.points[name] = meaning

    def ability(
        self,
        point: str,
        *,
        traits: str | Iterable[str] = (),
        game: str | Iterable[str] = (),
        character: str | Iterable[str] = (),
    ) -> Callable[[F], F]:
        """Register a function at a hook point; it is asked only in games with this module.

        ``traits`` wakes it only for a character holding one of them (at the points
        ``abilities.WOKEN_BY_TRAITS`` lists: the turn menu and meetings): it offers nothing to any
        other, so a game does not ask it for them (``Ruleset.woken``). At a reaction point
        (``abilities.REACTIONS``) the state keys it serves wake it too: ``game``, keys of the game's
        ``globals``, and ``character``, keys of the ``status`` of the character it reacts for (its
        first argument); it does nothing while none of its traits and keys is there, and is not asked.

        >>> m = Module(name="example", title="An example")
        >>> @m.ability("turn", traits="juggle")
        ... def juggle(g, seat, back):
        ...     return []
        >>> m.wakers["turn"][juggle].traits
        frozenset({'juggle'})
        >>> @m.ability("turn_start", character="routed")
        ... def flee(g, seat):
        ...     pass
        >>> m.wakers["turn_start"][flee].character
        ('routed',)
        """
        wake = Wake(frozenset(_words(traits)), tuple(_words(game)), tuple(_words(character)))

        def register(fn: F) -> F:
            self.abilities.setdefault(point, []).append(fn)
            if wake.traits or wake.keys:
                self.wakers.setdefault(point, {})[fn] = wake
            return fn

        return register

    def hook(self, name: str) -> Callable[[F], F]:
        """Register a Python hook that content can call with ``{ hook = name }``."""
        return self._named(self.hooks, "hook", name)

    def handler(self, kind: str, args: type | None = None) -> Callable[[F], F]:
        """Register the function that runs frames of ``kind``; ``args``, the ``TypedDict`` its
        handler reads them as, declares the arguments such a frame carries (tests check each
        frame run against it; nothing is checked while a game runs).

        >>> from typing import TypedDict
        >>> class Fee(TypedDict):
        ...     p: int
        >>> m = Module("example", "An example")
        >>> @m.handler("bard_song", args=Fee)
        ... def _song(g, a: Fee) -> None: ...
        >>> m.frame_args["bard_song"] is Fee
        True
        """
        if args is not None:
            self.frame_args[kind] = args
        return self._named(self.handlers, "handler for frame kind", kind)

    def spell_effect(self, name: str) -> Callable[[F], F]:
        """Register the Python effect of a Spell card (``cast.hook`` names it)."""
        return self._named(self.spell_effects, "Spell effect", name)

    def service(self, name: str) -> Callable[[F], F]:
        """Provide a function the kernel asks for by name (the engine provides ``view`` and ``attribute``)."""
        return self._named(self.services, "service", name)

    def ending(self, name: str, reach: Fn, turn_start: Fn) -> None:
        """An ending met at the Crown of Command (a choice of the option ``ending``)."""
        if name in self.endings:
            raise ValueError(f"{self.name}: two endings named {name!r}")
        self.endings[name] = Ending(reach, turn_start)

    def ending_choice(self, choose: F) -> F:
        """A rule deciding which ending applies instead of the ``ending`` option (None: leave it be)."""
        self.ending_choices.append(choose)
        return choose

    def verb(self, name: str, validate: Callable[[Any, str], None]) -> Callable[[F], F]:
        """Add an effect verb: ``validate(value, path)`` checks its TOML, the decorated function runs it."""

        def register(fn: F) -> F:
            if name in self.verbs:
                raise ValueError(f"{self.name}: two verbs named {name!r}")
            self.verbs[name] = Verb(validate, fn)
            return fn

        return register

    def trait(self, name: str, meaning: str) -> None:
        """Declare a trait keyword the content of a game with this module may carry."""
        self.traits[name] = meaning

    def declare_traits(self, traits: dict[str, str]) -> None:
        """Declare several traits at once: keyword -> meaning."""
        for name, meaning in traits.items():
            self.trait(name, meaning)

    def decision(self, kind: str, meaning: str) -> None:
        """Declare a kind of decision its rules or content ask (``g.decide(seat, kind, ...)``, ``decision = kind``).

        Kinds are an open set (each module brings its own), so a string, not a ``Literal``: a game
        refuses to ask a kind no module of it declares, and loading refuses content that names one.
        """
        self.decisions[kind] = meaning

    def declare_decisions(self, decisions: dict[str, str]) -> None:
        """Declare several decision kinds at once: kind -> meaning."""
        for kind, meaning in decisions.items():
            self.decision(kind, meaning)

    def declare_options(self, specs: dict[str, str]) -> None:
        """Declare the arguments of the option verbs its rules offer: verb (or ``kind/verb``) -> spec
        in the grammar of :mod:`talisman.content.option_args` (``"card target=seat?"``)."""
        for verb, spec in specs.items():
            parse_spec(spec)  # refused at once when malformed
            self.option_args[verb] = spec

    def feature(
        self,
        name: str,
        meaning: str,
        *,
        verbs: str | Iterable[str] = (),
        ids: str | Iterable[str] = (),
        kinds: str | Iterable[str] = (),
        regions: str | Iterable[str] = (),
        needs: str | Iterable[str] = (),
        never_pays: str = "",
        seldom: str = "",
    ) -> Feature:
        """Declare a feature a character may choose (see :class:`Feature`): its ``name`` (a word of
        the module's own), its ``meaning``, the options that are it (by verb, or by exact id), why
        it never pays, if so, and what it waits for, if few games offer it.

        >>> m = Module(name="example", title="An example")
        >>> m.feature("tip", "a tip to the innkeeper", kinds="inn", verbs="tip").key
        'example/tip'
        """
        if name in self.features:
            raise ValueError(f"{self.name}: two features named {name!r}")
        found = Feature(
            self.name,
            name,
            meaning,
            _words(verbs),
            _words(ids),
            _words(kinds),
            _words(regions),
            _words(needs),
            never_pays,
            seldom,
        )
        if not found.option_verbs:
            raise ValueError(f"{self.name}: the feature {name!r} names no option")
        self.features[name] = found
        return found

    def _named(self, table: dict[str, Fn], what: str, name: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            if table.get(name, fn) is not fn:
                raise ValueError(f"{self.name}: two of {what} {name!r}")
            table[name] = fn
            return fn

        return register


def _words(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


# --- the declarations in module.toml -------------------------------------------------------

_SECTIONS: Final = ("module", "option", "traits", "decisions", "option-args", "points", "feature", "state")
_MODULE_KEYS: Final = ("name", "title", "requires", "excludes", "game")
_OPTION_FIELDS: Final = ("default", "choices", "help", "title", "labels")
NAME: Final = re.compile(r"[a-z][a-z0-9-]*\Z")  # a module's name, or an option's
_FEATURE_KEYS: Final = ("meaning", "verbs", "ids", "kinds", "regions", "needs", "never_pays", "seldom")


def declared(folder: Path, options_found: dict[str, OptionSpec] | None = None) -> Module:
    """The module ``folder/module.toml`` declares, its content the folder's other TOML files;
    ``options_found`` adds those whose choices are found as it loads (after the file's own).

    The file holds ``[module]`` (``name``, ``title``, and optionally ``requires``, ``excludes``,
    ``game``), then any of ``[option.<name>]`` (the fields of :class:`OptionSpec`), ``[traits]``
    and ``[decisions]`` (keyword -> meaning), ``[option-args]`` (verb -> arguments, see
    :meth:`Module.declare_options`), ``[points]`` (hook point -> meaning), ``[feature.<name>]``
    (the arguments of :meth:`Module.feature`) and ``[state]`` (the state it keeps: see
    :func:`declare_state`). A malformed file raises ConfigError naming the file and the line.

    >>> from talisman.modules.catacombs import module
    >>> declared(Path(module.__file__).parent).decisions["catacombs-exit"][:7]
    'whether'
    """
    path = folder / DECLARATION
    data, refuse = _read(path)

    def table(value: Any, where: str, keys: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise refuse(where, "expected a table")
        for key in value:
            if keys and key not in keys:
                raise refuse(where, f"unknown field {key!r} (allowed: {', '.join(keys)})")
        return value

    def meanings(section: str) -> dict[str, str]:
        found = table(data.get(section, {}), section)
        for key, meaning in found.items():
            if not isinstance(meaning, str) or not meaning:
                raise refuse(section, f"{key}: expected its meaning, one line of text")
        return found

    def listed(value: Any, where: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise refuse(where, f"expected a list, not {value!r}")
        return tuple(value)

    for top in data:
        if top not in _SECTIONS:
            raise refuse(top, f"unknown section (allowed: {', '.join(_SECTIONS)})")
    head = table(data.get("module"), "module", _MODULE_KEYS)
    named = isinstance(head.get("name"), str) and isinstance(head.get("title"), str)
    if not named or not isinstance(head.get("game", TALISMAN), str):
        raise refuse("module", "a name and a title are needed (and a game is a name)")

    def fail(where: str, message: str) -> None:
        raise refuse(where, message)

    options = option_specs(data.get("option", {}), fail, extends=True)
    module = Module(
        head["name"],
        head["title"],
        folder,
        requires=listed(head.get("requires", []), "module.requires"),
        excludes=listed(head.get("excludes", []), "module.excludes"),
        options={**options, **(options_found or {})},
        game=head.get("game", TALISMAN),
    )
    module.declare_traits(meanings("traits"))
    module.declare_decisions(meanings("decisions"))
    module.points.update(meanings("points"))
    try:
        module.declare_options(meanings("option-args"))
    except ConfigError as e:
        raise refuse("option-args", str(e)) from None
    for name, f in table(data.get("feature", {}), "feature").items():
        try:
            module.feature(name, **table(f, f"feature.{name}", _FEATURE_KEYS))
        except (TypeError, ValueError) as e:
            raise refuse(f"feature.{name}", str(e)) from None
    declare_state(module, data.get("state", {}), fail)
    return module


def declare_state(module: Module, table: Any, problem: Callable[[str, str], None]) -> None:
    """Set on ``module`` the state a ``[state]`` table declares (``problem(where, message)`` hears of
    what is refused): the keys it keeps (``[state.game.<key>]``, ``[state.character.<key>]``, each
    with its ``kind`` and ``meaning``) and the keys of other modules it reads or sets
    (``[state.reads]``, ``[state.writes]``: ``character = ["hold"]``). See :mod:`talisman.content.state`."""
    check_state_table(table, problem)
    module.state = state_keys(module.name, table, problem)
    uses = state_uses(table, problem)
    module.reads, module.writes = uses["reads"], uses["writes"]


def state_file(module: Module, path: Path) -> None:
    """Set on ``module`` the state the ``[state]`` table of the TOML file ``path`` declares (a module
    written in code, as the engine is, keeps its declarations so); a malformed file raises
    ConfigError naming the file and the line."""
    data, refuse = _read(path)
    for top in data:
        if top != "state":
            raise refuse(top, "unknown section (allowed: state)")

    def fail(where: str, message: str) -> None:
        raise refuse(where, message)

    declare_state(module, data.get("state", {}), fail)


def _read(path: Path) -> tuple[dict[str, Any], Callable[[str, str], ConfigError]]:
    """A declaration file's TOML, and the error to raise for a part of it (naming the file and the
    part's line)."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        at = re.search(r"at line (\d+)", str(e))
        raise ConfigError(f"{path}:{at.group(1) if at else 1}: not valid TOML: {e}") from None

    def refuse(where: str, message: str) -> ConfigError:
        return ConfigError(f"{path}:{_line_of(text, where)}: {where}: {message}")

    return data, refuse


def option_specs(table: Any, problem: Callable[[str, str], None], *, extends: bool = False) -> dict[str, OptionSpec]:
    """The options of ``[option.<name>]`` tables (a ``module.toml``'s), each checked: ``problem(where,
    message)`` hears of each one refused, which is left out. ``extends`` allows the field of that
    name (a module with rule code may add choices to another module's option).

    >>> option_specs({"tip": {"default": 1, "choices": [1, 2], "help": "A tip."}}, print)["tip"].choices
    (1, 2)
    """
    fields = (*_OPTION_FIELDS, "extends") if extends else _OPTION_FIELDS
    out: dict[str, OptionSpec] = {}
    if not isinstance(table, dict):
        problem("option", "expected tables [option.<name>]")
        return out
    for name, o in table.items():
        where = f"option.{name}"
        if not isinstance(o, dict):
            problem(where, "expected a table of default, choices and help")
            continue
        unknown = [k for k in o if k not in fields]
        choices, labels = o.get("choices"), o.get("labels", [])
        if unknown:
            problem(where, f"unknown field {unknown[0]!r} (allowed: {', '.join(fields)})")
        elif not NAME.match(name):
            problem(where, "an option's name is lowercase letters, digits and hyphens")
        elif not isinstance(choices, list) or not choices or not all(isinstance(c, bool | int | str) for c in choices):
            problem(f"{where}.choices", "a list of values: true or false, whole numbers or words")
        elif not any(type(c) is type(o.get("default")) and c == o.get("default") for c in choices):
            problem(f"{where}.default", f"one of the choices, not {o.get('default')!r}")
        elif not isinstance(o.get("help"), str) or not o["help"]:
            problem(f"{where}.help", "a sentence saying what the option does")
        elif not isinstance(labels, list) or (labels and len(labels) != len(choices)):
            problem(f"{where}.labels", "one label for each choice")
        else:
            title, labelled = str(o.get("title", "")), tuple(map(str, labels))
            out[name] = OptionSpec(o["default"], tuple(choices), o["help"], o.get("extends") is True, title, labelled)
    return out


def _line_of(text: str, where: str) -> int:
    """The line of ``[where]`` (or of the table ``where`` is in, ``[feature.fly]`` of
    ``feature.fly``) in a TOML text; 1 when it has none."""
    parts = where.split(".")
    for n in range(len(parts), 0, -1):
        header = re.compile(rf"\s*\[+\s*{re.escape('.'.join(parts[:n]))}\s*\]")
        found = next((i for i, line in enumerate(text.splitlines(), 1) if header.match(line)), None)
        if found is not None:
            return found
    return 1


# --- the registry -------------------------------------------------------------------

_REGISTERED: Final[dict[str, Module]] = {}
_found: dict[str, Module] | None = None


def _discovered() -> dict[str, Module]:
    """The modules installed packages declare as entry points (loaded once)."""
    global _found
    if _found is None:
        found: dict[str, Module] = {}
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            module = ep.load()
            if getattr(module, "name", None) != ep.name:
                raise ConfigError(f"entry point {ep.name} = {ep.value!r} is not the Module named {ep.name!r}")
            found[ep.name] = module
        _found = found
    return _found


def register_module(module: Module) -> None:
    """Make a module playable that no installed package declares (test content, a fixture)."""
    if module.name in _discovered() or module.name in _REGISTERED:
        raise ConfigError(f"a module named {module.name!r} already exists")
    _REGISTERED[module.name] = module


def unregister_module(name: str) -> None:
    """Forget a module :func:`register_module` made playable (a test's own module, once the test is done)."""
    _REGISTERED.pop(name, None)


def get_module(name: str) -> Module:
    """The module called ``name``; raises ConfigError for an unknown name."""
    module = _REGISTERED.get(name) or _discovered().get(name)
    if module is None:
        raise ConfigError(f"unknown module {name!r} (known modules: {', '.join(known_modules())})")
    return module


def known_modules() -> list[str]:
    """The names of the modules a game may choose (the base modules are always played)."""
    every = {**_discovered(), **_REGISTERED}
    return sorted(name for name, m in every.items() if not m.base)


def game_of(names: Iterable[str]) -> str:
    """The game these modules belong to: Talisman, unless they name a game of its own
    (Legendary Tales), whose modules play without Talisman's core and with no module of another game.

    >>> game_of(("core", "city-classic"))
    'talisman'
    """
    games = {get_module(n).game: n for n in names if n != CORE}
    if len(games) > 1:
        (g1, n1), (g2, n2) = sorted(games.items())[:2]
        raise ConfigError(f"modules {n1!r} and {n2!r} belong to different games ({g1} and {g2})")
    return next(iter(games), TALISMAN)


def played_modules(names: Iterable[str]) -> list[str]:
    """The module names a game's configuration keeps, in order: the core game first in a game
    of Talisman (it is always played), nothing added in a game of its own.

    >>> played_modules(["city-classic"])
    ['core', 'city-classic']
    """
    wanted = list(names)
    if game_of(wanted) != TALISMAN:
        return list(dict.fromkeys(n for n in wanted if n != CORE))
    return list(dict.fromkeys([CORE, *wanted]))


def resolve_modules(names: Iterable[str]) -> tuple[Module, ...]:
    """The modules a game plays with, in the order every table of its ruleset follows:
    the base modules (by name), then the core game, then each named module, each followed by
    what it requires that is not there yet. A game of its own (:func:`game_of`) has neither
    Talisman's base modules nor its core."""
    wanted = tuple(names)
    game = game_of(wanted)
    if game != TALISMAN:
        wanted = tuple(n for n in wanted if n != CORE)
    bases = sorted(name for name, m in {**_discovered(), **_REGISTERED}.items() if m.base and m.game == game)
    ordered: list[Module] = []

    def add(name: str, chain: tuple[str, ...]) -> None:
        if name in chain:
            raise ConfigError(f"modules require each other in a circle: {' -> '.join(chain + (name,))}")
        if any(m.name == name for m in ordered):
            return
        m = get_module(name)
        ordered.append(m)  # before what it requires: it builds on them, and is asked first
        for req in m.requires:
            add(req, chain + (name,))

    for n in (*bases, *((CORE,) if game == TALISMAN else ()), *wanted):
        add(n, ())
    chosen = {m.name for m in ordered}
    for m in ordered:
        if m.game != game:
            raise ConfigError(f"module {m.name!r} belongs to {m.game}, not to {game}")
        for ex in m.excludes:
            if ex in chosen:
                raise ConfigError(f"modules {m.name!r} and {ex!r} cannot be played together")
    return tuple(ordered)
