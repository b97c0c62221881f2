// The backup rental (interim cloud and downtime cover, issue 20) stays within the bounds the user set for the
// compared offer: --tier, --require, --region and --provider. tests/data/match_catalog.json: build hgx-8 (8 x gpu-h on
// NVSwitch) has two like-for-like offers, h-8x-cloud (gpu-cloud, GpuCloud, $24/h) and h-8x-hyper (hyperscaler,
// BigCloud, $55/h).
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

Json backup_of(std::vector<std::string> extra) {
    std::vector<std::string> args = {"compare",  "--catalog", "data/match_catalog.json", "--build", "hgx-8",
                                     "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return Json::parse(gpucost::test::json_flattened(r.out))["comparisons"][0]["backup_rental"];
}

}  // namespace

TEST_CASE("backup_rental: the cheapest like-for-like on-demand offer within --tier, --region and --provider") {
    // Unbounded: h-8x-cloud at $24 an hour, the cheaper of the two.
    const Json free = backup_of({});
    CHECK(free["cloud_id"] == "h-8x-cloud");
    CHECK(free["usd_per_hour"] == 24.0);
    CHECK(free["basis"] == "the cheapest like-for-like on-demand offer");
    // --tier hyperscaler: the compared offer is h-8x-hyper, and so is its backup ($55), not GpuCloud's $24.
    const Json tiered = backup_of({"--tier", "hyperscaler"});
    CHECK(tiered["cloud_id"] == "h-8x-hyper");
    CHECK(tiered["usd_per_hour"] == 55.0);
    CHECK(tiered["basis"] ==
          "the cheapest like-for-like on-demand offer within --tier, --require, --region and --provider");
    // --provider BigCloud: the same offer by the other bound.
    CHECK(backup_of({"--provider", "BigCloud"})["cloud_id"] == "h-8x-hyper");
}
