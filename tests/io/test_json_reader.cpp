// The JSON readers: simdjson for catalogues (json_dom.hpp), nlohmann for scenarios (parse_json_text), and the
// wording of malformed JSON, which both share (json_syntax.cpp).
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

TEST_CASE("probe") {
    const std::vector<std::string> documents = {
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
        "{\"a\": \"\\ud800\\u0041\"}",
        "{\"a\": \"\\udc00\"}",
        "{\"a\": \"\xff\"}",
        "{\"a\": \"caf\xc3(\"}",
        "{\"a\": \"unterminated}",
        "{\"a\": 1} trailing",
        "{\"a\": 1} {}",
        "{'a': 1}",
        "{\"a\" 1}",
        "{\"a\": 1 \"b\": 2}",
        "{\"a\":}",
        "[1 2]",
        "[1,]",
        "]",
        "// comment\n{}",
        "\x89PNG\r\n",
        "{\x01\x01",
        "{\"a\": [1, 2}",
        "{\"a\": true false}",
        std::string(100'000, '[') + std::string(100'000, ']'),
        "{\"a\": " + std::string(65, '[') + std::string(65, ']') + "}",
    };
    for (const std::string& text : documents) {
        WARN(text.substr(0, 40) << "\n  nlohmann: " << error_of([&] { parse_json_text(text, "t.json"); })
                                << "\n  catalog:  " << error_of([&] { gpucost::parse_catalog(text, "t.json"); }));
    }
}
