// gpucost simulate: Monte Carlo over every ranged input; how likely owning is to win.
#include <ostream>

#include "report_command.hpp"

namespace gpucost::cli {
namespace {

constexpr const char* k_examples =
    "Examples:\n"
    "  gpucost simulate --build office-2x-rtx4090\n"
    "      100,000 draws of every range that applies: p5..p95 of each total and p(build cheaper)\n"
    "  gpucost simulate --range hours_per_week=20:80 --range-dist uniform --draws 1000000 --seed 7\n"
    "      every build with its matched offer; the same seed gives byte-identical output\n"
    "  gpucost simulate --build office-2x-rtx4090 --format svg --chart histogram > saving.svg\n"
    "      the histogram of owning's saving over the draws, p10/p50/p90 and the zero line marked\n"
    "  gpucost check --build box --min-p-build-cheaper 0.9\n"
    "      the CI gate: fail unless owning wins in 90 % of the draws\n";

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
    command->footer(std::string(k_examples) + "\n" + k_exit_codes_help);
    command->allow_extras();
    return command_for(command, options, run_simulate);
}

}  // namespace gpucost::cli
