#!/usr/bin/env bash
# Build the compiled engine: a copy of the package whose engine, content model, every module's rules and
# advice and every bot are compiled to C with mypyc (scripts/mypyc_build.py says what stays Python and why;
# the system C compiler and Python's headers; several minutes of CPU, the C files compiled on every core).
# serve.sh and play.sh start it in the background when the sources have no build yet and use it from the
# next start; the same seeds give the same games (tests/test_compiled.py). By hand:
#   scripts/compile.sh [--force] [--out DIR]
#   PYTHONPATH=build/compiled .venv/bin/talisman simulate --games 1000 --out games.jsonl
# The build of the current sources is build/compiled-HASH (HASH: source_hash in venv.sh), and
# build/compiled links to the newest one; a build of these sources already there is kept (--force makes it
# again). It is made in a folder of its own and moved into place whole when it is done, one build at a time
# (a lock in build/): a second launch waits for the first, or with --background leaves it alone, and never
# removes its work. A failed build leaves build/failed-HASH saying why, and serve.sh and play.sh say it
# at each start instead of trying again; run this script to try again.
# MYPYC_OPT_LEVEL=0 builds in half the time a build that runs slower (the test's check build).
# Without a C compiler the pure-Python package works as ever.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
OUT=""
FORCE=""
BACKGROUND=""
while [ $# -gt 0 ]; do
  case "$1" in
    --if-stale) ;; # what it always does now (kept for the commands that pass it)
    --force) FORCE=1 ;;
    --background) BACKGROUND=1 ;; # started by use_compiled: its output to build/compile.log
    --out) OUT="$(realpath -m "$2")"; shift ;; # absolute: the build runs from inside it
    *) echo "compile.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
hash="$(source_hash)" # what the build is made from (a build of other sources is never used)
LINK=""
if [ -z "$OUT" ]; then
  OUT="$ROOT/build/compiled-$hash"
  LINK="$ROOT/build/compiled"
fi
HERE="$(dirname "$OUT")"
built() { [ -z "$FORCE" ] && [ "$(cat "$OUT/SOURCE_HASH" 2>/dev/null)" = "$hash" ]; }
built && exit 0
mkdir -p "$HERE"
exec 9>"$HERE/.compile.lock"
if [ -n "$BACKGROUND" ]; then
  flock -n 9 || exit 0 # another launch is building it
  exec >"$HERE/compile.log" 2>&1
  echo $$ >"$HERE/compile.pid" # (benchmarks/first_page.py stops it by this)
elif ! flock -n 9; then
  echo "another build is under way (build/compile.log); waiting for it to end..." >&2
  flock 9
fi
if built; then
  echo "compiled build in $OUT (made by the other launch)" >&2
  exit 0
fi
ensure_venv # mypy, and so mypyc, is one of the pinned dependencies
work="$HERE/.building-$$"
trap 'rm -rf "$work"' EXIT
rm -rf "$work"
mkdir -p "$work"
(cd "$ROOT" && tar -cf - --exclude=__pycache__ --exclude='*.so' talisman) | tar -xf - -C "$work"
start=$SECONDS
if ! (cd "$work" && nice -n 5 "$ROOT/.venv/bin/python" "$ROOT/scripts/mypyc_build.py" --progress-fd 3 \
  3>&2 >"$work/mypyc.log" 2>&1); then
  cp "$work/mypyc.log" "$HERE/mypyc-failed.log"
  if grep -q "Python.h: No such file" "$work/mypyc.log"; then
    why="Python's C headers are missing (Debian: apt-get install python3-dev)"
  elif grep -q "error:" "$work/mypyc.log"; then
    why="$(grep -m1 "error:" "$work/mypyc.log")"
  else
    why="$(tail -1 "$work/mypyc.log")"
  fi
  [ -n "$LINK" ] && echo "$why" >"$HERE/failed-$hash"
  echo "the compiled build failed: $why" >&2
  echo "(the whole log: $HERE/mypyc-failed.log; scripts/compile.sh tries again). The pure-Python package plays the same games, slower." >&2
  exit 1
fi
echo "$hash" >"$work/SOURCE_HASH"
rm -rf "$OUT"
mv "$work" "$OUT"
if [ -n "$LINK" ]; then
  [ -L "$LINK" ] || rm -rf "$LINK" # a build of the layout before hash-named builds
  ln -sfn "$(basename "$OUT")" "$LINK.new"
  mv -T "$LINK.new" "$LINK"
  rm -f "$HERE"/failed-*
  # keep the newest two builds: a program started on the one before may still import from it
  ls -dt "$HERE"/compiled-*/ | tail -n +3 | xargs -r rm -rf
fi
echo "compiled build in $OUT ($((SECONDS - start)) s): PYTHONPATH=${LINK:-$OUT} .venv/bin/talisman ..." >&2
