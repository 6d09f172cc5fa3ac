"""A cache with a real bound, for values worked out again when forgotten.

>>> c = Bounded(2)
>>> c["a"], c["b"], c["c"] = 1, 2, 3
>>> sorted(c)
['b', 'c']
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(dict[K, V]):
    """A dict that holds at most ``limit`` entries: adding one more forgets the
    oldest. Read it as any dict; store with ``cache[key] = value`` (not
    ``setdefault`` or ``update``, which pass the bound by)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.limit and key not in self:
            del self[next(iter(self))]
        super().__setitem__(key, value)
