// gpucost simulate: Monte Carlo over every ranged input; how likely owning is to win.
#include <ostream>

#include "command_docs.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct SimulateOptions : ReportCommandOptions {
    RangeOptions ranges;
    SimulationFlags simulation;
};

int run_simulate(const SimulateOptions& o, const Io& io) {
    const SimulationOptions simulation = simulation_options(o.simulation);
    const std::vector<RangeEntry> ranges = flag_ranges(o.ranges);
    run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        return simulation_report(catalog, {request, ranges}, simulation);
    });
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
    auto options = std::make_shared<SimulateOptions>();
    CLI::App* command = app.add_subcommand(
        "simulate", "Monte Carlo over every ranged input: percentiles of each total and p(build cheaper)");
    add_scenario_options(*command, options->scenario);
    add_range_options(*command, options->ranges);
    add_simulation_options(*command, options->simulation, "Simulation");
    add_report_output_options(*command, options->output, k_chart_formats);
    add_svg_chart_option(*command, options->chart, "histogram");
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("simulate"));
    command->allow_extras();
    return command_for(command, options, run_simulate);
}

}  // namespace gpucost::cli
