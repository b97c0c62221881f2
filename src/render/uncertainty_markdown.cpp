// Markdown views of sensitivity, sweep and simulate, for pull-request comments: the table view's cells.
#include "gpucost/render/markdown_table.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost {
namespace {

using namespace uncertainty_text;

std::string ranges_block(const std::vector<RangeRow>& ranges) {
    if (ranges.empty()) return "No ranges in force.\n";
    return "## Ranges\n\n" + markdown_table({"address", "low", "high", "mode", "dist", "from"},
                                            {false, true, true, true, false, false}, range_rows(ranges));
}

std::string section(const ComparisonLabel& label, const Currency& money) {
    return "\n## " + markdown_cell(heading(label, money)) + "\n\n";
}

}  // namespace

std::string render_markdown(const SensitivityReport& r, const RenderOptions& o) {
    std::string out = ranges_block(r.ranges);
    for (const SensitivityComparison& c : r.comparisons) {
        out += section(c.label, o.currency);
        if (c.rows.empty()) {
            out += "No range applies.\n";
            continue;
        }
        out += markdown_table({"input", "low", "point", "high", "saves at low", "saves at high", "swing", "flips"},
                              {false, true, true, true, true, true, true, false}, tornado_rows(c, o.currency));
    }
    return out;
}

std::string render_markdown(const SweepReport& r, const RenderOptions& o) {
    std::string out;
    for (const SweepComparison& c : r.comparisons) {
        out += section(c.label, o.currency);
        auto rows = sweep_rows(r, c, o.currency);
        if (r.addresses.size() == 1) {
            out += markdown_table(
                {r.addresses[0], "build total", "cloud total", "owning saves", "cheaper", "break-even h/week"},
                {true, true, true, true, false, true}, rows);
        } else {
            const std::vector<std::string> header = rows.front();
            rows.erase(rows.begin());
            out += markdown_table(header, std::vector<bool>(header.size(), true), rows);
            out += "\nEach cell: owning saves (cloud total - build total); B where building is cheaper, C renting.\n";
        }
    }
    return out;
}

std::string render_markdown(const SimulationReport& r, const RenderOptions& o) {
    std::string out = ranges_block(r.ranges);
    for (const SimulationComparison& c : r.comparisons) {
        out += section(c.label, o.currency);
        out += markdown_table({"figure", "p5", "p10", "p50", "p90", "p95", "mean", "exists"},
                              {false, true, true, true, true, true, true, true}, simulation_rows(c, o.currency));
        out += "\n" + simulation_footer(r, c) + "\n";
    }
    return out;
}

}  // namespace gpucost
