// Numbers echoed as typed (issue 10): a range error quotes the number as the file or the flag wrote it, not the
// double it parsed to ("got 1e-400", not "got 0").
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"
#include "gpucost/util/typed_number.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::read_file;
using gpucost::test::test_path;

namespace {

std::string error_of(const std::function<void()>& parse) {
    try {
        parse();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

// The mini catalogue with its first `"tdp_w": 500` written as `"tdp_w": TYPED`.
std::string mini_with_tdp(const std::string& typed) {
    std::string text = read_file(test_path("data/mini_catalog.json"));
    const std::string from = "\"tdp_w\": 500";
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), "\"tdp_w\": " + typed);
}

// True when `message` holds `line` as a whole line (what() puts one problem a line).
bool has_line(const std::string& message, const std::string& line) {
    const std::size_t at = message.find(line);
    if (at == std::string::npos) return false;
    const std::size_t end = at + line.size();
    return (at == 0 || message[at - 1] == '\n') && (end == message.size() || message[end] == '\n');
}

}  // namespace

TEST_CASE("catalogue range errors echo the number as typed") {
    struct Case {
        std::string typed, shown;
    };
    // Before issue 10 these said "got 0", "got -0", "got 1.2345678901234568e+29", "got 100000.5" and "got 0".
    const std::vector<Case> cases = {
        {"1e-400", "1e-400"},    // underflows to 0, which (0, 100000] refuses
        {"-1e-400", "-1e-400"},  // -0
        {"123456789012345678901234567890", "123456789012345678901234567890"},
        {"1.000005e5", "1.000005e5"},  // 100000.5 W
        {"0.0000", "0.0000"},
        // 400 characters (100001 W): its head, its tail and its length.
        {"100001." + std::string(393, '0'), "100001.00000000000000000...00000000 (400 characters)"},
    };
    for (const Case& c : cases) {
        INFO(c.typed);
        const std::string text = mini_with_tdp(c.typed);
        const std::string message = error_of([&] { parse_catalog(text, "c.json"); });
        CHECK(has_line(message, "c.json: /gpus/0/tdp_w: must be in (0, 100000] W, got " + c.shown));
    }
}

TEST_CASE("a catalogue file read again for its numbers, and numbers typed as printed left alone") {
    const std::string path = "typed_numbers_catalog.json";
    {
        std::ofstream out(path, std::ios::binary);
        out << mini_with_tdp("5E-500");
    }
    CHECK(has_line(error_of([&] { load_catalog_file(path); }),
                   path + ": /gpus/0/tdp_w: must be in (0, 100000] W, got 5E-500"));
    {
        std::ofstream out(path, std::ios::binary);
        out << mini_with_tdp("-300");
    }
    CHECK(has_line(error_of([&] { load_catalog_file(path); }),
                   path + ": /gpus/0/tdp_w: must be in (0, 100000] W, got -300"));
    std::remove(path.c_str());
}

TEST_CASE("scenario range errors echo the number as typed, nested paths too") {
    // Before issue 10: "got 0" and "got 0.5".
    CHECK(error_of([] {
              parse_scenario(R"({"years": 1e-400})", "s.json");
          }).find("s.json: /years: must be in (0, 50] years, got 1e-400") != std::string::npos);
    CHECK(error_of([] {
              parse_scenario(R"({"_c": 1, "pue": 0.50})", "s.json");
          }).find("s.json: /pue: must be in [1, 5], got 0.50") != std::string::npos);
}

TEST_CASE("echo_typed_numbers: only the number at the problem's path, only a whole 'got' number") {
    std::vector<Problem> problems = {{"/a/1/x", "must be in [1, 2], got 0"},
                                     {"/b", "must be in [1, 2], got 0"},
                                     {"/c", "must be a string, got 0.5"}};
    echo_typed_numbers(problems, R"({"a": [{"x": 5}, {"x": 0e7}], "b": "text", "c": 5E-1, "d": 1e-400})");
    CHECK(problems[0].message == "must be in [1, 2], got 0e7");
    CHECK(problems[1].message == "must be in [1, 2], got 0");  // a string there: nothing to echo
    CHECK(problems[2].message == "must be a string, got 5E-1");
}

TEST_CASE("flag values are echoed as typed") {
    const auto reason = [](AssumptionKey key, std::string_view typed) {
        return parse_assumption_value(key, AssumptionInput(typed)).reason;
    };
    CHECK(reason(AssumptionKey::pue, "0.5e0") == "must be in [1, 5], got 0.5e0");  // was "got 0.5"
    CHECK(reason(AssumptionKey::pue, "+9") == "must be in [1, 5], got +9");
    CHECK(reason(AssumptionKey::horizon_months, "0.000") == "must be in (0, 50], got 0.000");
    CHECK(typed_number_text("12") == "12");
}
