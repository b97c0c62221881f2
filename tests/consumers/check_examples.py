"""The examples the README and the command manuals show are what gpucost does today (issue 25), so they cannot go
stale as the catalogue and the tables change.

Two kinds of fenced block are checked, in README.md and src/cli/command_*.md:
- An output block: its first line is "$ gpucost ARGS" (or "$ build/gpucost ARGS"), a shell command; the lines after
  it are what it prints as a pipe gets it (80 columns), its exit code 0 or 1 (`check`'s failed gate). A line "..."
  (indented or not) stands for output left out: the piece before the first "..." is the output's first lines, and
  each later piece must come later in the output, line for line. The README's first screen (under "## What it
  prints") has its own check, check_readme_screen.py, and is skipped.
- A ```sh block: each line that is neither blank nor a comment is a command (a trailing "# ..." is a comment), run
  in order in one scratch folder with bash; each must exit 0.
With --manual-examples it runs the command lines (those that start with "gpucost ") of each manual's "## Examples"
block instead, in one scratch folder that is also $HOME (init's manual first, so later examples find its
gpucost.json): each must exit 0 or 1 (a failed gate), or 3 when every error names a file of the reader's own that
the folder lacks ("my-quote.json: no such file") or an age limit (`--max-age-days`, a gate on the data).
Commands run with the built program first on PATH, in a scratch folder of their own, COLUMNS unset and the date
pinned to the catalogue's as_of (GPUCOST_TODAY), so the figures do not move with the clock.
With --update the output blocks are rewritten from the program (each piece keeps its length; a later piece is found
again by its first line's first three words); review the diff.

Usage: python3 check_examples.py GPUCOST_BINARY SOURCE_DIR [--update | --manual-examples]
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile

SKIPPED_SECTION = "## What it prints"


def blocks(lines):
    """(fence line index, info string, body start, body end) for each fenced block, with the heading above it."""
    found, heading, i = [], "", 0
    while i < len(lines):
        if lines[i].startswith("#") and not lines[i].startswith("#!"):
            heading = lines[i]
        if lines[i].startswith("```"):
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            found.append((lines[i][3:].strip(), heading, i + 1, end))
            i = end
        i += 1
    return found


def pieces(body):
    """The block's expected output split at its "..." lines ([[lines], ...], an empty piece where "..." leads), and
    those lines as written."""
    result, separators = [[]], []
    for line in body:
        if line.strip() == "...":
            result.append([])
            separators.append(line)
        else:
            result[-1].append(line)
    return result, separators


def run(command, env, folder, shell="sh"):
    return subprocess.run([shell, "-c", command], cwd=folder, env=env, capture_output=True, text=True, check=False,
                          timeout=300)


def command_of(line):
    text = line[2:]
    return text[len("build/"):] if text.startswith("build/gpucost ") else text


def check_output_block(where, body, output, update):
    """Problems of one output block, or its rewritten body under update."""
    parts, separators = pieces(body)
    produced = output.splitlines()
    at, problems, rewritten = 0, [], []
    for n, part in enumerate(parts):
        if n > 0:
            rewritten.append(separators[n - 1])
        if not part:
            continue
        if n == 0:
            start = 0
        else:
            key = " ".join(part[0].split()[:3])
            start = next((j for j in range(at, len(produced)) if produced[j:j + len(part)] == part), None)
            if start is None and update:
                start = next((j for j in range(at, len(produced)) if " ".join(produced[j].split()[:3]) == key), None)
            if start is None:
                problems.append(f"{where}: the piece starting {part[0]!r} is not in gpucost's output after line {at}")
                return problems, body
        length = len(part) if (n + 1 < len(parts) or n > 0) else len(produced)
        got = produced[start:start + length]
        if n == 0 and got != part:
            line = next((k for k in range(max(len(part), len(got)))
                         if k >= len(part) or k >= len(got) or part[k] != got[k]), 0)
            shown = got[line] if line < len(got) else "(no line)"
            expected = part[line] if line < len(part) else "(no line)"
            problems.append(f"{where}, output line {line + 1}: the example shows\n  {expected!r}\nbut gpucost prints\n"
                            f"  {shown!r}")
        rewritten.extend(got)
        at = start + length
    return problems, rewritten


def example_commands(lines):
    """The command lines of the first fenced block under "## Examples" (the indented lines explain them)."""
    if "## Examples" not in lines:
        return []
    begin = next(i for i in range(lines.index("## Examples"), len(lines)) if lines[i].startswith("```"))
    end = next(i for i in range(begin + 1, len(lines)) if lines[i].startswith("```"))
    return [(i + 1, lines[i]) for i in range(begin + 1, end) if lines[i].startswith("gpucost ")]


def tolerated(done, folder):
    """Exit 3 for a file the reader brings that the folder lacks, or for the data's age: the example's own result."""
    errors = [line for line in done.stderr.splitlines() if ": error: " in line]
    def accepted(line):
        if "more than --max-age-days" in line or line.endswith(" errors, 0 warnings"):
            return True  # an age gate's lines and their count
        name = line.split(": error: ", 1)[1].split(":", 1)[0]
        return ("no such file" in line or "cannot be opened" in line) and not (pathlib.Path(folder) / name).exists()
    return done.returncode == 3 and errors and all(accepted(line) for line in errors)


def run_manual_examples(root, env):
    manuals = sorted((root / "src/cli").glob("command_*.md"), key=lambda p: (p.name != "command_init.md", p.name))
    problems, ran = [], 0
    with tempfile.TemporaryDirectory(prefix="gpucost-examples-") as folder:
        (pathlib.Path(folder) / ".zfunc").mkdir()  # completion's example writes ~/.zfunc/_gpucost
        home = dict(env, HOME=folder)
        for path in manuals:
            for number, command in example_commands(path.read_text(encoding="utf-8").splitlines()):
                ran += 1
                done = run(command, home, folder, shell="bash")
                if done.returncode not in (0, 1) and not tolerated(done, folder):
                    problems.append(f"{path.relative_to(root)}:{number}: {command!r} exits {done.returncode}: "
                                    f"{done.stderr.strip()[:400]}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"manual examples: {ran} command(s) run")
    return 1 if problems else 0


def main():
    binary, root = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
    update = len(sys.argv) > 3 and sys.argv[3] == "--update"
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["PATH"] = f"{binary.parent}{os.pathsep}{env.get('PATH', '')}"
    env["GPUCOST_TODAY"] = json.loads((root / "data/catalog.json").read_text(encoding="utf-8"))["as_of"]
    if len(sys.argv) > 3 and sys.argv[3] == "--manual-examples":
        return run_manual_examples(root, env)
    files = [root / "README.md", *sorted((root / "src/cli").glob("command_*.md"))]
    problems, outputs, commands = [], 0, 0
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        changed = False
        with tempfile.TemporaryDirectory(prefix="gpucost-examples-") as folder:
            for info, heading, begin, end in reversed(blocks(lines)):
                where = f"{path.relative_to(root)}:{begin}"
                body = lines[begin:end]
                if body and body[0].startswith(("$ gpucost ", "$ build/gpucost ")) and heading != SKIPPED_SECTION:
                    outputs += 1
                    done = run(command_of(body[0]), env, folder)
                    if done.returncode not in (0, 1):  # 1: check's failed gate, a result the example may show
                        problems.append(f"{where}: {body[0]!r} exits {done.returncode}: {done.stderr.strip()}")
                        continue
                    found, rewritten = check_output_block(where, body[1:], done.stdout, update)
                    if update and rewritten != body[1:]:
                        lines[begin + 1:end] = rewritten
                        changed = True
                    elif not update:
                        problems.extend(found)
        with tempfile.TemporaryDirectory(prefix="gpucost-examples-") as folder:
            for info, heading, begin, end in blocks(lines):
                if info != "sh" or (path.name == "README.md" and heading == "## Quickstart"):
                    continue
                for k, line in enumerate(lines[begin:end]):
                    command = line.split(" # ")[0].strip()
                    if not command or command.startswith("#"):
                        continue
                    commands += 1
                    done = run(command, env, folder, shell="bash")
                    if done.returncode != 0:
                        problems.append(f"{path.relative_to(root)}:{begin + k + 1}: {command!r} exits "
                                        f"{done.returncode}: {done.stderr.strip()}")
        if changed:
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"examples: {outputs} output block(s) as gpucost prints them, {commands} command(s) exit 0")
    elif not update:
        print(f"(regenerate the output blocks: python3 {sys.argv[0]} {sys.argv[1]} {sys.argv[2]} --update)",
              file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
