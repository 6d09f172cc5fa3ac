"""Which build of talisman a benchmark measures, and the line that says it.

A benchmark measures the build first on the path: the compiled build when it is put on
``PYTHONPATH`` (``PYTHONPATH=build/compiled python benchmarks/bench_engine.py``, or ``--compiled``
where a benchmark takes it), else this checkout's pure-Python package, which is appended to the
path, after ``PYTHONPATH`` and never before it. Each benchmark prints ``talisman build: ...``
first (tests/test_benchmarks.py runs each one's quick mode and checks that line).

>>> which().startswith("talisman build: ")
True
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "compiled"


def use(compiled: bool = False) -> None:
    """Put the compiled build first on the path when ``compiled``, and this checkout last."""
    if compiled:
        if not (BUILD / "SOURCE_HASH").exists():
            sys.exit("no compiled build: scripts/compile.sh makes one")
        sys.path.insert(0, str(BUILD.resolve()))
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    from talisman.content.ruleset import freeze_rulesets

    freeze_rulesets()  # a benchmark owns its process, as the command line does


def is_compiled() -> bool:
    """Whether the engine and the bots imported are the compiled ones."""
    import talisman.bots.heuristic as bot
    import talisman.engine.game as engine

    return str(engine.__file__).endswith(".so") and str(bot.__file__).endswith(".so")


def which() -> str:
    """``talisman build: compiled (FOLDER)`` or ``talisman build: pure Python (FOLDER)``."""
    import talisman

    kind = "compiled" if is_compiled() else "pure Python"
    return f"talisman build: {kind} ({Path(str(talisman.__file__)).parents[1]})"


def child_env() -> dict[str, str]:
    """The environment for a ``talisman`` process a benchmark starts: the folder this process took its
    ``talisman`` from first on ``PYTHONPATH`` (absolute: the child may run from another folder), so that
    the child runs the build measured here, whatever its working folder puts first."""
    import os

    import talisman

    here = str(Path(str(talisman.__file__)).parents[1])
    rest = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": here + (os.pathsep + rest if rest else "")}
