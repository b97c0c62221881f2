// `plan` as rows (CSV, TSV): one row per strategy, in the report's order (the plan last). The columns are the CSV
// contract (docs/output.md) in its order; a new column is appended to k_columns.
#include "gpucost/render/plan.hpp"
#include "plan_months.hpp"

namespace gpucost {
namespace {

struct PlanLine {
    const PlanReport* report;
    const plan::StrategyResult* s;
    const plan::RegretRow* regret;  // the strategy's row of the regret table; null without demand cases
};

// The strategy's net present cost under the named case of the regret table; empty without that case.
Field case_cost(const PlanLine& l, std::string_view name) {
    if (l.regret == nullptr) return Field::missing();
    const auto& cases = l.report->regret->cases;
    for (std::size_t c = 0; c < cases.size(); ++c)
        if (cases[c].name == name) return Field::of_money(l.regret->net_present_cost_usd[c]);
    return Field::missing();
}

long long bought(const PlanLine& l, plan::Kind kind) {
    long long n = 0;
    for (const plan::Lot& lot : l.s->schedule.lots)
        if (lot.kind == kind) n += lot.count;
    return n;
}

// Money columns are named in US dollars; the writer renames them for another currency.
constexpr Column<PlanLine> k_columns[] = {
    {"strategy",
     [](const PlanLine& l) { return Field::of_text(to_string(l.s->strategy, l.report->supply.rent_pricing)); }},
    {"build", [](const PlanLine& l) { return Field::of_text(l.report->build.id); }},
    {"offer", [](const PlanLine& l) { return Field::of_text(l.report->offer.id); }},
    {"months",
     [](const PlanLine& l) { return Field::of_count(static_cast<long long>(l.report->supply.assumptions.months)); }},
    {"net_present_cost_usd", [](const PlanLine& l) { return Field::of_money(l.s->costs.net_present_cost_usd); }},
    {"peak_monthly_spend_usd", [](const PlanLine& l) { return Field::of_money(l.s->peak_monthly_spend_usd); }},
    {"owned_utilisation", [](const PlanLine& l) { return Field::of_number(l.s->owned_utilisation); }},
    {"committed_utilisation", [](const PlanLine& l) { return Field::of_number(l.s->committed_utilisation); }},
    {"owned_gpu_hours", [](const PlanLine& l) { return Field::of_number(l.s->owned_gpu_hours); }},
    {"committed_gpu_hours", [](const PlanLine& l) { return Field::of_number(l.s->committed_gpu_hours); }},
    {"on_demand_gpu_hours", [](const PlanLine& l) { return Field::of_number(l.s->on_demand_gpu_hours); }},
    // On demand serves every hour the rest do not: none goes unserved unless --downtime lost.
    {"unserved_gpu_hours", [](const PlanLine& l) { return Field::of_number(l.s->unserved_gpu_hours); }},
    {"machines_bought", [](const PlanLine& l) { return Field::of_count(bought(l, plan::Kind::own)); }},
    {"commitments_1y", [](const PlanLine& l) { return Field::of_count(bought(l, plan::Kind::commit_1y)); }},
    {"commitments_3y", [](const PlanLine& l) { return Field::of_count(bought(l, plan::Kind::commit_3y)); }},
    {"net_present_cost_low_growth_usd", [](const PlanLine& l) { return case_cost(l, "low"); }},
    {"net_present_cost_high_growth_usd", [](const PlanLine& l) { return case_cost(l, "high"); }},
    {"max_regret_usd",
     [](const PlanLine& l) {
         return l.regret == nullptr ? Field::missing() : Field::of_money(l.regret->max_regret_usd);
     }},
};

}  // namespace

RowSet rows_of(const PlanReport& report) {
    if (report.monthly) return plan_month_rows(report);
    std::vector<PlanLine> lines;
    for (std::size_t i = 0; i < report.strategies.size(); ++i)
        lines.push_back({&report, &report.strategies[i], report.regret ? &report.regret->rows[i] : nullptr});
    return make_rows(k_columns, lines);
}

}  // namespace gpucost
