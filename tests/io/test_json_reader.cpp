// The streaming JSON reader (src/json_reader.hpp) against nlohmann's DOM parser, and the catalogue loader that
// streams the cloud section against the same catalogue read as one document: the same values, the same problems in
// the same order, the same error messages, whichever of its three ways (fast reader, nlohmann's SAX parser, whole
// document) the text takes.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"

using gpucost::parse_json_streaming;
using gpucost::parse_json_text;
using nlohmann::json;

namespace {

// What parse_json_streaming gave: the root, and the streamed elements in the order they came.
struct Streamed {
    std::optional<json> root;
    std::vector<json> elements;
    int begins = 0;
};

Streamed stream(const std::string& text, bool accept = true) {
    Streamed s;
    s.root = parse_json_streaming(
        text, "t.json", "cloud",
        [&](const json&) {
            ++s.begins;
            s.elements.clear();  // a second reading starts afresh
            return accept;
        },
        [&](const json& element, std::size_t index) {
            CHECK(index == s.elements.size());
            s.elements.push_back(element);
        });
    return s;
}

// The whole document as nlohmann reads it, with the streamed elements put back in their array.
json reassembled(const Streamed& s) {
    json root = *s.root;
    if (root.is_object() && root.contains("cloud") && root["cloud"].is_array() && s.begins > 0)
        for (const json& e : s.elements) root["cloud"].push_back(e);
    return root;
}

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

TEST_CASE("parse_json_streaming reads every document to the values nlohmann's DOM parser gives") {
    // Each goes through the fast reader, or (\u escapes, non-ASCII bytes, integers beyond 64 bits, subnormal
    // numbers) through nlohmann's SAX parser; either way the values and their types must be nlohmann's.
    const std::vector<std::string> documents = {
        R"({"gpus": [], "builds": [], "cloud": [{"id": "a", "p": 1.5}, {"id": "b"}, 3, "x", null, [1, [2]]]})",
        R"({"gpus": [1], "builds": {}, "cloud": [], "z": true})",
        R"({"cloud": [{"id": "before gpus"}], "gpus": [], "builds": []})",  // not streamed: kept in the document
        R"({"gpus": [], "cloud": [{"id": "no builds yet"}], "builds": []})",
        R"({"gpus": [], "builds": [], "cloud": {"not": "an array"}})",
        R"([{"gpus": [], "builds": [], "cloud": [1]}])",
        R"({"gpus": [], "builds": [], "cloud": [{"nested": {"cloud": [1, 2]}}]})",
        " \t\r\n{ \"gpus\" : [ ] , \"builds\" : [ ] , \"cloud\" : [ { \"a\" : -0 , \"b\" : -0.0 } ] } \n",
        R"({"n": [0, -1, 1e2, 1E-2, 2.5e+3, 18446744073709551615, -9223372036854775808, 123.456e-7]})",
        R"({"big": [18446744073709551616, -9223372036854775809, 1e-320, 4.9e-324]})",  // nlohmann reads as doubles
        R"({"s": ["\"\\\/\b\f\n\r\t", "caf\u00e9", "\ud83d\ude00", "café", ""]})",
        R"({"gpus": [], "builds": [], "cloud": [{"note": "\u00e9t\u00e9"}, {"note": "été"}]})",
        R"({"a": 1, "a": 2, "gpus": [], "builds": [], "cloud": []})",  // a repeat before the cloud: the last wins
        R"({"gpus": [], "builds": [], "cloud": [1], "cloud_note": "not a repeat"})",
        R"("just a string")",
        "true",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
        "]]]]]]]]]]]]]]]]]]]",
    };
    for (const std::string& text : documents) {
        CAPTURE(text);
        const Streamed s = stream(text);
        REQUIRE(s.root.has_value());
        const json expected = json::parse(text);
        CHECK(reassembled(s) == expected);
        CHECK(reassembled(s).dump() == expected.dump());  // the same types of numbers, too
    }
}

TEST_CASE("parse_json_streaming hands the cloud elements over one by one and keeps the array empty") {
    const Streamed s = stream(R"({"gpus": [{"id": "g"}], "builds": [], "cloud": [{"id": "a"}, {"id": "b"}]})");
    REQUIRE(s.root.has_value());
    CHECK(s.begins == 1);
    CHECK((*s.root)["cloud"] == json::array());
    REQUIRE(s.elements.size() == 2);
    CHECK(s.elements[1] == json({{"id", "b"}}));
    CHECK((*s.root)["gpus"][0]["id"] == "g");

    // Declined at the start of the array: the elements stay in the document and nothing is handed over.
    const Streamed kept = stream(R"({"gpus": [], "builds": [], "cloud": [{"id": "a"}]})", false);
    CHECK(kept.elements.empty());
    CHECK((*kept.root)["cloud"][0]["id"] == "a");

    // A non-ASCII byte after the first element: the fast reader gives up, nlohmann's parser reads it all again
    // and `begin` comes a second time; the elements are still each handed over once in the end.
    const Streamed again = stream(R"({"gpus": [], "builds": [], "cloud": [{"id": "a"}, {"id": "b", "n": "é"}]})");
    CHECK(again.begins == 2);
    REQUIRE(again.elements.size() == 2);
    CHECK(again.elements[1]["n"] == "é");
}

TEST_CASE("parse_json_streaming gives up when a root key comes again after the streamed array") {
    // The later "cloud" (or "gpus") would replace what was already handed over: the caller must read it whole.
    CHECK_FALSE(stream(R"({"gpus": [], "builds": [], "cloud": [1], "cloud": [2]})").root.has_value());
    CHECK_FALSE(stream(R"({"gpus": [], "builds": [], "cloud": [1], "gpus": [2]})").root.has_value());
    CHECK_FALSE(stream(R"({"gpus": [], "builds": [], "cloud": [1], "gpus": [], "x": "é"})").root.has_value());
}

TEST_CASE("parse_json_streaming words every malformed document exactly as parse_json_text does") {
    // The fast reader stops at each of these; the message must still be nlohmann's, at the same line and column.
    const std::vector<std::string> documents = {
        "",
        "   \n",
        "\xEF\xBB\xBF{}",
        "{",
        "{\"gpus\": [], \"builds\": [], \"cloud\": [{\"id\": \"a\"},]}",
        "{\"gpus\": [], \"builds\": [], \"cloud\": [{\"id\": \"a\"}\n  {\"id\": \"b\"}]}",
        "{\"a\": 01}",
        "{\"a\": 1.}",
        "{\"a\": -}",
        "{\"a\": 1e}",
        "{\"a\": NaN}",
        "{\"a\": -Infinity}",
        "{\"a\": 1e400}",
        "{\"a\": tru}",
        "{\"a\": truex}",
        "{\"a\": \"tab\there\"}",
        "{\"a\": \"\\x\"}",
        "{\"a\": \"\\u12\"}",
        "{\"a\": \"\\ud800\"}",
        "{\"a\": \"\xff\"}",
        "{\"a\": \"unterminated}",
        "{\"a\": 1} trailing",
        "{\"a\": 1} {}",
        "{'a': 1}",
        "{\"a\" 1}",
        "[1 2]",
        "// comment\n{}",
        std::string(100'000, '[') + std::string(100'000, ']'),
        "{\"a\": " + std::string(65, '[') + std::string(65, ']') + "}",
    };
    for (const std::string& text : documents) {
        CAPTURE(text.substr(0, 80));
        const std::string expected = error_of([&] { parse_json_text(text, "t.json"); });
        CHECK(expected != "(no error)");
        CHECK(error_of([&] { stream(text); }) == expected);
    }
}

TEST_CASE("a catalogue reads the same whether its cloud offers are streamed or read with the whole document") {
    // The same entries and problems in three layouts: gpus and builds first (streamed), the cloud section first
    // (read whole), and the cloud section first with a repeated key after it (streaming abandoned).
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
        {"id": "o2", "provider": "P", "instance": "i2", "region": "r", "gpu": "g", "gpu_count": 1,
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
            CHECK(c.cloud[1].provenance.note == "caf\xC3\xA9");
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
