// gpucost rank: every build and every cloud offer that meets the requirements, by cost per unit of a workload's work.
#include <ostream>

#include "command_docs.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

int run_rank(const ReportCommandOptions& o, const Io& io) {
    run_report(o, io, build_rank_report);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_rank_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* command =
        app.add_subcommand("rank", "every build and cloud offer ranked by cost per unit of a workload's work");
    add_scenario_options(*command, options->scenario);
    // rank ranks every build and offer on its own: compare's --build, --cloud and --match do not apply.
    // (Each is there unless NamedFlagsOnly left it out.)
    for (const char* name : {"--build", "--cloud", "--match"})
        if (CLI::Option* option = command->get_option_no_throw(name)) command->remove_option(option);
    if (CLI::Option* workload = command->get_option_no_throw("--workload"))
        workload->description("the work to price: a workload id of the catalogue (required)");
    add_report_output_options(*command, options->output, k_chart_formats);
    add_svg_chart_option(*command, options->chart, "rank");
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("rank"));
    command->allow_extras();
    return command_for(command, options, run_rank);
}

}  // namespace gpucost::cli
