#!/bin/sh
# The Monte Carlo speed check of docs/performance.md: `gpucost simulate` with 1,000,000 draws of one comparison with
# six ranged inputs, whole process, against the same model in vectorised NumPy (bench/mc_numpy.py) in the same run.
# Usage: sh bench/mc_bench.sh [BUILD_DIR]   (sh scripts/install-deps.sh --bench first for python3-numpy)
set -eu
cd "$(dirname "$0")/.."
gpucost="${1:-build}/gpucost"
set -- simulate --catalog tests/data/mini_catalog.json --build box-a4 --cloud cheap-a8 --discount-rate 0.05 \
  --range gpu:gpu-a/price_usd=8000:14000 --range electricity_usd_per_kwh=0.1:0.3 --range hours_per_week=40:120 \
  --range staff_fte_build=0.05:0.2 --range maintenance_rate=0.05:0.15 \
  --range cloud:cheap-a8/usd_per_hour/on-demand=12:20
echo "== machine"; nproc; uptime
"$gpucost" "$@" --draws 1000000 --format csv | sed -n '1p;4p'
for run in 1 2 3; do
  /usr/bin/time -f "gpucost simulate 1e6: %e s wall, %U s user, %S s sys, %M KB peak RSS" \
    "$gpucost" "$@" --draws 1000000 --format json >/dev/null
  /usr/bin/time -f "numpy 1e6: %e s wall, %U s user, %S s sys, %M KB peak RSS" /usr/bin/python3 bench/mc_numpy.py 1000000
done
if command -v perf >/dev/null 2>&1; then
  echo "== CPU time to the millisecond (perf stat, 5 runs each): gpucost, then NumPy"
  perf stat -r 5 -e task-clock "$gpucost" "$@" --draws 1000000 --format json --quiet 2>&1 >/dev/null |
    grep -E "task-clock|elapsed"
  perf stat -r 5 -e task-clock /usr/bin/python3 bench/mc_numpy.py 1000000 2>&1 >/dev/null | grep -E "task-clock|elapsed"
fi
echo "== peak memory at 10,000,000 draws, and the baseline of 1 draw"
/usr/bin/time -f "gpucost simulate 1e7: %e s wall, %M KB peak RSS" "$gpucost" "$@" --draws 10000000 --format json \
  >/dev/null
/usr/bin/time -f "gpucost simulate 1: %e s wall, %M KB peak RSS" "$gpucost" "$@" --draws 1 --format json >/dev/null
uptime
