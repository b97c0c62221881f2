#include "gpucost/render/render.hpp"

#include "gpucost/render/report_charts.hpp"

namespace gpucost {

const char* to_string(Format format) noexcept {
    switch (format) {
        case Format::table: return "table";
        case Format::json: return "json";
        case Format::csv: return "csv";
        case Format::markdown: return "markdown";
        case Format::html: return "html";
        case Format::svg: return "svg";
    }
    return "table";
}

namespace {

std::string check_table(const CheckReport& check, const RenderOptions& options) {
    return render_table(check.report, options);  // the gates' lines go to stderr, one per gate
}

std::string check_csv(const CheckReport& check, const RenderOptions& options) {
    return render_csv(check.report, options);
}

// Overload sets do not convert to function pointers without a cast; these name one member of each.
std::string check_json(const CheckReport& check, const RenderOptions& options) { return render_json(check, options); }
std::string check_markdown(const CheckReport& check, const RenderOptions& options) {
    return render_markdown(check, options);
}
// The table, and under it the chart --chart asks for, drawn in the terminal.
std::string with_terminal_chart(std::string table, const Report& report, const RenderOptions& options) {
    if (options.chart.empty()) return table;
    if (options.chart != "cumulative-spend")
        throw UsageError("--chart: the terminal draws cumulative-spend; for " + options.chart +
                         " use --format svg or html");
    if (report.comparisons.size() != 1)
        throw UsageError("--chart: the terminal chart draws one comparison: name the build with --build ID");
    return table + "\n" +
           cumulative_spend_text(report.comparisons.front(), options.currency, options.columns, options.colour);
}

std::string report_table(const Report& report, const RenderOptions& options) {
    if (!options.chart.empty() && !report.detailed)
        throw UsageError("--chart: the terminal chart draws one comparison: name the build with --build ID");
    return with_terminal_chart(render_table(report, options), report, options);
}
std::string cash_flow_table(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return with_terminal_chart(render_cash_flow_table(cash_flow, options), cash_flow.report, options);
}
std::string report_html(const Report& report, const RenderOptions& options) { return render_html(report, options); }
std::string report_svg(const Report& report, const RenderOptions& options) { return render_svg(report, options); }
std::string report_json(const Report& report, const RenderOptions& options) { return render_json(report, options); }
std::string report_csv(const Report& report, const RenderOptions& options) { return render_csv(report, options); }
std::string report_markdown(const Report& report, const RenderOptions& options) {
    return render_markdown(report, options);
}

constexpr Renderers<Report> k_report{report_table, report_json, report_csv, report_markdown, report_html, report_svg};
constexpr Renderers<CheckReport> k_check{check_table, check_json, check_csv, check_markdown};
constexpr Renderers<CashFlowReport> k_cash_flow{cash_flow_table,           render_cash_flow_json, render_cash_flow_csv,
                                                render_cash_flow_markdown, render_cash_flow_html, render_cash_flow_svg};

}  // namespace

std::string render(const Report& report, Format format, const RenderOptions& options) {
    return render_with(k_report, report, format, options);
}

std::string render(const CheckReport& check, Format format, const RenderOptions& options) {
    return render_with(k_check, check, format, options);
}

std::string render(const CashFlowReport& cash_flow, Format format, const RenderOptions& options) {
    return render_with(k_cash_flow, cash_flow, format, options);
}

}  // namespace gpucost
