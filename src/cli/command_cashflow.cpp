// gpucost cashflow: the monthly cash flow behind compare, for spreadsheets.
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/cashflow_json.hpp"
#include "output_stream.hpp"

namespace gpucost::cli {
namespace {

struct CashflowOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;
    ScenarioOptions scenario;
};

int run_cashflow(const CashflowOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    const ComparisonRequest request = comparison_request(o.scenario);
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const CashFlowReport cash_flow = cash_flow_report(catalog, request);
    print_exclusions(warn, o.scenario.match, cash_flow.report.excluded);
    if (output.format == Format::json) {
        // 1.2 million rows for 200 builds over 600 months: written as they are made, never held as one text.
        for (const std::string& w : cash_flow.report.warnings) print_line(warn, "warning", w);
        write_streamed_result(
            o.output.output, [&](const OutputSink& sink) { write_cash_flow_json(cash_flow, output.render, sink); },
            io.out, warn);
        return static_cast<int>(ExitCode::success);
    }
    const std::string text = render(cash_flow, output.format, output.render);
    finish(o.output.output, text, cash_flow.report.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_cashflow_command(CLI::App& app) {
    auto options = std::make_shared<CashflowOptions>();
    CLI::App* command = app.add_subcommand("cashflow", "the month-by-month cash flow of each side, for spreadsheets");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    command->footer(command_footer("cashflow"));
    command->allow_extras();
    return command_for(command, options, run_cashflow);
}

}  // namespace gpucost::cli
