// gpucost cashflow: the monthly cash flow behind compare, for spreadsheets.
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

int run_cashflow(const ReportCommandOptions& o, const Io& io) {
    run_report(o, io, cash_flow_report);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_cashflow_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* command = app.add_subcommand("cashflow", "the month-by-month cash flow of each side, for spreadsheets");
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
