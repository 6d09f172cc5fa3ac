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
