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
};

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
    PlanInput input = o.input;
    input.gpus = o.gpus;
    run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        read_plan_demand(o, input);
        return build_plan_report(catalog, request, input);
    });
    return static_cast<int>(ExitCode::success);
}

void add_plan_demand_options(CLI::App& command, PlanOptions& o) {
    command.add_option("--gpus", o.gpus, "GPUs busy for --hours-per-week in month 1 (default: the build's GPUs)")
        ->type_name("N");
    command
        .add_option("--growth-per-year", o.input.growth_per_year,
                    "demand grows by this fraction a year (0.3: 30%); a file's months repeat, grown, past its end")
        ->type_name("FRACTION");
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
    command
        .add_option("--decide-every", o.input.decide_every_months,
                    "months between the plan's decisions to buy or commit (default 12: months 1, 13, 25, ...)")
        ->type_name("MONTHS");
    command
        .add_option("--failures-per-year", o.input.reliability.failures_per_machine_year,
                    "failures of an owned machine a year; its work is rented while it is repaired")
        ->type_name("N");
    command.add_option("--repair-hours", o.input.reliability.repair_hours, "hours a failure keeps a machine down")
        ->type_name("HOURS");
}

}  // namespace

Command add_plan_command(CLI::App& app) {
    auto options = std::make_shared<PlanOptions>();
    CLI::App* command = app.add_subcommand("plan", "a demand over time: the cheapest mix of owned machines, "
                                                   "commitments and on-demand, beside the pure strategies");
    add_plan_demand_options(*command, *options);
    add_scenario_options(*command, options->scenario);
    command->get_option("--build")->description("the machine the plan may own (required)");
    add_report_output_options(*command, options->output, "table, json, csv, tsv, markdown or html");
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("plan"));
    command->allow_extras();
    return command_for(command, options, run_plan);
}

}  // namespace gpucost::cli
