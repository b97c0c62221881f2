// `plan` as JSON (docs/output.md, "plan"): full precision, null for not applicable, money fields renamed for
// another currency.
#include "gates_json.hpp"
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/plan.hpp"
#include "plan_months.hpp"

namespace gpucost {
namespace {

// A schedule's lots: [{"kind", "month", "count"}, ...].
Json lots_json(const plan::Schedule& schedule) {
    Json lots = Json::array();
    for (const plan::Lot& lot : schedule.lots)
        lots.push_back({{"kind", to_string(lot.kind)}, {"month", lot.month}, {"count", lot.count}});
    return lots;
}

Json strategy_json(const plan::StrategyResult& s, Pricing rent, const Currency& money) {
    Json cash = Json::array();
    for (const double usd : s.cash_by_year_usd) cash.push_back(money.from_usd(usd));
    return {{"strategy", to_string(s.strategy, rent)},
            {money.field("net_present_cost_usd"), money.from_usd(s.costs.net_present_cost_usd)},
            {money.field("cash_by_year_usd"), std::move(cash)},
            {money.field("peak_monthly_spend_usd"), money.from_usd(s.peak_monthly_spend_usd)},
            {"owned_utilisation", optional_json(s.owned_utilisation)},
            {"committed_utilisation", optional_json(s.committed_utilisation)},
            {"owned_gpu_hours", s.owned_gpu_hours},
            {"committed_gpu_hours", s.committed_gpu_hours},
            {"on_demand_gpu_hours", s.on_demand_gpu_hours},
            {"unserved_gpu_hours", s.unserved_gpu_hours},  // none unless --downtime lost
            {money.field("downtime_cover_usd"), money.from_usd(s.downtime_cover_usd)},
            {"schedule", lots_json(s.schedule)}};
}

// The regret table, or null without demand cases.
Json regret_json(const std::optional<plan::RegretTable>& t, const Currency& money) {
    if (!t) return nullptr;
    Json cases = Json::array();
    for (std::size_t c = 0; c < t->cases.size(); ++c)
        cases.push_back({{"name", t->cases[c].name},
                         {"growth_per_year", t->cases[c].growth_per_year},
                         {"changes", text_or_null(t->cases[c].changes)},
                         {money.field("best_net_present_cost_usd"), money.from_usd(t->best_usd[c])}});
    Json rows = Json::array();
    for (std::size_t i = 0; i < t->rows.size(); ++i) {
        const plan::RegretRow& row = t->rows[i];
        Json npc = Json::array();
        Json regret = Json::array();
        for (const double usd : row.net_present_cost_usd) npc.push_back(money.from_usd(usd));
        for (const double usd : row.regret_usd) regret.push_back(money.from_usd(usd));
        rows.push_back({{"schedule", row.label},
                        {"lots", lots_json(row.schedule)},
                        {money.field("net_present_cost_usd"), std::move(npc)},
                        {money.field("regret_usd"), std::move(regret)},
                        {money.field("max_regret_usd"), money.from_usd(row.max_regret_usd)},
                        {"least_regret", i == t->least_regret}});
    }
    return {{"cases", std::move(cases)}, {"rows", std::move(rows)}};
}

// The plan's months (--monthly) as objects of the CSV's columns, money fields named for the currency.
Json plan_months_json(const PlanReport& report, const Currency& money) {
    Json out = Json::array();
    const RowSet rows = plan_month_rows(report);
    for (const auto& row : rows.rows) out.push_back(fields_json(rows, row, money, 0, rows.columns.size()));
    return out;
}

}  // namespace

std::string render_json(const PlanReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    const plan::Supply& s = report.supply;
    Json months = Json::array();
    for (std::size_t m = 0; m < report.demand.months.size(); ++m)
        months.push_back({{"month", m + 1},
                          {"gpu_hours", report.demand.months[m].gpu_hours()},
                          {"peak_gpus", report.demand.months[m].peak_gpus()}});
    Json strategies = Json::array();
    for (const plan::StrategyResult& r : report.strategies)
        strategies.push_back(strategy_json(r, s.rent_pricing, money));
    const bool on_demand = s.rent_pricing == Pricing::on_demand;
    Json body = {
        {"build", {{"id", report.build.id}, {"gpu", report.build.gpu_id}, {"gpu_count", report.build.gpu_count}}},
        {"offer",
         {{"id", report.offer.id},
          {"gpus_per_instance", s.on_demand.gpus_per_instance},
          {"rent_pricing", to_string(s.rent_pricing)},  // how the hours above owned and committed are rented
          {money.field("rent_usd_per_hour"), money.from_usd(s.on_demand.usd_per_hour)},
          {money.field("on_demand_usd_per_hour"), on_demand ? Json(money.from_usd(s.on_demand.usd_per_hour)) : Json()},
          {money.field("reserved_1y_usd_per_hour"), optional_money_json(s.reserved_1y_usd_per_hour, money)},
          {money.field("reserved_3y_usd_per_hour"), optional_money_json(s.reserved_3y_usd_per_hour, money)}}},
        {"demand", {{"source", report.demand_source}, {"months", std::move(months)}}},
        {"space", {{"decision_months", report.space.decision_months}}},
        {"failures_per_machine_year", s.assumptions.failures_per_machine_year},
        {"repair_hours", s.assumptions.repair_hours},
        {"planned_maintenance_hours_per_year", s.assumptions.planned_maintenance_hours_per_year},
        {"strategies", std::move(strategies)},
        {"regret", regret_json(report.regret, money)},
        {"checks", checks_json(report.checks, false)},  // empty when no gate is given
        {"exit_code", report.gates_exit_code()},        // the command's: 1 when a gate fails, as check
    };
    if (report.monthly) body["plan_cash_flow"] = plan_months_json(report, money);
    return envelope_text(report.header, money, "plan", std::move(body));
}

}  // namespace gpucost
