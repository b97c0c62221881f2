// Terminal manners: colour only on a terminal and never with NO_COLOR, --quiet, and the generated manual page.
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using gpucost::Terminal;
using gpucost::test::check_golden;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::ScopedEnv;

namespace {

const std::string k_mini = "data/mini_catalog.json";
const Terminal k_terminal{true};
const std::string k_escape = "\x1b[";

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& extra) {
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// The text without its ANSI escape sequences (ESC [ parameters letter).
std::string strip_ansi(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            i += 2;
            while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) ++i;
            continue;
        }
        out += text[i];
    }
    return out;
}

bool coloured(const std::string& text) { return text.find(k_escape) != std::string::npos; }

// NO_COLOR and TERM as a test wants them, whatever the shell running the tests has set.
struct PlainEnvironment {
    ScopedEnv no_color{"NO_COLOR", nullptr};
    ScopedEnv term{"TERM", "xterm-256color"};
};

}  // namespace

TEST_CASE("colour and bold on a terminal, and only the escapes differ from the piped text") {
    PlainEnvironment env;
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"compare", "--catalog", k_mini},
                                               {"compare", "--catalog", k_mini, "--build", "box-a4"},
                                               {"check", "--catalog", k_mini, "--build", "box-a4", "--expect", "build"},
                                               {"cashflow", "--catalog", k_mini, "--build", "box-b2"}}) {
        INFO(args.front() << " " << args.back());
        const auto piped = run_gpucost(args);
        const auto terminal = run_gpucost(args, k_terminal);
        REQUIRE(piped.exit_code == 0);
        REQUIRE(terminal.exit_code == 0);
        CHECK_FALSE(coloured(piped.out));
        CHECK(coloured(terminal.out));
        CHECK(strip_ansi(terminal.out) == piped.out);  // the columns still line up: padding is outside the colour
        CHECK(terminal.err == piped.err);              // diagnostics are never coloured
    }
}

TEST_CASE("the coloured table: bold headings and totals, the cheaper side in green (golden)") {
    PlainEnvironment env;
    check_golden("compare_box_a4_colour.txt",
                 run_gpucost({"compare", "--catalog", k_mini, "--build", "box-a4"}, k_terminal).out);
}

TEST_CASE("no colour with NO_COLOR set, TERM=dumb, --color never, --output, or a format other than table") {
    const std::vector<std::string> args = {"compare", "--catalog", k_mini};
    {
        PlainEnvironment env;
        ScopedEnv no_color("NO_COLOR", "1");
        CHECK_FALSE(coloured(run_gpucost(args, k_terminal).out));
        CHECK(coloured(run_gpucost(with(args, {"--color", "always"}), k_terminal).out));  // an explicit flag wins
    }
    {
        PlainEnvironment env;
        ScopedEnv no_color("NO_COLOR", "");  // no-color.org: set but empty does not count
        CHECK(coloured(run_gpucost(args, k_terminal).out));
    }
    {
        PlainEnvironment env;
        ScopedEnv term("TERM", "dumb");
        CHECK_FALSE(coloured(run_gpucost(args, k_terminal).out));
    }
    PlainEnvironment env;
    CHECK_FALSE(coloured(run_gpucost(with(args, {"--color", "never"}), k_terminal).out));
    CHECK_FALSE(coloured(run_gpucost(with(args, {"--colour", "never"}), k_terminal).out));
    CHECK(coloured(run_gpucost(with(args, {"--color", "always"})).out));  // piped, but asked for
    for (const std::string format : {"json", "csv", "markdown"})
        CHECK_FALSE(coloured(run_gpucost(with(args, {"--format", format, "--color", "always"}), k_terminal).out));

    const std::string file =
        (std::filesystem::temp_directory_path() / ("gpucost-test-colour-" + std::to_string(getpid()) + ".txt"))
            .string();
    const auto r = run_gpucost(with(args, {"--output", file}), k_terminal);
    REQUIRE(r.exit_code == 0);
    CHECK_FALSE(coloured(read_file(file)));  // a file is not a terminal, even when stdout is
    std::filesystem::remove(file);
}

TEST_CASE("colour: --color takes auto, always or never") {
    const auto r = run_gpucost({"compare", "--catalog", k_mini, "--color", "yes"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --color: must be one of auto, always, never, got \"yes\"\n");
    CHECK(r.out.empty());
    const auto near = run_gpucost({"compare", "--catalog", k_mini, "--color", "alwys"});
    CHECK(near.err == "gpucost: error: --color: must be one of auto, always, never, got \"alwys\" (did you mean "
                      "\"always\"?)\n");
}

TEST_CASE("quiet: --quiet drops warnings and nothing else") {
    // The overlay has a misspelt key: a warning on stderr, the same report on stdout.
    const std::vector<std::string> compare = {"compare", "--catalog", k_mini, "--add-catalog",
                                              "data/overlay/misspelt_key.json"};
    const auto loud = run_gpucost(compare);
    REQUIRE(loud.exit_code == 0);
    REQUIRE_THAT(loud.err, Contains("gpucost: warning: data/overlay/misspelt_key.json: /cloud/0/notes: unknown key"));
    for (const std::string flag : {"--quiet", "-q"}) {
        const auto quiet = run_gpucost(with(compare, {flag}));
        CHECK(quiet.exit_code == 0);
        CHECK(quiet.err.empty());
        CHECK(quiet.out == loud.out);
    }

    // Every command that loads a catalogue takes it.
    for (const auto& args : std::vector<std::vector<std::string>>{{"cashflow", "--build", "box-a4"},
                                                                  {"init"},
                                                                  {"catalog", "list", "gpus"},
                                                                  {"catalog", "show", "gpu-a"},
                                                                  {"catalog", "validate"}}) {
        const auto base = with(args, {"--catalog", k_mini, "--add-catalog", "data/overlay/misspelt_key.json"});
        const auto quiet = run_gpucost(with(base, {"--quiet"}));
        INFO(args.front() << " " << args.back() << ": " << quiet.err);
        CHECK(quiet.exit_code == 0);
        CHECK(quiet.err.empty());
        CHECK(quiet.out == run_gpucost(base).out);
    }

    // Errors still speak.
    const auto error = run_gpucost({"compare", "--catalog", k_mini, "--build", "nope", "--quiet"});
    CHECK(error.exit_code == 3);
    CHECK_THAT(error.err, Contains("gpucost: error: unknown build \"nope\""));
}

TEST_CASE("check --quiet keeps the failed gates on stderr and drops the passed ones") {
    const std::vector<std::string> args = {
        "check", "--catalog", k_mini, "--build", "box-a4", "--quiet", "--expect", "build", "--max-payback-months",
        "12"};
    const auto r = run_gpucost(args);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "FAIL max-payback-months: 17 > 12\n");  // "ok expect: build is cheaper" is dropped
    const auto passing =
        run_gpucost({"check", "--catalog", k_mini, "--build", "box-a4", "--quiet", "--expect", "build"});
    CHECK(passing.exit_code == 0);
    CHECK(passing.err.empty());
}

TEST_CASE("the manual page is generated from the option tree (golden)") {
    const auto r = run_gpucost({"manpage"});
    REQUIRE(r.exit_code == 0);
    check_golden("gpucost.1", r.out);
    // Every visible command has a section and every one of compare's flags an entry, as --help lists them.
    for (const std::string section : {"gpucost compare", "gpucost check", "gpucost cashflow", "gpucost init",
                                      "gpucost catalog list", "gpucost catalog import", "gpucost completion"})
        CHECK_THAT(r.out, Contains(".SS \"" + section + "\""));
    const std::string help = run_gpucost({"compare", "--help"}).out;
    for (std::size_t at = help.find("  --"); at != std::string::npos; at = help.find("  --", at + 1)) {
        const std::size_t end = help.find_first_of(" ,\n", at + 2);
        std::string flag = help.substr(at + 2, end - at - 2);
        std::string escaped;
        for (const char c : flag) escaped += c == '-' ? std::string("\\-") : std::string(1, c);
        CHECK_THAT(r.out, Contains("\\fB" + escaped + "\\fR"));
    }
    // Hidden from the command list and from completion.
    CHECK_THAT(run_gpucost({"--help"}).out, !Contains("manpage"));
    CHECK_THAT(run_gpucost({"completion", "bash"}).out, !Contains("manpage"));
}
