#!/usr/bin/env python3
"""Size limits for scripts/lint.sh: no file over 400 lines, no function over 60 lines unless the line above it says
why (`// long: <reason>`) or the baseline file lists it: `PATH` for a file, `PATH NAME` for a function (what
was over the limits when the check came in, to shrink; a stale line is reported, not fatal).
Usage: python3 scripts/lint_sizes.py BASELINE FILE...   Exit status 1 when a limit is broken.

Functions are found by brace depth on the text with comments, strings and character literals blanked: a '{'
outside any function whose head (the text since the last ';', '{' or '}') has a ')' and is not a class, struct,
union, enum or namespace opens a function body. Lambdas and local classes inside a function count as its lines."""
import re, sys

MAX_FILE_LINES, MAX_FUNCTION_LINES = 400, 60
baseline_path, files = sys.argv[1], sys.argv[2:]
baseline = set()
with open(baseline_path, encoding="utf-8") as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if line:
            baseline.add(line)


def blank(text):
    """The text with comments and literals replaced by spaces, newlines kept (so line numbers stay)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c == "R" and text.startswith('R"', i) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]{0,16})\(', text[i:])
            if not m:
                out.append(c); i += 1; continue
            j = text.find(")" + m.group(1) + '"', i)
            j = n if j < 0 else j + len(m.group(1)) + 2
        elif c in "\"'":
            if c == "'" and i and text[i - 1].isalnum():  # a digit separator, as in 50'000
                out.append(c); i += 1; continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
        elif c == "#" and (i == 0 or text[i - 1] == "\n"):  # a preprocessor line (continuations included)
            j = i
            while True:
                k = text.find("\n", j)
                if k < 0:
                    j = n; break
                if k > 0 and text[k - 1] == "\\":
                    j = k + 1; continue
                j = k; break
        else:
            out.append(c); i += 1; continue
        out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
        i = j
    return "".join(out)


def functions(text):
    """(first line, last line, name) of each function body outside other functions."""
    code = blank(text)
    stack, head_start, found = [], 0, []
    for i, c in enumerate(code):
        if c in ";{}":
            head = code[head_start:i]
            if c == "{":
                inside_function = any(kind == "function" for kind, _, _ in stack)
                words = head.split()
                if inside_function:
                    kind = "other"
                elif re.match(r"\s*(export\s+)?(namespace|extern\s)", head) or (words and words[0] == "namespace"):
                    kind = "scope"
                elif re.search(r"\b(class|struct|union|enum)\b", head) and "(" not in head.split("=")[0]:
                    kind = "scope"
                elif ")" in head:
                    kind = "function"
                else:
                    kind = "other"
                first = code.count("\n", 0, head_start + (len(head) - len(head.lstrip()))) + 1
                name = re.findall(r"([~\w:]+)\s*\(", head)
                stack.append((kind, first, name[0] if name else "?"))
            elif c == "}" and stack:
                kind, first, name = stack.pop()
                if kind == "function":
                    found.append((first, code.count("\n", 0, i) + 1, name))
            head_start = i + 1
    return found


problems, used = [], set()
for path in files:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    count = len(lines) - (1 if text.endswith("\n") else 0)
    if count > MAX_FILE_LINES and path in baseline:
        used.add(path)
    elif count > MAX_FILE_LINES:
        problems.append(f"{path}: {count} lines, over {MAX_FILE_LINES}: split it by concept")
    for first, last, name in functions(text):
        length = last - first + 1
        if length <= MAX_FUNCTION_LINES:
            continue
        above = lines[first - 2].strip() if first >= 2 else ""
        if re.match(r"//\s*long:\s*\S", above):
            continue
        if f"{path} {name}" in baseline:
            used.add(f"{path} {name}")
            continue
        problems.append(f"{path}:{first}: {name} is {length} lines, over {MAX_FUNCTION_LINES}: split it, or say "
                        f"why not on the line above it: // long: <reason>")
for entry in sorted(baseline - used):
    print(f"lint.sh: {baseline_path}: '{entry}' is within the limits now (or gone): delete its line", file=sys.stderr)
for p in problems:
    print("lint.sh: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
