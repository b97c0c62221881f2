// gpucost init: print a complete scenario file to edit and keep in a repository.
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/scenario.hpp"

namespace gpucost::cli {
namespace {

struct InitOptions {
    CatalogOptions catalog;
    OutputOptions output;
    QuietOption quiet;
};

int run_init(const InitOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output, catalog_inputs(o.catalog));
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
    command->footer(command_footer("init"));
    command->allow_extras();
    return command_for(command, options, run_init);
}

}  // namespace gpucost::cli
