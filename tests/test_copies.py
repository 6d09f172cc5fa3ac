"""A copy of a game shares nothing a move changes (issue 37, point 1): moves played on a ``clone()``
never reach the original, for every module and for big combinations of them; and the checking mode
(talisman/engine/sharing.py) refuses a value of the state changed in place while copies share it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import talisman
from talisman.bots import act, make_bot
from talisman.content.modules import get_module, known_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine import sharing
from talisman.engine.game import Game
from talisman.engine.sharing import SharedValueChanged, freeze
from talisman.errors import ConfigError
from talisman.modules.city_classic import law
from talisman.sim.fuzz import SetDraws, random_options
from talisman.testing import Scenario

PACKAGE = [m for m in known_modules() if Path(talisman.__file__).parent in get_module(m).content_dir.parents]
# Every module, each with what it requires (a game of its own, Legendary Tales, alone)...
EACH = {m: SetDraws(0, PACKAGE).own(m) or (m,) for m in PACKAGE}
# ...and largest sets: every optional module that can be played with the City, the Dungeon, the hex world.
BIG = [SetDraws(0, PACKAGE, holding=[m]).draw(len(PACKAGE)) for m in ("city-classic", "dungeon-4e", "worlds")]


@pytest.fixture(autouse=True)
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every copy freezes what it shares: a value changed in place raises at the line that does it."""
    monkeypatch.setattr(sharing, "CHECK", True)


def play_on_copies(modules: tuple[str, ...], seed: int, steps: int, depth: int) -> None:
    """Play ``steps`` moves (the rule-aware bot's, one in three at random) with random options;
    before each, a copy plays ``depth`` moves of its own (random ones or the bot's), and the
    original's hash must not have moved."""
    r = random.Random(seed)
    players = r.randint(1, 5)
    try:
        g = Game.new(players=players, modules=modules, options=random_options(modules, r), seed=seed, log=False)
    except ConfigError:  # options that rule each other out (a campaign begun at its third adventure)
        g = Game.new(players=players, modules=modules, seed=seed, log=False)
    bot = make_bot("heuristic", seed)
    for step in range(steps):
        if g.is_over:
            return
        before = g.state_hash()
        copy = g.clone()
        for _ in range(depth):
            if copy.is_over:
                break
            copy.apply(act(bot, copy) if r.random() < 0.5 else r.choice(copy.legal_ids()))
        assert g.state_hash() == before, f"{modules}, seed {seed}, step {step}: a copy's moves reached the original"
        g.apply(act(bot, g) if r.random() < 2 / 3 else r.choice(g.legal_ids()))


@pytest.mark.parametrize("module", sorted(EACH))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_moves_on_a_copy_never_reach_the_original(module: str, seed: int) -> None:
    play_on_copies(EACH[module], seed, steps=60, depth=6)


@pytest.mark.parametrize("modules", BIG, ids=lambda s: f"{len(s)}-modules")
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_moves_on_a_copy_never_reach_the_original_in_big_combinations(modules: tuple[str, ...], seed: int) -> None:
    assert len(modules) >= 10
    play_on_copies(modules, seed, steps=60, depth=6)


@pytest.mark.parametrize("seed", [16, 19])
def test_a_city_game_keeps_its_crimes_from_its_copies(seed: int) -> None:
    """As in the issue: games in the City where a copy's crime reached the original (the Law's list
    of crimes was changed in place), before a crime made a new list."""
    play_on_copies(("core", "city-classic"), seed, steps=300, depth=4)


@pytest.mark.rules("city-classic.statute-f-magic")
def test_a_crime_on_a_copy_is_the_copys_alone() -> None:
    s = Scenario(["warrior", "wizard"], modules=("city-classic",)).at(0, "gold-street").at(1, "village")
    g = s.game
    law.crime(g, 0, "F")
    copy = g.clone()
    law.crime(copy, 0, "E")
    assert g.players[0].status["crimes"] == ["F"] and copy.players[0].status["crimes"] == ["F", "E"]


def test_the_checking_mode_refuses_a_shared_value_changed_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    handlers = ruleset_for(("core",)).handlers
    real = handlers["turn_start"]

    def careless(g: Game, a: dict) -> None:
        real(g, a)
        g.players[a["p"]].status.setdefault("seen", []).append(g.turn)  # in place: the copies' list too

    monkeypatch.setitem(handlers, "turn_start", careless)
    g = Game.new(["warrior", "wizard"], seed=1, log=False)
    with pytest.raises(SharedValueChanged, match="replace the value"):
        for _ in range(200):
            g.clone()
            g.apply(g.decision.ids[0])


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v["list"].append(1),
        lambda v: v["list"].__setitem__(0, 9),
        lambda v: v["list"].sort(),
        lambda v: v["dict"].update(a=2),
        lambda v: v["dict"].setdefault("b", 1),
        lambda v: v["dict"].pop("a"),
        lambda v: v["set"].add(3),
        lambda v: v.__setitem__("n", 2),
    ],
)
def test_a_frozen_value_cannot_be_changed_in_place(change) -> None:
    v = freeze({"list": [3, 1], "dict": {"a": 1}, "set": {1, 2}, "n": 1})
    with pytest.raises(SharedValueChanged):
        change(v)
    assert v == {"list": [3, 1], "dict": {"a": 1}, "set": {1, 2}, "n": 1}


def test_a_frozen_value_is_equal_and_makes_ordinary_values() -> None:
    v = freeze({"list": [1, [2]], "dict": {"a": {"b": 1}}})
    assert v == {"list": [1, [2]], "dict": {"a": {"b": 1}}}
    grown = [*v["list"], 3]
    grown.append(4)
    changed = {**v["dict"], "c": 2}
    changed["d"] = 3
    assert grown == [1, [2], 3, 4] and changed == {"a": {"b": 1}, "c": 2, "d": 3}
