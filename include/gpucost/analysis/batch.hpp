// The batch evaluator: one comparison evaluated again and again with a few of its inputs changed, as fast as the
// engine allows. The discounting and horizon terms (the horizon's annuity, the final discount factor, the annuity of
// every month for payback) are worked out once; every other input enters the totals through the engine's public
// pieces (monthly_costs, hardware_usd, resale_value_usd). An input that changes the discounting or the horizon, or
// that this file does not know (needs_general_path), sends every draw through evaluate() itself. A property test
// (tests/analysis/test_batch.cpp) holds both paths to evaluate() draw by draw.
#pragma once

#include <cmath>
#include <span>
#include <vector>

#include "gpucost/analysis/inputs.hpp"

namespace gpucost {

// What the analysis keeps of one evaluation.
struct DrawOutcome {
    double build_total_usd = 0.0;
    double cloud_total_usd = 0.0;
    double break_even_hours = NAN;  // hours per week; NaN when one side wins at every hours
    int payback_month = 0;          // 1..M; 0 when owning has not paid back within the horizon
};

// The outcome of a full evaluation.
DrawOutcome outcome_of(const Evaluation& e) noexcept;

class BatchEvaluator {
public:
    // `base` at its point values; draws set `slots` (in this order) and leave the rest.
    BatchEvaluator(const Case& base, std::span<const Slot> slots);
    // The outcome with slot i at values[i] (values.size() == slots.size()); equal to
    // outcome_of(evaluate(...)) of the same case to rounding.
    DrawOutcome operator()(std::span<const double> values) const noexcept;
    // True when draws go through evaluate().
    bool general() const noexcept { return m_general; }

private:
    DrawOutcome fast(const Case& c) const noexcept;

    Case m_base;
    std::vector<Slot> m_slots;
    bool m_general = false;
    double m_annuity = 0.0;           // A(M)
    double m_final_factor = 1.0;      // (1 + r)^(-M/12)
    std::vector<double> m_annuities;  // A(1..M), [0] unused
};

}  // namespace gpucost
