#!/bin/sh
# Issue 21: what a ranged discount rate costs per draw at a 600-month horizon against a 36-month one (the goal: at
# most 2x), the comparison of bench/mc_bench.sh with the discount rate ranged over 0-1, 10^6 draws, CPU time (user +
# sys) median of 5 runs each; and the shipped catalogue's case of the issue (every build, 36 and 600 months).
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
# The issue's own case: the shipped catalogue (every build against its match, every shipped range) with the
# discount rate ranged over 0-1, 100,000 draws, at 36 and at 600 months.
for years in 3 50; do
  : >"$tmp/s$years"
  for run in 1 2 3; do
    /usr/bin/time -f "%U %S" -o "$tmp/t" "$gpucost" simulate --draws 100000 --range discount_rate=0:1 \
      --years "$years" --format json >/dev/null
    awk '{print $1 + $2}' "$tmp/t" >>"$tmp/s$years"
  done
  echo "shipped catalogue, months=$((years * 12)) cpu_s=$(median <"$tmp/s$years") (100,000 draws a comparison, median of 3)"
done
uptime
