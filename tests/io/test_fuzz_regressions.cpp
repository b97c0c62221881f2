// Replays every input under tests/data/fuzz-regressions/<harness>/ through the contract its libFuzzer harness
// (fuzz/fuzz_<harness>.cpp) checks, in the ordinary build: inputs the fuzzers once crashed on, and hostile seeds.
// Each file's outcome is pinned in a table below, keyed by file name: "accepted", or the exact gpucost::Error
// message (prefix() for the start of a long one). A file without a row, or a row without a file, fails, so a new
// crash becomes a test by copying its input into the harness's folder and adding its row (docs/fuzzing.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/cli.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"
#include "import_contract.hpp"
#include "test_support.hpp"

namespace {

using gpucost::test::read_file;
using gpucost::test::test_path;

const std::string k_accepted = "accepted";

// An expected outcome: "accepted", a whole message, or (prefix) the start of a long one.
struct Outcome {
    std::string text;
    bool prefix = false;
};

Outcome exactly(std::string text) { return {std::move(text), false}; }
Outcome prefix(std::string text) { return {std::move(text), true}; }
const Outcome k_accepts = exactly(k_accepted);

void check_outcome(const std::string& step, const std::string& actual, const Outcome& expected) {
    INFO(step << ": " << actual);
    if (expected.prefix)
        CHECK_THAT(actual, Catch::Matchers::StartsWith(expected.text));
    else
        CHECK(actual == expected.text);
}

// The files of one harness's folder, by name, checked against the names a table pins.
template <typename Row>
std::vector<std::string> inputs(const std::string& harness, const std::map<std::string, Row>& table) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(test_path("data/fuzz-regressions/" + harness)))
        if (entry.is_regular_file()) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    std::vector<std::string> pinned;
    for (const auto& [name, row] : table) pinned.push_back(name);
    INFO("every file in tests/data/fuzz-regressions/" << harness << "/ has a row in the table, and every row a file");
    CHECK(names == pinned);
    return names;
}

std::string path_of(const std::string& harness, const std::string& name) {
    return test_path("data/fuzz-regressions/" + harness + "/" + name);
}

// Every figure of a report over a validated catalogue is finite (what fuzz_support's check_report asserts).
void check_finite(const gpucost::Report& report) {
    for (const gpucost::Comparison& c : report.comparisons) {
        CHECK(std::isfinite(c.result.build.total_usd));
        CHECK(std::isfinite(c.result.cloud.total_usd));
        CHECK(std::isfinite(c.result.savings_usd));
    }
}

// A report over `catalog`, checked finite: "accepted", or the gpucost::Error that building it threw.
std::string report_outcome(const gpucost::Catalog& catalog, const gpucost::ComparisonRequest& request) {
    try {
        check_finite(gpucost::build_report(catalog, request));
        return k_accepted;
    } catch (const gpucost::Error& e) {
        return e.what();
    }
}

const gpucost::Catalog& mini_catalog() {
    static const gpucost::Catalog catalog =
        gpucost::parse_catalog(read_file(test_path("data/mini_catalog.json")), "mini");
    return catalog;
}

}  // namespace

TEST_CASE("fuzz regressions: each catalogue input validates into a finite report or fails with its pinned message") {
    // fuzz_catalog reads each input as a whole catalogue ("fuzz.json") and as an overlay on the mini catalogue.
    struct Row {
        Outcome catalog;
        Outcome overlay;
    };
    const std::map<std::string, Row> table = {
        // A byte-order mark is refused with how to mend it, before any JSON is read.
        {"bad_bom.json",
         {exactly("fuzz.json: line 1, column 1: the file starts with a UTF-8 byte-order mark; save it as UTF-8 "
                  "without BOM"),
          exactly("overlay.json: line 1, column 1: the file starts with a UTF-8 byte-order mark; save it as UTF-8 "
                  "without BOM")}},
        // NaN is not JSON: refused where it starts (byte 95), not read as a number; 1e400 after it is never reached.
        {"bad_numbers.json",
         {exactly("fuzz.json: line 1, column 95: invalid JSON: NaN is not a JSON number; write a finite number"),
          exactly("overlay.json: line 1, column 95: invalid JSON: NaN is not a JSON number; write a finite number")}},
        // The mini catalogue cut after `  "gpus":` (9 characters of line 22): the value would start at column 10.
        {"bad_truncated.json",
         {exactly("fuzz.json: line 22, column 10: invalid JSON: the text ends early; expected a value"),
          exactly("overlay.json: line 22, column 10: invalid JSON: the text ends early; expected a value")}},
        // 10,000 '[': the 65th is one level more than allowed.
        {"deep_nesting.json",
         {exactly("fuzz.json: line 1, column 65: nested more than 64 levels deep; a catalogue needs 4"),
          exactly("overlay.json: line 1, column 65: nested more than 64 levels deep; a catalogue needs 4")}},
    };
    for (const std::string& name : inputs("catalog", table)) {
        CAPTURE(name);
        const std::string text = read_file(path_of("catalog", name));
        std::string catalog_outcome;
        try {
            catalog_outcome = report_outcome(gpucost::parse_catalog(text, "fuzz.json"), {});
        } catch (const gpucost::Error& e) {
            catalog_outcome = e.what();
        }
        check_outcome("as a catalogue", catalog_outcome, table.at(name).catalog);
        std::string overlay_outcome;
        try {
            gpucost::Catalog merged = mini_catalog();
            gpucost::merge_catalog(merged, gpucost::parse_catalog_overlay(text, "overlay.json", merged));
            overlay_outcome = report_outcome(merged, {});
        } catch (const gpucost::Error& e) {
            overlay_outcome = e.what();
        }
        check_outcome("as an overlay", overlay_outcome, table.at(name).overlay);
    }
}

TEST_CASE("fuzz regressions: each command line exits with its pinned code and message, stdout empty on failure") {
    // fuzz_cli splits its input into arguments at newlines and pins today; so does this replay.
    struct Row {
        int exit_code;
        Outcome err;
    };
    const std::map<std::string, Row> table = {
        // nan and inf are no numbers for a flag: both flags named, one line each, and nothing run.
        {"bad_numbers",
         {2, exactly("gpucost: error: --hours-per-week: must be a number in [0, 168], got \"nan\"\n"
                     "gpucost: error: --pue: must be a number in [1, 5], got \"inf\"\n")}},
        // A subnormal discount rate over 600 months is a valid, if odd, request: it runs, with only the shipped
        // catalogue's own warning.
        {"subnormal_rate", {0, exactly("")}},  // the shipped compare warns of nothing (issue 22)
    };
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    for (const std::string& name : inputs("cli", table)) {
        CAPTURE(name);
        std::vector<std::string> args;
        std::istringstream lines(read_file(path_of("cli", name)));
        for (std::string line; std::getline(lines, line);) args.push_back(line);
        const gpucost::test::RunResult r = gpucost::test::run_gpucost(args);
        CHECK(r.exit_code == table.at(name).exit_code);
        check_outcome("stderr", r.err, table.at(name).err);
        if (r.exit_code >= 2) CHECK(r.out.empty());  // a failed run prints nothing partial
        if (r.exit_code == 0) CHECK_FALSE(r.out.empty());
    }
}

TEST_CASE("fuzz regressions: each scenario file gives a finite report or fails with its pinned message") {
    // fuzz_scenario parses the input ("fuzz.json"), then reports over the mini catalogue with what it set.
    const std::map<std::string, Outcome> table = {
        // Every problem at once, in the assumption table's order, then the build id.
        {"bad_ranges.json", exactly("fuzz.json: /hours_per_week: must be in [0, 168] h/week, got 169\n"
                                    "fuzz.json: /years: must be a number in (0, 50] years, got the string \"3\"\n"
                                    "fuzz.json: /pue: must be in [1, 5], got 0.9\n"
                                    "fuzz.json: /build: must be a non-empty id string or null, got 7")},
    };
    for (const std::string& name : inputs("scenario", table)) {
        CAPTURE(name);
        std::string outcome;
        try {
            const gpucost::Scenario scenario =
                gpucost::parse_scenario(read_file(path_of("scenario", name)), "fuzz.json");
            gpucost::ComparisonRequest request;
            request.scenario = scenario.assumptions;
            request.build_id = scenario.build_id;
            request.cloud_id = scenario.cloud_id;
            if (scenario.build_id) request.build_id_file = "fuzz.json";
            if (scenario.cloud_id) request.cloud_id_file = "fuzz.json";
            outcome = report_outcome(mini_catalog(), request);
        } catch (const gpucost::Error& e) {
            outcome = e.what();
        }
        check_outcome("scenario", outcome, table.at(name));
    }
}

TEST_CASE("fuzz regressions: each price list imports into offers gpucost reads back, or fails as pinned") {
    // The contract is fuzz_import's own (fuzz/import_contract.hpp): CSV parsing, then both price-list formats.
    struct Row {
        Outcome csv;
        Outcome skypilot;
        Outcome gpuhunt;
    };
    const std::string k_unterminated_quote = "fuzz.csv: line 2: a quoted field is never closed (missing '\"')";
    const std::string k_bad_byte = "fuzz.csv: line 13: byte 0x8c is not valid UTF-8; save the file as UTF-8";
    const std::map<std::string, Row> table = {
        // The quote opened on line 2 runs to the end of the file: the CSV reader refuses it. The import reads a
        // record at a time (issue 10), so a header without gpuhunt's columns is refused before the records are read.
        {"bad_unterminated_quote.csv",
         {exactly(k_unterminated_quote), exactly(k_unterminated_quote),
          prefix("fuzz.csv: line 1: missing columns instance_name, location, price, gpu_count, gpu_name, spot; ")}},
        // Well-formed CSV; a GPU count of 1e400 is refused before the 1e308 price or the nan spot price is read; the
        // SkyPilot header lacks gpuhunt's columns.
        {"huge_numbers.csv",
         {k_accepts,
          exactly("fuzz.csv: line 2: column AcceleratorCount: must be a GPU count in [0, 1000000], got "
                  "\"1e400\""),
          prefix("fuzz.csv: line 1: missing columns instance_name, location, price, gpu_count, gpu_name, spot; ")}},
        // A real gpuhunt list with one Latin-1-damaged location on line 13: refused as a whole, with the byte; as
        // SkyPilot, its header is refused first (the records are read after the header is checked).
        {"invalid_utf8_field",
         {exactly(k_bad_byte),
          prefix("fuzz.csv: line 1: missing columns InstanceType, AcceleratorName, AcceleratorCount, Price, Region, "
                 "SpotPrice; "),
          exactly(k_bad_byte)}},
    };
    const gpucost::Catalog catalog = gpucost::load_embedded_catalog();
    for (const std::string& name : inputs("import", table)) {
        CAPTURE(name);
        const gpucost::fuzz::ImportOutcome outcome =
            gpucost::fuzz::check_import_contract(read_file(path_of("import", name)), catalog);
        CHECK(outcome.broken == std::vector<std::string>{});
        check_outcome("parse_csv", outcome.csv, table.at(name).csv);
        check_outcome("as SkyPilot", outcome.skypilot, table.at(name).skypilot);
        check_outcome("as gpuhunt", outcome.gpuhunt, table.at(name).gpuhunt);
    }
}
