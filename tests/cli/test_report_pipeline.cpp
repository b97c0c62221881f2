// The one report pipeline (src/cli/report_command.hpp) and the one JSON envelope, as users get them: every command's
// JSON has the same top-level keys, every report command (and catalog list/show) honours --max-age-days with the
// same warning, and --verbose prints what the match left out in the same place, in the same order, everywhere.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;
using Json = nlohmann::ordered_json;

namespace {

const std::string k_mini = "data/mini_catalog.json";
const std::string k_match = "data/match_catalog.json";

// Every JSON output: the command line (on the mini catalogue unless it names another), its "command" and body key.
struct JsonCase {
    std::vector<std::string> args;
    std::string command;
    std::string body;
};

const std::vector<JsonCase>& json_cases() {
    static const std::vector<JsonCase> cases = {
        {{"compare", "--catalog", k_mini}, "compare", "report"},
        {{"check", "--catalog", k_mini, "--max-build-total-usd", "1000000000"}, "check", "check"},
        {{"cashflow", "--catalog", k_mini, "--build", "box-a4"}, "cashflow", "cash_flow"},
        {{"sensitivity", "--catalog", k_mini, "--range", "hours_per_week=20:60"}, "sensitivity", "sensitivity"},
        {{"sweep", "--catalog", k_mini, "--vary", "hours_per_week=0:168:84"}, "sweep", "sweep"},
        {{"simulate", "--catalog", k_mini, "--range", "hours_per_week=20:60", "--draws", "200"},
         "simulate",
         "simulation"},
        {{"rank", "--catalog", k_match, "--workload", "llm-infer"}, "rank", "rank"},
        {{"catalog", "list", "--catalog", k_mini}, "catalog list", "listing"},
        {{"catalog", "show", "box-a4", "--catalog", k_mini}, "catalog show", "entry"},
    };
    return cases;
}

std::vector<std::string> keys_of(const Json& object) {
    std::vector<std::string> keys;
    for (const auto& item : object.items()) keys.push_back(item.key());
    return keys;
}

gpucost::test::RunResult ran(std::vector<std::string> args, int exit_code = 0) {
    auto r = run_gpucost(args);
    INFO("gpucost " << args.front() << ": stderr: " << r.err);
    REQUIRE(r.exit_code == exit_code);
    return r;
}

// The lines of `text` that start with `prefix`, in order.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (line.rfind(prefix, 0) == 0) out.push_back(line);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("envelope: every command's JSON has the same top-level keys, the body last under the model's key",
          "[envelope]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    const std::vector<std::string> envelope = {"schema_version", "tool_version",       "command", "catalog", "currency",
                                               "assumptions",    "assumption_sources", "warnings"};
    for (const JsonCase& c : json_cases()) {
        std::vector<std::string> args = c.args;
        args.insert(args.end(), {"--format", "json"});
        const Json document = Json::parse(ran(args).out);
        INFO(c.command);
        std::vector<std::string> expected = envelope;
        expected.push_back(c.body);
        CHECK(keys_of(document) == expected);
        CHECK(document.at("schema_version") == 2);
        CHECK(document.at("command") == c.command);
        CHECK(keys_of(document.at("catalog")) == std::vector<std::string>{"as_of", "source", "oldest_figure_as_of"});
        CHECK(document.at("catalog").at("as_of") == "2026-11-30");  // both fixtures' own as_of
        CHECK(document.at("currency") == Json{{"code", "USD"}, {"per_usd", 1.0}});
        // Every assumption key of the table is there, with its source: the same object in every command.
        CHECK(document.at("assumptions").contains("hours_per_week"));
        CHECK(document.at("assumption_sources").at("hours_per_week").contains("from"));
    }
}

TEST_CASE("envelope: the oldest figure is the oldest as_of the output uses, in every command", "[envelope]") {
    // compare, every build of the mini catalogue: gpu-b's 2025-06 is the oldest (docs: YYYY-MM reads as its 1st).
    CHECK(Json::parse(ran({"compare", "--catalog", k_mini, "--format", "json"}).out)
              .at("catalog")
              .at("oldest_figure_as_of") == "2025-06");
    // box-a4 alone: gpu-a 2026-01-15 is older than box-a4 (2026-02-01) and its offer (2026-04/05).
    for (const char* command : {"compare", "cashflow", "sensitivity", "simulate"}) {
        INFO(command);
        const Json document =
            Json::parse(ran({command, "--catalog", k_mini, "--build", "box-a4", "--format", "json"}).out);
        CHECK(document.at("catalog").at("oldest_figure_as_of") == "2026-01-15");
    }
    // catalog show box-a4: the entry's own as_of.
    CHECK(Json::parse(ran({"catalog", "show", "box-a4", "--catalog", k_mini, "--format", "json"}).out)
              .at("catalog")
              .at("oldest_figure_as_of") == "2026-02-01");
}

TEST_CASE("envelope: --currency is the envelope's in every report command", "[envelope]") {
    for (const char* command : {"compare", "cashflow", "sensitivity", "simulate"}) {
        INFO(command);
        const Json document = Json::parse(ran({command, "--catalog", k_mini, "--build", "box-a4", "--currency", "EUR",
                                               "--usd-rate", "0.92", "--format", "json"})
                                              .out);
        CHECK(document.at("currency") == Json{{"code", "EUR"}, {"per_usd", 0.92}});
    }
}

TEST_CASE("report commands, --max-age-days: each warns about the same stale figures", "[pipeline]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // box-a4 against its cheapest offer: gpu-a is as of 2026-01-15, 16 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 +
    // 30 = 319 days before 2026-11-30; box-a4 2026-02-01 is 302 days; its offer (2026-04-01 or later) at most 243.
    // With 250 days allowed, the first two are stale, oldest first. Before the pipeline, only compare and check
    // warned; cashflow, sensitivity, sweep and simulate took no --max-age-days at all (exit 2).
    const std::string expected =
        "gpucost: warning: stale figure: GPU gpu-a is as of 2026-01-15, 319 days old (more than --max-age-days 250)\n"
        "gpucost: warning: stale figure: build box-a4 is as of 2026-02-01, 302 days old (more than --max-age-days "
        "250)\n";
    const std::vector<std::vector<std::string>> commands = {
        {"compare"},
        {"cashflow"},
        {"sensitivity", "--range", "hours_per_week=20:60"},
        {"sweep", "--vary", "hours_per_week=0:168:84"},
        {"simulate", "--range", "hours_per_week=20:60", "--draws", "200"}};
    for (std::vector<std::string> args : commands) {
        args.insert(args.end(), {"--catalog", k_mini, "--build", "box-a4", "--max-age-days", "250"});
        const auto r = ran(args);
        INFO(args.front());
        std::string stale;
        for (const std::string& line : lines_starting(r.err, "gpucost: warning: stale figure: ")) stale += line + "\n";
        CHECK(stale == expected);
        // And in the JSON envelope's warnings, in the same order.
        args.insert(args.end(), {"--format", "json"});
        const Json warnings = Json::parse(ran(args).out).at("warnings");
        CHECK(warnings.at(0) ==
              "stale figure: GPU gpu-a is as of 2026-01-15, 319 days old (more than --max-age-days 250)");
        CHECK(warnings.at(1) ==
              "stale figure: build box-a4 is as of 2026-02-01, 302 days old (more than --max-age-days 250)");
    }
    // 319 days allowed: nothing is more than 319 days old.
    CHECK(ran({"cashflow", "--catalog", k_mini, "--build", "box-a4", "--max-age-days", "319"}).err.empty());
    // A bad limit is the same usage error everywhere.
    for (const char* command : {"cashflow", "sensitivity", "simulate", "rank"}) {
        const auto r = ran({command, "--catalog", k_mini, "--max-age-days", "1.5"}, 2);
        CHECK(r.err == "gpucost: error: --max-age-days: must be a whole number of days in [0, 36500], got \"1.5\"\n");
    }
}

TEST_CASE("report commands, --max-age-days: rank warns about its rows' figures and the workload's", "[pipeline]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // Every figure of the match fixture is as of 2026-01-15, 319 days before 2026-11-30 (above). With fp64-hpc and
    // 60 GB or more, only gpu-h qualifies: the build hgx-8 and gpu-h's offers; ties in age go by kind, then id.
    const auto r =
        ran({"rank", "--catalog", k_match, "--workload", "fp64-hpc", "--min-vram-gb", "60", "--max-age-days", "318"});
    const std::string tail = " is as of 2026-01-15, 319 days old (more than --max-age-days 318)";
    std::vector<std::string> expected;
    for (const char* figure : {"GPU gpu-h", "build hgx-8", "offer h-1x-market", "offer h-8x-cloud", "offer h-8x-hyper",
                               "offer h-8x-pcie", "workload fp64-hpc"})
        expected.push_back(std::string("gpucost: warning: stale figure: ") + figure + tail);
    CHECK(lines_starting(r.err, "gpucost: warning: stale figure: ") == expected);
    // (The notes name the fixture's offers that fp64-hpc leaves out: a --catalog file is the user's own.)
    CHECK(lines_starting(ran({"rank", "--catalog", k_match, "--workload", "fp64-hpc", "--max-age-days", "319"}).err,
                         "gpucost: warning: ")
              .empty());
}

TEST_CASE("catalog list and show, --max-age-days: a warning per entry shown that is too old", "[pipeline]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // gpu-b's 2025-06 reads as 2025-06-01: 365 days to 2026-06-01, then 29 + 31 + 31 + 30 + 31 + 30 = 182 to
    // 2026-11-30, 547 in all; gpu-a's 2026-01-15 is 319 days old (above). Oldest first.
    const auto list = ran({"catalog", "list", "gpus", "--catalog", k_mini, "--max-age-days", "300"});
    CHECK(list.err ==
          "gpucost: warning: stale figure: GPU gpu-b is as of 2025-06, 547 days old (more than --max-age-days 300)\n"
          "gpucost: warning: stale figure: GPU gpu-a is as of 2026-01-15, 319 days old (more than --max-age-days "
          "300)\n");
    CHECK(ran({"catalog", "list", "gpus", "--catalog", k_mini, "--max-age-days", "547"}).err.empty());
    const auto show = ran({"catalog", "show", "box-a4", "--catalog", k_mini, "--max-age-days", "301"});
    CHECK(show.err ==
          "gpucost: warning: stale figure: build box-a4 is as of 2026-02-01, 302 days old (more than --max-age-days "
          "301)\n");
    CHECK(ran({"catalog", "show", "box-a4", "--catalog", k_mini, "--max-age-days", "302"}).err.empty());
}

TEST_CASE("report commands, --verbose: what the match left out comes first, the same lines everywhere", "[pipeline]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // hgx-8 (8 x gpu-h on NVSwitch) like for like: h-1x-market (1 GPU per instance) and h-8x-pcie (PCIe) are left
    // out. The notes come before the model's warnings (here its stale figures: every figure is 319 days old),
    // whatever the command. Before the pipeline, check printed them after rendering, rank on stderr even under
    // --quiet, and sensitivity, sweep and simulate through a second matching pass. check exits 1: with
    // --max-age-days it is also a gate, and 319 > 318.
    const std::vector<std::pair<std::vector<std::string>, int>> commands = {
        {{"compare"}, 0},
        {{"check", "--expect", "cloud"}, 1},
        {{"cashflow"}, 0},
        {{"sensitivity", "--range", "hours_per_week=20:60"}, 0},
        {{"sweep", "--vary", "hours_per_week=0:168:84"}, 0},
        {{"simulate", "--range", "hours_per_week=20:60", "--draws", "200"}, 0}};
    const std::vector<std::string> expected = {
        "gpucost: note: left out offer \"h-1x-market\" for build \"hgx-8\": 1 GPU per instance; like-for-like needs "
        "8 GPUs",
        "gpucost: note: left out offer \"h-8x-pcie\" for build \"hgx-8\": interconnect pcie is weaker than the build's "
        "nvsw"};
    for (auto [args, exit_code] : commands) {
        args.insert(args.end(), {"--catalog", k_match, "--build", "hgx-8", "--verbose", "--max-age-days", "318"});
        const auto r = ran(args, exit_code);
        INFO(args.front() << ": " << r.err);
        std::vector<std::string> notes = lines_starting(r.err, "gpucost: note: left out ");
        REQUIRE(notes.size() == expected.size());
        for (std::size_t i = 0; i < notes.size(); ++i) CHECK(notes[i].rfind(expected[i], 0) == 0);
        const std::size_t last_note = r.err.rfind("gpucost: note: left out ");
        const std::size_t stale = r.err.find("gpucost: warning: stale figure: GPU gpu-h");
        REQUIRE(stale != std::string::npos);
        CHECK(last_note < stale);
        // --quiet drops notes and warnings alike.
        args.push_back("--quiet");
        CHECK(lines_starting(ran(args, exit_code).err, "gpucost: note: ").empty());
    }
}
