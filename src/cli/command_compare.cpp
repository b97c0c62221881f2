// gpucost compare: owning a build against renting its cloud match.
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

int run_compare(const ReportCommandOptions& o, const Io& io) {
    run_report(o, io, build_report);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_compare_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* command = app.add_subcommand("compare", "compare owning a build against renting its cloud match");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_workbook_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("compare"));
    command->allow_extras();
    return command_for(command, options, run_compare);
}

}  // namespace gpucost::cli
