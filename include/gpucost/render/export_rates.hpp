// `export-rates` in the formats the GPU cost tools read (docs/export-rates.md gives the sources of both formats).
#pragma once

#include <string>
#include <string_view>

#include "gpucost/report/export_rates.hpp"

namespace gpucost {

// The tools export-rates writes for: "opencost", "skypilot".
inline constexpr std::string_view k_rate_targets[] = {"opencost", "skypilot"};

// OpenCost's custom pricing file (its CustomPricing JSON, as configs/default.json): "provider": "custom", every
// price a string-encoded number per hour; the GPU price (and spotGPU) is the rate, and CPU, RAM and storage are
// "0" because the rate already holds the whole machine.
std::string opencost_pricing_json(const RateExport& rates);

// SkyPilot's Kubernetes pricing (~/.sky/config.yaml): kubernetes.pricing.accelerators.<accelerator>, US dollars
// per accelerator-hour, all-in; a comment above it says what the rate rests on.
std::string skypilot_pricing_yaml(const RateExport& rates);

}  // namespace gpucost
