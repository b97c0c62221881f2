#!/bin/sh
# The plan's sacct reader in bounded memory: its peak resident memory for 10 thousand and 10 million rows of a
# synthetic export (bench/sacct_rows.py) piped in, so no file of the size is written. The two peaks should be close:
# memory follows the hours spanned (one year here), not the rows. Usage: plan_sacct_memory.sh BENCH_PROGRAM
set -eu
program=${1:?usage: plan_sacct_memory.sh path/to/gpucost_plan_sacct_bench}
here=$(dirname "$0")
for rows in 10000 10000000; do
  printf 'rows %s: ' "$rows"
  python3 "$here/sacct_rows.py" "$rows" | "$program"
done
