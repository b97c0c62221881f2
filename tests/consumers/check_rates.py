"""export-rates' files read as their tools read them.

SkyPilot loads ~/.sky/config.yaml with PyYAML's safe_load: the file must give kubernetes.pricing.accelerators as a
mapping of an accelerator name to a number (US dollars per accelerator-hour). OpenCost unmarshals its custom pricing
JSON into a struct of string fields and parses each price with Go's strconv.ParseFloat: every value must be a JSON
string, the prices numbers in that string. The rate must equal compare's build total over the GPU-hours of use.
Exits 77 (skipped) when PyYAML is missing (sh scripts/install-deps.sh installs python3-yaml).

Usage: python3 check_rates.py GPUCOST_BINARY SOURCE_DIR
"""

import json
import pathlib
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("check_rates: skipped: PyYAML is missing (sh scripts/install-deps.sh installs python3-yaml)")
    sys.exit(77)

# Go's strconv.ParseFloat accepts these (and more); gpucost writes plain decimals.
GO_FLOAT = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
# OpenCost's CustomPricing price fields (opencost/opencost pkg/cloud/models/models.go).
PRICES = {"CPU", "spotCPU", "RAM", "spotRAM", "GPU", "spotGPU", "storage"}


def main():
    binary, root = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
    problems = []

    def run(*args):
        done = subprocess.run([binary, *args], cwd=root / "tests", capture_output=True, text=True, check=False)
        if done.returncode != 0:
            problems.append(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    for build, hours in (("office-2x-rtx4090", "40"), ("hgx-h100-thinkmate-2024", "120")):
        common = ["--build", build, "--hours-per-week", hours]
        report = json.loads(run("compare", *common, "--format", "json"))["report"]["comparisons"][0]
        gpu_hours = report["build"]["gpu_count"] * float(hours) * 730 / 168 * report_months(root)
        want = report["build"]["total_usd"] / gpu_hours
        config = yaml.safe_load(run("export-rates", *common, "--to", "skypilot"))
        accelerators = config["kubernetes"]["pricing"]["accelerators"]
        if len(accelerators) != 1:
            problems.append(f"{build}: skypilot: {len(accelerators)} accelerators, expected 1")
        for name, rate in accelerators.items():
            if not isinstance(name, str) or not isinstance(rate, float) or abs(rate - want) > 1e-9 * want:
                problems.append(f"{build}: skypilot: {name!r}: {rate!r}, expected the number {want}")
        pricing = json.loads(run("export-rates", *common, "--to", "opencost"))
        for key, value in pricing.items():
            if not isinstance(value, str):
                problems.append(f"{build}: opencost: {key} is {type(value).__name__}, a Go string field needs a string")
            elif key in PRICES and not GO_FLOAT.match(value):
                problems.append(f"{build}: opencost: {key} = {value!r} is not a number ParseFloat reads")
        if pricing.get("provider") != "custom" or abs(float(pricing["GPU"]) - want) > 1e-9 * want:
            problems.append(f"{build}: opencost: provider {pricing.get('provider')!r}, GPU {pricing.get('GPU')!r}, "
                            f"expected \"custom\" and {want}")
    for problem in problems:
        print(problem)
    if not problems:
        print("check_rates: SkyPilot's YAML and OpenCost's JSON read back to compare's rate")
    return 1 if problems else 0


def report_months(root):
    """The shipped catalogue's horizon in months (years x 12)."""
    catalog = json.loads((root / "data" / "catalog.json").read_text(encoding="utf-8"))
    return round(catalog["assumptions"]["years"] * 12)


if __name__ == "__main__":
    sys.exit(main())
