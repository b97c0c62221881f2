// The parts of a document built from a model's run-level fields (catalogue, assumptions, warnings): the sections
// the HTML pages end with and the catalogue sentence; a comparison's cost lines, which two models show; and the
// helper every document uses to place a chart on its page. Private to the render layer.
// Each model reads its run-level fields in one function that calls these, so moving those fields is a change there
// only.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/render/document.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// "Catalogue: data/catalog.json, as of 2026-11-30; oldest figure used: 2026-01-15."
Inline catalogue_sentence(const RunHeader& header);

// The page's sections (HTML only). Every assumption: key, value, unit, where it came from, and its source (section
// "assumptions").
void add_assumptions_section(Document& document, const ResolvedAssumptions& assumptions);
// The warnings and estimate notes, or a line saying there are none (section "warnings").
void add_warnings_section(Document& document, const std::vector<std::string>& warnings,
                          const std::vector<std::string>& estimates);
// The catalogue the figures come from, and the currency note (section "catalogue").
void add_catalogue_section(Document& document, Inline catalogue);

// A comparison report's closing sections (compare's and cashflow's pages): the assumptions in force, the run's
// warnings with every comparison's estimate notes, and the catalogue. Returns the catalogue sentence, which the
// terminal and markdown views show on their own. part_done() is called after each comparison's notes, where a
// streamed page (HtmlPage) writes the sections made so far and drops them.
Inline add_report_sections(
    Document& document, const Report& report, const ResolvedAssumptions& assumptions,
    const std::function<void()>& part_done = [] {});

// A chart of a page, drawn inside it (not standalone) as svg(models..., currency, placement); the models are kept
// by reference, so they must outlive the document.
template <typename Svg, typename... Models>
ChartRef page_chart(std::string id, Inline caption, Svg svg, const Models&... models) {
    return {std::move(id),
            [svg, &... models = models](const Currency& money, const std::string& chart_id) {
                return svg(models..., money, ChartPlacement{chart_id, false});
            },
            std::move(caption)};
}

// One comparison's cost by category, side by side, with the totals and the cost per GPU-hour (compare's detail and
// the cash flow's page).
Table costs_table(const Comparison& comparison);

}  // namespace gpucost
