// `rank` as JSON (docs/output.md, "rank"): full precision, null for not applicable, money fields renamed for
// another currency.
#include <nlohmann/json.hpp>

#include "gpucost/render/rank.hpp"

namespace gpucost {
namespace {

using Json = nlohmann::ordered_json;

// The rank JSON's own version; bump only with a breaking change.
constexpr int k_rank_schema_version = 1;

template <typename T>
Json optional_json(const std::optional<T>& value) {
    return value ? Json(*value) : Json(nullptr);
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

// The assumptions as compare's JSON writes them: {"hours_per_week": 40.0, ..., "years": 3.0, "months": 36, ...}.
Json assumptions_json(const Assumptions& a) {
    Json out = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const AssumptionValue v = input_value(i.key, get_value(a, i.key));
        if (const std::string_view word = choice_word(v); !word.empty())
            out[std::string(i.name)] = std::string(word);
        else if (i.kind == AssumptionKind::whole_number)
            out[std::string(i.name)] = static_cast<std::int64_t>(std::get<double>(v));
        else
            out[std::string(i.name)] = std::get<double>(v);
        if (i.key == AssumptionKey::horizon_months) out["months"] = a.months;
    }
    return out;
}

Json sources_json(const ResolvedAssumptions& r) {
    Json out = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        out[std::string(i.name)] = {{"from", r.origins[k]}, {"source", r.sources[k]}};
    }
    return out;
}

Json requirements_json(const RankReport& report) {
    const Requirements& r = report.requirements;
    Json tiers = nullptr;
    if (report.tiers) {
        tiers = Json::array();
        for (std::size_t t = 0; t < k_offer_tier_count; ++t)
            if ((*report.tiers)[t]) tiers.push_back(std::string(k_offer_tier_names[t]));
    }
    return {
        {"min_vram_gb", optional_json(r.min_vram_gb)},
        {"min_fp64_tflops", optional_json(r.min_fp64_tflops)},
        {"min_interconnect", r.min_interconnect ? Json(std::string(to_string(*r.min_interconnect))) : Json(nullptr)},
        {"min_gpus_per_instance", optional_json(r.min_gpus_per_instance)},
        {"tiers", std::move(tiers)},
        {"region", optional_json(report.region)},
        {"provider", optional_json(report.provider)}};
}

Json row_json(const RankRow& r, std::size_t rank, const Currency& money) {
    Json figures = Json::array();
    for (const Figure& f : r.figures)
        figures.push_back(
            {{"kind", f.kind}, {"id", f.id}, {"as_of", f.as_of}, {"confidence", text_or_null(f.confidence)}});
    const Assumptions& a = r.assumptions.values;
    return {{"rank", rank},
            {"kind", r.kind},
            {"id", r.id},
            {"name", r.name},
            {"gpu", r.gpu_id},
            {"gpu_name", r.gpu_name},
            {"gpu_count", r.gpu_count},
            {"tier", text_or_null(r.tier)},
            {"provider", text_or_null(r.provider)},
            {"region", text_or_null(r.region)},
            {money.field("usd_per_hour"), r.usd_per_hour ? Json(money.from_usd(*r.usd_per_hour)) : Json(nullptr)},
            {"throughput_per_gpu", r.throughput_per_gpu},
            {"hours_per_week", a.hours_per_week},
            {"months", a.months},
            {"discount_rate", a.discount_rate},
            {"used_hours", r.used_hours},
            {"work_units", r.work_units},
            {"discounted_work_units", r.discounted_work_units},
            {money.field("total_usd"), money.from_usd(r.total_usd)},
            {money.field("usd_per_million_units"),
             r.usd_per_million_units ? Json(money.from_usd(*r.usd_per_million_units)) : Json(nullptr)},
            {"figures", std::move(figures)},
            {"estimates", r.estimates}};
}

}  // namespace

std::string render_json(const RankReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    const RankWorkload& w = report.workload;
    Json rows = Json::array();
    for (std::size_t i = 0; i < report.rows.size(); ++i) rows.push_back(row_json(report.rows[i], i + 1, money));
    Json excluded = Json::array();
    for (const Excluded& e : report.excluded)
        excluded.push_back({{"kind", e.kind}, {"id", e.id}, {"reason", e.reason}});
    Json root = {
        {"schema_version", k_rank_schema_version},
        {"catalog",
         {{"as_of", report.catalog_as_of},
          {"source", report.catalog_source},
          {"oldest_figure_as_of", report.oldest_as_of}}},
        {"workload",
         {{"id", w.id},
          {"name", w.name},
          {"unit", w.rate_unit},
          {"work_unit", w.work_unit},
          {"source", w.source},
          {"as_of", w.as_of},
          {"confidence", text_or_null(w.confidence)}}},
        {"requirements", requirements_json(report)},
        {"assumptions", assumptions_json(report.assumptions.values)},
        {"assumption_sources", sources_json(report.assumptions)},
        {"rows", std::move(rows)},
        {"excluded", std::move(excluded)},
        {"warnings", report.warnings},
    };
    if (!money.is_usd()) root["currency"] = {{"code", money.code}, {"per_usd", money.per_usd}};
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpucost
