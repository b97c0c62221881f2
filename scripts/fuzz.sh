#!/bin/sh
# Builds the libFuzzer harnesses (fuzz/) with clang, ASan and UBSan into build-fuzz/, then fuzzes each one for a
# bounded time from its seed corpus (fuzz/corpus/<harness>/). Fails, naming the saved input, on any crash.
# Usage: sh scripts/fuzz.sh [SECONDS_PER_HARNESS]   (default 15: about a minute for all four)
# Longer campaigns, reproducing a crash and turning it into a regression test: docs/fuzzing.md.
set -eu
cd "$(dirname "$0")/.."
root="$(pwd)"
seconds="${1:-15}"
build="${GPUCOST_FUZZ_BUILD:-$root/build-fuzz}"  # e.g. /tmp/build-fuzz-me for a build folder of your own
cxx="${GPUCOST_FUZZ_CXX:-clang++-14}"
harnesses="${GPUCOST_FUZZ_HARNESSES:-catalog cli scenario import}"

cmake -S . -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGPUCOST_FUZZ=ON -DGPUCOST_BUILD_TESTS=OFF >/dev/null
targets=""
for h in $harnesses; do targets="$targets fuzz_$h"; done
cmake --build "$build" -j"${GPUCOST_FUZZ_JOBS:-$(nproc)}" --target $targets

dict_for() {
  case "$1" in
    catalog|scenario) echo "$root/fuzz/json.dict" ;;
    cli) echo "$root/fuzz/cli.dict" ;;
    import) echo "$root/fuzz/csv.dict" ;;
  esac
}

failed=""
for h in $harnesses; do
  # New inputs go to build-fuzz/corpus/<h> (the first directory); the seeds in the repository are only read.
  # Each harness runs in an empty directory of its own, so nothing it does can touch the tree.
  work="$build/run/$h"
  rm -rf "$work" && mkdir -p "$work" "$build/corpus/$h" "$build/artifacts"
  log="$build/run/$h.log"
  # A fixed seed (GPUCOST_FUZZ_SEED, default 1) makes a CI run repeatable; vary it for new ground.
  if (cd "$work" && "$build/fuzz/fuzz_$h" -seed="${GPUCOST_FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -dict="$(dict_for "$h")" -artifact_prefix="$build/artifacts/$h-" -print_final_stats=1 \
        "$build/corpus/$h" "$root/fuzz/corpus/$h") >"$log" 2>&1; then
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    echo "fuzz.sh: fuzz_$h: no crash in ${seconds}s ($runs inputs)"
  else
    echo "fuzz.sh: fuzz_$h FAILED; the end of $log:" >&2
    tail -n 40 "$log" >&2
    failed="$failed fuzz_$h"
  fi
done

if [ -n "$failed" ]; then
  echo "fuzz.sh: crashes in:$failed; inputs saved in $build/artifacts/ (reproduce: $build/fuzz/fuzz_<harness> FILE;" \
       "then copy FILE to tests/data/fuzz-regressions/<harness>/ as docs/fuzzing.md says)" >&2
  exit 1
fi
