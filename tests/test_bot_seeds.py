"""The four game loops that seat bots (terminal, simulator, fuzzer, web autopilot) seed them one way:
:func:`talisman.bots.loop.bot_seed`. Each test records the seeds a loop gives its bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

from talisman.bots import base
from talisman.bots.loop import bot_seed
from talisman.cli.main import main
from talisman.server.autopilot import Autopilot, Plan
from talisman.sim import fuzz, runner

SEED = 11


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds of every random source a bot is made with, in order."""
    given: list[int] = []
    made = base.make_bot

    def recording(kind: str, seed: int = 0) -> Any:
        given.append(seed)
        return made(kind, seed)

    def recording_agent(spec: str, seed: int) -> Any:
        given.append(seed)
        return made(spec, seed)

    for module in ("talisman.cli.play", "talisman.sim.fuzz", "talisman.server.autopilot"):
        monkeypatch.setattr(f"{module}.make_bot", recording)
    monkeypatch.setattr(runner, "make_agent", recording_agent)
    return given


def test_the_terminal_game_seeds_its_bots_by_seat(seeds: list[int]) -> None:
    argv = ["play", "--seat", "?=random", "--seat", "?=heuristic", "--seed", str(SEED), "--max-turns", "1", "--quiet"]
    assert main([*argv, "--plain"]) == 0
    assert seeds == [bot_seed(SEED, 0), bot_seed(SEED, 1)]


def test_the_simulator_seeds_its_bots_by_seat(seeds: list[int]) -> None:
    runner.play_game(runner.GameSpec(index=0, seed=SEED, players=3, bots=("random",) * 3, max_turns=1))
    assert seeds == [bot_seed(SEED, seat) for seat in range(3)]


def test_the_fuzzer_seeds_its_bots_by_seat(seeds: list[int]) -> None:
    fuzz.fuzz_game(SEED, ("core",), players=2, max_steps=30)
    assert sorted(seeds) == [bot_seed(SEED, 0), bot_seed(SEED, 1)]


def test_the_autopilot_seeds_each_answer_by_seat_and_step(seeds: list[int]) -> None:
    pilot = Autopilot(seed=SEED, controllers=["human", "random"], bot_delay=0.0)
    pilot.bot(Plan(step=5, seat=1, reason="bot", due=0.0, ends_at=0.0))
    pilot.bot(Plan(step=6, seat=0, reason="away", due=0.0, ends_at=0.0))
    assert seeds == [bot_seed(SEED, 1, step=5), bot_seed(SEED, 0, step=6)]


def test_a_seat_and_a_step_each_change_the_seed() -> None:
    seeds = {bot_seed(game, seat) for game in range(50) for seat in range(6)}
    assert len(seeds) == 300
    stepped = {bot_seed(SEED, seat, step) for seat in range(6) for step in range(100)}
    assert len(stepped) == 600
    first = {random.Random(bot_seed(SEED, 0, step)).random() for step in range(20)}
    assert len(first) == 20  # a bot made afresh at each step draws afresh
