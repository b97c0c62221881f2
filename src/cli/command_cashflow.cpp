// gpucost cashflow: the monthly cash flow behind compare, for spreadsheets.
#include <ostream>

#include <fmt/format.h>

#include "gpucost/api.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

constexpr const char* k_examples =
    "Examples:\n"
    "  gpucost cashflow --build office-2x-rtx4090 --format csv --output cashflow.csv\n"
    "      long-format rows: build_id,cloud_id,month,side,category,amount_usd,cumulative_usd\n"
    "  gpucost cashflow --scenario gpucost.json --format json\n"
    "      every build (or the scenario's), with each comparison's totals to check the sums against\n"
    "  gpucost cashflow --build office-2x-rtx4090 --discount-rate 0.08\n"
    "      each month's discounted spend and the running totals of both sides\n"
    "  gpucost cashflow --build office-2x-rtx4090 --format svg --chart cumulative-spend --output spend.svg\n"
    "      the cumulative-spend chart alone, for slides and wikis\n";

int run_cashflow(const ReportCommandOptions& o, const Io& io) {
    run_report(o, io, cash_flow_report);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_cashflow_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* command = app.add_subcommand("cashflow", "the month-by-month cash flow of each side, for spreadsheets");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(std::string(k_examples) + "\n" + k_exit_codes_help);
    command->allow_extras();
    return command_for(command, options, run_cashflow);
}

}  // namespace gpucost::cli
