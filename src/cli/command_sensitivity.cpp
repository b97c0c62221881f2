// gpucost sensitivity: the tornado. Each ranged input alone to its low and its high, all others at their points.
#include <ostream>

#include "report_command.hpp"

namespace gpucost::cli {
namespace {

constexpr const char* k_examples =
    "Examples:\n"
    "  gpucost sensitivity --build office-2x-rtx4090\n"
    "      every range of the catalogue that applies to the build, largest swing first\n"
    "  gpucost sensitivity --range electricity_usd_per_kwh=0.08:0.30 --range staff_fte_build=0.02:0.25\n"
    "      every build with its matched offer; does the verdict flip at either end?\n"
    "  gpucost sensitivity --build box --range cloud:aws-x/usd_per_hour/on-demand=20:40 --format json\n"
    "      a cloud offer's price at one pricing; JSON rows {address, low, high, owning_saves_at_low_usd, ...}\n";

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
    command->footer(std::string(k_examples) + "\n" + k_exit_codes_help);
    command->allow_extras();
    return command_for(command, options, run_sensitivity);
}

}  // namespace gpucost::cli
