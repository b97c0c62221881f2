// Issue 20 items 3, 5 and 10 on the command line: a workload's memory need, --require, and a rental larger than the
// build. tests/data/match_catalog.json with tests/data/overlay/match_compliance.json over it, at 168 h/week for 10
// months, so a cloud total's compute is 7,300 h x instances x the hourly price.
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "test_support.hpp"

using gpucost::test::run_gpucost;
using Json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

std::vector<std::string> on_fixture(const std::string& command, std::vector<std::string> extra) {
    // No discounting, so a total is the plain sum of its months.
    std::vector<std::string> args = {command, "--catalog", "data/match_catalog.json", "--add-catalog",
                                     "data/overlay/match_compliance.json"};
    args.insert(args.end(), {"--hours-per-week", "168", "--months", "10", "--discount-rate", "0"});
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Json json_of(std::vector<std::string> args) {
    args.insert(args.end(), {"--format", "json"});
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return Json::parse(gpucost::test::json_flattened(r.out));
}

}  // namespace

TEST_CASE("compare --require keeps only offers that attest the attribute, and names the rule that emptied the list") {
    // hgx-8 like for like: h-8x-cloud ($24/h) does not attest hipaa-baa, h-8x-hyper does: $55 x 7,300 = $401,500.
    const Json report = json_of(on_fixture("compare", {"--build", "hgx-8", "--require", "hipaa-baa"}));
    CHECK(report["comparisons"][0]["cloud"]["id"] == "h-8x-hyper");
    CHECK(report["comparisons"][0]["cloud"]["breakdown_usd"]["compute"].get<double>() == Approx(401'500.0));
    // duo-c: c-2x-cloud attests soc2 only and c-1x-market and c-4x-cloud nothing, so none is left.
    auto r = run_gpucost(on_fixture("compare", {"--build", "duo-c", "--require", "hipaa-baa"}));
    CHECK(r.exit_code == 3);
    CHECK(r.err == "gpucost: error: build \"duo-c\": no like-for-like offer of GPU \"gpu-c\" meets the rules (duo-c "
                   "needs 2 GPUs in one machine over pcie): of 3 offers considered, 3 without a required compliance "
                   "attribute; --match gpu finds none either (--match any --workload ID compares other GPU models)\n");
    // Ranked, --verbose says what each offer lacks and who asked for it.
    r = run_gpucost(on_fixture("compare", {"--require", "hipaa-baa", "--verbose"}));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Contains("left out offer \"c-2x-cloud\" for build \"duo-c\": does not attest hipaa-baa "
                               "(--require; the catalogue lists soc2 for it)"));
    CHECK_THAT(r.err, Contains("left out offer \"c-1x-market\" for build \"duo-c\": does not attest hipaa-baa "
                               "(--require; the catalogue lists none for it)"));
    // soc2 keeps c-2x-cloud: $1.20 x 7,300 = $8,760 of compute.
    const Json soc2 = json_of(on_fixture("compare", {"--build", "duo-c", "--require", "soc2"}));
    CHECK(soc2["comparisons"][0]["cloud"]["id"] == "c-2x-cloud");
    // An unknown attribute is a usage error listing the known ones.
    r = run_gpucost(on_fixture("compare", {"--require", "hipa"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --require: must be compliance attributes separated by commas, each one of "
                   "hipaa-baa, soc2, iso27001, got \"hipa\" (did you mean \"hipaa-baa\"?)\n");
}

TEST_CASE("compare --workload with a memory need leaves out offers that cannot hold one instance, counted by reason") {
    // llm-fit needs 40 GB over at most 2 GPUs: gpu-c (24 GB) needs ceil(40 / 24) = 2 in one machine, so the 1-GPU
    // c-1x-market is left out; c-2x-cloud holds it: ceil(2 x 1000 / (2 x 1000)) = 1 instance, $1.20 x 7,300.
    const Json report = json_of(on_fixture("compare", {"--build", "duo-c", "--match", "any", "--workload", "llm-fit"}));
    CHECK(report["comparisons"][0]["cloud"]["id"] == "c-2x-cloud");
    CHECK(report["comparisons"][0]["cloud"]["breakdown_usd"]["compute"].get<double>() == Approx(8'760.0));
    bool seen = false;
    for (const Json& e : report["excluded"])
        if (e["id"] == "c-1x-market") {
            seen = true;
            CHECK(e["reason"] == "workload \"llm-fit\" needs 40 GB per instance, split over at most 2 GPUs: 2 GPUs of "
                                 "GPU \"gpu-c\" (24 GB each), and it has 1 GPU per instance");
        }
    CHECK(seen);
    // At --match gpu under --tier marketplace only c-1x-market was left, and it cannot hold one instance: the count
    // says so.
    const auto r = run_gpucost(on_fixture(
        "compare", {"--build", "duo-c", "--match", "gpu", "--workload", "llm-fit", "--tier", "marketplace"}));
    CHECK(r.exit_code == 3);
    CHECK_THAT(r.err, Contains("of 3 offers considered, 2 outside --tier, 1 with too few GPUs to hold the workload"));
}

TEST_CASE("a rental larger than the build is marked not like for like, with the per-GPU scaled comparison") {
    // duo-c (2 x gpu-c) on c-4x-cloud (4 x gpu-c at $2.00/h): 2 GPUs unused. Scaled: $2.00 x 2 / 4 = $1.00/h for the
    // build's 2 GPUs, so the scaled cloud total is $2.00 x 7,300 - $1.00 x 7,300 = $7,300 below the plain one (no
    // discounting); every other cloud cost is the same.
    const Json c = json_of(on_fixture("compare", {"--build", "duo-c", "--cloud", "c-4x-cloud"}))["comparisons"][0];
    CHECK(c["cloud"]["unused_gpus"] == 2);
    CHECK(c["match"]["like_for_like_size"] == false);
    const Json& s = c["match"]["per_gpu_scaled"];
    CHECK(s["build_gpus"] == 2);
    CHECK(s["rented_gpus"] == 4);
    CHECK(s["usd_per_hour"].get<double>() == Approx(1.0));
    CHECK(c["cloud"]["total_usd"].get<double>() - s["cloud_total_usd"].get<double>() == Approx(7'300.0));
    CHECK(s["build_total_usd"].get<double>() == Approx(c["build"]["total_usd"].get<double>()));
    // Of the build's own size, the comparison is like for like and carries no scaled figure.
    const Json same = json_of(on_fixture("compare", {"--build", "duo-c"}))["comparisons"][0];
    CHECK(same["match"]["like_for_like_size"] == true);
    CHECK(same["match"]["per_gpu_scaled"].is_null());
}

TEST_CASE("shipped: cloud storage is each build's own size at the matched provider's rate, no flat amount") {
    const auto storage_of = [](const char* build) {
        return json_of({"compare", "--build", build, "--discount-rate", "0"})["comparisons"][0];
    };
    // office-2x-rtx4090 states 0.1 TB of working data; its match (Vast.ai) publishes no storage rate, so the
    // fallback $80/TB-month applies: 0.1 x 80 x 36 months = $288 (it was a flat $100 x 36 = $3,600).
    const Json office = storage_of("office-2x-rtx4090");
    CHECK(office["cloud"]["id"] == "vast-2x-rtx-4090-marketplace");
    CHECK(office["cloud"]["breakdown_usd"]["storage"].get<double>() == Approx(288.0));
    // The HGX H200 server holds 8 x 3.84 = 30.72 TB of data NVMe; Nebius's own rate is $66.12/TB-month:
    // 30.72 x 66.12 x 36 = $73,123.43.
    const Json hgx = storage_of("hgx-h200-8gpu");
    CHECK(hgx["cloud"]["id"] == "nebius-gpu-h200-sxm-8gpu-128vcpu-1600gb-global");
    CHECK(hgx["cloud"]["breakdown_usd"]["storage"].get<double>() == Approx(73'123.4304));
}

TEST_CASE("shipped: every build states the storage its work needs, and the catalogue assumes no flat storage bill") {
    using gpucost::AssumptionKey;
    const gpucost::Catalog c = gpucost::load_embedded_catalog();
    const auto flat = c.assumptions.get(AssumptionKey::cloud_storage_usd_per_month);
    REQUIRE(flat.has_value());
    CHECK(std::get<double>(*flat) == 0.0);
    for (const gpucost::Build& b : c.builds) {
        INFO(b.id);
        const auto tb = b.assumptions.get(AssumptionKey::storage_tb);
        REQUIRE(tb.has_value());
        CHECK(std::get<double>(*tb) > 0.0);
    }
}
