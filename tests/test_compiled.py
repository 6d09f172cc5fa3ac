"""The compiled engine (``scripts/compile.sh``, mypyc) plays the same games as the
pure-Python package: seeded games of every module with both bots, and a save read
back half-way, compared step count, state hash and result. Skipped where no build is (CI's clean clone: the
build takes minutes, so it is the README's run command, not the test setup)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "compiled"
SETS = [
    ("core",),
    ("core", "endings", "wizards-tower", "master-levels", "roster", "dungeon-4e"),
    ("core", "dungeon-classic", "catacombs", "airships", "city-districts"),
    ("core", "city-classic", "dungeon-characters"),
]
PLAY = """
import json, sys
sys.path.insert(0, sys.argv[1])
import talisman.engine.game as compiled
from talisman import Game
from talisman.bots import make_bot, play_out
out = {"compiled": compiled.__file__.endswith(".so"), "games": []}
for modules in json.loads(sys.argv[2]):
    for bot in ("random", "heuristic"):
        for seed in range(4):
            g = Game.new(players=2 + seed % 3, modules=modules, seed=seed, log=False)
            steps = play_out(g, {i: make_bot(bot, seed * 7 + i) for i in range(len(g.players))}, max_turns=150)
            out["games"].append([steps, g.state_hash(), g.result])
    # a save read back half-way plays on the same (its stack's frames are lists then)
    g = Game.new(players=3, modules=modules, seed=5)
    bots = {i: make_bot("heuristic", i) for i in range(3)}
    play_out(g, bots, max_turns=30)
    g = Game.load(g.save())
    out["games"].append([play_out(g, bots, max_turns=150), g.state_hash(), g.result])
print(json.dumps(out))
"""


def source_hash() -> str:
    """As scripts/compile.sh writes it: the sha256 of ``sha256sum`` over every source file."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "talisman").rglob("*.py") if "__pycache__" not in p.parts)
    lines = "".join(f"{hashlib.sha256((ROOT / f).read_bytes()).hexdigest()}  {f}\n" for f in files)
    return hashlib.sha256(lines.encode()).hexdigest()


def play(path: Path) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        [sys.executable, "-c", PLAY, str(path), json.dumps(SETS)], capture_output=True, text=True, env=env, check=True
    )
    result: dict = json.loads(run.stdout)
    return result


def test_the_compiled_build_plays_the_same_games():
    stamp = BUILD / "SOURCE_HASH"
    if not stamp.exists():
        pytest.skip("no compiled build: scripts/compile.sh makes one")
    if stamp.read_text().strip() != source_hash():
        pytest.skip("the compiled build is older than the sources: run scripts/compile.sh again")
    compiled, pure = play(BUILD), play(ROOT)
    assert compiled["compiled"] and not pure["compiled"]
    assert len(pure["games"]) == (2 * 4 + 1) * len(SETS)
    assert compiled["games"] == pure["games"]
