#include "gpucost/report/export_rates.hpp"

#include <fmt/format.h>

#include "gpucost/util/error.hpp"

namespace gpucost {

RateExport rate_export(const Report& report, const std::string& accelerator, const std::string& gpu_alias) {
    if (report.comparisons.size() != 1)
        throw DataError(fmt::format("export-rates: one build's rate at a time; the report holds {} comparisons: "
                                    "name one with --build ID",
                                    report.comparisons.size()));
    const Comparison& c = report.comparisons.front();
    RateExport r;
    r.header = report.header;
    r.header.command = "export-rates";
    r.build = c.build;
    r.accelerator = !accelerator.empty() ? accelerator : !gpu_alias.empty() ? gpu_alias : c.build.gpu_id;
    r.hours_per_week = c.assumptions.values.hours_per_week;
    r.months = c.assumptions.values.months;
    r.build_total_usd = c.result.build.total_usd;
    // The engine's own figure (compare's "per GPU-hour used"): the total over every GPU-hour of use.
    r.used_gpu_hours = static_cast<double>(c.build.gpu_count) * c.result.used_hours_per_month * r.months;
    r.usd_per_gpu_hour = c.result.build_per_gpu_hour_usd;
    if (!r.usd_per_gpu_hour)
        throw DataError(fmt::format("export-rates: {} is used 0 hours a week, so it has no cost per hour of use: "
                                    "give --hours-per-week",
                                    c.build.id));
    return r;
}

}  // namespace gpucost
