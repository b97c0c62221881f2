#include "gpucost/render/render.hpp"

namespace gpucost {

const char* to_string(Format format) noexcept {
    switch (format) {
        case Format::table: return "table";
        case Format::json: return "json";
        case Format::csv: return "csv";
        case Format::markdown: return "markdown";
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
std::string report_table(const Report& report, const RenderOptions& options) { return render_table(report, options); }
std::string report_json(const Report& report, const RenderOptions& options) { return render_json(report, options); }
std::string report_csv(const Report& report, const RenderOptions& options) { return render_csv(report, options); }
std::string report_markdown(const Report& report, const RenderOptions& options) {
    return render_markdown(report, options);
}

constexpr Renderers<Report> k_report{report_table, report_json, report_csv, report_markdown};
constexpr Renderers<CheckReport> k_check{check_table, check_json, check_csv, check_markdown};
constexpr Renderers<CashFlowReport> k_cash_flow{render_cash_flow_table, render_cash_flow_json, render_cash_flow_csv,
                                                render_cash_flow_markdown};

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
