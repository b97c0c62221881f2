// gpucost sweep: the grid of one or two inputs, each point a full comparison.
// g++ 12 at -O2 reports a "potential null pointer dereference" inside CLI11's split() as inlined into this file's
// add_option call for a repeatable option (a false positive in libstdc++'s string, as in options_catalog.cpp);
// silenced for this file alone, before the headers.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <ostream>

#include <fmt/format.h>

#include "command_docs.hpp"
#include "gpucost/util/text.hpp"
#include "report_command.hpp"

namespace gpucost::cli {
namespace {

struct SweepOptions : ReportCommandOptions {
    std::vector<std::string> vary;
};

SweepVary parse_vary(const std::string& text) {
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos)
        throw UsageError(fmt::format("--vary: expected ADDRESS=START:STOP:STEP, got {}", quote_value(text)));
    SweepVary v;
    v.address = text.substr(0, equals);
    const std::string grid = text.substr(equals + 1);
    std::array<double, 3> numbers{};
    std::size_t start = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        const std::size_t colon = grid.find(':', start);
        const bool last = i == 2;
        if (last != (colon == std::string::npos))
            throw UsageError(fmt::format("--vary {}: expected START:STOP:STEP, got {}", v.address, quote_value(grid)));
        const std::string part = grid.substr(start, last ? std::string::npos : colon - start);
        const auto n = parse_number(part);
        if (!n)
            throw UsageError(fmt::format("--vary {}: {} must be a number, got {}", v.address,
                                         std::array{"START", "STOP", "STEP"}[i], quote_value(part)));
        numbers[i] = *n + 0.0;
        start = colon + 1;
    }
    v.start = numbers[0];
    v.stop = numbers[1];
    v.step = numbers[2];
    return v;
}

int run_sweep(const SweepOptions& o, const Io& io) {
    if (o.vary.empty() || o.vary.size() > 2)
        throw UsageError("sweep needs one or two --vary ADDRESS=START:STOP:STEP; see 'gpucost sweep --help'");
    std::vector<SweepVary> vary;
    for (const std::string& text : o.vary) vary.push_back(parse_vary(text));
    run_report(o, io, [&](const Catalog& catalog, const ComparisonRequest& request) {
        return sweep_report(catalog, {request, {}}, vary);
    });
    return static_cast<int>(ExitCode::success);
}
}  // namespace

Command add_sweep_command(CLI::App& app) {
    auto options = std::make_shared<SweepOptions>();
    CLI::App* command =
        app.add_subcommand("sweep", "the comparison over a grid of one or two inputs: where does the verdict flip?");
    command
        ->add_option("--vary", options->vary,
                     "an input and its grid; ADDRESS as for --range (an assumption key, gpu:ID/FIELD, build:ID/FIELD, "
                     "cloud:ID/usd_per_hour/PRICING); once or twice")
        ->type_name("ADDRESS=START:STOP:STEP");
    add_scenario_options(*command, options->scenario);
    add_report_output_options(*command, options->output, k_chart_formats);
    add_svg_chart_option(*command, options->chart, "sweep");
    add_catalog_options(*command, options->catalog);
    add_freshness_option(*command, options->freshness);
    command->footer(command_footer("sweep"));
    command->allow_extras();
    return command_for(command, options, run_sweep);
}

}  // namespace gpucost::cli
