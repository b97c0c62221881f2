// The JSON contracts of sensitivity, sweep and simulate (docs/uncertainty.md): full precision, null for none,
// money keys renamed with --currency.
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost {
namespace {

Json ranges_json(const std::vector<RangeRow>& ranges) {
    Json out = Json::array();
    for (const RangeRow& r : ranges)
        out.push_back({{"address", r.address},
                       {"low", r.range.low},
                       {"high", r.range.high},
                       {"mode", r.range.mode ? Json(*r.range.mode) : Json(nullptr)},
                       {"dist", to_string(r.range.dist)},
                       {"origin", r.origin}});
    return out;
}

Json label_json(const ComparisonLabel& l, const Currency& money) {
    return {{"build", {{"id", l.build.id}}},
            {"cloud", {{"id", l.offer.id}}},
            {money.field("point_owning_saves_usd"), money.from_usd(l.owning_saves_usd)},
            {"point_cheaper", to_string(l.cheaper)}};
}

// {"p5", "p10", "p50", "p90", "p95", "mean"}, each converted when money; nulls when no draw has the figure.
Json summary_json(const Summary& s, bool money, const Currency& currency) {
    static constexpr std::array<const char*, 5> names = {"p5", "p10", "p50", "p90", "p95"};
    Json out = Json::object();
    const auto value = [&](double v) { return s.count == 0 ? Json(nullptr) : Json(money ? currency.from_usd(v) : v); };
    for (std::size_t q = 0; q < names.size(); ++q) out[names[q]] = value(s.quantiles[q]);
    out["mean"] = value(s.mean);
    return out;
}

// The owning_saves_usd histogram (analysis/histogram.hpp): edges converted like every amount, counts as drawn.
Json histogram_json(const HistogramCounts& h, const Currency& money) {
    Json edges = Json::array();
    for (const double e : h.edges) edges.push_back(money.from_usd(e));
    return {{"figure", money.field("owning_saves_usd")},
            {money.field("low_usd"), money.from_usd(h.low)},
            {money.field("high_usd"), money.from_usd(h.high)},
            {money.field("bin_width_usd"), money.from_usd(h.width)},
            {"edges", std::move(edges)},
            {"counts", h.counts},
            {"underflow", h.underflow},
            {"overflow", h.overflow}};
}

}  // namespace

std::string render_json(const SensitivityReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    Json out = Json::object();
    out["ranges"] = ranges_json(r.ranges);
    Json comparisons = Json::array();
    for (const SensitivityComparison& c : r.comparisons) {
        Json item = label_json(c.label, money);
        Json rows = Json::array();
        for (const TornadoRow& t : c.rows)
            rows.push_back({{"address", t.address},
                            {"low", t.low},
                            {"high", t.high},
                            {"point", t.point},
                            {money.field("owning_saves_at_low_usd"), money.from_usd(t.owning_saves_at_low_usd)},
                            {money.field("owning_saves_at_high_usd"), money.from_usd(t.owning_saves_at_high_usd)},
                            {money.field("swing_usd"), money.from_usd(t.swing_usd)},
                            {"flips", t.flips}});
        item["tornado"] = std::move(rows);
        comparisons.push_back(std::move(item));
    }
    out["comparisons"] = std::move(comparisons);
    return envelope_text(r.header, money, "sensitivity", std::move(out));
}

std::string render_json(const SweepReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    Json out = Json::object();
    Json vary = Json::array();
    for (std::size_t i = 0; i < r.addresses.size(); ++i)
        vary.push_back({{"address", r.addresses[i]}, {"values", r.values[i]}});
    out["vary"] = std::move(vary);
    Json comparisons = Json::array();
    for (const SweepComparison& c : r.comparisons) {
        Json item = label_json(c.label, money);
        Json rows = Json::array();
        for (const SweepCell& cell : c.cells) {
            Json row = Json::object();
            for (std::size_t i = 0; i < r.addresses.size(); ++i) row[r.addresses[i]] = cell.at[i];
            row[money.field("build_total_usd")] = money.from_usd(cell.build_total_usd);
            row[money.field("cloud_total_usd")] = money.from_usd(cell.cloud_total_usd);
            row[money.field("owning_saves_usd")] = money.from_usd(cell.owning_saves_usd);
            row["cheaper"] = to_string(cell.cheaper);
            row["break_even_hours_per_week"] =
                cell.break_even_hours_per_week ? Json(*cell.break_even_hours_per_week) : Json(nullptr);
            rows.push_back(std::move(row));
        }
        item["rows"] = std::move(rows);
        comparisons.push_back(std::move(item));
    }
    out["comparisons"] = std::move(comparisons);
    return envelope_text(r.header, money, "sweep", std::move(out));
}

std::string render_json(const SimulationReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    Json out = Json::object();
    out["draws"] = r.draws;
    out["seed"] = r.seed;
    out["ranges"] = ranges_json(r.ranges);
    Json comparisons = Json::array();
    for (const SimulationComparison& c : r.comparisons) {
        const SimulationResult& s = c.result;
        Json item = label_json(c.label, money);
        item["ranged"] = c.ranged;
        item[money.field("build_total_usd")] = summary_json(s.build_total_usd, true, money);
        item[money.field("cloud_total_usd")] = summary_json(s.cloud_total_usd, true, money);
        item[money.field("owning_saves_usd")] = summary_json(s.owning_saves_usd, true, money);
        item["break_even_hours_per_week"] = summary_json(s.break_even_hours, false, money);
        item["break_even_hours_per_week"]["share"] = s.break_even_share;
        item["payback_month"] = summary_json(s.payback_month, false, money);
        item["payback_month"]["share"] = s.payback_share;
        item["payback_month_if_sold"] = summary_json(s.payback_month_if_sold, false, money);
        item["payback_month_if_sold"]["share"] = s.payback_if_sold_share;
        item["histogram"] = histogram_json(s.owning_saves_histogram, money);
        item["p_build_cheaper"] = s.p_build_cheaper;
        item["p_cloud_cheaper"] = s.p_cloud_cheaper;
        comparisons.push_back(std::move(item));
    }
    out["comparisons"] = std::move(comparisons);
    return envelope_text(r.header, money, "simulation", std::move(out));
}

}  // namespace gpucost
