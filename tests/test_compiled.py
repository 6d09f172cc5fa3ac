"""The compiled engine (``scripts/compile.sh``, mypyc) plays the same games as the
pure-Python package: seeded games of every module with both bots, and a save read
back half-way, compared step count, state hash and result. The README's build is
used when it is as new as the sources; otherwise (CI's clean clone) the test builds
one of its own at ``MYPYC_OPT_LEVEL=0``, the same generated code in half the time.
Skipped only where there is no C compiler."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
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
import talisman.bots.heuristic as bot
from talisman import Game
from talisman.bots import make_bot, play_out
out = {"compiled": compiled.__file__.endswith(".so") and bot.__file__.endswith(".so"), "games": []}
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


def build(tmp: Path) -> Path:
    """A build as new as the sources: the README's, or one made now (optimised less, for speed)."""
    stamp = BUILD / "SOURCE_HASH"
    if stamp.exists() and stamp.read_text().strip() == source_hash():
        return BUILD
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler: the compiled engine cannot be built here")
    out = tmp / "compiled"
    env = {**os.environ, "MYPYC_OPT_LEVEL": "0"}
    run = subprocess.run(
        [str(ROOT / "scripts" / "compile.sh"), "--out", str(out)], capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return out


def test_the_compiled_build_plays_the_same_games(tmp_path_factory):
    where = build(tmp_path_factory.mktemp("build"))
    compiled, pure = play(where), play(ROOT)
    assert compiled["compiled"] and not pure["compiled"]
    assert len(pure["games"]) == (2 * 4 + 1) * len(SETS)
    assert compiled["games"] == pure["games"]
