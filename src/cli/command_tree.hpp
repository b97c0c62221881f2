// The command tree: the top-level app and every subcommand, each built whole or as a stub (its name alone), so
// that a run builds the options of the one command it runs, not those of all fifteen (docs/performance.md,
// "Start-up: one command's options").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli_common.hpp"

namespace gpucost::cli {

// The top-level app's description, as `gpucost --help` prints it first.
extern const char* const k_top_level_description;

// The top-level app's footer and its one flag, --version (into `version`); words it does not know are kept for the
// "unknown command" message.
void add_top_level(CLI::App& app, bool& version);

// The names of gpucost's commands, in the order add_commands() adds them (and --help lists them).
std::vector<std::string_view> command_names();

// Adds every command to `app`, in command_names()'s order, each whole: its options, subcommands and run.
std::vector<Command> add_commands(CLI::App& app);

// The same, with `only` whole (none when it names no command) and every other command a stub: its name alone,
// which CLI11 routes a word to exactly as it would the whole command (routing reads names only), and an empty run.
// A parse that reaches a stub is decided again on the whole tree.
std::vector<Command> add_commands(CLI::App& app, std::string_view only);

// The command a run with `args` may build alone: the first argument that names a command, or "" when none does
// (`--version`); nothing when the run needs the whole tree: `help`, `completion` and `manpage` walk it.
std::optional<std::string> lone_command(const std::vector<std::string>& args);

}  // namespace gpucost::cli
