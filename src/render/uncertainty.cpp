// The dispatcher tables of the uncertainty models, and the text cells their table and markdown views share.
#include "gpucost/render/uncertainty.hpp"

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string number(double v) { return exact_number(v); }

std::string summary_cell(const Summary& s, std::size_t q, bool money, const Currency& currency) {
    if (s.count == 0) return "-";
    const double v = q < k_quantiles.size() ? s.quantiles[q] : s.mean;
    return money ? format_money(v, currency) : format_grouped(v, 1);
}

}  // namespace

template std::string render(const SensitivityReport&, Format, const RenderOptions&);
template std::string render(const SweepReport&, Format, const RenderOptions&);
template std::string render(const SimulationReport&, Format, const RenderOptions&);

namespace uncertainty_text {

std::string heading(const ComparisonLabel& label, const Currency& money) {
    return fmt::format("{} vs {}: owning saves {} at the point values ({} is cheaper)", label.build.id, label.offer.id,
                       format_money(label.owning_saves_usd, money), to_string(label.cheaper));
}

std::vector<std::vector<std::string>> range_rows(const std::vector<RangeRow>& ranges) {
    std::vector<std::vector<std::string>> rows;
    for (const RangeRow& r : ranges)
        rows.push_back({r.address, number(r.range.low), number(r.range.high),
                        r.range.mode ? number(*r.range.mode) : "point value", to_string(r.range.dist), r.origin});
    return rows;
}

std::vector<std::vector<std::string>> tornado_rows(const SensitivityComparison& c, const Currency& money) {
    std::vector<std::vector<std::string>> rows;
    for (const TornadoRow& t : c.rows)
        rows.push_back({t.address, number(t.low), number(t.point), number(t.high),
                        format_money(t.owning_saves_at_low_usd, money), format_money(t.owning_saves_at_high_usd, money),
                        format_money(t.swing_usd, money), t.flips ? "yes" : "no"});
    return rows;
}

std::vector<std::vector<std::string>> sweep_rows(const SweepReport& report, const SweepComparison& c,
                                                 const Currency& money) {
    std::vector<std::vector<std::string>> rows;
    if (report.addresses.size() == 1) {
        for (const SweepCell& cell : c.cells)
            rows.push_back({number(cell.at[0]), format_money(cell.build_total_usd, money),
                            format_money(cell.cloud_total_usd, money), format_money(cell.owning_saves_usd, money),
                            to_string(cell.cheaper),
                            cell.break_even_hours_per_week ? format_grouped(*cell.break_even_hours_per_week, 1) : "-"});
        return rows;
    }
    const std::vector<double>& columns = report.values[1];
    std::vector<std::string> header = {fmt::format("{} \\ {}", report.addresses[0], report.addresses[1])};
    for (const double v : columns) header.push_back(number(v));
    rows.push_back(header);
    for (std::size_t i = 0; i < report.values[0].size(); ++i) {
        std::vector<std::string> row = {number(report.values[0][i])};
        for (std::size_t j = 0; j < columns.size(); ++j) {
            const SweepCell& cell = c.cells[i * columns.size() + j];
            row.push_back(fmt::format("{} {}", format_money(cell.owning_saves_usd, money),
                                      cell.cheaper == Side::build ? "B" : "C"));
        }
        rows.push_back(row);
    }
    return rows;
}

std::vector<std::vector<std::string>> simulation_rows(const SimulationComparison& c, const Currency& money) {
    const SimulationResult& r = c.result;
    const auto share = [](double s) { return fmt::format("{:.1f}%", 100.0 * s); };
    const std::vector<std::tuple<const char*, const Summary*, bool, std::string>> figures = {
        {"build total", &r.build_total_usd, true, "100.0%"},
        {"cloud total", &r.cloud_total_usd, true, "100.0%"},
        {"owning saves", &r.owning_saves_usd, true, "100.0%"},
        {"break-even h/week", &r.break_even_hours, false, share(r.break_even_share)},
        {"payback month", &r.payback_month, false, share(r.payback_share)},
        {"payback month if sold", &r.payback_month_if_sold, false, share(r.payback_if_sold_share)},
    };
    std::vector<std::vector<std::string>> rows;
    for (const auto& [name, summary, is_money, exists] : figures) {
        std::vector<std::string> row = {name};
        for (std::size_t q = 0; q <= k_quantiles.size(); ++q) row.push_back(summary_cell(*summary, q, is_money, money));
        row.push_back(exists);
        rows.push_back(row);
    }
    return rows;
}

std::string simulation_footer(const SimulationReport& report, const SimulationComparison& c) {
    return fmt::format("p(build cheaper) {:.4f}, p(cloud cheaper) {:.4f} over {} draws (seed {}) of {} ranged "
                       "input{}",
                       c.result.p_build_cheaper, c.result.p_cloud_cheaper,
                       format_grouped(static_cast<double>(report.draws), 0), report.seed, c.ranged.size(),
                       c.ranged.size() == 1 ? "" : "s");
}

}  // namespace uncertainty_text
}  // namespace gpucost
