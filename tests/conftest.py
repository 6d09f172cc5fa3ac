"""Test setup: every ``@pytest.mark.rules(...)`` id must exist in the inventory."""

from __future__ import annotations

import pytest

from talisman.cli.coverage import load_inventory

KNOWN_RULES = {r for rules in load_inventory().values() for r in rules}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("rules"):
        unknown = [r for r in mark.args if r not in KNOWN_RULES]
        if unknown:
            pytest.fail(f"{item.nodeid} names rule ids that are not in the inventory: {unknown}")
