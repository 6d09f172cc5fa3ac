"""Where code reads and sets the keys of the state (``g.globals``, ``p.status``): a scan of the
source (tests/test_module_state.py holds every module to its declarations with it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

STORES = {"globals": "game", "status": "character"}
READING = ("get",)
SETTING = ("pop", "setdefault")
# The setters of the keys derived values read (talisman.engine.stats): each with its scope and where its key is.
SETTERS = {"set_status": ("character", 2), "set_global": ("game", 1)}


@dataclass(frozen=True)
class Use:
    """One place code reads or sets a key: its file and line, the scope, the key (a family
    ``prefix:*`` for an f-string that begins so; None when the key is worked out otherwise); ``setter``:
    set through a setter of :data:`SETTERS` rather than written in the store itself."""

    path: Path
    line: int
    function: str
    scope: str
    key: str | None
    sets: bool
    setter: bool = False


def constants(paths: list[Path]) -> dict[str, set[str]]:
    """Every module-level ``NAME = "text"`` of the files, by name (the values it has anywhere)."""
    found: dict[str, set[str]] = {}
    for path in paths:
        for name, values in _constants(ast.parse(path.read_text(encoding="utf-8"))).items():
            found.setdefault(name, set()).update(values)
    return found


def _constants(tree: ast.Module) -> dict[str, set[str]]:
    """A parsed file's module-level ``NAME = "text"``."""
    found: dict[str, set[str]] = {}
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.setdefault(target.id, set()).add(value.value)
    return found


def _key(node: ast.expr, own: dict[str, set[str]], named: dict[str, set[str]]) -> str | None:
    """The key ``node`` names: a text, a constant of the file's own or a constant of one value anywhere."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in own:
        return next(iter(own[node.id]))
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
    if name is not None and len(named.get(name, ())) == 1:
        return next(iter(named[name]))
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        head = str(node.values[0].value)
        if head.endswith(":"):
            return f"{head}*"
    return None


def _setter(call: ast.Call) -> str | None:
    """The setter of :data:`SETTERS` the call is to (``stats.set_status(...)``), if any."""
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    return name if name in SETTERS else None


def uses(path: Path, named: dict[str, set[str]]) -> Iterator[Use]:
    """The places the file reads or sets a key of the state (a name bound to ``x.status`` or
    ``x.globals`` counts as the store itself)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = _constants(tree)
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) and node.value.attr in STORES:
            for t in node.targets:
                if isinstance(t, ast.Name):
                    aliases[t.id] = STORES[node.value.attr]

    def store(e: ast.expr) -> str | None:
        if isinstance(e, ast.Attribute) and e.attr in STORES:
            return STORES[e.attr]
        return aliases.get(e.id) if isinstance(e, ast.Name) else None

    def found(node: ast.AST, function: str) -> Iterator[Use]:
        scope: str | None
        if isinstance(node, ast.Subscript) and (scope := store(node.value)):
            sets = not isinstance(node.ctx, ast.Load)
            yield Use(path, node.lineno, function, scope, _key(node.slice, own, named), sets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (scope := store(node.func.value)):
            method = node.func.attr
            if method in (*READING, *SETTING) and node.args:
                key = _key(node.args[0], own, named)
                yield Use(path, node.lineno, function, scope, key, method in SETTING)
        elif isinstance(node, ast.Call) and (setter := _setter(node)) and len(node.args) > SETTERS[setter][1]:
            scope, at = SETTERS[setter]
            yield Use(path, node.lineno, function, scope, _key(node.args[at], own, named), True, setter=True)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
            if scope := store(node.comparators[0]):
                yield Use(path, node.lineno, function, scope, _key(node.left, own, named), False)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Dict):
            if (scope := store(node.targets[0])) and isinstance(node.targets[0], ast.Attribute):
                for k in node.value.keys:
                    if k is not None:
                        yield Use(path, node.lineno, function, scope, _key(k, own, named), True)

    stack: list[tuple[ast.AST, str]] = [(tree, "<module>")]
    while stack:
        node, function = stack.pop()
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            yield from found(child, inner)
            stack.append((child, inner))
