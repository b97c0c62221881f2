"""The README's CI job passes against the shipped catalogue, and its age gate still bites.

Pulls the gpucost commands out of the `run:` blocks of the ```yaml job under README.md's "## In CI" heading (the
lines that start with `gpucost`, with their `\\` continuations), runs them exactly as written with the built program
first on PATH in a scratch folder, and checks:
- on the catalogue's own date (GPUCOST_TODAY = data/catalog.json's as_of) every command exits 0 and the markdown
  report it writes exists and names the gates;
- 400 days later the same commands exit 1 with a FAIL max-age-days line: the gate is live, not decoration.

Usage: python3 check_readme_ci.py GPUCOST_BINARY SOURCE_DIR
"""

import datetime
import json
import os
import pathlib
import subprocess
import sys
import tempfile


def ci_job(readme):
    """The lines of the first ```yaml block after the "## In CI" heading."""
    lines = readme.splitlines()
    if "## In CI" not in lines:
        return []
    start = lines.index("## In CI")
    begin = next(i for i in range(start, len(lines)) if lines[i].startswith("```yaml"))
    end = next(i for i in range(begin + 1, len(lines)) if lines[i].startswith("```"))
    return lines[begin + 1:end]


def gpucost_commands(job):
    """Each gpucost command of the job's `run: |` blocks, continuation lines joined as the shell joins them."""
    commands, current, in_run, run_indent = [], None, False, 0
    for line in job:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if stripped.startswith("run: |"):
            in_run, run_indent = True, indent
            continue
        if in_run and stripped and indent <= run_indent:
            in_run = False
        if not in_run:
            continue
        if current is not None:
            current += " " + stripped.rstrip("\\").strip()
        elif stripped.startswith("gpucost "):
            current = stripped.rstrip("\\").strip()
        if current is not None and not stripped.endswith("\\"):
            commands.append(current)
            current = None
    return commands


def run_all(commands, binary, today):
    """Runs the commands in a fresh folder with `today` pinned; returns (exit codes, stderr, folder contents)."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, GPUCOST_TODAY=today)
        env["PATH"] = str(pathlib.Path(binary).resolve().parent) + os.pathsep + env.get("PATH", "")
        codes, err = [], ""
        for command in commands:
            done = subprocess.run(["sh", "-c", command], cwd=folder, env=env, capture_output=True, text=True)
            codes.append(done.returncode)
            err += done.stderr
        files = {p.name: p.read_text(encoding="utf-8") for p in pathlib.Path(folder).iterdir()}
    return codes, err, files


def main():
    binary, root = sys.argv[1], pathlib.Path(sys.argv[2])
    commands = gpucost_commands(ci_job((root / "README.md").read_text(encoding="utf-8")))
    if not commands:
        print("README.md: no gpucost command in the yaml job under '## In CI'")
        return 1
    as_of = json.loads((root / "data/catalog.json").read_text(encoding="utf-8"))["as_of"]
    problems = []
    codes, err, files = run_all(commands, binary, as_of)
    if any(codes):
        problems.append(f"on the catalogue's date {as_of} the README's job exits {codes}:\n{err}")
    if not files.get("gpucost-report.md", "").strip():
        problems.append(f"the README's job wrote no gpucost-report.md (files: {sorted(files)})")
    later = (datetime.date.fromisoformat(as_of) + datetime.timedelta(days=400)).isoformat()
    codes, err, _ = run_all(commands, binary, later)
    if codes[-1] != 1 or "FAIL max-age-days" not in err:
        problems.append(f"400 days after the catalogue's date ({later}) the age gate should fail (exit 1), "
                        f"got {codes}:\n{err}")
    for problem in problems:
        print(problem)
    if not problems:
        print(f"README CI job: {len(commands)} command(s) pass on {as_of}; the age gate fails on {later}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
