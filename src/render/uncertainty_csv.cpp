// CSV of sensitivity, sweep and simulate: long format, one header row, full precision, empty cell for none.
// Column orders are a contract (docs/uncertainty.md): new columns go at the end.
#include <fmt/format.h>

#include "gpucost/render/uncertainty.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string header(const std::vector<std::string>& columns, const Currency& money) {
    std::vector<std::string> named;
    for (const std::string& c : columns) named.push_back(money.field(c));
    return fmt::format("{}\n", fmt::join(named, ","));
}

std::string ids(const ComparisonLabel& l) {
    return fmt::format("{},{}", csv_text_field(l.build.id), csv_text_field(l.offer.id));
}

std::string summary_cells(const Summary& s, bool is_money, const Currency& money) {
    std::vector<std::string> cells;
    for (const double q : s.quantiles)
        cells.push_back(s.count == 0 ? "" : exact_number(is_money ? money.from_usd(q) : q));
    cells.push_back(s.count == 0 ? "" : exact_number(is_money ? money.from_usd(s.mean) : s.mean));
    return fmt::format("{}", fmt::join(cells, ","));
}

}  // namespace

std::string render_csv(const SensitivityReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    std::string out = header({"build_id", "cloud_id", "address", "low", "high", "point", "owning_saves_at_low_usd",
                              "owning_saves_at_high_usd", "swing_usd", "flips"},
                             money);
    for (const SensitivityComparison& c : r.comparisons)
        for (const TornadoRow& t : c.rows)
            out += fmt::format("{},{},{},{},{},{},{},{},{}\n", ids(c.label), csv_text_field(t.address),
                               exact_number(t.low), exact_number(t.high), exact_number(t.point),
                               exact_number(money.from_usd(t.owning_saves_at_low_usd)),
                               exact_number(money.from_usd(t.owning_saves_at_high_usd)),
                               exact_number(money.from_usd(t.swing_usd)), t.flips ? "true" : "false");
    return out;
}

std::string render_csv(const SweepReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    std::vector<std::string> columns = {"build_id", "cloud_id"};
    columns.insert(columns.end(), r.addresses.begin(), r.addresses.end());
    for (const char* c :
         {"build_total_usd", "cloud_total_usd", "owning_saves_usd", "cheaper", "break_even_hours_per_week"})
        columns.emplace_back(c);
    std::string out;
    {
        std::vector<std::string> named;
        for (std::size_t i = 0; i < columns.size(); ++i)
            named.push_back(i >= 2 && i < 2 + r.addresses.size() ? csv_text_field(columns[i])
                                                                 : money.field(columns[i]));
        out = fmt::format("{}\n", fmt::join(named, ","));
    }
    for (const SweepComparison& c : r.comparisons) {
        for (const SweepCell& cell : c.cells) {
            out += ids(c.label);
            for (std::size_t i = 0; i < r.addresses.size(); ++i) out += "," + exact_number(cell.at[i]);
            out += fmt::format(",{},{},{},{},{}\n", exact_number(money.from_usd(cell.build_total_usd)),
                               exact_number(money.from_usd(cell.cloud_total_usd)),
                               exact_number(money.from_usd(cell.owning_saves_usd)), to_string(cell.cheaper),
                               cell.break_even_hours_per_week ? exact_number(*cell.break_even_hours_per_week) : "");
        }
    }
    return out;
}

std::string render_csv(const SimulationReport& r, const RenderOptions& o) {
    const Currency& money = o.currency;
    std::string out = header({"build_id", "cloud_id", "figure", "p5", "p10", "p50", "p90", "p95", "mean", "share",
                              "p_build_cheaper", "p_cloud_cheaper", "draws", "seed"},
                             money);
    for (const SimulationComparison& c : r.comparisons) {
        const SimulationResult& s = c.result;
        const std::string tail = fmt::format("{},{},{},{}", exact_number(s.p_build_cheaper),
                                             exact_number(s.p_cloud_cheaper), r.draws, r.seed);
        const std::vector<std::tuple<std::string, const Summary*, bool, double>> figures = {
            {money.field("build_total_usd"), &s.build_total_usd, true, 1.0},
            {money.field("cloud_total_usd"), &s.cloud_total_usd, true, 1.0},
            {money.field("owning_saves_usd"), &s.owning_saves_usd, true, 1.0},
            {"break_even_hours_per_week", &s.break_even_hours, false, s.break_even_share},
            {"payback_month", &s.payback_month, false, s.payback_share},
            {"payback_month_if_sold", &s.payback_month_if_sold, false, s.payback_if_sold_share},
        };
        for (const auto& [name, summary, is_money, share] : figures)
            out += fmt::format("{},{},{},{},{}\n", ids(c.label), name, summary_cells(*summary, is_money, money),
                               exact_number(share), tail);
    }
    return out;
}

}  // namespace gpucost
