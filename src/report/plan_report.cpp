#include "gpucost/report/plan_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/plan/demand_cases.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

namespace {

// The base demand's flags: compare's shape at the assumption in force, the flags' growth, steps and burst.
plan::DemandFlags base_flags(const PlanInput& input, const plan::Supply& supply) {
    const Assumptions& a = supply.assumptions;
    plan::DemandFlags flags;
    flags.gpus = input.gpus.value_or(supply.build.gpu_count);
    flags.hours_per_week = a.hours_per_week;  // compare's shape: the assumption in force
    flags.growth_per_year = input.growth_per_year;
    for (const std::string& step : input.steps) flags.steps.push_back(plan::parse_step(step, a.months));
    flags.burst_gpus = input.burst_gpus;
    flags.burst_hours = input.burst_hours;
    return flags;
}

// The demand of flags over the horizon, or the file's months projected at the flags' growth.
plan::Demand demand_of(const PlanInput& input, const plan::Supply& supply, const plan::DemandFlags& flags) {
    const int months = supply.assumptions.months;
    if (input.history) return plan::project(*input.history, months, flags.growth_per_year);
    return plan::demand_from_flags(flags, months);
}

// The base demand at another growth.
plan::Demand grown(const PlanInput& input, const plan::Supply& supply, double growth_per_year) {
    plan::DemandFlags flags = base_flags(input, supply);
    flags.growth_per_year = growth_per_year;
    return demand_of(input, supply, flags);
}

// Each --demand-case: the base with its changes (a demand file takes growth alone); names unique, none of low,
// base and high.
void add_named_cases(const PlanInput& input, const plan::Supply& supply, std::vector<plan::DemandCase>& cases) {
    const int months = supply.assumptions.months;
    const plan::DemandFlags base = base_flags(input, supply);
    for (const std::string& text : input.demand_cases) {
        const plan::DemandCaseSpec spec = plan::parse_demand_case(text, months);
        const auto same = [&](const plan::DemandCase& c) { return c.name == spec.name; };
        if (spec.name == "low" || spec.name == "base" || spec.name == "high" ||
            std::any_of(cases.begin(), cases.end(), same))
            throw UsageError(fmt::format("--demand-case {}: the name {} is taken (low, base and high are the growth "
                                         "cases; each case needs a name of its own)",
                                         quote_value(text), quote_value(spec.name)));
        if (input.history && spec.shapes_flags())
            throw UsageError(fmt::format("--demand-case {}: a demand file gives its own shape; a case of it may "
                                         "change only growth",
                                         quote_value(text)));
        const plan::DemandFlags flags = plan::apply_case(base, spec, months);
        cases.push_back({spec.name, flags.growth_per_year, demand_of(input, supply, flags), spec.changes});
    }
}

// The demand cases low, base, high (those given), each the demand with its growth, then each --demand-case; the
// low case must not exceed the base nor the high case fall below it.
std::optional<plan::RegretTable> regret_of(const PlanInput& input, const PlanReport& r) {
    if (!input.growth_low && !input.growth_high && input.demand_cases.empty()) return std::nullopt;
    const double base = input.growth_per_year;
    if (input.growth_low && !(*input.growth_low > -1.0 && *input.growth_low <= base))
        throw UsageError(
            fmt::format("--growth-low: must be > -1 and <= --growth-per-year ({}), got {}", base, *input.growth_low));
    if (input.growth_high && !(*input.growth_high >= base))
        throw UsageError(
            fmt::format("--growth-high: must be >= --growth-per-year ({}), got {}", base, *input.growth_high));
    std::vector<plan::DemandCase> cases;
    if (input.growth_low) cases.push_back({"low", *input.growth_low, grown(input, r.supply, *input.growth_low)});
    const std::size_t at_base = cases.size();
    cases.push_back({"base", base, r.demand});
    if (input.growth_high) cases.push_back({"high", *input.growth_high, grown(input, r.supply, *input.growth_high)});
    add_named_cases(input, r.supply, cases);
    return plan::regret_table(r.supply, r.space, std::move(cases), at_base, r.strategies);
}

}  // namespace

int PlanReport::gates_exit_code() const noexcept {
    return static_cast<int>(all_passed(checks) ? ExitCode::success : ExitCode::gate_failed);
}

PlanReport build_plan_report(const Catalog& catalog, const ComparisonRequest& request, const PlanInput& input) {
    if (!request.build_id)
        throw UsageError("plan: --build ID is required: the machine the plan may own (see gpucost catalog list)");
    if (input.decide_every_months < 1)
        throw UsageError("--decide-every: must be >= 1 month, got " + std::to_string(input.decide_every_months));
    ComparisonRequest hourly = request;
    hourly.match.hourly_only = true;  // the plan prices rented hours; a monthly rental (issue 20 item 6a) has none
    Report compared = build_report(catalog, hourly);
    const Comparison& c = compared.comparisons.front();
    if (c.rental.billed_monthly())
        throw UsageError(fmt::format("plan: offer {} is rented by the month, and the plan rents by the hour; name an "
                                     "offer with an hourly price with --cloud",
                                     quote_value(c.offer.id)));
    // The plan prices each kind itself: the match is made at the rented part's pricing (on demand, or spot), and
    // the offer's commitment rates read beside.
    const Pricing rent = c.assumptions.values.pricing;
    if (rent != Pricing::on_demand && rent != Pricing::spot)
        throw UsageError(fmt::format("plan: --pricing {} does not apply: the plan rents on demand (or on spot with "
                                     "--pricing spot) and prices 1- and 3-year commitments itself",
                                     to_string(rent)));
    PlanReport r;
    r.header = std::move(compared.header);
    r.header.command = "plan";
    r.build = c.build;
    r.offer = c.offer;
    r.assumptions = c.assumptions;
    r.excluded = std::move(compared.excluded);
    plan::Supply& s = r.supply;
    s.build = c.build_spec;
    s.on_demand = c.rental;
    s.assumptions = c.assumptions.values;
    s.rent_pricing = rent;
    // Commitments are of the offer's own instances; a rental of another GPU model (n instances as one) has none.
    const auto offer = std::find_if(catalog.cloud.begin(), catalog.cloud.end(),
                                    [&](const CloudOffer& o) { return o.id == c.offer.id; });
    if (offer != catalog.cloud.end() && c.rental.gpus_per_instance == offer->gpu_count) {
        s.reserved_1y_usd_per_hour = offer->price(Pricing::reserved_1y);
        s.reserved_3y_usd_per_hour = offer->price(Pricing::reserved_3y);
    }
    r.demand_source = input.demand_source;
    r.demand = demand_of(input, s, base_flags(input, s));
    r.space = plan::every_months(s, input.decide_every_months);
    r.strategies = plan::compare_strategies(s, r.demand, r.space);
    r.regret = regret_of(input, r);
    r.monthly = input.monthly;
    return r;
}

}  // namespace gpucost
