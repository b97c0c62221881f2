#!/usr/bin/env python3
"""The --format xlsx workbooks as a spreadsheet computes them.

Writes workbooks for several shipped builds and pricings, changes one input cell of some copies with openpyxl,
recalculates every file in one headless LibreOffice run, then reads the recalculated figures (data_only) and
compares them with gpucost's JSON for the same inputs (with the changed input as a flag): every category total,
both sides' totals and the savings to the cent, the cheaper side, both payback months and the break-even hours per
week, and with a per-token API (--workload) its monthly bill. A second LibreOffice run opens the unchanged
workbooks without recalculating: their cached results must be the same figures, cell for cell. Exits 77 (ctest's skip) when soffice or openpyxl is missing.

Usage: check_workbooks.py GPUCOST_BINARY WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

try:
    import openpyxl
except ImportError:
    # Debian's python3-openpyxl is in the system interpreter's path; a virtual environment's python3 may lack it.
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("workbook_recalc: skipped: python3-openpyxl is not installed (sh scripts/install-deps.sh --office)")
    sys.exit(77)

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
if SOFFICE is None:
    print("workbook_recalc: skipped: soffice is not installed (sh scripts/install-deps.sh --office)")
    sys.exit(77)

MINI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "mini_catalog.json")
# Per-token API offers (issue 20): a 2 x gpu-c build, 100 tokens/s a GPU, and two API offers of its model.
API = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "api_catalog.json")
# docs/finance.md's worked example: one $100,000 GPU and nothing else, against $2 an hour, 36 months, no discounting.
EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "finance_example.json")
# A dedicated server rented by the month (issue 20 item 6a): tests/data/match_catalog.json's build hgx-8 against
# tests/data/overlay/monthly_h8.json's h-8x-monthly, one 8-GPU server at $10,000 a month and a $2,000 setup fee.
MATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "match_catalog.json")
MONTHLY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "overlay", "monthly_h8.json")
# The format's example rental (tests/data/overlay/monthly_rental.json): one RTX 4090 at $180 a month, $90 to set up.
MONTHLY_1X = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "overlay", "monthly_rental.json")

# name, command and flags: shipped builds against their matched offers, every pricing, discounting, price trends,
# a lead time, the curve resale, sized storage, idle off, a rental of another GPU model.
CASES = [
    ("box-a4", ["compare", "--catalog", MINI, "--build", "box-a4"]),
    ("h100", ["compare", "--build", "dgx-h100-2023"]),
    # The backup offer (interim and downtime rental) is the cheapest like-for-like on-demand offer at the run's
    # hours, so it can change with them; the workbook keeps the run's. Named here, it stays when hours are edited.
    ("a100-40gb-spot", ["compare", "--build", "dgx-a100-40gb-2020", "--pricing", "spot", "--discount-rate", "0.08",
                      "--idle", "off", "--backup-offer", "aws-p4d.24xlarge-us-west-2"]),
    ("a100-reserved-1y", ["compare", "--build", "hgx-a100-80gb-2023", "--pricing", "reserved-1y",
                          "--cloud-price-change-per-year", "-0.15", "--electricity-price-change-per-year", "0.04",
                          "--discount-rate", "0.1", "--years", "4"]),
    ("h200-reserved-3y-lead", ["compare", "--build", "hgx-h200-8gpu", "--pricing", "reserved-3y",
                               "--lead-time-months", "5", "--resale", "curve", "--resale-decline-per-year", "0.3",
                               "--storage-tb", "50", "--cloud-storage-usd-per-tb-month", "20",
                               "--on-demand-overhead", "0.1", "--discount-rate", "0.07"]),
    # Another GPU model does the work (--match any): the engine costs the instances rented as one rental.
    ("rtx4090-any-workload", ["compare", "--build", "workstation-4x-rtx4090", "--match", "any", "--workload",
                              "image-train-resnet50"]),
    # The same work through a per-token API (issue 20): the API's monthly bill from named cells, with prompt tokens
    # (the fixture's chat bills 2 for each generated one) and without (the shipped Llama 3 8B counts generated ones).
    ("duo-c-api", ["compare", "--catalog", API, "--build", "duo-c", "--workload", "chat", "--hours-per-week", "168",
                   "--months", "10", "--discount-rate", "0"]),
    ("rtx4090-api", ["compare", "--build", "office-2x-rtx4090", "--workload", "llm-8b-chat-llamacpp",
                     "--hours-per-week", "40"]),
    ("rtx5090-cashflow", ["cashflow", "--build", "office-2x-rtx5090", "--hours-per-week", "20", "--years", "2"]),
    # Financing and tax (issue 24): a loan, each lease end, tax by MACRS with bonus and Section 179 (its limit cut by
    # the phase-out), straight line, both timings, a term past the horizon, an fmv buyout before it.
    ("example-loan", ["compare", "--catalog", EXAMPLE, "--build", "box-x1", "--financing", "loan", "--loan-rate",
                      "0.09", "--loan-term-months", "36"]),
    ("example-tax", ["compare", "--catalog", EXAMPLE, "--build", "box-x1", "--tax-rate", "0.21",
                     "--bonus-depreciation", "0"]),
    ("h100-loan-past-horizon", ["compare", "--build", "dgx-h100-2023", "--financing", "loan", "--loan-rate", "0.08",
                                "--loan-term-months", "48", "--down-payment", "0.1", "--discount-rate", "0.1",
                                "--tax-rate", "0.21", "--depreciation", "straight-line", "--bonus-depreciation", "0"]),
    ("box-a4-lease-return", ["compare", "--catalog", MINI, "--build", "box-a4", "--financing", "lease",
                             "--lease-rate-factor", "0.035", "--lease-term-months", "24", "--discount-rate", "0.05",
                             "--tax-rate", "0.21"]),
    ("box-a4-lease-fmv", ["compare", "--catalog", MINI, "--build", "box-a4", "--financing", "lease",
                          "--lease-rate-factor", "0.03", "--lease-term-months", "12", "--lease-end", "fmv",
                          "--years", "3", "--discount-rate", "0.08", "--tax-rate", "0.21", "--tax-timing",
                          "year-end", "--bonus-depreciation", "0.5"]),
    ("box-b2-lease-one-dollar", ["cashflow", "--catalog", MINI, "--build", "box-b2", "--financing", "lease",
                                 "--lease-usd-per-month", "150", "--lease-term-months", "36", "--lease-end",
                                 "one-dollar", "--tax-rate", "0.25", "--depreciation", "straight-line",
                                 "--tax-life-years", "3", "--discount-rate", "0.06"]),
    ("h200-tax-macrs-179", ["compare", "--build", "hgx-h200-8gpu", "--tax-rate", "0.21", "--depreciation", "macrs-5",
                            "--bonus-depreciation", "0.4", "--section-179-usd", "100000",
                            "--section-179-limit-usd", "200000",
                            "--section-179-phase-out-usd", "250000", "--years", "5", "--discount-rate", "0.08",
                            "--tax-timing", "year-end", "--lead-time-months", "3"]),
    # Year-end discounting (each month's flow at its year's end): the worked example's tax run, and a loan with
    # year-end tax over a horizon that ends mid-year (its last year's flows at month 42's factor, (1 + r)^-4).
    ("example-annual", ["compare", "--catalog", EXAMPLE, "--build", "box-x1", "--tax-rate", "0.21",
                        "--bonus-depreciation", "0", "--discount-rate", "0.1", "--discounting", "annual"]),
    ("h100-annual-loan", ["cashflow", "--build", "dgx-h100-2023", "--financing", "loan", "--loan-rate", "0.08",
                          "--loan-term-months", "48", "--discount-rate", "0.09", "--discounting", "annual",
                          "--tax-rate", "0.21", "--tax-timing", "year-end", "--months", "42"]),
    # The monthly rental, undiscounted (hand-checked below), and with discounting, a falling cloud price, tax with
    # year-end timing (the setup fee deducted in tax year 1) and a lead time (the interim cloud rented by the hour).
    ("h8-monthly", ["compare", "--catalog", MATCH, "--add-catalog", MONTHLY, "--build", "hgx-8", "--cloud",
                    "h-8x-monthly", "--discount-rate", "0", "--years", "3"]),
    ("h8-monthly-tax", ["cashflow", "--catalog", MATCH, "--add-catalog", MONTHLY, "--build", "hgx-8", "--cloud",
                        "h-8x-monthly", "--discount-rate", "0.08", "--cloud-price-change-per-year", "-0.1",
                        "--tax-rate", "0.21", "--tax-timing", "year-end", "--lead-time-months", "2",
                        "--hours-per-week", "100"]),
    # Two 1-GPU servers for the shipped 2 x RTX 4090 build (named with --cloud past the like-for-like rule): two
    # monthly prices and two fees; under reserved-1y the monthly price, like the pricing in force, moves once a year.
    ("rtx4090-monthly-2x", ["compare", "--add-catalog", MONTHLY_1X, "--build", "office-2x-rtx4090", "--cloud",
                            "example-1x-rtx4090-monthly", "--pricing", "reserved-1y", "--cloud-price-change-per-year",
                            "-0.2", "--discount-rate", "0.06", "--years", "2", "--hours-per-week", "40"]),
]

# A copy of a case's workbook with one Assumptions cell changed, and the flag that asks gpucost the same.
EDITS = [
    ("box-a4", "electricity_usd_per_kwh", 0.3, ["--electricity-usd-per-kwh", "0.3"]),
    ("h100", "electricity_usd_per_kwh", 0.31, ["--electricity-usd-per-kwh", "0.31"]),
    ("a100-40gb-spot", "hours_per_week", 100, ["--hours-per-week", "100"]),
    ("a100-reserved-1y", "discount_rate", 0.03, ["--discount-rate", "0.03"]),
    ("h200-reserved-3y-lead", "lead_time_months", 2, ["--lead-time-months", "2"]),
    ("rtx5090-cashflow", "staff_fte_build", 0.5, ["--staff-fte-build", "0.5"]),
    ("duo-c-api", "hours_per_week", 84, ["--hours-per-week", "84"]),
    # A cash workbook without tax carries the finance rows at zero: a tax rate typed in switches them on.
    ("box-a4", "tax_rate", 0.21, ["--tax-rate", "0.21"]),
    ("example-loan", "loan_rate", 0.12, ["--loan-rate", "0.12"]),
    ("example-tax", "tax_rate", 0.3, ["--tax-rate", "0.3"]),
    ("h100-loan-past-horizon", "loan_term_months", 24, ["--loan-term-months", "24"]),
    ("box-a4-lease-return", "lease_rate_factor", 0.02, ["--lease-rate-factor", "0.02"]),
    ("box-a4-lease-fmv", "lease_end", "one-dollar", ["--lease-end", "one-dollar"]),
    ("box-b2-lease-one-dollar", "tax_life_years", 5, ["--tax-life-years", "5"]),
    ("h200-tax-macrs-179", "tax_timing", "month", ["--tax-timing", "month"]),
    ("h200-tax-macrs-179", "financing", "loan", ["--financing", "loan"]),
    # The convention is an input cell: flipped either way, the workbook equals gpucost's run under the other one.
    ("example-annual", "discounting", "monthly", ["--discounting", "monthly"]),
    ("h100-annual-loan", "discounting", "monthly", ["--discounting", "monthly"]),
    ("a100-reserved-1y", "discounting", "annual", ["--discounting", "annual"]),
    # The rental's bill stays where it is as the use changes; a price trend typed in moves it month by month.
    ("h8-monthly", "hours_per_week", 20, ["--hours-per-week", "20"]),
    ("h8-monthly", "cloud_price_change_per_year", 0.05, ["--cloud-price-change-per-year", "0.05"]),
    ("h8-monthly-tax", "tax_timing", "month", ["--tax-timing", "month"]),
    ("rtx4090-monthly-2x", "discount_rate", 0, ["--discount-rate", "0"]),
]

# plan --format xlsx: the chosen schedule held fixed in the workbook. name, flags; then edits of an Assumptions cell
# with the catalogue change that asks gpucost the same (the offer's on-demand price) or a flag. The re-run must
# choose the same schedule (checked): lowering the on-demand price cannot make an all-on-demand plan dearer than
# another (each schedule saves at most what renting everything saves).
PLAN_CASES = [
    ("plan-own-and-rent", ["plan", "--catalog", MINI, "--build", "box-a4", "--cloud", "cheap-a8", "--gpus", "2",
                           "--growth-per-year", "1.5", "--burst-gpus", "12", "--burst-hours", "200",
                           "--decide-every", "6", "--discount-rate", "0.08", "--failures-per-machine-year", "2",
                           "--repair-hours", "48"]),
    ("plan-rent-annual", ["plan", "--catalog", MINI, "--build", "box-a4", "--cloud", "cheap-a8", "--gpus", "8",
                          "--years", "3", "--lead-time-months", "9", "--growth-per-year", "0.5", "--discount-rate",
                          "0.08", "--discounting", "annual", "--cloud-price-change-per-year", "-0.1"]),
    # Round the clock with a lead time past the horizon's middle: 1-year commitments, one after another, then
    # overlapping ones as demand grows, with on demand above them and a falling cloud price.
    ("plan-commit", ["plan", "--catalog", MINI, "--build", "box-a4", "--cloud", "cheap-a8", "--gpus", "8",
                     "--hours-per-week", "168", "--years", "3", "--lead-time-months", "30"]),
    ("plan-commit-growth", ["plan", "--catalog", MINI, "--build", "box-a4", "--cloud", "cheap-a8", "--gpus", "8",
                            "--hours-per-week", "168", "--years", "3", "--lead-time-months", "30",
                            "--growth-per-year", "0.5", "--decide-every", "6", "--cloud-price-change-per-year",
                            "-0.1", "--discount-rate", "0.06"]),
]
PLAN_EDITS = [
    ("plan-own-and-rent", "on_demand_usd_per_hour", 17.0, ("cheap-a8", "on-demand", 17.0), []),
    ("plan-rent-annual", "on_demand_usd_per_hour", 14.0, ("cheap-a8", "on-demand", 14.0), []),
    ("plan-commit", "reserved_1y_usd_per_hour", 11.0, ("cheap-a8", "reserved-1y", 11.0), []),
    ("plan-commit-growth", "on_demand_usd_per_hour", 17.0, ("cheap-a8", "on-demand", 17.0), []),
    ("plan-rent-annual", "discounting", "monthly", None, ["--discounting", "monthly"]),
]

# LibreOffice trusts the cached values of a file that says Excel wrote it (libxlsxwriter's does) unless told to
# recalculate every OOXML file on load: OOXMLRecalcMode 0 is "always", 1 "never". The workbooks are recalculated
# with 0 (the formulas' results); the unchanged ones are also opened with 1 (the cached results gpucost wrote,
# which a reader sees first), and both must equal gpucost's figures.
PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>{mode}</value></prop></item>
</oor:items>
"""

CENT = 0.005

# Figures worked out by hand for the fixture's box-a4 (tests/data/mini_catalog.json: 4 x GPU A at 500 W load, 50 W
# idle, $10,000; base $10,000, 1,000 W, 200 W; setup $1,000) against pricey-a1 (1 GPU, $3/h on demand), at the
# fixture's 84 h/week over 24 months, always on, PUE 1.5, $0.20/kWh, no discounting: the workbook must reach them
# whatever gpucost says.
#   used hours a month u = 84 x 730 / 168 = 365, idle hours 730 - 365 = 365
#   kWh a month = (365 x 3,000 + 365 x 400) / 1,000 = 1,241
HAND = {
    "box-a4": {
        "build_power_usd": 8935.2,  # 1,241 kWh x 1.5 x $0.20 x 24 months
        "build_resale_usd": -30000.0,  # $50,000 x (1 - (1 - 0.2) x 2 / 4 years)
        "cloud_compute_usd": 105120.0,  # 4 instances x $3 x 365 h x 24 months
        "build_total_usd": 66335.2,  # 50,000 + 1,000 + 8,935.2 + 24,000 + 10,000 + 2,400 - 30,000
        "cloud_total_usd": 118920.0,  # 105,120 + 1,200 + 600 + 12,000
        # D(0) = 59,502.4 - 13,800 = 45,702.4; slope (730 / 168 x 2.6 kWh x 1.5 x $0.20 - 4 x $3 x 730 / 168) x 24
        # = 81.342857 - 1,251.428571 = -1,170.085714 per weekly hour; 45,702.4 / 1,170.085714 = 39.0590
        "break_even_hours_per_week": 39.05901887529607,
    },
    "box-a4-electricity_usd_per_kwh": {
        "build_power_usd": 13402.8,  # 1,241 kWh x 1.5 x $0.30 x 24 months
        "build_total_usd": 70802.8,  # 66,335.2 - 8,935.2 + 13,402.8
    },
    # docs/finance.md's worked example (H = $100,000, cloud 730 h x $2 = $1,460 a month, M = 36, no discounting).
    "example-loan": {
        # i = 0.09 / 12 = 0.0075; 100,000 x 0.0075 / (1 - 1.0075^-36) = 3,179.9733
        "loan_payment_usd": 3179.9732660217,
        "build_interest_usd": 14479.037575786,  # 36 x 3,179.9733 - 100,000
        "build_financing_usd": 0.0,  # -100,000 drawn + 100,000 repaid
        "build_total_usd": 74479.037575786,  # 100,000 - 40,000 + 14,479.04
    },
    "example-tax": {
        # sold in tax year 3 (month 36): 20 % + 32 % + 19.2 % / 2 = 61.6 % of 100,000; 0.21 x 61,600
        "build_depreciation_usd": -12936.0,
        "build_tax_on_sale_usd": 336.0,  # 0.21 x (40,000 - 38,400)
        "build_total_usd": 47400.0,  # 100,000 - 40,000 - 12,936 + 336
        "cloud_tax_deduction_usd": -11037.6,  # 0.21 x 52,560
        "cloud_total_usd": 41522.4,  # 52,560 - 11,037.60
        "build_pre_tax_total_usd": 60000.0,
    },
    "h200-tax-macrs-179": {
        # basis 357,000 + 2,500 = 359,500; limit 200,000 - (359,500 - 250,000) = 90,500 < the 100,000 asked
        "section_179_taken_usd": 90500.0,
        "bonus_taken_usd": 107600.0,  # 0.4 x (359,500 - 90,500)
        "depreciable_rest_usd": 161400.0,  # 359,500 - 90,500 - 107,600
        # five years from month 1: sold in tax year 5, half of its 11.52 %
        "depreciation_year_5_usd": 9296.64,  # 161,400 x 0.1152 / 2
    },
    # The same at 10 % a year, year-end: year y's flows at 1.1^-y; A = 1/1.1 + 1/1.1^2 + 1/1.1^3 = 2.4868519910.
    "example-annual": {
        "cloud_compute_usd": 43569.64688204358,  # 12 x $1,460 x A
        "cloud_tax_deduction_usd": -9149.625845229151,  # -0.21 x 43,569.65 (month timing: as paid, same factors)
        "build_resale_usd": -30052.592036063103,  # -40,000 x 1.1^-3
    },
    # tests/data/api_catalog.json's duo-c through api-a at 168 h/week: 2 GPUs x 100 tokens/s x 3,600 s x 730 h.
    "duo-c-api": {
        "api_output_tokens_per_month": 525600000.0,
        "api_usd_per_month": 210.24,  # 525.6 million x ($0.20 out + 2 prompt tokens x $0.10 in)
    },
    "duo-c-api-hours_per_week": {
        "api_output_tokens_per_month": 262800000.0,  # 84 h/week: 365 used hours a month
        "api_usd_per_month": 105.12,  # 262.8 million x $0.40
    },
    # The monthly rental, no discounting over 36 months: 1 server x $10,000 every month whatever the use, and its
    # fee once in month 0: 36 x $10,000 + $2,000 = $362,000 undiscounted (storage and staff beside them are the
    # default assumptions'), the same at 20 h/week as at the default hours.
    "h8-monthly": {
        "cloud_compute_usd": 360000.0,  # 36 x $10,000
        "cloud_setup_fee_usd": 2000.0,  # 1 x $2,000
        "compute_usd_per_month_per_weekly_hour": 0.0,  # the bill does not move with use
    },
    "h8-monthly-hours_per_week": {
        "cloud_compute_usd": 360000.0,
        "cloud_setup_fee_usd": 2000.0,
    },
    # 2 servers x $180 over 24 months undiscounted, the price 20 % lower in year 2 (reserved-1y locks it a year):
    # 2 x 180 x (12 + 12 x 0.8) = 7,776; the fees 2 x $90 = $180 in month 0.
    "rtx4090-monthly-2x-discount_rate": {
        "cloud_compute_usd": 7776.0,
        "cloud_setup_fee_usd": 180.0,
    },
    "example-tax-tax_rate": {
        "build_depreciation_usd": -18480.0,  # 0.3 x 61,600
        "build_tax_on_sale_usd": 480.0,  # 0.3 x 1,600
        "cloud_tax_deduction_usd": -15768.0,  # 0.3 x 52,560
    },
}


def run(binary, args):
    result = subprocess.run([binary] + args, capture_output=True)
    if result.returncode != 0:
        sys.exit("gpucost %s: exit %d: %s" % (" ".join(args), result.returncode, result.stderr.decode()))
    return result.stdout


def with_flag(args, flag, text):
    """`args` with `flag` set to `text`, in place of its value when it is already there (a flag is given once)."""
    if flag in args:
        at = args.index(flag) + 1
        return args[:at] + [text] + args[at + 1:]
    return args + [flag, text]


def expected(binary, args):
    """The one comparison of `compare` with the same flags (cashflow's figures are compare's)."""
    text = run(binary, ["compare"] + args[1:] + ["--format", "json"])
    return json.loads(text)["report"]["comparisons"][0]


def named_cells(book):
    cells = {}
    for defined in book.defined_names.definedName:
        for sheet, coordinate in defined.destinations:
            cells[defined.name] = (sheet, coordinate.replace("$", ""))
    return cells


def value(book, cells, name):
    sheet, coordinate = cells[name]
    return book[sheet][coordinate].value


def compare(label, book, want, problems):
    cells = named_cells(book)

    def money(name, wanted):
        got = value(book, cells, name)
        if not isinstance(got, (int, float)) or abs(got - wanted) > CENT:
            problems.append("%s: %s = %r, gpucost says %r" % (label, name, got, wanted))

    for side in ("build", "cloud"):
        for key, amount in want[side]["breakdown_usd"].items():
            money("%s_%s_usd" % (side, key), amount)
        money("%s_total_usd" % side, want[side]["total_usd"])
    money("savings_usd", want["savings_usd"])
    pre_tax = want.get("pre_tax")
    if pre_tax is not None:
        for key in ("build_total_usd", "cloud_total_usd", "savings_usd"):
            money(key.replace("total", "pre_tax_total") if "total" in key else "savings_pre_tax_usd", pre_tax[key])
        if value(book, cells, "cheaper_pre_tax") != pre_tax["cheaper"]:
            problems.append("%s: cheaper_pre_tax = %r, gpucost says %r"
                            % (label, value(book, cells, "cheaper_pre_tax"), pre_tax["cheaper"]))
    if value(book, cells, "cheaper") != want["cheaper"]:
        problems.append("%s: cheaper = %r, gpucost says %r" % (label, value(book, cells, "cheaper"), want["cheaper"]))
    for name in ("payback_month", "payback_month_if_sold"):
        payback = want["break_even"][name]
        got = value(book, cells, name)
        if (payback is None and got != "not within the horizon") or (payback is not None and got != payback):
            problems.append("%s: %s = %r, gpucost says %r" % (label, name, got, payback))
    api = want.get("api")
    if api is not None:
        money("api_usd_per_month", api["usd_per_month"])
        tokens = value(book, cells, "api_output_tokens_per_month")
        if not isinstance(tokens, (int, float)) or abs(tokens - api["output_tokens_per_month"]) > 1e-3:
            problems.append("%s: api_output_tokens_per_month = %r, gpucost says %r"
                            % (label, tokens, api["output_tokens_per_month"]))
    elif "api_usd_per_month" in cells:
        problems.append("%s: the workbook prices an API the run has none of" % label)
    hours = want["break_even"]["hours_per_week"]
    got = value(book, cells, "break_even_hours_per_week")
    if hours is None:
        if got != "none":
            problems.append("%s: break_even_hours_per_week = %r, gpucost says none" % (label, got))
    elif not isinstance(got, (int, float)) or abs(got - hours) > 1e-6:
        problems.append("%s: break_even_hours_per_week = %r, gpucost says %r" % (label, got, hours))


def plan_of(binary, args):
    """The chosen plan of `plan --format json` with `args`."""
    plan = json.loads(run(binary, args + ["--format", "json"]))["plan"]
    return plan["strategies"][-1]


def priced_catalogue(work, offer, pricing, usd_per_hour):
    """A copy of the fixture catalogue with `offer`'s price at `pricing` changed."""
    with open(MINI) as f:
        catalogue = json.load(f)
    for entry in catalogue["cloud"]:
        if entry["id"] == offer:
            entry["usd_per_hour"][pricing] = usd_per_hour
    path = os.path.join(work, "catalogue-%s-%s-%s.json" % (offer, pricing, usd_per_hour))
    with open(path, "w") as f:
        json.dump(catalogue, f)
    return path


def write_plans(binary, work, written):
    """The plan workbooks and their edited copies; returns label -> (the plan gpucost chose, its schedule)."""
    wants = {}
    arguments = dict(PLAN_CASES)
    for name, args in PLAN_CASES:
        run(binary, args + ["--output", os.path.join(written, name + ".xlsx")])
        wants[name] = plan_of(binary, args)
    for name, key, new_value, catalogue_change, flags in PLAN_EDITS:
        book = openpyxl.load_workbook(os.path.join(written, name + ".xlsx"))
        sheet, coordinate = named_cells(book)[key]
        book[sheet][coordinate].value = new_value
        label = "%s-%s" % (name, key)
        book.save(os.path.join(written, label + ".xlsx"))
        args = arguments[name]
        if catalogue_change is not None:
            args = with_flag(args, "--catalog", priced_catalogue(work, *catalogue_change))
        if flags:
            args = with_flag(args, flags[0], flags[1])
        wants[label] = plan_of(binary, args)
        if wants[label]["schedule"] != wants[name]["schedule"]:
            sys.exit("%s: gpucost chose another schedule; the workbook holds its schedule fixed" % label)
    return wants


# The commitment plan by hand: 36 months of one 1-year commitment at a time, 1 instance x 730 h x $12 = $8,760,
# plus the cloud's storage $50, egress $25 and staff 0.05 x $120,000 / 12 = $500 (the fixture's), no discounting.
PLAN_HAND = {
    "plan-commit": {
        "plan_net_present_cost_usd": 336060.0,  # 36 x (8,760 + 575)
        "plan_peak_monthly_spend_usd": 9335.0,  # 8,760 + 575
    },
    "plan-commit-reserved_1y_usd_per_hour": {
        "plan_net_present_cost_usd": 309780.0,  # 36 x (730 x $11 + 575) = 36 x 8,605
    },
}


def compare_plan(label, book, want, problems):
    cells = named_cells(book)
    for name, wanted in PLAN_HAND.get(label.replace("cached ", ""), {}).items():
        got = value(book, cells, name)
        if not isinstance(got, (int, float)) or abs(got - wanted) > 1e-6:
            problems.append("%s: %s = %r, by hand %r" % (label, name, got, wanted))
    for name, key in (("plan_net_present_cost_usd", "net_present_cost_usd"),
                      ("plan_peak_monthly_spend_usd", "peak_monthly_spend_usd")):
        got = value(book, cells, name)
        if not isinstance(got, (int, float)) or abs(got - want[key]) > CENT:
            problems.append("%s: %s = %r, gpucost says %r" % (label, name, got, want[key]))


def same_cells(label, recalculated, cached, problems):
    """Every cell gpucost cached equals what the formula gives (to 1e-9 relative): a reader sees the same figures
    before and after a recalculation."""
    for sheet in recalculated.sheetnames:
        for row_r, row_c in zip(recalculated[sheet].iter_rows(), cached[sheet].iter_rows()):
            for r, c in zip(row_r, row_c):
                a, b = r.value, c.value
                if isinstance(a, (int, float)) and isinstance(b, (int, float)):
                    if abs(a - b) <= 1e-9 * max(1.0, abs(a)):
                        continue
                elif a == b:
                    continue
                problems.append("%s: %s!%s is %r as written, %r recalculated" % (label, sheet, r.coordinate, b, a))
                return


def convert(profile, outdir, files):
    """One LibreOffice run opens `files` with `profile`'s settings and saves them into `outdir`."""
    subprocess.run([SOFFICE, "-env:UserInstallation=file://" + os.path.abspath(profile), "--headless",
                    "--convert-to", "xlsx", "--outdir", outdir] + files, check=True, capture_output=True, timeout=240)


def main():
    binary, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    written, recalculated, cached = (os.path.join(work, d) for d in ("written", "recalculated", "cached"))
    for d in (written, recalculated, cached):
        os.makedirs(d)
    profiles = {}
    for mode in (0, 1):
        profiles[mode] = os.path.join(work, "profile-%d" % mode)
        os.makedirs(os.path.join(profiles[mode], "user"))
        with open(os.path.join(profiles[mode], "user", "registrymodifications.xcu"), "w") as f:
            f.write(PROFILE.format(mode=mode))

    wants = {}
    for name, args in CASES:
        path = os.path.join(written, name + ".xlsx")
        run(binary, args + ["--output", path])
        # Two runs give the same bytes (the workbook's creation time is fixed).
        if run(binary, args + ["--format", "xlsx"]) != open(path, "rb").read():
            sys.exit("%s: two runs gave different bytes" % name)
        wants[name] = expected(binary, args)
    arguments = dict(CASES)
    for name, key, new_value, flags in EDITS:
        book = openpyxl.load_workbook(os.path.join(written, name + ".xlsx"))
        sheet, coordinate = named_cells(book)[key]
        book[sheet][coordinate].value = new_value
        book.save(os.path.join(written, "%s-%s.xlsx" % (name, key)))
        wants["%s-%s" % (name, key)] = expected(binary, with_flag(arguments[name], flags[0], flags[1]))

    plans = write_plans(binary, work, written)
    files = sorted(os.path.join(written, f) for f in os.listdir(written))
    convert(profiles[0], recalculated, files)
    convert(profiles[1], cached, [os.path.join(written, name + ".xlsx") for name, _ in CASES + PLAN_CASES])

    problems = []
    checks = [(label, os.path.join(recalculated, label + ".xlsx"), want) for label, want in sorted(wants.items())]
    checks += [("cached " + name, os.path.join(cached, name + ".xlsx"), wants[name]) for name, _ in CASES]
    for label, path, want in checks:
        if not os.path.exists(path):
            problems.append("%s: LibreOffice wrote no recalculated workbook" % label)
            continue
        book = openpyxl.load_workbook(path, data_only=True)
        compare(label, book, want, problems)
        cells = named_cells(book)
        for name, wanted in HAND.get(label.replace("cached ", ""), {}).items():
            got = value(book, cells, name)
            if not isinstance(got, (int, float)) or abs(got - wanted) > 1e-6:
                problems.append("%s: %s = %r, by hand %r" % (label, name, got, wanted))
    for label, want in sorted(plans.items()):
        path = os.path.join(recalculated, label + ".xlsx")
        if not os.path.exists(path):
            problems.append("%s: LibreOffice wrote no recalculated workbook" % label)
            continue
        compare_plan(label, openpyxl.load_workbook(path, data_only=True), want, problems)
    for name, _ in PLAN_CASES:
        compare_plan("cached " + name, openpyxl.load_workbook(os.path.join(cached, name + ".xlsx"), data_only=True),
                     plans[name], problems)
    for name, _ in CASES + PLAN_CASES:
        same_cells(name, openpyxl.load_workbook(os.path.join(recalculated, name + ".xlsx"), data_only=True),
                   openpyxl.load_workbook(os.path.join(cached, name + ".xlsx"), data_only=True), problems)
    for problem in problems:
        print(problem)
    print("workbook_recalc: %d workbooks recalculated, %d read as written, %d problems"
          % (len(wants) + len(plans), len(CASES) + len(PLAN_CASES), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
