// Pieces every subcommand shares: the catalogue and assumption flags, formats, messages.
// Private to the CLI layer: the only place besides cli.cpp that includes CLI11.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gpucost/assumptions.hpp"
#include "gpucost/catalog.hpp"
#include "gpucost/error.hpp"
#include "gpucost/render.hpp"
#include "gpucost/report.hpp"

namespace gpucost::cli {

// A subcommand: its CLI11 app, and what to run when it is the one parsed.
struct Command {
    CLI::App* app = nullptr;
    std::function<int(std::ostream& out, std::ostream& err)> run;
};

// The exit codes, as --help prints them.
extern const char* const k_exit_codes_help;

// Flags that choose the catalogue: --catalog FILE.
struct CatalogOptions {
    std::string catalog;
};
void add_catalog_options(CLI::App& command, CatalogOptions& options);
// Loads the catalogue the options name (the embedded one by default); prints its warnings to `err`.
Catalog load_catalog(const CatalogOptions& options, std::ostream& err);

// --format for commands that print a report.
struct FormatOptions {
    std::string format = "table";
};
void add_format_option(CLI::App& command, FormatOptions& options, const std::string& choices = "table, json or csv");
// Throws UsageError naming the valid formats.
Format parse_format(const std::string& text);

// What to compare: --build, --cloud and every assumption flag, as typed.
struct ScenarioOptions {
    std::string build;
    std::string cloud;
    std::string months;
    const CLI::Option* months_option = nullptr;
    std::map<AssumptionKey, std::string> assumptions;
    std::map<AssumptionKey, const CLI::Option*> given;  // to tell a flag left out from one set to ""
};
void add_scenario_options(CLI::App& command, ScenarioOptions& options);
// The assumption flags as a layer (origin "flag"); throws UsageError listing every bad flag.
AssumptionLayer flag_layer(const ScenarioOptions& options);
// The comparison the flags ask for.
ComparisonRequest comparison_request(const ScenarioOptions& options);

// One line per problem: "gpucost: <kind>: <file>: <path>: <message>".
void print_problems(std::ostream& err, const char* kind, const std::string& file, const std::vector<Problem>& problems);
// "unknown option "--x" (did you mean "--y"?); see 'gpucost compare --help'".
std::string unknown_argument_message(const std::vector<std::string>& extras, const CLI::App& command);
// Throws UsageError when the command got arguments it does not know.
void reject_extras(const CLI::App& command);

// Subcommands, each in its own file.
Command add_compare_command(CLI::App& app);

}  // namespace gpucost::cli
