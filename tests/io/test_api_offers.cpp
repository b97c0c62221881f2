// Per-token API offers in the catalogue (issue 20): what "api_offers" and a workload's "model" and
// "input_tokens_per_output_token" read as, every bad value at its path with the valid range, and the overlay merge.
#include <algorithm>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

Catalog fixture() {
    return parse_catalog(test::read_file(test::test_path("data/api_catalog.json")), "api_catalog.json");
}

// The problems a catalogue with `rest` at its root (a leading comma) is refused with, "path: message" each, or "".
std::string problems_of(const std::string& rest) {
    const std::string text = R"({"schema_version": 2, "as_of": "2026-11", "gpus": [{"id": "g", "name": "G",
        "vendor": "V", "vram_gb": 24, "tdp_w": 450, "idle_w": 20, "price_usd": 1000, "mem_bw_gbs": 1000,
        "source": "s", "as_of": "2026-01"}], "builds": [], "cloud": [])" +
                             rest + "}";
    return test::catalog_problems(text);
}

// One api offer with `fields` (JSON members with a leading comma) after its id, provider and model.
std::string api_offer(const std::string& fields) {
    return R"(, "api_offers": [{"id": "a", "provider": "P", "model": "m")" + fields +
           R"(, "source": "s", "as_of": "2026-11"}])";
}

}  // namespace

TEST_CASE("parse_catalog reads api_offers and a workload's model and prompt tokens per generated token") {
    const Catalog c = fixture();
    REQUIRE(c.api_offers.size() == 3);
    const ApiOffer& a = c.api_offers[0];
    CHECK(a.id == "api-a");
    CHECK(a.provider == "FixtureAPI");
    CHECK(a.model == "m-8b");
    CHECK(a.api_model == "m8b-a");
    CHECK(a.usd_per_million_input_tokens == 0.10);
    CHECK(a.usd_per_million_output_tokens == 0.20);
    CHECK_FALSE(a.compliance.has_value());
    CHECK(a.provenance.source.str() == "fixture");
    CHECK(a.provenance.as_of == "2026-11-01");
    REQUIRE(c.api_offers[1].compliance.has_value());
    CHECK(c.api_offers[1].compliance->attributes == ComplianceSet{true, false, false});
    CHECK(c.api_offers[1].compliance->source.str() == "https://health.example/baa");
    CHECK(c.workloads[0].model == "m-8b");
    CHECK(c.workloads[0].input_tokens_per_output_token == 2.0);
    // Left out: no model (no API serves it) and 0 prompt tokens per generated token.
    CHECK(c.workloads[1].model.empty());
    CHECK(c.workloads[1].input_tokens_per_output_token == 0.0);
    // The writer gives a workload's model and split back, and leaves them out when not set.
    CHECK(write_workload(c.workloads[0])["model"] == "m-8b");
    CHECK(write_workload(c.workloads[0])["input_tokens_per_output_token"] == 2.0);
    CHECK_FALSE(write_workload(c.workloads[1]).contains("model"));
    CHECK_FALSE(write_workload(c.workloads[1]).contains("input_tokens_per_output_token"));
}

TEST_CASE("the shipped catalogue's api offers name a workload's model and carry a source and a date") {
    const Catalog shipped = load_embedded_catalog();
    REQUIRE_FALSE(shipped.api_offers.empty());
    for (const ApiOffer& o : shipped.api_offers) {
        INFO(o.id);
        CHECK(o.usd_per_million_input_tokens > 0.0);
        CHECK(o.usd_per_million_output_tokens > 0.0);
        CHECK_FALSE(o.provenance.source.empty());
        CHECK_FALSE(o.provenance.as_of.empty());
        const bool served = std::any_of(shipped.workloads.begin(), shipped.workloads.end(),
                                        [&o](const Workload& w) { return w.model == o.model; });
        CHECK(served);
    }
}

TEST_CASE("an API price of zero or below is an error naming the field, the value and the valid range") {
    CHECK(problems_of(api_offer(R"(, "usd_per_million_input_tokens": 0, "usd_per_million_output_tokens": -0.6)")) ==
          "/api_offers/0/usd_per_million_input_tokens: must be in (0, 10000] USD per million tokens, got 0\n"
          "/api_offers/0/usd_per_million_output_tokens: must be in (0, 10000] USD per million tokens, got -0.6\n");
    // A price per thousand tokens typed as per million, or any unit slip of that size, is refused too.
    CHECK(problems_of(api_offer(R"(, "usd_per_million_input_tokens": 20000, "usd_per_million_output_tokens": 1)")) ==
          "/api_offers/0/usd_per_million_input_tokens: must be in (0, 10000] USD per million tokens, got 20000\n");
}

TEST_CASE("bad api offers are errors at their paths: missing price or provider, duplicate id, not a list") {
    CHECK(problems_of(R"(, "api_offers": [{"id": "a", "model": "m", "usd_per_million_output_tokens": 1,
        "source": "s", "as_of": "2026-11"}, {"id": "a", "provider": "P", "model": "m",
        "usd_per_million_input_tokens": 1, "usd_per_million_output_tokens": 1, "source": "s", "as_of": "2026-11"}])") ==
          "/api_offers/0/provider: missing; expected a non-empty string\n"
          "/api_offers/0/usd_per_million_input_tokens: missing; expected a number in (0, 10000] USD per million "
          "tokens\n"
          "/api_offers/1/id: duplicate api offer id \"a\" (first at /api_offers/0)\n");
    CHECK(problems_of(R"(, "api_offers": {"id": "a"})") == "/api_offers: must be a list, got an object\n");
    CHECK(problems_of(R"(, "workloads": [{"id": "w", "name": "W", "unit": "tokens/s", "per_gpu": {"g": 1},
        "model": "m", "input_tokens_per_output_token": -1, "source": "s", "as_of": "2026-01"}])") ==
          "/workloads/0/input_tokens_per_output_token: must be in [0, 10000], got -1\n");
}

TEST_CASE("an overlay's api offers replace the catalogue's by id, the rest are appended") {
    Catalog c = fixture();
    const std::string overlay = R"({"api_offers": [{"id": "api-a", "provider": "FixtureAPI", "model": "m-8b",
        "usd_per_million_input_tokens": 0.08, "usd_per_million_output_tokens": 0.16, "source": "s2",
        "as_of": "2026-12-01"}, {"id": "api-c", "provider": "Other", "model": "m-8b",
        "usd_per_million_input_tokens": 1, "usd_per_million_output_tokens": 2, "source": "s3", "as_of": "2026-12"}]})";
    merge_catalog(c, parse_catalog_overlay(overlay, "o.json", c));
    REQUIRE(c.api_offers.size() == 4);
    CHECK(c.api_offers[0].usd_per_million_output_tokens == 0.16);
    CHECK(c.api_offers[0].api_model.empty());  // replaced whole, not key by key
    CHECK(c.api_offers[3].id == "api-c");
}
