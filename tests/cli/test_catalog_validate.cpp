// `catalog validate`: its summary counts warnings from every file's warning list, not from the text printed; it
// refuses sources a reader cannot follow, and with --max-age-days the stale offers the default table uses.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::run_gpucost;

TEST_CASE("catalog validate: the summary counts the base's and every overlay's warnings, even under --quiet") {
    // misspelt_key.json has one unknown key ("notes"); given twice, it warns twice.
    const std::vector<std::string> args = {"catalog",       "validate",
                                           "--catalog",     "data/mini_catalog.json",
                                           "--add-catalog", "data/overlay/misspelt_key.json",
                                           "--add-catalog", "data/overlay/misspelt_key.json"};
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == "OK: data/mini_catalog.json + data/overlay/misspelt_key.json + data/overlay/misspelt_key.json: "
                   "2 GPUs, 2 builds, 4 cloud offers, 49 assumptions; 2 warnings\n");
    CHECK(r.err == "gpucost: warning: data/overlay/misspelt_key.json: /cloud/0/notes: unknown key, ignored (did "
                   "you mean \"note\"?)\n"
                   "gpucost: warning: data/overlay/misspelt_key.json: /cloud/0/notes: unknown key, ignored (did "
                   "you mean \"note\"?)\n");

    std::vector<std::string> quiet = args;
    quiet.push_back("--quiet");
    const auto q = run_gpucost(quiet);
    CHECK(q.err.empty());
    CHECK(q.out == r.out);  // quiet drops the lines, not the count
}

// ---- issue 22: sources a reader can follow, and the age of what the default table uses ----

namespace {

// data/mini_catalog.json with one change, written to a temporary file for the length of a test.
class MiniWith {
public:
    template <typename Change>
    MiniWith(const std::string& name, Change change)
        : m_folder("validate-" + name),
          m_path((m_folder.path / (name + ".json")).string()) {
        nlohmann::json catalog = nlohmann::json::parse(gpucost::test::read_file(gpucost::test::test_path(k_mini)));
        change(catalog);
        std::ofstream(m_path, std::ios::binary) << catalog.dump(2);
    }
    MiniWith(const MiniWith&) = delete;
    MiniWith& operator=(const MiniWith&) = delete;
    const std::string& path() const { return m_path; }

private:
    static constexpr const char* k_mini = "data/mini_catalog.json";
    gpucost::test::TempDir m_folder;
    std::string m_path;
};

}  // namespace

TEST_CASE("catalog validate: a source naming a path inside the project or an index number is an error, exit 3") {
    const MiniWith file("sources", [](nlohmann::json& c) {
        c["gpus"][0]["source"] = "vendor sheet, text read through index file id 40011037424";
        c["cloud"][1]["source"] = "Lambda's page (shared/reference/cloud.csv)";
    });
    const auto r = run_gpucost({"catalog", "validate", file.path()});
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    const std::string f = file.path();
    CHECK(r.err == "gpucost: error: " + f +
                       ": /gpus/0/source: cites \"index file id 40011037424\", a search index's number that a reader "
                       "cannot look up; cite the URL, named document or repository (with path and commit) behind it\n"
                       "gpucost: error: " +
                       f +
                       ": /cloud/1/source: cites \"shared/reference/cloud.csv\", a path inside the gpucost project "
                       "that a reader outside it cannot open; cite the URL, named document or repository (with path "
                       "and commit) behind it\n"
                       "gpucost: error: " +
                       f + ": not valid: 2 errors, 0 warnings\n");
    // An assumption's source is held to the same rule.
    const MiniWith assumption("assumption-source", [](nlohmann::json& c) {
        c["assumptions"]["sources"]["pue"] = "../shared/reference/system_costs.csv";
    });
    const auto a = run_gpucost({"catalog", "validate", assumption.path()});
    CHECK(a.exit_code == 3);
    CHECK_THAT(a.err, Catch::Contains(": /assumptions/sources/pue: cites \"../shared/reference/system_costs.csv\""));
    // The fixture itself passes: its sources are named documents ("fixture ...").
    CHECK(run_gpucost({"catalog", "validate", "data/mini_catalog.json"}).exit_code == 0);
}

TEST_CASE("catalog validate --max-age-days: an offer the default table uses and older than N days is an error") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // The default table of mini_catalog.json (84 h/week, its assumptions) compares box-a4 with pricey-a1 and box-b2
    // with b-1, both as of 2026-05-01: 213 days before 2026-11-30. Its GPUs and builds are older still, but a
    // purchase price keeps the vintage of its quote: notes, not errors.
    const auto stale = run_gpucost({"catalog", "validate", "data/mini_catalog.json", "--max-age-days", "212"});
    CHECK(stale.exit_code == 3);
    CHECK(stale.out.empty());
    const std::string kept = " (more than --max-age-days 212); kept: a purchase price keeps the vintage of its quote\n";
    const std::string used =
        " (more than --max-age-days 212), and the default compare table uses its price; read it again\n";
    CHECK(
        stale.err ==
        "gpucost: note: data/mini_catalog.json: /gpus/1/as_of: GPU \"gpu-b\" is as of 2025-06, 547 days old on "
        "2026-11-30" +
            kept +
            "gpucost: note: data/mini_catalog.json: /gpus/0/as_of: GPU \"gpu-a\" is as of 2026-01-15, 319 days old on "
            "2026-11-30" +
            kept +
            "gpucost: note: data/mini_catalog.json: /builds/0/as_of: build \"box-a4\" is as of 2026-02-01, 302 days "
            "old on 2026-11-30" +
            kept +
            "gpucost: note: data/mini_catalog.json: /builds/1/as_of: build \"box-b2\" is as of 2026-03-01, 274 days "
            "old on 2026-11-30" +
            kept +
            "gpucost: error: data/mini_catalog.json: /cloud/2/as_of: offer \"b-1\" is as of 2026-05-01, 213 days old "
            "on 2026-11-30" +
            used +
            "gpucost: error: data/mini_catalog.json: /cloud/1/as_of: offer \"pricey-a1\" is as of 2026-05-01, 213 "
            "days old on 2026-11-30" +
            used + "gpucost: error: data/mini_catalog.json: not valid: 2 errors, 0 warnings\n");
    // cheap-a8 (2026-04-01, 243 days) is older still, but the default table does not use it.
    CHECK_THAT(stale.err, !Catch::Contains("cheap-a8"));
    // 213 days is not more than 213: valid, and the notes stay on stderr.
    const auto fresh = run_gpucost({"catalog", "validate", "data/mini_catalog.json", "--max-age-days", "213"});
    CHECK(fresh.exit_code == 0);
    CHECK(fresh.out == "OK: data/mini_catalog.json: 2 GPUs, 2 builds, 3 cloud offers, 49 assumptions; 0 warnings\n");
    CHECK_THAT(fresh.err, Catch::StartsWith("gpucost: note: data/mini_catalog.json: /gpus/1/as_of: "));
    // Combined with --strict, and a bad value is a usage error.
    CHECK(
        run_gpucost({"catalog", "validate", "--strict", "data/mini_catalog.json", "--max-age-days", "213"}).exit_code ==
        0);
    CHECK(run_gpucost({"catalog", "validate", "data/mini_catalog.json", "--max-age-days", "-1"}).exit_code == 2);
    // ... before the file is read: an invalid catalogue with a bad limit is still a usage error.
    const MiniWith broken("broken", [](nlohmann::json& c) { c["gpus"][0]["vram_gb"] = -1; });
    const auto usage = run_gpucost({"catalog", "validate", broken.path(), "--max-age-days", "1.5"});
    CHECK(usage.exit_code == 2);
    CHECK(usage.err == "gpucost: error: --max-age-days: must be a whole number of days in [0, 36500], got \"1.5\"\n");
}

TEST_CASE("catalog validate --max-age-days 365: every price the shipped default table uses is under a year old") {
    // Issue 22's done-when. On 2026-12-02 the six undated Vast.ai rows (SkyPilot v8 snapshot, dated 2025-02, 668
    // days on 2026-12-01) were replaced by the Vast.ai list committed to anycloud-sh/catalog on 2026-04-29
    // (data/README.md 6a). The table's oldest prices are those seven Vast.ai rows: 2026-04-29 to 2026-12-02 is
    // 1 + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 31 + 1 = 217 days (April 30th, May to November, December 1st and 2nd).
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-12-02");
    const auto r = run_gpucost({"catalog", "validate", "--max-age-days", "365"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, !Catch::Contains("gpucost: error:"));
    // Builds and GPUs keep the vintage of their quotes: notes only.
    CHECK_THAT(r.err, Catch::Contains("gpucost: note: embedded: /builds/"));
    CHECK(run_gpucost({"catalog", "validate", "--strict", "--max-age-days", "217"}).exit_code == 0);
    // One day less names exactly the seven Vast.ai rows the table rents, and nothing else.
    const auto tighter = run_gpucost({"catalog", "validate", "--max-age-days", "216"});
    CHECK(tighter.exit_code == 3);
    std::vector<std::string> stale;
    std::size_t from = 0;
    const std::string marker = ": offer \"";
    for (std::size_t at = tighter.err.find(marker); at != std::string::npos; at = tighter.err.find(marker, from)) {
        const std::size_t start = at + marker.size();
        from = tighter.err.find('"', start);
        stale.push_back(tighter.err.substr(start, from - start));
    }
    std::sort(stale.begin(), stale.end());
    CHECK(stale == std::vector<std::string>{"vast-2x-rtx-4090-marketplace", "vast-2x-rtx-5090-marketplace",
                                            "vast-2x-rtx-6000ada-marketplace", "vast-2x-rtx-pro-6000-ws-marketplace",
                                            "vast-4x-rtx-3090-marketplace", "vast-4x-rtx-4090-marketplace",
                                            "vast-4x-rtx-5090-marketplace"});
    CHECK_THAT(tighter.err, Catch::Contains("is as of 2026-04-29, 217 days old on 2026-12-02"));
    CHECK_THAT(tighter.err, Catch::EndsWith("embedded: not valid: 7 errors, 0 warnings\n"));
}

TEST_CASE("catalog validate --max-age-days 365: the shipped table's Vast.ai rows age out on 2027-04-30") {
    // 2026-04-29 + 365 days = 2027-04-29 (no February 29th between): still within a year; a day later, 366 days.
    {
        const gpucost::test::ScopedEnv day("GPUCOST_TODAY", "2027-04-29");
        CHECK(run_gpucost({"catalog", "validate", "--max-age-days", "365"}).exit_code == 0);
    }
    const gpucost::test::ScopedEnv later("GPUCOST_TODAY", "2027-04-30");
    const auto aged = run_gpucost({"catalog", "validate", "--max-age-days", "365"});
    CHECK(aged.exit_code == 3);
    CHECK_THAT(aged.err, Catch::Contains("offer \"vast-4x-rtx-3090-marketplace\" is as of 2026-04-29, 366 days old"));
}
