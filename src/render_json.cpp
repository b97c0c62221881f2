#include <nlohmann/json.hpp>

#include "gpucost/render.hpp"

namespace gpucost {
namespace {

using Json = nlohmann::ordered_json;

// The JSON output format; bump only with a breaking change, and say so in the README.
constexpr int k_report_schema_version = 1;

template <typename T>
Json optional_json(const std::optional<T>& value) {
    return value ? Json(*value) : Json(nullptr);
}

Json assumption_json(const Assumptions& a, AssumptionKey key) {
    const AssumptionValue v = get_value(a, key);
    if (const auto* p = std::get_if<Pricing>(&v)) return to_string(*p);
    if (const auto* idle = std::get_if<IdlePolicy>(&v)) return to_string(*idle);
    return std::get<double>(v);
}

Json assumptions_json(const Assumptions& a) {
    Json out = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        out[std::string(i.name)] = assumption_json(a, i.key);
        if (i.key == AssumptionKey::years) out["months"] = a.months;
    }
    return out;
}

Json comparison_json(const Comparison& c, const Report& report) {
    const Evaluation& e = c.result;
    Json build = {
        {"id", c.build->id},
        {"name", c.build->name},
        {"gpu", c.gpu->id},
        {"gpu_count", c.build->gpu_count},
        {"total_usd", e.build.total_usd},
        {"per_gpu_hour_usd", optional_json(e.build_per_gpu_hour_usd)},
        {"breakdown_usd",
         {{"hardware", e.build.hardware_usd},
          {"setup", e.build.setup_usd},
          {"power", e.build.power_usd},
          {"staff", e.build.staff_usd},
          {"maintenance", e.build.maintenance_usd},
          {"facility", e.build.facility_usd},
          {"resale", e.build.resale_usd}}},
    };
    Json cloud = {
        {"id", c.offer->id},
        {"provider", c.offer->provider},
        {"instance", c.offer->instance},
        {"region", c.offer->region},
        {"gpu", c.offer->gpu},
        {"gpus_per_instance", c.offer->gpu_count},
        {"pricing", to_string(c.assumptions.values.pricing)},
        {"instances", e.cloud.instances},
        {"unused_gpus", e.cloud.unused_gpus},
        {"usd_per_hour", c.cloud_spec.usd_per_hour},
        {"total_usd", e.cloud.total_usd},
        {"per_gpu_hour_usd", optional_json(e.cloud_per_gpu_hour_usd)},
        {"breakdown_usd",
         {{"compute", e.cloud.compute_usd},
          {"storage", e.cloud.storage_usd},
          {"egress", e.cloud.egress_usd},
          {"staff", e.cloud.staff_usd}}},
        {"choice", c.offer_choice},
    };
    Json overrides = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        if (c.assumptions.origins[k] != report.assumptions.origins[k])
            overrides[std::string(i.name)] = assumption_json(c.assumptions.values, i.key);
    }
    return {
        {"build", std::move(build)},
        {"cloud", std::move(cloud)},
        {"break_even",
         {{"hours_per_week", optional_json(e.break_even_hours_per_week)},
          {"build_cheaper_above", optional_json(e.build_cheaper_above)},
          {"payback_month", optional_json(e.payback_month)}}},
        {"cheaper", to_string(e.cheaper)},
        {"savings_usd", e.savings_usd},
        {"verdict", verdict_text(c)},
        {"assumption_overrides", std::move(overrides)},
        {"estimates", c.estimates},
    };
}

Json gate_value_json(const GateCheck::Value& v) {
    if (const auto* number = std::get_if<double>(&v)) return *number;
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    return nullptr;
}

// `gpucost check`: one object per gate per comparison.
Json checks_json(const std::vector<GateCheck>& checks) {
    Json out = Json::array();
    for (const GateCheck& c : checks)
        out.push_back({{"name", c.name},
                       {"build_id", c.build_id},
                       {"cloud_id", c.cloud_id},
                       {"limit", gate_value_json(c.limit)},
                       {"value", gate_value_json(c.value)},
                       {"passed", c.passed}});
    return out;
}

}  // namespace

std::string render_json(const Report& report) {
    Json origins = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        origins[std::string(i.name)] = {{"from", report.assumptions.origins[k]},
                                        {"source", report.assumptions.sources[k]}};
    }
    Json comparisons = Json::array();
    for (const Comparison& c : report.comparisons) comparisons.push_back(comparison_json(c, report));
    Json root = {
        {"schema_version", k_report_schema_version},
        {"catalog",
         {{"as_of", report.catalog_as_of},
          {"source", report.catalog_source},
          {"oldest_figure_as_of", report.oldest_as_of}}},
        {"assumptions", assumptions_json(report.assumptions.values)},
        {"assumption_sources", std::move(origins)},
        {"comparisons", std::move(comparisons)},
        {"warnings", report.warnings},
    };
    if (report.checks) root["checks"] = checks_json(*report.checks);
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpucost
