// The gates' results as JSON, one writer for check and plan (docs/output.md): name, then the comparison's build and
// cloud ids for check, then limit, value and passed; in USD whatever --currency says.
#pragma once

#include <vector>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/report/gates.hpp"

namespace gpucost {

// `per_comparison`: check's gates are per comparison and name its build_id and cloud_id; plan's are the plan's.
Json checks_json(const std::vector<GateCheck>& checks, bool per_comparison);

}  // namespace gpucost
