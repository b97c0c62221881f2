#!/usr/bin/env python3
"""Issue 21's start-up figure: the CPU time (user + sys, from the kernel's rusage of each child) that
`gpucost compare --hours-per-week 40` (the embedded catalogue loaded, one report rendered) costs over
`gpucost --version`, median of 100 runs of each, interleaved so both see the same load. Goal: at most 1 ms.
With --instructions it also counts each command's instructions once under callgrind (valgrind), a figure the
machine's load does not move.
Usage: python3 bench/startup.py [BUILD_DIR] [RUNS] [--instructions]"""
import os
import re
import shutil
import statistics
import subprocess
import sys

GOAL_MS = 1.0
COMPARE = ["compare", "--hours-per-week", "40"]

args = [a for a in sys.argv[1:] if not a.startswith("--")]
build = args[0] if args else "build"
runs = int(args[1]) if len(args) > 1 else 100
gpucost = os.path.join(build, "gpucost")


def cpu_ms(argv):
    """CPU milliseconds of one run of gpucost with `argv` (its output discarded)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen([gpucost] + argv, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"gpucost {' '.join(argv)} failed: {status}")
    return (usage.ru_utime + usage.ru_stime) * 1000.0


def instructions(argv):
    """Instructions of one run under callgrind (the whole process: loader, start-up, exit)."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", gpucost] + argv,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


load_before = os.getloadavg()[0]
version, compare = [], []
for _ in range(runs):
    version.append(cpu_ms(["--version"]))
    compare.append(cpu_ms(COMPARE))
v, c = statistics.median(version), statistics.median(compare)
added = c - v
print(f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; {runs} runs each, interleaved, "
      "CPU time (user + sys), median:")
print(f"  gpucost --version                      {v:.2f} ms")
print(f"  gpucost compare --hours-per-week 40    {c:.2f} ms")
print(f"  added by compare                       {added:.2f} ms: goal (at most {GOAL_MS:g} ms) "
      f"{'met' if added <= GOAL_MS else 'not met'}")
if "--instructions" in sys.argv:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind")
    iv, ic = instructions(["--version"]), instructions(COMPARE)
    print(f"instructions (callgrind): --version {iv / 1e6:.1f} M, compare {ic / 1e6:.1f} M, "
          f"added {(ic - iv) / 1e6:.1f} M")
