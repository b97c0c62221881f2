// The terminal view of sensitivity, sweep and simulate: per comparison a heading and an aligned table.
#include <fmt/format.h>

#include "gpucost/render/text_table.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost {
namespace {

using namespace uncertainty_text;

std::string table(const std::vector<std::string>& header, const std::vector<Align>& align,
                  const std::vector<std::vector<std::string>>& rows) {
    TextTable t(align);
    if (!header.empty()) t.add(header);
    for (const auto& row : rows) t.add(row);
    return t.str("  ", Paint(false));
}

std::string ranges_block(const std::vector<RangeRow>& ranges) {
    if (ranges.empty()) return "No ranges in force.\n";
    return "Ranges (catalogue < scenario < flags):\n" +
           table({"address", "low", "high", "mode", "dist", "from"},
                 {Align::left, Align::right, Align::right, Align::right, Align::left, Align::left}, range_rows(ranges));
}

}  // namespace

std::string render_table(const SensitivityReport& r, const RenderOptions& o) {
    std::string out = ranges_block(r.ranges);
    for (const SensitivityComparison& c : r.comparisons) {
        out += "\n" + heading(c.label, o.currency) + "\n";
        if (c.rows.empty()) {
            out += "  no range applies\n";
            continue;
        }
        out += table({"input", "low", "point", "high", "saves at low", "saves at high", "swing", "flips"},
                     {Align::left, Align::right, Align::right, Align::right, Align::right, Align::right, Align::right,
                      Align::left},
                     tornado_rows(c, o.currency));
    }
    return out;
}

std::string render_table(const SweepReport& r, const RenderOptions& o) {
    std::string out;
    for (const SweepComparison& c : r.comparisons) {
        if (!out.empty()) out += "\n";
        out += heading(c.label, o.currency) + "\n";
        const auto rows = sweep_rows(r, c, o.currency);
        if (r.addresses.size() == 1) {
            out += table({r.addresses[0], "build total", "cloud total", "owning saves", "cheaper", "break-even h/week"},
                         {Align::right, Align::right, Align::right, Align::right, Align::left, Align::right}, rows);
        } else {
            out += table({}, std::vector<Align>(rows.front().size(), Align::right), rows);
            out += "  each cell: owning saves (cloud total - build total), B where building is cheaper, C renting\n";
        }
    }
    return out;
}

std::string render_table(const SimulationReport& r, const RenderOptions& o) {
    std::string out = ranges_block(r.ranges);
    for (const SimulationComparison& c : r.comparisons) {
        out += "\n" + heading(c.label, o.currency) + "\n";
        out += table({"figure", "p5", "p10", "p50", "p90", "p95", "mean", "exists"},
                     {Align::left, Align::right, Align::right, Align::right, Align::right, Align::right, Align::right,
                      Align::right},
                     simulation_rows(c, o.currency));
        out += "  " + simulation_footer(r, c) + "\n";
    }
    return out;
}

}  // namespace gpucost
