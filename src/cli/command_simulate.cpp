// gpucost simulate: Monte Carlo over every ranged input; how likely owning is to win.
#include <ostream>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost::cli {
namespace {

struct SimulateOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;
    ScenarioOptions scenario;
    RangeOptions ranges;
    SimulationFlags simulation;
};

int run_simulate(const SimulateOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    const SimulationOptions simulation_flags = simulation_options(o.simulation);
    RangeRequest request{comparison_request(o.scenario), flag_ranges(o.ranges)};
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const SimulationReport report = simulation(catalog, request, simulation_flags);
    if (o.scenario.match.verbose)
        print_exclusions(warn, o.scenario.match, excluded_by_match(catalog, request.comparison));
    finish(o.output.output, render(report, output.format, output.render), report.warnings, warn, io);
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
    command->footer(command_footer("simulate"));
    command->allow_extras();
    return command_for(command, options, run_simulate);
}

}  // namespace gpucost::cli
