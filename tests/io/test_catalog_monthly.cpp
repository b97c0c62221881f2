// Monthly rentals in the catalogue (issue 20 item 6a): usd_per_month, setup_fee_usd and min_term_months read, their
// ranges refused at their paths, the writer's and the snapshot's round trips.
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/catalog_snapshot.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

// The problems a catalogue text is refused with, "path: message" each, or "" when it loads.
std::string problems_of(const std::string& text) { return test::catalog_problems(text); }

// One GPU, one build and one offer whose price members are `prices` (JSON members, no leading comma).
std::string catalogue(const std::string& prices) {
    return R"({"schema_version": 2, "as_of": "2026-11", "gpus": [{"id": "g", "name": "G", "vendor": "V",
        "vram_gb": 24, "tdp_w": 450, "idle_w": 20, "price_usd": 1000, "mem_bw_gbs": 1000, "source": "s",
        "as_of": "2026-01"}], "builds": [{"id": "b", "name": "B", "gpu": "g", "gpu_count": 2, "base_price_usd": 1,
        "base_load_w": 1, "base_idle_w": 1, "setup_usd": 0, "source": "s", "as_of": "2026-01"}], "cloud": [{"id": "o",
        "provider": "P", "instance": "i", "region": "r", "gpu": "g", "gpu_count": 1, )" +
           prices + R"(, "source": "a quote", "as_of": "2026-11-20"}]})";
}

}  // namespace

TEST_CASE("parse_catalog reads a monthly rental: price, setup fee and minimum term") {
    const Catalog c =
        parse_catalog(catalogue(R"("usd_per_month": 1234.5, "setup_fee_usd": 99, "min_term_months": 12)"), "t.json");
    const CloudOffer& o = *c.find_offer("o");
    REQUIRE(o.monthly);
    CHECK(o.monthly->usd_per_month == 1234.5);
    CHECK(o.monthly->setup_fee_usd == 99.0);
    CHECK(o.monthly->min_term_months == 12);
    for (const Pricing p : {Pricing::on_demand, Pricing::spot, Pricing::reserved_1y, Pricing::reserved_3y}) {
        CHECK_FALSE(o.price(p));  // no hourly price at any pricing
        CHECK(o.priced(p));       // yet comparable under each
    }
    // Without the optional two: no fee, no term.
    const Catalog plain = parse_catalog(catalogue(R"("usd_per_month": 500)"), "t.json");
    REQUIRE(plain.find_offer("o")->monthly);
    CHECK(plain.find_offer("o")->monthly->setup_fee_usd == 0.0);
    CHECK_FALSE(plain.find_offer("o")->monthly->min_term_months);
    // An hourly offer has none.
    CHECK_FALSE(parse_catalog(catalogue(R"("usd_per_hour": {"on-demand": 2})"), "t.json").find_offer("o")->monthly);
}

TEST_CASE("parse_catalog refuses a bad monthly rental at its path, with the valid range") {
    CHECK(problems_of(catalogue(R"("usd_per_month": 0)")) ==
          "/cloud/0/usd_per_month: must be in (0, 100000000] USD per month, got 0\n");
    CHECK(problems_of(catalogue(R"("usd_per_month": -5)")) ==
          "/cloud/0/usd_per_month: must be in (0, 100000000] USD per month, got -5\n");
    const auto names = [](const std::string& problems, const std::string& path, const std::string& value) {
        return problems.rfind(path + ": must be", 0) == 0 && problems.find("got " + value + "\n") != std::string::npos;
    };
    CHECK(
        names(problems_of(catalogue(R"("usd_per_month": 100, "setup_fee_usd": -1)")), "/cloud/0/setup_fee_usd", "-1"));
    CHECK(names(problems_of(catalogue(R"("usd_per_month": 100, "min_term_months": 0)")), "/cloud/0/min_term_months",
                "0"));
    CHECK(names(problems_of(catalogue(R"("usd_per_month": 100, "min_term_months": 121)")), "/cloud/0/min_term_months",
                "121"));
    CHECK(problems_of(catalogue(R"("usd_per_month": 100, "usd_per_hour": {"on-demand": 2})")) ==
          "/cloud/0/usd_per_month: an offer is billed by the hour (usd_per_hour) or by the month (usd_per_month), "
          "not both; list the monthly rental as its own offer\n");
    CHECK(problems_of(catalogue(R"("usd_per_hour": {"on-demand": 2}, "setup_fee_usd": 10)")) ==
          "/cloud/0/setup_fee_usd: applies to an offer billed by the month; give usd_per_month too\n");
    // Neither price: the message names both ways to give one.
    CHECK(problems_of(catalogue(R"("vcpus": 8)"))
              .find("/cloud/0/usd_per_hour: missing; expected an object with at least one of") != std::string::npos);
    CHECK(problems_of(catalogue(R"("vcpus": 8)")).find("or usd_per_month") != std::string::npos);
}

TEST_CASE("write_offers_overlay and the snapshot keep a monthly rental") {
    const Catalog c =
        parse_catalog(catalogue(R"("usd_per_month": 1234.5, "setup_fee_usd": 99, "min_term_months": 12)"), "t.json");
    const std::string text = write_offers_overlay(c.cloud, "2026-11", "monthly");
    CHECK(text.find("\"usd_per_month\": 1234.5") != std::string::npos);
    CHECK(text.find("\"usd_per_hour\"") == std::string::npos);
    const Catalog merged = parse_catalog(
        R"({"schema_version": 2, "as_of": "2026-11", "gpus": [{"id": "g", "name": "G", "vendor": "V", "vram_gb": 24,
            "tdp_w": 450, "idle_w": 20, "price_usd": 1000, "mem_bw_gbs": 1000, "source": "s", "as_of": "2026-01"}],
            "builds": [], "cloud": []})",
        "base.json");
    const Catalog back = parse_catalog_overlay(text, "back.json", merged);
    REQUIRE(back.find_offer("o"));
    CHECK(back.find_offer("o")->monthly == c.find_offer("o")->monthly);
    const Catalog thawed = read_catalog_snapshot(write_catalog_snapshot(c));
    CHECK(thawed == c);
}
