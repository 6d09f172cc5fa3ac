#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
# The web game's tests drive Debian's Chromium with Playwright and start a PostgreSQL server of their own.
# As root (CI), install what is missing; elsewhere those tests are skipped with the reason.
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  missing=""
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
  command -v chromedriver >/dev/null || missing="$missing chromium-driver"
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing="$missing postgresql"
  if [ -n "$missing" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null) \
      || echo "test.sh: could not install$missing; the tests that need them will be skipped" >&2
  fi
fi
# pytest exits 5 when it collects no test: that fails here too.
exec .venv/bin/python -m pytest -n auto "$@"
