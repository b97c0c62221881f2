#!/bin/sh
# Builds the benchmarks (RelWithDebInfo, the default build type) into build-bench and runs the whole set:
# engine and solvers, catalogue loading, peak memory of a 100,000-offer catalogue, a 200,000-offer --add-catalog
# overlay against Python's json.load of the same files (wall, CPU, peak RSS, and callgrind's instruction counts, which
# hold still under load), and whole-process start-up.
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

# One gpucost run and one Python json.load of the same file, back to back: on a shared machine the ratio is what
# holds still. Prints wall and CPU seconds and the peak RSS of each.
measure() {
  label=$1; file=$2; shift 2
  /usr/bin/time -f "$label gpucost: %e s wall, %U s user, %S s sys, %M KB peak RSS" "$@" >/dev/null 2>"$build/t.txt" \
    || { cat "$build/t.txt"; exit 1; }
  tail -n 1 "$build/t.txt"
  /usr/bin/time -f "$label python3 json.load: %e s wall, %U s user, %S s sys, %M KB peak RSS" \
    python3 -c 'import json,sys,time; t=time.perf_counter(); json.load(open(sys.argv[1], "rb")); print("  (json.load alone: %.3f s)" % (time.perf_counter()-t))' "$file"
}

echo "== catalogue and overlay loading, gpucost against Python's json.load of the same file"
"$build/bench/gpucost_catalog_memory" --write-overlay 200000 "$build/overlay-200k.json"
"$build/bench/gpucost_catalog_memory" --write-overlay 200000 "$build/overlay-200k-utf8.json" --non-ascii
ls -l "$build/offers-100k.json" "$build/overlay-200k.json" "$build/overlay-200k-utf8.json"
uptime
for run in 1 2 3; do
  measure "catalogue 100k" "$build/offers-100k.json" "$build/gpucost" catalog validate "$build/offers-100k.json"
  measure "overlay 200k ASCII" "$build/overlay-200k.json" \
    "$build/gpucost" catalog validate --add-catalog "$build/overlay-200k.json"
  measure "overlay 200k non-ASCII" "$build/overlay-200k-utf8.json" \
    "$build/gpucost" catalog validate --add-catalog "$build/overlay-200k-utf8.json"
done
uptime

# Instructions do not move with the machine's load, where wall and CPU seconds do: on a busy machine these are the
# figures to compare before and after a change (valgrind runs about 30 times slower; skipped when missing).
echo "== instructions (callgrind), independent of load"
if command -v valgrind >/dev/null; then
  count() {
    label=$1; shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n "s/.*I *refs: */$label: /p"
  }
  count "catalogue 100k" "$build/gpucost" catalog validate "$build/offers-100k.json"
  count "overlay 200k ASCII" "$build/gpucost" catalog validate --add-catalog "$build/overlay-200k.json"
else
  echo "(valgrind not installed)"
fi

echo "== whole process: compare against --version"
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 20 --runs 300 "$build/gpucost --version" "$build/gpucost compare --hours-per-week 40"
else
  echo "(hyperfine not installed: sh scripts/install-deps.sh --bench)"
fi
