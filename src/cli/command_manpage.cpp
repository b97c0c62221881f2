// gpucost manpage: the manual page, generated from the real CLI11 option tree so it never goes stale.
// The build runs it to make gpucost.1, which `cmake --install` puts in share/man/man1. Hidden from --help.
#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/version.hpp"

namespace gpucost::cli {
namespace {

// Text for roff: a backslash is written \e, a hyphen \- (so options copy as ASCII), and a line that starts with
// a control character ('.' or ') is protected with \&.
std::string roff(const std::string& text) {
    std::string out;
    bool line_start = true;
    for (const char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

bool visible(const CLI::App& command) { return !command.get_group().empty(); }

// "--build ID", "-q, --quiet", "SHELL" (positional), in bold and italics.
std::string option_term(const CLI::Option& option) {
    const std::string type = option.get_type_name();
    if (option.get_positional() && !option.nonpositional()) return fmt::format("\\fI{}\\fR", roff(type));
    std::vector<std::string> names;
    for (const std::string& s : option.get_snames()) names.push_back(fmt::format("\\fB\\-{}\\fR", roff(s)));
    for (const std::string& l : option.get_lnames()) names.push_back(fmt::format("\\fB\\-\\-{}\\fR", roff(l)));
    std::string term = fmt::format("{}", fmt::join(names, ", "));
    if (!type.empty()) term += fmt::format(" \\fI{}\\fR", roff(type));
    return term;
}

// An option as the manual states it: its group, term and description. Options that two or more commands state
// the same way (the assumption flags, --catalog, --output, ...) are the common options, stated once.
std::string option_key(const CLI::Option& option) {
    return option.get_group() + "\n" + option_term(option) + "\n" + option.get_description();
}

bool stated(const CLI::Option& option) { return !option.get_group().empty(); }

// The common options, in the order the manual first meets them, by key.
struct CommonOptions {
    std::vector<const CLI::Option*> options;
    std::map<std::string, int> counts;  // key -> commands stating it

    bool holds(const CLI::Option& option) const {
        const auto it = counts.find(option_key(option));
        return it != counts.end() && it->second > 1;
    }
};

void count_options(const CLI::App& command, CommonOptions& common) {
    for (const CLI::Option* option : command.get_options()) {
        if (!stated(*option)) continue;
        if (common.counts[option_key(*option)]++ == 0) common.options.push_back(option);
    }
    for (const CLI::App* sub : command.get_subcommands({}))
        if (visible(*sub)) count_options(*sub, common);
}

// The groups of `options` in first-seen order.
std::vector<std::string> groups_of(const std::vector<const CLI::Option*>& options) {
    std::vector<std::string> groups;
    for (const CLI::Option* option : options)
        if (std::find(groups.begin(), groups.end(), option->get_group()) == groups.end())
            groups.push_back(option->get_group());
    return groups;
}

// Options under their CLI11 group headings, in the order --help shows them.
std::string option_list(const std::vector<const CLI::Option*>& options) {
    std::string out;
    for (const std::string& group : groups_of(options)) {
        out += fmt::format(".PP\n\\fI{}\\fR\n", roff(group));
        for (const CLI::Option* option : options)
            if (option->get_group() == group)
                out += fmt::format(".TP\n{}\n{}\n", option_term(*option), roff(option->get_description()));
    }
    return out;
}

// "\fB\-\-catalog\fR": an option's first name, for the list of the common options a command takes.
std::string option_name(const CLI::Option& option) {
    const auto& longs = option.get_lnames();
    if (!longs.empty()) return fmt::format("\\fB\\-\\-{}\\fR", roff(longs.front()));
    return fmt::format("\\fB\\-{}\\fR", roff(option.get_snames().front()));
}

// The command's own options in full, then the common ones it takes by name, group by group ("all" when it takes
// every common option of the group).
std::string options_text(const CLI::App& command, const CommonOptions& common) {
    std::vector<const CLI::Option*> own;
    std::vector<const CLI::Option*> shared;
    for (const CLI::Option* option : command.get_options())
        if (stated(*option)) (common.holds(*option) ? shared : own).push_back(option);
    std::string out = option_list(own);
    if (shared.empty()) return out;
    std::vector<std::string> parts;
    for (const std::string& group : groups_of(shared)) {
        std::vector<std::string> names;
        for (const CLI::Option* option : shared)
            if (option->get_group() == group) names.push_back(option_name(*option));
        const auto in_group = std::count_if(common.options.begin(), common.options.end(), [&](const CLI::Option* o) {
            return o->get_group() == group && common.holds(*o);
        });
        parts.push_back(fmt::format("\\fI{}\\fR: {}", roff(group),
                                    static_cast<long>(names.size()) == in_group && names.size() > 3
                                        ? std::string("all")
                                        : fmt::format("{}", fmt::join(names, ", "))));
    }
    return out + fmt::format(".PP\nAnd the common options (COMMON OPTIONS below): {}.\n", fmt::join(parts, "; "));
}

// "gpucost catalog list [OPTIONS] [SECTION]": the path and the positional arguments.
std::string usage_line(const CLI::App& command, const std::string& path) {
    std::string out = fmt::format(".B {}\n", roff(path));
    if (!command.get_subcommands({}).empty()) out += ".I COMMAND\n";
    out += ".RI [ OPTIONS ]\n";
    for (const CLI::Option* option : command.get_options())
        if (option->get_positional() && !option->nonpositional())
            out += option->get_required() ? fmt::format(".I {}\n", roff(option->get_type_name()))
                                          : fmt::format(".RI [ {} ]\n", roff(option->get_type_name()));
    return out;
}

// Inline markdown as roff: `code` and **strong** in bold, [text](target) as its text alone, the rest escaped.
std::string roff_inline(std::string_view text) {
    std::string out;
    std::string plain;
    const auto flush = [&] {
        out += roff(plain);
        plain.clear();
    };
    bool code = false;
    bool strong = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '`' || (!code && text.substr(i, 2) == "**")) {
            flush();
            bool& on = c == '`' ? code : strong;
            out += on ? "\\fR" : "\\fB";
            on = !on;
            if (c == '*') ++i;
            continue;
        }
        const std::size_t middle = c == '[' && !code ? text.find("](", i) : std::string_view::npos;
        const std::size_t end = middle == std::string_view::npos ? middle : text.find(')', middle);
        if (end != std::string_view::npos) {
            flush();
            out += roff_inline(text.substr(i + 1, middle - i - 1));
            i = end;
            continue;
        }
        plain += c;
    }
    flush();
    if (code || strong) out += "\\fR";
    return out;
}

// A markdown table row's cells, "\|" read as a literal bar.
std::vector<std::string> table_cells(std::string_view row) {
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (row[i] == '|') {
            const std::size_t first = cell.find_first_not_of(' ');
            cells.push_back(first == std::string::npos ? ""
                                                       : cell.substr(first, cell.find_last_not_of(' ') - first + 1));
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    return cells;
}

// One markdown line of a manual section as roff, outside code blocks. `paragraph` says whether a paragraph is open.
std::string manual_line(std::string_view line, std::string_view previous, bool& paragraph) {
    if (line.find_first_not_of(' ') == std::string_view::npos) {  // a blank line ends a paragraph
        paragraph = false;
        return "";
    }
    if (line.front() == '#') {
        paragraph = false;
        const std::size_t title = line.find_first_not_of("# ");
        return fmt::format(".PP\n\\fB{}\\fR\n", roff_inline(title == std::string_view::npos ? "" : line.substr(title)));
    }
    if (line.front() == '|') {  // a table: the header and the rule dropped, each row a tagged paragraph
        paragraph = false;
        if (previous.empty() || previous.front() != '|' || line.find_first_not_of("|-: ") == std::string_view::npos)
            return "";
        const std::vector<std::string> cells = table_cells(line);
        std::string out = fmt::format(".TP\n{}\n", roff_inline(cells.empty() ? "" : cells.front()));
        for (std::size_t i = 1; i < cells.size(); ++i)
            out += roff_inline(cells[i]) + (i + 1 < cells.size() ? ";\n" : "\n");
        return out;
    }
    std::string out;
    if (line.substr(0, 2) == "- ") {
        out = ".IP \\(bu 2\n";
        line.remove_prefix(2);
    } else if (!paragraph) {
        out = ".PP\n";
    }
    paragraph = true;
    const std::size_t start = line.find_first_not_of(' ');
    return out + roff_inline(start == std::string_view::npos ? "" : line.substr(start)) + "\n";
}

// A command's manual section (its .md file up to "## Examples") as roff: paragraphs, bullets, tables, code blocks.
std::string manual_text(std::string_view name) {
    const std::string markdown = manual_section(command_markdown(name));
    std::string out;
    std::string_view previous;
    bool paragraph = false;
    bool code = false;
    std::string_view rest = markdown;
    while (!rest.empty()) {
        const std::string_view line = rest.substr(0, rest.find('\n'));
        rest.remove_prefix(std::min(rest.size(), line.size() + 1));
        if (line.substr(0, 3) == "```") {
            out += code ? ".fi\n" : ".PP\n.nf\n";
            code = !code;
            paragraph = false;
        } else if (code) {
            out += roff(std::string(line)) + "\n";
        } else {
            out += manual_line(line, previous, paragraph);
        }
        previous = line;
    }
    return out;
}

// The examples of a footer (everything before the exit codes, which have their own section), kept as typed.
std::string examples_text(const CLI::App& command) {
    std::string footer = command.get_footer();
    const std::size_t codes = footer.find(k_exit_codes_help);
    if (codes != std::string::npos) footer.erase(codes);
    while (!footer.empty() && footer.back() == '\n') footer.pop_back();
    if (footer.empty()) return "";
    return fmt::format(".PP\n.nf\n{}\n.fi\n", roff(footer));
}

void add_command(const CLI::App& command, const std::string& path, const CommonOptions& common, std::string& out) {
    out += fmt::format(".SS \"{}\"\n", roff(path));
    out += usage_line(command, path);
    out += fmt::format(".PP\n{}\n", roff(command.get_description()));
    out += manual_text(command.get_name());
    out += options_text(command, common);
    // A nested command inherits its parent's footer: its examples are shown once, under the parent.
    const CLI::App* parent = command.get_parent();
    if (parent == nullptr || parent->get_footer() != command.get_footer()) out += examples_text(command);
    for (const CLI::App* sub : command.get_subcommands({}))
        if (visible(*sub)) add_command(*sub, path + " " + sub->get_name(), common, out);
}

// The exit codes section, from the same text --help prints: "  3  data error: ..." per line.
std::string exit_status_text() {
    std::istringstream lines(k_exit_codes_help);
    std::string line;
    std::string out;
    while (std::getline(lines, line)) {
        const std::size_t code = line.find_first_not_of(' ');
        if (code == std::string::npos || line[code] < '0' || line[code] > '9') continue;
        const std::size_t space = line.find(' ', code);
        const std::size_t text = line.find_first_not_of(' ', space);
        out += fmt::format(".TP\n.B {}\n{}\n", line.substr(code, space - code), roff(line.substr(text)));
    }
    return out;
}

std::string manual(const CLI::App& root, const std::string& date) {
    std::string out = fmt::format(".\\\" Generated by 'gpucost manpage' from gpucost's option tree: do not edit.\n"
                                  ".TH GPUCOST 1 \"{}\" \"gpucost {}\" \"User Commands\"\n",
                                  date, k_version);
    out += ".SH NAME\ngpucost \\- should you buy your own GPU machine or rent GPUs in the cloud?\n";
    out += ".SH SYNOPSIS\n.B gpucost\n.I COMMAND\n.RI [ OPTIONS ]\n.br\n.B gpucost \\-\\-version\n.br\n"
           ".B gpucost \\-\\-help\n";
    out += ".SH DESCRIPTION\n";
    out += roff("gpucost compares the total cost of owning a GPU machine (hardware, power with PUE, staff, "
                "maintenance, facility, depreciation and resale) with renting cloud GPUs (on-demand, spot or "
                "reserved) over a horizon, and reports which side is cheaper, by how much, at how many hours of use "
                "per week the two meet, and in which month the purchase has paid for itself.") +
           "\n.PP\n" +
           roff("Every figure comes from a catalogue of GPUs, machine builds and cloud prices embedded in the "
                "program, each entry with its source and as_of date. Every assumption can be changed with a flag, "
                "a scenario file (--scenario) or a catalogue overlay (--add-catalog). Money is in US dollars unless "
                "--currency and --usd-rate convert the results for display.") +
           "\n";
    CommonOptions common;
    for (const CLI::App* command : root.get_subcommands({}))
        if (visible(*command)) count_options(*command, common);
    out += ".SH COMMANDS\n";
    for (const CLI::App* command : root.get_subcommands({}))
        if (visible(*command)) add_command(*command, "gpucost " + command->get_name(), common, out);
    std::vector<const CLI::Option*> shared;
    for (const CLI::Option* option : common.options)
        if (common.holds(*option)) shared.push_back(option);
    out += ".SH COMMON OPTIONS\n" +
           roff("Options that several commands take, stated the same way for each, are stated here once; each "
                "command above lists its own options in full and names the common ones it takes.") +
           "\n" + option_list(shared);
    out += ".SH EXIT STATUS\n" + exit_status_text();
    out += ".SH ENVIRONMENT\n";
    out += ".TP\n.B GPUCOST_TODAY\n" +
           roff("A date, YYYY-MM-DD, used as today when ages of figures are worked out (--max-age-days, catalog "
                "show); for repeatable runs in tests and CI. Unset: the system clock, in UTC.") +
           "\n";
    out += ".TP\n.B COLUMNS\n" +
           roff("The width the table format fits on a terminal (leaving out its least important columns and "
                "wrapping prose; --wide shows everything) and the width of the chart --chart draws there, when it is "
                "a number from 20 to 1000; unset: the terminal's own width. When stdout is not a terminal, or with "
                "--output, both are 80 columns wide.") +
           "\n";
    out += ".TP\n.B NO_COLOR\n" +
           roff("When set and not empty, the table format and the terminal chart have no colour or bold even on a "
                "terminal (--color always still wins).") +
           "\n";
    out += ".TP\n.B TERM\n" + roff("When \"dumb\", --color auto shows no colour.") + "\n";
    out += ".SH FILES\n" +
           roff("None are needed: the catalogue is embedded. --catalog, --add-catalog and --scenario read JSON "
                "files; --output writes one file atomically (a temporary file in the same folder, then a rename).") +
           "\n";
    out += ".SH SEE ALSO\n" +
           roff("docs/ in gpucost's source tree: the cost model (docs/cost-model.md), the catalogue format with "
                "every source (docs/catalog.md), the JSON, CSV and cash-flow contracts (docs/output.md), and how to "
                "run the budget gates in CI (docs/scenarios-and-gates.md). Each command's section above is "
                "src/cli/command_NAME.md.") +
           "\n";
    return out;
}

struct ManpageOptions {
    OutputOptions output;
};

}  // namespace

Command add_manpage_command(CLI::App& app) {
    auto options = std::make_shared<ManpageOptions>();
    CLI::App* command = app.add_subcommand("manpage", "print the manual page (roff) generated from the option tree");
    command->group("");  // hidden: the build installs its output as gpucost.1
    add_output_option(*command, options->output);
    command->allow_extras();
    return {command, [command, options, &app](const Io& io) {
                reject_extras(*command);
                write_result(options->output, manual(app, std::string(embedded_catalog_as_of())), io.out, io.err);
                return static_cast<int>(ExitCode::success);
            }};
}

}  // namespace gpucost::cli
