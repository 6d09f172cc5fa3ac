"""Dice expressions used by content: ``D6``, ``2D6``, ``3D6-strength``, ``D6+8``, ``die``.

``die`` is the acting character's own die (D4, D6 or D8 by size). The names
``strength``, ``craft``, ``gold``, ``lives`` and ``fate`` read the acting
character's current value.

>>> parse("3D6-strength")
((3, 6, 1), ('strength', -1))
>>> parse("D6+8")
((1, 6, 1), (8, 1))
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

ATTRIBUTES: Final = ("strength", "craft", "gold", "lives", "fate")
_TERM: Final = re.compile(r"\s*([+-]?)\s*(\d*D\d+|\d*die|\d+|[a-z]+)\s*", re.IGNORECASE)

Term = tuple[Any, ...]  # (count, sides, sign) for dice, (name_or_int, sign) otherwise


@cache
def parse(expr: str) -> tuple[Term, ...]:
    """Parse a dice expression into terms; raise ``ValueError`` when malformed."""
    if not isinstance(expr, str) or not expr.strip():
        raise ValueError(f"dice expression must be a non-empty string, not {expr!r}")
    pos, terms = 0, []  # type: tuple[int, list[Term]]
    text = expr.strip()
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"cannot read dice expression {expr!r}")
        sign = -1 if m.group(1) == "-" else 1
        if not terms and m.group(1) == "" and pos:
            raise ValueError(f"missing + or - in dice expression {expr!r}")
        if terms and m.group(1) == "":
            raise ValueError(f"missing + or - in dice expression {expr!r}")
        token = m.group(2).lower()
        if "d" in token and token[-1].isdigit() and not token.isdigit():
            count, sides = token.split("d")
            terms.append((int(count or 1), int(sides), sign))
        elif token.endswith("die"):
            terms.append((int(token[:-3] or 1), 0, sign))
        elif token.isdigit():
            terms.append((int(token), sign))
        elif token in ATTRIBUTES:
            terms.append((token, sign))
        else:
            raise ValueError(f"unknown term {token!r} in dice expression {expr!r}")
        pos = m.end()
    if not any(len(t) == 3 for t in terms):
        raise ValueError(f"dice expression {expr!r} rolls no dice")
    return tuple(terms)


def dice_of(expr: str) -> list[tuple[int, int]]:
    """The dice an expression rolls, as ``(count, sides)``; sides 0 is the character's die."""
    return [(t[0], t[1]) for t in parse(expr) if len(t) == 3]


def parse_range(text: str | int) -> tuple[int, int]:
    """A table row key: ``"3"``, ``"2-3"``, ``"6+"`` or ``"<=0"``.

    >>> parse_range("2-3"), parse_range("6+"), parse_range("<=0")
    ((2, 3), (6, 999), (-999, 0))
    """
    s = str(text).strip()
    try:
        if s.startswith("<="):
            return (-999, int(s[2:]))
        if s.endswith("+"):
            return (int(s[:-1]), 999)
        if "-" in s[1:]:
            lo, hi = (
                s.split("-", 1) if not s.startswith("-") else ("-" + s[1:].split("-", 1)[0], s[1:].split("-", 1)[1])
            )
            return (int(lo), int(hi))
        return (int(s), int(s))
    except ValueError:
        raise ValueError(f"bad table row {text!r}: use 3, 2-3, 6+ or <=0") from None


def spoken(expr: str, faces: list[int], total: int, die: int = 6) -> tuple[str, str]:
    """A roll as a player says it: what was rolled and how the total came
    (``die``: the sides of the character's own die). Six-sided dice are just
    dice; others are named by their sides.

    >>> spoken("3D6-craft", [4, 5, 6], 12)
    ('3 dice', '4+5+6 − 3 (Craft) = 12')
    >>> spoken("D6", [4], 4)
    ('a die', '4')
    >>> spoken("D6+8", [2], 10)
    ('a die', '2 + 8 = 10')
    >>> spoken("die", [3], 3, die=4)
    ('a D4', '3')
    """
    terms = parse(expr)
    dice = [(t[0], t[1] or die) for t in terms if len(t) == 3]
    count = sum(n for n, _ in dice)
    sides = {s for _, s in dice}
    parts: list[str] = []
    rest = total
    i = 0
    for t in terms:
        if len(t) == 3:
            shown = faces[i : i + t[0]]
            i += t[0]
            rest -= t[2] * sum(shown)
            parts.append(("− " if t[2] < 0 and parts else "") + "+".join(map(str, shown)))
    others = [t for t in terms if len(t) == 2]
    for value, sign in others:
        if isinstance(value, int):
            amount = str(value)
        elif len(others) == 1:
            amount = f"{abs(rest)} ({value.capitalize()})"
        else:
            amount = value.capitalize()
        parts.append(f"{'−' if sign < 0 else '+'} {amount}")
    working = " ".join(parts)
    if len(faces) > 1 or others:
        working += f" = {total}"
    kind = "" if sides == {6} or len(sides) > 1 else f" D{sides.pop()}"
    what = f"a{kind or ' die'}" if count == 1 else f"{count}{kind.strip() or ' dice'}"
    return what, working
