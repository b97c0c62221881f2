#include "gpucost/render/report_charts.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/render/chart.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

const std::string k_spend = "cumulative-spend";
const std::string k_hours = "cost-vs-hours";
const std::string k_breakdown = "breakdown";
const std::string k_savings = "savings";

std::string own_name(const Comparison& c) { return "Own: " + c.build.id; }
std::string rent_name(const Comparison& c) { return "Rent: " + c.offer.id; }

// The figures every chart of one comparison carries on its root, as the JSON report has them.
std::vector<SvgAttribute> comparison_data(const std::string& chart, const Comparison& c, const Currency& money) {
    const Evaluation& e = c.result;
    return {{"data-chart", chart},
            {"data-build-id", c.build.id},
            {"data-cloud-id", c.offer.id},
            {"data-currency", money.code},
            {"data-months", std::to_string(c.assumptions.values.months)},
            {"data-hours-per-week", data_number(c.assumptions.values.hours_per_week)},
            {"data-build-total", data_number(money.from_usd(e.build.total_usd))},
            {"data-cloud-total", data_number(money.from_usd(e.cloud.total_usd))},
            {"data-cheaper", to_string(e.cheaper)},
            {"data-savings", data_number(money.from_usd(e.savings_usd))},
            {"data-break-even-hours-per-week",
             e.break_even_hours_per_week ? data_number(*e.break_even_hours_per_week) : std::string()},
            {"data-payback-month", e.payback_month ? std::to_string(*e.payback_month) : std::string()}};
}

}  // namespace

SvgDocument document_for(const ChartPlacement& placement, std::string title, std::string desc,
                         std::vector<SvgAttribute> data) {
    return {.id = placement.id,
            .title = std::move(title),
            .desc = std::move(desc),
            .data = std::move(data),
            .standalone = placement.standalone};
}

const std::vector<std::string>& chart_names() {
    static const std::vector<std::string> names = {k_spend, k_hours, k_breakdown, k_savings};
    return names;
}

std::vector<LineSeries> cumulative_spend_lines(const Comparison& c, const Currency& money) {
    std::vector<double> x, own, rent;
    for (const CashFlowMonth& m : c.cash_flow.months) {
        x.push_back(m.month);
        own.push_back(money.from_usd(m.build_cumulative_usd));
        rent.push_back(money.from_usd(m.cloud_cumulative_usd));
    }
    return own_and_rent_lines(own_name(c), rent_name(c), x, std::move(own), std::move(rent));
}

std::string cumulative_spend_svg(const Comparison& c, const Currency& money, const ChartPlacement& placement) {
    const Evaluation& e = c.result;
    const int months = c.assumptions.values.months;
    LineChart chart;
    chart.document = document_for(
        placement, "Cumulative spend: " + c.build.id,
        fmt::format("Cumulative discounted spend of owning {} and of renting {}, month by month over {}, in {}; "
                    "the owned side's last month includes the resale credit. {}",
                    c.build.name, c.offer.id, months_text(months), money.code,
                    e.payback_month ? fmt::format("Owning pays back in month {}.", *e.payback_month)
                                    : std::string("Owning does not pay back within the horizon.")),
        comparison_data(k_spend, c, money));
    chart.x_axis = {.label = "Months from purchase", .ticks = chart_parts::month_ticks(months)};
    chart.y_axis = money_axis("Cumulative discounted spend", money);
    chart.series = cumulative_spend_lines(c, money);
    if (e.payback_month)
        chart.markers.push_back(
            {"payback", fmt::format("payback: month {}", *e.payback_month), static_cast<double>(*e.payback_month)});
    if (e.payback_month_if_sold)
        chart.markers.push_back({"payback-if-sold", fmt::format("if sold: month {}", *e.payback_month_if_sold),
                                 static_cast<double>(*e.payback_month_if_sold)});
    return line_chart_svg(chart);
}

std::string cost_vs_hours_svg(const Comparison& c, const Currency& money, const ChartPlacement& placement) {
    const Evaluation& e = c.result;
    const UsageRange& u = c.usage_range;
    const double hours = c.assumptions.values.hours_per_week;
    LineChart chart;
    chart.document = document_for(
        placement, "Total cost against hours of use: " + c.build.id,
        fmt::format("Total discounted cost over {} of owning {} and of renting {}, from 0 to 168 hours of use a "
                    "week, in {}. {} At your {}, owning costs {} and renting {}.",
                    months_text(c.assumptions.values.months), c.build.name, c.offer.id, money.code,
                    e.break_even_hours_per_week
                        ? fmt::format("They cost the same at {}.", hours_text(*e.break_even_hours_per_week))
                        : std::string("One side is cheaper at every usage."),
                    hours_text(hours), format_money(e.build.total_usd, money), format_money(e.cloud.total_usd, money)),
        comparison_data(k_hours, c, money));
    chart.x_axis = {.label = "Hours of use per week (h)", .ticks = {0, 24, 48, 72, 96, 120, 144, 168}};
    chart.y_axis = money_axis("Total discounted cost", money);
    chart.series = own_and_rent_lines(own_name(c), rent_name(c), {0.0, 168.0},
                                      {money.from_usd(u.build_at_0_usd), money.from_usd(u.build_at_168_usd)},
                                      {money.from_usd(u.cloud_at_0_usd), money.from_usd(u.cloud_at_168_usd)});
    if (e.break_even_hours_per_week)
        chart.markers.push_back(
            {"break-even", "break-even: " + hours_text(*e.break_even_hours_per_week), *e.break_even_hours_per_week});
    chart.markers.push_back({"hours", "you: " + hours_text(hours), hours});
    return line_chart_svg(chart);
}

std::string breakdown_svg(const Comparison& c, const Currency& money, const ChartPlacement& placement) {
    StackedBarChart chart;
    chart.document = document_for(
        placement, "Cost breakdown: " + c.build.id,
        fmt::format("Each side's discounted cost over {} by category, in {}: owning {} totals {}, renting {} "
                    "totals {}; owning's categories in owning's colour, renting's in renting's. The resale credit is "
                    "drawn below zero.",
                    months_text(c.assumptions.values.months), money.code, c.build.name,
                    format_money(c.result.build.total_usd, money), c.offer.id,
                    format_money(c.result.cloud.total_usd, money)),
        comparison_data(k_breakdown, c, money));
    chart.value_axis = money_axis("Discounted cost over the horizon", money);
    for (const Side side : {Side::build, Side::cloud}) {
        StackedBar bar{to_string(side), side == Side::build ? own_name(c) : rent_name(c), {}};
        for (const CategoryInfo& info : categories_of(side))
            if (shows_category(info.category, c.result, c.assumptions.values))
                bar.segments.push_back({info.key, info.key, money.from_usd(c.cost_usd(info.category)),
                                        side == Side::build ? Whose::own : Whose::rent});
        chart.bars.push_back(std::move(bar));
    }
    return stacked_bar_chart_svg(chart);
}

std::string savings_svg(const Report& report, const Currency& money, const ChartPlacement& placement) {
    const Assumptions& a = report.header.assumptions.values;
    DivergingBarChart chart;
    chart.document = document_for(
        placement, "What owning saves, per build",
        fmt::format("For each build against its cloud match, over {} at {}, in {}: the bar goes right by what "
                    "owning saves (owning's colour) and left by what renting saves (renting's colour); each is "
                    "labelled with its break-even.",
                    months_text(a.months), hours_text(a.hours_per_week), money.code),
        {{"data-chart", k_savings}, {"data-currency", money.code}});
    chart.value_axis = money_axis("Owning saves (cloud total minus build total)", money);
    for (const Comparison& c : report.comparisons) {
        const Evaluation& e = c.result;
        const double saved = money.from_usd(e.cheaper == Side::build ? e.savings_usd : -e.savings_usd);
        const std::string note = e.break_even_hours_per_week
                                     ? "break-even " + format_grouped(*e.break_even_hours_per_week, 1) + " h/week"
                                     : std::string("no break-even");
        chart.rows.push_back({c.build.id, c.build.id, std::min(saved, 0.0), std::max(saved, 0.0), note});
    }
    if (chart.rows.empty()) throw DataError("no comparison to chart: the catalogue has no build with a cloud match");
    return diverging_bar_chart_svg(chart);
}

std::string report_chart_svg(const Report& report, const std::string& name, const Currency& money,
                             const ChartPlacement& placement) {
    const std::vector<std::string> valid =
        report.detailed ? std::vector<std::string>{k_spend, k_hours, k_breakdown} : std::vector<std::string>{k_savings};
    const std::vector<std::string>& all = chart_names();
    const bool elsewhere = std::find(all.begin(), all.end(), name) != all.end();
    if (std::find(valid.begin(), valid.end(), name) == valid.end())
        chart_parts::bad_chart(name, valid,
                               !elsewhere        ? ""
                               : report.detailed ? " (drawn without --build)"
                                                 : " (drawn with --build ID)");
    if (name == k_savings) return savings_svg(report, money, placement);
    const Comparison& c = report.comparisons.front();
    if (name == k_spend) return cumulative_spend_svg(c, money, placement);
    if (name == k_hours) return cost_vs_hours_svg(c, money, placement);
    return breakdown_svg(c, money, placement);
}

std::string report_chart_svg(const CashFlowReport& cash_flow, const std::string& name, const Currency& money,
                             const ChartPlacement& placement) {
    if (cash_flow.report.comparisons.size() != 1)
        throw UsageError("--chart: cashflow draws one comparison's chart: name the build with --build ID");
    if (name != k_spend) chart_parts::bad_chart(name, {k_spend});
    return cumulative_spend_svg(cash_flow.report.comparisons.front(), money, placement);
}

}  // namespace gpucost
