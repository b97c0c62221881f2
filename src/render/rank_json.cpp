// `rank` as JSON (docs/output.md, "rank") and as rows (CSV, TSV): one row per build or offer, in rank order, from one
// list of columns, so the two read each figure alike. Full precision, null (an empty cell) for not applicable, money
// fields renamed for another currency; written a row at a time.
#include <iterator>
#include <vector>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/rank.hpp"
#include "json_pieces.hpp"

namespace gpucost {
namespace {

// One row of the ranking with what its columns read besides the row.
struct RankLine {
    const RankReport* report;
    const RankRow* row;
    long long rank;  // 1-based
};

const Assumptions& assumed(const RankLine& l) { return l.row->assumptions->values; }

// A column of the CSV contract (docs/output.md), of the JSON row, or of both: the two orders agree, so one list in
// that order holds both, and a new CSV column is appended to it.
struct RankColumn {
    enum class In { both, csv, json };
    const char* name;
    Field (*value)(const RankLine& line);
    In in = In::both;
};

// Money columns are named in US dollars; the writers rename them for another currency.
constexpr RankColumn k_columns[] = {
    {"rank", [](const RankLine& l) { return Field::of_count(l.rank); }},
    {"kind", [](const RankLine& l) { return Field::of_text(l.row->kind); }},
    {"id", [](const RankLine& l) { return Field::of_text(l.row->id); }},
    {"name", [](const RankLine& l) { return Field::of_text(l.row->name); }},
    {"gpu", [](const RankLine& l) { return Field::of_text(l.row->gpu_id); }},
    {"gpu_name", [](const RankLine& l) { return Field::of_text(l.row->gpu_name); }, RankColumn::In::json},
    {"gpu_count", [](const RankLine& l) { return Field::of_count(l.row->gpu_count); }},
    {"tier", [](const RankLine& l) { return Field::of_nonempty_text(l.row->tier); }},
    {"provider", [](const RankLine& l) { return Field::of_nonempty_text(l.row->provider); }},
    {"region", [](const RankLine& l) { return Field::of_nonempty_text(l.row->region); }},
    {"pricing",
     [](const RankLine& l) {
         if (l.row->kind != "cloud") return Field::missing();
         // A monthly rental is billed by the month whatever --pricing says (issue 20 item 6a).
         return Field::of_text(l.row->usd_per_month ? "monthly" : to_string(assumed(l).pricing));
     },
     RankColumn::In::csv},
    {"usd_per_hour", [](const RankLine& l) { return Field::of_money(l.row->usd_per_hour); }},
    {"workload", [](const RankLine& l) { return Field::of_text(l.report->workload.id); }, RankColumn::In::csv},
    {"unit", [](const RankLine& l) { return Field::of_text(l.report->workload.rate_unit); }, RankColumn::In::csv},
    {"throughput_per_gpu", [](const RankLine& l) { return Field::of_number(l.row->throughput_per_gpu); }},
    {"hours_per_week", [](const RankLine& l) { return Field::of_number(assumed(l).hours_per_week); }},
    {"months", [](const RankLine& l) { return Field::of_count(assumed(l).months); }},
    {"discount_rate", [](const RankLine& l) { return Field::of_number(assumed(l).discount_rate); }},
    {"used_hours", [](const RankLine& l) { return Field::of_number(l.row->used_hours); }},
    {"work_units", [](const RankLine& l) { return Field::of_number(l.row->work_units); }},
    {"discounted_work_units", [](const RankLine& l) { return Field::of_number(l.row->discounted_work_units); }},
    {"total_usd", [](const RankLine& l) { return Field::of_money(l.row->total_usd); }},
    {"usd_per_million_units", [](const RankLine& l) { return Field::of_money(l.row->usd_per_million_units); }},
    {"estimate", [](const RankLine& l) { return Field::of_boolean(!l.row->estimates.empty()); }, RankColumn::In::csv},
};

// With a tax rate above 0 (issue 24), the figures before tax after the contract's columns, as compare adds its own.
constexpr RankColumn k_pre_tax_columns[] = {
    {"pre_tax_total_usd", [](const RankLine& l) { return Field::of_money(l.row->pre_tax_total_usd); }},
    {"pre_tax_usd_per_million_units",
     [](const RankLine& l) { return Field::of_money(l.row->pre_tax_usd_per_million_units); }},
};

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

// The JSON row: its columns, then the figures it rests on and their estimates, then the members only some rows have.
Json row_json(const RankLine& line, const Currency& money) {
    const RankRow& r = *line.row;
    Json row = Json::object();
    const auto put = [&](const RankColumn& c) { row[money.field(c.name)] = json_of_field(c.value(line), money); };
    for (const RankColumn& c : k_columns)
        if (c.in != RankColumn::In::csv) put(c);
    row["figures"] = array_of(r.figures, [](const Figure& f) -> Json {
        return {{"kind", f.kind}, {"id", f.id}, {"as_of", f.as_of}, {"confidence", text_or_null(f.confidence)}};
    });
    row["estimates"] = r.estimates;
    // A monthly rental's price (issue 20 item 6a): only on its rows, so other rows keep their keys.
    if (r.usd_per_month) row[money.field("usd_per_month")] = money.from_usd(*r.usd_per_month);
    // With tax, the figures before tax after the after-tax ones the ranking orders by (issue 24).
    if (r.pre_tax_total_usd)
        for (const RankColumn& c : k_pre_tax_columns) put(c);
    return row;
}

// render_json's text, handed to `sink` a piece (about 1 MiB) at a time as the rows are written.
void write_rank_json(const RankReport& report, const RenderOptions& options, const TextSink& sink) {
    const Currency& money = options.currency;
    const RankWorkload& w = report.workload;
    JsonPieces out(sink, envelope_json(report.header, money), "rank");
    out.member("workload", {{"id", w.id},
                            {"name", w.name},
                            {"unit", w.rate_unit},
                            {"work_unit", w.work_unit},
                            {"source", w.source},
                            {"as_of", w.as_of},
                            {"confidence", text_or_null(w.confidence)}});
    out.member("requirements", requirements_json(report));
    // The rows one at a time (100,000 offers: a document of every row took 200 MB; issue 21).
    out.open_array("rows");
    for (std::size_t i = 0; i < report.rows.size(); ++i)
        out.element(row_json({&report, &report.rows[i], static_cast<long long>(i + 1)}, money));
    out.close_array();
    out.member("excluded", array_of(report.excluded, [](const Excluded& e) -> Json {
                   return {{"kind", e.kind}, {"id", e.id}, {"rule", rank_rule_name(e.rule)}, {"reason", e.reason}};
               }));
    out.member("excluded_counts", array_of(report.exclusion_counts, [](const ExclusionCount& n) -> Json {
                   return {{"kind", n.kind}, {"rule", rank_rule_name(n.rule)}, {"count", n.count}};
               }));
    out.finish();
}

}  // namespace

RowSet rows_of(const RankReport& report) {
    // Made as they are written: 30,000 rows held as fields took 30 MB (issue 21).
    std::vector<RankColumn> columns;
    for (const RankColumn& c : k_columns)
        if (c.in != RankColumn::In::json) columns.push_back(c);
    if (report.header.assumptions.values.tax_rate > 0.0)
        columns.insert(columns.end(), std::begin(k_pre_tax_columns), std::end(k_pre_tax_columns));
    RowSet set;
    for (const RankColumn& c : columns) set.columns.push_back({c.name, false});
    set.more = [&report, columns](const RowEmit& emit) {
        std::vector<Field> row;
        for (std::size_t i = 0; i < report.rows.size(); ++i) {
            const RankLine line{&report, &report.rows[i], static_cast<long long>(i + 1)};
            row.clear();
            for (const RankColumn& c : columns) row.push_back(c.value(line));
            emit(row);
        }
    };
    return set;
}

std::string render_json(const RankReport& report, const RenderOptions& options) {
    return collected([&](const TextSink& sink) { write_rank_json(report, options, sink); });
}

void write_rank(const RankReport& report, Format format, const RenderOptions& options, const TextSink& sink) {
    if (format == Format::json) return write_rank_json(report, options, sink);
    if (format == Format::csv || format == Format::tsv) return write_rows(rows_of(report), format, options, sink);
    sink(render(report, format, options));
}

}  // namespace gpucost
