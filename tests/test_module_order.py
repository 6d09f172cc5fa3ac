"""The same game whatever order a process imported the modules in (issue 10,
item 2): the ruleset alone orders the rule code of its modules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Each process imports the module packages in its own order, then plays seeded bot games.
ORDERS = [
    (
        "core",
        "endings",
        "wizards_tower",
        "master_levels",
        "dungeon_characters",
        "roster",
        "dungeon_4e",
        "dungeon_classic",
    ),
    (
        "dungeon_classic",
        "dungeon_4e",
        "roster",
        "dungeon_characters",
        "master_levels",
        "wizards_tower",
        "endings",
        "core",
    ),
    (
        "roster",
        "master_levels",
        "dungeon_classic",
        "core",
        "endings",
        "dungeon_4e",
        "wizards_tower",
        "dungeon_characters",
    ),
]
MODULE_SETS = [
    ("endings", "wizards-tower", "master-levels", "roster", "dungeon-4e"),
    ("endings", "wizards-tower", "master-levels", "roster", "dungeon-classic"),
]
PLAY = """
import importlib, json, sys
for name in sys.argv[1].split(","):
    importlib.import_module("talisman.modules." + name)
from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.content.ruleset import ruleset_for

out = {}
for modules in json.loads(sys.argv[2]):
    rules = ruleset_for(tuple(["core", *modules]))
    out["abilities " + ",".join(modules)] = {
        point: [f"{fn.__module__}.{fn.__qualname__}" for fn in fns] for point, fns in rules.abilities.items()
    }
    for seed in range(4):
        g = Game.new(players=3, modules=modules, seed=seed, log=False)
        play_out(g, {i: make_bot("random", seed * 7 + i) for i in range(len(g.players))}, max_turns=40)
        out[f"game {','.join(modules)} {seed}"] = [g.turn, g.state_hash()]
print(json.dumps(out))
"""


def _play(order: tuple[str, ...]) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PLAY, ",".join(order), json.dumps(MODULE_SETS)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.slow
def test_the_import_order_of_the_modules_changes_no_game():
    first, *others = [_play(order) for order in ORDERS]
    assert any(first[key] for key in first if key.startswith("abilities"))
    for other in others:
        assert other == first
