#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies) and start the web game on this machine:
# http://127.0.0.1:8000/ with an embedded SQLite database (in ~/.local/share/talisman/ on Linux).
# Pass `talisman serve` arguments to change that, e.g. --port 8080 or --db postgresql://user@host/db.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/talisman serve "$@"
