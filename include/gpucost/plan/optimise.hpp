// The fleet plan's optimiser: the schedule of least net present cost within a stated plan space, found exactly by
// dynamic programming over the decision months (docs/plan.md gives the argument).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "gpucost/plan/demand.hpp"
#include "gpucost/plan/supply.hpp"

namespace gpucost::plan {

// How many of one kind a decision may buy or start: min..max, max empty for "as many as could serve".
struct KindRange {
    std::int64_t min = 0;
    std::optional<std::int64_t> max;
};

// The plan space: at each decision month, a count of each kind within its range; nothing is bought or started in
// other months, and on-demand fills every hour the rest do not serve.
struct PlanSpace {
    std::vector<int> decision_months;           // increasing, within 1..M
    std::array<KindRange, k_kind_count> kinds;  // by Kind: own, commit-1y, commit-3y
};

// Decisions every `every` months from month 1 (1, 1 + every, ...), every kind allowed without a cap. A kind the
// offer does not price (no 1- or 3-year rate) gets max 0.
PlanSpace every_months(const Supply& supply, int every);

// The space with one kind fixed to exactly `count` at month 1 and the others to 0 (compare's "own one machine" is
// fixed(Kind::own, 1); renting on demand alone is fixed(Kind::own, 0)).
PlanSpace fixed(Kind kind, std::int64_t count);

// The cheapest schedule and how hard it was to find.
struct PlanResult {
    Schedule schedule;
    double net_present_cost_usd = 0.0;
    std::int64_t states = 0;   // distinct fleets met at decision months
    std::int64_t choices = 0;  // (state, counts) pairs costed
};

// The exact optimum of the space. Throws UsageError for a space out of order or outside the horizon, a kind
// without a price given a minimum above 0, or min > max.
PlanResult optimise(const Supply& supply, const Demand& demand, const PlanSpace& asked);

}  // namespace gpucost::plan
