// The parts of evaluate() that its two files share (internal to the engine): cost_model.cpp evaluates a comparison
// before financing and tax, evaluate.cpp adds them (finance_flow.hpp) and settles the figures that read the totals.
#pragma once

#include "gpucost/engine/cost_model.hpp"

namespace gpucost::engine_detail {

// What an evaluation works out: everything, or only the totals and the cheaper side (evaluate_totals()), whose
// figures are then the same to the bit while the paybacks, break-even and rates are left empty.
enum class Figures { all, totals };

// The evaluation before financing and tax: with cash and a tax rate of 0, evaluate()'s result.
Evaluation evaluate_before_finance(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                                   Figures figures = Figures::all) noexcept;

// apply_finance() (finance_flow.hpp) without the paybacks it restates: the totals, cheaper side and savings.
void apply_finance_totals(Evaluation& e, const Assumptions& a);

// Both sides' costs per GPU-hour of use over the horizon (`gpu_hours` of use in all); empty when not applicable.
void set_rates(Evaluation& e, double gpu_hours) noexcept;

// The break-even from the build total less the cloud total at 0 h/week (d_low) and at 168 h/week (d_high).
void set_break_even(Evaluation& e, double d_low, double d_high) noexcept;

}  // namespace gpucost::engine_detail
