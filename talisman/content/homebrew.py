"""Home-brew modules: new characters, cards, spaces and options written in TOML alone, no Python.

A home-brew module is a folder: ``module.toml`` declares it, every other ``*.toml`` file of the
folder is content in the vocabulary every module's content is written in (``talisman/content/
loader.py``, ``talisman/content/vocabulary.py``; ``docs/home-brew.md`` walks through an example)::

    hedge-witch/
        module.toml      [module] name, title, requires, excludes; [option.<name>] default, choices, help
        character.toml   [character.hedge-witch] ...
        cards.toml       [card.bramble-wolf] ...

It may use every verb, condition, trait, hook and decision of the modules it plays with (the core
game's and the engine's, and those of the modules it ``requires``), replace an earlier module's
card or space (``replace = true``), and read its own options with the condition ``option``.

Front ends find home-brew modules in the user's folder (``$TALISMAN_CONTENT``, by default
``modules`` in the user's data folder, ``~/.local/share/talisman/modules`` on Linux) and in the
folders given with ``--content DIR``: a folder is a module when it holds ``module.toml``, else
each of its folders that does is one. :func:`check` lists every problem of a module with its file
and line; a broken content file blocks only itself (the module plays without it), a broken
``module.toml`` the whole module.

>>> Problem(Path("cards.toml"), 3, "card.x: missing field 'text'")
Problem(file=PosixPath('cards.toml'), line=3, message="card.x: missing field 'text'")
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from talisman.content import loader
from talisman.content.modules import (
    CORE,
    DECLARATION,
    NAME,
    Module,
    get_module,
    option_specs,
    register_module,
    resolve_modules,
)
from talisman.content.ruleset import build, check_content, compose_tables, content_files, verbs_of
from talisman.content.vocabulary import module_verbs
from talisman.errors import ConfigError, ContentError

_MODULE_FIELDS: Final = ("name", "title", "requires", "excludes", "design", "source")
_installed: dict[str, Path] = {}  # home-brew modules registered in this process, with their folders


@dataclass(frozen=True)
class Problem:
    """One problem of a home-brew module: its file, the line (when it can be told) and what is wrong."""

    file: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line or 1}: {self.message}"


@dataclass
class Checked:
    """What :func:`check` found in a module's folder: the module (None when its declaration is
    broken), its content files, the problems, and the files those problems block."""

    folder: Path
    module: Module | None
    files: list[Path]
    problems: list[Problem] = field(default_factory=list)

    @property
    def blocked(self) -> list[Path]:
        """The files with a problem (``module.toml`` among them blocks the whole module)."""
        return sorted({p.file for p in self.problems})

    @property
    def good(self) -> list[Path]:
        """The content files the module plays with."""
        return [f for f in self.files if f not in self.blocked]


def user_folder() -> Path:
    """The folder of the user's home-brew modules: ``$TALISMAN_CONTENT``, else ``modules`` in the
    user's data folder."""
    named = os.environ.get("TALISMAN_CONTENT")
    if named:
        return Path(named)
    from platformdirs import user_data_dir

    return Path(user_data_dir("talisman", appauthor=False)) / "modules"


def folders(root: Path) -> list[Path]:
    """The module folders under ``root``: ``root`` itself if it holds ``module.toml``, else each of
    its folders that does, in name order; ConfigError if ``root`` is not a folder."""
    if not root.is_dir():
        raise ConfigError(f"no such folder: {root}")
    if (root / DECLARATION).is_file():
        return [root]
    return sorted(d for d in root.iterdir() if (d / DECLARATION).is_file())


# --- the declaration ---------------------------------------------------------------------------


def declaration(folder: Path) -> tuple[Module | None, list[Problem]]:
    """The module ``folder/module.toml`` declares (its content: the folder's other TOML files), or
    None with the problems that keep it from being one."""
    path = folder / DECLARATION
    data, problems = _read(path)
    if data is None:
        return None, problems
    text = path.read_text(encoding="utf-8")

    def problem(where: str, message: str) -> None:
        problems.append(Problem(path, _line(text, where), f"{where}: {message}"))

    for top in data:
        if top not in ("module", "option"):
            problem(top, "unknown section (a module.toml has [module] and [option.<name>])")
    m = data.get("module")
    if not isinstance(m, dict):
        problem("module", "missing: [module] with its name and title")
        return None, problems
    for key in m:
        if key not in _MODULE_FIELDS:
            problem(f"module.{key}", f"unknown field (allowed: {', '.join(_MODULE_FIELDS)})")
    name, title = m.get("name"), m.get("title")
    if not isinstance(name, str) or not NAME.match(name):
        problem("module.name", f"a name of lowercase letters, digits and hyphens, not {name!r}")
    if not isinstance(title, str) or not title:
        problem("module.title", "a title (what the lobby shows)")
    related: dict[str, list[str]] = {}
    for key in ("requires", "excludes"):
        names = m.get(key, [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            problem(f"module.{key}", "a list of module names")
            names = []
        for n in names:
            try:
                get_module(n)
            except ConfigError:
                problem(f"module.{key}", f"unknown module {n!r}")
        related[key] = [n for n in names if n != CORE]
    options = option_specs(data.get("option", {}), problem)
    if problems:
        return None, problems
    assert isinstance(name, str) and isinstance(title, str)
    module = Module(
        name=name,
        title=title,
        content_dir=folder,
        requires=related["requires"],
        excludes=related["excludes"],
        options=options,
        content_files=sorted(p for p in folder.glob("*.toml") if p.name != DECLARATION),
    )
    return module, problems


# --- checking the content ----------------------------------------------------------------------------


def check(folder: Path) -> Checked:
    """Every problem of the home-brew module in ``folder``, each with its file and line: its
    declaration, each content file alone (TOML, each entry against the vocabulary), then the files
    together with the modules it plays with (what they name must exist and be declared). A file
    with a problem is left out of what the module plays, and the rest is checked again without it."""
    files = sorted(p for p in folder.glob("*.toml") if p.name != DECLARATION)
    module, problems = declaration(folder)
    found = Checked(folder, module, files, problems)
    others = resolve_modules(module.requires if module else ())
    tables = compose_tables(others)
    raw = loader.RawContent()  # what the modules it plays with define, then each file's entries in turn
    with module_verbs({name: verb.validate for name, verb in tables["verbs"].items()}, verbs_of):
        for m in others:
            loader.load_files(content_files(m), raw, m.name)
        for path in files:
            found.problems += _entry_problems(path, module.name if module else folder.name, raw)
    if module is None:
        return found
    files_by_label = {f"{module.name}/{p.name}": p for p in files}
    # every entry that passed, of every file, checked together: what each names must exist and be declared
    notes: list[str] = []
    try:
        check_content(raw, (*others, module), compose_tables((*others, module)), notes.append)
    except (ConfigError, ContentError) as e:
        notes.append(str(e))
    _own(found, notes, files_by_label)
    # then the files that play, as a game reads them: one left out may leave another naming what it held
    while found.module is not None:
        module.content_files = tuple(found.good)
        try:
            build((*others, module))
            break
        except (ConfigError, ContentError) as e:
            _own(found, [str(e)], files_by_label)
    return found


def _own(found: Checked, notes: list[str], files: dict[str, Path]) -> None:
    """Give each problem noted to the file it names (``module/file.toml: ...``); one no file of the
    module owns keeps the whole module from being played."""
    for note in notes:
        label, _, message = note.partition(": ")
        path = files.get(label)
        if path is not None:
            problem = Problem(path, _line(path.read_text(encoding="utf-8"), message), message)
            if problem not in found.problems:
                found.problems.append(problem)
        else:
            found.problems.append(Problem(found.folder / DECLARATION, None, note))
            found.module = None


def _read(path: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), []
    except tomllib.TOMLDecodeError as e:
        at = re.search(r"at line (\d+)", str(e))
        return None, [Problem(path, int(at.group(1)) if at else None, f"not valid TOML: {e}")]
    except (OSError, UnicodeDecodeError) as e:
        return None, [Problem(path, None, f"cannot be read: {e}")]


def _entry_problems(path: Path, module: str, raw: loader.RawContent) -> list[Problem]:
    """The problems of one content file on its own: its TOML, then each entry against the vocabulary
    (and against the ids ``raw`` defines already: the modules it plays with, the files before it)."""
    data, problems = _read(path)
    if data is None:
        return problems
    text = path.read_text(encoding="utf-8")
    label = f"{module}/{path.name}"
    for top, body in data.items():
        handler = loader.SECTIONS.get(top)
        if handler is None:
            problems.append(Problem(path, _line(text, f"[{top}"), f"unknown section [{top}]"))
            continue
        if isinstance(body, list):
            entries: list[Any] = [[e] for e in body]
        elif isinstance(body, dict):
            entries = [{k: v} for k, v in body.items()]
        else:
            entries = [body]
        for i, one in enumerate(entries):
            try:
                handler(one, raw, label)
            except ContentError as e:
                message = str(e).removeprefix(f"{label}: ").replace("link[0]", f"link[{i}]")
                problems.append(Problem(path, _line(text, message), message))
    return problems


# --- lines ----------------------------------------------------------------------------------------------

_IDENT = re.compile(r"(region|space|deck|card|character|table|number|option)\.([A-Za-z0-9_-]+)(?:\.(\w+))?")


def _line(text: str, where: str) -> int | None:
    """The line of a file an entry (and its field) named at the start of ``where`` is on:
    ``card.bog-wight.strength: ...`` is the line of ``strength =`` under ``[card.bog-wight]``."""
    lines = text.splitlines()
    ends = re.match(r"link \w+ ([\w-]+?)(?:\.on_pass)?:", where)  # link bridge a-b: (ids hold hyphens too)
    if ends:
        pair = ends.group(1)
        for cut in (i for i, c in enumerate(pair) if c == "-"):
            a, b = f'"{pair[:cut]}"', f'"{pair[cut + 1 :]}"'
            found = next((i + 1 for i, ln in enumerate(lines) if a in ln and b in ln), None)
            if found:
                return found
        return None
    link = re.match(r"link\[(\d+)\]", where)
    if link:
        heads = [i for i, ln in enumerate(lines) if re.match(r"\s*\[\[\s*link\s*\]\]", ln)]
        n = int(link.group(1))
        return heads[n] + 1 if n < len(heads) else None
    if where.startswith("["):
        name = re.escape(where.strip("[]"))
        return next((i + 1 for i, ln in enumerate(lines) if re.match(rf"\s*\[+\s*{name}\b", ln)), None)
    m = _IDENT.match(where)
    declared = re.match(r"module(?:\.(\w+))?", where)  # module.toml's [module] table and its fields
    if m is not None:
        header, fld = rf'{m.group(1)}\s*\.\s*"?{re.escape(m.group(2))}"?', m.group(3)
    elif declared is not None:
        header, fld = "module", declared.group(1)
    else:
        return None
    head = next((i for i, ln in enumerate(lines) if re.match(rf"\s*\[\s*{header}\s*\]", ln)), None)
    if head is None:
        return None
    if fld:
        for i in range(head + 1, len(lines)):
            if re.match(r"\s*\[", lines[i]):
                break
            if re.match(rf"\s*{re.escape(fld)}\s*=", lines[i]):
                return i + 1
    return head + 1


# --- installing ----------------------------------------------------------------------------------------


def install(roots: Iterable[Path]) -> list[Checked]:
    """Check the home-brew modules under these folders and make each playable whose declaration
    holds (without its broken files); returns what was found, problems included. A module this
    process installed already from the same folder is not checked again."""
    out: list[Checked] = []
    for root in roots:
        for folder in folders(root):
            done = next((n for n, f in _installed.items() if f == folder.resolve()), None)
            if done is not None:
                continue
            found = check(folder)
            if found.module is not None:
                try:
                    register_module(found.module)
                    _installed[found.module.name] = folder.resolve()
                except ConfigError as e:  # its name is another module's
                    found.problems.append(Problem(folder / DECLARATION, _line(_text(folder), "module.name"), str(e)))
                    found.module = None
            out.append(found)
    return out


def _text(folder: Path) -> str:
    return (folder / DECLARATION).read_text(encoding="utf-8")


def install_content(extra: Iterable[str | Path] = ()) -> list[Checked]:
    """The user's home-brew modules (when the folder exists) and those of each ``--content`` folder."""
    roots = [Path(p) for p in extra]
    user = user_folder()
    if user.is_dir() and all(user.resolve() != r.resolve() for r in roots if r.is_dir()):
        roots.insert(0, user)
    return install(roots)


def load(extra: Iterable[str | Path] = ()) -> None:
    """What a front end does as it starts: install the user's home-brew modules and those of each
    ``--content`` folder, and warn (on stderr) of every problem found and what it leaves out."""
    import sys

    for line in report(install_content(extra)):
        print(f"talisman: warning: {line}", file=sys.stderr)


def report(found: list[Checked]) -> list[str]:
    """One line for each problem found, and one for each module left out or played without a file."""
    lines: list[str] = []
    for c in found:
        lines += [str(p) for p in sorted(c.problems, key=lambda p: (str(p.file), p.line or 0))]
        if c.module is None:
            lines.append(f"{c.folder}: the module is not played (its module.toml has a problem)")
        elif c.blocked:
            lines.append(f"{c.folder}: {c.module.name} is played without {', '.join(p.name for p in c.blocked)}")
    return lines


def summary(module: Module) -> str:
    """What a module brings, counted from its content: ``1 character, 5 cards, 1 option``."""
    raw = loader.RawContent()
    others = resolve_modules(module.requires)
    with module_verbs({name: verb.validate for name, verb in compose_tables(others)["verbs"].items()}, verbs_of):
        for m in others:
            loader.load_files(content_files(m), raw, m.name)
        before = {k: len(getattr(raw, k)) for k in ("characters", "spaces", "numbers")}
        cards = sum(c.count for c in raw.cards.values())
        loader.load_files(content_files(module), raw, module.name)
    counts = {k: len(getattr(raw, k)) - n for k, n in before.items()}
    counts["cards"] = sum(c.count for c in raw.cards.values()) - cards
    counts["options"] = len(module.options)
    return ", ".join(f"{n} {k[:-1] if n == 1 else k}" for k, n in counts.items() if n)


def installed_folders(names: Iterable[str]) -> tuple[str, ...]:
    """The folders of the home-brew modules among these names (for a worker process to install)."""
    return tuple(str(_installed[n]) for n in names if n in _installed)
