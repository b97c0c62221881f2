// gpucost check: the compare report plus budget gates, for CI jobs; exit code 1 when a gate fails.
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/util/text.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct CheckOptions : ReportCommandOptions {
    std::map<std::string, std::string> limits;  // flag -> text as typed
    std::map<std::string, const CLI::Option*> given;
    RangeOptions ranges;
    SimulationFlags simulation;
};

std::string flag_of(const GateInfo& gate) { return "--" + std::string(gate.name); }

// A limit as typed: a probability in [0, 1], else a number >= 0.
double limit(const GateInfo& gate, const std::string& text) {
    const std::string flag = flag_of(gate);
    const auto value = parse_number(text);
    if (gate.unit == GateUnit::probability) {
        if (!value || *value < 0 || *value > 1)
            throw UsageError(fmt::format("{}: must be a probability in [0, 1], got {}", flag, quote_value(text)));
    } else if (!value || *value < 0) {
        throw UsageError(fmt::format("{}: must be a number >= 0, got {}", flag, quote_value(text)));
    }
    return *value;
}

Side side(const std::string& text) {
    if (text == "build") return Side::build;
    if (text == "cloud") return Side::cloud;
    throw UsageError(fmt::format("--expect: must be build or cloud, got {}{}", quote_value(text),
                                 did_you_mean(text, {"build", "cloud"})));
}

// The gates the flags ask for, row by row of the gates table; --max-age-days is the common freshness flag.
Gates gates_for(const CheckOptions& o) {
    Gates g;
    for (const GateInfo& gate : gate_infos()) {
        if (!gate.own_flag) continue;
        const std::string flag = flag_of(gate);
        if (o.given.at(flag)->count() == 0) continue;
        if (gate.unit == GateUnit::side)
            g.expect = side(o.limits.at(flag));
        else
            g.*gate.limit = limit(gate, o.limits.at(flag));
    }
    if (const auto days = max_age_days(o.freshness)) {
        g.max_age_days = *days;
        g.today = today();
    }
    return g;
}

int run_check(const CheckOptions& o, const Io& io) {
    const Gates gates = gates_for(o);
    const std::vector<RangeEntry> ranges = flag_ranges(o.ranges);
    const SimulationOptions simulation = simulation_options(o.simulation);
    const CheckReport check = run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        return check_report(catalog, request, gates, ranges, simulation);
    });
    // A failed gate is the command's result, not a warning: --quiet drops the "ok" lines only.
    std::ostream& warn = warnings(o.output.quiet, io);
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
    for (const GateInfo& gate : gate_infos()) {
        if (!gate.own_flag) continue;
        const std::string flag = flag_of(gate);
        options->given[flag] = command->add_option(flag, options->limits[flag], std::string(gate.help))
                                   ->type_name(std::string(gate.type_name))
                                   ->group(k_gates);
    }
    add_simulation_options(*command, options->simulation, k_gates);
    add_range_options(*command, options->ranges);
    add_freshness_option(*command, options->freshness);
    // The common --max-age-days is a gate here: its row's words, in the gates' group.
    const GateInfo* age = find_gate("max-age-days");
    command->get_option("--max-age-days")->description(std::string(age->help))->group(k_gates);
    command->footer(command_footer("check"));
    command->allow_extras();
    return command_for(command, options, run_check);
}

}  // namespace gpucost::cli
