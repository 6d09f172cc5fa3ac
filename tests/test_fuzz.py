"""The engine fuzzer (talisman/sim/fuzz.py, ``talisman fuzz``): a short run under
hypothesis over every module set, and proof that it finds what it looks for."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from talisman.content.modules import known_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine.game import Game
from talisman.errors import ConfigError
from talisman.sim.fuzz import SetDraws, fuzz, fuzz_game, module_sets

SETS = module_sets(
    (
        "core",
        "endings",
        "wizards-tower",
        "master-levels",
        "dungeon-characters",
        "roster",
        "dungeon-4e",
        "dungeon-classic",
    )
)


def test_every_set_of_modules_that_can_be_played_together_is_fuzzed():
    assert len(SETS) == 64 and ("core",) in SETS and len(set(SETS)) == len(SETS)
    assert not any("dungeon-4e" in s and "dungeon-classic" in s for s in SETS)
    assert all("dungeon-characters" in s for s in SETS if "dungeon-4e" in s)  # what a module requires comes with it


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), index=st.integers(0, len(SETS) - 1))
def test_fuzzed_play_keeps_every_invariant(seed, index):
    f = fuzz_game(seed, SETS[index], max_steps=40)
    assert f.violations == [] and f.steps > 0 and f.refused == f.steps


def test_a_run_goes_round_the_module_sets_and_counts_its_steps():
    f = fuzz(60, 120, seed=7, sets=SETS[:3], max_turns=3)
    assert f.violations == [] and f.steps == 60 and len(f.module_sets) == 3


def test_the_fuzzer_finds_a_card_in_two_places(monkeypatch):
    handlers = ruleset_for(("core",)).handlers
    real = handlers["turn_start"]

    def doubling(g: Game, a: dict) -> None:
        real(g, a)
        g.players[a["p"]].objects.append(g.decks["adventure"][-1])  # the top card, now in two places

    monkeypatch.setitem(handlers, "turn_start", doubling)
    f = fuzz_game(1, ("core",), players=2, max_steps=20)
    assert f.violations and "card conservation broken" in f.violations[0]


def test_the_fuzzer_finds_an_inexact_clone(monkeypatch):
    real = Game.clone

    def careless(g: Game) -> Game:
        c = real(g)
        c.players[0].gold += 1
        return c

    monkeypatch.setattr(Game, "clone", careless)
    f = fuzz_game(2, ("core",), players=2, max_steps=20)
    assert f.violations and "a clone answering" in f.violations[0]


def test_the_fuzzer_finds_a_bad_answer_that_changes_the_state(monkeypatch):
    real = Game.apply

    def leaky(g: Game, option_id: str, player: int | None = None) -> None:
        if option_id not in g.legal_ids():
            g.players[0].gold += 1
        real(g, option_id, player)

    monkeypatch.setattr(Game, "apply", leaky)
    f = fuzz_game(3, ("core",), players=2, max_steps=20)
    assert f.violations and "changed the state" in f.violations[0]


@pytest.mark.parametrize("what", ["lives", "gold"])
def test_the_fuzzer_finds_a_negative_counter(monkeypatch, what):
    handlers = ruleset_for(("core",)).handlers
    real = handlers["turn_start"]

    def draining(g: Game, a: dict) -> None:
        real(g, a)
        setattr(g.players[a["p"]], what, -1)

    monkeypatch.setitem(handlers, "turn_start", draining)
    f = fuzz_game(4, ("core",), players=2, max_steps=20)
    assert f.violations and f"-1 {what}" in f.violations[0]


def test_legendary_tales_is_fuzzed_as_a_game_of_its_own():
    assert module_sets(("core", "endings", "legendary-tales"))[-1] == ("legendary-tales",)
    f = fuzz(1500, 120, seed=3, sets=[("legendary-tales",)], max_turns=60)
    assert f.violations == [] and f.steps == 1500 and f.refused == f.steps and f.finished >= 1


def test_the_fuzzer_finds_a_legendary_tales_token_in_two_places(monkeypatch):
    handlers = ruleset_for(("legendary-tales",)).handlers
    real = handlers["lt-travel"]

    def doubling(g: Game, a: dict) -> None:
        real(g, a)
        g.decks["bag:0"].append(g.decks["reward"][-1])  # a Reward token, now in two bags

    monkeypatch.setitem(handlers, "lt-travel", doubling)
    f = fuzz_game(5, ("legendary-tales",), players=2, max_steps=20)
    assert f.violations and "token conservation broken" in f.violations[0]


def test_the_fuzzer_finds_a_copy_whose_moves_change_the_game(monkeypatch):
    """A value a copy shares with the game, changed in place by a move on the copy (the City's crimes
    of issue 37), is a violation: the checking mode refuses the change where it is made."""
    handlers = ruleset_for(("core",)).handlers
    real = handlers["turn_start"]

    def careless(g: Game, a: dict) -> None:
        real(g, a)
        # in place: the game's list too (a declared key of numbers: an undeclared one is refused sooner, when
        # the copy's snapshot loads)
        g.players[a["p"]].status.setdefault("fight_scores", []).append(g.turn)

    monkeypatch.setitem(handlers, "turn_start", careless)
    f = fuzz_game(6, ("core",), players=2, max_steps=60)
    assert f.violations and "SharedValueChanged" in f.violations[0]


PACKAGE = (
    "core",
    "endings",
    "wizards-tower",
    "master-levels",
    "dungeon-characters",
    "roster",
    "dungeon-4e",
    "dungeon-classic",
    "city-classic",
    "city-districts",
    "catacombs",
    "airships",
    "legendary-tales",
)


def test_a_run_draws_each_module_first_then_largest_and_every_size_of_set():
    draws = SetDraws(11, PACKAGE)
    sets = [draws.next() for _ in range(400)]
    firsts = sets[:12]
    assert ("legendary-tales",) in firsts and all(len(s) <= 3 or s == ("legendary-tales",) for s in firsts)
    assert {m for s in firsts for m in s} == set(PACKAGE)
    talisman = [s for s in sets if s != ("legendary-tales",)]
    every = module_sets(PACKAGE)
    assert all(s in every for s in sets)  # each a set that can be played, named as the game names it
    largest = max(len(s) for s in every)
    assert max(len(s) for s in talisman) == largest  # every compatible module: 10 of the 11 optional ones
    sizes = {len(s) for s in talisman}
    assert set(range(2, largest + 1)) <= sizes and 1 in sizes  # core alone, and every size up to the largest
    assert 10 <= sets.count(("legendary-tales",)) <= 60
    assert SetDraws(11, PACKAGE).next() == sets[0] and [SetDraws(12, PACKAGE).next() for _ in range(1)] == sets[:1]
    assert [d.next() for d in [SetDraws(12, PACKAGE)] for _ in range(60)] != sets[:60]  # another seed, other sets


def test_a_run_can_keep_to_the_sets_holding_a_module():
    draws = SetDraws(3, PACKAGE, holding=["city-classic"])
    assert all("city-classic" in draws.next() for _ in range(50))
    assert {SetDraws(3, PACKAGE, holding=["legendary-tales"]).next()} == {("legendary-tales",)}
    with pytest.raises(ConfigError, match="cannot be played together"):
        SetDraws(3, PACKAGE, holding=["dungeon-4e", "dungeon-classic"])
    with pytest.raises(ConfigError, match="game of its own"):
        SetDraws(3, PACKAGE, holding=["legendary-tales", "city-classic"])


def test_a_run_over_drawn_sets_reports_the_sets_it_covered():
    f = fuzz(150, 120, seed=4, sets=SetDraws(4, PACKAGE), max_turns=1)
    assert f.violations == [] and f.steps == 150 and f.copies == f.steps
    assert sum(games for games, _ in f.module_sets.values()) == f.games
    assert sum(steps for _, steps in f.module_sets.values()) == f.steps
    lines = f.coverage()
    assert lines[0].startswith(f"{len(f.module_sets)} module sets, by number of modules: ")
    assert lines[1] == "modules held by none: " + ", ".join(sorted(set(known_modules()) - set(PACKAGE)))
    assert lines[2].startswith(f"a largest set ({max(len(s) for s in f.module_sets)} modules): ")
