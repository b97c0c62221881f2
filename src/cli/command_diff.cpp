// gpucost diff OLD.json NEW.json: what changed between two compare runs, for a pull-request comment.
#include <ostream>

#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/diff.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct DiffOptions {
    std::string before;
    std::string after;
    ReportOutputOptions output;
};

int run_diff(const DiffOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, {{"OLD", o.before}, {"NEW", o.after}});
    const ReportOutput output = report_output(o.output, io);
    const DiffReport report = diff_report(o.before, o.after, json_schema_version());
    const std::string text = render(report, output.format, output.render);
    finish(o.output.output, text, report.header.warnings, warnings(o.output.quiet, io), io);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_diff_command(CLI::App& app) {
    auto options = std::make_shared<DiffOptions>();
    CLI::App* command = app.add_subcommand(
        "diff", "what changed between two compare --format json runs: totals, verdict flips, break-even, assumptions");
    command->add_option("OLD", options->before, "the baseline: a compare (or check) --format json output")
        ->required()
        ->type_name("FILE");
    command->add_option("NEW", options->after, "the run to compare with it, from the same gpucost")
        ->required()
        ->type_name("FILE");
    add_report_output_options(*command, options->output, "table, json, csv, tsv, markdown or html");
    command->footer(command_footer("diff"));
    command->allow_extras();
    return command_for(command, options, run_diff);
}

}  // namespace gpucost::cli
