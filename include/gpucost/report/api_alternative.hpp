// The per-token API beside a comparison (issue 20): what the build's work costs through a hosted open model.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "gpucost/engine/matching.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/rank.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// The cheapest api offer (by total over the horizon) serving `workload`'s model that attests every compliance
// attribute of `required` and of the build's own "require"; empty without a workload, without a model, without the
// build GPU's throughput, or when no api offer serves it. Tokens: g x T_b x 3,600 generated tokens per used hour, and
// the workload's input_tokens_per_output_token prompt tokens for each; the total is discounted as the engine
// discounts the hours of use (discounted_units).
std::optional<ApiAlternative> api_alternative(const Catalog& catalog, const Build& build, const Workload* workload,
                                              const Requirements& required, const Assumptions& a);

// rank's rows for the api offers serving `workload`'s model that attest every attribute of `required` (kind "api",
// no GPUs): each prices one million generated tokens, its output price plus the workload's prompt tokens for each at
// the input price; empty when the workload names no model.
std::vector<RankRow> api_rank_rows(const Catalog& catalog, const Workload& workload, const Requirements& required,
                                   const std::shared_ptr<const ResolvedAssumptions>& assumptions);

}  // namespace gpucost
