#include "gates_json.hpp"
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/match_words.hpp"

namespace gpucost {
namespace {

// One side's categories as an object, in the engine's table order: {"hardware": 4512.0, ...}.
Json breakdown(const Comparison& c, Side side, const Currency& money) {
    Json out = Json::object();
    for (const CategoryInfo& info : categories_of(side))
        if (shows_category(info.category, c.result, c.assumptions.values))
            out[info.key] = money.from_usd(c.cost_usd(info.category));
    return out;
}

// With a tax rate, the verdict before tax (issue 24).
Json pre_tax_json(const PreTaxReading& p, const Comparison& c, const Currency& money) {
    return {{money.field("build_total_usd"), money.from_usd(p.build_total_usd)},
            {money.field("cloud_total_usd"), money.from_usd(p.cloud_total_usd)},
            {"cheaper", to_string(p.cheaper)},
            {money.field("savings_usd"), money.from_usd(p.savings_usd)},
            {"verdict", human_text(pre_tax_verdict_inline(c), money)}};
}

// The per-token API beside a comparison (issue 20): amounts in the output currency.
Json api_json(const ApiAlternative& api, const Currency& money) {
    return {{"api_offer_id", api.api_offer_id},
            {"provider", api.provider},
            {"model", api.model},
            {"api_model", api.api_model},
            {money.field("usd_per_million_input_tokens"), money.from_usd(api.usd_per_million_input_tokens)},
            {money.field("usd_per_million_output_tokens"), money.from_usd(api.usd_per_million_output_tokens)},
            {"input_tokens_per_output_token", api.input_tokens_per_output_token},
            {"output_tokens_per_month", api.output_tokens_per_month},
            {money.field("usd_per_month"), money.from_usd(api.usd_per_month)},
            {money.field("total_usd"), money.from_usd(api.total_usd)},
            {"candidates", api.candidates},
            {"source", api.source},
            {"as_of", api.as_of}};
}

// An estimated assumption that turns the verdict: {"assumption": "residual_value", "value": 0.3, "tried": 0.15,
// "cheaper": "cloud"}.
Json deciding_json(const DecidingAssumption& d) {
    return {{"assumption", std::string(info(d.key).name)},
            {"value", d.value},
            {"tried", d.tried},
            {"cheaper", to_string(d.cheaper)}};
}

// How the offer was matched: the level, the offer's tier, the best offer of each tier, and (with a workload) how
// the rental does the build's work.
Json match_json(const Comparison& c, const Currency& money) {
    Json tiers = Json::array();
    for (const TierOffer& t : c.tier_offers)
        tiers.push_back({{"tier", t.tier},
                         {"cloud_id", t.offer_id},
                         {"provider", t.provider},
                         {"gpu", t.gpu_id},
                         {"gpus_per_instance", t.gpus_per_instance},
                         {"instances", t.instances},
                         {money.field("cloud_total_usd"), money.from_usd(t.cloud_total_usd)},
                         {"chosen", t.chosen}});
    Json equivalence = nullptr;
    if (c.equivalence) {
        const WorkEquivalence& w = *c.equivalence;
        equivalence = {{"workload", w.workload_id},
                       {"workload_name", w.workload_name},
                       {"unit", w.unit},
                       {"source", w.source},
                       {"as_of", w.as_of},
                       {"build_throughput", w.build_throughput},
                       {"cloud_throughput", w.offer_throughput},
                       {"ratio", w.ratio},
                       {"equivalent_gpus", w.equivalent_gpus}};
    }
    Json scaled = nullptr;
    if (c.per_gpu_scaled) {
        const PerGpuScaled& p = *c.per_gpu_scaled;
        scaled = {{"build_gpus", p.build_gpus},
                  {"rented_gpus", p.rented_gpus},
                  {money.field("usd_per_hour"), money.from_usd(p.usd_per_hour)},
                  {money.field("cloud_total_usd"), money.from_usd(p.result.cloud.total_usd)},
                  {money.field("build_total_usd"), money.from_usd(p.result.build.total_usd)},
                  {"cheaper", to_string(p.result.cheaper)},
                  {money.field("savings_usd"), money.from_usd(p.result.savings_usd)},
                  {"break_even_hours_per_week", optional_json(p.result.break_even_hours_per_week)},
                  {"build_cheaper_above", optional_json(p.result.build_cheaper_above)}};
    }
    return {{"level", c.match_level},
            {"offer_tier", text_or_null(c.offer_tier)},
            {"tier_offers", std::move(tiers)},
            {"equivalence", std::move(equivalence)},
            {"like_for_like_size", !c.per_gpu_scaled.has_value()},
            {"per_gpu_scaled", std::move(scaled)}};
}

// The rental that stands in for the owned machine in the lead time (interim_cloud) and its downtime
// (downtime_cover), whatever the pricing (issue 20); null when no offer could.
Json backup_json(const std::optional<BackupRental>& b, const Currency& money) {
    if (!b) return nullptr;
    return {{"cloud_id", b->offer_id},
            {"provider", b->provider},
            {"instances", b->instances},
            {"pricing", to_string(b->pricing)},
            {money.field("usd_per_hour"), money.from_usd(b->usd_per_hour)},
            {"basis", b->basis},
            {"used_for", {"interim_cloud", "downtime_cover"}}};
}

// The owned machine's availability (issue 20): its downtime and the hours of use it loses.
Json availability_json(const AvailabilityReading& r) {
    return {{"downtime", to_string(r.policy)},
            {"downtime_hours_per_month", r.downtime_hours_per_month},
            {"availability", r.availability},
            {"lost_used_hours_per_month", r.lost_used_hours_per_month},
            {"lost_gpu_hours", r.policy == DowntimePolicy::lost ? Json(r.lost_gpu_hours) : Json(nullptr)}};
}

// Under a commitment, the figure that matters for it (issue 20): the use above which it beats the same offer on
// demand; null under on-demand and spot.
Json commitment_json(const std::optional<CommitmentReading>& c, const Currency& money) {
    if (!c) return nullptr;
    return {{"pricing", to_string(c->pricing)},
            {"kind", "commitment_vs_on_demand"},
            {"on_demand_price_known", c->has_on_demand_price},
            {money.field("on_demand_cloud_total_usd"),
             c->has_on_demand_price ? Json(money.from_usd(c->on_demand_cloud_total_usd)) : Json(nullptr)},
            {"beats_on_demand_above_hours_per_week", optional_json(c->beats_on_demand_above)},
            {"on_demand_cheaper_at_every_use", c->on_demand_cheaper_at_every_use}};
}

// Under spot (issue 20): how often the job stops and what re-running adds; null under other pricings.
Json spot_json(const std::optional<SpotReading>& s) {
    if (!s) return nullptr;
    return {{"instances", s->instances},
            {"job_stops_per_month", s->job_stops_per_month},
            {"interruption_overhead", s->interruption_overhead},
            {"spot_overhead", s->spot_overhead},
            {"round_the_clock_multi_gpu", s->round_the_clock_multi_gpu}};
}

Json excluded_json(const Excluded& e) {
    return {{"kind", e.kind},
            {"id", e.id},
            {"build_id", text_or_null(e.build_id)},
            {"rule", exclusion_rule_name(e.rule)},
            {"reason", e.reason}};
}

Json exclusion_count_json(const ExclusionCount& n) {
    return {{"build_id", n.build_id}, {"kind", n.kind}, {"rule", exclusion_rule_name(n.rule)}, {"count", n.count}};
}

// Each side's total at 0 and 168 h/week (linear in the hours between): the two points of the cost-vs-hours chart.
Json usage_json(const UsageRange& u, const Currency& money) {
    return {{"hours_per_week", {0.0, 168.0}},
            {money.field("build_total_usd"), {money.from_usd(u.build_at_0_usd), money.from_usd(u.build_at_168_usd)}},
            {money.field("cloud_total_usd"), {money.from_usd(u.cloud_at_0_usd), money.from_usd(u.cloud_at_168_usd)}}};
}

// The assumptions of this comparison that differ from the report's (a build's own overrides).
Json overrides_json(const Comparison& c, const Report& report) {
    Json overrides = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        if (c.assumptions.origins[k] != report.header.assumptions.origins[k])
            overrides[std::string(i.name)] = assumption_json(c.assumptions.values, i.key);
    }
    return overrides;
}

// long: one object per comparison, its keys in the contract's order, read top to bottom like the schema
Json comparison_json(const Comparison& c, const Report& report, const Currency& money) {
    const Evaluation& e = c.result;
    const auto key = [&money](std::string_view usd_name) { return money.field(usd_name); };
    const auto amount = [&money](double usd) { return money.from_usd(usd); };
    Json build = {
        {"id", c.build.id},
        {"name", c.build.name},
        {"gpu", c.build.gpu_id},
        {"gpu_count", c.build.gpu_count},
        {key("total_usd"), amount(e.build.total_usd)},
        {key("per_gpu_hour_usd"), optional_money_json(e.build_per_gpu_hour_usd, money)},
        {key("breakdown_usd"), breakdown(c, Side::build, money)},
    };
    Json cloud = {
        {"id", c.offer.id},
        {"provider", c.offer.provider},
        {"instance", c.offer.instance},
        {"region", c.offer.region},
        {"gpu", c.offer.gpu_id},
        {"gpus_per_instance", c.offer.gpus_per_instance},
        {"pricing", to_string(c.assumptions.values.pricing)},
        {"instances", e.cloud.instances},
        {"unused_gpus", e.cloud.unused_gpus},
        {key("usd_per_hour"), c.cloud_spec.billed_monthly() ? Json(nullptr) : Json(amount(c.cloud_spec.usd_per_hour))},
        {key("total_usd"), amount(e.cloud.total_usd)},
        {key("per_gpu_hour_usd"), optional_money_json(e.cloud_per_gpu_hour_usd, money)},
        {key("breakdown_usd"), breakdown(c, Side::cloud, money)},
        {"choice", c.offer_choice},
    };
    // A monthly rental (issue 20 item 6a): its price per instance and month, setup fee and minimum term.
    if (c.cloud_spec.billed_monthly())
        cloud["monthly"] = {{key("usd_per_month"), amount(c.cloud_spec.usd_per_month)},
                            {key("setup_fee_usd"), amount(c.cloud_spec.setup_fee_usd)},
                            {"min_term_months", optional_json(c.min_term_months)}};
    Json out = {
        {"build", std::move(build)},
        {"cloud", std::move(cloud)},
        {"break_even",
         {{"kind", to_string(c.reading.break_even_kind)},
          {"hours_per_week", optional_json(e.break_even_hours_per_week)},
          {"build_cheaper_above", optional_json(e.build_cheaper_above)},
          {"payback_month", optional_json(e.payback_month)},
          {"payback_month_if_sold", optional_json(e.payback_month_if_sold)}}},
        {"by_hours_per_week", usage_json(c.usage_range, money)},
        {"cheaper", to_string(e.cheaper)},
        {key("savings_usd"), amount(e.savings_usd)},
        {"verdict", verdict_text(c, money)},
        {"without_resale",
         {{"cheaper", to_string(c.reading.cheaper_without_resale)},
          {key("savings_usd"), amount(c.reading.savings_without_resale_usd)},
          {"verdict", human_text(resale_verdict_inline(c), money)}}},
        {"estimated_assumptions", c.reading.estimated},
        {"deciding_assumptions", array_of(c.reading.deciding, deciding_json)},
        {"assumption_overrides", overrides_json(c, report)},
        {"estimates", c.estimates},
        {"match", match_json(c, money)},
        {"availability", availability_json(c.availability)},
        {"backup_rental", backup_json(c.backup, money)},
        {"commitment", commitment_json(c.reading.commitment, money)},
        {"spot", spot_json(c.reading.spot)},
    };
    // Only with a tax rate (issue 24), last: a run without tax keeps its keys as they were.
    if (c.reading.pre_tax) out["pre_tax"] = pre_tax_json(*c.reading.pre_tax, c, money);
    // Only under --workload when an API serves its model (issue 20), last for the same reason.
    if (c.api) out["api"] = api_json(*c.api, money);
    return out;
}

Json gate_value_json(const GateCheck::Value& v) {
    if (const auto* number = std::get_if<double>(&v)) return *number;
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    return nullptr;
}

// The compare report's body (the envelope holds the run's header): its comparisons, the match level asked for and
// what the match left out.
Json report_body(const Report& report, const RenderOptions& options) {
    const auto comparison = [&](const Comparison& c) { return comparison_json(c, report, options.currency); };
    return {
        {"comparisons", array_of(report.comparisons, comparison)},
        {"match_level", report.match_level},
        {"excluded", array_of(report.excluded, excluded_json)},
        {"excluded_counts", array_of(report.exclusion_counts, exclusion_count_json)},
    };
}

}  // namespace

std::string render_json(const Report& report, const RenderOptions& options) {
    return envelope_text(report.header, options.currency, "report", report_body(report, options));
}

std::string render_json(const CheckReport& check, const RenderOptions& options) {
    Json body = report_body(check.report, options);
    body["checks"] = checks_json(check.checks, true);
    return envelope_text(check.report.header, options.currency, "check", std::move(body));
}

Json checks_json(const std::vector<GateCheck>& checks, bool per_comparison) {
    return array_of(checks, [per_comparison](const GateCheck& c) {
        Json check = {{"name", c.name}};
        if (per_comparison) {
            check["build_id"] = c.build_id;
            check["cloud_id"] = c.cloud_id;
        }
        check["limit"] = gate_value_json(c.limit);
        check["value"] = gate_value_json(c.value);
        check["passed"] = c.passed;
        return check;
    });
}

}  // namespace gpucost
