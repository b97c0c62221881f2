#include "gpucost/analysis/one_at_a_time.hpp"

#include <algorithm>
#include <cmath>

namespace gpucost {
namespace {

Evaluation evaluate_case(const Case& c) noexcept { return evaluate(c.build, c.cloud, c.assumptions); }

double saves(const Evaluation& e) noexcept { return e.cloud.total_usd - e.build.total_usd; }

double saves_with(const Case& base, Slot slot, double value, Side point_side, bool& flips) {
    Case c = base;
    write_slot(c, slot, value);
    const Evaluation e = evaluate_case(c);
    if (e.cheaper != point_side) flips = true;
    return saves(e);
}

}  // namespace

std::vector<TornadoBar> tornado(const Case& base, std::span<const RangedInput> inputs) {
    const Side point_side = evaluate_case(base).cheaper;
    std::vector<TornadoBar> bars;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        TornadoBar bar;
        bar.input = i;
        bar.saves_at_low_usd = saves_with(base, inputs[i].slot, inputs[i].low, point_side, bar.flips);
        bar.saves_at_high_usd = saves_with(base, inputs[i].slot, inputs[i].high, point_side, bar.flips);
        bar.swing_usd = std::fabs(bar.saves_at_high_usd - bar.saves_at_low_usd);
        bars.push_back(bar);
    }
    std::stable_sort(bars.begin(), bars.end(),
                     [](const TornadoBar& a, const TornadoBar& b) { return a.swing_usd > b.swing_usd; });
    return bars;
}

std::vector<SweepCell> sweep(const Case& base, std::span<const SweepAxis> axes) {
    std::vector<SweepCell> cells;
    if (axes.empty()) return cells;
    const std::vector<double> none = {0.0};
    const std::vector<double>& inner = axes.size() > 1 ? axes[1].values : none;
    cells.reserve(axes[0].values.size() * inner.size());
    for (const double x : axes[0].values) {
        for (const double y : inner) {
            Case c = base;
            write_slot(c, axes[0].slot, x);
            if (axes.size() > 1) write_slot(c, axes[1].slot, y);
            const Evaluation e = evaluate_case(c);
            SweepCell cell;
            cell.at = {x, axes.size() > 1 ? y : 0.0};
            cell.build_total_usd = e.build.total_usd;
            cell.cloud_total_usd = e.cloud.total_usd;
            cell.owning_saves_usd = saves(e);
            cell.cheaper = e.cheaper;
            cell.break_even_hours_per_week = e.break_even_hours_per_week;
            cells.push_back(cell);
        }
    }
    return cells;
}

std::vector<double> grid_values(double start, double stop, double step) {
    std::vector<double> values;
    if (!(step > 0.0) || !std::isfinite(start) || !std::isfinite(stop) || stop < start) return values;
    const double count = std::floor((stop - start) / step + 1e-9);
    if (!(count < 1e7)) return values;
    // start + i * step rather than repeated addition, so 0.1 steps do not drift; a point past STOP by rounding alone
    // (0.1 + 499 x 0.1 = 50.00000000000001) is STOP, which the tolerance above counted in.
    for (double i = 0.0; i <= count; i += 1.0) values.push_back(std::min(start + i * step, stop));
    return values;
}

}  // namespace gpucost
