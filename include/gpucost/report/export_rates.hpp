// `gpucost export-rates`: the owned machine's fully loaded cost per GPU-hour at the planned use, for the tools that
// allocate GPU cost (OpenCost's custom pricing, SkyPilot's Kubernetes pricing), which show $0 for on-premises GPUs
// unless given a rate.
#pragma once

#include <optional>
#include <string>

#include "gpucost/report/report.hpp"

namespace gpucost {

// One build's rate and what it rests on.
struct RateExport {
    RunHeader header;
    BuildLabel build;
    std::string accelerator;  // the name SkyPilot keys the rate by: --accelerator, else the GPU's first alias
    double hours_per_week = 0;
    int months = 0;
    double build_total_usd = 0;              // the build's discounted total over the horizon, every category
    double used_gpu_hours = 0;               // GPUs x u x M, u = hours_per_week x 730 / 168
    std::optional<double> usd_per_gpu_hour;  // build_total_usd / used_gpu_hours; empty at 0 hours a week
};

// The rate of the one comparison of `report` (a report made for one build). `accelerator` names the GPU for
// SkyPilot; empty: `gpu_alias`, else the GPU id. Throws DataError when the report does not hold exactly one
// comparison, and when the build is not used (0 hours a week: no rate per hour of use).
RateExport rate_export(const Report& report, const std::string& accelerator, const std::string& gpu_alias);

}  // namespace gpucost
