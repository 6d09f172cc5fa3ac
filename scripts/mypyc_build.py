"""Compile a copy of the package with mypyc, in the folder it is run from (scripts/compile.sh runs it).

    cd COPY && python mypyc_build.py [--jobs N] [--progress-fd 3] >mypyc.log 2>&1

Its progress (one line per C file compiled) goes to --progress-fd; mypyc's and the C compiler's output to
stdout and stderr, the build log.

Compiled: everything a game runs at each action, whatever its modules: the engine, the content model,
every module's rules and advice, and every bot (the rule-aware, search, random and Legendary Tales bots,
and the views they read). Left as Python, with the reason:
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

COMPILED = ("talisman/engine", "talisman/content", "talisman/bots", "talisman/modules")
PURE = {
    "talisman/content/loader.py": "the TOML loader, run once per ruleset",
    "talisman/content/vocabulary.py": "the content's validators, run once per ruleset (mypyc cannot compile "
    "their nested lambdas)",
    "talisman/content/cache.py": "Bounded, a dict subclass (mypyc compiles no subclass of dict)",
    "talisman/engine/sharing.py": "the checking mode's frozen lists, dicts and sets (subclasses of built-in "
    "containers, which mypyc does not compile)",
}
__doc__ += "".join(f"    {path}: {why}\n" for path, why in PURE.items())
__doc__ += (
    "and errors.py (the exceptions), and the front ends (cli/, server/, sim/, env.py), which call the compiled code.\n"
)


def sources() -> list[str]:
    """The files to compile, in a stable order."""
    found = sorted(str(p) for top in COMPILED for p in Path(top).rglob("*.py") if "__pycache__" not in p.parts)
    return [f for f in found if f not in PURE]


PROGRESS = [sys.stderr]
START = [time.monotonic()]
DONE: list[str] = []  # the C files compiled so far (the group's, then each module's small shim)


def say(text: str) -> None:
    """One line of progress, rewritten in place on a terminal."""
    out = PROGRESS[0]
    out.write(f"\r\033[K{text}" if out.isatty() else text + "\n")
    out.flush()


def compile_in_parallel(jobs: int, total: int) -> None:
    """Let the C compiler build one extension's files ``jobs`` at a time (distutils builds them one by one):
    mypyc writes one C file per module, and the build is mostly the C compiler's time."""
    from distutils import ccompiler

    def compile_all(
        self: Any,
        sources: list[str],
        output_dir: Any = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: Any = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
            DONE.append(obj)
            say(f"compiling the engine: {len(DONE)} of {total} C files ({time.monotonic() - START[0]:.0f} s)")

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, objects))
        return list(objects)

    ccompiler.CCompiler.compile = compile_all  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser(description="compile the package in this folder with mypyc")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled at once")
    ap.add_argument("--progress-fd", type=int, help="where the progress goes (stderr by default)")
    args = ap.parse_args()
    if args.progress_fd is not None:
        PROGRESS[0] = os.fdopen(args.progress_fd, "w")
    import setuptools  # noqa: F401  (it provides distutils)
    from mypyc.build import mypycify
    from setuptools import setup

    files = sources()
    say(f"compiling the engine: mypyc translates {len(files)} modules to C...")
    modules = mypycify(
        files,
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "1"),
        multi_file=True,
    )
    compile_in_parallel(args.jobs, sum(len(m.sources) for m in modules))
    setup(name="talisman_compiled", ext_modules=modules, script_args=["build_ext", "--inplace"])
    say(f"compiling the engine: done ({len(files)} modules)")
    if PROGRESS[0].isatty():
        PROGRESS[0].write("\n")


if __name__ == "__main__":
    main()
