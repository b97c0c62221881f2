// Every command's table output fits 80 columns when piped (issue 19): tables leave out their least important
// columns (Table::drop_order) or break an address over lines (Table::wrap), prose and a fact's value wrap at spaces,
// and only a URL longer than a line stands whole on a line of its own. --wide gives every column.
#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;
using gpucost::test::ScopedEnv;
using gpucost::test::stdout_of;

namespace {

std::size_t columns_of(const std::string& line) {
    return static_cast<std::size_t>(
        std::count_if(line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// The lines of `text` wider than `width`, less those that are one URL alone (after the indent).
std::vector<std::string> too_wide(const std::string& text, std::size_t width) {
    std::vector<std::string> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (columns_of(line) <= width) continue;
        const std::string word = line.substr(std::min(line.size(), line.find_first_not_of(' ')));
        if (word.find(' ') == std::string::npos && word.find("://") != std::string::npos) continue;
        out.push_back(line);
    }
    return out;
}

// The widest line of `text`.
std::size_t widest(const std::string& text) {
    std::size_t widest = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) widest = std::max(widest, columns_of(line));
    return widest;
}

// Every command with a table format, on the shipped catalogue (its offer ids run to 64 characters, its sources
// hold long URLs) and on the fixtures where a view needs them (a regret table, demand cases, a diff).
const std::vector<std::vector<std::string>> k_commands = {
    {"compare", "--hours-per-week", "40"},
    {"compare", "--build", "dgx-h100-2023"},
    {"check", "--hours-per-week", "40"},
    {"cashflow", "--build", "dgx-h100-2023"},
    {"cashflow", "--build", "dgx-h100-2023", "--layout", "wide"},
    {"sensitivity", "--build", "dgx-h100-2023"},
    {"simulate", "--build", "dgx-h100-2023", "--draws", "500", "--seed", "1"},
    {"sweep", "--build", "dgx-h100-2023", "--vary", "hours_per_week=0:168:24"},
    {"sweep", "--build", "dgx-h100-2023", "--vary", "hours_per_week=0:168:24", "--vary", "years=1:5:1"},
    {"rank", "--workload", "llm-70b-serve-mlperf"},
    {"plan", "--build", "dgx-h100-2023", "--growth-low", "0", "--growth-high", "1"},
    {"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-case", "no-step:steps=none",
     "--demand-case", "double-burst:burst-gpus=4", "--step", "13=8"},
    {"catalog", "list"},
    {"catalog", "list", "cloud", "--pricing", "spot"},
    {"catalog", "list", "workloads"},
    {"catalog", "show", "h100-sxm"},
    {"diff", "data/diff_before.json", "data/diff_after.json"},
};

}  // namespace

TEST_CASE("every command's table output piped: no line wider than 80 columns but a URL alone", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    for (const std::vector<std::string>& args : k_commands) {
        const std::string out = stdout_of(args);
        std::string command;
        for (const std::string& a : args) command += a + " ";
        INFO(command << "\n" << out);
        CHECK(too_wide(out, 80).empty());
    }
}

TEST_CASE("piped tables that leave out columns show them all with --wide", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    for (const std::vector<std::string>& args : k_commands) {
        const std::string piped = stdout_of(args);
        if (piped.find("Not shown at 80 columns") == std::string::npos) continue;
        std::vector<std::string> wide = args;
        wide.emplace_back("--wide");
        const std::string out = stdout_of(wide);
        INFO(out);
        CHECK(out.find("Not shown") == std::string::npos);
        CHECK(widest(out) > 80);
    }
}

TEST_CASE("sweep, plan, diff and catalog list: the columns a narrow terminal keeps", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    // The fixture's sweep is 84 wide: cloud total (11 and a gap of 2) goes first, 71.
    const std::string sweep = stdout_of(
        {"sweep", "--catalog", "data/ranges_catalog.json", "--build", "box-a4", "--vary", "hours_per_week=0:168:24"});
    CHECK(sweep.find("  hours_per_week  build total  owning saves  cheaper  break-even h/week\n") != std::string::npos);
    CHECK(sweep.find("Not shown at 80 columns: cloud total (--wide shows every column).") != std::string::npos);
    // Its map of two inputs is 84 wide (an indent of 2, the corner 22, five cells of 10 after gaps of 2): the last
    // value, 3 years, goes first, 72; the others stay.
    const std::string map = stdout_of({"sweep", "--catalog", "data/ranges_catalog.json", "--build", "box-a4", "--vary",
                                       "hours_per_week=0:168:42", "--vary", "years=1:3:0.5"});
    CHECK(map.find("  hours_per_week \\ years           1         1.5           2         2.5\n") != std::string::npos);
    CHECK(map.find("Not shown at 80 columns: 3 (--wide shows every column).") != std::string::npos);
    // catalog list cloud: the id whole (64 wide in the shipped catalogue) and the price at the pricing in force.
    const std::string spot = stdout_of({"catalog", "list", "cloud", "--pricing", "spot"});
    const std::size_t header = spot.find("\nid ");
    REQUIRE(header != std::string::npos);
    const std::string header_line = spot.substr(header + 1, spot.find('\n', header + 1) - header - 1);
    CHECK(header_line.find("spot") != std::string::npos);
    CHECK(header_line.find("reserved-3y") == std::string::npos);
}

namespace {

// A ranked row of kind cloud, "  12  cloud  ID  WORDS  ...", as its id and its words (single spaces within the
// words, two or more around each cell); nothing for any other line. (No <regex>: g++ 12 at -O1 warns wrongly in it.)
std::optional<std::pair<std::string, std::string>> offer_row(const std::string& line) {
    std::size_t i = line.find_first_not_of(' ');
    if (i == 0 || i == std::string::npos || line[i] < '0' || line[i] > '9') return std::nullopt;
    i = line.find_first_not_of("0123456789", i);
    if (i == std::string::npos || line.compare(i, 9, "  cloud  ") != 0) return std::nullopt;
    const std::size_t id_at = i + 9;
    const std::size_t id_end = line.find(' ', id_at);
    if (id_at >= line.size() || line[id_at] == ' ' || id_end == std::string::npos) return std::nullopt;
    const std::size_t words_at = line.find_first_not_of(' ', id_end);
    if (words_at == std::string::npos) return std::nullopt;
    const std::size_t words_end = line.find("  ", words_at);
    if (words_end == std::string::npos) return std::nullopt;
    return std::pair{line.substr(id_at, id_end - id_at), line.substr(words_at, words_end - words_at)};
}

}  // namespace

TEST_CASE("rank: offers that share their few words are told apart by region, else tier", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    // The shipped catalogue lists AWS's p6-b200 in us-east-1 and us-west-2, and RunPod's B200 pod in its community
    // (marketplace) and secure (gpu-cloud) clouds, both "global".
    const auto ranked =
        nlohmann::json::parse(stdout_of({"rank", "--workload", "llm-70b-serve-mlperf", "--format", "json"}));
    std::map<std::string, nlohmann::json> by_id;
    for (const auto& r : ranked.at("rank").at("rows")) by_id[r.at("id").get<std::string>()] = r;
    // --wide: every row with its id and its words, cells two spaces or more apart.
    const std::string wide = stdout_of({"rank", "--workload", "llm-70b-serve-mlperf", "--wide"});
    std::map<std::string, std::string> label_of;  // id -> "build or offer"
    std::istringstream lines(wide);
    for (std::string line; std::getline(lines, line);)
        if (const auto cells = offer_row(line)) label_of[cells->first] = cells->second;
    REQUIRE(label_of.size() >= 20);
    CHECK(label_of.at("aws-p6-b200.48xlarge-us-east-1") == "AWS 8x B200 us-east-1");
    CHECK(label_of.at("aws-p6-b200.48xlarge-us-west-2") == "AWS 8x B200 us-west-2");
    CHECK(label_of.at("runpod-b200-pod-community-cloud-global") == "RunPod 1x B200 marketplace");
    CHECK(label_of.at("runpod-b200-pod-secure-cloud-global") == "RunPod 1x B200 gpu-cloud");
    CHECK(label_of.at("lambda-8x-b200-sxm6-us") == "Lambda 8x B200");  // alone in its words: no more
    // Property: two offers share their words only when their region and tier are the same too.
    for (const auto& [a, label_a] : label_of)
        for (const auto& [b, label_b] : label_of) {
            if (a >= b || label_a != label_b) continue;
            INFO(a << " and " << b << ": " << label_a);
            CHECK(by_id.at(a).at("region") == by_id.at(b).at("region"));
            CHECK(by_id.at(a).at("tier") == by_id.at(b).at("tier"));
        }
}
