// The assumptions behind every comparison: their names, units, valid ranges, code defaults with their sources, and
// where each value in force came from. One table drives the catalogue and scenario readers, the command-line flags,
// validation messages, `gpucost init`, the man page and the reports.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpucost/model/values.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/shared_text.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

// Every assumption, in the order reports list them. Adding one is adding an enumerator here and a row to the table
// in assumptions.cpp (a static_assert there checks both agree), then a field in Assumptions.
enum class AssumptionKey {
    hours_per_week,
    horizon_months,  // written "years" in catalogues, scenarios and --years; held as whole months
    pricing,
    electricity_usd_per_kwh,
    pue,
    idle,
    staff_salary_usd,
    staff_fte_build,
    staff_fte_cloud,
    maintenance_rate,
    facility_usd_per_month,
    useful_life_years,
    residual_value,
    discount_rate,
    spot_overhead,
    cloud_storage_usd_per_month,
    cloud_egress_usd_per_month,
    // Model v2 (catalogue schema_version 2; a version-1 catalogue keeps each at its neutral code default).
    resale,
    resale_decline_per_year,
    cloud_price_change_per_year,
    electricity_price_change_per_year,
    lead_time_months,
    on_demand_overhead,
    storage_tb,
    cloud_storage_usd_per_tb_month,
    // Availability of the owned machine (issue 20).
    failures_per_machine_year,
    repair_hours,
    planned_maintenance_hours_per_year,
    downtime,
    spot_interruptions_per_instance_month,
    spot_restart_hours,
    // Issue 20: a build's failure rate scaled by its GPUs.
    failures_per_gpu_year,
    discounting,
    // Financing and tax of the build side (issue 24; docs/finance.md).
    financing,
    loan_rate,
    loan_term_months,
    down_payment,
    lease_usd_per_month,
    lease_rate_factor,
    lease_term_months,
    lease_end,
    tax_rate,
    depreciation,
    tax_life_years,
    bonus_depreciation,
    section_179_usd,
    section_179_limit_usd,
    section_179_phase_out_usd,
    tax_timing,  // keep last: the count below is derived from it
};
// How many assumptions there are, from the last enumerator.
inline constexpr std::size_t k_assumption_count = static_cast<std::size_t>(AssumptionKey::tax_timing) + 1;

// How an assumption is written and held.
enum class AssumptionKind {
    number,           // a plain number in [min, max]
    years_in_months,  // written as years in [min, max], held as round(12 Y) months, at least one
    pricing,          // on-demand, spot, reserved-1y, reserved-3y
    idle,             // always-on, off
    resale,           // straight-line, curve, none
    whole_number,     // a whole number in [min, max] (lead time in months)
    downtime,         // cover, lost
    discounting,      // monthly, annual
    financing,        // cash, loan, lease
    lease_end,        // return, fmv, one-dollar
    depreciation,     // none, straight-line, macrs-5
    tax_timing,       // month, year-end
};

// A value of an assumption as held: the horizon as a whole number of months, choices as their enums.
using AssumptionValue = std::variant<double, Pricing, IdlePolicy, ResaleModel, DowntimePolicy, DiscountConvention,
                                     Financing, LeaseEnd, Depreciation, TaxTiming>;

// How one assumption's value is read from and written into Assumptions, as held (the horizon and the lead time as
// doubles of whole months, choices as their enums). The table makes one per row from the member it names
// (assumption_table.cpp), as categories.hpp names each category's field, so no switch lists the keys again.
struct AssumptionAccess {
    AssumptionValue (*get)(const Assumptions& a) noexcept;
    void (*set)(Assumptions& a, const AssumptionValue& value) noexcept;  // a value of another kind is ignored
};

// The contract of one assumption: one row of the assumption table.
struct AssumptionInfo {
    AssumptionKey key;
    AssumptionAccess access;  // the member of Assumptions that holds it
    std::string_view name;    // catalogue and scenario key; the flag is "--" + name with '_' -> '-'
    AssumptionKind kind;
    double min;  // numbers only (years for the horizon)
    double max;
    bool min_exclusive;     // (min, max] rather than [min, max]
    bool build_may_set;     // a property of a machine, which a build may override (not a choice of the comparison)
    std::string_view unit;  // for humans: "h/week", "USD/kWh"; empty for fractions and choices
    std::string_view help;  // one line for --help, the man page and `gpucost init`
    AssumptionValue default_value;    // the code default, as held; equal to data/catalog.json (a test checks)
    std::string_view default_source;  // where the code default comes from: the shipped catalogue's "sources" text
    int since_schema = 1;             // the catalogue schema_version that introduced it; its default is then neutral
    bool max_exclusive = false;       // [min, max) rather than [min, max]
};

// The "from" of a value no layer gave: the code default in the assumption table.
inline constexpr std::string_view k_default_origin = "gpucost default";
// The source shown for a value a catalogue gives without a "sources" entry.
inline constexpr std::string_view k_no_source_given = "no source given";

// All assumptions in report order; row i has key AssumptionKey(i).
const std::array<AssumptionInfo, k_assumption_count>& assumption_infos() noexcept;
// The contract of one assumption.
const AssumptionInfo& info(AssumptionKey key) noexcept;
// The assumption with this catalogue key ("years" for the horizon), if any.
std::optional<AssumptionKey> find_assumption(std::string_view name) noexcept;
// Every catalogue key, for "did you mean".
std::vector<std::string> assumption_names();
// "--electricity-usd-per-kwh" for electricity_usd_per_kwh.
std::string flag_name(AssumptionKey key);
// An assumption's range, "[0, 168]", or with `with_unit` "[0, 168] h/week" (as files' messages say it).
std::string range_text(const AssumptionInfo& info, bool with_unit = false);

// Parses "on-demand", "spot", "reserved-1y", "reserved-3y".
std::optional<Pricing> parse_pricing(std::string_view text) noexcept;
// Parses "always-on", "off".
std::optional<IdlePolicy> parse_idle(std::string_view text) noexcept;
// Parses "straight-line", "curve", "none".
std::optional<ResaleModel> parse_resale(std::string_view text) noexcept;
// Parses "cover", "lost".
std::optional<DowntimePolicy> parse_downtime(std::string_view text) noexcept;
// Parses "monthly", "annual".
std::optional<DiscountConvention> parse_discounting(std::string_view text) noexcept;
// Parses "cash", "loan", "lease".
std::optional<Financing> parse_financing(std::string_view text) noexcept;
// Parses "return", "fmv", "one-dollar".
std::optional<LeaseEnd> parse_lease_end(std::string_view text) noexcept;
// Parses "none", "straight-line", "macrs-5".
std::optional<Depreciation> parse_depreciation(std::string_view text) noexcept;
// Parses "month", "year-end".
std::optional<TaxTiming> parse_tax_timing(std::string_view text) noexcept;
// Whether an assumption is written as a word (pricing, idle, resale, downtime, discounting) rather than a number.
bool is_choice(AssumptionKind kind) noexcept;
// The word of a choice value ("on-demand", "off", "curve"); empty for a number.
std::string_view choice_word(const AssumptionValue& value) noexcept;
// "on-demand, spot, reserved-1y, reserved-3y"
std::string pricing_choices();
// The valid words of a pricing or idle assumption, "always-on, off"; empty for numbers.
std::string choices_text(AssumptionKey key);

// An assumption value as typed: a number (from JSON) or a text (a flag, or a JSON string).
using AssumptionInput = std::variant<double, std::string_view>;

// What parse_assumption_value made of an input: the value as held, or why the input is not valid.
struct ParsedAssumption {
    std::optional<AssumptionValue> value;
    std::string reason;  // "must be in [1, 5], got 0.9"; empty when `value` is set
};

// How a reason names a range: flags say "[0, 168]"; files add the unit, "[0, 168] h/week".
enum class RangeWording { bare, with_unit };

// The one parser of assumption values, for catalogues, scenarios and flags: a number must be finite and in range
// (text must read as a number), the horizon in years becomes whole months (at least one), a choice must be one of
// its words. Never throws; the reason is the message after "WHERE: ".
ParsedAssumption parse_assumption_value(AssumptionKey key, AssumptionInput input,
                                        RangeWording wording = RangeWording::bare);
// The horizon in months for a number of years: round(12 Y).
int months_for_years(double years) noexcept;
// A held value in the spelling inputs use: the horizon in years (months / 12), every other value as held.
AssumptionValue input_value(AssumptionKey key, const AssumptionValue& held) noexcept;

// Some assumptions, from one place (the catalogue, a build's overrides, a scenario file, the flags).
struct AssumptionLayer {
    std::string origin;                                                       // "catalogue", "build x", "flag"
    std::array<std::optional<AssumptionValue>, k_assumption_count> values{};  // as held: the horizon in months
    std::array<SharedText, k_assumption_count> sources{};                     // where each value comes from
    std::array<std::string, k_assumption_count> origins{};  // a key's own origin when not `origin`: "overlay FILE"
    // A catalogue's layer documents its values: one given without a source resolves to k_no_source_given. A flag,
    // scenario or build layer names no sources and leaves the source of the value it replaces in place.
    bool sourced = false;

    void set(AssumptionKey key, AssumptionValue value) { values[static_cast<std::size_t>(key)] = value; }
    const std::optional<AssumptionValue>& get(AssumptionKey key) const { return values[static_cast<std::size_t>(key)]; }
    bool empty() const;
    bool operator==(const AssumptionLayer&) const = default;
};

// The assumptions in force for one comparison, and which layer gave each.
struct ResolvedAssumptions {
    Assumptions values;
    std::array<std::string, k_assumption_count> origins{};  // layer origin per key; k_default_origin when none
    // Source text of the value in force, shared with the layer (or the table) that gave it: 2,000 comparisons hold
    // one copy of each text, not 2,000 (issue 21).
    std::array<SharedText, k_assumption_count> sources{};
};

// Overlays the layers in order over the code defaults (origin k_default_origin, the table's sources), later
// layers winning key by key.
ResolvedAssumptions resolve(const std::vector<const AssumptionLayer*>& layers);
// resolve() for one build of `gpus` GPUs (issue 20): where failures_per_gpu_year is above 0 and given at the same
// layer as failures_per_machine_year or a later one, the machine's rate is failures_per_gpu_year x gpus, its origin
// and source saying so; a machine rate given at a later layer (a build's own, a scenario's, a flag) stands.
ResolvedAssumptions resolve_for_build(const std::vector<const AssumptionLayer*>& layers, std::int64_t gpus);
// Whether `r` holds a failures_per_machine_year that resolve_for_build scaled from failures_per_gpu_year.
bool failures_scaled_by_gpus(const ResolvedAssumptions& r);

// What `catalog validate --strict` demands of a catalogue's layer: every assumption given, each with a source.
// One problem per missing item: "/assumptions/KEY" for a missing value (its source with it), else
// "/assumptions/sources/KEY" for a value given without a source; empty when complete.
// A catalogue of schema_version 1 is not asked for the keys that version 2 added.
std::vector<Problem> strict_assumption_problems(const AssumptionLayer& catalogue, int schema_version = 2);

// The value of one assumption as held (pricing and idle as their enums; the horizon in months).
AssumptionValue get_value(const Assumptions& a, AssumptionKey key) noexcept;
// Sets one assumption from a value as held (what parse_assumption_value returns); a value of the wrong kind is ignored.
void set_value(Assumptions& a, AssumptionKey key, const AssumptionValue& value) noexcept;

// The value for a human: "40", "on-demand", "3 (36 months)".
std::string display_value(const Assumptions& a, AssumptionKey key);

}  // namespace gpucost
