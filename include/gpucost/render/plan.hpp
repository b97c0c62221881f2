// `plan` in every format: the document (table, markdown, HTML through the writers), the rows (CSV, TSV: one row
// per strategy) and the JSON (docs/output.md, "plan"). JSON and rows keep full precision; the writers round.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/report/plan_report.hpp"

namespace gpucost {

// The plan for people: what it buys and when, the strategies side by side, cash by year, the demand and the space,
// and in HTML the assumptions, warnings and the catalogue.
Document document_of(const PlanReport& report);
// One row per strategy, in the report's order: the CSV contract (docs/output.md), new columns at the end.
RowSet rows_of(const PlanReport& report);
std::string render_json(const PlanReport& report, const RenderOptions& options = {});
extern template std::string render(const PlanReport&, Format, const RenderOptions&);

}  // namespace gpucost
