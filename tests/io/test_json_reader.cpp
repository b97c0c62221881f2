// The JSON readers: simdjson for catalogues (json_dom.hpp), nlohmann for scenarios (parse_json_text), and the
// wording of malformed JSON, which both share (json_syntax.cpp).
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"

using gpucost::parse_json_text;
using nlohmann::json;

namespace {

// The error's message, and for a validation error its warnings' paths too.
std::string error_of(const std::function<void()>& parse) {
    try {
        parse();
    } catch (const gpucost::ValidationError& e) {
        std::string text = e.what();
        for (const gpucost::Problem& w : e.warnings()) text += "\nwarning at " + w.path;
        return text;
    } catch (const gpucost::Error& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("malformed JSON is worded with its line, column and reason, the same for catalogues and scenarios") {
    // Catalogues go through simdjson, scenarios through nlohmann; both word errors through json_syntax.cpp.
    struct Case {
        std::string text;
        std::string message;  // after "t.json: "
    };
    const std::vector<Case> cases = {
        {"{", "line 1, column 2: invalid JSON: the text ends early; expected a key in double quotes or '}'"},
        {"{\"a\": [{\"id\": \"x\"},]}", "line 1, column 20: invalid JSON: unexpected ']'; expected a value"},
        {"{\"a\": [{\"id\": \"x\"}\n  {\"id\": \"y\"}]}",
         "line 2, column 3: invalid JSON: unexpected '{'; expected ',' or ']'"},
        {"{\"a\": 01}", "line 1, column 7: invalid JSON: 01 is not a valid JSON number"},
        {"{\"a\": 1.}", "line 1, column 7: invalid JSON: 1. is not a valid JSON number"},
        {"{\"a\": -}", "line 1, column 7: invalid JSON: - is not a valid JSON number"},
        {"{\"a\": NaN}", "line 1, column 7: invalid JSON: NaN is not a JSON number; write a finite number"},
        {"{\"a\": -Infinity}", "line 1, column 7: invalid JSON: -Infinity is not a JSON number; write a finite number"},
        {"{\"a\": 1e400}", "line 1, column 7: the number 1e400 is too large to represent; numbers must be finite"},
        {"{\"a\": tru}", "line 1, column 7: invalid JSON: unexpected word tru; expected a value (a string needs double "
                         "quotes)"},
        {"{\"a\": true false}", "line 1, column 12: invalid JSON: unexpected false; expected ',' or '}'"},
        {"{\"a\": \"tab\there\"}",
         "line 1, column 11: invalid JSON: a string holds the control character U+0009; write it as \\u0009"},
        {"{\"a\": \"\\x\"}", "line 1, column 8: invalid JSON: \\x is not a JSON escape; write \\\\, \\\", \\/, \\b, "
                             "\\f, \\n, \\r, \\t or \\u and four hex digits"},
        {"{\"a\": \"\\u12\"}", "line 1, column 8: invalid JSON: \\u must be followed by four hex digits"},
        {"{\"a\": \"\\ud800\\u0041\"}", "line 1, column 8: invalid JSON: \\ud800 starts a UTF-16 surrogate pair and "
                                        "must be followed by a low surrogate \\udc00 to \\udfff"},
        {"{\"a\": \"\\udc00\"}", "line 1, column 8: invalid JSON: \\udc00 is the second half of a UTF-16 surrogate "
                                 "pair, with no first half before it"},
        {"{\"a\": \"\xff\"}", "line 1, column 8: invalid JSON: a string is not valid UTF-8 (bytes \\xff); save the "
                              "file as UTF-8"},
        {"{\"a\": \"unterminated}", "line 1, column 7: invalid JSON: this string has no closing quote"},
        {"{\"a\": 1} trailing",
         "line 1, column 10: invalid JSON: unexpected word trailing; expected the end of the text"},
        {"{'a': 1}", "line 1, column 2: invalid JSON: single quotes; JSON strings and keys use double quotes"},
        {"{\"a\" 1}", "line 1, column 6: invalid JSON: unexpected number 1; expected ':' after the key"},
        {"{\"a\": 1 \"b\": 2}", "line 1, column 9: invalid JSON: unexpected string \"b\"; expected ',' or '}'"},
        {"{\"a\": [1, 2}", "line 1, column 12: invalid JSON: unexpected '}'; expected ',' or ']'"},
        {"// comment\n{}", "line 1, column 1: invalid JSON: a comment; JSON has no comments"},
        {"\x89PNG\r\n", "line 1, column 1: invalid JSON: unexpected byte \\x89; expected a value"},
        {"\xEF\xBB\xBF{}",
         "line 1, column 1: the file starts with a UTF-8 byte-order mark; save it as UTF-8 without BOM"},
        {" \n", "the file is empty; expected a JSON object"},
        // The 65th '[' (byte 64, column 65) is one level more than the 64 allowed.
        {std::string(100'000, '[') + std::string(100'000, ']'),
         "line 1, column 65: nested more than 64 levels deep; a catalogue needs 4"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text.substr(0, 40));
        CHECK(error_of([&] { parse_json_text(c.text, "t.json"); }) == "t.json: " + c.message);
        CHECK(error_of([&] { gpucost::parse_catalog(c.text, "t.json"); }) == "t.json: " + c.message);
    }
}

TEST_CASE("simdjson's depth limit is the one parse_json_text words") {
    const auto nested = [](std::size_t levels) {
        return "{\"gpus\": " + std::string(levels - 1, '[') + std::string(levels - 1, ']') + "}";
    };
    // 64 levels are JSON gpucost reads (and then a bad catalogue); 65 are too deep.
    CHECK(error_of([&] { gpucost::parse_catalog(nested(64), "t.json"); }).find("nested") == std::string::npos);
    CHECK(error_of([&] { gpucost::parse_catalog(nested(65), "t.json"); }) ==
          "t.json: line 1, column 73: nested more than 64 levels deep; a catalogue needs 4");
}

TEST_CASE("a catalogue reads the same whatever the order of its keys") {
    // The same entries and problems in three layouts: gpus and builds first, the cloud section first, and a root
    // key repeated after the cloud section (the last wins, as in nlohmann's DOM).
    const std::string assumptions = R"("assumptions": {"hours_per_week": 40, "years": 3, "pricing": "on-demand",
        "electricity_usd_per_kwh": 0.17, "pue": 1.3, "idle": "always-on", "staff_salary_usd": 150000,
        "staff_fte_build": 0.1, "staff_fte_cloud": 0.05, "maintenance_rate": 0.05, "facility_usd_per_month": 100,
        "useful_life_years": 5, "residual_value": 0.2, "discount_rate": 0, "spot_overhead": 0.1,
        "cloud_storage_usd_per_month": 0, "cloud_egress_usd_per_month": 0, "sources": {"hours_per_week": "s",
        "years": "s", "pricing": "s", "electricity_usd_per_kwh": "s", "pue": "s", "idle": "s",
        "staff_salary_usd": "s", "staff_fte_build": "s", "staff_fte_cloud": "s", "maintenance_rate": "s",
        "facility_usd_per_month": "s", "useful_life_years": "s", "residual_value": "s", "discount_rate": "s",
        "spot_overhead": "s", "cloud_storage_usd_per_month": "s", "cloud_egress_usd_per_month": "s"}})";
    const std::string gpus = R"("gpus": [{"id": "g", "name": "G", "vendor": "V", "vram_gb": 80, "tdp_w": 700,
        "idle_w": 70, "price_usd": 25000, "bf16_tflops": null, "fp64_tflops": 1, "mem_bw_gbs": 3000,
        "source": "s", "as_of": "2026-01"}])";
    const std::string builds = R"("builds": [{"id": "b", "name": "B", "gpu": "g", "gpu_count": 8,
        "base_price_usd": 1000, "base_load_w": 100, "base_idle_w": 10, "setup_usd": 0, "source": "s",
        "as_of": "2026-01", "colour": "red"}])";
    const std::string valid_cloud = R"("cloud": [
        {"id": "o1", "provider": "P", "instance": "i", "region": "r", "gpu": "g", "gpu_count": 8,
         "usd_per_hour": {"on-demand": 98.32, "spot": 40}, "source": "s", "as_of": "2026-01", "flavour": 1},
        {"id": "o2", "provider": "P", "instance": "i2 € \ud83d\ude00", "region": "r", "gpu": "g", "gpu_count": 1,
         "usd_per_hour": {"reserved-1y": 2.5}, "source": "s", "as_of": "2026-01", "note": "caf\u00e9"}])";
    const std::string head = R"({"schema_version": 1, "as_of": "2026-11-30", "currency": "USD", "extra": 1, )";
    const auto layouts = [&](const std::string& cloud) {
        return std::vector<std::string>{
            head + assumptions + ", " + gpus + ", " + builds + ", " + cloud + "}",
            head + cloud + ", " + assumptions + ", " + gpus + ", " + builds + "}",
            head + gpus + ", " + builds + ", " + cloud + ", " + assumptions + ", \"extra\": 2}",
        };
    };

    SECTION("a valid catalogue: the same offers and warnings") {
        std::vector<gpucost::Catalog> read;
        for (const std::string& text : layouts(valid_cloud)) read.push_back(gpucost::parse_catalog(text, "c.json"));
        for (const gpucost::Catalog& c : read) {
            REQUIRE(c.cloud.size() == 2);
            CHECK(c.cloud[0].id == "o1");
            CHECK(c.cloud[0].usd_per_hour[0] == std::optional<double>(98.32));
            CHECK(c.cloud[1].provenance.note.str() == "caf\xC3\xA9");
            CHECK(c.cloud[1].instance == "i2 \xE2\x82\xAC \xF0\x9F\x98\x80");  // raw UTF-8 and a surrogate pair
            CHECK(c.builds.size() == 1);
            REQUIRE(c.warnings.size() == 3);  // /extra, then the build's key, then the offer's
            CHECK(c.warnings[0].path == "/extra");
            CHECK(c.warnings[1].path == "/builds/0/colour");
            CHECK(c.warnings[2].path == "/cloud/0/flavour");
        }
    }

    SECTION("an invalid catalogue: the same message, problems in the same order") {
        // A duplicate id against the build, an unknown GPU and a bad price, after a root problem.
        const std::string bad_cloud = R"("cloud": [
            {"id": "b", "provider": "P", "instance": "i", "region": "r", "gpu": "h", "gpu_count": 8,
             "usd_per_hour": {"on-demand": -1}, "source": "s", "as_of": "2026-01"}])";
        std::vector<std::string> messages;
        for (std::string text : layouts(bad_cloud)) {
            text.replace(text.find("\"USD\""), 5, "\"EUR\"");
            messages.push_back(error_of([&] { gpucost::parse_catalog(text, "c.json"); }));
        }
        CHECK(messages[0].find("/currency") != std::string::npos);
        CHECK(messages[0].find("/cloud/0/id: duplicate id \"b\" (first at /builds/0)") != std::string::npos);
        CHECK(messages[0].find("/cloud/0/gpu: unknown GPU \"h\"") != std::string::npos);
        CHECK(messages[0].find("/currency") < messages[0].find("/cloud/0/id"));
        CHECK(messages[0].find("warning at /extra\nwarning at /builds/0/colour") != std::string::npos);
        CHECK(messages[1] == messages[0]);
        CHECK(messages[2] == messages[0]);
    }
}

TEST_CASE("catalogue values are read as nlohmann reads them: repeated keys, integers beyond 64 bits") {
    const std::string offer_head = R"({"cloud": [{"id": "o", "provider": "P", "instance": "i", "region": "r",
        "gpu": "gpu-x", "usd_per_hour": {"on-demand": 1}, "source": "s", "as_of": "2026-01", )";
    const std::string gpu = R"(], "gpus": [{"id": "gpu-x", "name": "X", "vendor": "V", "vram_gb": 1, "tdp_w": 1,
        "idle_w": 0, "price_usd": 1, "mem_bw_gbs": 1, "source": "s", "as_of": "2026-01"}]})";
    const gpucost::Catalog base;
    // The last of repeated keys wins.
    const gpucost::Catalog c =
        gpucost::parse_catalog_overlay(offer_head + R"("gpu_count": 9, "gpu_count": 2})" + gpu, "o.json", base);
    REQUIRE(c.cloud.size() == 1);
    CHECK(c.cloud[0].gpu_count == 2);
    // simdjson rejects integers beyond 64 bits; nlohmann reads them as doubles, and so does gpucost.
    CHECK(error_of([&] {
              gpucost::parse_catalog_overlay(offer_head + R"("gpu_count": 123456789012345678901234567890})" + gpu,
                                             "o.json", base);
          }) == "o.json: /cloud/0/gpu_count: must be in [1, 1000000], got 123456789012345678901234567890");
}

TEST_CASE("a catalogue's assumptions and ranges read as nlohmann reads them, numbers of every kind (issue 21)") {
    // The assumption and range objects go to nlohmann-based readers, converted from simdjson's DOM directly (not
    // printed and parsed again): whole, negative, fractional and exponent numbers, strings and repeated keys.
    const std::string overlay = R"({"assumptions": {"hours_per_week": 40, "hours_per_week": 168, "years": 4,
        "electricity_usd_per_kwh": 1.5e-1, "discount_rate": 0.05, "pricing": "spot", "cloud_price_change_per_year": -0.02},
        "assumption_ranges": {"hours_per_week": {"low": 10, "high": 1.2e2, "mode": 40.5, "dist": "pert"}}})";
    const gpucost::Catalog base;
    const gpucost::Catalog c = gpucost::parse_catalog_overlay(overlay, "o.json", base);
    using gpucost::AssumptionKey;
    const auto number = [&](AssumptionKey key) { return std::get<double>(*c.assumptions.get(key)); };
    CHECK(number(AssumptionKey::hours_per_week) == 168.0);  // the last of repeated keys
    CHECK(number(AssumptionKey::horizon_months) == 48.0);   // 4 years, held as months
    CHECK(number(AssumptionKey::electricity_usd_per_kwh) == 0.15);
    CHECK(number(AssumptionKey::discount_rate) == 0.05);
    CHECK(number(AssumptionKey::cloud_price_change_per_year) == -0.02);
    REQUIRE(c.assumption_ranges.size() == 1);
    CHECK(c.assumption_ranges[0].range.low == 10.0);
    CHECK(c.assumption_ranges[0].range.high == 120.0);
    CHECK(c.assumption_ranges[0].range.mode == 40.5);
}
