// The cash flow as one self-contained HTML page, in the sections of the compare pages: the verdict of each
// comparison, its cumulative-spend chart, its cost by category and month by month; then the assumptions, warnings
// and the catalogue.
#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/render/svg.hpp"
#include "gpucost/util/text.hpp"
#include "html_page.hpp"

namespace gpucost {
namespace {

std::string month_table(const Comparison& c, const Currency& money) {
    std::vector<std::vector<std::string>> rows;
    for (const CashFlowMonth& m : c.cash_flow.months)
        rows.push_back({std::to_string(m.month), format_money(m.build_usd, money), format_money(m.cloud_usd, money),
                        format_money(m.build_cumulative_usd, money), format_money(m.cloud_cumulative_usd, money)});
    return html::table({"month", "build", "cloud", "build cumulative", "cloud cumulative"}, rows, {0, 1, 2, 3, 4});
}

std::string title(const Comparison& c) {
    return fmt::format("{} against {}: discounted at {} a year over {}", c.build.id, c.offer.id,
                       exact_number(c.assumptions.values.discount_rate), months_text(c.assumptions.values.months));
}

}  // namespace

std::string render_html(const CashFlowReport& cash_flow, const RenderOptions& options) {
    const Report& report = cash_flow.report;
    const Currency& money = options.currency;
    std::string verdicts;
    std::string charts;
    std::string breakdowns;
    std::vector<std::string> estimates;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        verdicts += html::paragraph(c.build.id + ": " + verdict_text(c, money), "verdict") +
                    html::paragraph(match_sentence(c), "note");
        charts += html::figure(cumulative_spend_svg(c, money, {fmt::format("chart-spend-{}", i + 1), false}),
                               title(c) + ". The dashed line marks the payback month.");
        breakdowns += "<h3>" + xml_escape(title(c)) + "</h3>\n" + html::breakdown_table(c, money) +
                      "<details>\n<summary>Each month's spend</summary>\n" + month_table(c, money) + "</details>\n";
        estimates.insert(estimates.end(), c.estimates.begin(), c.estimates.end());
    }
    if (report.comparisons.empty())
        verdicts = html::paragraph("No build has a cloud offer to compare with.", "verdict");
    std::string body = "<h1>Cash flow by month</h1>\n";
    body += html::paragraph("Month 0 holds the purchase and setup; the last month also the resale (a credit). Amounts "
                            "are discounted to today, so each side sums to its total in 'gpucost compare'. CSV and "
                            "JSON give every category.",
                            "meta");
    body += html::section("verdict", "Verdict", verdicts);
    if (!charts.empty()) body += html::section("charts", "Charts", charts);
    body += html::section("breakdown", "Cost breakdown", breakdowns);
    body += html::assumptions_section(report.detailed && !report.comparisons.empty()
                                          ? report.comparisons.front().assumptions
                                          : report.header.assumptions);
    body += html::warnings_section(report.header.warnings, estimates);
    body += html::catalogue_section(report, money);
    return html::page("gpucost: cash flow by month", body);
}

std::string render_svg(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return report_chart_svg(cash_flow, options.chart, options.currency);
}

}  // namespace gpucost
