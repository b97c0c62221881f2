// The charts of `sensitivity`, `sweep` and `simulate`: the tornado (diverging bars around owning's saving at the
// point values), the sweep (a line per side over one address, or a grid map of owning's saving over two) and the
// simulation's histogram of owning's saving (p10/p50/p90 and the zero line marked), alone as SVG (--chart) or in
// the HTML page (uncertainty_document.cpp refers to them).
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/svg.hpp"
#include "gpucost/render/uncertainty.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::vector<SvgAttribute> label_data(const std::string& chart, const ComparisonLabel& label, const Currency& money) {
    return {{"data-chart", chart},
            {"data-build-id", label.build.id},
            {"data-cloud-id", label.offer.id},
            {"data-currency", money.code},
            {"data-point-owning-saves", data_number(money.from_usd(label.owning_saves_usd))},
            {"data-cheaper", to_string(label.cheaper)}};
}

// The one comparison an SVG draws; throws UsageError naming the command when there are none or several.
template <typename Item>
const Item& only_comparison(const std::vector<Item>& comparisons, const std::string& command) {
    if (comparisons.size() != 1)
        throw UsageError(
            fmt::format("--chart: {} draws one comparison's chart: name the build with --build ID", command));
    return comparisons.front();
}

}  // namespace

std::string tornado_svg(const SensitivityComparison& c, const Currency& money, const ChartPlacement& placement) {
    DivergingBarChart chart;
    chart.document = document_for(
        placement, "What moves the verdict: " + c.label.build.id,
        fmt::format("For owning {} against renting {}, each ranged input alone at its low and its high end, "
                    "the others at their point values: how far owning's saving moves from {} ({}); an open dot marks "
                    "the input's low end, a filled one its high end.",
                    c.label.build.id, c.label.offer.id, format_money(c.label.owning_saves_usd, money), money.code),
        label_data("tornado", c.label, money));
    chart.value_axis = money_axis("Owning saves (cloud total minus build total)", money);
    chart.base = money.from_usd(c.label.owning_saves_usd);
    chart.less_name = "owning saves less";
    chart.more_name = "owning saves more";
    for (const TornadoRow& t : c.rows) {
        const double at_low = money.from_usd(t.owning_saves_at_low_usd);
        const double at_high = money.from_usd(t.owning_saves_at_high_usd);
        chart.rows.push_back(
            {t.address, t.address, std::min(at_low, at_high), std::max(at_low, at_high),
             fmt::format("{} to {}{}", exact_number(t.low), exact_number(t.high), t.flips ? ": flips" : ""), at_low,
             at_high});
    }
    if (chart.rows.empty()) throw DataError("no range applies to " + c.label.build.id + ": nothing to chart");
    return diverging_bar_chart_svg(chart);
}

std::string sweep_svg(const SweepReport& r, const SweepComparison& c, const Currency& money,
                      const ChartPlacement& placement) {
    std::vector<SvgAttribute> data = label_data("sweep", c.label, money);
    data.push_back(
        {"data-addresses", r.addresses.size() == 1 ? r.addresses[0] : r.addresses[0] + " " + r.addresses[1]});
    const std::string title = "Sweep: " + c.label.build.id;
    if (r.addresses.size() == 1) {
        LineChart chart;
        chart.document =
            document_for(placement, title,
                         fmt::format("Each side's total for owning {} and renting {} as {} runs from {} to "
                                     "{}, every other input at its point value ({}).",
                                     c.label.build.id, c.label.offer.id, r.addresses[0],
                                     exact_number(r.values[0].front()), exact_number(r.values[0].back()), money.code),
                         std::move(data));
        chart.x_axis.label = r.addresses[0];
        chart.y_axis = money_axis("Total discounted cost", money);
        std::vector<double> x, own, rent;
        for (const SweepCell& cell : c.cells) {
            x.push_back(cell.at[0]);
            own.push_back(money.from_usd(cell.build_total_usd));
            rent.push_back(money.from_usd(cell.cloud_total_usd));
        }
        chart.series = own_and_rent_lines("Own: " + c.label.build.id, "Rent: " + c.label.offer.id, x, std::move(own),
                                          std::move(rent));
        return line_chart_svg(chart);
    }
    GridMap chart;
    chart.document =
        document_for(placement, title,
                     fmt::format("What owning {} saves against renting {} ({}) over a grid of {} (rows) and "
                                 "{} (columns); cells below zero, where renting is cheaper, are in renting's colour "
                                 "and hatched, and a line runs where the verdict flips.",
                                 c.label.build.id, c.label.offer.id, money.code, r.addresses[0], r.addresses[1]),
                     std::move(data));
    chart.y_axis.label = r.addresses[0];
    chart.x_axis.label = r.addresses[1];
    chart.z_axis = money_axis("Owning saves", money);
    chart.y_values = r.values[0];
    chart.x_values = r.values[1];
    for (const SweepCell& cell : c.cells) chart.z.push_back(money.from_usd(cell.owning_saves_usd));
    return grid_map_svg(chart);
}

std::string histogram_svg(const SimulationReport& r, const SimulationComparison& c, const Currency& money,
                          const ChartPlacement& placement) {
    const HistogramCounts& h = c.result.owning_saves_histogram;
    const Summary& saves = c.result.owning_saves_usd;
    std::vector<SvgAttribute> data = label_data("histogram", c.label, money);
    data.push_back({"data-draws", std::to_string(r.draws)});
    data.push_back({"data-seed", std::to_string(r.seed)});
    data.push_back({"data-underflow", std::to_string(h.underflow)});
    data.push_back({"data-overflow", std::to_string(h.overflow)});
    data.push_back({"data-p-build-cheaper", data_number(c.result.p_build_cheaper)});
    Histogram chart;
    chart.x_axis = money_axis("Owning saves (cloud total minus build total)", money);
    chart.y_axis.label = "Draws per bin";
    chart.below_name = "renting is cheaper";
    chart.above_name = "owning is cheaper";
    for (const double e : h.edges) chart.edges.push_back(money.from_usd(e));
    for (const std::uint64_t n : h.counts) chart.counts.push_back(static_cast<double>(n));
    // A money axis always covers zero, so the line where the verdict flips is always on the chart.
    chart.markers.push_back({"zero", "0: the verdict flips", 0.0});
    for (const auto& [name, q] : {std::pair{"p10", 1U}, std::pair{"p50", 2U}, std::pair{"p90", 3U}})
        chart.markers.push_back({name, fmt::format("{} {}", name, format_money(saves.quantiles[q], money)),
                                 money.from_usd(saves.quantiles[q])});
    chart.document = document_for(
        placement, "How much owning saves: " + c.label.build.id,
        fmt::format("Owning {} against renting {} over {} draws (seed {}): how many draws save each amount ({}), "
                    "p10, p50 and p90 marked; owning is cheaper in {:.1f}% of the draws, and the line at 0 is where "
                    "the verdict flips. {} draws below the first bin and {} above the last are not drawn.",
                    c.label.build.id, c.label.offer.id, format_grouped(static_cast<double>(r.draws), 0), r.seed,
                    money.code, 100.0 * c.result.p_build_cheaper, h.underflow, h.overflow),
        std::move(data));
    return gpucost::histogram_svg(chart);
}

std::string render_svg(const SimulationReport& r, const RenderOptions& o) {
    if (o.chart != "histogram") chart_parts::bad_chart(o.chart, {"histogram"});
    return histogram_svg(r, only_comparison(r.comparisons, "simulate"), o.currency, {});
}

std::string render_svg(const SensitivityReport& r, const RenderOptions& o) {
    if (o.chart != "tornado") chart_parts::bad_chart(o.chart, {"tornado"});
    return tornado_svg(only_comparison(r.comparisons, "sensitivity"), o.currency, {});
}

std::string render_svg(const SweepReport& r, const RenderOptions& o) {
    if (o.chart != "sweep") chart_parts::bad_chart(o.chart, {"sweep"});
    return sweep_svg(r, only_comparison(r.comparisons, "sweep"), o.currency, {});
}

}  // namespace gpucost
