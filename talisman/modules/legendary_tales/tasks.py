"""The task engine: conditions and actions named by adventure data, in open registries.

>>> @condition("example-never")
... def _never(g, spec): return False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Cond = Callable[[Any, dict[str, Any]], bool]
Act = Callable[[Any, dict[str, Any]], None]
CONDITIONS: dict[str, Cond] = {}
ACTIONS: dict[str, Act] = {}


def condition(name: str) -> Callable[[Cond], Cond]:
    def register(fn: Cond) -> Cond:
        CONDITIONS[name] = fn
        return fn

    return register


def action(name: str) -> Callable[[Act], Act]:
    def register(fn: Act) -> Act:
        ACTIONS[name] = fn
        return fn

    return register


def holds(g: Any, spec: dict[str, Any]) -> bool:
    return CONDITIONS[spec["if"]](g, spec)


def run(g: Any, specs: list[dict[str, Any]]) -> None:
    for s in specs:
        if g.result is not None:
            return
        ACTIONS[s["do"]](g, s)
