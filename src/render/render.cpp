// The format names, the terminal chart under a table, and the dispatcher's instantiations for compare, check and
// cashflow.
#include "gpucost/render/render.hpp"

#include "gpucost/render/report_charts.hpp"
#include "gpucost/render/xlsx.hpp"  // render_xlsx, for the dispatcher's instantiations below

namespace gpucost {

const char* to_string(Format format) noexcept {
    for (const FormatName& f : k_formats)
        if (f.format == format) return f.name;
    return "table";
}

std::optional<Format> format_named(std::string_view name) noexcept {
    for (const FormatName& f : k_formats)
        if (name == f.name) return f.format;
    return std::nullopt;
}

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

std::string render_table(const CheckReport& check, const RenderOptions& options) {
    return render_table(check.report, options);
}

RowSet rows_of(const CheckReport& check) { return rows_of(check.report); }

template std::string render(const Report&, Format, const RenderOptions&);
template std::string render(const CheckReport&, Format, const RenderOptions&);
template std::string render(const CashFlowReport&, Format, const RenderOptions&);

}  // namespace gpucost
