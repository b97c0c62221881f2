// gpucost rank: every build and every cloud offer that meets the requirements, by cost per unit of a workload's work.
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {

struct RankOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;
    ScenarioOptions scenario;  // with the match flags: --workload, the requirements, --tier, --verbose
};

int run_rank(const RankOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    const ComparisonRequest request = comparison_request(o.scenario);
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const RankReport report = rank_report(catalog, request);
    const std::string text = render(report, output.format, output.render);
    if (o.scenario.match.verbose)
        for (const Excluded& e : report.excluded)
            print_line(io.err, "note", fmt::format("left out {} {}: {}", e.kind, quote_value(e.id), e.reason));
    finish(o.output.output, text, report.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_rank_command(CLI::App& app) {
    auto options = std::make_shared<RankOptions>();
    CLI::App* command =
        app.add_subcommand("rank", "every build and cloud offer ranked by cost per unit of a workload's work");
    add_scenario_options(*command, options->scenario);
    // rank ranks every build and offer on its own: compare's --build, --cloud and --match do not apply.
    for (const char* name : {"--build", "--cloud", "--match"}) command->remove_option(command->get_option(name));
    command->get_option("--workload")->description("the work to price: a workload id of the catalogue (required)");
    add_report_output_options(*command, options->output, k_chart_formats);
    add_svg_chart_option(*command, options->chart, "rank");
    add_catalog_options(*command, options->catalog);
    command->footer(command_footer("rank"));
    command->allow_extras();
    return command_for(command, options, run_rank);
}

}  // namespace gpucost::cli
