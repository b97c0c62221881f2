// Renderers: one report model in, the whole text of one output format out (nothing is printed here).
#pragma once

#include <string>

#include "gpucost/render/money.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// Output formats.
enum class Format { table, json, csv, markdown };  // markdown: reports only (compare, check, cashflow)

// How to show a report; the figures themselves never change.
struct RenderOptions {
    Currency currency;    // money figures in this currency (JSON and CSV rename their *_usd fields to match)
    bool colour = false;  // ANSI colour and bold in the table format (the CLI decides: a terminal, no NO_COLOR)
};

// Aligned text for a terminal: rounded for reading.
std::string render_table(const Report& report, const RenderOptions& options = {});
// The JSON contract (docs and README): full precision, null for not applicable.
std::string render_json(const Report& report, const RenderOptions& options = {});
// One header row and one row per comparison, RFC 4180 quoting, full precision, empty cell for not applicable.
std::string render_csv(const Report& report, const RenderOptions& options = {});
// GitHub-flavoured markdown tables with the table view's figures, for pull-request comments and wikis.
std::string render_markdown(const Report& report, const RenderOptions& options = {});
// Dispatches on the format.
std::string render(const Report& report, Format format, const RenderOptions& options = {});

// The one-line verdict of a comparison, for every format.
std::string verdict_text(const Comparison& comparison, const Currency& currency = {});

// The line that says what currency the figures are in, for the table and markdown: "" for US dollars, else
// "Amounts in EUR at 0.92 EUR per US dollar (--usd-rate); the assumptions stay in USD as given."
std::string currency_note(const Currency& currency);

}  // namespace gpucost
