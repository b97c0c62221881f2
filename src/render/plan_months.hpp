// `plan --monthly`: the plan's month-by-month cash flow as rows and a table (plan_months.cpp; plan_json.cpp writes the
// rows as JSON). Private to the render layer.
#pragma once

#include "gpucost/render/plan.hpp"

namespace gpucost {

// One row per month of the plan (the last strategy), month 0 to its last: the CSV contract of docs/output.md.
RowSet plan_month_rows(const PlanReport& report);
// The same months for people: machines, commitments, purchases, running spend, resale, total, cumulative discounted.
Table plan_month_table(const PlanReport& report);

}  // namespace gpucost
