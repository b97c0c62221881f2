// The cash flow as JSON: each comparison's totals to check the sums against, then every flow at full precision.
#include <nlohmann/json.hpp>

#include "gpucost/render/render.hpp"

namespace gpucost {

namespace {
using Json = nlohmann::ordered_json;
// The cashflow JSON format; bump only with a breaking change, and say so in docs/output.md.
constexpr int k_cash_flow_schema_version = 1;
}  // namespace

std::string render_cash_flow_json(const CashFlowReport& cash_flow, const RenderOptions& options) {
    const Report& report = cash_flow.report;
    const Currency& money = options.currency;
    Json comparisons = Json::array();
    Json rows = Json::array();
    for (const Comparison& c : report.comparisons) {
        comparisons.push_back({{"build_id", c.build.id},
                               {"cloud_id", c.offer.id},
                               {"months", c.assumptions.values.months},
                               {"discount_rate", c.assumptions.values.discount_rate},
                               {money.field("build_total_usd"), money.from_usd(c.result.build.total_usd)},
                               {money.field("cloud_total_usd"), money.from_usd(c.result.cloud.total_usd)},
                               {"match_level", c.match_level},
                               {"cloud_tier", c.offer_tier.empty() ? Json(nullptr) : Json(c.offer_tier)}});
        for (const CashFlow& f : c.cash_flow.flows)
            rows.push_back({{"build_id", c.build.id},
                            {"cloud_id", c.offer.id},
                            {"month", f.month},
                            {"side", to_string(f.side)},
                            {"category", category_info(f.category).key},
                            {money.field("amount_usd"), money.from_usd(f.amount_usd)},
                            {money.field("cumulative_usd"), money.from_usd(f.cumulative_usd)}});
    }
    Json root = {{"schema_version", k_cash_flow_schema_version},
                 {"catalog", {{"as_of", report.catalog_as_of}, {"source", report.catalog_source}}}};
    if (!money.is_usd()) root["currency"] = {{"code", money.code}, {"per_usd", money.per_usd}};
    root["comparisons"] = std::move(comparisons);
    root["rows"] = std::move(rows);
    root["warnings"] = report.warnings;
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpucost
