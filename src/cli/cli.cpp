#include "gpucost/cli.hpp"

#include <iostream>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_tree.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/util/text.hpp"
#include "gpucost/version.hpp"
#include "help_text.hpp"

namespace gpucost {
namespace {

std::vector<std::string> command_names(const std::vector<cli::Command>& commands) {
    std::vector<std::string> names;
    for (const cli::Command& c : commands) names.push_back(c.app->get_name());
    return names;
}

// `gpucost help [COMMAND [SUBCOMMAND]]`: the top help, or that command's, as --help prints it. An unknown word is
// a usage error, as on the command line.
int print_help(const std::vector<std::string>& words, const CLI::App& app, std::ostream& out,
               const Terminal& terminal) {
    const CLI::App* shown = &app;
    std::string path;  // the words before the command shown, as its usage line names them
    for (const std::string& word : words) {
        if (word == "--help" || word == "-h") break;  // "gpucost help compare --help" asks the same thing
        std::vector<std::string> names;
        const CLI::App* next = nullptr;
        for (const CLI::App* sub : shown->get_subcommands({})) {
            names.push_back(sub->get_name());
            if (sub->get_name() == word) next = sub;
        }
        if (next == nullptr)
            throw UsageError(fmt::format("help: unknown {}command {}{}; see 'gpucost --help'",
                                         shown == &app ? "" : "sub", quote_value(word), did_you_mean(word, names)));
        path += (path.empty() ? "" : " ") + shown->get_name();
        shown = next;
    }
    out << cli::wrapped_help(shown->help(path), terminal);
    return static_cast<int>(ExitCode::success);
}

// The rest of a run once its arguments are parsed, on either tree (command_tree.hpp).
int run_parsed(const CLI::App& app, bool version, const std::vector<cli::Command>& commands, const cli::Io& io) {
    if (version) {
        io.out << fmt::format("gpucost {} (embedded catalogue as of {})\n", k_version, embedded_catalog_as_of());
        return static_cast<int>(ExitCode::success);
    }
    // A word before the command ("gpucost bogus compare") is no command: refused, never skipped.
    if (!app.remaining().empty()) {
        const std::string word = app.remaining().front();
        if (word.rfind("-", 0) == 0) throw UsageError(cli::unknown_argument_message(app.remaining(), app));
        throw UsageError(fmt::format("unknown command {}{}; see 'gpucost --help'", quote_value(word),
                                     did_you_mean(word, command_names(commands))));
    }
    // CLI11 also parses a second command word ("gpucost compare catalog"): one command a run.
    if (const std::vector<CLI::App*> parsed = app.get_subcommands(); parsed.size() > 1)
        throw UsageError(fmt::format("unexpected argument {}; see 'gpucost {} --help'",
                                     quote_value(parsed[1]->get_name()), parsed[0]->get_name()));
    for (const cli::Command& c : commands)
        if (c.app->parsed()) return c.run(io);
    throw UsageError("no command given; try 'gpucost compare --hours-per-week 40' or 'gpucost --help'");
}

// The run on a tree with the options of its one command alone, and of its shared flags (catalogue, output, scenario,
// match, assumptions) those the words name (most runs; NamedFlagsOnly), or nothing when that tree cannot decide it: any
// parse error or --help (their messages may name any command's flags) or a word left unknown (its message suggests from
// every flag); lone_command() has already sent words naming a second command there. Those are parsed again on the whole
// tree, which nothing here has touched.
std::optional<int> run_on_lone_tree(const std::vector<std::string>& args, const cli::Io& io) {
    const std::optional<std::string> only = cli::lone_command(args);
    if (!only) return std::nullopt;
    CLI::App app{cli::k_top_level_description, "gpucost"};
    bool version = false;
    cli::add_top_level(app, version);
    // Alive through the run: the options it left out are read (as its never-given stand-in) after the parse.
    const cli::NamedFlagsOnly named(args);
    const std::vector<cli::Command> commands = cli::add_commands(app, *only);
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads a vector back to front
    try {
        app.parse(reversed);
    } catch (...) {  // decided on the whole tree, whatever it was
        return std::nullopt;
    }
    if (!app.remaining(true).empty()) return std::nullopt;
    return run_parsed(app, version, commands, io);
}

int run_cli(const std::vector<std::string>& args, const cli::Io& io) {
    if (const std::optional<int> code = run_on_lone_tree(args, io)) return *code;
    CLI::App app{cli::k_top_level_description, "gpucost"};
    bool version = false;
    cli::add_top_level(app, version);
    const std::vector<cli::Command> commands = cli::add_commands(app);

    if (!args.empty() && args.front() == "help")
        return print_help({args.begin() + 1, args.end()}, app, io.out, io.terminal);
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        io.out << cli::wrapped_help(app.help(), io.terminal);
        return static_cast<int>(ExitCode::success);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) {  // --help after a subcommand
            for (const cli::Command& c : commands)
                if (c.app->parsed()) io.out << cli::wrapped_help(c.app->help(), io.terminal);
            return static_cast<int>(ExitCode::success);
        }
        throw UsageError(fmt::format("{}; see 'gpucost --help'", e.what()));
    }
    return run_parsed(app, version, commands, io);
}

void print_error(std::ostream& err, const std::string& message) {
    std::size_t start = 0;
    while (start <= message.size()) {
        const std::size_t end = message.find('\n', start);
        cli::print_line(err, "error", std::string_view(message).substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const Terminal& terminal) {
    // Every error is caught here, once: commands only throw, and never write to `out` before they succeed.
    try {
        const int code = run_cli(args, cli::Io{out, err, terminal});
        cli::check_stdout(out);  // help, --version and every command: a lost result is exit 4, whatever the code
        return code;
    } catch (const ValidationError& e) {
        cli::print_problems(err, "warning", e.file(), e.warnings());
        cli::print_problems(err, "error", e.file(), e.problems());
        return static_cast<int>(e.code());
    } catch (const Error& e) {
        print_error(err, e.what());
        return static_cast<int>(e.code());
    } catch (const std::bad_alloc&) {
        // The request outgrew the memory this process may use: not a bug, so not exit 70. The stack is unwound by
        // now, so the message can usually be built; when even that fails, main() prints a fixed line.
        print_error(err, k_out_of_memory_message);
        return static_cast<int>(ExitCode::out_of_memory);
    } catch (const std::system_error& e) {
        // A thread that cannot be started for want of memory (its stack) is out of memory too, not a bug.
        if (e.code() == std::errc::resource_unavailable_try_again || e.code() == std::errc::not_enough_memory) {
            print_error(err, k_out_of_memory_message);
            return static_cast<int>(ExitCode::out_of_memory);
        }
        print_error(err, fmt::format("internal error: {} (please report this)", e.what()));
        return static_cast<int>(ExitCode::internal);
    } catch (const std::exception& e) {
        print_error(err, fmt::format("internal error: {} (please report this)", e.what()));
        return static_cast<int>(ExitCode::internal);
    }
}

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, const Terminal& terminal) {
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    return run(args, out, err, terminal);
}

}  // namespace gpucost
