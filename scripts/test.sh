#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
# pytest exits 5 when it collects no test: that fails here too.
exec .venv/bin/python -m pytest -n auto "$@"
