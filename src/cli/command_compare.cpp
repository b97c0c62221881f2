// gpucost compare: owning a build against renting its cloud match.
#include <ostream>

#include <fmt/format.h>

#include "report_command.hpp"

namespace gpucost::cli {
namespace {

constexpr const char* k_examples =
    "Examples:\n"
    "  gpucost compare --hours-per-week 40\n"
    "      every build against its cheapest on-demand cloud offer, ranked\n"
    "  gpucost compare --build office-2x-rtx4090 --years 3\n"
    "      one build in detail: every assumption, the cost of each side by category\n"
    "  gpucost compare --build hgx-h100-thinkmate-2024 --cloud aws-p5.48xlarge-us-east-1 --pricing spot\n"
    "      one build against one chosen offer\n"
    "  gpucost compare --hours-per-week 80 --electricity-usd-per-kwh 0.25 --idle off --format json\n"
    "      change any assumption with its flag; JSON or CSV for scripts and spreadsheets\n"
    "  gpucost compare --build office-2x-rtx4090 --currency EUR --usd-rate 0.92\n"
    "      every computed figure in euros, at the rate you give (inputs stay in USD)\n"
    "  gpucost compare --build office-2x-rtx4090 --format html --output report.html\n"
    "      one page to attach or open offline: verdict, charts, breakdown, every assumption and its source\n"
    "  gpucost compare --build office-2x-rtx4090 --chart\n"
    "      the cumulative spend of both sides, drawn in the terminal under the table\n";

int run_compare(const ReportCommandOptions& o, const Io& io) {
    run_report(o, io, build_report);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_compare_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* command = app.add_subcommand("compare", "compare owning a build against renting its cloud match");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(std::string(k_examples) + "\n" + k_exit_codes_help);
    command->allow_extras();
    return command_for(command, options, run_compare);
}

}  // namespace gpucost::cli
