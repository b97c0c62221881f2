#!/bin/sh
# Issue 21: what a ranged discount rate costs per draw at a 600-month horizon against a 36-month one (the goal: at
# most 2x), the comparison of bench/mc_bench.sh with the discount rate ranged over 0-1, 10^6 draws, CPU time (user +
# sys) median of 5 runs each, interleaved; and the shipped catalogue's case of the issue (14 comparisons).
# Usage: sh bench/horizon_bench.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
gpucost="${1:-build}/gpucost"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
set -- simulate --catalog tests/data/mini_catalog.json --build box-a4 --cloud cheap-a8 --range discount_rate=0:1 \
  --range hours_per_week=40:120 --range residual_value=0.1:0.4 --format json --quiet
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
uptime
for years in 3 50; do
  : >"$tmp/$years"
  for run in 1 2 3 4 5; do
    /usr/bin/time -f "%U %S" -o "$tmp/t" "$gpucost" "$@" --years "$years" --draws 1000000 >/dev/null
    awk '{print $1 + $2}' "$tmp/t" >>"$tmp/$years"
  done
  echo "months=$((years * 12)) cpu_s=$(median <"$tmp/$years") (10^6 draws, median of 5)"
done
/usr/bin/time -f "shipped catalogue, 14 comparisons x 100,000 draws, 600 months, discount 0-1: %e s wall, %U s user" \
  "$gpucost" simulate --draws 100000 --range discount_rate=0:1 --years 50 --format json >/dev/null
uptime
