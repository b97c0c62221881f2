"""The documents hold together: every relative link in README.md, docs/*.md and src/cli/command_*.md names a file
that exists (and, with #anchor, a heading of that file, as GitHub spells anchors), and README.md stays a README
(at most 250 lines; the manual lives in docs/ and beside each command).

Usage: python3 check_docs.py SOURCE_DIR
"""

import pathlib
import re
import sys

README_MAX_LINES = 250
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```")


def prose_lines(path):
    """The lines of a markdown file outside fenced code blocks."""
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            inside = not inside
        elif not inside:
            yield line


def anchors(path):
    """GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens."""
    found = set()
    for line in prose_lines(path):
        if line.startswith("#"):
            text = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return found


def main():
    root = pathlib.Path(sys.argv[1])
    files = [root / "README.md", *sorted((root / "docs").glob("*.md")), *sorted((root / "src/cli").glob("*.md"))]
    problems = []
    for path in files:
        for number, line in enumerate(prose_lines(path), 1):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue  # a URL
                name, _, anchor = target.partition("#")
                linked = (path.parent / name).resolve() if name else path
                where = f"{path.relative_to(root)}: link {target}"
                if not linked.exists():
                    problems.append(f"{where}: no such file")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    problems.append(f"{where}: no heading with that anchor")
    lines = len((root / "README.md").read_text(encoding="utf-8").splitlines())
    if lines > README_MAX_LINES:
        problems.append(f"README.md: {lines} lines, more than {README_MAX_LINES}: move the manual into docs/")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
