#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies, installed again only when pyproject.toml
# changed) and start the web game on this machine:
# http://127.0.0.1:8000/ with an embedded SQLite database (in ~/.local/share/talisman/ on Linux).
# It answers at once: when the sources have no compiled build yet, it starts one in the background (scripts/compile.sh,
# progress in build/compile.log) and this start runs as pure Python; the next start uses the build
# (TALISMAN_COMPILE=0: never).
# Pass `talisman serve` arguments to change that, e.g. --port 8080 or --db postgresql://user@host/db.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
ensure_venv
use_compiled
cd "$ROOT"
exec .venv/bin/talisman serve "$@"
