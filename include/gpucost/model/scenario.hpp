// Scenario files (--scenario FILE): a team's assumptions, build and cloud offer, kept in its repository.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/hardware_class.hpp"
#include "gpucost/model/range.hpp"

namespace gpucost {

// What a scenario file holds. Precedence when comparing: flag > scenario > build's overrides > catalogue.
struct Scenario {
    AssumptionLayer assumptions;          // origin "scenario FILE"; years held as months
    std::optional<std::string> build_id;  // "build": an id, or null / absent for every build
    std::optional<std::string> cloud_id;  // "cloud": an id, or null / absent for the cheapest match
    MatchRequest match;                   // "match", "tier", "workload" and the "min_*" requirements
    std::vector<RangeEntry> ranges;       // "ranges": { "<address>": {low, high, mode, dist} }
    // "gates": { "max_payback_months": 24, "expect": "build", ... } for `check`, as written (a number or a word),
    // in the file's order; `check` judges the names and values by its gates table, and its flags win gate by gate.
    std::vector<std::pair<std::string, std::variant<double, std::string>>> gates;
};

}  // namespace gpucost
