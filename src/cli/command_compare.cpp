// gpucost compare: owning a build against renting its cloud match.
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"

namespace gpucost::cli {
namespace {

struct CompareOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;
    ScenarioOptions scenario;
    FreshnessOptions freshness;
};

int run_compare(const CompareOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    ComparisonRequest request = comparison_request(o.scenario);
    request.max_age_days = max_age_days(o.freshness);
    if (request.max_age_days) request.today = today();
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const Report report = compare_report(catalog, request);
    print_exclusions(warn, o.scenario.match, report.excluded);
    const std::string text = render(report, output.format, output.render);
    finish(o.output.output, text, report.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_compare_command(CLI::App& app) {
    auto options = std::make_shared<CompareOptions>();
    CLI::App* command = app.add_subcommand("compare", "compare owning a build against renting its cloud match");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_chart_option(*command, options->chart);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("compare"));
    command->allow_extras();
    return command_for(command, options, run_compare);
}

}  // namespace gpucost::cli
