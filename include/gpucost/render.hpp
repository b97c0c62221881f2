// Renderers: one report model in, the whole text of one output format out (nothing is printed here).
#pragma once

#include <string>

#include "gpucost/report.hpp"

namespace gpucost {

// Output formats.
enum class Format { table, json, csv, markdown };  // markdown: reports only (compare, check, cashflow)

// Aligned text for a terminal: rounded for reading.
std::string render_table(const Report& report);
// The JSON contract (docs and README): full precision, null for not applicable.
std::string render_json(const Report& report);
// One header row and one row per comparison, RFC 4180 quoting, full precision, empty cell for not applicable.
std::string render_csv(const Report& report);
// GitHub-flavoured markdown tables with the table view's figures, for pull-request comments and wikis.
std::string render_markdown(const Report& report);
// Dispatches on the format.
std::string render(const Report& report, Format format);

// The one-line verdict of a comparison, for every format.
std::string verdict_text(const Comparison& comparison);

}  // namespace gpucost
