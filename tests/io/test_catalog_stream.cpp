// Catalogues read an offer at a time (src/io/catalog_stream.hpp, issue 21): the same model, field for field, as the
// document read whole, the same message for every malformed document, and repeated texts held once.
#include <cstdio>
#include <string>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;
using json = nlohmann::json;

namespace {

// Either the catalogue or "KIND: MESSAGE" with every problem: what a reader made of a text.
struct Outcome {
    std::optional<Catalog> catalog;
    std::string failure;
};

template <typename Read>
Outcome outcome_of(Read read) {
    try {
        return {read(), ""};
    } catch (const ValidationError& e) {
        std::string text = "ValidationError: ";
        for (const Problem& p : e.problems()) text += p.path + ": " + p.message + "\n";
        return {std::nullopt, text};
    } catch (const DataError& e) {
        return {std::nullopt, std::string("DataError: ") + e.what()};
    }
}

// parse_catalog (split), load_catalog_file (split, from a file) and parse_catalog_whole agree on `text`.
std::string check_same(const std::string& text) {
    const Outcome whole = outcome_of([&] { return parse_catalog_whole(text, "c.json"); });
    const Outcome split = outcome_of([&] { return parse_catalog(text, "c.json"); });
    CHECK(split.failure == whole.failure);
    CHECK(split.catalog == whole.catalog);
    // A file of this process's own: ctest runs test cases side by side in one folder.
    static int files = 0;
    const std::string path = "catalog_stream_" + std::to_string(::getpid()) + "_" + std::to_string(++files) + ".json";
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
    }
    const Outcome file = outcome_of([&] { return load_catalog_file(path); });
    std::remove(path.c_str());
    const Outcome whole_file = outcome_of([&] { return parse_catalog_whole(text, path); });
    CHECK(file.failure == whole_file.failure);
    CHECK(file.catalog == whole_file.catalog);
    return whole.failure;
}

json mini() { return json::parse(test::read_file(test::test_path("data/mini_catalog.json"))); }

// An offer giving every field an offer may have, with texts that look like JSON's structure.
json offer_with_every_field(int i) {
    return json{{"id", "full-" + std::to_string(i)},
                {"provider", "Prov \"quoted\" ]"},
                {"instance", "inst-[8]"},
                {"region", "r{1}"},
                {"gpu", "gpu-a"},
                {"gpu_count", 8},
                {"usd_per_hour", {{"on-demand", 12.5}, {"spot", 4.25}, {"reserved-1y", 9}, {"reserved-3y", 7.5}}},
                {"interconnect", "nvswitch"},
                {"tier", "hyperscaler"},
                {"vcpus", 96},
                {"ram_gib", 1024},
                {"local_disk_tb", 7.68},
                {"storage_usd_per_tb_month", 80},
                {"compliance",
                 {{"attributes", {"soc2", "hipaa-baa"}},
                  {"source", "https://example.com/compliance, with a comma and \\ a backslash"},
                  {"as_of", "2026-11-01"}}},
                {"source", "https://example.com/prices {\"not\": [\"an object\"]}"},
                {"as_of", "2026-10"},
                {"confidence", "estimate"},
                {"note", "a note\twith a tab, a \\\"quote\\\" and ], } and ,"},
                {"ranges", {{"usd_per_hour/on-demand", {{"low", 10}, {"high", 15}, {"note", "spread [a]"}}}}}};
}

json catalogue_with_every_field() {
    json j = mini();
    j["schema_version"] = 2;
    for (int i = 0; i < 3; ++i) j["cloud"].push_back(offer_with_every_field(i));
    return j;
}

}  // namespace

TEST_CASE("catalogue read an offer at a time equals the document read whole: the shipped catalogue") {
    const std::string text = test::read_file(test::test_path("../data/catalog.json"));
    const Catalog whole = parse_catalog_whole(text, "c.json");
    REQUIRE(whole.cloud.size() > 100);
    CHECK(check_same(text).empty());
}

TEST_CASE("catalogue read an offer at a time equals the document read whole: every offer field") {
    const json j = catalogue_with_every_field();
    const Catalog c = parse_catalog(j.dump(2), "c.json");
    const CloudOffer& o = c.cloud.back();
    CHECK(o.id == "full-2");
    CHECK(o.provider == "Prov \"quoted\" ]");
    CHECK(o.price(Pricing::spot) == 4.25);
    CHECK(o.vcpus == 96);
    REQUIRE(o.compliance);
    CHECK(o.compliance->source.str() == "https://example.com/compliance, with a comma and \\ a backslash");
    CHECK(o.provenance.note.str() == "a note\twith a tab, a \\\"quote\\\" and ], } and ,");
    REQUIRE(o.ranges.size() == 1);
    CHECK(check_same(j.dump()).empty());
    CHECK(check_same(j.dump(4)).empty());  // whitespace between every token
    json keys_reordered = j;
    keys_reordered.erase("cloud");
    std::string text = keys_reordered.dump();  // "cloud" last of all, after the GPUs it names
    text.insert(text.size() - 1, ",\"cloud\":" + j["cloud"].dump());
    CHECK(check_same(text).empty());
}

TEST_CASE("catalogue read an offer at a time: the offers' repeated texts are held once") {
    const Catalog c = parse_catalog(catalogue_with_every_field().dump(), "c.json");
    const std::size_t n = c.cloud.size();
    REQUIRE(n >= 3);
    const CloudOffer& a = c.cloud[n - 2];
    const CloudOffer& b = c.cloud[n - 1];
    CHECK(a.provenance.source.shares(b.provenance.source));
    CHECK(a.provenance.note.shares(b.provenance.note));
    CHECK(a.compliance->source.shares(b.compliance->source));
    CHECK_FALSE(a.provenance.source.shares(c.cloud[0].provenance.source));  // a different text: its own buffer
}

TEST_CASE("catalogue read an offer at a time: every malformed or unusual document reads as when read whole") {
    const std::string base = catalogue_with_every_field().dump();
    const auto cloud_at = base.find("\"cloud\":[") + 9;
    const auto with = [&](std::size_t at, std::size_t erase, const std::string& insert) {
        std::string t = base;
        t.replace(at, erase, insert);
        return t;
    };
    const std::size_t second = base.find("},{", cloud_at) + 1;  // the comma between the first two offers
    // Malformed inside an offer, between offers, at the end of the array: the syntax error, worded as always.
    CHECK(check_same(with(second, 1, "")).find("DataError") == 0);              // no comma between two offers
    CHECK(check_same(with(second, 1, ",,")).find("DataError") == 0);            // an empty entry
    CHECK(check_same(with(cloud_at, 0, ",")).find("DataError") == 0);           // a comma first
    CHECK(check_same(with(cloud_at + 1, 0, "tru")).find("DataError") == 0);     // a bad literal inside an offer
    CHECK(check_same(with(base.rfind(']'), 0, ",")).find("DataError") == 0);    // a trailing comma
    CHECK(check_same(base.substr(0, base.size() / 2)).find("DataError") == 0);  // cut off inside the offers
    CHECK(check_same("\xEF\xBB\xBF" + base).find("DataError") == 0);            // a byte-order mark
    CHECK(check_same("").find("DataError") == 0);
    CHECK(check_same(base + "x").find("DataError") == 0);
    // A newer schema_version with a malformed offer: the syntax error still comes first.
    std::string newer = with(second, 1, "");
    newer.replace(newer.find("\"schema_version\":2"), 18, "\"schema_version\":99");
    CHECK(check_same(newer).find("DataError") == 0);
    // Valid but unusual: the same catalogue or the same problems.
    json j = json::parse(base);
    j["cloud"].push_back(42);  // an entry that is not an object
    CHECK(check_same(j.dump()).find("ValidationError: /cloud/") == 0);
    CHECK(check_same(R"({"schema_version": 2, "cloud": []})").find("ValidationError") == 0);
    CHECK(check_same(R"([1, 2])").find("ValidationError") == 0);
    std::string repeated = base;  // "cloud" twice: the last one counts
    repeated.insert(repeated.size() - 1, ",\"cloud\":[]");
    CHECK(check_same(repeated).empty());
    std::string escaped_key = base;  // "cloud" spelt with an escape
    escaped_key.replace(escaped_key.find("\"cloud\""), 7, "\"clo\\u0075d\"");
    CHECK(check_same(escaped_key).empty());
    std::string big = base;  // an integer beyond 64 bits, which simdjson refuses and nlohmann reads as a double
    big.replace(big.find("\"vcpus\":96"), 10, "\"vcpus\":123456789012345678901234567890");
    CHECK(check_same(big).find("ValidationError: /cloud/") == 0);
}
