// The JSON contracts of sensitivity, sweep and simulate (docs/uncertainty.md): full precision, null for none,
// money keys renamed with --currency.
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost {
namespace {

Json range_json(const RangeRow& r) {
    return {{"address", r.address},
            {"low", r.range.low},
            {"high", r.range.high},
            {"mode", optional_json(r.range.mode)},
            {"dist", to_string(r.range.dist)},
            {"origin", r.origin}};
}

Json label_json(const ComparisonLabel& l, const Currency& money) {
    return {{"build", {{"id", l.build.id}}},
            {"cloud", {{"id", l.offer.id}}},
            {money.field("point_owning_saves_usd"), money.from_usd(l.owning_saves_usd)},
            {"point_cheaper", to_string(l.cheaper)}};
}

// Each comparison's label with its rows under `key`: as many as its `lines`, in the order of rows_of(). The CSV rows
// are the bodies' rows too, each an object of its fields after the build and cloud ids.
template <typename Comparison, typename Lines>
Json comparisons_json(const std::vector<Comparison>& comparisons, const RowSet& rows, const char* key,
                      Lines Comparison::*lines, const Currency& money) {
    std::size_t next = 0;
    Json out = Json::array();
    for (const Comparison& c : comparisons) {
        Json item = label_json(c.label, money);
        item[key] = Json::array();
        for (const std::size_t end = next + (c.*lines).size(); next < end; ++next)
            item[key].push_back(fields_json(rows, rows.rows[next], money, 2, rows.columns.size()));
        out.push_back(std::move(item));
    }
    return out;
}

// The owning_saves_usd histogram (analysis/histogram.hpp): edges converted like every amount, counts as drawn.
Json histogram_json(const HistogramCounts& h, const Currency& money) {
    return {{"figure", money.field("owning_saves_usd")},
            {money.field("low_usd"), money.from_usd(h.low)},
            {money.field("high_usd"), money.from_usd(h.high)},
            {money.field("bin_width_usd"), money.from_usd(h.width)},
            {"edges", array_of(h.edges, [&money](double e) { return money.from_usd(e); })},
            {"counts", h.counts},
            {"underflow", h.underflow},
            {"overflow", h.overflow}};
}

}  // namespace

std::string render_json(const SensitivityReport& r, const RenderOptions& o) {
    Json out = {{"ranges", array_of(r.ranges, range_json)}};
    out["comparisons"] =
        comparisons_json(r.comparisons, rows_of(r), "tornado", &SensitivityComparison::rows, o.currency);
    return envelope_text(r.header, o.currency, "sensitivity", std::move(out));
}

std::string render_json(const SweepReport& r, const RenderOptions& o) {
    Json vary = Json::array();
    for (std::size_t i = 0; i < r.addresses.size(); ++i)
        vary.push_back({{"address", r.addresses[i]}, {"values", r.values[i]}});
    Json out = {{"vary", std::move(vary)}};
    out["comparisons"] = comparisons_json(r.comparisons, rows_of(r), "rows", &SweepComparison::cells, o.currency);
    return envelope_text(r.header, o.currency, "sweep", std::move(out));
}

std::string render_json(const SimulationReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    Json out = {{"draws", r.draws}, {"seed", r.seed}, {"ranges", array_of(r.ranges, range_json)}};
    // A CSV row per figure of each comparison: build_id, cloud_id, figure, p5 ... p95, mean (columns 3-8), share.
    const RowSet rows = rows_of(r);
    const std::size_t figures = r.comparisons.empty() ? 0 : rows.rows.size() / r.comparisons.size();
    std::size_t next = 0;
    Json comparisons = Json::array();
    for (const SimulationComparison& c : r.comparisons) {
        const SimulationResult& s = c.result;
        Json item = label_json(c.label, money);
        item["ranged"] = c.ranged;
        // Every draw has a total (money); a break-even or payback only some, so those say in what share of them.
        for (const std::size_t end = next + figures; next < end; ++next) {
            const std::vector<Field>& line = rows.rows[next];
            item[money.field(line[2].text)] =
                fields_json(rows, line, money, 3, line[2].text.ends_with("_usd") ? 9 : 10);
        }
        item["histogram"] = histogram_json(s.owning_saves_histogram, money);
        item["p_build_cheaper"] = s.p_build_cheaper;
        item["p_cloud_cheaper"] = s.p_cloud_cheaper;
        comparisons.push_back(std::move(item));
    }
    out["comparisons"] = std::move(comparisons);
    return envelope_text(r.header, money, "simulation", std::move(out));
}

}  // namespace gpucost
