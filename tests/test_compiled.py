"""The compiled engine (``scripts/compile.sh``, mypyc) plays the same games as the
pure-Python package: seeded games of every module with the random, rule-aware and
search bots, and a save read back half-way, compared step count, state hash and
result; every module of the package a game runs is compiled but those that
scripts/mypyc_build.py keeps as Python; and each benchmark measures the build on its
path. The README's build is used when it is as new as the sources; otherwise (CI's
clean clone) the tests build one of their own at ``MYPYC_OPT_LEVEL=0``, the same
generated code in half the time, once (the tests of this file run in one process:
``xdist_group``). Skipped only where there is no C compiler."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("compiled")  # one build, made once, in one test process

ROOT = Path(__file__).resolve().parents[1]
# Every module, each in some set (test_every_module_is_played checks it).
SETS = [
    ("core",),
    ("core", "endings", "wizards-tower", "master-levels", "roster", "dungeon-4e"),
    ("core", "dungeon-classic", "catacombs", "airships", "city-districts"),
    ("core", "city-classic", "dungeon-characters", "timescape", "emperors-guard", "brotherhood"),
    ("core", "disasters", "optional-rules"),
    ("core", "worlds"),
    ("legendary-tales",),
]
# What stays Python in the compiled build (scripts/mypyc_build.py says why): every other module of the
# package that a game imports is compiled.
PURE = {
    "talisman.content.loader",
    "talisman.content.vocabulary",
    "talisman.content.cache",
    "talisman.errors",
    "talisman.engine.sharing",
}
PLAY = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.bots.search import SearchBot
out = {"games": []}
for modules in json.loads(sys.argv[2]):
    for bot in ("random", "heuristic"):
        for seed in range(3):
            g = Game.new(players=2 + seed % 3, modules=modules, seed=seed, log=False)
            steps = play_out(g, {i: make_bot(bot, seed * 7 + i) for i in range(len(g.players))}, max_turns=150)
            out["games"].append([steps, g.state_hash(), g.result])
    # the search bot's first turns (its rollouts play the rule-aware bot on copies of the game)
    g = Game.new(players=2, modules=modules, seed=3, log=False)
    steps = play_out(g, {0: SearchBot(random.Random(3), iterations=4), 1: make_bot("heuristic", 4)}, max_turns=6)
    out["games"].append([steps, g.state_hash(), g.result])
    # a save read back half-way plays on the same (its stack's frames are lists then)
    g = Game.new(players=3, modules=modules, seed=5)
    bots = {i: make_bot("heuristic", i) for i in range(3)}
    play_out(g, bots, max_turns=30)
    g = Game.load(g.save())
    out["games"].append([play_out(g, bots, max_turns=150), g.state_hash(), g.result])
# the package's modules the games ran, by where each came from
files = {n: getattr(m, "__file__", None) or "" for n, m in sys.modules.items() if n.startswith("talisman.")}
out["python"] = sorted(n for n, f in files.items() if f.endswith(".py"))
out["compiled"] = sorted(n for n, f in files.items() if f.endswith(".so"))
print(json.dumps(out))
"""


def source_hash() -> str:
    """As scripts/compile.sh writes it: the sha256 of ``sha256sum`` over every source file and the build script."""
    files = sorted(
        ["scripts/mypyc_build.py"]
        + [str(p.relative_to(ROOT)) for p in (ROOT / "talisman").rglob("*.py") if "__pycache__" not in p.parts]
    )
    lines = "".join(f"{hashlib.sha256((ROOT / f).read_bytes()).hexdigest()}  {f}\n" for f in files)
    return hashlib.sha256(lines.encode()).hexdigest()


def play(path: Path) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        [sys.executable, "-c", PLAY, str(path), json.dumps(SETS)], capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict = json.loads(run.stdout)
    return result


@pytest.fixture(scope="module")
def compiled_build() -> Path:
    """A build as new as the sources: the README's, or the check build (optimised less, for speed), made
    once for these sources in ``build/check-HASH`` and kept for the next run on the same sources
    (compile.sh makes it once: the other test processes wait for it and take it; the check builds of
    older sources are removed)."""
    made = ROOT / "build" / f"compiled-{source_hash()}"
    if (made / "SOURCE_HASH").exists() and (made / "SOURCE_HASH").read_text().strip() == source_hash():
        return made
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler: the compiled engine cannot be built here")
    out = ROOT / "build" / f"check-{source_hash()}"
    env = {**os.environ, "MYPYC_OPT_LEVEL": "0", "MYPYC_DEBUG_LEVEL": "0"}
    run = subprocess.run(
        [str(ROOT / "scripts" / "compile.sh"), "--out", str(out)], capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr[-2000:]
    for old in (ROOT / "build").glob("check-*"):
        if old != out:
            shutil.rmtree(old, ignore_errors=True)
    return out


def test_the_compiled_build_plays_the_same_games(compiled_build: Path) -> None:
    compiled, pure = play(compiled_build), play(ROOT)
    assert not pure["compiled"]
    assert set(compiled["python"]) <= PURE, "compiled everywhere but there"
    assert {"talisman.engine.game", "talisman.bots.search", "talisman.modules.worlds.advice"} <= set(
        compiled["compiled"]
    )
    assert len(pure["games"]) == (2 * 3 + 2) * len(SETS)
    assert compiled["games"] == pure["games"]


def test_every_module_is_played() -> None:
    declared = {ep.name for ep in entry_points(group="talisman.modules")} - {"engine"}
    assert {m for s in SETS for m in s} == declared


# Each benchmark's quick mode (web_clicks.py and first_page.py drive a browser and a fresh clone's launch:
# minutes, and they time the web game and the launcher, not a build).
BENCHMARKS = {
    "bench_engine.py": ["--quick"],
    "bench_memory.py": ["--quick"],
    "bench_server.py": ["--quick"],
    "bench_simulate.py": ["--quick"],
    "content_share.py": ["--quick"],
    "features_used.py": ["--quick", "--out", "{tmp}/features"],
    "fit_evaluation.py": ["--games", "5"],
    "games_end.py": ["--quick"],
    "levels.py": ["--quick"],
    "lt_search.py": ["--quick", "--out", "{tmp}/lt.jsonl"],
    "real_choices.py": ["--quick"],
    "search_strength.py": ["report", "--no-plot"],
    "seeded_games.py": ["--quick"],
    "versus.py": ["--quick"],
}


def test_each_benchmark_measures_the_build_on_its_path(compiled_build: Path, tmp_path: Path) -> None:
    """Run from the checkout with the compiled build on PYTHONPATH, as the README says, every benchmark
    imports the compiled build (it put the checkout first on the path, and measured the pure package);
    without it, the pure package."""
    benchmarks = ROOT / "benchmarks"
    assert set(BENCHMARKS) | {"builds.py", "first_page.py", "web_clicks.py"} == {
        p.name for p in benchmarks.glob("*.py")
    }
    runs = []
    for name, args in [*BENCHMARKS.items(), ("seeded_games.py", ["--quick", "--pure"])]:
        env = {**os.environ, "PYTHONPATH": str(compiled_build)}
        if "--pure" in args:
            args = [a for a in args if a != "--pure"]
            env.pop("PYTHONPATH")
        argv = [sys.executable, str(benchmarks / name), *(a.format(tmp=tmp_path) for a in args)]
        out = (tmp_path / f"{name}-{len(runs)}.out").open("w")
        runs.append((name, env, subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT), out))
    for name, env, proc, out in runs:
        proc.wait(600)
        out.close()
        said = Path(out.name).read_text()
        if name == "versus.py" and "catanatron is not installed" in said:
            pass  # (the bench extra): it said which build it measures before it stopped
        else:
            assert proc.returncode == 0, said[-3000:]
        line = next(line for line in said.splitlines() if line.startswith("talisman build: "))
        if "PYTHONPATH" in env:
            assert line == f"talisman build: compiled ({compiled_build})", (name, line)
        else:
            assert line == f"talisman build: pure Python ({ROOT})", (name, line)
