#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "gpucost/money.hpp"
#include "gpucost/render.hpp"

namespace gpucost {
namespace {

enum class Align { left, right };

// Columns of text padded to their widest cell; widths count UTF-8 code points, not bytes.
class TextTable {
public:
    explicit TextTable(std::vector<Align> align) : m_align(std::move(align)) {}
    void add(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }

    std::string str(const std::string& indent) const {
        std::vector<std::size_t> widths(m_align.size(), 0);
        for (const auto& row : m_rows)
            for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], width(row[i]));
        std::string out;
        for (const auto& row : m_rows) {
            std::string line = indent;
            for (std::size_t i = 0; i < row.size(); ++i) {
                const std::string pad(widths[i] - width(row[i]), ' ');
                if (i > 0) line += "  ";
                line += m_align[i] == Align::right ? pad + row[i] : row[i] + pad;
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out += line + "\n";
        }
        return out;
    }

private:
    static std::size_t width(const std::string& text) {
        return static_cast<std::size_t>(
            std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    }
    std::vector<Align> m_align;
    std::vector<std::vector<std::string>> m_rows;
};

std::string hours_text(double hours_per_week) { return format_grouped(hours_per_week, 1) + " h/week"; }

std::string break_even_text(const Evaluation& e) {
    if (!e.break_even_hours_per_week) return "-";
    return fmt::format("{} {}", format_grouped(*e.break_even_hours_per_week, 1),
                       e.build_cheaper_above.value_or(false) ? "above" : "below");
}

std::string payback_text(const Evaluation& e) { return e.payback_month ? std::to_string(*e.payback_month) : "-"; }

std::string assumptions_block(const ResolvedAssumptions& r, bool with_sources) {
    TextTable table({Align::left, Align::right, Align::left, Align::left});
    table.add({"assumption", "value", "unit", "from"});
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        table.add({std::string(i.name), display_value(r.values, i.key), std::string(i.unit), r.origins[k]});
    }
    std::string out = "Assumptions\n" + table.str("  ");
    if (!with_sources) return out;
    out += "\nWhere the catalogue defaults come from\n";
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        if (!r.sources[k].empty()) out += fmt::format("  {}: {}\n", i.name, r.sources[k]);
    }
    return out;
}

std::string footer(const Report& report) {
    std::string out = fmt::format("\nCatalogue: {}, as of {}; oldest figure used: {}.\n", report.catalog_source,
                                  report.catalog_as_of, report.oldest_as_of);
    return out;
}

std::string summary(const Report& report) {
    const Assumptions& a = report.assumptions.values;
    std::string out = fmt::format("Build or rent: every build against its cheapest {} cloud offer, over {} months at {}\n\n",
                                  to_string(a.pricing), a.months, hours_text(a.hours_per_week));
    TextTable table({Align::right, Align::left, Align::right, Align::left, Align::right, Align::right, Align::left,
                     Align::right, Align::right, Align::right});
    table.add({"#", "build", "GPUs", "cloud offer", "build total", "cloud total", "cheaper", "saves",
               "break-even h/wk", "payback month"});
    bool any_estimate = false;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        const Evaluation& e = c.result;
        const bool estimate = !c.estimates.empty();
        any_estimate = any_estimate || estimate;
        table.add({std::to_string(i + 1), c.build->id + (estimate ? " *" : ""), std::to_string(c.build->gpu_count),
                   c.offer->id, format_usd(e.build.total_usd), format_usd(e.cloud.total_usd), to_string(e.cheaper),
                   format_usd(e.savings_usd), break_even_text(e), payback_text(e)});
    }
    out += table.str("");
    out += "\nBreak-even: the hours per week at which both sides cost the same; \"above\" means owning wins above it.\n";
    out += "Payback: the month in which cumulative cloud spend reaches the purchase plus running costs.\n";
    if (any_estimate) out += "* rests on a figure marked as an estimate or unverified; `--build ID` shows which.\n";
    out += "Details of one build: gpucost compare --build ID\n\n";
    out += assumptions_block(report.assumptions, false);
    return out + footer(report);
}

std::string detail(const Report& report) {
    const Comparison& c = report.comparisons.front();
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    std::string out = fmt::format("{}: {}\n", c.build->id, c.build->name);
    out += fmt::format("  Own: {} x {}.\n", c.build->gpu_count, c.gpu->name);
    out += fmt::format("  Rent: {} {} in {}, {} GPU(s) each, {} at {} per instance-hour; {} instance(s).\n",
                       c.offer->provider, c.offer->instance, c.offer->region, c.offer->gpu_count, to_string(a.pricing),
                       format_usd_rate(c.cloud_spec.usd_per_hour), e.cloud.instances);
    out += fmt::format("  Over {} months at {} ({} used hours a month).\n", a.months, hours_text(a.hours_per_week),
                       format_grouped(e.used_hours_per_month, 1));
    out += fmt::format("  Cloud offer: {} ({}).\n\n", c.offer->id, c.offer_choice);
    out += verdict_text(c) + "\n\n";

    TextTable costs({Align::left, Align::right, Align::right});
    costs.add({"cost over the horizon", "build", "cloud"});
    const auto money = [](double usd) { return format_usd(usd); };
    costs.add({"hardware", money(e.build.hardware_usd), ""});
    costs.add({"setup", money(e.build.setup_usd), ""});
    costs.add({"power", money(e.build.power_usd), ""});
    costs.add({"staff", money(e.build.staff_usd), money(e.cloud.staff_usd)});
    costs.add({"maintenance", money(e.build.maintenance_usd), ""});
    costs.add({"facility", money(e.build.facility_usd), ""});
    costs.add({"resale", money(e.build.resale_usd), ""});
    costs.add({"compute", "", money(e.cloud.compute_usd)});
    costs.add({"storage", "", money(e.cloud.storage_usd)});
    costs.add({"egress", "", money(e.cloud.egress_usd)});
    costs.add({"total", money(e.build.total_usd), money(e.cloud.total_usd)});
    costs.add({"per GPU-hour used", format_optional_rate(e.build_per_gpu_hour_usd),
               format_optional_rate(e.cloud_per_gpu_hour_usd)});
    out += costs.str("  ");

    out += "\n";
    if (e.break_even_hours_per_week)
        out += fmt::format("  Break-even: {}; owning is cheaper {} it.\n", hours_text(*e.break_even_hours_per_week),
                           e.build_cheaper_above.value_or(false) ? "above" : "below");
    else
        out += fmt::format("  Break-even: none in 0-168 h/week; {} is cheaper at every usage.\n",
                           e.cheaper == Side::build ? "owning" : "renting");
    out += e.payback_month ? fmt::format("  Payback: month {} of {}.\n", *e.payback_month, a.months)
                           : fmt::format("  Payback: not within {} months.\n", a.months);
    if (e.cloud.unused_gpus > 0)
        out += fmt::format("  Note: {} instance(s) hold {} GPUs; {} are paid for but unused.\n", e.cloud.instances,
                           e.cloud.instances * c.offer->gpu_count, e.cloud.unused_gpus);
    for (const std::string& estimate : c.estimates) out += fmt::format("  Note: {}\n", estimate);
    out += "\n" + assumptions_block(c.assumptions, true);
    return out + footer(report);
}

}  // namespace

std::string render_table(const Report& report) { return report.detailed ? detail(report) : summary(report); }

}  // namespace gpucost
