"""Modules: the core game and each expansion or variant, as a named bundle of
content (a folder of TOML files), options and rule hooks.

A game names its modules; :func:`resolve_modules` checks that every name is
known, adds what they require and refuses modules that exclude each other.

>>> [m.name for m in resolve_modules(("core",))]
['core']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from talisman.errors import ConfigError

KNOWN = (
    "core",
    "endings",
    "wizards-tower",
    "master-levels",
    "dungeon-characters",
    "roster",
    "dungeon-4e",
    "dungeon-classic",
)
_EXTRA: dict[str, Module] = {}


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
class Module:
    """One module: content folder, options, and what it needs or excludes."""

    name: str
    title: str
    content_dir: Path | None
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    options: dict[str, OptionSpec] = field(default_factory=dict)


def get_module(name: str) -> Module:
    """The module called ``name``; raises ConfigError for an unknown name."""
    if name in _EXTRA:
        return _EXTRA[name]
    if name not in KNOWN:
        raise ConfigError(f"unknown module {name!r} (known modules: {', '.join(known_modules())})")
    return importlib.import_module(f"talisman.modules.{name.replace('-', '_')}").MODULE


def known_modules() -> list[str]:
    return [*KNOWN, *_EXTRA]


def register_module(module: Module) -> None:
    """Make a module defined outside this package playable (a plug-in, or test content)."""
    if module.name in KNOWN or module.name in _EXTRA:
        raise ConfigError(f"a module named {module.name!r} already exists")
    _EXTRA[module.name] = module


def resolve_modules(names: tuple[str, ...]) -> tuple[Module, ...]:
    """The modules to load, requirements first, with conflicts refused."""
    if "core" not in names:
        names = ("core",) + tuple(names)
    ordered: list[Module] = []

    def add(name: str, chain: tuple[str, ...]) -> None:
        if any(m.name == name for m in ordered):
            return
        if name in chain:
            raise ConfigError(f"modules require each other in a circle: {' -> '.join(chain + (name,))}")
        m = get_module(name)
        for req in m.requires:
            add(req, chain + (name,))
        ordered.append(m)

    for n in names:
        add(n, ())
    chosen = {m.name for m in ordered}
    for m in ordered:
        for ex in m.excludes:
            if ex in chosen:
                raise ConfigError(f"modules {m.name!r} and {ex!r} cannot be played together")
    return tuple(ordered)
