"""The token catalogue of Legendary Tales: hero tokens, rewards, every adventure's tokens (our
own TOML in ``data/``, read with tomllib, then the custom adventures of ``authoring``). A token
is an int, its index here: the built-in ones come first, so a custom adventure never moves them.

>>> cat = catalogue()
>>> len(cat.rewards)
24
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from talisman.errors import ContentError
from talisman.modules.legendary_tales import authoring
from talisman.modules.legendary_tales.authoring import DATA, ICONS, KINDS

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
    by_key: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    broken: dict[int, str] = field(default_factory=dict)  # custom adventures that fail their checks: why

    def add(self, spec: dict[str, Any], kind: str, owner: str = "", adventure: int = 0) -> list[int]:
        """Add a token spec (``count`` copies) of the given default kind; their ids."""
        out = []
        for _ in range(int(spec.get("count", 1))):
            icons = tuple(spec.get("icons", ()))
            for i in icons:
                if i not in ICONS:
                    raise ContentError(f"unknown icon {i!r} on token {spec['key']!r}")
            k = spec.get("kind", kind)
            if k not in KINDS:
                raise ContentError(f"unknown token kind {k!r} on token {spec['key']!r}")
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
        """The tokens of an adventure with this key (indexed on first use; not to be changed)."""
        if not self.by_key:
            for n, ids in self.adventure_tokens.items():
                for t in ids:
                    self.by_key.setdefault((n, self.tokens[t].key), []).append(t)
        return self.by_key.get((adventure, key), [])


@cache
def catalogue() -> Catalogue:
    """The catalogue (read once): built-in data, then every custom adventure that passes its checks."""
    cat = Catalogue()
    heroes = authoring.read(DATA / "heroes.toml")["hero"]
    for key, h in heroes.items():
        cat.heroes[key] = h
        cat.hero_tokens[key] = [t for spec in h["tokens"] for t in cat.add(spec, "hero", owner=key)]
        if len(cat.hero_tokens[key]) != 7:
            raise ContentError(f"{DATA / 'heroes.toml'}: [hero.{key}]: 7 start tokens, not {len(cat.hero_tokens[key])}")
    rewards = authoring.read(DATA / "rewards.toml")
    cat.rewards = [t for spec in rewards["tokens"] for t in cat.add(spec, "reward")]
    for path in sorted(DATA.glob("adventure-*.toml")):
        data = authoring.read(path)
        authoring.check(data, str(path), builtin=True)
        cat.adventures[int(data["adventure"]["number"])] = data
    for n in sorted(cat.adventures):
        cat.adventure_tokens[n] = [
            t for spec in cat.adventures[n].get("token", []) for t in cat.add(spec, "enemy", adventure=n)
        ]
    for path in authoring.custom_files():
        _add_custom(cat, path)
    return cat


def _add_custom(cat: Catalogue, path: Path) -> None:
    """A custom adventure joins the catalogue, or is noted as broken (a game of it says why)."""
    head = authoring.headline(path)
    try:
        data = authoring.read(path)
        authoring.check(data, str(path))
        n = int(data["adventure"]["number"])
        if n in cat.adventures:
            raise ContentError(
                f"{path}: [adventure]: number: {n} is already adventure {cat.adventures[n]['adventure']['title']!r}"
            )
        cat.adventures[n] = data
        cat.adventure_tokens[n] = [t for spec in data.get("token", []) for t in cat.add(spec, "enemy", adventure=n)]
    except ContentError as e:
        if head is not None:
            cat.broken.setdefault(head[0], str(e))
