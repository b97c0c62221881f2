#!/usr/bin/env python3
"""The Monte Carlo of bench/mc_bench.sh written as vectorised NumPy, for the speed comparison in
docs/performance.md: box-a4 against cheap-a8 of tests/data/mini_catalog.json over 36 months at a 5 % discount rate,
six triangular inputs (mode at the point value) including the residual value, and the same outputs as
`gpucost simulate`: p5..p95 and mean of build total, cloud total, owning's saving, break-even hours, the cash payback
month and the payback month if sold (a walk over the 36 months, vectorised over the draws: the residual value is
ranged, so the resale credit differs per draw), p_build_cheaper and the saving's histogram over [p0.5, p99.5].
Its own draws (NumPy's PCG64), so its figures agree with gpucost's to sampling error, not to the bit.
Usage: /usr/bin/python3 bench/mc_numpy.py DRAWS   (Debian's python3 with python3-numpy)"""
import sys
import time

t_start = time.perf_counter()
import numpy as np  # noqa: E402  (the import is part of what a NumPy user pays, timed separately)

t_imported = time.perf_counter()
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = np.random.default_rng(1)

# The case, from tests/data/mini_catalog.json (box-a4: 4 x gpu-a; cheap-a8: 8 GPUs, 16 USD/h on demand).
g, tdp_w, idle_w, base_usd, base_load_w, base_idle_w, setup_usd = 4, 500.0, 50.0, 10000.0, 1000.0, 200.0, 1000.0
instances = 1
months, rate = 36, 0.05
pue, salary, fte_cloud, maintenance, facility, life = 1.5, 120000.0, 0.05, 0.1, 100.0, 4.0
storage, egress = 50.0, 25.0

# The six ranged inputs: low, mode (the point value), high.
price = rng.triangular(8000.0, 10000.0, 14000.0, n)
kwh_usd = rng.triangular(0.1, 0.2, 0.3, n)
hours = rng.triangular(40.0, 84.0, 120.0, n)
fte_build = rng.triangular(0.05, 0.1, 0.2, n)
residual = rng.triangular(0.1, 0.2, 0.4, n)
cloud_usd_h = rng.triangular(12.0, 16.0, 20.0, n)

log_rate = np.log1p(rate) / 12.0
em1 = np.expm1(log_rate)
annuity = -np.expm1(-months * log_rate) / em1
final = np.exp(-months * log_rate)
hardware = g * price + base_usd
kept_at_end = 1.0 - (1.0 - residual) * (min(months / 12.0, life) / life)
resale = hardware * kept_at_end * final
upfront = hardware + setup_usd
load_w, idle_total_w = g * tdp_w + base_load_w, g * idle_w + base_idle_w


def monthly(h):
    used = h * 730.0 / 168.0
    power = (used * load_w + (730.0 - used) * idle_total_w) / 1000.0 * pue * kwh_usd
    build = power + fte_build * salary / 12.0 + maintenance * hardware / 12.0 + facility
    cloud = instances * cloud_usd_h * used + storage + egress + fte_cloud * salary / 12.0
    return build, cloud


build_m, cloud_m = monthly(hours)
build_total = upfront + annuity * build_m - resale
cloud_total = annuity * cloud_m
saves = cloud_total - build_total
b0, c0 = monthly(0.0)
b1, c1 = monthly(168.0)
d_low = (upfront + annuity * b0 - resale) - annuity * c0
d_high = (upfront + annuity * b1 - resale) - annuity * c1
crosses = (d_low != d_high) & ~((d_low > 0) & (d_high > 0)) & ~((d_low < 0) & (d_high < 0))
with np.errstate(divide="ignore", invalid="ignore"):
    break_even = np.clip(168.0 * d_low / (d_low - d_high), 0.0, 168.0)[crosses]
    gap = cloud_m - build_m
    q = 1.0 - upfront / gap * em1
    payback = np.ceil(-np.log(q) / log_rate)
    paid = (gap > 0) & (q > 0) & (payback <= months)
    payback = np.maximum(payback[paid], 1.0)

# The payback if sold: the first month whose cumulative cloud spend reaches the build's less the machine's
# discounted resale value then, month by month over every draw at once.
sold = np.zeros(n, dtype=np.int32)
cumulative = 0.0
for k in range(1, months + 1):
    d = np.exp(-k * log_rate)
    cumulative += d
    kept = 1.0 - (1.0 - residual) * (min(k / 12.0, life) / life)
    reached = (sold == 0) & (cumulative * cloud_m >= upfront + cumulative * build_m - hardware * kept * d)
    sold[reached] = k
sold = sold[sold > 0]

qs = [5, 10, 50, 90, 95]
out = {}
for name, v in [("build_total_usd", build_total), ("cloud_total_usd", cloud_total), ("owning_saves_usd", saves),
                ("break_even_hours_per_week", break_even), ("payback_month", payback),
                ("payback_month_if_sold", sold)]:
    out[name] = list(np.percentile(v, qs)) + [float(v.mean())] if v.size else None
low, high = np.percentile(saves, [0.5, 99.5])
counts, edges = np.histogram(saves, bins=30, range=(low, high))
p_build = float(np.mean(build_total < cloud_total))
t_end = time.perf_counter()
print(f"numpy {np.__version__}: {n} draws; import {t_imported - t_start:.3f} s, model and percentiles "
      f"{t_end - t_imported:.3f} s ({n / (t_end - t_imported) / 1e6:.1f} M draws/s)")
print(f"  owning_saves_usd p50 {out['owning_saves_usd'][2]:.0f}, p_build_cheaper {p_build:.4f}, "
      f"break-even share {break_even.size / n:.3f}, payback share {payback.size / n:.3f}, "
      f"if-sold share {sold.size / n:.3f}")
