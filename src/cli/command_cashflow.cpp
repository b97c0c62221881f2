// gpucost cashflow: the monthly cash flow behind compare, for spreadsheets and finance.
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/cashflow_json.hpp"
#include "gpucost/util/text.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct CashflowOptions : ReportCommandOptions {
    std::string layout = "long";
    std::string by = "month";
    std::string start;
};

// The view the flags ask for. Throws UsageError, one line, for a value outside its list or a month not YYYY-MM.
CashFlowView cash_flow_view(const CashflowOptions& o) {
    CashFlowView view;
    const auto layout = cash_flow_layout_named(o.layout);
    if (!layout) throw UsageError(fmt::format("--layout: expected long, wide or focus, got {}", quote_value(o.layout)));
    const auto by = cash_flow_period_named(o.by);
    if (!by) throw UsageError(fmt::format("--by: expected month or year, got {}", quote_value(o.by)));
    view.layout = *layout;
    view.by = *by;
    if (!o.start.empty()) {
        view.start = parse_calendar_month(o.start);
        if (!view.start)
            throw UsageError(fmt::format("--start: expected a calendar month YYYY-MM (year 1900-9999, month 01-12), "
                                         "got {}",
                                         quote_value(o.start)));
    }
    return view;
}

int run_cashflow(const CashflowOptions& o, const Io& io) {
    const CashFlowView view = cash_flow_view(o);
    const ReportOutput output = report_output(o.output, o.chart, io);
    check_cash_flow_view(view, output.format);
    // A streamed format makes each comparison's months as it writes them, so the report keeps none (issue 21).
    const bool profiles = !cash_flow_streams(output.format, output.render);
    run_report(o, io, [&view, profiles](const Catalog& catalog, const ComparisonRequest& request) {
        ComparisonRequest lean = request;
        lean.cash_flow_profiles = profiles;
        CashFlowReport cash_flow = cash_flow_report(catalog, lean);
        cash_flow.view = view;
        return cash_flow;
    });
    return static_cast<int>(ExitCode::success);
}

void add_view_options(CLI::App& command, CashflowOptions& o) {
    command
        .add_option("--layout", o.layout,
                    "long: a row per category, side and period (the default); wide: a row per period, every category "
                    "a column, with the totals, what owning saves and its running sum; focus: a CSV shaped after "
                    "FinOps FOCUS (needs --start)")
        ->type_name("long|wide|focus");
    command
        .add_option("--by", o.by,
                    "month (the default) or year: years of 12 months from month 1, or calendar years with --start")
        ->type_name("month|year");
    command.add_option("--start", o.start, "the calendar month of month 1 (the purchase is dated at its start)")
        ->type_name("YYYY-MM");
}

}  // namespace

Command add_cashflow_command(CLI::App& app) {
    auto options = std::make_shared<CashflowOptions>();
    CLI::App* command = app.add_subcommand("cashflow", "the month-by-month cash flow of each side, for spreadsheets");
    add_view_options(*command, *options);
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_workbook_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("cashflow"));
    command->allow_extras();
    return command_for(command, options, run_cashflow);
}

}  // namespace gpucost::cli
