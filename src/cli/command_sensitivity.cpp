// gpucost sensitivity: the tornado. Each ranged input alone to its low and its high, all others at their points.
#include <ostream>

#include "command_docs.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct SensitivityOptions : ReportCommandOptions {
    RangeOptions ranges;
};

int run_sensitivity(const SensitivityOptions& o, const Io& io) {
    const std::vector<RangeEntry> ranges = flag_ranges(o.ranges);
    run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        return sensitivity_report(catalog, {request, ranges});
    });
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
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("sensitivity"));
    command->allow_extras();
    return command_for(command, options, run_sensitivity);
}

}  // namespace gpucost::cli
