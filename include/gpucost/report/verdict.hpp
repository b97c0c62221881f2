// Model v2's reading of a verdict (issue 11): the verdict with and without the resale credit, and which estimated
// assumptions decide it. Computed once per comparison from the engine, so every format says the same.
#pragma once

#include <cstdint>
#include <optional>
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

// What a break-even in hours per week compares (issue 20). Against a cloud side billed by the hour of use
// (on-demand, spot) both sides move with use, and the figure is where owning starts or stops paying. Against a
// commitment (reserved-1y, reserved-3y) the cloud side bills every hour of its term whatever the use, so the figure
// only marks where the owned machine's own running costs (power, downtime cover) catch up with the commitment: it
// says nothing about using either side less. Against a monthly rental (issue 20 item 6a) the same holds: it bills
// every month of the horizon whatever the use.
enum class BreakEvenKind { owning_vs_pay_per_use, owning_vs_commitment, owning_vs_monthly_rental };

// Under a commitment, the figure that matters for it: the use above which the commitment costs less than the same
// offer rented on demand for the hours used (cloud totals over the horizon, all else as in force).
struct CommitmentReading {
    Pricing pricing = Pricing::reserved_1y;
    bool has_on_demand_price = false;             // the offer has an on-demand price to compare with
    double on_demand_cloud_total_usd = 0.0;       // the same offer on demand at the hours in force
    std::optional<double> beats_on_demand_above;  // h/week in (0, 168); empty when one is cheaper at every use
    bool on_demand_cheaper_at_every_use = false;  // with no crossing: on demand costs less even at 168 h/week
};

// Under spot pricing (issue 20): how often the job stops, what re-running costs, and whether spot is carrying
// round-the-clock work on several GPUs (a job that has no idle hours to catch up in, and stops whole).
struct SpotReading {
    std::int64_t instances = 0;              // spot instances the job runs on
    double job_stops_per_month = 0.0;        // instances x interruptions per instance-month x h / 168
    double interruption_overhead = 0.0;      // the re-run share they add (availability.hpp), beside spot_overhead
    double spot_overhead = 0.0;              // the assumption in force
    bool round_the_clock_multi_gpu = false;  // 168 h/week on more than one GPU
};

// With a tax rate (issue 24), the verdict before tax beside the after-tax one the report leads with: each side's
// total less its tax categories (financing and interest stay: they are paid before tax).
struct PreTaxReading {
    double build_total_usd = 0.0;
    double cloud_total_usd = 0.0;
    Side cheaper = Side::cloud;  // build only when strictly cheaper
    double savings_usd = 0.0;    // |build - cloud|
};

// The verdict as a finance team reads it.
struct VerdictReading {
    Side cheaper_without_resale = Side::cloud;  // the build total without its resale credit against the cloud's
    double savings_without_resale_usd = 0.0;
    std::vector<std::string> estimated;        // the assumptions in force whose source says they are estimates
    std::vector<DecidingAssumption> deciding;  // those of them that turn the verdict, in report order
    BreakEvenKind break_even_kind = BreakEvenKind::owning_vs_pay_per_use;
    std::optional<CommitmentReading> commitment;  // set under reserved-1y and reserved-3y
    std::optional<SpotReading> spot;              // set under spot
    std::optional<PreTaxReading> pre_tax;         // set when tax_rate > 0
};

// The verdict before tax of `e` (evaluated with `a`); empty when the tax rate is 0 (every figure is then pre-tax).
std::optional<PreTaxReading> read_pre_tax(const Evaluation& e, const Assumptions& a) noexcept;

// Under spot (a.pricing), the reading of a job of `gpus` GPUs on `instances` instances; empty otherwise.
std::optional<SpotReading> read_spot(std::int64_t gpus, std::int64_t instances, const Assumptions& a);

// "owning_vs_pay_per_use", "owning_vs_commitment", "owning_vs_monthly_rental": the JSON's spelling.
const char* to_string(BreakEvenKind kind) noexcept;

// Whether an assumption's source text marks it as an estimate ("ESTIMATE", any case).
bool is_estimate_source(const std::string& source);

// Reads the verdict of `e` (evaluated with `r`): without resale, and, when `trials`, every numeric assumption whose
// source is an estimate, tried at half and one and a half times its value (the first that turns the verdict is kept);
// without, `estimated` and `deciding` are left empty.
VerdictReading read_verdict(const BuildSpec& build, const CloudSpec& cloud, const ResolvedAssumptions& r,
                            const Evaluation& e, bool trials = true);

// Under a commitment (a.pricing reserved-1y or reserved-3y), the commitment `committed` against `on_demand`, the
// same offer at its on-demand price (empty when it has none); empty under on-demand and spot.
std::optional<CommitmentReading> read_commitment(const BuildSpec& build, const CloudSpec& committed,
                                                 const std::optional<CloudSpec>& on_demand, const Assumptions& a);

}  // namespace gpucost
