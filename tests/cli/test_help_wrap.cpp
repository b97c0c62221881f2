// Help wrapped to the terminal (issue 25 item 8): 80 columns when piped, the terminal's width (or COLUMNS) on one,
// a description's continuation lines under its first, and no word lost or split.
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;

namespace {

const std::vector<std::vector<std::string>> k_helps = {{"--help"},
                                                       {"compare", "--help"},
                                                       {"check", "--help"},
                                                       {"cashflow", "--help"},
                                                       {"sensitivity", "--help"},
                                                       {"sweep", "--help"},
                                                       {"simulate", "--help"},
                                                       {"rank", "--help"},
                                                       {"catalog", "--help"},
                                                       {"catalog", "list", "--help"},
                                                       {"catalog", "import", "--help"},
                                                       {"init", "--help"},
                                                       {"completion", "--help"},
                                                       {"diff", "--help"},
                                                       {"export-rates", "--help"},
                                                       {"help", "compare"}};

std::size_t widest(const std::string& text) {
    std::istringstream lines(text);
    std::string line;
    std::size_t most = 0;
    while (std::getline(lines, line)) most = std::max(most, line.size());
    return most;
}

// The words of a text, in order, whatever the line breaks.
std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

TEST_CASE("--help: every line fits 80 columns when piped", "[help]") {
    for (const auto& args : k_helps) {
        const auto r = run_gpucost(args);
        INFO(args[0] << " " << args.back());
        REQUIRE(r.exit_code == 0);
        CHECK(widest(r.out) <= 80);
    }
}

TEST_CASE("--help: on a terminal, its width (COLUMNS first), and the same words as at 80", "[help]") {
    const gpucost::test::ScopedEnv no_columns("COLUMNS", nullptr);
    const auto narrow = run_gpucost({"compare", "--help"});
    const auto wide = run_gpucost({"compare", "--help"}, gpucost::Terminal{true, 160});
    CHECK(widest(wide.out) <= 160);
    CHECK(widest(wide.out) > 80);  // the descriptions use the room
    CHECK(words(wide.out) == words(narrow.out));
    const gpucost::test::ScopedEnv columns("COLUMNS", "100");
    const auto hundred = run_gpucost({"compare", "--help"}, gpucost::Terminal{true, 160});
    CHECK(widest(hundred.out) <= 100);
    CHECK(widest(hundred.out) > 80);
}

TEST_CASE("--help: a wrapped description continues under its first line", "[help]") {
    const auto r = run_gpucost({"compare", "--help"});
    // "  --cloud ID                  the cloud offer to compare with (default: the" then the rest at column 30.
    const std::size_t at = r.out.find("  --cloud ID ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = r.out.find('\n', at);
    const std::string next = r.out.substr(end + 1, r.out.find('\n', end + 1) - end - 1);
    CHECK(next.find_first_not_of(' ') == 30);
    CHECK(r.out.substr(at, end - at).find("the cloud offer") == 30);
}

TEST_CASE("man page: a flag several commands share is stated once, under COMMON OPTIONS", "[help]") {
    const std::string page = run_gpucost({"manpage"}).out;
    const std::string term = ".TP\n\\fB\\-\\-electricity\\-usd\\-per\\-kwh\\fR";
    const std::size_t first = page.find(term);
    REQUIRE(first != std::string::npos);
    CHECK(page.find(term, first + 1) == std::string::npos);  // once, where compare, check and five more took it
    CHECK(first > page.find(".SH COMMON OPTIONS"));
    // A command names the common options it takes; its own are stated in full in its section.
    CHECK(page.find("And the common options (COMMON OPTIONS below)") < page.find(".SH COMMON OPTIONS"));
    const std::size_t diff = page.find(".SS \"gpucost diff\"");
    REQUIRE(diff != std::string::npos);
    CHECK(page.find(".TP\n\\fIFILE\\fR", diff) < page.find(".SS", diff + 1));
}
