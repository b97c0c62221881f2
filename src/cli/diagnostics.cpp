// What the CLI says about problems: the exit codes, the "gpucost: <kind>: " lines, unknown arguments.
#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/api.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {

const char* const k_exit_codes_help =
    "Exit codes:\n"
    "  0  success\n"
    "  1  a budget gate failed (gpucost check, and gpucost plan given its gates)\n"
    "  2  usage error: unknown flag, bad value, value out of range\n"
    "  3  data error: catalogue unreadable or invalid, unknown build or offer, no offer to compare with\n"
    "  4  the output could not be written\n"
    "  5  out of memory: allow gpucost more memory or ask for less\n"
    " 70  internal error (a bug: please report it)\n";

void print_line(std::ostream& err, std::string_view kind, std::string_view message) {
    // A file name, a JSON key or an argument may hold ESC, CR or a bidi override: shown, never obeyed.
    err << "gpucost: " << kind << ": " << escape_visible(message) << "\n";
}

void finish(const OutputOptions& output, const std::string& text, const std::vector<std::string>& warnings,
            std::ostream& warn, const Io& io) {
    for (const std::string& w : warnings) print_line(warn, "warning", w);
    write_result(output, text, io.out, warn);
}

void print_problems(std::ostream& err, const char* kind, const std::string& file,
                    const std::vector<Problem>& problems) {
    for (const Problem& p : problems)
        print_line(err, kind, fmt::format("{}: {}: {}", file, p.path.empty() ? "/" : p.path, p.message));
}

namespace {

std::string help_hint(const CLI::App& command) {
    std::string path;
    for (const CLI::App* a = &command; a->get_parent() != nullptr; a = a->get_parent())
        path = " " + a->get_name() + path;
    return fmt::format("'gpucost{} --help'", path);
}

}  // namespace

std::string unknown_argument_message(const std::vector<std::string>& extras, const CLI::App& command) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : command.get_options())
        for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    const std::string first = extras.front();
    if (first.rfind("-", 0) == 0) {
        const std::string name = first.substr(0, first.find('='));
        return fmt::format("unknown option {}{}; see {}", quote_value(name), did_you_mean(name, flags),
                           help_hint(command));
    }
    return fmt::format("unexpected argument {}; see {}", quote_value(first), help_hint(command));
}

void reject_extras(const CLI::App& command) {
    if (!command.remaining().empty()) throw UsageError(unknown_argument_message(command.remaining(), command));
}

}  // namespace gpucost::cli
