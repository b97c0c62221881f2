// The rules between assumptions that no single range can state: the machine arrives within the horizon, and a
// lease's terms fit it (issue 24; docs/finance.md).
#pragma once

#include <string>

#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// Throws UsageError (exit 2) when a flag gave one of the assumptions involved, else DataError (exit 3), naming the
// build, the values and how to mend them, when a lease has no payment (lease_usd_per_month and lease_rate_factor
// both 0) or returns its machine at another month than the horizon's end (lease_end return with lease_term_months
// other than the horizon: before it the build would have no machine, after it the payments outlive the comparison).
// Nothing to check for cash or a loan: their ranges are enough.
void check_finance_terms(const ResolvedAssumptions& r, const std::string& build_id);

// Every rule of this file for one build's assumptions: the machine must arrive within the horizon (lead_time_months
// in [0, M - 1]), then check_finance_terms(). The same exit codes: 2 when a flag gave a value involved, else 3.
void check_assumption_rules(const ResolvedAssumptions& r, const std::string& build_id);

// Whether the engine reads an assumption under `a`: a loan's terms only with financing loan, a lease's only with
// financing lease, the depreciation terms only with a tax rate above 0; every other assumption always. An
// assumption not read cannot turn a verdict, so the verdict's reading leaves it out.
bool finance_assumption_read(AssumptionKey key, const Assumptions& a) noexcept;

}  // namespace gpucost
