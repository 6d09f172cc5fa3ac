#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies, installed again only when pyproject.toml
# changed) and run the whole test suite.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
ensure_venv test
cd "$ROOT"
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
# Python's bytecode and pytest's rewritten test modules are kept between runs (in __pycache__, which git
# ignores) even where PYTHONDONTWRITEBYTECODE asks otherwise: without them each test worker compiled every
# module and rewrote every test's asserts again at every run (19 s of CPU a worker to collect the tests;
# 6.6 s with them kept).
unset PYTHONDONTWRITEBYTECODE
# pytest exits 5 when it collects no test: that fails here too. The tests go to the workers one at a
# time (--maxschedchunk 1), the long ones first (tests/conftest.py): xdist would otherwise hand the
# first worker a block of consecutive tests, every long one among them.
exec .venv/bin/python -m pytest -n auto --maxschedchunk 1 "$@"
