#!/usr/bin/env bash
# The search bot against the rule-aware bot: 1,000 two-player base games, each
# bot in each seat equally often (--rotate), characters dealt at random, played
# in chunks of 100 at low priority so that it can share the machine, then the
# report (win rate per bot with a 95% Wilson interval).
#
#   benchmarks/head_to_head.sh [OUT_DIR] [BOT]      (default: benchmarks/results, search; or e.g. search:32)
#
# A chunk already complete is skipped, so the script can be stopped and rerun.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-benchmarks/results}
bot=${2:-search}
name=${bot//:/}          # search:32 -> files h2h-search32-*.jsonl
mkdir -p "$out"
for start in $(seq 0 100 900); do
  chunk="$out/h2h-$name-$start.jsonl"
  if [ -s "$chunk" ] && [ "$(wc -l < "$chunk")" -eq 100 ]; then continue; fi
  nice -n 19 .venv/bin/talisman simulate --games 100 --start "$start" --players 2 --bot "$bot,heuristic" \
    --rotate --seed 2026 --workers 2 --quiet --out "$chunk"
done
.venv/bin/talisman report "$out"/h2h-"$name"-*.jsonl --out "$out/h2h-$name-report"
