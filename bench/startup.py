#!/usr/bin/env python3
"""Issue 21's start-up figure: the CPU time (user + sys, from the kernel's rusage of each child) that
`gpucost compare --hours-per-week 40` (the embedded catalogue loaded, one report rendered) costs over
`gpucost --version`, median of 100 runs of each, interleaved so both see the same load. Goal: at most 1 ms.
With --base BUILD_DIR it runs a second binary (a base commit's) interleaved with the first, so before and after
see the same load. With --instructions it also counts each command's instructions once under callgrind
(valgrind), a figure the machine's load does not move.
Usage: python3 bench/startup.py [BUILD_DIR] [RUNS] [--base BASE_BUILD_DIR] [--instructions]"""
import os
import re
import shutil
import statistics
import subprocess
import sys

GOAL_MS = 1.0
COMMANDS = {"--version": ["--version"], "compare --hours-per-week 40": ["compare", "--hours-per-week", "40"]}

argv = sys.argv[1:]
base = None
if "--base" in argv:
    i = argv.index("--base")
    if i + 1 >= len(argv):
        sys.exit("--base needs a build directory")
    base = argv[i + 1]
    del argv[i:i + 2]
args = [a for a in argv if not a.startswith("--")]
build = args[0] if args else "build"
runs = int(args[1]) if len(args) > 1 else 100
binaries = {"after": os.path.join(build, "gpucost")}
if base is not None:
    binaries = {"before": os.path.join(base, "gpucost"), "after": binaries["after"]}


def cpu_ms(gpucost, argv):
    """CPU milliseconds and minor page faults of one run of gpucost with `argv` (its output discarded)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen([gpucost] + argv, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"{gpucost} {' '.join(argv)} failed: {status}")
    return (usage.ru_utime + usage.ru_stime) * 1000.0, usage.ru_minflt


def instructions(gpucost, argv):
    """Instructions of one run under callgrind (the whole process: loader, start-up, exit)."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", gpucost] + argv,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


load_before = os.getloadavg()[0]
times = {(label, name): [] for label in binaries for name in COMMANDS}
for _ in range(runs):
    for label, gpucost in binaries.items():
        for name, command in COMMANDS.items():
            times[(label, name)].append(cpu_ms(gpucost, command))
print(f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; {runs} runs of each, interleaved, "
      "CPU time (user + sys), median:")
for label, gpucost in binaries.items():
    v = statistics.median(t for t, _ in times[(label, "--version")])
    c = statistics.median(t for t, _ in times[(label, "compare --hours-per-week 40")])
    fv = statistics.median(f for _, f in times[(label, "--version")])
    fc = statistics.median(f for _, f in times[(label, "compare --hours-per-week 40")])
    added = c - v
    print(f"{label} ({gpucost}):")
    print(f"  gpucost --version                      {v:.2f} ms, {fv:.0f} page faults")
    print(f"  gpucost compare --hours-per-week 40    {c:.2f} ms, {fc:.0f} page faults")
    print(f"  added by compare                       {added:.2f} ms: goal (at most {GOAL_MS:g} ms) "
          f"{'met' if added <= GOAL_MS else 'not met'}")
if "--instructions" in sys.argv:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind")
    for label, gpucost in binaries.items():
        iv, ic = (instructions(gpucost, command) for command in COMMANDS.values())
        print(f"instructions (callgrind), {label}: --version {iv / 1e6:.1f} M, compare {ic / 1e6:.1f} M, "
              f"added {(ic - iv) / 1e6:.1f} M")
