// Every build's assumptions resolved over the layers the builds share (issue 21's start-up): the layers below a
// build's own are resolved once, and each build's resolution starts from that result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// A machine failure rate scaled from a per-GPU rate (resolve_for_build): the origin and source it is given, for the
// GPU count and the per-GPU rate, origin and source it was scaled from.
struct ScaledFailures {
    std::int64_t gpus = 0;
    double per_gpu = 0.0;
    std::string per_gpu_origin;
    SharedText per_gpu_source;
    std::string origin;
    SharedText source;
};

// resolve_for_build() for many builds over the same layers below and above each build's own, to the byte.
// The layers must outlive the resolver; one resolver serves one request.
class BuildResolver {
public:
    // `below`: the layers under each build's own, weakest first (the catalogue's); `above`: those over it (the
    // scenario's, the flags').
    BuildResolver(const std::vector<const AssumptionLayer*>& below, const std::vector<const AssumptionLayer*>& above);

    // resolve_for_build(below + {&build} + above, gpus).
    ResolvedAssumptions resolve(const AssumptionLayer& build, std::int64_t gpus);
    // resolve(), made in `out` (a comparison's own, which then need not be moved there).
    void resolve_into(const AssumptionLayer& build, std::int64_t gpus, ResolvedAssumptions& out);

private:
    const ScaledFailures& scaled_for(const ResolvedAssumptions& r, std::int64_t gpus);

    ResolvedAssumptions m_below;                  // resolve(below)
    std::vector<const AssumptionLayer*> m_above;  // the build's own layer first, then `above`
    std::vector<const AssumptionLayer*> m_all;    // below, the build's own, above: for the failures rule
    std::size_t m_own = 0;                        // the build's own layer's place in m_all
    std::vector<ScaledFailures> m_scaled;         // made so far, one per GPU count (and per-GPU rate)
};

}  // namespace gpucost
