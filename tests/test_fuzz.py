"""The engine fuzzer (talisman/sim/fuzz.py, ``talisman fuzz``): a short run under
hypothesis over every module set, and proof that it finds what it looks for."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from talisman.content.ruleset import ruleset_for
from talisman.engine.game import Game
from talisman.sim.fuzz import fuzz, fuzz_game, module_sets

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
