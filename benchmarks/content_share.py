"""How much of the content needs Python: the share of cards whose behaviour is not all in their TOML.

    python benchmarks/content_share.py            # the figures
    python benchmarks/content_share.py --list     # and each card that needs Python, with the reasons

Over every card title of every known module (a title counts once, however many copies it has), a card
*needs Python* when any of these holds:

- ``hook``: one of its effect lists (``on_draw``, ``on_encounter``, ``use``, ``on_win``, ``on_lose``,
  ``on_standoff``, ``cast.do``, ``cast.on_land``, at any depth) calls ``{ hook = "..." }``;
- ``spell``: its ``cast`` table names a Python spell effect (``cast.hook``);
- ``trait``: it carries a trait keyword (the part before any ``:`` or ``@``) that no other card or character
  carries and that the rule code reads (holds as a string constant, alone or before a ``:``), so that the
  code reading it serves this card alone (a trait only the content reads, with the condition ``trait``, is
  vocabulary whoever carries it);
- ``named``: the rule code (``talisman/engine``, ``talisman/content``, ``talisman/modules``) holds a string
  constant equal to the card's name: the code picks the card out by name (the names of the attributes,
  Strength and Craft, which two Spells bear, and the kinds of card, such as the City's Scroll, which is
  named for its kind, are words of the rules and do not count).

A trait several titles share is vocabulary, as a verb is. The bots and front ends are not rule code and are
not searched. The second figure is over the Python hooks and spell effects the content calls: the share
used by one card only (a space or character using it counts as a user too). A hook kept for one card says
why no verb or trait says it, in a line of its function's docstring that starts ``One card:`` (or
``One space:``); the third figure counts the single-card hooks without such a line (the goal is none).
A trait kept for one card says why in its declared meaning (a module's ``[traits]`` table, or the engine's),
after the words ``One card:``; the fourth figure counts the single-card traits without them (the goal is none).
"""

from __future__ import annotations

import argparse
import ast
import copy
import dataclasses
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

from talisman.content.loader import RawContent, load_files  # noqa: E402
from talisman.content.model import CardDef  # noqa: E402
from talisman.content.modules import TALISMAN, game_of, get_module, known_modules, resolve_modules  # noqa: E402
from talisman.content.ruleset import content_files, verbs_of  # noqa: E402
from talisman.content.vocabulary import module_verbs  # noqa: E402
from talisman.engine.base import ENGINE  # noqa: E402

RULE_CODE = ("talisman/engine", "talisman/content", "talisman/modules")
ATTRIBUTES = ("strength", "craft", "lives", "gold", "fate")
EFFECT_FIELDS = ("on_draw", "on_encounter", "use", "on_win", "on_lose", "on_standoff")
REASON = ("One card:", "One space:")  # how a single-card hook's docstring says why it is Python


def _hooks_in(value: Any) -> Iterator[str]:
    """Every ``hook`` verb called anywhere inside an effect list (or any nested value)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "hook" and isinstance(inner, str):
                yield inner
            else:
                yield from _hooks_in(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _hooks_in(inner)


def _trait_word(trait: str) -> str:
    return trait.split(":")[0].split("@")[0]


def _string_constants() -> set[str]:
    found: set[str] = set()
    for folder in RULE_CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "advice.py" or path.name.endswith("_advice.py") or "advice" in path.parent.name:
                continue  # the bots' advice beside a module names cards to play them, not to rule them
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return found


def reason_of(fn: Any) -> str | None:
    """The line of a hook's docstring saying why no verb or trait says what it does, if it has one.

    >>> def barge(g, seat, ctx):
    ...     '''A Barge to the Wharf.
    ...
    ...     One card: a voyage priced by the Region one boards in.'''
    >>> reason_of(barge)
    'One card: a voyage priced by the Region one boards in.'
    """
    lines = (line.strip() for line in (getattr(fn, "__doc__", None) or "").splitlines())
    return next((line for line in lines if line.startswith(REASON)), None)


def trait_reason_of(meaning: str | None) -> str | None:
    """What a trait's declared meaning says of why one card carries it, if it says so.

    >>> trait_reason_of("a Weapon that breaks on a 1. One card: the rule is the Great Axe alone.")
    'One card: the rule is the Great Axe alone.'
    >>> trait_reason_of("a Follower that stays behind") is None
    True
    """
    text = meaning or ""
    at = text.find(REASON[0])
    return None if at < 0 else text[at:]


def python_reads(word: str, constants: set[str]) -> bool:
    """Whether the rule code holds a trait's keyword, alone or before a ``:`` or ``@``."""
    return any(c == word or c.startswith((f"{word}:", f"{word}@")) for c in constants)


def trait_meanings() -> dict[str, str]:
    """The declared meaning of every trait keyword of the known modules (and the engine's)."""
    found: dict[str, str] = dict(ENGINE.traits)
    for module in known_modules():
        found.update(get_module(module).traits)
    return found


def python_of_hooks() -> dict[str, Any]:
    """Every hook and Spell effect of the known modules, by the name the content calls it (a Spell
    effect as ``spell:<name>``)."""
    found: dict[str, Any] = {}
    for module in known_modules():
        m = get_module(module)
        found.update(m.hooks)
        found.update({f"spell:{name}": fn for name, fn in m.spell_effects.items()})
    return found


def load_with_what_it_builds_on(module: str) -> RawContent:
    """A module's content, loaded as a game loads it: after the modules it builds on (Worlds replaces
    the base game's regions), with the verbs of them all; what comes out holds only what it defines
    or replaces itself."""
    before = RawContent()
    talisman = game_of((module,)) == TALISMAN
    every = [m for m in resolve_modules(("core", module) if talisman else (module,)) if not m.base]
    with module_verbs({name: verb.validate for m in every for name, verb in m.verbs.items()}, verbs_of):
        for m in every:
            if m.name != module and m.content_dir is not None:
                load_files(content_files(m), before, m.name)
        after = RawContent(**{f.name: copy.copy(getattr(before, f.name)) for f in dataclasses.fields(RawContent)})
        load_files(content_files(get_module(module)), after, module)
    own = RawContent()
    for field in ("cards", "characters", "spaces"):
        old, new = getattr(before, field), getattr(after, field)
        setattr(own, field, {k: v for k, v in new.items() if old.get(k) is not v})
    return own


def measure() -> dict[str, Any]:
    """The figures, and the reasons of each card that needs Python."""
    cards: dict[tuple[str, str], CardDef] = {}
    trait_users: dict[str, set[str]] = defaultdict(set)
    hook_users: dict[str, set[str]] = defaultdict(set)
    for module in known_modules():
        content = get_module(module).content_dir
        if content is None:
            continue
        raw = load_with_what_it_builds_on(module)
        for key, card in raw.cards.items():
            cards[(module, key)] = card
            for trait in card.traits + card.owner_traits:
                trait_users[_trait_word(trait)].add(card.name)
        for char in raw.characters.values():
            for trait in char.traits:
                trait_users[_trait_word(trait)].add(f"character {char.name}")
        for sid, space in raw.spaces.items():
            for name in _hooks_in(space):
                hook_users[name].add(f"space {module}/{sid}")
    constants = _string_constants()
    rule_words = {*ATTRIBUTES, *(card.type for card in cards.values())}
    reasons: dict[tuple[str, str], list[str]] = {}
    single_traits: set[str] = set()
    for ident, card in cards.items():
        why: list[str] = []
        effects: list[Any] = [getattr(card, f) for f in EFFECT_FIELDS]
        effects += [v for k, v in card.cast.items() if k != "hook"]
        for name in sorted(set(_hooks_in(effects))):
            why.append(f"hook {name}")
            hook_users[name].add(card.name)
        if "hook" in card.cast:
            why.append(f"spell {card.cast['hook']}")
            hook_users[f"spell:{card.cast['hook']}"].add(card.name)
        for trait in card.traits + card.owner_traits:
            word = _trait_word(trait)
            if len(trait_users[word]) == 1 and python_reads(word, constants):
                why.append(f"trait {trait}")
                single_traits.add(word)
        if card.name in constants and card.name.lower() not in rule_words:
            why.append("named in code")
        if why:
            reasons[ident] = why
    single = sorted(h for h, users in hook_users.items() if len(users) == 1)
    python = python_of_hooks()
    why_python = {h: reason_of(python.get(h)) for h in single}
    meanings = trait_meanings()
    why_trait = {t: trait_reason_of(meanings.get(t)) for t in sorted(single_traits)}
    return {
        "cards": len(cards),
        "reasons": reasons,
        "hooks": len(hook_users),
        "single": single,
        "why": why_python,
        "why_trait": why_trait,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--list", action="store_true", help="list each card that needs Python, with the reasons")
    ap.add_argument("--quick", action="store_true", help="the same (it takes a few seconds)")
    args = ap.parse_args()
    print(builds.which(), flush=True)
    m = measure()
    if args.list:
        for (module, key), why in sorted(m["reasons"].items()):
            print(f"{module}/{key}: {', '.join(why)}")
        print("hooks used by one card only:")
        for hook in m["single"]:
            print(f"  {hook}: {m['why'][hook] or 'NO REASON (say in its docstring why no verb or trait says it)'}")
        print("traits carried by one card only:")
        for trait, why in m["why_trait"].items():
            print(f"  {trait}: {why or 'NO REASON (say in its meaning why no verb, condition or trait says it)'}")
    need = len(m["reasons"])
    print(f"cards needing Python: {need} of {m['cards']} ({100 * need / m['cards']:.1f}%)")
    kinds = defaultdict(int)
    for why in m["reasons"].values():
        for k in {w.split()[0] for w in why}:
            kinds[k] += 1
    print("  by reason (a card may have several): " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    single = len(m["single"])
    print(f"hooks and spell effects used by one card only: {single} of {m['hooks']} ({100 * single / m['hooks']:.1f}%)")
    unexplained = sorted(h for h, why in m["why"].items() if why is None)
    print(
        f"single-card hooks without a reason: {len(unexplained)}"
        + (f" ({', '.join(unexplained)})" if unexplained else "")
    )
    lone = sorted(t for t, why in m["why_trait"].items() if why is None)
    print(f"single-card traits without a reason: {len(lone)}" + (f" ({', '.join(lone)})" if lone else ""))


if __name__ == "__main__":
    main()
