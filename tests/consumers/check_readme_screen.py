"""The README's first screen is the program's own output (issue 25 item 3), and it fits 80 columns.

Takes the first fenced block under README.md's "## What it prints" heading: a "$ build/gpucost ARGS" line, the
output as a pipe gets it (80 columns, COLUMNS unset), and a last line "..." (the rest left out). Runs gpucost with
those arguments and checks that its stdout starts with exactly those lines, none wider than 80 columns.
With --update it writes the program's lines into the block instead (after a change to the catalogue or the table).

Usage: python3 check_readme_screen.py GPUCOST_BINARY SOURCE_DIR [--update]
"""

import os
import pathlib
import shlex
import subprocess
import sys

WIDTH = 80


def screen_block(lines):
    """(first, last): the indices of the block's "$ " line and of its "..." line."""
    start = lines.index("## What it prints")
    fence = next(i for i in range(start, len(lines)) if lines[i].startswith("```"))
    end = next(i for i in range(fence + 1, len(lines)) if lines[i].startswith("```"))
    if not lines[fence + 1].startswith("$ build/gpucost ") or lines[end - 1] != "...":
        raise SystemExit("README.md: the block under \"## What it prints\" must be a \"$ build/gpucost ...\" line, "
                         "the output, and \"...\"")
    return fence + 1, end - 1


def main():
    binary, root = sys.argv[1], pathlib.Path(sys.argv[2])
    readme = root / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    first, last = screen_block(lines)
    args = shlex.split(lines[first][len("$ build/gpucost "):])
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    run = subprocess.run([binary, *args], capture_output=True, text=True, env=env, check=False)
    if run.returncode != 0:
        raise SystemExit(f"{lines[first]}: exit {run.returncode}: {run.stderr}")
    produced = run.stdout.splitlines()
    if len(sys.argv) > 3 and sys.argv[3] == "--update":
        shown = next((i + 1 for i, line in enumerate(produced) if line.startswith("Details of one build")),
                     last - first - 1)
        lines[first + 1:last] = produced[:shown]
        readme.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0
    expected = lines[first + 1:last]
    problems = [f"README.md:{first + 2 + i}: {len(line)} columns, more than {WIDTH}"
                for i, line in enumerate(expected) if len(line) > WIDTH]
    for i, line in enumerate(expected):
        actual = produced[i] if i < len(produced) else "(no line)"
        if line != actual:
            problems.append(f"README.md:{first + 2 + i}: the README shows\n  {line!r}\nbut gpucost prints\n"
                            f"  {actual!r}\n(regenerate: python3 {sys.argv[0]} {binary} {root} --update)")
            break
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
