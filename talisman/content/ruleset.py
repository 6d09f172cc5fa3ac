"""A ruleset: the merged, indexed content of the modules one game plays with.

Building one reads and checks every TOML file of the chosen modules; the
result is cached, immutable and shared by all games with the same modules.

>>> rs = ruleset_for(("core",))
>>> rs.space("tavern").region
'outer'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from talisman.content.loader import RawContent, build_spaces, load_dir
from talisman.content.model import CardDef, CharacterDef, LinkDef, RegionDef, SpaceDef, Table
from talisman.errors import ConfigError, ContentError
from talisman.modules import Module, resolve_modules


@dataclass(frozen=True)
class Ruleset:
    """Everything static about a game: boards, decks, characters, options, hooks."""

    modules: tuple[Module, ...]
    spaces: tuple[SpaceDef, ...]
    space_index: dict[str, int]
    regions: dict[str, RegionDef]
    links: tuple[LinkDef, ...]
    cards: dict[str, CardDef]
    instances: tuple[CardDef, ...]
    decks: dict[str, tuple[int, ...]]
    deck_info: dict[str, dict[str, Any]]
    characters: dict[str, CharacterDef]
    tables: dict[str, Table]
    options: dict[str, Any]
    cw: tuple[int, ...]  # the next space along each region (-1 past the end of a line)
    ccw: tuple[int, ...]
    by_name: dict[str, tuple[int, ...]]
    # Values the engine works out from this content alone (the walks a roll allows
    # from a space...), kept once they are asked for: they never change.
    derived: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def module_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.modules)

    def space(self, sid: str) -> SpaceDef:
        return self.spaces[self.space_index[sid]]

    def has_module(self, name: str) -> bool:
        names = self.derived.get("module-names")
        if names is None:
            names = self.derived["module-names"] = frozenset(m.name for m in self.modules)
        return name in names

    def card_of(self, instance: int) -> CardDef:
        return self.instances[instance]

    def links_of(self, index: int, kind: str | None = None) -> list[tuple[LinkDef, int]]:
        """Links touching a space, each with the space at the other end."""
        sid = self.spaces[index].id
        out = []
        for ln in self.links:
            if kind and ln.kind != kind:
                continue
            if ln.a == sid:
                out.append((ln, self.space_index[ln.b]))
            elif ln.b == sid:
                out.append((ln, self.space_index[ln.a]))
        return out


@lru_cache(maxsize=32)
def ruleset_for(module_names: tuple[str, ...]) -> Ruleset:
    """Build (once) the ruleset of these modules; raises ConfigError or ContentError."""
    modules = resolve_modules(module_names)
    raw = RawContent()
    for m in modules:
        if m.content_dir is not None:
            load_dir(m.content_dir, raw, m.name)
    spaces = build_spaces(raw)
    space_index = {s.id: s.index for s in spaces}
    _check_references(raw, space_index)

    cw = [0] * len(spaces)
    ccw = [0] * len(spaces)
    for region in raw.regions.values():
        ring = [space_index[s] for s in region.ring]
        line = region.shape == "line"
        for i, idx in enumerate(ring):
            # -1: no space beyond the end of a line
            cw[idx] = -1 if line and i == len(ring) - 1 else ring[(i + 1) % len(ring)]
            ccw[idx] = -1 if line and i == 0 else ring[(i - 1) % len(ring)]
        if region.deck not in raw.decks:
            raise ContentError(
                f"{raw.origin['region.' + region.id]}: region.{region.id}.deck: unknown deck {region.deck!r}"
            )

    instances: list[CardDef] = []
    decks: dict[str, list[int]] = {d: [] for d in raw.decks}
    for card in raw.cards.values():
        for _ in range(card.count):
            decks[card.deck].append(len(instances))
            instances.append(card)
    by_name: dict[str, list[int]] = {}
    for i, c in enumerate(instances):
        by_name.setdefault(c.name, []).append(i)

    options: dict[str, Any] = {}
    for m in modules:
        for name, spec in m.options.items():
            if spec.extends and name in options:
                base = options[name]
                added = [
                    (c, label) for c, label in zip(spec.choices, spec.labels, strict=True) if c not in base.choices
                ]
                options[name] = type(spec)(
                    spec.default,
                    base.choices + tuple(c for c, _ in added),
                    f"{base.help} {spec.help}",
                    title=base.title,
                    labels=base.labels + tuple(label for _, label in added),
                )
                continue
            if name in options or spec.extends:
                raise ConfigError(
                    f"option {name!r} is declared by two modules"
                    if name in options
                    else f"option {name!r} extends no option of an earlier module"
                )
            options[name] = spec
    return Ruleset(
        modules=modules,
        spaces=tuple(spaces),
        space_index=space_index,
        regions=dict(raw.regions),
        links=tuple(raw.links),
        cards=dict(raw.cards),
        instances=tuple(instances),
        decks={k: tuple(v) for k, v in decks.items()},
        deck_info=dict(raw.decks),
        characters=dict(raw.characters),
        tables=dict(raw.tables),
        options=options,
        cw=tuple(cw),
        ccw=tuple(ccw),
        by_name={k: tuple(v) for k, v in by_name.items()},
    )


def _check_references(raw: RawContent, space_index: dict[str, int]) -> None:
    """Cross-file checks: every id an entry names must exist."""
    names = {c.name for c in raw.cards.values()}
    for ln in raw.links:
        for sid in (ln.a, ln.b, *([ln.via] if ln.via else [])):
            if sid not in space_index:
                raise ContentError(f"link {ln.kind} {ln.a}-{ln.b}: unknown space {sid!r}")
        _check_effects(ln.on_pass, f"link {ln.kind} {ln.a}-{ln.b}.on_pass", space_index, raw, names)
    for key, card in raw.cards.items():
        where = f"{raw.origin['card.' + key]}: card.{key}"
        if card.deck not in raw.decks:
            raise ContentError(f"{where}.deck: unknown deck {card.deck!r}")
        for attr in ("on_draw", "on_encounter", "use", "on_win", "on_lose", "on_standoff"):
            _check_effects(getattr(card, attr), f"{where}.{attr}", space_index, raw, names)
    for key, ch in raw.characters.items():
        if ch.start not in space_index:
            raise ContentError(f"{raw.origin['character.' + key]}: character.{key}.start: unknown space {ch.start!r}")
    for sid, s in raw.spaces.items():
        for attr in ("before_draw", "encounter", "on_enter"):
            _check_effects(
                s.get(attr, ()), f"{raw.origin['space.' + sid]}: space.{sid}.{attr}", space_index, raw, names
            )
    for key, t in raw.tables.items():
        for _lo, _hi, eff in t.rows:
            _check_effects(eff, f"{raw.origin['table.' + key]}: table.{key}", space_index, raw, names)


def _check_effects(
    effects: Any,
    where: str,
    space_index: dict[str, int],
    raw: RawContent,
    names: set[str],
    guarded: frozenset[str] = frozenset(),
) -> None:
    """Every space, deck and card an effect names must exist. A deck may be
    missing where a ``deck`` condition guards the effect (a module's deck that
    another module's card uses only when it is in play)."""
    for e in effects:
        decks = guarded | {e["if"]["deck"]} if "deck" in e.get("if", {}) else guarded
        for verb, params in e.items():
            if verb in ("if", "unless", "target"):
                continue
            if verb == "move" and "to" in params and params["to"] not in space_index:
                raise ContentError(f"{where}: move to unknown space {params['to']!r}")
            if verb == "relocate":
                for row in params["rows"]:
                    if row["to"] not in space_index:
                        raise ContentError(f"{where}: relocate to unknown space {row['to']!r}")
            if verb == "take_card" and params["deck"] not in raw.decks and params["deck"] not in decks:
                raise ContentError(f"{where}: take_card from unknown deck {params['deck']!r}")
            if verb == "shop":
                for item in params["items"]:
                    if item not in names:
                        raise ContentError(f"{where}: shop sells unknown card {item!r}")
            if isinstance(params, dict):
                for sub in ("on_win", "on_lose", "on_standoff", "success", "failure", "do"):
                    if sub in params:
                        _check_effects(params[sub], where, space_index, raw, names, decks)
                for row in params.get("rows", ()) if verb != "relocate" else ():
                    _check_effects(row.get("do", ()), where, space_index, raw, names, decks)
                for opt in params.get("options", ()):
                    opt_decks = decks | {opt["if"]["deck"]} if "deck" in opt.get("if", {}) else decks
                    _check_effects(opt.get("do", ()), where, space_index, raw, names, opt_decks)
