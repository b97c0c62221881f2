// Each command's manual lives beside it in src/cli/command_<name>.md and is embedded: --help shows its examples and
// the manual page its whole text, so the file a reader opens and what the program prints cannot drift apart.
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace {

// The names under "Subcommands:" in `gpucost --help`, up to the blank line that ends the list.
std::vector<std::string> listed_commands() {
    std::istringstream help(run_gpucost({"--help"}).out);
    std::vector<std::string> names;
    std::string line;
    while (std::getline(help, line) && line != "Subcommands:") {
    }
    // A wrapped description's continuation lines start with more than two spaces: no name there.
    while (std::getline(help, line) && !line.empty())
        if (line.size() > 2 && line[2] != ' ') names.push_back(line.substr(2, line.find(' ', 2) - 2));
    return names;
}

// What --help should print for a file's "## Examples" block, worked out here independently of the CLI's reader.
std::string expected_examples(const std::string& markdown) {
    std::istringstream lines(markdown.substr(markdown.find("## Examples")));
    std::string line;
    std::string out = "Examples:\n";
    std::getline(lines, line);
    while (std::getline(lines, line) && line != "```") {
    }
    while (std::getline(lines, line) && line != "```") out += line.empty() ? "\n" : "  " + line + "\n";
    return out;
}

// Every run of white space as one space: help wraps long lines to the terminal, the words stay the same.
std::string squeezed(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const bool space = c == ' ' || c == '\n';
        if (space && !out.empty() && out.back() == ' ') continue;
        out += space ? ' ' : c;
    }
    return out;
}

}  // namespace

TEST_CASE("every command's --help ends with the examples of its src/cli/command_<name>.md") {
    const std::vector<std::string> commands = listed_commands();
    REQUIRE(commands.size() >= 10);  // compare, catalog, check, cashflow, sensitivity, sweep, simulate, init, ...
    for (const std::string& name : commands) {
        INFO(name);
        const std::string markdown = read_file(std::string(GPUCOST_SOURCE_DIR) + "/src/cli/command_" + name + ".md");
        REQUIRE_THAT(markdown, Contains("# gpucost " + name + "\n"));
        const std::string examples = expected_examples(markdown);
        CHECK(examples.size() > std::string("Examples:\n  gpucost\n").size());
        const std::string help = run_gpucost({name, "--help"}).out;
        CHECK_THAT(squeezed(help), Contains(squeezed(examples + "\nExit codes:\n")));
    }
}

TEST_CASE("the manual page holds each command's manual section, its markdown turned into roff") {
    const std::string page = run_gpucost({"manpage"}).out;
    // A bullet of compare's manual: `code` in bold, hyphens escaped, a link shown as its text alone.
    CHECK_THAT(page, Contains(".IP \\(bu 2\n\\fB\\-\\-build ID\\fR gives the detailed report of one build;"));
    CHECK_THAT(page, Contains("(\\fBdocs/matching.md\\fR)"));
    CHECK_THAT(page, !Contains("](../../docs/"));
    // A row of check's gate table becomes a tagged paragraph; the header row and the rule are dropped.
    CHECK_THAT(page, Contains(".TP\n\\fB\\-\\-max\\-upfront\\-usd X\\fR\nthe build's month\\-0 spend"));
    CHECK_THAT(page, !Contains(".TP\ngate\n"));
    CHECK_THAT(page, !Contains("|---"));
    // The examples heading and its fence are not part of the manual section: examples appear once, as --help has them.
    CHECK_THAT(page, !Contains("## Examples"));
    CHECK_THAT(page, !Contains("```"));
}
