// Replays every input under tests/data/fuzz-regressions/<harness>/ through the contract its libFuzzer harness
// (fuzz/fuzz_<harness>.cpp) checks, in the ordinary build: inputs the fuzzers once crashed on, and hostile seeds.
// A new crash becomes a test by copying its input into the harness's folder (docs/fuzzing.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/cli.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

namespace {

using gpucost::test::read_file;
using gpucost::test::test_path;

std::vector<std::string> inputs(const std::string& harness) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(test_path("data/fuzz-regressions/" + harness)))
        if (entry.is_regular_file()) files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

void check_finite(const gpucost::Report& report) {
    for (const gpucost::Comparison& c : report.comparisons) {
        CHECK(std::isfinite(c.result.build.total_usd));
        CHECK(std::isfinite(c.result.cloud.total_usd));
        CHECK(std::isfinite(c.result.savings_usd));
    }
}

}  // namespace

TEST_CASE("fuzz regressions: catalogues either validate into finite reports or fail with a gpucost error") {
    const auto files = inputs("catalog");
    REQUIRE(files.size() >= 4);
    for (const std::string& file : files) {
        CAPTURE(file);
        const std::string text = read_file(file);
        try {
            check_finite(gpucost::build_report(gpucost::parse_catalog(text, "fuzz.json"), {}));
        } catch (const gpucost::Error& e) {
            CHECK(std::string(e.what()).find("fuzz.json") != std::string::npos);  // the message names the file
        }
    }
}

TEST_CASE("fuzz regressions: command lines exit with a documented code and print nothing when they fail") {
    const auto files = inputs("cli");
    REQUIRE(files.size() >= 2);
    for (const std::string& file : files) {
        CAPTURE(file);
        std::vector<std::string> args;
        std::istringstream lines(read_file(file));
        for (std::string line; std::getline(lines, line);) args.push_back(line);
        const gpucost::test::RunResult r = gpucost::test::run_gpucost(args);
        CHECK(r.exit_code != 70);  // 70: an internal error, a bug
        if (r.exit_code >= 2) {
            CHECK(r.out.empty());
            CHECK(r.err.rfind("gpucost: error: ", 0) == 0);
        }
    }
}

TEST_CASE("fuzz regressions: scenario files parse or fail with a gpucost error naming the file") {
    const auto files = inputs("scenario");
    REQUIRE(!files.empty());
    for (const std::string& file : files) {
        CAPTURE(file);
        try {
            gpucost::parse_scenario(read_file(file), "fuzz.json");
        } catch (const gpucost::Error& e) {
            CHECK(std::string(e.what()).find("fuzz.json") != std::string::npos);
        }
    }
}

TEST_CASE("fuzz regressions: price lists import into offers gpucost reads back, or fail with a gpucost error") {
    const gpucost::Catalog catalog = gpucost::load_embedded_catalog();
    const auto files = inputs("import");
    REQUIRE(files.size() >= 2);
    for (const std::string& file : files) {
        CAPTURE(file);
        const std::string text = read_file(file);
        CHECK_NOTHROW([&] {
            try {
                gpucost::parse_csv(text, "fuzz.csv");
            } catch (const gpucost::Error&) {
            }
        }());
        for (const gpucost::ImportFormat format : {gpucost::ImportFormat::skypilot, gpucost::ImportFormat::gpuhunt}) {
            gpucost::ImportRequest request;
            request.format = format;
            request.source_file = "fuzz.csv";
            request.as_of = "2026-11-30";
            request.provider = format == gpucost::ImportFormat::skypilot ? "AWS" : "";
            try {
                const gpucost::ImportResult result = gpucost::import_offers(text, request, catalog);
                CHECK_NOTHROW(gpucost::parse_catalog_overlay(gpucost::import_overlay_json(result, request),
                                                             "import.json", catalog));
            } catch (const gpucost::Error& e) {
                CHECK(std::string(e.what()).find("fuzz.csv") != std::string::npos);
            }
        }
    }
}
