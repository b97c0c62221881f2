#include "gpucost/model/assumption_rules.hpp"

#include <algorithm>
#include <initializer_list>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A flag among the keys' origins makes it a usage error (exit 2); otherwise a file gave them (exit 3).
[[noreturn]] void fail(const ResolvedAssumptions& r, std::initializer_list<AssumptionKey> keys,
                       const std::string& message) {
    const bool flag = std::any_of(keys.begin(), keys.end(),
                                  [&](AssumptionKey k) { return r.origins[static_cast<std::size_t>(k)] == "flag"; });
    if (flag) throw UsageError(message);
    throw DataError(message);
}

}  // namespace

bool finance_assumption_read(AssumptionKey key, const Assumptions& a) noexcept {
    using K = AssumptionKey;
    switch (key) {
        case K::loan_rate:
        case K::loan_term_months:
        case K::down_payment: return a.financing == Financing::loan;
        case K::lease_usd_per_month:
        case K::lease_rate_factor:
        case K::lease_term_months:
        case K::lease_end: return a.financing == Financing::lease;
        case K::depreciation:
        case K::tax_life_years:
        case K::bonus_depreciation:
        case K::section_179_usd:
        case K::section_179_limit_usd:
        case K::section_179_phase_out_usd:
        case K::tax_timing: return a.tax_rate > 0.0;
        default: return true;
    }
}

void check_finance_terms(const ResolvedAssumptions& r, const std::string& build_id) {
    const Assumptions& a = r.values;
    if (a.financing != Financing::lease) return;
    using K = AssumptionKey;
    const std::string build = quote_value(build_id);
    if (a.lease_usd_per_month == 0.0 && a.lease_rate_factor == 0.0)
        fail(r, {K::financing, K::lease_usd_per_month, K::lease_rate_factor},
             fmt::format("build {}: financing lease needs its payment: give --lease-usd-per-month (the quote's "
                         "monthly payment) or --lease-rate-factor (payment per dollar of hardware); both are 0",
                         build));
    if (a.lease_end != LeaseEnd::return_equipment || a.lease_term_months == a.months) return;
    const bool longer = a.lease_term_months > a.months;
    fail(r, {K::financing, K::lease_term_months, K::lease_end, K::horizon_months},
         fmt::format(
             "build {}: lease_term_months {} {} the horizon of {} months with lease_end return ({}); "
             "choose --lease-end fmv or one-dollar (the machine is bought {}), or a term of {} months",
             build, a.lease_term_months, longer ? "runs past" : "ends before", a.months,
             longer ? fmt::format("{} payments would fall after the comparison ends", a.lease_term_months - a.months)
                    : fmt::format("months {}..{} would have no machine", a.lease_term_months + 1, a.months),
             longer ? "out at the horizon's end for the remaining payments" : "at the lease's end", a.months));
}

void check_assumption_rules(const ResolvedAssumptions& r, const std::string& build_id) {
    const Assumptions& a = r.values;
    if (a.lead_time_months >= a.months) {
        const auto lead = static_cast<std::size_t>(AssumptionKey::lead_time_months);
        const auto years = static_cast<std::size_t>(AssumptionKey::horizon_months);
        fail(r, {AssumptionKey::lead_time_months, AssumptionKey::horizon_months},
             fmt::format("build {}: lead_time_months must be in [0, {}] (below the horizon of {} months), got {} "
                         "(lead time from {}, horizon from {})",
                         quote_value(build_id), a.months - 1, a.months, a.lead_time_months, r.origins[lead],
                         r.origins[years]));
    }
    check_finance_terms(r, build_id);
}

}  // namespace gpucost
