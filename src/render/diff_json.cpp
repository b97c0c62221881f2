// `diff` as JSON (docs/output.md, "diff"; docs/diff.schema.json): the envelope of the newer run, then "diff" with
// both runs, the summary counts, the assumptions that differ and every build, at full precision, null for absent.
#include "gpucost/render/diff.hpp"
#include "gpucost/render/envelope_json.hpp"

namespace gpucost {
namespace {

Json run_json(const DiffRun& run) {
    return {{"file", run.file},
            {"command", run.command},
            {"tool_version", run.tool_version},
            {"catalog", {{"as_of", run.catalog_as_of}, {"source", run.catalog_source}}}};
}

Json comparison_json(const std::optional<RunComparison>& run, const Currency& money) {
    if (!run) return nullptr;
    return {{"offer_id", run->offer_id},
            {"cheaper", run->build_cheaper ? "build" : "cloud"},
            {money.field("build_total_usd"), money.from_usd(run->build_total_usd)},
            {money.field("cloud_total_usd"), money.from_usd(run->cloud_total_usd)},
            {money.field("owning_saves_usd"), money.from_usd(owning_saves_usd(*run))},
            {"break_even_hours_per_week", optional_json(run->break_even_hours)},
            {"build_cheaper_above", run->build_cheaper_above},
            {"payback_month", optional_json(run->payback_month)}};
}

Json change_json(const BuildDiff& b, const Currency& money) {
    if (!b.before || !b.after) return nullptr;
    const RunComparison& was = *b.before;
    const RunComparison& now = *b.after;
    const auto moved = [](const std::optional<double>& x, const std::optional<double>& y) {
        return x && y ? Json(*y - *x) : Json(nullptr);
    };
    return {{money.field("build_total_usd"), money.from_usd(now.build_total_usd - was.build_total_usd)},
            {money.field("cloud_total_usd"), money.from_usd(now.cloud_total_usd - was.cloud_total_usd)},
            {money.field("owning_saves_usd"), money.from_usd(owning_saves_usd(now) - owning_saves_usd(was))},
            {"break_even_hours_per_week", moved(was.break_even_hours, now.break_even_hours)},
            {"payback_months", moved(was.payback_month, now.payback_month)}};
}

Json assumption_change_json(const DiffReport& report, const AssumptionChange& c) {
    const std::size_t k = static_cast<std::size_t>(c.key);
    return {{"key", std::string(info(c.key).name)},
            {"before", c.in_before ? assumption_json(report.before.assumptions.values, c.key) : Json(nullptr)},
            {"after", c.in_after ? assumption_json(report.after.assumptions.values, c.key) : Json(nullptr)},
            {"before_from", c.in_before ? Json(report.before.assumptions.origins[k]) : Json(nullptr)},
            {"after_from", c.in_after ? Json(report.after.assumptions.origins[k]) : Json(nullptr)}};
}

}  // namespace

int json_schema_version() noexcept { return k_json_schema_version; }

std::string render_json(const DiffReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    const DiffCounts n = diff_counts(report);
    Json assumptions = Json::array();
    for (const AssumptionChange& c : report.assumptions) assumptions.push_back(assumption_change_json(report, c));
    Json builds = Json::array();
    for (const BuildDiff& b : report.builds)
        builds.push_back({{"build_id", b.build_id},
                          {"build_name", b.build_name},
                          {"status", to_string(b.status)},
                          {"verdict_flipped", b.verdict_flipped},
                          {"offer_changed", b.offer_changed},
                          {"before", comparison_json(b.before, money)},
                          {"after", comparison_json(b.after, money)},
                          {"change", change_json(b, money)}});
    Json body = {{"before", run_json(report.before)},
                 {"after", run_json(report.after)},
                 {"summary",
                  {{"builds_changed", n.changed},
                   {"builds_unchanged", n.unchanged},
                   {"builds_added", n.added},
                   {"builds_removed", n.removed},
                   {"verdict_flips", n.flipped},
                   {"assumptions_changed", report.assumptions.size()}}},
                 {"assumptions", std::move(assumptions)},
                 {"builds", std::move(builds)}};
    return envelope_text(report.header, money, "diff", std::move(body));
}

}  // namespace gpucost
