#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies) and start a game in the terminal:
# you against three heuristic bots, unless you pass your own `talisman play` arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/talisman play "$@"
