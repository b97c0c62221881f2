#include "run_sections.hpp"

#include <fmt/format.h>

namespace gpucost {

Inline catalogue_sentence(const RunHeader& header) {
    return words(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.", header.catalog_source,
                             header.catalog_as_of, header.oldest_as_of));
}

void add_assumptions_section(Document& document, const ResolvedAssumptions& r) {
    Table table{{words("assumption"), words("value"), words("unit"), words("from"), words("source")},
                {false, true, false, false, false},
                {},
                true};
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

void add_warnings_section(Document& document, const std::vector<std::string>& warnings,
                          const std::vector<std::string>& estimates) {
    Section& s = document.section("warnings", words("Warnings and estimates"), k_html_only);
    if (warnings.empty() && estimates.empty()) s.add(Paragraph{words("None.")});
    for (const std::string& w : warnings) s.add(Paragraph{words("Warning: " + w), Role::warning});
    for (const std::string& e : estimates) s.add(Paragraph{words("Note: " + e), Role::warning});
}

void add_catalogue_section(Document& document, Inline catalogue) {
    document.section("catalogue", words("Catalogue"), k_html_only)
        .add(Paragraph{std::move(catalogue)})
        .add(CurrencyNote{words("Amounts in US dollars (USD), discounted to today."), Role::note});
}

Inline add_report_sections(Document& document, const Report& report, const ResolvedAssumptions& assumptions) {
    std::vector<std::string> estimates;
    for (const Comparison& c : report.comparisons)
        estimates.insert(estimates.end(), c.estimates.begin(), c.estimates.end());
    Inline catalogue = catalogue_sentence(report.header);
    add_assumptions_section(document, assumptions);
    add_warnings_section(document, report.header.warnings, estimates);
    add_catalogue_section(document, catalogue);
    return catalogue;
}

}  // namespace gpucost
