// OpenCost's custom pricing, from the owned machine's rate. Field names and types: opencost/opencost,
// pkg/cloud/models/models.go (CustomPricing, at 06bf2da2c10bc375c056338e72c2fd7650bb9e5a); values per hour as in
// its configs/default.json (at 0d1f69cc975b293bfc8e4d26e71880c8bddb8895).
#include <fmt/format.h>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/export_rates.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

std::string opencost_pricing_json(const RateExport& r) {
    // OpenCost reads every price as a string-encoded float (Go's strconv.ParseFloat): the shortest exact text.
    const std::string rate = exact_number(r.usd_per_gpu_hour.value());
    const Json pricing = {
        {"provider", "custom"},
        {"description",
         fmt::format("gpucost export-rates: {} ({} x {}) fully loaded at {} h/week over {} months, US dollars per "
                     "GPU-hour; CPU, RAM and storage are inside the GPU price",
                     r.build.id, r.build.gpu_count, r.build.gpu_id, exact_number(r.hours_per_week), r.months)},
        {"CPU", "0"},
        {"spotCPU", "0"},
        {"RAM", "0"},
        {"spotRAM", "0"},
        {"GPU", rate},
        {"spotGPU", rate},
        {"storage", "0"},
    };
    return json_text(pricing);
}

}  // namespace gpucost
