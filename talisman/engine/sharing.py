"""What a copy of a game shares with the original, and the checking mode that proves it is never changed.

:meth:`~talisman.engine.game.Game.clone` copies every container a rule changes in place: the
lists, dicts and sets of the game and of each character (decks, possessions, ``status`` and
``globals`` themselves, the stack...). It does not copy the *values* kept in them (a character's
``status["quest"]``, a global's dict, a frame's args, a decision's options): a copy shares those
with the original, as it shares ``config`` and ``options``. So the rule for every module is that
a value of the state is **replaced, never changed in place**::

    p.status["crimes"] = [*p.status.get("crimes", []), "F"]   # right: a new list
    p.status.setdefault("crimes", []).append("F")               # wrong: the original's list too

Copying those values as well would make a copy several times dearer (the hex world's layout
alone is some sixty lists), and search makes thousands of copies a decision.

In checking mode (:data:`CHECK`, or the environment variable ``TALISMAN_CHECK_SHARING=1``; the
test suite and ``talisman fuzz`` turn it on), each copy first *freezes* what it shares: every
shared value, in the original and in the copy, becomes a :class:`FrozenList`, :class:`FrozenDict`
or :class:`FrozenSet`, equal to what it was, which raises :class:`SharedValueChanged` at the line
that tries to change it in place. A value built anew from a frozen one (``[*old, x]``,
``{**old, k: v}``, ``old[:]``) is an ordinary one again.

>>> d = freeze({"crimes": ["F"], "n": 1})
>>> d == {"crimes": ["F"], "n": 1}, {**d, "n": 2}["n"]
(True, 2)
>>> d["crimes"].append("J")
Traceback (most recent call last):
  ...
talisman.engine.sharing.SharedValueChanged: append() on a value of the game's state that copies of the game share: replace the value instead of changing it in place
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from talisman.engine.decision import Choice

if TYPE_CHECKING:
    from talisman.engine.game import Game

C = TypeVar("C")

CHECK = os.environ.get("TALISMAN_CHECK_SHARING", "") not in ("", "0")


@contextmanager
def checking() -> Iterator[None]:
    """Checking mode for what runs inside (as it was after).

    >>> from talisman.engine import sharing
    >>> with checking():
    ...     sharing.CHECK
    True
    """
    global CHECK
    before, CHECK = CHECK, True
    try:
        yield
    finally:
        CHECK = before


class SharedValueChanged(Exception):
    """A value of the state that a copy of the game shares was changed in place."""


def _refuse(what: str) -> NoReturn:
    raise SharedValueChanged(
        f"{what}() on a value of the game's state that copies of the game share: "
        "replace the value instead of changing it in place"
    )


def _refuser(name: str) -> Callable[..., NoReturn]:
    def refuse(self: Any, *a: Any, **k: Any) -> NoReturn:
        _refuse(name)

    refuse.__name__ = name
    return refuse


def _refusing(names: str) -> Callable[[type[C]], type[C]]:
    """A frozen container's class: each of the methods ``names`` (separated by spaces: every one that
    would change it in place) refuses, raising :class:`SharedValueChanged`."""

    def frozen(cls: type[C]) -> type[C]:
        for name in names.split():
            setattr(cls, name, _refuser(name))
        return cls

    return frozen


@_refusing("append extend insert pop remove clear sort reverse __setitem__ __delitem__ __iadd__ __imul__")
class FrozenList(list[Any]):
    """A list of the state shared by copies of a game (checking mode): it cannot be changed."""

    __slots__ = ()


@_refusing("__setitem__ __delitem__ pop popitem setdefault update clear __ior__")
class FrozenDict(dict[Any, Any]):
    """A dict of the state shared by copies of a game (checking mode): it cannot be changed."""

    __slots__ = ()


@_refusing(
    "add discard remove pop clear update difference_update intersection_update symmetric_difference_update "
    "__ior__ __iand__ __isub__ __ixor__"
)
class FrozenSet(set[Any]):
    """A set of the state shared by copies of a game (checking mode): it cannot be changed."""

    __slots__ = ()


_FROZEN = (FrozenList, FrozenDict, FrozenSet, str, int, float, bool, type(None))


def freeze(value: Any) -> Any:
    """``value`` with every list, dict and set in it frozen (a frozen one is kept as it is: all in it is
    frozen already); tuples and :class:`~talisman.engine.decision.Choice` objects are made anew around
    frozen contents."""
    t = type(value)
    if t in _FROZEN:
        return value
    if t is dict:
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if t is list:
        return FrozenList([freeze(v) for v in value])
    if t is set:
        return FrozenSet(value)
    if t is tuple:  # (a frame, or a pair: made anew only if something in it was not frozen yet)
        items = [freeze(v) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    if t is Choice:
        frames = freeze(value.frames)
        return value if frames is value.frames else Choice(value.id, value.label, frames, value.group, value.data)
    return value


def _freeze_items(*dicts: dict[Any, Any]) -> None:
    """Freeze the values of dicts that are copies of one another (the first is the original)."""
    first = dicts[0]
    for k, v in first.items():
        frozen = freeze(v)
        if frozen is not v:
            for d in dicts:
                d[k] = frozen


def freeze_shared(original: Game, copy: Game) -> None:
    """Freeze everything ``copy`` (just made by ``clone``) shares with ``original``, in both."""
    for p, q in zip(original.players, copy.players, strict=True):
        _freeze_items(p.status, q.status)
    _freeze_items(original.globals, copy.globals)
    for i, f in enumerate(original.stack):
        frozen = freeze(f)
        if frozen is not f:
            original.stack[i] = copy.stack[i] = frozen
    original.result = copy.result = freeze(original.result)
    original.options = copy.options = freeze(original.options)
