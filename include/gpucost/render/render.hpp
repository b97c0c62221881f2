// Renderers: one model in, the whole text of one output format out (nothing is printed here). Every model goes
// through the one dispatcher below, so a format is chosen in one place.
#pragma once

#include <string>

#include "gpucost/render/money.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost {

// Output formats. html: one self-contained page with the charts; svg: one chart alone (RenderOptions::chart).
enum class Format { table, json, csv, markdown, html, svg };

// How to show a model; the figures themselves never change.
struct RenderOptions {
    Currency currency;    // money figures in this currency (JSON and CSV rename their *_usd fields to match)
    bool colour = false;  // ANSI colour and bold in the table format (the CLI decides: a terminal, no NO_COLOR)
    std::string chart;    // the chart the svg format writes (report_charts.hpp); with the table format, a chart
                          // drawn in the terminal under the table ("cumulative-spend"); "" for none
    int columns = 80;     // the terminal's width, for the table format's chart
};

// The renderers of one model, one per format; a null one is a format the model does not have.
template <typename Model>
struct Renderers {
    using Function = std::string (*)(const Model&, const RenderOptions&);
    Function table = nullptr;
    Function json = nullptr;
    Function csv = nullptr;
    Function markdown = nullptr;
    Function html = nullptr;
    Function svg = nullptr;
};

// "table", "json", "csv", "markdown", "html", "svg".
const char* to_string(Format format) noexcept;

// The one dispatcher: the text of `model` in `format`. Throws UsageError for a format the model lacks.
template <typename Model>
std::string render_with(const Renderers<Model>& renderers, const Model& model, Format format,
                        const RenderOptions& options) {
    typename Renderers<Model>::Function function = nullptr;
    switch (format) {
        case Format::table: function = renderers.table; break;
        case Format::json: function = renderers.json; break;
        case Format::csv: function = renderers.csv; break;
        case Format::markdown: function = renderers.markdown; break;
        case Format::html: function = renderers.html; break;
        case Format::svg: function = renderers.svg; break;
    }
    if (function == nullptr)
        throw UsageError(std::string("--format: ") + to_string(format) + " is not available for this command");
    return function(model, options);
}

// A comparison report (`compare`): aligned table, the JSON contract, CSV rows, or markdown.
std::string render(const Report& report, Format format, const RenderOptions& options = {});
// `check`: the report it judged plus the gates (JSON adds "checks", markdown a checks table).
std::string render(const CheckReport& check, Format format, const RenderOptions& options = {});

// `cashflow`: CSV and JSON hold every flow at full precision; table and markdown show each month's totals per side
// (the same figures, summed over categories, rounded for reading).
std::string render(const CashFlowReport& cash_flow, Format format, const RenderOptions& options = {});

// Each format of each model, for tests and the dispatcher.
// Aligned text for a terminal: rounded for reading.
std::string render_table(const Report& report, const RenderOptions& options = {});
// The JSON contract (docs and README): full precision, null for not applicable.
std::string render_json(const Report& report, const RenderOptions& options = {});
// One header row and one row per comparison, RFC 4180 quoting, full precision, empty cell for not applicable.
std::string render_csv(const Report& report, const RenderOptions& options = {});
// GitHub-flavoured markdown tables with the table view's figures, for pull-request comments and wikis.
std::string render_markdown(const Report& report, const RenderOptions& options = {});
// One self-contained HTML page: verdict, charts, cost breakdown, assumptions with sources, warnings, catalogue.
std::string render_html(const Report& report, const RenderOptions& options = {});
// The chart options.chart names, alone. Throws UsageError naming the valid charts.
std::string render_svg(const Report& report, const RenderOptions& options = {});
// The check report's JSON: the report's, plus "checks".
std::string render_json(const CheckReport& check, const RenderOptions& options = {});
// The check report's markdown: the report's, plus a table of the gates.
std::string render_markdown(const CheckReport& check, const RenderOptions& options = {});

// The cash flow: one row per category, side and month; each month's totals per side; the same as JSON.
std::string render_cash_flow_csv(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_cash_flow_table(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_cash_flow_markdown(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_cash_flow_json(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_cash_flow_html(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_cash_flow_svg(const CashFlowReport& cash_flow, const RenderOptions& options = {});

}  // namespace gpucost
