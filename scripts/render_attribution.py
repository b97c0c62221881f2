#!/usr/bin/env python3
"""Issue 19: where the render layer's lines came from between two commits, so "is the layer smaller?" can be
answered apart from the features added meanwhile. Counts the same files as scripts/render_size.sh (src/render and
include/gpucost/render, less the outputs added after the 97af829 baseline: plan*, diff*, export_rates*, xlsx*) and
sorts every commit that touched them into two groups by its own message: a restructuring says its output is
unchanged ("output unchanged", "byte-identical", "same output", ...), anything else added or changed behaviour.
Prints each group's commits and net lines (added - deleted), the largest first; the behaviour by the issue each
commit names; and the sum: the layer at BASE plus its restructuring (the layer that would render BASE's outputs, and
TSV, today), plus the behaviour and what merges resolved by hand, is the layer at HEAD.
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
    issue = re.search(r"issue (\d+)", subject + "\n" + body, re.I)
    groups[key].append((net, sha, subject, f"issue {issue.group(1)}" if issue else "no issue named"))
for name, commits in groups.items():
    print(f"{name}: {len(commits)} commits, net {sum(c[0] for c in commits):+d} lines")
    for net, sha, subject, _ in sorted(commits, key=lambda c: -abs(c[0]))[:12]:
        print(f"  {net:+6d} {sha} {subject[:96]}")

# A restructuring that changed a golden file changed some output after all (on purpose, its message says which):
# listed, so that the "output unchanged" reading can be checked.
for net, sha, subject, _ in groups["restructuring (output unchanged)"]:
    goldens = subprocess.run(["git", "show", "--name-only", "--format=", sha, "--", "tests/golden"], check=True,
                             capture_output=True, text=True).stdout.split()
    if goldens:
        names = ", ".join(g.split("/")[-1] for g in goldens[:6])
        print(f"  restructuring {sha} also changed {len(goldens)} golden(s): {names}")

# The behaviour by the issue that asked for it (the first "issue N" its message names), then the sum: the layer at
# the base, plus its restructuring, is the layer that would render the base's outputs today; plus the behaviour (and
# what merges resolved by hand) it is the layer at the head.
by_issue = {}
for net, _, _, issue in groups["behaviour added or changed"]:
    by_issue[issue] = by_issue.get(issue, 0) + net
print("behaviour by issue: " + ", ".join(f"{k} {v:+d}" for k, v in sorted(by_issue.items(), key=lambda kv: -kv[1])))


def layer_lines(rev):
    files = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "src/render", "include/gpucost/render"],
                           check=True, capture_output=True, text=True).stdout.split()
    return sum(subprocess.run(["git", "show", f"{rev}:{f}"], check=True, capture_output=True,
                              text=True).stdout.count("\n") for f in files if not NEW_OUTPUTS.search(f))


at_base, at_head = layer_lines(base), layer_lines(head)
restructuring = sum(c[0] for c in groups["restructuring (output unchanged)"])
behaviour = sum(c[0] for c in groups["behaviour added or changed"])
print(f"lines at {base}: {at_base}; restructuring {restructuring:+d} -> {at_base + restructuring} for the base's outputs "
      f"on today's layer; behaviour {behaviour:+d}, merges {at_head - at_base - restructuring - behaviour:+d} -> "
      f"{at_head} at {head}")
