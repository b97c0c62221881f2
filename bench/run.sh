#!/bin/sh
# Builds the benchmarks (RelWithDebInfo, the default build type) into build-bench and runs the whole set:
# engine and solvers, catalogue loading, peak memory of a 100,000-offer catalogue, and whole-process start-up.
# Usage: sh bench/run.sh        (sh scripts/install-deps.sh --bench first; figures go in docs/performance.md)
set -eu
cd "$(dirname "$0")/.."
build="$(pwd)/build-bench"
cmake -S . -B "$build" -DGPUCOST_BUILD_BENCHMARKS=ON -DGPUCOST_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gpucost gpucost_bench gpucost_catalog_memory

echo "== machine"; nproc; lscpu | head -n 15; "${CXX:-c++}" --version | head -n 1

echo "== engine, solvers and catalogue loading (one core)"
"$build/bench/gpucost_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

echo "== peak memory of loading 100,000 offers (a process of its own)"
"$build/bench/gpucost_catalog_memory" 100000
"$build/bench/gpucost_catalog_memory" --write 100000 "$build/offers-100k.json"
/usr/bin/time -v "$build/gpucost" compare --catalog "$build/offers-100k.json" --hours-per-week 40 >/dev/null \
  2>"$build/time.txt" || true
grep -E "Elapsed|Maximum resident" "$build/time.txt"

echo "== whole process: compare against --version"
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 20 --runs 300 "$build/gpucost --version" "$build/gpucost compare --hours-per-week 40"
else
  echo "(hyperfine not installed: sh scripts/install-deps.sh --bench)"
fi
