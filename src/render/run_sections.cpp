#include "run_sections.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gpucost {

Inline catalogue_sentence(const RunHeader& header) {
    return words(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.", header.catalog_source,
                             header.catalog_as_of, header.oldest_as_of));
}

void add_assumptions_section(Document& document, const ResolvedAssumptions& r) {
    Table table = make_table({"assumption", numeric("value"), "unit", "from", "source"});
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        table.rows.push_back({{std::string(i.name), display_value(r.values, i.key), std::string(i.unit), r.origins[k],
                               r.sources[k].empty() ? std::string("-") : r.sources[k].str()}});
    }
    document.section("assumptions", words("Assumptions"), k_html_only)
        .add(Paragraph{words("Every assumption in force, where its value came from (code default, catalogue, build, "
                             "scenario file or flag) and the source behind it."),
                       Role::note})
        .add(std::move(table));
}

namespace {

// The warnings section with the run's warnings; "None." when neither they nor estimate notes after them are there.
Section& warnings_section(Document& document, const std::vector<std::string>& warnings, bool notes_follow) {
    Section& s = document.section("warnings", words("Warnings and estimates"), k_html_only);
    if (warnings.empty() && !notes_follow) s.add(Paragraph{words("None.")});
    for (const std::string& w : warnings) s.add(Paragraph{words("Warning: " + w), Role::warning});
    return s;
}

void add_estimate_notes(Section& s, const std::vector<std::string>& estimates) {
    for (const std::string& e : estimates) s.add(Paragraph{words("Note: " + e), Role::warning});
}

}  // namespace

void add_warnings_section(Document& document, const std::vector<std::string>& warnings,
                          const std::vector<std::string>& estimates) {
    add_estimate_notes(warnings_section(document, warnings, !estimates.empty()), estimates);
}

void add_catalogue_section(Document& document, Inline catalogue) {
    document.section("catalogue", words("Catalogue"), k_html_only)
        .add(Paragraph{std::move(catalogue)})
        .add(CurrencyNote{words("Amounts in US dollars (USD), discounted to today."), Role::note});
}

Table costs_table(const Comparison& c) {
    const Evaluation& e = c.result;
    Table table = make_table({"cost over the horizon", numeric("build"), numeric("cloud")});
    const auto amount = [&c](const std::optional<Category>& category) {
        return category ? cell::money(c.cost_usd(*category)) : Cell();
    };
    for (const CategoryRow& row : k_category_rows)
        if (shows_category(row.build ? *row.build : *row.cloud, c.result, c.assumptions.values))
            table.rows.push_back({{row.key, amount(row.build), amount(row.cloud)}});
    TableRow total{{"total", cell::money(e.build.total_usd), cell::money(e.cloud.total_usd)}, Tone::strong};
    total.cells[e.cheaper == Side::build ? 1 : 2].tone = Tone::good;
    table.rows.push_back(std::move(total));
    table.rows.push_back({{"per GPU-hour used", cell::money_rate(e.build_per_gpu_hour_usd),
                           cell::money_rate(e.cloud_per_gpu_hour_usd)}});
    return table;
}

Inline add_report_sections(Document& document, const Report& report, const ResolvedAssumptions& assumptions,
                           const std::function<void()>& part_done) {
    Inline catalogue = catalogue_sentence(report.header);
    add_assumptions_section(document, assumptions);
    const bool notes = std::any_of(report.comparisons.begin(), report.comparisons.end(),
                                   [](const Comparison& c) { return !c.estimates.empty(); });
    warnings_section(document, report.header.warnings, notes);
    // Each comparison's notes in a section of their own inside the warnings (HTML writes them as one section).
    for (const Comparison& c : report.comparisons)
        if (!c.estimates.empty()) {
            add_estimate_notes(document.section("", {}, k_html_only, 3), c.estimates);
            part_done();
        }
    add_catalogue_section(document, catalogue);
    return catalogue;
}

}  // namespace gpucost
