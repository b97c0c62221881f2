// `plan --monthly`: the plan's own month-by-month cash flow (the rows the issue asks of `cashflow --plan`), month 0
// (the purchases made at the start of month 1) to the last month a commitment bills. Rows for CSV and TSV, a table
// for the document (plan_json.cpp writes the rows as JSON); every figure is the report's, none recomputed.
#include "plan_months.hpp"

#include <fmt/format.h>

namespace gpucost {
namespace {

struct MonthLine {
    std::size_t month;
    const plan::MonthFlows* f;
    double cumulative_usd;
};

// What the month spends while running: its total less purchases and resale (the figure of the peak-month gate).
double running_usd(const plan::MonthFlows& f) { return f.total_usd() - f.purchase_usd - f.resale_usd; }

// Money columns are named in US dollars; the writer renames them for another currency. New columns are appended.
constexpr Column<MonthLine> k_columns[] = {
    {"month", [](const MonthLine& l) { return Field::of_count(static_cast<long long>(l.month)); }},
    {"machines_held", [](const MonthLine& l) { return Field::of_count(static_cast<long long>(l.f->machines_held)); }},
    {"machines_working",
     [](const MonthLine& l) { return Field::of_count(static_cast<long long>(l.f->machines_working)); }},
    {"committed_instances",
     [](const MonthLine& l) { return Field::of_count(static_cast<long long>(l.f->committed_instances)); }},
    {"purchase_usd", [](const MonthLine& l) { return Field::of_money(l.f->purchase_usd); }},
    {"resale_usd", [](const MonthLine& l) { return Field::of_money(l.f->resale_usd); }},
    {"power_usd", [](const MonthLine& l) { return Field::of_money(l.f->power_usd); }},
    {"staff_usd", [](const MonthLine& l) { return Field::of_money(l.f->staff_usd); }},
    {"maintenance_usd", [](const MonthLine& l) { return Field::of_money(l.f->maintenance_usd); }},
    {"facility_usd", [](const MonthLine& l) { return Field::of_money(l.f->facility_usd); }},
    {"commitment_usd", [](const MonthLine& l) { return Field::of_money(l.f->commitment_usd); }},
    {"on_demand_usd", [](const MonthLine& l) { return Field::of_money(l.f->on_demand_usd); }},
    {"cloud_fixed_usd", [](const MonthLine& l) { return Field::of_money(l.f->cloud_fixed_usd); }},
    {"downtime_cover_usd", [](const MonthLine& l) { return Field::of_money(l.f->downtime_cover_usd); }},
    {"total_usd", [](const MonthLine& l) { return Field::of_money(l.f->total_usd()); }},
    {"cumulative_discounted_usd", [](const MonthLine& l) { return Field::of_money(l.cumulative_usd); }},
    {"owned_gpu_hours", [](const MonthLine& l) { return Field::of_number(l.f->owned_gpu_hours); }},
    {"committed_gpu_hours", [](const MonthLine& l) { return Field::of_number(l.f->committed_gpu_hours); }},
    {"on_demand_gpu_hours", [](const MonthLine& l) { return Field::of_number(l.f->on_demand_gpu_hours); }},
    {"unserved_gpu_hours", [](const MonthLine& l) { return Field::of_number(l.f->unserved_gpu_hours); }},
};

std::vector<MonthLine> month_lines(const PlanReport& report) {
    const plan::PlanCosts& c = report.strategies.back().costs;
    std::vector<MonthLine> lines;
    for (std::size_t k = 0; k < c.months.size(); ++k)
        lines.push_back(
            {k, &c.months[k], k < c.cumulative_present_cost_usd.size() ? c.cumulative_present_cost_usd[k] : 0.0});
    return lines;
}

}  // namespace

RowSet plan_month_rows(const PlanReport& report) { return make_rows(k_columns, month_lines(report)); }

Table plan_month_table(const PlanReport& report) {
    Table t;
    t.header = {words("month"),   words("machines"), words("commitments"), words("purchases"),
                words("running"), words("resale"),   words("total"),       words("cumulative discounted")};
    t.numeric = {true, true, true, true, true, true, true, true};
    for (const MonthLine& l : month_lines(report)) {
        const plan::MonthFlows& f = *l.f;
        // "working/held" only when some are on order (lead time).
        const std::string machines = f.machines_held == f.machines_working
                                         ? std::to_string(f.machines_held)
                                         : fmt::format("{}/{}", f.machines_working, f.machines_held);
        t.rows.push_back({{cell::count(static_cast<long long>(l.month)), machines,
                           cell::count(static_cast<long long>(f.committed_instances)), cell::money(f.purchase_usd),
                           cell::money(running_usd(f)), cell::money(f.resale_usd), cell::money(f.total_usd()),
                           cell::money(l.cumulative_usd)}});
    }
    return t;
}

}  // namespace gpucost
