"""What an option's id says: a verb, then the arguments the option is about, each typed.

An option id is the verb alone (``roll``, ``fight``) or the verb and its arguments joined by
colons (``move:temple``, ``take:37``, ``cast:12:3``). Each module declares the arguments of the
verbs its rules offer (:meth:`~talisman.content.modules.Module.declare_options`), in a short
grammar, one word per argument:

- a kind: ``card`` (a card instance), ``seat``, ``number`` (read as ints), ``space`` (a
  space id), ``word`` (any other name: an Object sold, an attribute, a region), ``tally``
  (counts of things, ``76x1,84x2``, read as pairs ``((76, 1), (84, 2))``);
- or a literal word (``gold``), or alternatives joined by ``|`` (``card|gold``: a card, or gold);
- ``name=`` before it names the argument (``old=card new=card``), else it is named after the
  alternative that matched (``card``, or ``gold``);
- ``?`` after it makes it optional (``card target=seat?``: a Spell, and perhaps its target).

A verb declared as ``kind/verb`` holds for that decision kind only, before the plain ``verb``.
Agents read :attr:`~talisman.engine.decision.Option.args`, never the id's text.

>>> grammar = OptionGrammar({"cast": parse_spec("card target=seat?"), "take": parse_spec("card|gold")})
>>> grammar.args("turn", "cast:12:3"), grammar.args("beguile", "take:gold"), grammar.args("turn", "roll")
({'card': 12, 'target': 3}, {'gold': 'gold'}, {})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from talisman.errors import ConfigError

KINDS: Final = frozenset({"card", "seat", "number", "space", "word", "tally"})
INT_KINDS: Final = frozenset({"card", "seat", "number"})
Tally = tuple[tuple[int, int], ...]
Value = int | str | Tally
Args = dict[str, Value]


@dataclass(frozen=True)
class Param:
    """One argument of a verb: the key it is kept under (None: the alternative that matched),
    the kinds or literal words it may be, and whether it may be left out."""

    name: str | None
    alternatives: tuple[str, ...]
    optional: bool = False

    def read(self, text: str) -> tuple[str, Value] | None:
        """The argument's key and value for this text, or None if no alternative takes it."""
        for alt in self.alternatives:
            if alt in INT_KINDS:
                if text.lstrip("-").isdigit():
                    return self.name or alt, int(text)
            elif alt in ("space", "word"):
                if text and not text.lstrip("-").isdigit():
                    return self.name or alt, text
            elif alt == "tally":
                tally = _tally(text)
                if tally is not None:
                    return self.name or alt, tally
            elif text == alt:
                return self.name or alt, text
        return None


def _tally(text: str) -> Tally | None:
    pairs = [part.partition("x") for part in text.split(",")]
    if not all(a.isdigit() and x and b.isdigit() for a, x, b in pairs):
        return None
    return tuple((int(a), int(b)) for a, _, b in pairs)


def parse_spec(spec: str) -> tuple[Param, ...]:
    """The params of a spec such as ``"old=card new=card"``; raises ConfigError on a bad one.

    >>> parse_spec("card target=seat?")[1]
    Param(name='target', alternatives=('seat',), optional=True)
    """
    params: list[Param] = []
    for token in spec.split():
        optional = token.endswith("?")
        body = token.rstrip("?")
        name, _, alts = body.rpartition("=")
        alternatives = tuple(alts.split("|"))
        if not all(alternatives) or (name and not name.replace("-", "").isalnum()):
            raise ConfigError(f"option arguments {spec!r}: {token!r} is not a kind, a word or name=kind")
        if params and params[-1].optional and not optional:
            raise ConfigError(f"option arguments {spec!r}: a required argument after an optional one")
        params.append(Param(name or None, alternatives, optional))
    return tuple(params)


class OptionGrammar:
    """The declared arguments of every verb of a game's modules (a ruleset's ``option_grammar``)."""

    def __init__(self, table: dict[str, tuple[Param, ...]]) -> None:
        self.table = table
        self._seen: dict[tuple[str, str], Args] = {}  # (kind, id) -> args: a game offers the same ids again and again

    def params(self, kind: str, verb: str) -> tuple[Param, ...] | None:
        """The params of ``verb`` in a decision of ``kind`` (None: not declared)."""
        found = self.table.get(f"{kind}/{verb}")
        return found if found is not None else self.table.get(verb)

    def args(self, kind: str, option_id: str) -> Args:
        """The arguments of an option, by name (empty for a bare verb, or one no module declares
        with these arguments: :meth:`check` tells)."""
        key = (kind, option_id)
        found = self._seen.get(key)
        if found is None:
            found = self._read(kind, option_id) or {}
            if len(self._seen) >= 8192:
                self._seen.clear()
            self._seen[key] = found
        return found

    def check(self, kind: str, option_id: str) -> Args:
        """The arguments of an option, or a ConfigError saying why its id does not fit its verb."""
        found = self._read(kind, option_id)
        if found is None:
            raise ConfigError(f"option {option_id!r} of a {kind!r} decision fits no declared arguments of its verb")
        return found

    def _read(self, kind: str, option_id: str) -> Args | None:
        verb, colon, rest = option_id.partition(":")
        if not colon:
            return {}
        params = self.params(kind, verb)
        if params is None:
            return None
        texts = rest.split(":")
        if len(texts) > len(params) or any(not p.optional for p in params[len(texts) :]):
            return None
        out: Args = {}
        for param, text in zip(params, texts, strict=False):
            read = param.read(text)
            if read is None:
                return None
            out[read[0]] = read[1]
        return out


def compose_grammar(tables: list[tuple[str, dict[str, str]]]) -> OptionGrammar:
    """One grammar from the modules' declarations ((module name, verb -> spec), in the modules'
    order); two modules may declare a verb alike, never two ways."""
    table: dict[str, tuple[Param, ...]] = {}
    by: dict[str, str] = {}
    for module, specs in tables:
        for verb, spec in specs.items():
            params = parse_spec(spec)
            if verb in table and table[verb] != params:
                raise ConfigError(
                    f"module {module!r} declares the arguments of option {verb!r} as {spec!r}, "
                    f"which module {by[verb]!r} declares otherwise"
                )
            table[verb] = params
            by.setdefault(verb, module)
    return OptionGrammar(table)
