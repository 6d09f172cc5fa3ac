"""``talisman rules --coverage``: which inventory rules have a test.

A test names the rules it checks with ``@pytest.mark.rules("id", ...)``. The
tests are read as source (nothing is run). Rules that are pure description
are listed with a reason in ``rules/descriptive.toml``; they are counted
apart, never as tested.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT / "rules" / "inventory.yaml"
DESCRIPTIVE = ROOT / "rules" / "descriptive.toml"
TESTS = ROOT / "tests"


def load_inventory(path: Path = INVENTORY) -> dict[str, list[str]]:
    """Module id -> rule ids, in the inventory's order."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {m["id"]: [r["id"] for r in m["rules"]] for m in data["modules"]}


def load_descriptive(path: Path = DESCRIPTIVE) -> dict[str, str]:
    if not path.exists():
        return {}
    return {k: v for k, v in tomllib.loads(path.read_text(encoding="utf-8")).get("rules", {}).items()}


def tested_ids(tests: Path = TESTS) -> dict[str, list[str]]:
    """Rule id -> the tests that name it (by reading ``pytest.mark.rules`` calls)."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _module_strings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_rules_mark(node.func):
                for arg in node.args:
                    for rule in _strings(arg, names):
                        found.setdefault(rule, []).append(path.name)
    return found


def _module_strings(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level ``NAME = "id"`` or ``NAME = ("id", ...)`` assignments."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values = _strings(node.value, out)
            if values:
                out[node.targets[0].id] = values
    return out


def _strings(node: ast.expr, names: dict[str, list[str]]) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name):
        return names.get(node.id, [])
    if isinstance(node, ast.Starred):
        return _strings(node.value, names)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [v for elt in node.elts for v in _strings(elt, names)]
    return []


def _is_rules_mark(func: ast.expr) -> bool:
    """``pytest.mark.rules(...)``, or ``rules(...)`` after ``rules = pytest.mark.rules``."""
    return (isinstance(func, ast.Attribute) and func.attr == "rules") or (
        isinstance(func, ast.Name) and func.id == "rules"
    )


def module_coverage(
    rules: list[str], tested: dict[str, list[str]], descriptive: dict[str, str]
) -> tuple[int, int, list[str]]:
    """A module's tested rules, its descriptive ones (counted apart, never as
    tested, even where a test names them), and its untested testable ids."""
    covered = sum(1 for r in rules if r in tested and r not in descriptive)
    desc = sum(1 for r in rules if r in descriptive)
    return covered, desc, [r for r in rules if r not in tested and r not in descriptive]


def run_rules(args: argparse.Namespace) -> int:
    inventory = load_inventory(Path(args.inventory) if args.inventory else INVENTORY)
    tested = tested_ids()
    descriptive = load_descriptive()
    known = {r for rules in inventory.values() for r in rules}
    unknown = sorted(set(tested) - known)
    if unknown:
        print(f"tests name unknown rule ids: {', '.join(unknown)}", file=sys.stderr)
    if args.missing:
        if args.missing not in inventory:
            print(f"unknown module {args.missing!r} (modules: {', '.join(inventory)})", file=sys.stderr)
            return 2
        for r in inventory[args.missing]:
            if r not in tested and r not in descriptive:
                print(r)
        return 0
    missing_all: list[str] = []
    for module, rules in inventory.items():
        covered, desc, missing = module_coverage(rules, tested, descriptive)
        note = f"  (+{desc} descriptive)" if desc else ""
        print(f"{module} {covered}/{len(rules)}{note}")
        missing_all += missing
    if args.coverage:
        print()
        print("missing:" if missing_all else "missing: none (every rule is tested or descriptive)")
        for r in missing_all:
            print(f"  {r}")
    sys.stdout.flush()
    return 1 if unknown else 0
