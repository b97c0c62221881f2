// The comparison report as one self-contained HTML page: verdict, charts, cost breakdown, assumptions with their
// sources, warnings, the catalogue date.
#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/render/svg.hpp"
#include "html_page.hpp"

namespace gpucost {
namespace {

ChartPlacement inline_chart(const std::string& id) { return {id, false}; }

std::string detail_facts(const Comparison& c, const Currency& money) {
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    std::string out = "<ul>\n";
    const auto item = [&out](const std::string& text) { out += "<li>" + xml_escape(text) + "</li>\n"; };
    item(fmt::format("Own: {} ({} x {}).", c.build.name, c.build.gpu_count, c.build.gpu_name));
    item(fmt::format("Rent: {} {} in {}, {} GPU(s) each, {} at {} per instance-hour; {} instance(s).", c.offer.provider,
                     c.offer.instance, c.offer.region, c.offer.gpus_per_instance, to_string(a.pricing),
                     format_money_rate(c.cloud_spec.usd_per_hour, money), e.cloud.instances));
    item(fmt::format("Over {} at {}. Cloud offer: {} ({}).", months_text(a.months), hours_text(a.hours_per_week),
                     c.offer.id, c.offer_choice));
    item(match_sentence(c));
    if (const std::string same_work = equivalence_sentence(c); !same_work.empty()) item(same_work);
    item(e.break_even_hours_per_week
             ? fmt::format("Break-even: {}; owning is cheaper {} it.", hours_text(*e.break_even_hours_per_week),
                           e.build_cheaper_above.value_or(false) ? "above" : "below")
             : fmt::format("Break-even: none in 0-168 h/week; {} is cheaper at every usage.",
                           e.cheaper == Side::build ? "owning" : "renting"));
    item(payback_sentence(c));
    item(resale_verdict_text(c, money));
    if (const std::string deciding = deciding_text(c); !deciding.empty()) item(deciding);
    return out + "</ul>\n";
}

// The best offer of each tier beside the chosen one.
std::string tier_table(const Comparison& c, const Currency& money) {
    if (c.tier_offers.empty()) return "";
    std::vector<std::vector<std::string>> rows;
    for (const TierOffer& t : c.tier_offers)
        rows.push_back({t.tier, t.offer_id, rented_shape(t.instances, t.gpus_per_instance),
                        format_money(t.cloud_total_usd, money), t.chosen ? "chosen" : ""});
    return html::table({"best of each tier", "offer", "rented", "cloud total", ""}, rows, {3});
}

std::string detail_page(const Report& report, const Currency& money) {
    const Comparison& c = report.comparisons.front();
    std::string body = fmt::format("<h1>{} against {}</h1>\n", xml_escape(c.build.id), xml_escape(c.offer.id));
    body += html::paragraph(fmt::format("gpucost: owning {} or renting it in the cloud.", c.build.name), "meta");
    body += html::section("verdict", "Verdict",
                          html::paragraph(verdict_text(c, money), "verdict") + detail_facts(c, money) +
                              tier_table(c, money));
    std::string charts;
    charts += html::figure(cumulative_spend_svg(c, money, inline_chart("chart-spend")),
                           "Cumulative discounted spend by month; the dashed line marks the payback month.");
    charts += html::figure(cost_vs_hours_svg(c, money, inline_chart("chart-hours")),
                           "Total cost of each side against hours of use per week; the break-even and your hours are "
                           "marked.");
    charts += html::figure(breakdown_svg(c, money, inline_chart("chart-breakdown")),
                           "Each side's cost by category over the horizon (the resale credit below zero).");
    body += html::section("charts", "Charts", charts);
    body += html::section("breakdown", "Cost breakdown", html::breakdown_table(c, money));
    body += html::assumptions_section(c.assumptions);
    body += html::warnings_section(report.header.warnings, c.estimates);
    body += html::catalogue_section(report, money);
    return html::page(fmt::format("gpucost: {} against {}", c.build.id, c.offer.id), body);
}

std::string ranking_table(const Report& report, const Currency& money) {
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i)
        rows.push_back(ranked_row(i + 1, report.comparisons[i], money));
    return html::table(ranked_columns(), rows, {0, 2, 5, 6, 8, 9, 10});
}

std::string category_table(const Report& report, const Currency& money) {
    std::vector<std::string> header = {"build"};
    for (const CategoryInfo& info : k_categories)
        header.push_back(fmt::format("{} {}", to_string(info.side), info.key));
    std::vector<std::size_t> right;
    for (std::size_t i = 1; i < header.size(); ++i) right.push_back(i);
    std::vector<std::vector<std::string>> rows;
    for (const Comparison& c : report.comparisons) {
        std::vector<std::string> row = {c.build.id};
        for (const CategoryInfo& info : k_categories) row.push_back(format_money(c.cost_usd(info.category), money));
        rows.push_back(std::move(row));
    }
    return html::table(header, rows, right);
}

std::string ranked_page(const Report& report, const Currency& money) {
    const Assumptions& a = report.header.assumptions.values;
    std::string body = "<h1>Build or rent: every build</h1>\n";
    body += html::paragraph(fmt::format("Every build against its cheapest {} cloud offer, over {} at {}.",
                                        ranked_offer_words(report.match_level, a.pricing), months_text(a.months),
                                        hours_text(a.hours_per_week)),
                            "meta");
    std::string verdict = report.comparisons.empty()
                              ? html::paragraph("No build has a cloud offer to compare with.", "verdict")
                              : html::paragraph(report.comparisons.front().build.id + ": " +
                                                    verdict_text(report.comparisons.front(), money),
                                                "verdict");
    verdict += ranking_table(report, money);
    verdict += html::paragraph("Break-even: the hours per week at which both sides cost the same; \"above\" means "
                               "owning wins above it. * rests on a figure marked as an estimate or unverified.",
                               "note");
    body += html::section("verdict", "Verdict", verdict);
    if (!report.comparisons.empty())
        body += html::section("charts", "Charts",
                              html::figure(savings_svg(report, money, inline_chart("chart-savings")),
                                           "What owning saves per build (right) or what renting saves (left), "
                                           "with each build's break-even hours."));
    body += html::section("breakdown", "Cost breakdown", category_table(report, money));
    body += html::assumptions_section(report.header.assumptions);
    std::vector<std::string> estimates;
    for (const Comparison& c : report.comparisons)
        estimates.insert(estimates.end(), c.estimates.begin(), c.estimates.end());
    body += html::warnings_section(report.header.warnings, estimates);
    body += html::catalogue_section(report, money);
    return html::page("gpucost: build or rent, every build", body);
}

}  // namespace

std::string render_html(const Report& report, const RenderOptions& options) {
    return report.detailed ? detail_page(report, options.currency) : ranked_page(report, options.currency);
}

std::string render_svg(const Report& report, const RenderOptions& options) {
    return report_chart_svg(report, options.chart, options.currency);
}

}  // namespace gpucost
