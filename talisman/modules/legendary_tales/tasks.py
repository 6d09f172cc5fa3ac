"""The open registries adventure data names: task conditions, story actions, and what happens
when a token is turned face up. Adventures with rules of their own (``adventures.py``) add to
them; the standard ones are in ``story.py``.

>>> @condition("example-never")
... def _never(g, spec): return False
>>> holds(None, {"if": "example-never"})
False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Cond = Callable[[Any, dict[str, Any]], bool]
Act = Callable[[Any, dict[str, Any]], None]
Reveal = Callable[[Any, int], None]
CONDITIONS: dict[str, Cond] = {}
ACTIONS: dict[str, Act] = {}
ON_REVEAL: list[Reveal] = []


def condition(name: str) -> Callable[[Cond], Cond]:
    """Register a task condition: ``done = {if = "name", ...}`` in an adventure's steps."""

    def register(fn: Cond) -> Cond:
        CONDITIONS[name] = fn
        return fn

    return register


def action(name: str) -> Callable[[Act], Act]:
    """Register a story action: ``then = [{do = "name", ...}]`` in an adventure's steps."""

    def register(fn: Act) -> Act:
        ACTIONS[name] = fn
        return fn

    return register


def on_reveal(fn: Reveal) -> Reveal:
    """Register a rule run each time an adventure token is turned face up (after its Health)."""
    ON_REVEAL.append(fn)
    return fn


def holds(g: Any, spec: dict[str, Any]) -> bool:
    """Whether the condition ``spec`` holds in game ``g``."""
    return CONDITIONS[spec["if"]](g, spec)


def run(g: Any, specs: list[dict[str, Any]]) -> None:
    """Carry out the actions ``specs`` in order, stopping if the game ends."""
    for s in specs:
        if g.result is not None:
            return
        ACTIONS[s["do"]](g, s)
