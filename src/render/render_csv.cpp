#include <array>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// The column order is a public contract (README, docs/): add new columns at the end only.
constexpr std::array<const char*, 36> k_columns = {"build_id",
                                                   "build_name",
                                                   "gpu",
                                                   "gpu_count",
                                                   "pricing",
                                                   "hours_per_week",
                                                   "months",
                                                   "build_total_usd",
                                                   "build_per_gpu_hour_usd",
                                                   "build_hardware_usd",
                                                   "build_setup_usd",
                                                   "build_power_usd",
                                                   "build_staff_usd",
                                                   "build_maintenance_usd",
                                                   "build_facility_usd",
                                                   "build_resale_usd",
                                                   "cloud_id",
                                                   "cloud_provider",
                                                   "cloud_instance",
                                                   "cloud_region",
                                                   "cloud_gpus_per_instance",
                                                   "cloud_instances",
                                                   "cloud_unused_gpus",
                                                   "cloud_usd_per_hour",
                                                   "cloud_total_usd",
                                                   "cloud_per_gpu_hour_usd",
                                                   "cloud_compute_usd",
                                                   "cloud_storage_usd",
                                                   "cloud_egress_usd",
                                                   "cloud_staff_usd",
                                                   "break_even_hours_per_week",
                                                   "build_cheaper_above",
                                                   "payback_month",
                                                   "cheaper",
                                                   "savings_usd",
                                                   "estimates"};

std::string number(double value) { return exact_number(value); }
std::string number(std::int64_t value) { return std::to_string(value); }
std::string number(const std::optional<double>& value) { return value ? exact_number(*value) : ""; }
std::string number(const std::optional<int>& value) { return value ? std::to_string(*value) : ""; }
std::string boolean(const std::optional<bool>& value) { return value ? (*value ? "true" : "false") : ""; }

}  // namespace

std::string render_csv(const Report& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    std::vector<std::string> header;
    for (const char* column : k_columns) header.push_back(money.field(column));  // build_total_usd -> _eur
    std::string out = fmt::format("{}\n", fmt::join(header, ","));
    const auto amount = [&money](double usd) { return number(money.from_usd(usd)); };
    const auto optional_amount = [&money](const std::optional<double>& usd) {
        return usd ? number(money.from_usd(*usd)) : std::string();
    };
    for (const Comparison& c : report.comparisons) {
        const Evaluation& e = c.result;
        const Assumptions& a = c.assumptions.values;
        const std::array<std::string, k_columns.size()> row = {
            csv_field(c.build.id),
            csv_field(c.build.name),
            csv_field(c.build.gpu_id),
            number(c.build.gpu_count),
            to_string(a.pricing),
            number(a.hours_per_week),
            std::to_string(a.months),
            amount(e.build.total_usd),
            optional_amount(e.build_per_gpu_hour_usd),
            amount(e.build.hardware_usd),
            amount(e.build.setup_usd),
            amount(e.build.power_usd),
            amount(e.build.staff_usd),
            amount(e.build.maintenance_usd),
            amount(e.build.facility_usd),
            amount(e.build.resale_usd),
            csv_field(c.offer.id),
            csv_field(c.offer.provider),
            csv_field(c.offer.instance),
            csv_field(c.offer.region),
            number(c.offer.gpus_per_instance),
            number(e.cloud.instances),
            number(e.cloud.unused_gpus),
            amount(c.cloud_spec.usd_per_hour),
            amount(e.cloud.total_usd),
            optional_amount(e.cloud_per_gpu_hour_usd),
            amount(e.cloud.compute_usd),
            amount(e.cloud.storage_usd),
            amount(e.cloud.egress_usd),
            amount(e.cloud.staff_usd),
            number(e.break_even_hours_per_week),
            boolean(e.build_cheaper_above),
            number(e.payback_month),
            to_string(e.cheaper),
            amount(e.savings_usd),
            csv_field(fmt::format("{}", fmt::join(c.estimate_ids, ";")))};
        out += fmt::format("{}\n", fmt::join(row, ","));
    }
    return out;
}

}  // namespace gpucost
