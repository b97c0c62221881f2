#!/usr/bin/env python3
"""Issue 19: where the render layer's lines came from between two commits, so "is the layer smaller?" can be
answered apart from the features added meanwhile. Counts the same files as scripts/render_size.sh (src/render and
include/gpucost/render, less the outputs added after the 97af829 baseline: plan*, diff*, export_rates*, xlsx*) and
sorts every commit that touched them into two groups by its own message: a restructuring says its output is
unchanged ("output unchanged", "byte-identical", "same output", ...), anything else added or changed behaviour.
Prints each group's commits and net lines (added - deleted), the largest first.
Usage: python3 scripts/render_attribution.py [BASE [HEAD]]   (default: 97af829 HEAD)"""
import re
import subprocess
import sys

base = sys.argv[1] if len(sys.argv) > 1 else "97af829"
head = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
NEW_OUTPUTS = re.compile(r"/(plan|diff|export_rates|xlsx)[^/]*$")
UNCHANGED = re.compile(r"output (is )?unchanged|byte[- ]identical|same output|every golden passes", re.I)

log = subprocess.run(["git", "log", "--no-merges", "--format=%x00%h%x01%s%x01%b%x01", "--numstat",
                      f"{base}..{head}", "--", "src/render", "include/gpucost/render"],
                     check=True, capture_output=True, text=True).stdout
groups = {"restructuring (output unchanged)": [], "behaviour added or changed": []}
for record in log.split("\0")[1:]:
    sha, subject, body, numstat = record.split("\x01", 3)
    net = 0
    for line in numstat.strip().splitlines():
        added, deleted, path = line.split("\t", 2)
        if added != "-" and not NEW_OUTPUTS.search(path):
            net += int(added) - int(deleted)
    key = "restructuring (output unchanged)" if UNCHANGED.search(subject + "\n" + body) else \
        "behaviour added or changed"
    groups[key].append((net, sha, subject))
for name, commits in groups.items():
    print(f"{name}: {len(commits)} commits, net {sum(c[0] for c in commits):+d} lines")
    for net, sha, subject in sorted(commits, key=lambda c: -abs(c[0]))[:12]:
        print(f"  {net:+6d} {sha} {subject[:96]}")
