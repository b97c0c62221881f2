// Dynamic programming over the decision months. A plan's cost splits into each lot's own flows (linear in its
// count, fixed once bought) and each month's use, which depends only on how many machines work, whether any is
// held, and how many instances are committed that month. So the future cost after a decision depends only on the
// lots still active, grouped by the months they work from and end: that is the state, and lots alike merge.
#include "gpucost/plan/optimise.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"

namespace gpucost::plan {

namespace {

// A group of active lots alike: machines (own) working from `works_from`, or commitments; both end at `last`.
struct Active {
    bool own = false;
    int works_from = 0;
    int last = 0;
    std::int64_t count = 0;
    auto key() const noexcept { return std::tuple(!own, works_from, last); }
};
using State = std::vector<Active>;

// A state as bytes, the memo's key (hashed, compared whole: no two states share one).
std::string encode(const State& s) {
    std::string out;
    out.reserve(s.size() * 4 * sizeof(std::int64_t));
    for (const Active& a : s)
        for (const std::int64_t v :
             {std::int64_t{a.own ? 1 : 0}, std::int64_t{a.works_from}, std::int64_t{a.last}, a.count})
            out.append(reinterpret_cast<const char*>(&v), sizeof v);
    return out;
}

// A month's use at one fleet: month, machines working, any held, instances committed.
struct UseKey {
    int month;
    std::int64_t working;
    bool held;
    std::int64_t committed;
    bool operator==(const UseKey&) const = default;
};
struct UseKeyHash {
    std::size_t operator()(const UseKey& k) const noexcept {
        std::size_t h = std::hash<std::int64_t>{}(k.working);
        h = h * 1000003U ^ std::hash<std::int64_t>{}(k.committed);
        h = h * 1000003U ^ std::hash<int>{}(k.month);
        return h * 2U + (k.held ? 1U : 0U);
    }
};

// The state as seen from month `from`: ended groups dropped, groups already working merged.
State canonical(State s, int from) {
    State out;
    for (Active a : s) {
        if (a.last < from || a.count == 0) continue;
        a.works_from = a.own ? std::max(a.works_from, from) : 0;
        out.push_back(a);
    }
    std::sort(out.begin(), out.end(), [](const Active& x, const Active& y) { return x.key() < y.key(); });
    State merged;
    for (const Active& a : out) {
        if (!merged.empty() && merged.back().key() == a.key())
            merged.back().count += a.count;
        else
            merged.push_back(a);
    }
    return merged;
}

// The fleet a state leaves in each month from a decision to the horizon (index = month).
struct Fleet {
    std::vector<std::int64_t> working;
    std::vector<std::int64_t> held;
    std::vector<std::int64_t> committed;
};

struct Best {
    double cost = 0.0;
    std::array<std::int64_t, k_kind_count> counts{};
    State next;
};

class Solver {
public:
    Solver(const Supply& supply, const Demand& demand, const PlanSpace& space)
        : m_supply(supply),
          m_demand(demand),
          m_space(space),
          m_months(supply.assumptions.months),
          m_lead(lead_time_in_force(supply.assumptions)),
          m_memo(space.decision_months.size()) {
        for (std::size_t i = 0; i < space.decision_months.size(); ++i)
            for (int k = 0; k < k_kind_count; ++k)
                m_unit_cost[i][static_cast<std::size_t>(k)] = unit_cost(static_cast<Kind>(k), space.decision_months[i]);
    }

    double solve(std::size_t i, const State& state);
    std::int64_t states() const {
        std::int64_t n = 0;
        for (const auto& level : m_memo) n += static_cast<std::int64_t>(level.size());
        return n;
    }
    std::int64_t choices = 0;
    const Best& best(std::size_t i, const State& s) const { return m_memo[i].at(encode(s)); }

private:
    double unit_cost(Kind kind, int month) const {
        std::vector<MonthFlows> flows;
        add_lot_flows(m_supply, {kind, month, 1}, flows);
        return net_present_cost(flows, m_supply.assumptions);
    }
    // Month m's discounted use at this fleet, each (m, working, held > 0, committed) costed once.
    double use(int m, std::int64_t working, std::int64_t held, std::int64_t committed) {
        const UseKey key{m, working, held > 0, committed};
        const auto found = m_use.find(key);
        if (found != m_use.end()) return found->second;
        const double usd = present_cost(
            month_use(m_supply, m_demand.months[static_cast<std::size_t>(m - 1)], m, working, held, committed), m,
            m_supply.assumptions);
        m_use.emplace(key, usd);
        return usd;
    }
    Fleet fleet_of(const State& state, int d) const;
    std::pair<std::int64_t, std::int64_t> range(Kind kind, std::int64_t bound) const;
    void try_own(std::size_t i, const State& state, const Fleet& fleet, std::int64_t x, Best& best);
    std::int64_t peak(int m) const { return m_demand.months[static_cast<std::size_t>(m - 1)].peak_gpus(); }
    std::int64_t bound_own(int d, const std::vector<std::int64_t>& working,
                           const std::vector<std::int64_t>& held) const;
    std::int64_t bound_commit(Kind kind, int d, const std::vector<std::int64_t>& working,
                              const std::vector<std::int64_t>& committed) const;

    const Supply& m_supply;
    const Demand& m_demand;
    const PlanSpace& m_space;
    int m_months;
    int m_lead;
    std::vector<std::unordered_map<std::string, Best>> m_memo;
    std::vector<std::array<double, k_kind_count>> m_unit_cost =
        std::vector<std::array<double, k_kind_count>>(m_space.decision_months.size());
    std::unordered_map<UseKey, double, UseKeyHash> m_use;
};

// More machines than could serve in any month they work are never cheaper: the last one serves nothing, and its
// purchase less its discounted resale, its staff, upkeep and idle power are never negative. One machine may still
// pay for itself by sparing the cloud's staff in months no machine is held, so one is always allowed then.
std::int64_t Solver::bound_own(int d, const std::vector<std::int64_t>& working,
                               const std::vector<std::int64_t>& held) const {
    const std::int64_t g = m_supply.build.gpu_count;
    const int sold = sale_month(m_supply, d);
    std::int64_t bound = 0;
    for (int m = d + m_lead; m <= sold; ++m) {
        bound = std::max(bound, instances_needed(peak(m), g) - working[static_cast<std::size_t>(m)]);
    }
    if (m_supply.assumptions.staff_fte_cloud > 0.0)
        for (int m = d; m <= sold; ++m)
            if (held[static_cast<std::size_t>(m)] == 0) bound = std::max<std::int64_t>(bound, 1);
    return bound;
}

// Likewise a commitment is never cheaper past the instances the demand above the owned GPUs could fill in some
// month of its term.
std::int64_t Solver::bound_commit(Kind kind, int d, const std::vector<std::int64_t>& working,
                                  const std::vector<std::int64_t>& committed) const {
    const std::int64_t g = m_supply.build.gpu_count;
    const std::int64_t c = m_supply.on_demand.gpus_per_instance;
    std::int64_t bound = 0;
    for (int m = d; m <= std::min(m_months, d + term_months(kind) - 1); ++m) {
        const std::int64_t above = std::max<std::int64_t>(0, peak(m) - working[static_cast<std::size_t>(m)] * g);
        bound = std::max(bound, instances_needed(above, c) - committed[static_cast<std::size_t>(m)]);
    }
    return bound;
}

Fleet Solver::fleet_of(const State& state, int d) const {
    Fleet f;
    f.working.assign(static_cast<std::size_t>(m_months) + 1, 0);
    f.held = f.working;
    f.committed = f.working;
    for (const Active& a : state)
        for (int m = d; m <= std::min(a.last, m_months); ++m) {
            const auto at = static_cast<std::size_t>(m);
            if (!a.own) {
                f.committed[at] += a.count;
                continue;
            }
            f.held[at] += a.count;
            if (m >= a.works_from) f.working[at] += a.count;
        }
    return f;
}

std::pair<std::int64_t, std::int64_t> Solver::range(Kind kind, std::int64_t bound) const {
    const KindRange& r = m_space.kinds[static_cast<std::size_t>(kind)];
    return {r.min, std::max(r.min, std::min(bound, r.max.value_or(bound)))};
}

double Solver::solve(std::size_t i, const State& state) {
    if (i == m_space.decision_months.size()) return 0.0;
    const auto key = encode(state);
    if (const auto found = m_memo[i].find(key); found != m_memo[i].end()) return found->second.cost;
    const int d = m_space.decision_months[i];
    const Fleet fleet = fleet_of(state, d);
    Best best;
    best.cost = std::numeric_limits<double>::infinity();
    const auto [own_low, own_high] = range(Kind::own, bound_own(d, fleet.working, fleet.held));
    for (std::int64_t x = own_low; x <= own_high; ++x) try_own(i, state, fleet, x, best);
    m_memo[i][key] = best;
    return best.cost;
}

// Every count of commitments beside x machines bought at decision i, the best kept in `best`.
void Solver::try_own(std::size_t i, const State& state, const Fleet& fleet, std::int64_t x, Best& best) {
    const int d = m_space.decision_months[i];
    const int next = i + 1 < m_space.decision_months.size() ? m_space.decision_months[i + 1] : m_months + 1;
    const int works_from = d + m_lead;
    const int sold = sale_month(m_supply, d);
    std::vector<std::int64_t> w = fleet.working;
    for (int m = works_from; m <= sold; ++m) w[static_cast<std::size_t>(m)] += x;
    // 3-year first, each count of it leaving fewer 1-year ones that could serve (both run through months
    // d..d + 11, so the 1-year bound falls by y3).
    const std::int64_t one_year = bound_commit(Kind::commit_1y, d, w, fleet.committed);
    const auto [y3_low, y3_high] = range(Kind::commit_3y, bound_commit(Kind::commit_3y, d, w, fleet.committed));
    // Within one year both kinds run through the whole span to the next decision, so its months' cost depends
    // only on y1 + y3: each total costed once.
    const bool one_span = next - d <= 12;
    std::vector<double> span_by_total;
    const auto span_cost = [&](std::int64_t y1, std::int64_t y3) {
        double cost = 0.0;
        for (int m = d; m < next; ++m) {
            const auto at = static_cast<std::size_t>(m);
            const std::int64_t h = fleet.held[at] + (m <= sold ? x : 0);
            const std::int64_t c = fleet.committed[at] + (m < d + 12 ? y1 : 0) + (m < d + 36 ? y3 : 0);
            cost += use(m, w[at], h, c);
        }
        return cost;
    };
    const auto& unit = m_unit_cost[i];
    for (std::int64_t y3 = y3_low; y3 <= y3_high; ++y3) {
        const auto [y1_low, y1_high] = range(Kind::commit_1y, one_year - y3);
        for (std::int64_t y1 = y1_low; y1 <= y1_high; ++y1) {
            ++choices;
            double cost = static_cast<double>(x) * unit[0] + static_cast<double>(y1) * unit[1] +
                          static_cast<double>(y3) * unit[2];
            if (one_span) {
                const auto total = static_cast<std::size_t>(y1 + y3);
                if (span_by_total.size() <= total)
                    span_by_total.resize(total + 1, std::numeric_limits<double>::quiet_NaN());
                if (std::isnan(span_by_total[total])) span_by_total[total] = span_cost(y1, y3);
                cost += span_by_total[total];
            } else {
                cost += span_cost(y1, y3);
            }
            State after = state;
            after.push_back({true, works_from, sold, x});
            after.push_back({false, 0, d + 11, y1});
            after.push_back({false, 0, d + 35, y3});
            after = canonical(after, next);
            cost += solve(i + 1, after);
            if (cost < best.cost) best = {cost, {x, y1, y3}, after};
        }
    }
}

}  // namespace

PlanSpace every_months(const Supply& supply, int every) {
    PlanSpace space;
    for (int m = 1; m <= supply.assumptions.months; m += std::max(every, 1)) space.decision_months.push_back(m);
    if (!supply.reserved_1y_usd_per_hour) space.kinds[1].max = 0;
    if (!supply.reserved_3y_usd_per_hour) space.kinds[2].max = 0;
    return space;
}

PlanSpace fixed(Kind kind, std::int64_t count) {
    PlanSpace space;
    space.decision_months = {1};
    for (KindRange& r : space.kinds) r = {0, 0};
    space.kinds[static_cast<std::size_t>(kind)] = {count, count};
    return space;
}

PlanResult optimise(const Supply& supply, const Demand& demand, const PlanSpace& asked) {
    PlanSpace space = asked;
    const int months = supply.assumptions.months;
    int previous = 0;
    for (const int d : space.decision_months) {
        if (d <= previous || d > months)
            throw UsageError(
                fmt::format("plan space: decision month {} must be after {} and within 1..{}", d, previous, months));
        previous = d;
    }
    for (int k = 0; k < k_kind_count; ++k) {
        const KindRange& r = space.kinds[static_cast<std::size_t>(k)];
        const char* name = to_string(static_cast<Kind>(k));
        if (r.min < 0 || (r.max && *r.max < r.min))
            throw UsageError(fmt::format("plan space: {}: the range must be 0 <= min <= max, got {}..{}", name, r.min,
                                         r.max ? fmt::to_string(*r.max) : "any"));
        const bool priced = k == 0 || (k == 1 ? supply.reserved_1y_usd_per_hour : supply.reserved_3y_usd_per_hour);
        if (!priced && r.min > 0)
            throw UsageError(
                fmt::format("plan space: {}: the offer has no {} price", name, k == 1 ? "reserved-1y" : "reserved-3y"));
        if (!priced) space.kinds[static_cast<std::size_t>(k)].max = 0;  // an unpriced commitment is not free
    }
    if (demand.months.size() != static_cast<std::size_t>(months))
        throw UsageError(fmt::format("plan: the demand has {} months, the horizon {}", demand.months.size(), months));
    PlanResult result;
    if (space.decision_months.empty()) {
        result.net_present_cost_usd = cost_schedule(supply, demand, {}).net_present_cost_usd;
        return result;
    }
    Solver solver(supply, demand, space);
    State state;
    // Months before the first decision are served by on-demand alone.
    double before = 0.0;
    for (int m = 1; m < space.decision_months.front(); ++m)
        before += present_cost(month_use(supply, demand.months[static_cast<std::size_t>(m - 1)], m, 0, 0, 0), m,
                               supply.assumptions);
    result.net_present_cost_usd = before + solver.solve(0, state);
    for (std::size_t i = 0; i < space.decision_months.size(); ++i) {
        const Best& b = solver.best(i, state);
        for (int k = 0; k < k_kind_count; ++k)
            if (b.counts[static_cast<std::size_t>(k)] > 0)
                result.schedule.lots.push_back(
                    {static_cast<Kind>(k), space.decision_months[i], b.counts[static_cast<std::size_t>(k)]});
        state = b.next;
    }
    result.states = solver.states();
    result.choices = solver.choices;
    return result;
}

}  // namespace gpucost::plan
