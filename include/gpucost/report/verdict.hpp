// Model v2's reading of a verdict (issue 11): the verdict with and without the resale credit, and which estimated
// assumptions decide it. Computed once per comparison from the engine, so every format says the same.
#pragma once

#include <string>
#include <vector>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// An estimated assumption that turns the verdict: at `tried` (half or one and a half times its value, kept in its
// range) the other side is cheaper.
struct DecidingAssumption {
    AssumptionKey key = AssumptionKey::hours_per_week;
    double value = 0.0;          // in force
    double tried = 0.0;          // the value at which the verdict turns
    Side cheaper = Side::cloud;  // the cheaper side at `tried`
};

// The verdict as a finance team reads it.
struct VerdictReading {
    Side cheaper_without_resale = Side::cloud;  // the build total without its resale credit against the cloud's
    double savings_without_resale_usd = 0.0;
    std::vector<std::string> estimated;        // the assumptions in force whose source says they are estimates
    std::vector<DecidingAssumption> deciding;  // those of them that turn the verdict, in report order
};

// Whether an assumption's source text marks it as an estimate ("ESTIMATE", any case).
bool is_estimate_source(const std::string& source);

// Reads the verdict of `e` (evaluated with `r`): without resale, and every numeric assumption whose source is an
// estimate, tried at half and one and a half times its value (the first that turns the verdict is kept).
VerdictReading read_verdict(const BuildSpec& build, const CloudSpec& cloud, const ResolvedAssumptions& r,
                            const Evaluation& e);

}  // namespace gpucost
