// The inputs the analysis varies, as plain numbers: one comparison's engine values (a Case), a slot naming one
// number in it, and a ranged input (a slot with its low, mode, high and shape). Addresses are resolved to slots by
// the report layer; nothing here knows ids or text.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/range.hpp"

namespace gpucost {

// Everything evaluate() reads for one comparison.
struct Case {
    BuildSpec build;
    CloudSpec cloud;
    Assumptions assumptions;
};

// Which number of a Case an input is.
enum class SlotKind {
    gpu_price_usd,  // per GPU (a GPU's price_usd or a build's gpu_price_usd)
    gpu_tdp_w,
    gpu_idle_w,
    base_price_usd,
    base_load_w,
    base_idle_w,
    setup_usd,
    usd_per_hour,  // the offer's hourly price at the pricing in force
    assumption,    // a numeric assumption; the horizon in years
};

struct Slot {
    SlotKind kind = SlotKind::assumption;
    AssumptionKey key = AssumptionKey::hours_per_week;  // assumption only
    bool operator==(const Slot&) const = default;
};

// The value of a slot in a case, in the input's unit (the horizon in years: months / 12).
double read_slot(const Case& c, Slot slot) noexcept;
// Sets a slot; the horizon in years becomes whole months (at least one), as the assumption parser rounds it.
void write_slot(Case& c, Slot slot, double value) noexcept;

// One ranged input of one comparison: the slot and its range, with the mode already settled.
struct RangedInput {
    Slot slot;
    double low = 0.0;
    double mode = 0.0;
    double high = 0.0;
    RangeDist dist = RangeDist::triangular;
    std::uint32_t stream = 0;  // its own random stream: the same stream gives the same draws in every comparison
};

// True when the input is one the batch evaluator does not know (an assumption added to the table after it): such
// inputs take the general path (evaluate() per draw). Every build and offer field and every numeric assumption of
// today's table is covered.
bool needs_general_path(Slot slot) noexcept;
// True when the input changes the weights of the months (the discount rate, the horizon, the lead time, a price
// trend): the batch evaluator then works out each draw's weights (its horizon path).
bool moves_weights(Slot slot) noexcept;

}  // namespace gpucost
