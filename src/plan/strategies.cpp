#include "gpucost/plan/strategies.hpp"

#include <algorithm>

#include "gpucost/model/values.hpp"

namespace gpucost::plan {

namespace {

// Half of a month's hours: a level busy at least this long is base load.
constexpr double k_base_share = 0.5;

// The highest peak, and the base (the most GPUs busy at least half of each month's hours, least over the months),
// over months first..last.
std::int64_t peak_over(const Demand& d, int first, int last) {
    std::int64_t peak = 0;
    for (int m = first; m <= last; ++m) peak = std::max(peak, d.months[static_cast<std::size_t>(m - 1)].peak_gpus());
    return peak;
}

std::int64_t base_over(const Demand& d, int first, int last) {
    std::int64_t base = -1;
    for (int m = first; m <= last; ++m) {
        const MonthLoad& load = d.months[static_cast<std::size_t>(m - 1)];
        std::int64_t k = 0;
        while (k < load.peak_gpus() && load.hours(k + 1) >= k_base_share * k_hours_per_month) ++k;
        base = base < 0 ? k : std::min(base, k);
    }
    return std::max<std::int64_t>(base, 0);
}

}  // namespace

const char* to_string(Strategy strategy) noexcept {
    switch (strategy) {
        case Strategy::on_demand: return "all on-demand";
        case Strategy::commitments: return "all commitments";
        case Strategy::own_peak: return "own for the peak";
        case Strategy::own_base: return "own the base, rent the rest";
        case Strategy::plan: break;
    }
    return "the plan";
}

const char* to_string(Strategy strategy, Pricing rent) noexcept {
    return strategy == Strategy::on_demand && rent == Pricing::spot ? "all spot" : to_string(strategy);
}

Schedule rule_schedule(Strategy strategy, const Supply& supply, const Demand& demand, const PlanSpace& space) {
    Schedule schedule;
    if (strategy == Strategy::on_demand || strategy == Strategy::plan) return schedule;
    const int months = supply.assumptions.months;
    const std::int64_t g = supply.build.gpu_count;
    const std::int64_t c = supply.on_demand.gpus_per_instance;
    const int lead = lead_time_in_force(supply.assumptions);
    const Kind commit = supply.reserved_1y_usd_per_hour ? Kind::commit_1y : Kind::commit_3y;
    const auto& d = space.decision_months;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const int last = i + 1 < d.size() ? d[i + 1] - 1 : months;
        // What the lots already bought give in each month of this decision's span, least over the span.
        std::int64_t have = -1;
        for (int m = d[i]; m <= last; ++m) {
            std::int64_t n = 0;
            for (const Lot& lot : schedule.lots) {
                const bool active = lot.kind == Kind::own ? m >= lot.month + lead && m <= sale_month(supply, lot.month)
                                                          : m >= lot.month && m < lot.month + term_months(lot.kind);
                if (active) n += lot.count;
            }
            have = have < 0 ? n : std::min(have, n);
        }
        if (strategy == Strategy::commitments) {
            if (!supply.reserved_1y_usd_per_hour && !supply.reserved_3y_usd_per_hour) return schedule;
            const std::int64_t need =
                instances_needed(peak_over(demand, d[i], last), c) - std::max<std::int64_t>(have, 0);
            if (need > 0) schedule.lots.push_back({commit, d[i], need});
            continue;
        }
        // Machines bought now work from d + L: cover the span from then.
        const int from = std::min(d[i] + lead, last);
        const std::int64_t gpus =
            strategy == Strategy::own_peak ? peak_over(demand, from, last) : base_over(demand, from, last);
        // Machines of g GPUs to cover the peak: ceil(gpus / g), as instances of g GPUs would.
        const std::int64_t target = strategy == Strategy::own_peak ? instances_needed(gpus, g) : gpus / g;
        const std::int64_t buy = target - std::max<std::int64_t>(have, 0);
        if (buy > 0) schedule.lots.push_back({Kind::own, d[i], buy});
    }
    return schedule;
}

StrategyResult figures_of(Strategy strategy, Schedule schedule, PlanCosts costs) {
    StrategyResult r;
    r.strategy = strategy;
    r.schedule = std::move(schedule);
    double owned_capacity = 0.0;
    double committed_capacity = 0.0;
    for (std::size_t k = 0; k < costs.months.size(); ++k) {
        const MonthFlows& f = costs.months[k];
        const std::size_t year = k == 0 ? 0 : (k - 1) / 12;
        if (r.cash_by_year_usd.size() <= year) r.cash_by_year_usd.resize(year + 1, 0.0);
        r.cash_by_year_usd[year] += f.total_usd();
        if (k > 0)
            r.peak_monthly_spend_usd =
                std::max(r.peak_monthly_spend_usd, f.total_usd() - f.purchase_usd - f.resale_usd);
        r.owned_gpu_hours += f.owned_gpu_hours;
        r.committed_gpu_hours += f.committed_gpu_hours;
        r.on_demand_gpu_hours += f.on_demand_gpu_hours;
        r.unserved_gpu_hours += f.unserved_gpu_hours;
        r.downtime_cover_usd += f.downtime_cover_usd;
        owned_capacity += f.owned_capacity_gpu_hours;
        committed_capacity += f.committed_capacity_gpu_hours;
    }
    if (owned_capacity > 0.0) r.owned_utilisation = r.owned_gpu_hours / owned_capacity;
    if (committed_capacity > 0.0) r.committed_utilisation = r.committed_gpu_hours / committed_capacity;
    r.costs = std::move(costs);
    return r;
}

std::vector<StrategyResult> compare_strategies(const Supply& supply, const Demand& demand, const PlanSpace& space) {
    std::vector<StrategyResult> out;
    for (int i = 0; i < k_strategy_count; ++i) {
        const auto strategy = static_cast<Strategy>(i);
        Schedule schedule = strategy == Strategy::plan ? optimise(supply, demand, space).schedule
                                                       : rule_schedule(strategy, supply, demand, space);
        PlanCosts costs = cost_schedule(supply, demand, schedule);
        out.push_back(figures_of(strategy, std::move(schedule), std::move(costs)));
    }
    return out;
}

RegretTable regret_table(const Supply& supply, const PlanSpace& space, std::vector<DemandCase> cases, std::size_t base,
                         const std::vector<StrategyResult>& strategies) {
    RegretTable t;
    t.cases = std::move(cases);
    // The strategies were chosen and costed for the base case's demand: their costs there are already known.
    const bool have_base = !strategies.empty();
    std::vector<Schedule> plans(t.cases.size());
    for (std::size_t c = 0; c < t.cases.size(); ++c) {
        if (c == base && have_base) {
            plans[c] = strategies.back().schedule;
            t.best_usd.push_back(strategies.back().costs.net_present_cost_usd);
            continue;
        }
        plans[c] = optimise(supply, t.cases[c].demand, space).schedule;
        t.best_usd.push_back(cost_schedule(supply, t.cases[c].demand, plans[c]).net_present_cost_usd);
    }
    // `base_usd`: the schedule's cost under the base case when known, else null.
    const auto add = [&](std::string label, const Schedule& schedule, const double* base_usd) {
        RegretRow row{std::move(label), schedule, {}, {}, 0.0};
        for (std::size_t c = 0; c < t.cases.size(); ++c) {
            const double npc = c == base && base_usd != nullptr
                                   ? *base_usd
                                   : cost_schedule(supply, t.cases[c].demand, schedule).net_present_cost_usd;
            row.net_present_cost_usd.push_back(npc);
            row.regret_usd.push_back(std::max(0.0, npc - t.best_usd[c]));
            row.max_regret_usd = std::max(row.max_regret_usd, row.regret_usd.back());
        }
        t.rows.push_back(std::move(row));
    };
    for (const StrategyResult& s : strategies)
        add(to_string(s.strategy, supply.rent_pricing), s.schedule, &s.costs.net_present_cost_usd);
    for (std::size_t c = 0; c < t.cases.size(); ++c)
        if (c != base)
            add(t.cases[c].changes.empty() ? "the plan for " + t.cases[c].name + " growth"
                                           : "the plan for case " + t.cases[c].name,
                plans[c], nullptr);
    for (std::size_t i = 1; i < t.rows.size(); ++i)
        if (t.rows[i].max_regret_usd < t.rows[t.least_regret].max_regret_usd) t.least_regret = i;
    return t;
}

}  // namespace gpucost::plan
