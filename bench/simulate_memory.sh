#!/bin/sh
# Issue 21: peak memory of `gpucost simulate` at 10^9 draws (streamed: the goal is under 1 GB), beside 10^7 (the
# largest stored run) and one draw, the comparison of bench/mc_bench.sh, with wall and CPU time.
# Usage: sh bench/simulate_memory.sh [BUILD_DIR] [DRAWS]
set -eu
cd "$(dirname "$0")/.."
gpucost="${1:-build}/gpucost"
big="${2:-1000000000}"
set -- "$gpucost" simulate --catalog tests/data/mini_catalog.json --build box-a4 --cloud cheap-a8 \
  --discount-rate 0.05 --years 3 --range gpu:gpu-a/price_usd=8000:14000 --range electricity_usd_per_kwh=0.1:0.3 \
  --range hours_per_week=40:120 --range staff_fte_build=0.05:0.2 --range residual_value=0.1:0.4 \
  --range cloud:cheap-a8/usd_per_hour/on-demand=12:20 --format json --quiet
nproc; uptime
for draws in 1 10000000 100000000 "$big"; do
  /usr/bin/time -f "$draws draws: %e s wall, %U s user, %S s sys, %M KB peak RSS" "$@" --draws "$draws" >/dev/null
done
uptime
