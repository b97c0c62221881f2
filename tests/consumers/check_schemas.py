"""Every JSON output against its JSON Schema in docs/, with the jsonschema module (Debian's python3-jsonschema).

Runs each command that writes JSON on the fixture catalogues and the embedded one, validates the whole document
against docs/envelope.schema.json and its body against the body's own schema (report.schema.json for compare and
check, then cashflow, sensitivity, sweep, simulate, rank, catalog-list, catalog-show and diff), and checks that each
schema is itself a valid 2020-12 schema that rejects a body missing a required key or carrying an unknown one (a
schema that accepts anything proves nothing). Exits 77 (skipped) when jsonschema is not installed.

Usage: python3 check_schemas.py GPUCOST_BINARY SOURCE_DIR
"""

import copy
import json
import pathlib
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("check_schemas: skipped: the jsonschema module is missing (sh scripts/install-deps.sh installs "
          "python3-jsonschema)")
    sys.exit(77)

MINI = ["--catalog", "data/mini_catalog.json"]
MATCH = ["--catalog", "data/match_catalog.json"]
RANGE = ["--range", "hours_per_week=20:60:30"]

# command words, body key, schema file, and the argument lists each is run with.
CASES = [
    (["compare"], "report", "report", [MINI, MINI + ["--build", "box-a4"], [], ["--pricing", "spot"],
                                       MINI + ["--tax-rate", "0.21", "--financing", "loan", "--loan-rate", "0.08"],
                                       ["--catalog", "data/api_catalog.json", "--build", "duo-c", "--workload",
                                        "chat"],
                                       ["--build", "office-2x-rtx4090", "--workload", "llm-8b-chat-llamacpp"]]),
    (["check"], "check", "report", [MINI + ["--max-payback-months", "24", "--expect", "build"],
                                    ["--max-age-days", "36500"]]),
    (["cashflow"], "cash_flow", "cashflow", [MINI, MINI + ["--build", "box-a4"], ["--lead-time-months", "4"],
                                             MINI + ["--layout", "wide", "--start", "2027-11"],
                                             MINI + ["--by", "year"],
                                             MINI + ["--layout", "wide", "--by", "year", "--start", "2027-11"],
                                             MINI + ["--build", "box-a4", "--tax-rate", "0.21"]]),
    (["sensitivity"], "sensitivity", "sensitivity", [MINI, MINI + RANGE, ["--build", "office-2x-rtx4090"]]),
    (["sweep"], "sweep", "sweep", [MINI + ["--vary", "hours_per_week=0:168:56"],
                                   MINI + ["--build", "box-a4", "--vary", "hours_per_week=0:168:84", "--vary",
                                           "years=1:3:1"]]),
    (["simulate"], "simulation", "simulate", [MINI + ["--draws", "100"], MINI + ["--draws", "100"] + RANGE,
                                              ["--draws", "200"]]),
    (["rank"], "rank", "rank", [MATCH + ["--workload", "llm-infer"], ["--workload", "llm-70b-serve-mlperf"],
                            MATCH + ["--workload", "llm-infer", "--tax-rate", "0.21"]]),
    (["catalog", "list"], "listing", "catalog-list", [MINI, [], ["workloads"], MATCH + ["workloads"],
                                                      ["cloud", "--add-catalog", "data/overlay/monthly_rental.json"]]),
    (["catalog", "show"], "entry", "catalog-show", [MINI + ["box-a4"], MINI + ["gpu-a"], MINI + ["pricey-a1"],
                                                   ["office-2x-rtx4090"], ["h100-sxm"],
                                                   ["example-1x-rtx4090-monthly", "--add-catalog",
                                                    "data/overlay/monthly_rental.json"]]),
    (["plan"], "plan", "plan", [MINI + ["--build", "box-a4", "--step", "13=8", "--burst-gpus", "2", "--burst-hours",
                                        "50"],
                                MINI + ["--build", "box-a4", "--demand-sacct", "data/plan/sacct_small.txt"],
                                MINI + ["--build", "box-a4", "--demand-monthly", "data/plan/monthly.csv"],
                                MINI + ["--build", "box-b2", "--pricing", "spot"],
                                MINI + ["--build", "box-a4", "--step", "13=8", "--growth-low", "0",
                                        "--demand-case", "no-step:steps=none"],
                                MINI + ["--build", "box-a4", "--max-net-present-cost-usd", "1000",
                                        "--min-owned-utilisation", "0.5"]]),
    (["diff"], "diff", "diff", [["data/diff_before.json", "data/diff_after.json"],
                                ["data/diff_after.json", "data/diff_before.json"]]),
]


def schema_of(root, name):
    schema = json.loads((root / "docs" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(validator, value):
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(value)]


def must_reject(validator, body, name):
    """The schema rejects the body without its first required key, and with a key it does not know."""
    problems = []
    required = validator.schema.get("required", [])
    if required:
        broken = copy.deepcopy(body)
        del broken[required[0]]
        if not errors(validator, broken):
            problems.append(f"{name}.schema.json accepts a body without {required[0]!r}")
    broken = copy.deepcopy(body)
    broken["not_a_field"] = 1
    if not errors(validator, broken):
        problems.append(f"{name}.schema.json accepts a body with an unknown key")
    return problems


def main():
    binary, root = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
    envelope = schema_of(root, "envelope")
    problems, checked = [], 0
    for words, key, name, arg_lists in CASES:
        validator = schema_of(root, name)
        for args in arg_lists:
            what = " ".join(words + args)
            run = subprocess.run([binary, *words, *args, "--format", "json"], cwd=root / "tests",
                                 capture_output=True, text=True)
            if run.returncode not in (0, 1):  # check exits 1 when a gate fails: its JSON is still written
                problems.append(f"{what}: exit {run.returncode}: {run.stderr.strip()}")
                continue
            document = json.loads(run.stdout)
            problems += [f"{what}: envelope: {e}" for e in errors(envelope, document)]
            if list(document)[-1] != key:
                problems.append(f"{what}: the body key is {list(document)[-1]!r}, expected {key!r}")
                continue
            problems += [f"{what}: {name}.schema.json: {e}" for e in errors(validator, document[key])]
            if key == "check" and "checks" not in document[key]:
                problems.append(f"{what}: check's body has no \"checks\"")
            checked += 1
        problems += must_reject(validator, document[key], name)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"check_schemas: {checked} outputs of {len(CASES)} commands valid against their schemas")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
