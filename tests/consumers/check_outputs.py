#!/usr/bin/env python3
"""Real consumers of gpucost's CSV and JSON: Python's csv module reads the CSV (RFC 4180) and its sums are checked
against the JSON totals; every JSON output's envelope is validated against docs/envelope.schema.json, and the
compare/check and rank bodies against docs/report.schema.json and docs/rank.schema.json.

Usage: check_outputs.py GPUCOST_BINARY SOURCE_DIR   (stdlib only: the jsonschema module may be absent, so the
subset of JSON Schema the schema uses is validated here: type, enum, required, properties, additionalProperties,
items, minimum)."""
import csv
import io
import json
import os
import re
import subprocess
import sys

BINARY, SOURCE = sys.argv[1], sys.argv[2]
CATALOG = os.path.join(SOURCE, "tests", "data", "mini_catalog.json")
failures = []


def run(*args, expect=0):
    env = dict(os.environ, GPUCOST_TODAY="2026-11-30")
    r = subprocess.run([BINARY, *args], capture_output=True, text=True, env=env)
    if r.returncode != expect:
        failures.append(f"{' '.join(args)}: exit {r.returncode}, expected {expect}: {r.stderr}")
    return r.stdout


TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def type_ok(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def validate(value, schema, path="$"):
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(type_ok(value, n) for n in names):
            failures.append(f"{path}: {value!r} is not of type {names}")
            return
    if "enum" in schema and value not in schema["enum"]:
        failures.append(f"{path}: {value!r} not in {schema['enum']}")
    if "minimum" in schema and type_ok(value, "number") and value < schema["minimum"]:
        failures.append(f"{path}: {value!r} < minimum {schema['minimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                failures.append(f"{path}: missing required {key!r}")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                validate(item, props[key], f"{path}.{key}")
            elif extra is False:
                failures.append(f"{path}: unexpected key {key!r}")
            elif isinstance(extra, dict):
                validate(item, extra, f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            validate(item, schema["items"], f"{path}[{i}]")


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


with open(os.path.join(SOURCE, "docs", "report.schema.json")) as f:
    SCHEMA = json.load(f)
with open(os.path.join(SOURCE, "docs", "envelope.schema.json")) as f:
    ENVELOPE = json.load(f)
BODY_KEYS = {"compare": "report", "check": "check", "cashflow": "cash_flow", "sensitivity": "sensitivity",
             "sweep": "sweep", "simulate": "simulation", "rank": "rank", "catalog list": "listing",
             "catalog show": "entry"}

# The schemas must reject what they should, or validating against them proves nothing.
for schema, name in ((SCHEMA, "body"), (ENVELOPE, "envelope")):
    before = len(failures)
    validate({"schema_version": 1}, schema)
    if len(failures) == before:
        failures.append(f"the validator accepted a {name} without its required keys")
    del failures[before:]


def body(document, command, path="$"):
    """The envelope checked against its schema, then the body under the command's key."""
    validate(document, ENVELOPE, path)
    if document.get("command") != command:
        failures.append(f"{path}: command {document.get('command')!r}, expected {command!r}")
    extra = [k for k in document if k not in ENVELOPE["properties"]]
    if extra != [BODY_KEYS[command]]:
        failures.append(f"{path}: keys after the envelope {extra}, expected [{BODY_KEYS[command]!r}]")
    return document.get(BODY_KEYS[command], {})


# Every command's JSON: the envelope, with the body last.
for args in (["compare"], ["cashflow"], ["sensitivity"], ["sweep", "--vary", "hours_per_week=0:168:56"],
             ["simulate", "--draws", "100"], ["catalog", "list"], ["catalog", "show", "box-a4"]):
    command = " ".join(args[:2]) if args[0] == "catalog" else args[0]
    body(json.loads(run(*args, "--catalog", CATALOG, "--format", "json")), command, " ".join(args))

for catalog_args in (["--catalog", CATALOG], []):  # the fixture, and the embedded real catalogue
    for extra in ([], ["--discount-rate", "0.08"], ["--pricing", "spot"]):
        base = [*catalog_args, *extra]
        report = body(json.loads(run("compare", *base, "--format", "json")), "compare")
        validate(report, SCHEMA)
        rows = list(csv.DictReader(io.StringIO(run("compare", *base, "--format", "csv"), newline="")))
        if len(rows) != len(report["comparisons"]):
            failures.append(f"{base}: {len(rows)} CSV rows, {len(report['comparisons'])} JSON comparisons")
        for row, c in zip(rows, report["comparisons"]):
            if row["build_id"] != c["build"]["id"] or row["cloud_id"] != c["cloud"]["id"]:
                failures.append(f"{base}: CSV row {row['build_id']} against JSON {c['build']['id']}")
            parts = ["hardware", "setup", "power", "staff", "maintenance", "facility", "interim_cloud",
                     "downtime_cover", "resale"]
            build_sum = sum(float(row[f"build_{p}_usd"]) for p in parts)
            cloud_sum = sum(float(row[f"cloud_{p}_usd"]) for p in ["compute", "storage", "egress", "staff"])
            for name, got, want in (("build", build_sum, c["build"]["total_usd"]),
                                    ("cloud", cloud_sum, c["cloud"]["total_usd"]),
                                    ("build total", float(row["build_total_usd"]), c["build"]["total_usd"])):
                if not close(got, want):
                    failures.append(f"{base} {c['build']['id']}: CSV {name} {got} != JSON {want}")
        # The cash flow: CSV rows per side sum to the compare JSON totals.
        flows = list(csv.DictReader(io.StringIO(run("cashflow", *base, "--format", "csv"), newline="")))
        totals = {}
        for r in flows:
            key = (r["build_id"], r["cloud_id"], r["side"])
            totals[key] = totals.get(key, 0.0) + float(r["amount_usd"])
        for c in report["comparisons"]:
            for side in ("build", "cloud"):
                got = totals.get((c["build"]["id"], c["cloud"]["id"], side))
                if got is None or not close(got, c[side]["total_usd"]):
                    failures.append(f"{base} {c['build']['id']} {side}: cash flow sums to {got}, "
                                    f"report total {c[side]['total_usd']}")

# Another currency: the CSV's converted columns still sum to the converted JSON totals, and the JSON, with its
# unit names mapped back, still follows the schema (the one contract, in either currency).
INPUT_SECTIONS = {"assumptions", "assumption_sources", "assumption_overrides"}


def usd_names(value, key=None):
    if isinstance(value, dict):
        if key in INPUT_SECTIONS:
            return value
        return {re.sub(r"(^|_)eur(_|$)", r"\1usd\2", k): usd_names(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [usd_names(v) for v in value]
    return value


eur = ["--catalog", CATALOG, "--currency", "EUR", "--usd-rate", "0.92"]
document = json.loads(run("compare", *eur, "--format", "json"))
if document.get("currency") != {"code": "EUR", "per_usd": 0.92}:
    failures.append(f"--currency EUR: JSON currency is {document.get('currency')}")
report = body(document, "compare")
validate(usd_names(report), SCHEMA)
rows = list(csv.DictReader(io.StringIO(run("compare", *eur, "--format", "csv"), newline="")))
for row, c in zip(rows, report["comparisons"]):
    build_sum = sum(float(row[f"build_{p}_eur"]) for p in
                    ["hardware", "setup", "power", "staff", "maintenance", "facility", "interim_cloud",
                     "downtime_cover", "resale"])
    if not close(build_sum, c["build"]["total_eur"]):
        failures.append(f"EUR {c['build']['id']}: CSV build sum {build_sum} != JSON {c['build']['total_eur']}")

checked = body(json.loads(run("check", "--catalog", CATALOG, "--max-payback-months", "20", "--format", "json",
                              expect=1)), "check")
validate(checked, SCHEMA)
if len(checked.get("checks", [])) != len(checked["comparisons"]):
    failures.append("check JSON: expected one check per comparison")

# rank: for every workload of the fixture and of the shipped catalogue, Python's csv reads the same rows as the
# JSON, in ascending order, each figure the total over the discounted work.
MATCH = os.path.join(SOURCE, "tests", "data", "match_catalog.json")
with open(os.path.join(SOURCE, "docs", "rank.schema.json")) as f:
    RANK_SCHEMA = json.load(f)
for catalog_args, workloads in ((["--catalog", MATCH], ["llm-infer", "fp64-hpc"]), ([], None)):
    if workloads is None:
        with open(os.path.join(SOURCE, "data", "catalog.json"), encoding="utf-8") as f:  # the embedded catalogue
            workloads = [w["id"] for w in json.load(f).get("workloads", [])]
        if not workloads:
            failures.append("rank: the shipped catalogue lists no workloads")
    for workload in workloads:
        base = ["rank", *catalog_args, "--workload", workload]
        ranked = body(json.loads(run(*base, "--format", "json")), "rank", f"rank {workload}")
        validate(ranked, RANK_SCHEMA, f"rank {workload}")
        rows = list(csv.DictReader(io.StringIO(run(*base, "--format", "csv"), newline="")))
        if [r["id"] for r in rows] != [r["id"] for r in ranked["rows"]]:
            failures.append(f"rank {workload}: CSV ids differ from JSON ids")
        last = None
        for row, r in zip(rows, ranked["rows"]):
            figure = r["usd_per_million_units"]
            if not close(float(row["usd_per_million_units"]), figure):
                failures.append(f"rank {workload} {r['id']}: CSV {row['usd_per_million_units']} != JSON {figure}")
            if not close(figure, r["total_usd"] / r["discounted_work_units"] * 1e6):
                failures.append(f"rank {workload} {r['id']}: {figure} is not total / discounted work")
            if last is not None and figure < last:
                failures.append(f"rank {workload}: {r['id']} out of order")
            last = figure

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("CSV and JSON consumers: ok")
