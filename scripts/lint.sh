#!/bin/sh
# The habits CI checks beyond the compiler (issue 9, item 5):
#   1. formatting: every tracked .cpp and .hpp is as clang-format-14 would write it (.clang-format)   [fatal]
#   2. size: no file under src/ over 400 lines, no function over 60 lines unless the line above it says
#      why, as `// long: <reason>`, or scripts/lint-size-baseline.txt lists it (today's, to shrink)  [fatal]
#   3. clang-tidy-14 (.clang-tidy) on src/, from build/compile_commands.json, with --tidy             [informational]
# Usage: sh scripts/lint.sh [--tidy] [--build DIR]   (install the tools: sh scripts/install-deps.sh --lint)
# Fix formatting with: git ls-files '*.cpp' '*.hpp' | xargs clang-format-14 -i
set -eu
cd "$(dirname "$0")/.."

tidy=0
build=build
while [ $# -gt 0 ]; do
  case "$1" in
    --tidy) tidy=1 ;;
    --build) build="$2"; shift ;;
    *) echo "lint.sh: unknown argument: $1 (expected --tidy or --build DIR)" >&2; exit 2 ;;
  esac
  shift
done
failed=""

# 1. Formatting.
if git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format-14 --dry-run -Werror; then
  echo "lint.sh: formatting: clean"
else
  echo "lint.sh: formatting: the files above differ from clang-format-14's output" >&2
  failed="$failed formatting"
fi

# 2. File and function sizes under src/ (scripts/lint_sizes.py says how functions are found).
if git ls-files -z 'src/*.cpp' 'src/*.hpp' | xargs -0 python3 scripts/lint_sizes.py scripts/lint-size-baseline.txt
then
  echo "lint.sh: sizes: within the limits (what was over them already: scripts/lint-size-baseline.txt)"
else
  failed="$failed sizes"
fi

# 3. clang-tidy, informational: it prints what it finds but never fails the run.
if [ "$tidy" -eq 1 ]; then
  if [ ! -f "$build/compile_commands.json" ]; then
    echo "lint.sh: clang-tidy: no $build/compile_commands.json; configure first: cmake -S . -B $build" >&2
  else
    # The build may be GCC's: clang does not know its GCC-only warning flags, which is no finding.
    if git ls-files 'src/*.cpp' | xargs clang-tidy-14 -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option; then
      echo "lint.sh: clang-tidy: done (informational)"
    else
      echo "lint.sh: clang-tidy: findings above (informational, not fatal)" >&2
    fi
  fi
fi

if [ -n "$failed" ]; then
  echo "lint.sh: FAILED:$failed" >&2
  exit 1
fi
echo "lint.sh: clean"
