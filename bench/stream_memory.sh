#!/bin/sh
# Peak resident memory of the two streamed paths of issue 10, whole process, with /usr/bin/time -v:
#   1. `catalog import` of a 17 MB SkyPilot price list (222,414 rows; read a chunk and a record at a time),
#   2. `cashflow --format json` of 200 builds over 600 months (1,080,600 rows, about 290 MB of JSON; written as it
#      is made), to stdout and to --output (atomic: the pieces go to the temporary file).
# Usage: sh bench/stream_memory.sh [GPUCOST_BINARY]   (default build/gpucost; run it with an older binary for
# "before"). The inputs come from bench/stream_inputs.py; figures go in docs/performance.md.
set -eu
cd "$(dirname "$0")/.."
gpucost=$(realpath "${1:-build/gpucost}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/stream_inputs.py data/catalog.json "$dir"
ls -l "$dir/prices.csv" "$dir/catalog-200.json"

peak() {
  label=$1; shift
  /usr/bin/time -v "$@" 2>"$dir/time.txt" || { cat "$dir/time.txt"; exit 1; }
  printf '%s: %s KB peak RSS, %s s wall\n' "$label" \
    "$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time.txt")" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt")"
}

uptime
peak "import 17 MB price list" "$gpucost" catalog import -q --from skypilot --provider AWS --as-of 2026-11-30 \
  "$dir/prices.csv" --output "$dir/overlay.json"
peak "cashflow json, 200 builds x 600 months, stdout" \
  sh -c '"$1" cashflow -q --catalog "$2" --months 600 --format json > "$3"' sh "$gpucost" "$dir/catalog-200.json" \
  "$dir/cashflow-stdout.json"
peak "cashflow json, 200 builds x 600 months, --output" "$gpucost" cashflow -q --catalog "$dir/catalog-200.json" \
  --months 600 --format json --output "$dir/cashflow-output.json"
cmp "$dir/cashflow-stdout.json" "$dir/cashflow-output.json"
ls -l "$dir/overlay.json" "$dir/cashflow-output.json"
peak "baseline: gpucost --version" "$gpucost" --version
