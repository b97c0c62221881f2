// gpucost sensitivity: the tornado. Each ranged input alone to its low and its high, all others at their points.
#include <ostream>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost::cli {
namespace {

struct SensitivityOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;
    ScenarioOptions scenario;
    RangeOptions ranges;
};

int run_sensitivity(const SensitivityOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    RangeRequest request{comparison_request(o.scenario), flag_ranges(o.ranges)};
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const SensitivityReport report = sensitivity(catalog, request);
    if (o.scenario.match.verbose)
        print_exclusions(warn, o.scenario.match, excluded_by_match(catalog, request.comparison));
    finish(o.output.output, render(report, output.format, output.render), report.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_sensitivity_command(CLI::App& app) {
    auto options = std::make_shared<SensitivityOptions>();
    CLI::App* command = app.add_subcommand(
        "sensitivity", "the tornado: how much each ranged input alone moves owning's saving, and whether it flips");
    add_scenario_options(*command, options->scenario);
    add_range_options(*command, options->ranges);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_svg_chart_option(*command, options->chart, "tornado");
    add_catalog_options(*command, options->catalog);
    command->footer(command_footer("sensitivity"));
    command->allow_extras();
    return command_for(command, options, run_sensitivity);
}

}  // namespace gpucost::cli
