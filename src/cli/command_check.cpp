// gpucost check: the compare report plus budget gates, for CI jobs; exit code 1 when a gate fails.
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {

struct CheckOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ScenarioOptions scenario;
    FreshnessOptions freshness;
    std::map<std::string, std::string> limits;  // flag -> text as typed
    std::map<std::string, const CLI::Option*> given;
    std::string expect;
    RangeOptions ranges;
    SimulationFlags simulation;
};

constexpr std::array<const char*, 5> k_limit_flags = {"--max-build-total-usd", "--max-cloud-total-usd",
                                                      "--max-monthly-usd", "--max-payback-months", "--max-upfront-usd"};
constexpr std::array<const char*, 2> k_probability_flags = {"--min-p-build-cheaper", "--max-p-cloud-cheaper"};

std::optional<double> probability(const CheckOptions& o, const char* flag) {
    if (o.given.at(flag)->count() == 0) return std::nullopt;
    const std::string& text = o.limits.at(flag);
    const auto value = parse_number(text);
    if (!value || *value < 0 || *value > 1)
        throw UsageError(fmt::format("{}: must be a probability in [0, 1], got {}", flag, quote_value(text)));
    return *value;
}

std::optional<double> limit(const CheckOptions& o, const char* flag) {
    if (o.given.at(flag)->count() == 0) return std::nullopt;
    const std::string& text = o.limits.at(flag);
    const auto value = parse_number(text);
    if (!value || *value < 0)
        throw UsageError(fmt::format("{}: must be a number >= 0, got {}", flag, quote_value(text)));
    return *value;
}

Gates gates_for(const CheckOptions& o) {
    Gates g;
    g.max_build_total_usd = limit(o, k_limit_flags[0]);
    g.max_cloud_total_usd = limit(o, k_limit_flags[1]);
    g.max_monthly_usd = limit(o, k_limit_flags[2]);
    g.max_payback_months = limit(o, k_limit_flags[3]);
    g.max_upfront_usd = limit(o, k_limit_flags[4]);
    if (o.given.at("--expect")->count() > 0) {
        if (o.expect == "build")
            g.expect = Side::build;
        else if (o.expect == "cloud")
            g.expect = Side::cloud;
        else
            throw UsageError(fmt::format("--expect: must be build or cloud, got {}{}", quote_value(o.expect),
                                         did_you_mean(o.expect, {"build", "cloud"})));
    }
    g.max_age_days = max_age_days(o.freshness);
    g.min_p_build_cheaper = probability(o, k_probability_flags[0]);
    g.max_p_cloud_cheaper = probability(o, k_probability_flags[1]);
    return g;
}

int run_check(const CheckOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, io);
    Gates gates = gates_for(o);
    ComparisonRequest request = comparison_request(o.scenario);
    request.max_age_days = gates.max_age_days;
    if (gates.max_age_days) request.today = gates.today = today();
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const CheckReport check =
        check_report(catalog, request, gates, flag_ranges(o.ranges), simulation_options(o.simulation));
    const std::string text = render(check, output.format, output.render);
    print_exclusions(warn, o.scenario.match, check.report.excluded);
    finish(o.output.output, text, check.report.warnings, warn, io);
    // A failed gate is the command's result, not a warning: --quiet drops the "ok" lines only.
    const bool with_ids = !check.report.detailed;
    for (const GateCheck& c : check.checks) (c.passed ? warn : io.err) << gate_line(c, with_ids) << "\n";
    if (check.checks.empty()) print_line(warn, "warning", "no gate given; check passes (see 'gpucost check --help')");
    return static_cast<int>(all_passed(check.checks) ? ExitCode::success : ExitCode::gate_failed);
}

}  // namespace

Command add_check_command(CLI::App& app) {
    auto options = std::make_shared<CheckOptions>();
    CLI::App* command =
        app.add_subcommand("check", "the compare report plus budget gates for CI; exit code 1 when a gate fails");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output);
    add_catalog_options(*command, options->catalog);
    constexpr const char* k_gates = "Budget gates (each judged on every comparison)";
    const std::array<const char*, 5> help = {
        "fail when the build's total over the horizon exceeds USD",
        "fail when the cloud's total over the horizon exceeds USD",
        "fail when the cheaper side's highest monthly spend in months 1..M (undiscounted; purchase and resale "
        "left out) exceeds USD",
        "fail when owning has not paid for itself by month N (or never does)",
        "fail when the build's month-0 spend (hardware and setup) exceeds USD"};
    for (std::size_t i = 0; i < k_limit_flags.size(); ++i)
        options->given[k_limit_flags[i]] =
            command->add_option(k_limit_flags[i], options->limits[k_limit_flags[i]], help[i])
                ->type_name(i == 3 ? "N" : "USD")
                ->group(k_gates);
    options->given["--expect"] = command->add_option("--expect", options->expect, "fail unless this side is cheaper")
                                     ->type_name("build|cloud")
                                     ->group(k_gates);
    const std::array<const char*, 2> p_help = {
        "fail unless owning is cheaper in at least this share of a simulation's draws, [0, 1]",
        "fail when renting is cheaper in more than this share of a simulation's draws, [0, 1]"};
    for (std::size_t i = 0; i < k_probability_flags.size(); ++i)
        options->given[k_probability_flags[i]] =
            command->add_option(k_probability_flags[i], options->limits[k_probability_flags[i]], p_help[i])
                ->type_name("P")
                ->group(k_gates);
    add_simulation_options(*command, options->simulation, k_gates);
    add_range_options(*command, options->ranges);
    add_freshness_option(*command, options->freshness);
    command->get_option("--max-age-days")
        ->description(
            "fail when a figure's as_of is more than N days old (GPUCOST_TODAY=YYYY-MM-DD pins today), [0, 36500]")
        ->group(k_gates);
    command->footer(command_footer("check"));
    command->allow_extras();
    return command_for(command, options, run_check);
}

}  // namespace gpucost::cli
