#!/usr/bin/env bash
# Build the compiled engine: a copy of the package in build/compiled/ whose engine, content model,
# base-game rules and rule-aware bot are compiled to C with mypyc (the system C compiler; 2 to 3
# minutes of one core). serve.sh and play.sh run it once (and again when a source file changed)
# and put the build first on the path; the same seeds give the same games
# (tests/test_compiled.py). By hand:
#   scripts/compile.sh [--if-stale] [--out DIR]
#   PYTHONPATH=build/compiled .venv/bin/talisman simulate --games 1000 --out games.jsonl
# MYPYC_OPT_LEVEL=0 builds in half the time a build that runs slower (the test's check build).
# Without a C compiler the pure-Python package works as ever.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
OUT="$ROOT/build/compiled"
IF_STALE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --if-stale) IF_STALE=1 ;;
    --out) OUT="$(realpath -m "$2")"; shift ;; # absolute: the build runs from inside it
    *) echo "compile.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
hash="$(source_hash)" # what the build is made from (a build of other sources is never used)
if [ -n "$IF_STALE" ] && [ "$(cat "$OUT/SOURCE_HASH" 2>/dev/null)" = "$hash" ]; then
  exit 0
fi
ensure_venv # mypy, and so mypyc, is one of the pinned dependencies
rm -rf "$OUT"
mkdir -p "$OUT"
(cd "$ROOT" && tar -cf - --exclude=__pycache__ --exclude='*.so' talisman) | tar -xf - -C "$OUT"
cd "$OUT"
# Compiled: what a game with the rule-aware bots runs at every action. Left out: the content loader and
# vocabulary (read once; mypyc cannot compile their tables of lambdas), talisman/content/cache.py (a dict
# subclass), talisman/engine/sharing.py (the checking mode's frozen lists, dicts and sets), the other
# modules and their bots, the search bot, the front ends.
"$ROOT/.venv/bin/mypyc" $(ls talisman/engine/*.py | grep -v '/sharing\.py$') talisman/content/{dice,model,modules,places,ruleset}.py \
  talisman/modules/core/*.py talisman/bots/{base,heuristic,random_bot,worlds}.py >"$OUT/mypyc.log" 2>&1 \
  || { tail -20 "$OUT/mypyc.log" >&2; rm -f "$OUT/SOURCE_HASH"; exit 1; }
echo "$hash" >"$OUT/SOURCE_HASH"
echo "compiled build in $OUT: PYTHONPATH=$OUT .venv/bin/talisman ..."
