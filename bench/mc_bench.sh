#!/bin/sh
# The Monte Carlo speed check of docs/performance.md (issue 21): `gpucost simulate` of one comparison with six
# triangular ranges (the residual value among them), a 5 % discount rate and 36 months, whole process, against the
# same model in vectorised NumPy (bench/mc_numpy.py) in the same run, by CPU time (user + sys) and wall time, at
# 10^6 and 10^7 draws, RUNS runs each (default 11), interleaved so that both see the same load; the medians are
# printed. Times come from bench/measure.py (the kernel's rusage, to the microsecond).
# Usage: sh bench/mc_bench.sh [BUILD_DIR] [RUNS]   (sh scripts/install-deps.sh --bench first for python3-numpy)
set -eu
cd "$(dirname "$0")/.."
gpucost="${1:-build}/gpucost"
runs="${2:-11}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
set -- simulate --catalog tests/data/mini_catalog.json --build box-a4 --cloud cheap-a8 --discount-rate 0.05 \
  --years 3 --range gpu:gpu-a/price_usd=8000:14000 --range electricity_usd_per_kwh=0.1:0.3 \
  --range hours_per_week=40:120 --range staff_fte_build=0.05:0.2 --range residual_value=0.1:0.4 \
  --range cloud:cheap-a8/usd_per_hour/on-demand=12:20 --quiet
echo "== machine"; nproc; lscpu | grep -E "Model name|^CPU\(s\)" || true; uptime
"$gpucost" "$@" --draws 1000000 --format csv | sed -n '1p;4p;7p'
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for draws in 1000000 10000000; do
  : >"$tmp/g"; : >"$tmp/p"
  for run in $(seq "$runs"); do
    /usr/bin/python3 bench/measure.py "$gpucost" "$@" --draws "$draws" --format json >>"$tmp/g"
    /usr/bin/python3 bench/measure.py /usr/bin/python3 bench/mc_numpy.py "$draws" >>"$tmp/p"
  done
  for who in g p; do
    wall=$(awk '{print $1}' "$tmp/$who" | median)
    cpu=$(awk '{print $2}' "$tmp/$who" | median)
    rss=$(awk '{print $3}' "$tmp/$who" | median)
    echo "$draws $who wall_s=$wall cpu_s=$cpu peak_rss_kb=$rss" | sed 's/ g / gpucost /; s/ p / numpy /'
    echo "$wall $cpu" >"$tmp/m_$who"
  done
  awk -v d="$draws" 'NR == FNR {gw = $1; gc = $2; next} {printf "%s ratio numpy/gpucost: wall %.1fx, cpu %.1fx\n", d,
    $1 / gw, $2 / gc}' "$tmp/m_g" "$tmp/m_p"
done
uptime
