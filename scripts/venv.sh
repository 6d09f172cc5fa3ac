# Sourced by the other scripts: ensure_venv EXTRAS makes .venv hold the pinned dependencies (with the
# optional EXTRAS, e.g. test), and runs pip only when pyproject.toml changed since the last install:
# each install leaves the hash of pyproject.toml in .venv/.installed-EXTRAS.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

ensure_venv() {
  local extras="${1:-}" hash stamp
  [ -x "$ROOT/.venv/bin/python" ] || python3 -m venv "$ROOT/.venv"
  hash="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
  # an install with the test extras holds everything a plain one does
  for stamp in "$ROOT/.venv/.installed-${extras:-plain}" "$ROOT/.venv/.installed-test"; do
    [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && return 0
  done
  (cd "$ROOT" && .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}")
  echo "$hash" >"$ROOT/.venv/.installed-${extras:-plain}"
}

# The sha256 of `sha256sum` over every source file of the package (tests/test_compiled.py works it out alike).
source_hash() {
  (cd "$ROOT" && find talisman -name '*.py' -not -path '*/__pycache__/*' | LC_ALL=C sort | xargs sha256sum \
    | sha256sum | cut -d' ' -f1)
}

# use_compiled: build the compiled engine once (scripts/compile.sh; again only when a source changed) and
# put it first on PYTHONPATH. Where no C compiler is, the build fails, or TALISMAN_COMPILE=0, the
# pure-Python package runs (the same games, slower).
use_compiled() {
  local out="$ROOT/build/compiled"
  if [ "${TALISMAN_COMPILE:-1}" = 0 ]; then return 0; fi
  if ! command -v "${CC:-cc}" >/dev/null; then
    echo "no C compiler: the engine runs as pure Python (install gcc for the compiled one)" >&2
    return 0
  fi
  if [ "$(cat "$out/SOURCE_HASH" 2>/dev/null)" != "$(source_hash)" ]; then
    echo "compiling the engine with mypyc (once, 2 to 5 minutes; TALISMAN_COMPILE=0 skips it)..." >&2
    "$ROOT/scripts/compile.sh" >/dev/null \
      || { echo "the compiled build failed (see $out/mypyc.log): the engine runs as pure Python" >&2; return 0; }
  fi
  export PYTHONPATH="$out${PYTHONPATH:+:$PYTHONPATH}"
}
