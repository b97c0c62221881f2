// gpucost check: the compare report plus budget gates, for CI jobs; exit code 1 when a gate fails.
#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/io/scenario_json.hpp"
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

// A gate's key in a scenario file's "gates": its flag's name in the scenario's spelling, "max_payback_months".
std::string scenario_key(const GateInfo& gate) {
    std::string key(gate.name);
    std::replace(key.begin(), key.end(), '-', '_');
    return key;
}

bool flag_given(const CheckOptions& o, const GateInfo& gate) {
    return gate.own_flag ? o.given.at(flag_of(gate))->count() > 0
                         : o.freshness.option != nullptr && o.freshness.option->count() > 0;
}

// Why a scenario's gate value is not valid for its row, or "" when it is.
std::string scenario_value_problem(const GateInfo& gate, const std::variant<double, std::string>& value) {
    const auto* number = std::get_if<double>(&value);
    const auto* word = std::get_if<std::string>(&value);
    if (gate.unit == GateUnit::side)
        return word != nullptr && (*word == "build" || *word == "cloud")
                   ? ""
                   : fmt::format("must be \"build\" or \"cloud\", got {}",
                                 word != nullptr ? quote_value(*word) : exact_number(*number));
    if (number == nullptr) return fmt::format("must be a number, got {}", quote_value(*word));
    if (gate.unit == GateUnit::probability && (*number < 0 || *number > 1))
        return "must be a probability in [0, 1], got " + exact_number(*number);
    if (gate.unit == GateUnit::days && (*number < 0 || *number > 36500 || *number != static_cast<int>(*number)))
        return "must be a whole number of days in [0, 36500], got " + exact_number(*number);
    if (*number < 0) return "must be a number >= 0, got " + exact_number(*number);
    return "";
}

// The --scenario file's "gates", each where its flag is not given (flags win gate by gate). A name the gates table
// lacks or a bad value is a data error at its path, every one reported together.
void add_scenario_gates(const CheckOptions& o, Gates& g) {
    if (o.scenario.scenario.empty()) return;
    const Scenario scenario = load_scenario_file(o.scenario.scenario);
    std::vector<std::string> keys;
    std::vector<const GateInfo*> rows;  // check's rows, beside their keys
    for (const GateInfo& gate : gate_infos())
        if (gate.for_check()) {
            keys.push_back(scenario_key(gate));
            rows.push_back(&gate);
        }
    std::vector<Problem> problems;
    for (const auto& [name, value] : scenario.gates) {
        const std::string path = "/gates/" + name;
        const auto row = std::find(keys.begin(), keys.end(), name);
        if (row == keys.end()) {
            problems.push_back({path, "unknown gate" + did_you_mean(name, keys) + "; see 'gpucost check --help'"});
            continue;
        }
        const GateInfo& gate = *rows[static_cast<std::size_t>(row - keys.begin())];
        if (std::string why = scenario_value_problem(gate, value); !why.empty()) {
            problems.push_back({path, std::move(why)});
            continue;
        }
        if (flag_given(o, gate)) continue;
        if (gate.unit == GateUnit::side) {
            g.expect = side(std::get<std::string>(value));
        } else {
            g.*gate.limit = std::get<double>(value);
            if (gate.unit == GateUnit::days) g.today = today();
        }
    }
    if (!problems.empty()) throw ValidationError(o.scenario.scenario, std::move(problems));
}

// The gates the flags ask for, row by row of the gates table; --max-age-days is the common freshness flag; then the
// scenario's gates where no flag is given.
Gates gates_for(const CheckOptions& o) {
    Gates g;
    for (const GateInfo& gate : gate_infos()) {
        if (!gate.own_flag || !gate.for_check()) continue;
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
    add_scenario_gates(o, g);
    return g;
}

int run_check(const CheckOptions& o, const Io& io) {
    const std::vector<RangeEntry> ranges = flag_ranges(o.ranges);
    const SimulationOptions simulation = simulation_options(o.simulation);
    // The gates are read inside the pipeline: after the --output refusal and the scenario's own checks.
    const CheckReport& check = run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        return check_report(catalog, request, gates_for(o), ranges, simulation);
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
        if (!gate.own_flag || !gate.for_check()) continue;
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
    if (CLI::Option* max_age = command->get_option_no_throw("--max-age-days"))  // unless NamedFlagsOnly left it out
        max_age->description(std::string(age->help))->group(k_gates);
    command->footer(command_footer("check"));
    command->allow_extras();
    return command_for(command, options, run_check);
}

}  // namespace gpucost::cli
