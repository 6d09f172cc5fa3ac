#!/usr/bin/env bash
# Set up (a virtual environment with the pinned dependencies, installed again only when pyproject.toml
# changed) and start a game in the terminal: you against three heuristic bots, unless you pass your own
# `talisman play` arguments. It runs in the folder you call it from, so `--save game.json` and
# `--load game.json` mean a file there. The compiled build is used or started
# in the background, as for serve.sh.
set -euo pipefail
. "$(dirname "$0")/venv.sh"
ensure_venv
use_compiled
exec "$ROOT/.venv/bin/talisman" play "$@"
