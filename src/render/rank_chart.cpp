// `rank`'s chart: cost per million units of work, one bar per build or offer, alone (--format svg --chart rank) or
// in the HTML page (rank_document.cpp refers to it).
#include <algorithm>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/render/svg.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost {
namespace {

const std::string k_rank_chart = "rank";

}  // namespace

std::string rank_svg(const RankReport& report, const Currency& money, const ChartPlacement& placement) {
    const Assumptions& a = report.header.assumptions.values;
    const RankWorkload& w = report.workload;
    HorizontalBarChart chart;
    const bool has_api =
        std::any_of(report.rows.begin(), report.rows.end(), [](const RankRow& r) { return r.kind == "api"; });
    chart.document = document_for(
        placement, "Cost per million " + w.work_unit + ": " + w.id,
        fmt::format("Each build (owned){} that meets the requirements, ranked by its levelized cost per million {} of "
                    "{} over {} at {}, in {}{}. {}",
                    has_api ? ", cloud offer (one instance rented) and per-token API"
                            : " and cloud offer (one instance rented)",
                    w.work_unit, w.name, months_text(a.months), hours_text(a.hours_per_week), money.code,
                    report.rows.size() > k_rank_rows_shown
                        ? fmt::format("; the cheapest {} of {}", k_rank_rows_shown, report.rows.size())
                        : "",
                    human_text(rank_verdict(report), money)),
        {{"data-chart", k_rank_chart},
         {"data-workload", w.id},
         {"data-work-unit", w.work_unit},
         {"data-currency", money.code},
         {"data-months", std::to_string(a.months)},
         {"data-hours-per-week", data_number(a.hours_per_week)}});
    chart.value_axis = money_axis(fmt::format("Cost per million {}", w.work_unit), money);
    chart.groups = {{"own (build)", Whose::own}, {"rent (one cloud instance)", Whose::rent}};
    // A per-token API is neither owned nor rented by the hour (issue 20): its own colour, and a legend entry only
    // when one is drawn.
    std::size_t api_group = 0;
    for (const RankRow& r : report.rows) {
        if (!r.usd_per_million_units || chart.bars.size() == k_rank_rows_shown) continue;
        const double value = money.from_usd(*r.usd_per_million_units);
        if (r.kind == "api" && api_group == 0) {
            api_group = chart.groups.size();
            chart.groups.push_back({"API (bought by the token)", Whose::other});
        }
        const std::size_t group = r.kind == "build" ? 0U : r.kind == "api" ? api_group : 1U;
        chart.bars.push_back({r.id, r.id, group, value, format_money_rate(*r.usd_per_million_units, money)});
    }
    if (chart.bars.empty()) throw DataError("no cost per unit of work to chart: no hours of use");
    return horizontal_bar_chart_svg(chart);
}

std::string render_svg(const RankReport& report, const RenderOptions& options) {
    if (options.chart != k_rank_chart) chart_parts::bad_chart(options.chart, {k_rank_chart});
    return rank_svg(report, options.currency);
}

}  // namespace gpucost
