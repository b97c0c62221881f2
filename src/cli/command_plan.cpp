// gpucost plan: a demand over time against one build and its matched offer, the cheapest mix of owning,
// committing and renting, beside the pure strategies (docs/plan.md).
// g++ 12 at -O2 reports a "potential null pointer dereference" inside CLI11's split() for a repeatable option (as
// in command_sweep.cpp); silenced for this file alone, before the headers.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/render/plan.hpp"
#include "gpucost/report/gates.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

// Demand files are read a chunk at a time; this bounds a runaway file (an hourly CSV of a century is 40 MB).
constexpr std::size_t k_max_demand_file_bytes = std::size_t{4} << 30;

struct PlanOptions : ReportCommandOptions {
    PlanInput input;
    std::optional<std::int64_t> gpus;
    std::string monthly_file;
    std::string hourly_file;
    std::string sacct_file;
    Gates gates;
};

// The gates' limits in range: money >= 0, a share in [0, 1].
void check_plan_gate_limits(const Gates& g) {
    for (const GateInfo& gate : gate_infos()) {
        if (gate.plan_value == nullptr) continue;
        const std::optional<double>& limit = g.*gate.limit;
        if (!limit) continue;
        const bool share = gate.unit == GateUnit::share;
        if (!(*limit >= 0.0 && (!share || *limit <= 1.0)))
            throw UsageError(
                fmt::format("plan: --{}: must be {}, got {}", gate.name, share ? "in [0, 1]" : ">= 0", *limit));
    }
}

// The demand file named, read into months; nothing when the demand comes from flags.
void read_plan_demand(const PlanOptions& o, PlanInput& input) {
    const int named =
        (o.monthly_file.empty() ? 0 : 1) + (o.hourly_file.empty() ? 0 : 1) + (o.sacct_file.empty() ? 0 : 1);
    if (named > 1) throw UsageError("plan: give one of --demand-monthly, --demand-hourly and --demand-sacct");
    if (named == 1 && (o.gpus || !o.input.steps.empty() || o.input.burst_gpus > 0))
        throw UsageError(
            "plan: --gpus, --step and --burst-gpus shape a demand from flags; a demand file gives its own");
    if (!o.monthly_file.empty()) {
        CsvReader reader(text_file_chunks(o.monthly_file, k_max_demand_file_bytes, "a demand file"), o.monthly_file);
        input.history = plan::read_monthly_csv(reader);
        input.demand_source = "monthly CSV " + o.monthly_file;
    } else if (!o.hourly_file.empty()) {
        CsvReader reader(text_file_chunks(o.hourly_file, k_max_demand_file_bytes, "a demand file"), o.hourly_file);
        input.history = plan::read_hourly_csv(reader);
        input.demand_source = "hourly CSV " + o.hourly_file;
    } else if (!o.sacct_file.empty()) {
        const auto lines = plan::file_lines(o.sacct_file);
        input.history = plan::read_sacct(*lines, o.sacct_file);
        input.demand_source = "Slurm sacct " + o.sacct_file;
    }
}

int run_plan(const PlanOptions& o, const Io& io) {
    check_plan_gate_limits(o.gates);
    PlanInput input = o.input;
    input.gpus = o.gpus;
    const PlanReport& report = run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        read_plan_demand(o, input);
        PlanReport r = build_plan_report(catalog, request, input);
        r.checks = evaluate_plan_gates(r, o.gates);  // before it is written: the JSON and the document carry them
        return r;
    });
    // As check: a failed gate is the command's result (stderr, exit code 1); --quiet drops the "ok" lines only.
    std::ostream& warn = warnings(o.output.quiet, io);
    for (const GateCheck& c : report.checks) (c.passed ? warn : io.err) << gate_line(c, true) << "\n";
    return report.gates_exit_code();
}

// A flag per plan row of the gates table (report/gates.cpp), in the rows' order.
void add_plan_gate_options(CLI::App& command, Gates& g) {
    constexpr const char* k_group = "Budget gates on the plan (exit code 1 when one fails, as check)";
    for (const GateInfo& gate : gate_infos()) {
        if (gate.plan_value == nullptr) continue;
        command.add_option("--" + std::string(gate.name), g.*gate.limit, std::string(gate.plan_help))
            ->type_name(std::string(gate.type_name))
            ->group(k_group);
    }
}

void add_plan_demand_options(CLI::App& command, PlanOptions& o) {
    command.add_option("--gpus", o.gpus, "GPUs busy for --hours-per-week in month 1 (default: the build's GPUs)")
        ->type_name("N");
    command
        .add_option("--growth-per-year", o.input.growth_per_year,
                    "demand grows by this fraction a year (0.3: 30%); a file's months repeat, grown, past its end")
        ->type_name("FRACTION");
    command
        .add_option("--growth-low", o.input.growth_low,
                    "a low demand case for the regret table: growth a year, at most --growth-per-year")
        ->type_name("FRACTION");
    command
        .add_option("--growth-high", o.input.growth_high,
                    "a high demand case for the regret table: growth a year, at least --growth-per-year")
        ->type_name("FRACTION");
    command
        .add_option("--demand-case", o.input.demand_cases,
                    "a demand case for the regret table: the base demand with flags changed, such as "
                    "no-step:steps=none or double-burst:burst-gpus=4 (keys: growth, gpus, hours-per-week, burst-gpus, "
                    "burst-hours, steps=none, step=MONTH=GPUS; repeatable)")
        ->type_name("NAME:KEY=VALUE,...");
    command.add_option("--step", o.input.steps, "from month MONTH on, GPUS busy (repeatable)")->type_name("MONTH=GPUS");
    command.add_option("--burst-gpus", o.input.burst_gpus, "GPUs busy on top of the level in a burst each month")
        ->type_name("N");
    command.add_option("--burst-hours", o.input.burst_hours, "hours a month the burst lasts, [0, 730]")
        ->type_name("HOURS");
    command.add_option("--demand-monthly", o.monthly_file, "demand from a CSV of month,gpu_hours,peak_gpus")
        ->type_name("FILE");
    command.add_option("--demand-hourly", o.hourly_file, "demand from a CSV of timestamp,gpus_busy (one row an hour)")
        ->type_name("FILE");
    command
        .add_option("--demand-sacct", o.sacct_file,
                    "demand from Slurm's sacct --parsable2 (JobID, Start, End, AllocTRES)")
        ->type_name("FILE");
    command.add_flag("--monthly", o.input.monthly,
                     "add the plan's month-by-month cash flow (CSV and TSV: one row a month instead of a row a "
                     "strategy)");
    command
        .add_option("--decide-every", o.input.decide_every_months,
                    "months between the plan's decisions to buy or commit (default 12: months 1, 13, 25, ...)")
        ->type_name("MONTHS");
}

}  // namespace

Command add_plan_command(CLI::App& app) {
    auto options = std::make_shared<PlanOptions>();
    CLI::App* command = app.add_subcommand("plan", "a demand over time: the cheapest mix of owned machines, "
                                                   "commitments and on-demand, beside the pure strategies");
    add_plan_demand_options(*command, *options);
    add_plan_gate_options(*command, options->gates);
    add_scenario_options(*command, options->scenario);
    if (CLI::Option* build = command->get_option_no_throw("--build"))  // unless NamedFlagsOnly left it out
        build->description("the machine the plan may own (required)");
    add_report_output_options(*command, options->output, k_workbook_formats);
    add_svg_chart_option(*command, options->chart, "capacity or cumulative-spend");
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("plan"));
    command->allow_extras();
    return command_for(command, options, run_plan);
}

}  // namespace gpucost::cli
