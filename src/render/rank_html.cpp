// `rank` as pictures: one self-contained HTML page (verdict, the chart, the ranking, the workload's source, what was
// left out, assumptions with sources, warnings, the catalogue) and the chart alone (--format svg --chart rank).
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/render/chart.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/render/svg.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"
#include "html_page.hpp"

namespace gpucost {
namespace {

const std::string k_rank_chart = "rank";

std::vector<std::size_t> numeric_indexes() {
    std::vector<std::size_t> out;
    const std::vector<bool> numeric = rank_text::numeric_columns();
    for (std::size_t i = 0; i < numeric.size(); ++i)
        if (numeric[i]) out.push_back(i);
    return out;
}

std::string workload_section(const RankReport& report) {
    const RankWorkload& w = report.workload;
    std::string content = html::paragraph(fmt::format("{} ({}): {}, measured in {} per GPU.", w.id, w.name,
                                                      w.confidence.empty() ? "sourced" : w.confidence, w.rate_unit));
    content += html::paragraph(fmt::format("Source: {} (as of {}).", w.source, w.as_of), "source");
    if (!w.note.empty()) content += html::paragraph("Note: " + w.note, "note");
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> seen;
    for (const RankRow& r : report.rows) {
        if (std::find(seen.begin(), seen.end(), r.gpu_id) != seen.end()) continue;
        seen.push_back(r.gpu_id);
        rows.push_back({r.gpu_id, r.gpu_name, exact_number(r.throughput_per_gpu)});
    }
    content += html::table({"GPU", "name", fmt::format("throughput per GPU ({})", w.rate_unit)}, rows, {2});
    return html::section("workload", "Workload", content);
}

std::string excluded_section(const RankReport& report) {
    if (report.excluded.empty()) return html::section("excluded", "Left out", html::paragraph("None."));
    std::vector<std::vector<std::string>> rows;
    for (const Excluded& e : report.excluded) rows.push_back({e.kind, e.id, e.reason});
    return html::section("excluded", "Left out",
                         html::paragraph("Builds and offers that miss a requirement, a filter, a price at the "
                                         "pricing in force or a figure for the workload.",
                                         "note") +
                             html::table({"kind", "id", "why"}, rows));
}

std::vector<std::string> all_estimates(const RankReport& report) {
    std::vector<std::string> out;
    for (const RankRow& r : report.rows)
        for (const std::string& e : r.estimates)
            if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    return out;
}

}  // namespace

std::string rank_svg(const RankReport& report, const Currency& money, const ChartPlacement& placement) {
    const Assumptions& a = report.header.assumptions.values;
    const RankWorkload& w = report.workload;
    HorizontalBarChart chart;
    chart.document = document_for(
        placement, "Cost per million " + w.work_unit + ": " + w.id,
        fmt::format("Each build (owned) and cloud offer (one instance rented) that meets the requirements, ranked by "
                    "its levelized cost per million {} of {} over {} at {}, in {}. {}",
                    w.work_unit, w.name, months_text(a.months), hours_text(a.hours_per_week), money.code,
                    rank_text::verdict(report, money)),
        {{"data-chart", k_rank_chart},
         {"data-workload", w.id},
         {"data-work-unit", w.work_unit},
         {"data-currency", money.code},
         {"data-months", std::to_string(a.months)},
         {"data-hours-per-week", data_number(a.hours_per_week)}});
    chart.value_axis.label = fmt::format("Cost per million {} ({})", w.work_unit, money.code);
    chart.value_axis.format = TickFormat::money;
    chart.value_axis.currency = money;
    chart.group_names = {"own (build)", "rent (one cloud instance)"};
    for (const RankRow& r : report.rows) {
        if (!r.usd_per_million_units) continue;
        const double value = money.from_usd(*r.usd_per_million_units);
        chart.bars.push_back(
            {r.id, r.id, r.kind == "build" ? 0U : 1U, value, format_money_rate(*r.usd_per_million_units, money)});
    }
    if (chart.bars.empty()) throw DataError("no cost per unit of work to chart: no hours of use");
    return horizontal_bar_chart_svg(chart);
}

std::string render_svg(const RankReport& report, const RenderOptions& options) {
    if (options.chart != k_rank_chart)
        throw UsageError(options.chart.empty()
                             ? "--format svg writes one chart: add --chart rank"
                             : fmt::format("--chart: rank draws {}, not {}", k_rank_chart, quote_value(options.chart)));
    return rank_svg(report, options.currency);
}

std::string render_html(const RankReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    std::string body = fmt::format("<h1>What to buy or rent for {}</h1>\n", xml_escape(report.workload.id));
    body += html::paragraph(rank_text::title(report) + ".", "meta");
    std::string verdict = html::paragraph(rank_text::verdict(report, money), "verdict");
    if (const std::string req = rank_text::requirements_line(report); !req.empty()) verdict += html::paragraph(req);
    verdict += html::paragraph(rank_text::method_note(report), "note");
    if (const std::string left = rank_text::excluded_line(report, "see Left out"); !left.empty())
        verdict += html::paragraph(left, "note");
    body += html::section("verdict", "Verdict", verdict);
    const bool drawable = report.rows.front().usd_per_million_units.has_value();
    if (drawable)
        body += html::section("charts", "Charts",
                              html::figure(rank_svg(report, money, {"chart-rank", false}),
                                           fmt::format("{} per million {} of each build and offer, cheapest first.",
                                                       money.code, report.workload.work_unit)));
    body +=
        html::section("ranking", "Ranking",
                      html::table(rank_text::header(report, money), rank_text::rows(report, money), numeric_indexes()) +
                          (rank_text::any_marked(report) ? html::paragraph(rank_text::k_star_note, "note") : ""));
    body += workload_section(report);
    body += excluded_section(report);
    body += html::assumptions_section(report.header.assumptions);
    body += html::warnings_section(report.header.warnings, all_estimates(report));
    body += html::catalogue_section(report.header.catalog_source, report.header.catalog_as_of,
                                    report.header.oldest_as_of, money);
    return html::page("gpucost: what to buy or rent for " + report.workload.id, body);
}

}  // namespace gpucost
