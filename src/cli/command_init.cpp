// gpucost init: print a complete scenario file to edit and keep in a repository.
#include <filesystem>
#include <ostream>
#include <system_error>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {

struct InitOptions {
    CatalogOptions catalog;
    OutputOptions output;
    QuietOption quiet;
    bool force = false;
};

// A scenario file is edited by hand, so init never replaces one (or anything else) unless told to.
void refuse_to_overwrite(const InitOptions& o) {
    if (o.force || writes_to_stdout(o.output)) return;
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(o.output.output, error))) return;
    throw UsageError(fmt::format("--output {}: the file exists (an edited scenario?); add --force to replace it, or "
                                 "name another file",
                                 quote_value(o.output.output)));
}

int run_init(const InitOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output, catalog_inputs(o.catalog));
    refuse_to_overwrite(o);
    std::ostream& warn = warnings(o.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    write_result(o.output, scenario_template(catalog), io.out, warn);
    return static_cast<int>(ExitCode::success);
}

}  // namespace

Command add_init_command(CLI::App& app) {
    auto options = std::make_shared<InitOptions>();
    CLI::App* command = app.add_subcommand("init", "print a scenario file with every assumption and its default");
    add_output_option(*command, options->output);
    add_catalog_options(*command, options->catalog);
    add_quiet_option(*command, options->quiet);
    command->add_flag("--force", options->force, "with --output FILE, replace FILE if it exists");
    command->footer(command_footer("init"));
    command->allow_extras();
    return command_for(command, options, run_init);
}

}  // namespace gpucost::cli
