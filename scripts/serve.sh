#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies, installed again only when pyproject.toml
# changed) and start the web game on this machine:
# http://127.0.0.1:8000/ with an embedded SQLite database (in ~/.local/share/talisman/ on Linux).
# The engine is compiled with mypyc the first time (scripts/compile.sh; TALISMAN_COMPILE=0 skips it).
# Pass `talisman serve` arguments to change that, e.g. --port 8080 or --db postgresql://user@host/db.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
ensure_venv
use_compiled
cd "$ROOT"
exec .venv/bin/talisman serve "$@"
