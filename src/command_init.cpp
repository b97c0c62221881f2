// gpucost init: print a complete scenario file to edit and keep in a repository.
#include <fmt/format.h>

#include <ostream>

#include "cli_common.hpp"
#include "gpucost/scenario.hpp"

namespace gpucost::cli {
namespace {

constexpr const char* k_examples =
    "Examples:\n"
    "  gpucost init --output gpucost.json\n"
    "      write every assumption at its default, with where each default comes from (\"_sources\")\n"
    "  gpucost compare --scenario gpucost.json\n"
    "      compare with the (edited) file; flags still win over it key by key\n";

struct InitOptions {
    CatalogOptions catalog;
    OutputOptions output;
};

}  // namespace

Command add_init_command(CLI::App& app) {
    auto options = std::make_shared<InitOptions>();
    CLI::App* command = app.add_subcommand("init", "print a scenario file with every assumption and its default");
    add_output_option(*command, options->output);
    add_catalog_options(*command, options->catalog);
    command->footer(std::string(k_examples) + "\n" + k_exit_codes_help);
    command->allow_extras();
    return {command, [command, options](std::ostream& out, std::ostream& err) {
                reject_extras(*command);
                const Catalog catalog = load_catalog(options->catalog, err);
                write_result(options->output, scenario_template(catalog), out);
                return static_cast<int>(ExitCode::success);
            }};
}

}  // namespace gpucost::cli
