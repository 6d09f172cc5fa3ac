"""Test setup: every ``@pytest.mark.rules(...)`` id must exist in the inventory;
the test-only modules ``test-extras`` (tests/fixtures/extras) and ``test-lands``
(tests/fixtures/lands) are registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from talisman.cli.coverage import load_descriptive, load_inventory
from talisman.modules import Module, register_module

EXTRAS = "test-extras"
register_module(
    Module(
        name=EXTRAS,
        title="Test content for expansion rules of 000's core chapter",
        content_dir=Path(__file__).parent / "fixtures" / "extras",
    )
)
LANDS = "test-lands"
register_module(
    Module(
        name=LANDS,
        title="Test places and cards of the City, Timescape, Dragons and Dungeon that 000's character exceptions name",
        content_dir=Path(__file__).parent / "fixtures" / "lands",
        requires=("roster",),
    )
)

KNOWN_RULES = {r for rules in load_inventory().values() for r in rules}
DESCRIPTIVE_RULES = set(load_descriptive())


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("rules"):
        unknown = [r for r in mark.args if r not in KNOWN_RULES]
        if unknown:
            pytest.fail(f"{item.nodeid} names rule ids that are not in the inventory: {unknown}")
        descriptive = [r for r in mark.args if r in DESCRIPTIVE_RULES]
        if descriptive:
            pytest.fail(f"{item.nodeid} names descriptive rules, which no test can check: {descriptive}")
