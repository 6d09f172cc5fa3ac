#!/usr/bin/env bash
# Build the compiled engine: a copy of the package in build/compiled/ whose engine, content model
# and base-game rules are compiled to C with mypyc (the system C compiler; about 2 minutes of one
# core). Use it by putting it first on the path; the same seeds give the same games
# (tests/test_compiled.py compares them when the build is there):
#   PYTHONPATH=build/compiled .venv/bin/talisman simulate --games 1000 --out games.jsonl
# Without it (or without a C compiler) the pure-Python package works as ever.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
ensure_venv test # mypy, and so mypyc, comes with the test dependencies
OUT="$ROOT/build/compiled"
rm -rf "$OUT"
mkdir -p "$OUT"
# what the build is made from (tests/test_compiled.py skips a build older than the sources)
hash="$(cd "$ROOT" && find talisman -name '*.py' -not -path '*/__pycache__/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)"
(cd "$ROOT" && tar -cf - --exclude=__pycache__ --exclude='*.so' talisman) | tar -xf - -C "$OUT"
cd "$OUT"
# Compiled: what a game runs at every action. Left out: the content loader and vocabulary (read once;
# mypyc cannot compile their tables of lambdas), talisman/content/cache.py (a dict subclass), the bots
# (compiled code checks every annotated type, and the bots read the lazy view as the dicts and lists
# it stands for), the other modules.
"$ROOT/.venv/bin/mypyc" talisman/engine/*.py talisman/content/{dice,model,modules,places,ruleset}.py \
  talisman/modules/core/*.py >"$OUT/mypyc.log" 2>&1 \
  || { tail -20 "$OUT/mypyc.log" >&2; exit 1; }
echo "$hash" >"$OUT/SOURCE_HASH"
echo "compiled build in $OUT: PYTHONPATH=$OUT .venv/bin/talisman ..."
