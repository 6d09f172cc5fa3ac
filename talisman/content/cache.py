"""A cache with a real bound, for values worked out again when forgotten.

>>> c = Bounded(2)
>>> c["a"], c["b"], c["c"] = 1, 2, 3
>>> sorted(c)
['b', 'c']
"""

from __future__ import annotations

from itertools import islice
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(dict[K, V]):
    """A dict that holds at most ``limit`` entries: adding one more forgets the
    oldest (a quarter of them at once: a dict forgets its oldest entry by leaving
    a hole that each later search for the oldest walks past, so forgetting them one
    by one would cost more with each). Read it as any dict; store with
    ``cache[key] = value`` (not ``setdefault`` or ``update``, which pass the bound by)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.limit and key not in self:
            for old in list(islice(self, max(1, self.limit // 4))):
                del self[old]
        super().__setitem__(key, value)
