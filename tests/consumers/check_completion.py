"""The completion scripts run in each shell installed (bash at least): commands, and a flag's values from the
catalogue at completion time (`gpucost __complete KIND`), with names as descriptions in zsh and fish.

bash: the script sourced, COMP_WORDS set as bash's completion sets it, _gpucost called, COMPREPLY read.
zsh:  the script sourced after compinit, _describe stubbed to print what it would offer ("id:name" pairs).
fish: the script sourced, `complete -C "COMMAND LINE"` asked, as fish asks it on a tab ("value<tab>description").
A shell that is not installed is skipped with a line saying so; exits 77 only when bash itself is missing.

Usage: python3 check_completion.py GPUCOST_BINARY SOURCE_DIR
"""

import os
import pathlib
import shutil
import subprocess
import sys


def main():
    binary = pathlib.Path(sys.argv[1]).resolve()
    env = dict(os.environ, PATH=f"{binary.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("GPUCOST_TODAY", None)
    problems = []

    def run(*args):
        return subprocess.run(list(args), env=env, capture_output=True, text=True, check=False, timeout=60)

    builds = [line.split("\t") for line in run(str(binary), "__complete", "builds").stdout.splitlines()]
    if len(builds) < 10 or any(len(b) != 2 for b in builds):
        problems.append(f"__complete builds: {builds[:3]}... expected the shipped builds as id<tab>name")
    ids = sorted(b[0] for b in builds)
    names = {b[0]: b[1] for b in builds}

    if shutil.which("bash") is None:
        print("check_completion: skipped: no bash")
        return 77
    script = run(str(binary), "completion", "bash").stdout

    def bash(*words):
        line = " ".join(f"'{w}'" for w in words)
        body = (f"{script}\nCOMP_WORDS=(gpucost {line}); COMP_CWORD={len(words)}; _gpucost; "
                "printf '%s\\n' \"${COMPREPLY[@]}\"")
        return sorted(filter(None, run("bash", "-c", body).stdout.splitlines()))

    if bash("compare", "--build", "") != ids:
        problems.append(f"bash: compare --build <tab>: {bash('compare', '--build', '')[:3]}..., expected {ids[:3]}...")
    if bash("compare", "--build", "office-") != [i for i in ids if i.startswith("office-")]:
        problems.append(f"bash: --build office-<tab>: {bash('compare', '--build', 'office-')}")
    if "json" not in bash("rank", "--format", "") or "markdown" not in bash("rank", "--format", ""):
        problems.append(f"bash: --format <tab>: {bash('rank', '--format', '')}")
    if "llm-70b-serve-mlperf" not in bash("rank", "--workload", ""):
        problems.append(f"bash: --workload <tab>: {bash('rank', '--workload', '')}")
    if bash("comp") != ["compare", "completion"]:
        problems.append(f"bash: comp<tab>: {bash('comp')}, expected compare and completion")
    checked = ["bash"]

    if shutil.which("zsh"):
        zsh_script = run(str(binary), "completion", "zsh").stdout
        body = ("autoload -Uz compinit && compinit -u\n" + zsh_script +
                "\n_describe() { print -rl -- \"${(@P)4}\" }\n_gpucost_values builds\n")
        offered = sorted(run("zsh", "-f", "-c", body).stdout.splitlines())
        want = sorted(f"{i.replace(':', chr(92) + ':')}:{names[i]}" for i in ids)
        if offered != want:
            problems.append(f"zsh: --build values {offered[:2]}..., expected {want[:2]}...")
        checked.append("zsh")
    else:
        print("check_completion: zsh not installed: skipped (sh scripts/install-deps.sh --shells)")

    if shutil.which("fish"):
        fish_script = run(str(binary), "completion", "fish").stdout
        body = fish_script + "\ncomplete -C 'gpucost compare --build '\n"
        offered = sorted(run("fish", "--no-config", "-c", body).stdout.splitlines())
        want = sorted(f"{i}\t{names[i]}" for i in ids)
        if offered != want:
            problems.append(f"fish: --build values {offered[:2]}..., expected {want[:2]}...")
        checked.append("fish")
    else:
        print("check_completion: fish not installed: skipped (sh scripts/install-deps.sh --shells)")

    for problem in problems:
        print(problem)
    if not problems:
        print(f"check_completion: values complete in {', '.join(checked)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
