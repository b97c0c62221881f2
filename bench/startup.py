#!/usr/bin/env python3
"""Issue 21's start-up figure: the CPU time (user + sys, from the kernel's rusage of each child) that
`gpucost compare --hours-per-week 40` (the embedded catalogue loaded, one report rendered) costs over
`gpucost --version`, median of 100 runs of each, interleaved so both see the same load. Goal: at most 1 ms.
Usage: python3 bench/startup.py [BUILD_DIR] [RUNS]"""
import os
import statistics
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 100
gpucost = os.path.join(build, "gpucost")


def cpu_ms(args):
    """CPU milliseconds and wall of one run of gpucost with `args` (its output discarded)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen([gpucost] + args, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"gpucost {' '.join(args)} failed: {status}")
    return (usage.ru_utime + usage.ru_stime) * 1000.0


version, compare = [], []
for _ in range(runs):
    version.append(cpu_ms(["--version"]))
    compare.append(cpu_ms(["compare", "--hours-per-week", "40"]))
v, c = statistics.median(version), statistics.median(compare)
print(f"load average {os.getloadavg()[0]:.1f}; {runs} runs each, CPU time (user + sys), median:")
print(f"  gpucost --version                      {v:.2f} ms")
print(f"  gpucost compare --hours-per-week 40    {c:.2f} ms")
print(f"  added by compare                       {c - v:.2f} ms (goal: at most 1 ms)")
