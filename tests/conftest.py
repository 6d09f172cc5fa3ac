"""Test setup: every ``@pytest.mark.rules(...)`` id must exist in the inventory;
the test modules of tests/fixtures (one package each) are registered; the sharing
checking mode is on."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# A player's own Legendary Tales adventures (their custom folder) stay out of the tests: this one is empty.
os.environ["TALISMAN_LT_ADVENTURES"] = str(Path(__file__).parent / "fixtures" / "no-custom-adventures")
# And the user's home-brew modules too (talisman.content.homebrew): a folder that does not exist.
os.environ["TALISMAN_CONTENT"] = str(Path(__file__).parent / "fixtures" / "no-home-brew")

import pytest  # noqa: E402

from talisman.cli.coverage import load_descriptive, load_inventory  # noqa: E402
from talisman.content.modules import register_module  # noqa: E402
from talisman.engine import sharing  # noqa: E402

# Every copy of a game a test makes freezes what it shares with the original (talisman/engine/sharing.py):
# a rule that changes a shared value in place fails the test at the line that does it.
sharing.CHECK = True

# The test modules: one package each under tests/fixtures, declaring its Module (MODULE); and the example
# module of docs/writing-a-module.md, the package examples/example-module ships (registered here as it is
# found when installed, through its entry point).
sys.path.insert(0, str(Path(__file__).parent / "fixtures"))
sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "example-module"))
import city_stub  # noqa: E402
import dungeon_steeds  # noqa: E402
import extras  # noqa: E402
import hoard  # noqa: E402
import lands  # noqa: E402
import talisman_example  # noqa: E402
import warp_gate  # noqa: E402

for _fixture in (city_stub, dungeon_steeds, talisman_example, extras, hoard, lands, warp_gate):
    register_module(_fixture.MODULE)
EXTRAS = extras.MODULE.name
LANDS = lands.MODULE.name

KNOWN_RULES = {r for rules in load_inventory().values() for r in rules}
DESCRIPTIVE_RULES = set(load_descriptive())


# The tests that take the longest: the compiled build's check build, the games played through a real
# server (and a browser), and the ones marked slow. They run first, so that the test workers share
# them from the start instead of one worker finishing them alone at the end: scripts/test.sh has xdist
# hand the tests out one at a time, in the order collected, to whichever worker is free.
LONG_FIXTURES = frozenset({"compiled_build", "server", "browser", "chromium"})


def takes_long(item: pytest.Item) -> bool:
    """Whether a test is one of the long ones that run first."""
    fixtures = getattr(item, "fixturenames", ())
    return item.get_closest_marker("slow") is not None or not LONG_FIXTURES.isdisjoint(fixtures)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not takes_long(item))  # stable: each group keeps its order


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("rules"):
        unknown = [r for r in mark.args if r not in KNOWN_RULES]
        if unknown:
            pytest.fail(f"{item.nodeid} names rule ids that are not in the inventory: {unknown}")
        descriptive = [r for r in mark.args if r in DESCRIPTIVE_RULES]
        if descriptive:
            pytest.fail(f"{item.nodeid} names descriptive rules, which no test can check: {descriptive}")
