#include "command_tree.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace gpucost::cli {
namespace {

struct CommandEntry {
    std::string_view name;
    Command (*add)(CLI::App& app);
};

// One row per command, in the order --help lists them; each lives in its own command_*.cpp. The names are what
// each add_* function registers (tests/cli/test_command_tree.cpp holds them equal).
const std::array<CommandEntry, 15> k_commands = {{
    {"compare", add_compare_command},
    {"catalog", add_catalog_command},
    {"check", add_check_command},
    {"cashflow", add_cashflow_command},
    {"sensitivity", add_sensitivity_command},
    {"sweep", add_sweep_command},
    {"simulate", add_simulate_command},
    {"init", add_init_command},
    {"completion", add_completion_command},
    {"manpage", add_manpage_command},
    {"rank", add_rank_command},
    {"plan", add_plan_command},
    {"diff", add_diff_command},
    {"export-rates", add_export_rates_command},
    {"__complete", add_complete_command},
}};

// The commands whose run walks the whole tree (the completion scripts and the manual list every command's flags).
constexpr std::array<std::string_view, 2> k_whole_tree_commands = {"completion", "manpage"};

}  // namespace

const char* const k_top_level_description =
    "gpucost: should you buy your own GPU machine or rent GPUs in the cloud?\n"
    "Compares the total cost of owning against renting, with every assumption sourced and overridable.";

void add_top_level(CLI::App& app, bool& version) {
    app.footer(std::string("Run 'gpucost help COMMAND' or 'gpucost COMMAND --help' for a command's flags and "
                           "examples.\n\n") +
               k_exit_codes_help);
    app.add_flag("--version", version, "print the version and the embedded catalogue's date");
    app.allow_extras();
}

std::vector<std::string_view> command_names() {
    std::vector<std::string_view> names;
    for (const CommandEntry& entry : k_commands) names.push_back(entry.name);
    return names;
}

std::vector<Command> add_commands(CLI::App& app) {
    std::vector<Command> commands;
    for (const CommandEntry& entry : k_commands) commands.push_back(entry.add(app));
    return commands;
}

std::vector<Command> add_commands(CLI::App& app, std::string_view only) {
    std::vector<Command> commands;
    for (const CommandEntry& entry : k_commands)
        if (entry.name == only) commands.push_back(entry.add(app));
    return commands;
}

std::optional<std::string> lone_command(const std::vector<std::string>& args) {
    if (!args.empty() && args.front() == "help") return std::nullopt;
    std::optional<std::string> found;
    for (const std::string& arg : args) {
        if (arg == "--") break;  // the rest are positionals: no command word
        const bool names_command = std::any_of(k_commands.begin(), k_commands.end(),
                                               [&arg](const CommandEntry& entry) { return arg == entry.name; });
        if (!names_command) continue;
        for (std::string_view whole : k_whole_tree_commands)
            if (arg == whole) return std::nullopt;
        if (found && *found != arg) return std::nullopt;  // a second command's word: only the whole tree routes it
        found = arg;
    }
    return found ? *found : std::string();
}

}  // namespace gpucost::cli
