// `rank` as JSON (docs/output.md, "rank"): full precision, null for not applicable, money fields renamed for
// another currency; written a row at a time.
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/rank.hpp"
#include "json_pieces.hpp"

namespace gpucost {
namespace {

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
    const Assumptions& a = r.assumptions->values;
    Json row = {{"rank", rank},
                {"kind", r.kind},
                {"id", r.id},
                {"name", r.name},
                {"gpu", r.gpu_id},
                {"gpu_name", r.gpu_name},
                {"gpu_count", r.gpu_count},
                {"tier", text_or_null(r.tier)},
                {"provider", text_or_null(r.provider)},
                {"region", text_or_null(r.region)},
                {money.field("usd_per_hour"), optional_money_json(r.usd_per_hour, money)},
                {"throughput_per_gpu", r.throughput_per_gpu},
                {"hours_per_week", a.hours_per_week},
                {"months", a.months},
                {"discount_rate", a.discount_rate},
                {"used_hours", r.used_hours},
                {"work_units", r.work_units},
                {"discounted_work_units", r.discounted_work_units},
                {money.field("total_usd"), money.from_usd(r.total_usd)},
                {money.field("usd_per_million_units"), optional_money_json(r.usd_per_million_units, money)},
                {"figures", std::move(figures)},
                {"estimates", r.estimates}};
    // A monthly rental's price (issue 20 item 6a): only on its rows, so other rows keep their keys.
    if (r.usd_per_month) row[money.field("usd_per_month")] = money.from_usd(*r.usd_per_month);
    // With tax, the figures before tax after the after-tax ones the ranking orders by (issue 24).
    if (r.pre_tax_total_usd) {
        row[money.field("pre_tax_total_usd")] = money.from_usd(*r.pre_tax_total_usd);
        row[money.field("pre_tax_usd_per_million_units")] = optional_money_json(r.pre_tax_usd_per_million_units, money);
    }
    return row;
}

// render_json's text, handed to `sink` a piece (about 1 MiB) at a time as the rows are written.
void write_rank_json(const RankReport& report, const RenderOptions& options, const TextSink& sink) {
    const Currency& money = options.currency;
    const RankWorkload& w = report.workload;
    JsonPieces out(sink, envelope_json(report.header, money), "rank");
    const Json workload = {{"id", w.id},
                           {"name", w.name},
                           {"unit", w.rate_unit},
                           {"work_unit", w.work_unit},
                           {"source", w.source},
                           {"as_of", w.as_of},
                           {"confidence", text_or_null(w.confidence)}};
    out.member("workload", workload);
    out.member("requirements", requirements_json(report));
    // The rows one at a time (100,000 offers: a document of every row took 200 MB; issue 21).
    out.open_array("rows");
    for (std::size_t i = 0; i < report.rows.size(); ++i) out.element(row_json(report.rows[i], i + 1, money));
    out.close_array();
    Json excluded = Json::array();
    for (const Excluded& e : report.excluded)
        excluded.push_back({{"kind", e.kind}, {"id", e.id}, {"rule", rank_rule_name(e.rule)}, {"reason", e.reason}});
    out.member("excluded", excluded);
    Json counts = Json::array();
    for (const ExclusionCount& n : report.exclusion_counts)
        counts.push_back({{"kind", n.kind}, {"rule", rank_rule_name(n.rule)}, {"count", n.count}});
    out.member("excluded_counts", counts);
    out.finish();
}

}  // namespace

std::string render_json(const RankReport& report, const RenderOptions& options) {
    return collected([&](const TextSink& sink) { write_rank_json(report, options, sink); });
}

void write_rank(const RankReport& report, Format format, const RenderOptions& options, const TextSink& sink) {
    if (format == Format::json) return write_rank_json(report, options, sink);
    if (format == Format::csv || format == Format::tsv) return write_rows(rows_of(report), format, options, sink);
    sink(render(report, format, options));
}

}  // namespace gpucost
