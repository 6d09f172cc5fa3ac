"""The token catalogue of Legendary Tales: hero tokens, rewards, every adventure's tokens (our
own TOML in ``data/``, read with tomllib). A token is an int, its index here.

>>> cat = catalogue()
>>> len(cat.rewards)
24
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
ICONS = (
    "sword",
    "hat",
    "sword2",
    "hat2",
    "sword/hat",
    "hourglass",
    "hourglass-back",
    "no-hourglass",
    "fate",
    "fate2",
    "magic-bag",
)
KINDS = ("enemy", "chest", "locked-chest", "item", "person", "hero", "reward", "toad", "other")
# The Travel die: 002 gives "4 + hourglass" and the Magic Portal; the four number faces are our own.
DIE = (1, 2, 2, 3, "4h", "portal")
HEALTH_TOKENS = 5


@dataclass(frozen=True)
class Token:
    id: int
    key: str
    name: str
    kind: str
    icons: tuple[str, ...] = ()
    health: int = 0
    rewards: int = 1
    border: str = "smooth"
    back: str = "regular"
    owner: str = ""  # the hero key for start tokens
    adventure: int = 0


@dataclass
class Catalogue:
    tokens: list[Token] = field(default_factory=list)
    heroes: dict[str, dict[str, Any]] = field(default_factory=dict)
    hero_tokens: dict[str, list[int]] = field(default_factory=dict)
    rewards: list[int] = field(default_factory=list)
    adventures: dict[int, dict[str, Any]] = field(default_factory=dict)
    adventure_tokens: dict[int, list[int]] = field(default_factory=dict)

    def add(self, spec: dict[str, Any], kind: str, owner: str = "", adventure: int = 0) -> list[int]:
        out = []
        for _ in range(int(spec.get("count", 1))):
            icons = tuple(spec.get("icons", ()))
            for i in icons:
                if i not in ICONS:
                    raise ValueError(f"unknown icon {i!r} on token {spec['key']!r}")
            k = spec.get("kind", kind)
            if k not in KINDS:
                raise ValueError(f"unknown token kind {k!r}")
            t = Token(
                len(self.tokens),
                spec["key"],
                spec["name"],
                k,
                icons,
                int(spec.get("health", 0)),
                int(spec.get("rewards", 1)),
                spec.get("border", "smooth"),
                spec.get("back", "regular"),
                owner,
                adventure,
            )
            self.tokens.append(t)
            out.append(t.id)
        return out

    def find(self, adventure: int, key: str) -> list[int]:
        return [t for t in self.adventure_tokens[adventure] if self.tokens[t].key == key]


@cache
def catalogue() -> Catalogue:
    """The catalogue (read once)."""
    cat = Catalogue()
    heroes = tomllib.loads((DATA / "heroes.toml").read_text(encoding="utf-8"))["hero"]
    for key, h in heroes.items():
        cat.heroes[key] = h
        cat.hero_tokens[key] = [t for spec in h["tokens"] for t in cat.add(spec, "hero", owner=key)]
        assert len(cat.hero_tokens[key]) == 7, key
    rewards = tomllib.loads((DATA / "rewards.toml").read_text(encoding="utf-8"))
    cat.rewards = [t for spec in rewards["tokens"] for t in cat.add(spec, "reward")]
    advs = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("adventure-*.toml"))]
    for a in sorted(advs, key=lambda d: int(d["adventure"]["number"])):
        n = int(a["adventure"]["number"])
        cat.adventures[n] = a
        cat.adventure_tokens[n] = [t for spec in a.get("token", []) for t in cat.add(spec, "enemy", adventure=n)]
    return cat
