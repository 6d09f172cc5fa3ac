# Sourced by the other scripts: ensure_venv EXTRAS makes .venv hold the pinned dependencies (with the
# optional EXTRAS, e.g. test), and runs pip only when pyproject.toml changed since the last install:
# each install leaves the hash of pyproject.toml in .venv/.installed-EXTRAS.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

ensure_venv() {
  local extras="${1:-}" hash stamp log
  [ -x "$ROOT/.venv/bin/python" ] || {
    echo "making the virtual environment .venv..." >&2
    python3 -m venv "$ROOT/.venv"
  }
  hash="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
  # an install with the test extras holds everything a plain one does
  for stamp in "$ROOT/.venv/.installed-${extras:-plain}" "$ROOT/.venv/.installed-test"; do
    [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && return 0
  done
  echo "installing the pinned dependencies into .venv (once, and again when pyproject.toml changes)..." >&2
  log="$ROOT/.venv/install.log"
  local -
  set -o pipefail
  if ! (cd "$ROOT" && .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off \
    -e ".${extras:+[$extras]}") 2>&1 | tee "$log" | progress "installing"; then
    tail -15 "$log" >&2
    echo "the install failed (the whole log: $log)" >&2
    return 1
  fi
  echo "$hash" >"$ROOT/.venv/.installed-${extras:-plain}"
}

# progress WHAT: pip's lines read from stdin shown as one line rewritten in place on a terminal (each step
# on a line of its own elsewhere), so that a long install is never minutes of silence.
progress() {
  local line n=0
  while IFS= read -r line; do
    case "$line" in
      Collecting* | Installing* | Building* | Successfully*) n=$((n + 1)) ;;
      *) continue ;;
    esac
    if [ -t 2 ]; then printf '\r\033[K%s (%d): %.90s' "$1" "$n" "$line" >&2; else echo "$1: $line" >&2; fi
  done
  if [ -t 2 ]; then echo >&2; fi
}

# The sha256 of `sha256sum` over every source file of the package and the script that says what is compiled
# (tests/test_compiled.py works it out alike).
source_hash() {
  (cd "$ROOT" && { echo scripts/mypyc_build.py; find talisman -name '*.py' -not -path '*/__pycache__/*'; } \
    | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
}

# use_compiled: put the compiled build of the current sources (scripts/compile.sh) first on PYTHONPATH.
# When there is none yet, start making it in the background and run this start as pure Python (the same
# games, slower) at once: the next start uses the build. Where no C compiler is, the last build of these
# sources failed (it says why), or TALISMAN_COMPILE=0, the pure-Python package runs.
use_compiled() {
  local hash dir
  if [ "${TALISMAN_COMPILE:-1}" = 0 ]; then return 0; fi
  hash="$(source_hash)"
  dir="$ROOT/build/compiled-$hash"
  if [ "$(cat "$dir/SOURCE_HASH" 2>/dev/null)" = "$hash" ]; then
    export PYTHONPATH="$dir${PYTHONPATH:+:$PYTHONPATH}"
    return 0
  fi
  if ! command -v "${CC:-cc}" >/dev/null; then
    echo "no C compiler: the engine runs as pure Python (install gcc for the compiled one, 2 to 3 times as fast)" >&2
  elif [ -f "$ROOT/build/failed-$hash" ]; then
    echo "the compiled engine could not be built from these sources: $(cat "$ROOT/build/failed-$hash")" >&2
    echo "  (log: build/mypyc-failed.log; scripts/compile.sh tries again): the engine runs as pure Python" >&2
  else
    mkdir -p "$ROOT/build"
    setsid "$ROOT/scripts/compile.sh" --background </dev/null >/dev/null 2>&1 &
    echo "compiling the engine with mypyc in the background (several minutes; progress in build/compile.log):" >&2
    echo "  this start runs it as pure Python, the next start compiled (2 to 3 times as fast; TALISMAN_COMPILE=0: never)" >&2
  fi
}
