#!/usr/bin/env python3
"""Runs one command with its output discarded and prints "WALL_S CPU_S MAXRSS_KB" of the whole process, CPU as user +
sys from the kernel's rusage of the child, to the microsecond (GNU time prints hundredths of a second, a seventh of a
70 ms run). The bench scripts' timer. Usage: python3 bench/measure.py COMMAND [ARG...]"""
import os
import subprocess
import sys
import time

start = time.monotonic()
with open(os.devnull, "wb") as null:
    child = subprocess.Popen(sys.argv[1:], stdout=null)
    _, status, usage = os.wait4(child.pid, 0)
wall = time.monotonic() - start
if status != 0:
    sys.exit(f"{' '.join(sys.argv[1:])} failed: {status}")
print(f"{wall:.6f} {usage.ru_utime + usage.ru_stime:.6f} {usage.ru_maxrss}")
