#!/bin/sh
# Time to the first result on a fresh clone, and where the compile time goes: clones the committed tree (HEAD), runs
# the Quickstart's configure and build of one target with ccache off, runs the first result, and prints the wall and
# CPU seconds of each step and the CPU seconds of every translation unit, heaviest first.
# Usage: sh scripts/compile-times.sh [TARGET [JOBS]]     (defaults: gpucost 2; TARGET all builds everything)
# CPU seconds are the figure to compare between runs: on a shared machine the wall time depends on the load.
set -eu
target=${1:-gpucost}
jobs=${2:-2}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gpucost-compile-times-XXXXXX)
git clone -q "$source_dir" "$work/src"

# The compiler, timed: one line per translation unit, "user sys wall object".
printf '%s\n' '#!/bin/sh' \
    "object=\$(printf '%s\\n' \"\$@\" | sed -n '/^-o\$/{n;p;q;}')" \
    "exec /usr/bin/time -a -o '$work/units.txt' -f \"%U %S %e \$object\" \"\$@\"" >"$work/timed-cxx"
chmod +x "$work/timed-cxx"

step() { # step NAME COMMAND...: runs it and appends "NAME wall user sys" (its children included) to steps.txt
    name=$1
    shift
    /usr/bin/time -a -o "$work/steps.txt" -f "$name %e %U %S" "$@"
}

cd "$work/src"
export CCACHE_DISABLE=1
step configure cmake -S . -B build -DCMAKE_CXX_COMPILER_LAUNCHER="$work/timed-cxx" >"$work/configure.log"
step build cmake --build build -j"$jobs" --target "$target" >"$work/build.log"
step first-result build/gpucost compare --hours-per-week 40 >"$work/first-result.txt"

echo "clone: $work/src (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "step          wall s   CPU s (user + sys)"
awk '/^[a-z]/ { printf "%-12s %7.1f %7.1f\n", $1, $2, $3 + $4; wall += $2; cpu += $3 + $4 }
     END { printf "%-12s %7.1f %7.1f\n", "total", wall, cpu }' "$work/steps.txt"
echo
echo "translation units by CPU seconds (user + sys), heaviest first:"
awk '/^[0-9]/ { printf "%7.1f  %s\n", $1 + $2, $4; total += $1 + $2; n++ }
     END { printf "%7.1f  total of %d units\n", total, n }' "$work/units.txt" | sort -rn
