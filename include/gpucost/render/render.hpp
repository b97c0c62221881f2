// Renderers: one model in, the whole text of one output format out (nothing is printed here). Every model goes
// through the one dispatcher below, render(model, format, options), so a format is chosen in one place.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gpucost/render/document.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/render/rows.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost {

// Output formats. tsv: the CSV's rows, tab-separated; html: one self-contained page with the charts; svg: one
// chart alone (RenderOptions::chart); xlsx: a workbook with live formulas (binary; one comparison).
enum class Format { table, json, csv, tsv, markdown, html, svg, xlsx };

// Every format and its name, in the order help and errors list them: the one list of format names.
struct FormatName {
    Format format;
    const char* name;
};
inline constexpr FormatName k_formats[] = {
    {Format::table, "table"},       {Format::json, "json"}, {Format::csv, "csv"}, {Format::tsv, "tsv"},
    {Format::markdown, "markdown"}, {Format::html, "html"}, {Format::svg, "svg"}, {Format::xlsx, "xlsx"}};

// "table", "json", "csv", "tsv", "markdown", "html", "svg", "xlsx".
const char* to_string(Format format) noexcept;
// The format of a name in k_formats, or nothing.
std::optional<Format> format_named(std::string_view name) noexcept;

// How to show a model; the figures themselves never change.
struct RenderOptions {
    Currency currency;    // money figures in this currency (JSON and CSV rename their *_usd fields to match)
    bool colour = false;  // ANSI colour and bold in the table format (the CLI decides: a terminal, no NO_COLOR)
    std::string chart;    // the chart the svg format writes (report_charts.hpp); with the table format, a chart
                          // drawn in the terminal under the table ("cumulative-spend"); "" for none
    int columns = 80;     // the terminal's width: the table format leaves out columns to fit it (Table::drop_order),
                          // wraps its prose at it and draws its chart in it
    bool wide = false;    // the table format shows every column and wraps nothing, whatever `columns` says
};

// The generic writers. A document as terminal text (aligned tables, colour when options.colour), GitHub-flavoured
// markdown, or one self-contained HTML page with its charts.
std::string write_text(const Document& document, const RenderOptions& options = {});
std::string write_markdown(const Document& document, const RenderOptions& options = {});
std::string write_html(const Document& document, const RenderOptions& options = {});
// write_html a section at a time, for a page too large to hold (the cash flow's: 2 GB at 2,000 builds over 600
// months): the page's head on construction, each section given to add() as soon as it is made, the end on finish().
// A level-3 section goes inside the level-2 section open before it, whichever call added that one, so a section's
// blocks may come in several sections of level 3 without a heading. The text is write_html's of the same sections.
class HtmlPage {
public:
    HtmlPage(const std::string& title, const RenderOptions& options, const TextSink& sink);
    void add(const Section& section);
    void finish();

private:
    void close_section();
    RenderOptions m_options;  // copies: a page may outlive the expression that made its options or sink
    TextSink m_sink;
    bool m_section_open = false;  // a level-2 section with a heading is open: level-3 sections go inside it
};
// Rows as CSV (RFC 4180 quoting) or TSV (a tab between fields; a tab, line break or backslash inside a field
// written \t, \n, \r, \\): one header row, full precision, money in the output currency under renamed columns,
// an empty field for not applicable, text that a spreadsheet would run as a formula prefixed with '. `format` is
// csv or tsv.
std::string write_rows(const RowSet& rows, Format format, const RenderOptions& options = {});
// The same, to `sink` a piece (about 1 MiB) at a time: a model whose rows are made as they are written
// (RowSet::more) is never held whole, as rows or as text.
void write_rows(const RowSet& rows, Format format, const RenderOptions& options, const TextSink& sink);

// The one dispatcher: the text of `model` in `format`. A model offers a format by one of these overloads, found by
// argument-dependent lookup (one naming scheme for every model):
//   render_<format>(const Model&, const RenderOptions&)  its own renderer of that format (json, svg, and a table
//                                                        with extras: compare's and cashflow's terminal chart);
//   Document document_of(const Model&)                   table, markdown and html through the writers;
//   RowSet rows_of(const Model&)                         csv and tsv through the writers.
// An own renderer wins over the generic writer. Each model's header declares them all and says
// `extern template std::string render(const Model&, Format, const RenderOptions&);`, and one .cpp instantiates
// it, so no caller can see fewer overloads than the instantiation did. Throws UsageError for a format the model
// lacks.
template <typename Model>
std::string render(const Model& m, Format format, const RenderOptions& o = {}) {
    switch (format) {
        case Format::table:
            if constexpr (requires { render_table(m, o); })
                return render_table(m, o);
            else if constexpr (requires { document_of(m); })
                return write_text(document_of(m), o);
            break;
        case Format::markdown:
        case Format::html:
            if constexpr (requires { document_of(m); })
                return format == Format::html ? write_html(document_of(m), o) : write_markdown(document_of(m), o);
            break;
        case Format::csv:
        case Format::tsv:
            if constexpr (requires { rows_of(m); }) return write_rows(rows_of(m), format, o);
            break;
        case Format::json:
            if constexpr (requires { render_json(m, o); }) return render_json(m, o);
            break;
        case Format::svg:
            if constexpr (requires { render_svg(m, o); }) return render_svg(m, o);
            break;
        case Format::xlsx:  // the bytes of a workbook (render/xlsx.hpp)
            if constexpr (requires { render_xlsx(m, o); }) return render_xlsx(m, o);
            break;
    }
    throw UsageError(std::string("--format: ") + to_string(format) + " is not available for this command");
}

// A comparison report (`compare`): the ranked view of every build, or one build in detail (document_of: table,
// markdown, HTML); one row per comparison (rows_of: CSV, TSV); the JSON contract; one chart (svg). The table adds
// the chart options.chart names, drawn in the terminal.
Document document_of(const Report& report);
RowSet rows_of(const Report& report);
std::string render_table(const Report& report, const RenderOptions& options = {});
// The JSON contract (docs and README): full precision, null for not applicable.
std::string render_json(const Report& report, const RenderOptions& options = {});
// The chart options.chart names, alone. Throws UsageError naming the valid charts.
std::string render_svg(const Report& report, const RenderOptions& options = {});
extern template std::string render(const Report&, Format, const RenderOptions&);

// `check`: the report it judged plus the gates. The table and rows are the report's (the gates' lines go to
// stderr, one per gate); markdown and HTML add a checks table, JSON "checks".
Document document_of(const CheckReport& check);
RowSet rows_of(const CheckReport& check);
std::string render_table(const CheckReport& check, const RenderOptions& options = {});
std::string render_json(const CheckReport& check, const RenderOptions& options = {});
extern template std::string render(const CheckReport&, Format, const RenderOptions&);

// `cashflow`: the rows (CSV, TSV) and JSON hold every flow at full precision (one row per category, side and
// month); the document (table, markdown, HTML) shows each month's totals per side (the same figures, summed over
// categories, rounded for reading). write_cash_flow (cashflow_json.hpp) writes the large formats as they are made.
Document document_of(const CashFlowReport& cash_flow);
RowSet rows_of(const CashFlowReport& cash_flow);
std::string render_table(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_json(const CashFlowReport& cash_flow, const RenderOptions& options = {});
std::string render_svg(const CashFlowReport& cash_flow, const RenderOptions& options = {});
extern template std::string render(const CashFlowReport&, Format, const RenderOptions&);

// The table, and under it the chart options.chart names drawn in the terminal (cumulative-spend, one comparison).
// Throws UsageError for another chart or a report of several comparisons.
std::string with_terminal_chart(std::string table, const Report& report, const RenderOptions& options);

}  // namespace gpucost
