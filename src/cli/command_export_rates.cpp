// gpucost export-rates --build ID --to opencost|skypilot: the owned machine's fully loaded cost per GPU-hour, in the
// pricing formats of the tools that allocate GPU cost.
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/render/export_rates.hpp"
#include "gpucost/util/text.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct ExportRatesOptions {
    CatalogOptions catalog;
    FreshnessOptions freshness;
    ScenarioOptions scenario;
    OutputOptions output;
    QuietOption quiet;
    std::string target;
    std::string accelerator;
};

// A bad --to is a usage error before anything is read.
void check_target(const std::string& target) {
    if (target == "opencost" || target == "skypilot") return;
    std::vector<std::string> names(std::begin(k_rate_targets), std::end(k_rate_targets));
    throw UsageError(
        fmt::format("--to: must be opencost or skypilot, got {}{}", quote_value(target), did_you_mean(target, names)));
}

std::string rate_text(const std::string& target, const RateExport& rates) {
    check_target(target);
    return target == "opencost" ? opencost_pricing_json(rates) : skypilot_pricing_yaml(rates);
}

int run_export_rates(const ExportRatesOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output, report_inputs(o.catalog, o.scenario));
    check_target(o.target);
    const ComparisonRequest request = report_request(o.scenario, o.freshness);
    if (!request.build_id)
        throw UsageError("export-rates: name the machine with --build ID (or \"build\" in the --scenario file): "
                         "a rate is one build's");
    std::ostream& warn = warnings(o.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const Report report = build_report(catalog, request);
    const Gpu* gpu = report.comparisons.empty() ? nullptr : catalog.find_gpu(report.comparisons.front().build.gpu_id);
    const std::string alias = gpu != nullptr && !gpu->aliases.empty() ? gpu->aliases.front() : "";
    const RateExport rates = rate_export(report, o.accelerator, alias);
    finish(o.output, rate_text(o.target, rates), rates.header.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_export_rates_command(CLI::App& app) {
    auto options = std::make_shared<ExportRatesOptions>();
    CLI::App* command = app.add_subcommand(
        "export-rates", "the owned machine's fully loaded cost per GPU-hour, as OpenCost or SkyPilot pricing");
    command->add_option("--to", options->target, "the tool to write for: opencost (JSON) or skypilot (YAML)")
        ->required()
        ->type_name("TOOL");
    command
        ->add_option("--accelerator", options->accelerator,
                     "skypilot: the accelerator name to price (default: the GPU's first alias in the catalogue)")
        ->type_name("NAME");
    add_scenario_options(*command, options->scenario);
    add_output_option(*command, options->output);
    add_quiet_option(*command, options->quiet);
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("export-rates"));
    command->allow_extras();
    return command_for(command, options, run_export_rates);
}

}  // namespace gpucost::cli
