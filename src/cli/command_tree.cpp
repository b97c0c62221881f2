#include "command_tree.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
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

// The words of the NamedFlagsOnly that lives on this thread; nullptr: every option is registered.
thread_local const std::vector<std::string>* t_named_only = nullptr;
// The stand-in of the latest NamedFlagsOnly on this thread, in a scratch app of its own.
thread_local std::unique_ptr<CLI::App> t_scratch;
thread_local CLI::Option* t_stand_in = nullptr;

// Whether `word` names the option name `name`: "--name" or "--name=VALUE"; for "-x", a word of one dash holding x
// ("-x", "-xVALUE", or short flags run together: "-qx"), more than CLI11 would read as x, never less.
bool names(const std::string& word, std::string_view name) {
    if (name.starts_with("--"))
        return word.starts_with(name) && (word.size() == name.size() || word[name.size()] == '=');
    return name.size() == 2 && word.size() >= 2 && word[0] == '-' && word[1] != '-' &&
           word.find(name[1], 1) != std::string::npos;
}

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

NamedFlagsOnly::NamedFlagsOnly(const std::vector<std::string>& words)
    : m_previous(t_named_only) {
    t_named_only = &words;
    t_scratch = std::make_unique<CLI::App>("options no word names", "left-out");
    t_stand_in = t_scratch->add_flag("--left-out");
}

NamedFlagsOnly::~NamedFlagsOnly() { t_named_only = m_previous; }

bool NamedFlagsOnly::left_out(std::string_view names_of_option) {
    if (t_named_only == nullptr) return false;
    std::string_view rest = names_of_option;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view name = rest.substr(0, comma);
        for (const std::string& word : *t_named_only)
            if (names(word, name)) return false;
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return true;
}

CLI::Option* NamedFlagsOnly::stand_in() { return t_stand_in; }

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
