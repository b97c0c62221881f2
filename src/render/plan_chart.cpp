// The plan's two charts (issue 23): GPUs by source month by month under the demand, and each strategy's cumulative
// discounted spend. Drawn with the chart parts every chart uses; owning keeps one colour and renting another, as in
// the compare charts (the build's line and the cloud's).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/plan.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

const std::string k_capacity = "capacity";
const std::string k_spend = "cumulative-spend";
constexpr const char* k_plan_colour = "#000000";  // the plan mixes both: neither side's colour

// The figures each chart carries on its root, as the JSON report has them.
std::vector<SvgAttribute> plan_data(const std::string& chart, const PlanReport& r, const Currency& money) {
    return {
        {"data-chart", chart},
        {"data-build-id", r.build.id},
        {"data-cloud-id", r.offer.id},
        {"data-currency", money.code},
        {"data-months", std::to_string(r.supply.assumptions.months)},
        {"data-plan-net-present-cost", data_number(money.from_usd(r.strategies.back().costs.net_present_cost_usd))}};
}

// A source's fill: its side's colour, the on-demand part hatched in white so that it stays apart from the
// commitments in grey-scale.
struct Source {
    const char* key;
    const char* name;
    bool hatched;
};
constexpr Source k_sources[] = {{"owned", "owned", false},
                                {"committed", "committed", false},
                                {"on-demand", "on demand (at the month's peak)", true}};
const char* source_colour(std::size_t i) { return i == 0 ? k_own_colour : k_rent_colour; }

std::string source_fill(const std::string& id, std::size_t i) {
    return fmt::format("url(#{}-{})", id, k_sources[i].key);
}

void write_source_fills(SvgWriter& svg, const std::string& id) {
    svg.open("defs");
    for (std::size_t i = 0; i < std::size(k_sources); ++i) {
        svg.open("pattern", {{"id", fmt::format("{}-{}", id, k_sources[i].key)},
                             {"patternUnits", "userSpaceOnUse"},
                             {"width", "6"},
                             {"height", "6"}});
        svg.leaf("rect", {{"width", "6"}, {"height", "6"}, {"fill", source_colour(i)}});
        if (k_sources[i].hatched)
            svg.leaf("path", {{"d", "M0,6 L6,0"}, {"stroke", "#ffffff"}, {"stroke-width", "1.2"}});
        svg.close();
    }
    svg.close();
}

// One month's GPUs by source, in the order of k_sources: working machines' GPUs, committed instances' GPUs, and
// the on-demand instances' GPUs up at the month's peak (whole instances).
std::vector<double> month_sources(const PlanReport& r, const plan::MonthFlows& f, const plan::MonthLoad& load) {
    const std::int64_t g = r.supply.build.gpu_count;
    const std::int64_t c = r.supply.on_demand.gpus_per_instance;
    const std::int64_t owned = f.machines_working * g;
    const std::int64_t committed = f.committed_instances * c;
    const std::int64_t short_of = std::max<std::int64_t>(0, load.peak_gpus() - owned - committed);
    return {static_cast<double>(owned), static_cast<double>(committed),
            static_cast<double>((short_of + c - 1) / c * c)};
}

void write_month(SvgWriter& svg, const std::string& id, int month, const std::vector<double>& gpus,
                 const plan::MonthLoad& load, const Scale& x, const Scale& y) {
    svg.open("g", {{"class", "month"},
                   {"data-month", std::to_string(month)},
                   {"data-owned-gpus", data_number(gpus[0])},
                   {"data-committed-gpus", data_number(gpus[1])},
                   {"data-on-demand-gpus", data_number(gpus[2])},
                   {"data-peak-gpus", data_number(static_cast<double>(load.peak_gpus()))},
                   {"data-mean-gpus", data_number(load.gpu_hours() / k_hours_per_month)}});
    double base = 0.0;
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        if (gpus[i] <= 0.0) continue;
        const double top = y.at(base + gpus[i]);
        svg.leaf("rect", {{"x", svg_number(x.at(month - 1))},
                          {"y", svg_number(top)},
                          {"width", svg_number(x.at(month) - x.at(month - 1))},
                          {"height", svg_number(y.at(base) - top)},
                          {"fill", source_fill(id, i)}});
        base += gpus[i];
    }
    svg.close();
}

// The demand over the months as a step line: each month's value across its width.
void write_demand(SvgWriter& svg, const std::string& key, const std::vector<double>& values, const Scale& x,
                  const Scale& y, const char* dash) {
    std::vector<double> xs, ys;
    for (std::size_t i = 0; i < values.size(); ++i) {
        xs.insert(xs.end(), {static_cast<double>(i), static_cast<double>(i + 1)});
        ys.insert(ys.end(), {values[i], values[i]});
    }
    svg.open("g", {{"class", "series"}, {"data-key", key}, {"data-y", data_numbers(values)}});
    write_polyline(svg, xs, ys, x, y, {k_plan_colour, dash, 2.0});
    svg.close();
}

Axis month_axis(int months) {
    Axis axis;
    axis.label = "Month";
    axis.ticks = month_ticks(months);
    return axis;
}

// Each strategy's line: renting strategies in renting's colour, owning ones in owning's (the second of each
// dashed), the plan in black.
LegendItem strategy_key(plan::Strategy s, Pricing rent) {
    const char* name = to_string(s, rent);
    switch (s) {
        case plan::Strategy::on_demand: return {name, LegendItem::Swatch::line, k_rent_colour, "", 2.5};
        case plan::Strategy::commitments: return {name, LegendItem::Swatch::line, k_rent_colour, "8 4", 2.5};
        case plan::Strategy::own_peak: return {name, LegendItem::Swatch::line, k_own_colour, "", 2.5};
        case plan::Strategy::own_base: return {name, LegendItem::Swatch::line, k_own_colour, "8 4", 2.5};
        case plan::Strategy::plan: break;
    }
    return {name, LegendItem::Swatch::line, k_plan_colour, "", 3.5};
}

}  // namespace

std::string plan_capacity_svg(const PlanReport& r, const Currency& money, const ChartPlacement& placement) {
    const plan::StrategyResult& p = r.strategies.back();
    const int months = r.supply.assumptions.months;
    std::vector<std::vector<double>> gpus;
    std::vector<double> peak, mean;
    double top = 1.0;
    for (int m = 1; m <= months; ++m) {
        const plan::MonthLoad& load = r.demand.months[static_cast<std::size_t>(m - 1)];
        gpus.push_back(month_sources(r, p.costs.months[static_cast<std::size_t>(m)], load));
        peak.push_back(static_cast<double>(load.peak_gpus()));
        mean.push_back(load.gpu_hours() / k_hours_per_month);
        top = std::max({top, peak.back(), gpus.back()[0] + gpus.back()[1] + gpus.back()[2]});
    }
    const bool spot = r.supply.rent_pricing == Pricing::spot;
    SvgDocument document = document_for(
        placement, "Capacity by source: " + r.build.id,
        fmt::format("GPUs the plan has each month over {}: owned machines working, committed instances, and "
                    "{} instances up at the month's peak, stacked; the demand's peak and mean GPUs busy on "
                    "top. Owning is blue, renting vermilion ({} hatched).",
                    months_text(months), spot ? "spot" : "on-demand", spot ? "spot" : "on demand"),
        plan_data(k_capacity, r, money));
    std::vector<LegendItem> keys;
    for (std::size_t i = 0; i < std::size(k_sources); ++i)
        keys.push_back(
            legend_box(i == 2 && spot ? "spot (at the month's peak)" : k_sources[i].name, source_fill(document.id, i)));
    keys.push_back({"demand: peak GPUs busy", LegendItem::Swatch::line, k_plan_colour, "", 2.0});
    keys.push_back({"demand: mean GPUs busy", LegendItem::Swatch::line, k_plan_colour, "4 3", 2.0});
    const Plot plot = plot_area(document, k_value_margin, keys);
    const Axis x_axis = month_axis(months);
    Axis y_axis;
    y_axis.label = "GPUs";
    const Ticks x_ticks = axis_ticks(x_axis, 0.0, months, 13);
    const Ticks y_ticks = axis_ticks(y_axis, 0.0, top, 7);
    const Scale x{x_ticks.low(), x_ticks.high(), plot.left, plot.right()};
    const Scale y{y_ticks.low(), y_ticks.high(), plot.bottom(), plot.top};

    SvgWriter svg;
    write_source_fills(svg, document.id);
    write_heading(svg, document, keys, plot.left);
    write_y_axis(svg, plot, y, y_axis, y_ticks);
    write_x_axis(svg, plot, x, x_axis, x_ticks);
    svg.open("g", {{"class", "capacity"}});
    for (int m = 1; m <= months; ++m)
        write_month(svg, document.id, m, gpus[static_cast<std::size_t>(m - 1)],
                    r.demand.months[static_cast<std::size_t>(m - 1)], x, y);
    svg.close();
    write_demand(svg, "peak-gpus", peak, x, y, "");
    write_demand(svg, "mean-gpus", mean, x, y, "4 3");
    return svg_document(document, svg.str());
}

std::string plan_spend_svg(const PlanReport& r, const Currency& money, const ChartPlacement& placement) {
    std::size_t last = 0;
    double low = 0.0, high = 0.0;
    for (const plan::StrategyResult& s : r.strategies) {
        last = std::max(last, s.costs.cumulative_present_cost_usd.size());
        for (const double v : s.costs.cumulative_present_cost_usd) {
            low = std::min(low, money.from_usd(v));
            high = std::max(high, money.from_usd(v));
        }
    }
    last = std::max<std::size_t>(last, 2) - 1;  // the last month drawn (each line has months 0..its last)
    SvgDocument document = document_for(
        placement, "Cumulative spend by strategy: " + r.build.id,
        fmt::format("Each strategy's cumulative discounted spend, month by month from the purchases of month 0, in "
                    "{}; each line ends at its net present cost (commitments bill past the horizon). Renting "
                    "strategies are vermilion, owning ones blue, the plan black.",
                    money.code),
        plan_data(k_spend, r, money));
    std::vector<LegendItem> keys;
    for (const plan::StrategyResult& s : r.strategies) keys.push_back(strategy_key(s.strategy, r.supply.rent_pricing));
    const Plot plot = plot_area(document, k_value_margin, keys);
    const Axis x_axis = month_axis(static_cast<int>(last));
    const Axis y_axis = money_axis("Cumulative discounted spend", money);
    const Ticks x_ticks = axis_ticks(x_axis, 0.0, static_cast<double>(last), 13);
    const Ticks y_ticks = axis_ticks(y_axis, low, high, 7);
    const Scale x{x_ticks.low(), x_ticks.high(), plot.left, plot.right()};
    const Scale y{y_ticks.low(), y_ticks.high(), plot.bottom(), plot.top};

    SvgWriter svg;
    write_heading(svg, document, keys, plot.left);
    write_y_axis(svg, plot, y, y_axis, y_ticks);
    write_x_axis(svg, plot, x, x_axis, x_ticks);
    for (const plan::StrategyResult& s : r.strategies) {
        const LegendItem key = strategy_key(s.strategy, r.supply.rent_pricing);
        std::vector<double> months, values;
        for (std::size_t k = 0; k < s.costs.cumulative_present_cost_usd.size(); ++k) {
            months.push_back(static_cast<double>(k));
            values.push_back(money.from_usd(s.costs.cumulative_present_cost_usd[k]));
        }
        svg.open("g", {{"class", "series"}, {"data-key", key.name}, {"data-y", data_numbers(values)}});
        write_polyline(svg, months, values, x, y, {key.paint.c_str(), key.dash.c_str(), key.width});
        svg.close();
    }
    return svg_document(document, svg.str());
}

std::string render_svg(const PlanReport& report, const RenderOptions& options) {
    if (options.chart == k_capacity) return plan_capacity_svg(report, options.currency);
    if (options.chart == k_spend) return plan_spend_svg(report, options.currency);
    chart_parts::bad_chart(options.chart, {k_capacity, k_spend});
}

}  // namespace gpucost
