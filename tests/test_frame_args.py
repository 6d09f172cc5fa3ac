"""Every frame kind declares its arguments (``@MODULE.handler(kind, args=SomeTypedDict)``) and
gets frames that fit the declaration: random games of every module run with each handler
wrapped by a check of the frame's arguments (their names, and their values' types), so a frame
built by hand with a misspelt or a missing argument is caught where it runs."""

from __future__ import annotations

import dataclasses
import random
import re
import types
from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

import pytest

from talisman import Game
from talisman.bots import make_bot
from talisman.content.modules import known_modules
from talisman.engine import combat, frames
from talisman.engine.view import agent_view


def declared(args: type) -> dict[str, tuple[bool, Any]]:
    """The arguments a TypedDict declares: name -> (required?, type). (A key marked
    ``NotRequired`` in a module that postpones annotations is counted among the required keys
    by Python 3.11: the mark itself is read instead.)"""
    optional: frozenset[str] = getattr(args, "__optional_keys__", frozenset())
    out = {}
    for name, hint in get_type_hints(args, include_extras=True).items():
        required = name not in optional
        if get_origin(hint) in (NotRequired, Required):
            required = get_origin(hint) is Required
            hint = get_args(hint)[0]
        out[name] = (required, hint)
    return out


def fits(value: Any, hint: Any) -> bool:
    """Does a value of plain frame data fit this type? (What frames hold: numbers, text, lists
    and tuples, dicts, None; ``Any`` fits everything.)"""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(fits(value, h) for h in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin in (list, tuple):
        inner = get_args(hint)
        return isinstance(value, (list, tuple)) and all(fits(v, inner[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(fits(v, get_args(hint)[1]) for v in value.values())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type) and issubclass(hint, dict):  # a TypedDict within
        return isinstance(value, dict)
    return isinstance(value, hint)


# A fight's dice carry ``rerolled_<seat>`` once that seat has rolled again (engine/combat.py): a
# key named for a seat, which no TypedDict can declare, allowed in these kinds alone.
SEAT_KEYED = frozenset({"combat_resolve", "combat_outcome", "pvp_reroll_defender", "pvp_resolve"})
REROLLED = re.compile(r"rerolled_\d+")


def misfits(kind: str, args: type, given: Mapping[str, Any]) -> list[str]:
    """What is wrong with a frame's arguments, by its kind's declaration (nothing: [])."""
    wanted = declared(args)
    wrong = [
        f"{kind}: {name!r} is no argument of it"
        for name in given
        if name not in wanted and not (kind in SEAT_KEYED and REROLLED.fullmatch(name))
    ]
    for name, (required, hint) in wanted.items():
        if name not in given:
            if required:
                wrong.append(f"{kind}: {name!r} is missing")
        elif not fits(given[name], hint):
            wrong.append(f"{kind}: {name!r} is {given[name]!r}, not a {hint}")
    return wrong


def checked(kind: str, args: type, handler: Callable[..., Any], seen: set[str]) -> Callable[..., Any]:
    def run(g: Game, a: dict[str, Any]) -> Any:
        wrong = misfits(kind, args, a)
        assert not wrong, wrong
        seen.add(kind)
        return handler(g, a)

    return run


def test_the_check_refuses_a_missing_a_misspelt_and_a_mistyped_argument() -> None:
    assert misfits("arrive", frames.Arrive, frames.arrive(0, 3, "move")[1]) == []
    assert misfits("arrive", frames.Arrive, {"p": 0, "space": 3}) == ["arrive: 'how' is missing"]
    assert misfits("arrive", frames.Arrive, {"p": 0, "spaec": 3, "how": "move"}) == [
        "arrive: 'spaec' is no argument of it",
        "arrive: 'space' is missing",
    ]
    assert misfits("arrive", frames.Arrive, {"p": 0, "space": "3", "how": "fly"})[0].startswith("arrive: 'space'")
    assert len(misfits("arrive", frames.Arrive, {"p": True, "space": 3, "how": "fly"})) == 2
    assert misfits("roll", frames.Roll, frames.roll(0, "D6", frames.move_choose(0))[1]) == []
    assert misfits("walk", frames.Walk, {"p": 0, "path": [1, 2], "i": 0, "then": None}) == []
    rolled = {**frames.roll(0, "D6", frames.move_choose(0))[1], "faces": [3], "enemy_roll": 2, "rerolled_1": True}
    rolled.update(frames.combat(0, [5], [], "strength", True, True, [], [], [], [], {})[1])
    assert misfits("combat_resolve", combat.CombatRolled, rolled) != []  # the roll's own arguments are none of it
    for key in ("dice", "then", "into", "why", "fate"):
        del rolled[key]
    assert misfits("combat_resolve", combat.CombatRolled, rolled) == []
    assert misfits("combat_roll", frames.Combat, rolled)[0] == "combat_roll: 'faces' is no argument of it"


MODULES = known_modules()


@pytest.mark.parametrize("module", MODULES)
def test_every_frame_kind_declares_its_arguments(module: str) -> None:
    rules = Game.new(players=3, modules=(module,), seed=0, log=False, start=False).rules
    assert sorted(set(rules.handlers) - set(rules.frame_args)) == []


def checked_game(module: str, seed: int, seen: set[str]) -> Game:
    """A game of the module whose handlers check the frames of the kinds that declare their arguments."""
    g = Game.new(players=3, modules=(module,), seed=seed, log=False, start=False)
    rules = g.rules
    handlers = {
        kind: checked(kind, rules.frame_args[kind], fn, seen) if kind in rules.frame_args else fn
        for kind, fn in rules.handlers.items()
    }
    g.rules = dataclasses.replace(rules, handlers=handlers)
    g.advance()
    return g


@pytest.mark.parametrize("module", MODULES)
def test_every_frame_run_in_seeded_games_fits_its_kinds_declaration(module: str) -> None:
    """Two games of random choices and one of the rule-aware bots (which reach the Crown, buy,
    sell and fight other characters more than random choices do)."""
    seen: set[str] = set()
    for seed in range(2):
        g = checked_game(module, seed, seen)
        rng = random.Random(seed)
        while not g.is_over and g.turn <= 60:
            d = g.decision
            assert d is not None
            g.apply(rng.choice(d.ids))
    g = checked_game(module, 2, seen)
    bots = {i: make_bot("heuristic", 2 * 7 + i) for i in range(len(g.players))}
    while not g.is_over and g.turn <= 150:
        d = g.decision
        assert d is not None
        g.apply(bots[d.player].choose(agent_view(g, d.player), d))
    assert seen, "no declared frame ran"
