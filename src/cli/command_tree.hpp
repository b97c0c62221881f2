// The command tree: the top-level app and every subcommand, or (the lone tree) the one command a run names, so
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

// `only` alone, whole (nothing when it names no command): the lone tree. No other command is there, not even by
// name; lone_command() sends every run whose words name a second command to the whole tree, so that no word the
// whole tree would route to another command reaches this one.
std::vector<Command> add_commands(CLI::App& app, std::string_view only);

// The command a run with `args` may build alone: the one command its words name (before `--`), or "" when they
// name none (`--version`); nothing when the run needs the whole tree: `help`, `completion` and `manpage` walk it,
// and words naming two commands ("compare --build catalog") are routed by it.
std::optional<std::string> lone_command(const std::vector<std::string>& args);

}  // namespace gpucost::cli
