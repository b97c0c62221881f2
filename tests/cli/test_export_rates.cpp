// `gpucost export-rates` as the GPU cost tools read it: the rate by hand, both formats as goldens, OpenCost's field
// names and string-encoded numbers, SkyPilot's layout, and one clear line for each mistake.
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;

namespace {

std::string rates_ok(std::vector<std::string> extra) {
    std::vector<std::string> args = {"export-rates", "--catalog", "data/mini_catalog.json", "--build", "box-a4"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

// box-a4 of the mini catalogue at its own assumptions: 4 GPUs at 84 h/week over 24 months, no discounting; its
// build total is $66,335.20 (compare --build box-a4). Hours of use: 84 x 730 / 168 = 365 a month, x 24 months x 4
// GPUs = 35,040 GPU-hours; 66,335.20 / 35,040 = $1.8931 per GPU-hour.
constexpr double k_box_a4_rate = 66'335.2 / 35'040.0;

}  // namespace

TEST_CASE("export-rates: both formats of the fixture build's rate (goldens)", "[export-rates]") {
    check_golden("export_rates_box_a4_opencost.json", rates_ok({"--to", "opencost"}));
    check_golden("export_rates_box_a4_skypilot.yaml", rates_ok({"--to", "skypilot", "--accelerator", "A100"}));
}

TEST_CASE("export-rates --to opencost: CustomPricing's field names, every price a string-encoded number per hour",
          "[export-rates]") {
    const auto pricing = nlohmann::json::parse(rates_ok({"--to", "opencost"}));
    // OpenCost's CustomPricing JSON tags (opencost/opencost pkg/cloud/models/models.go): the ones written here.
    const std::set<std::string> known = {"provider", "description", "CPU",     "spotCPU", "RAM",
                                         "spotRAM",  "GPU",         "spotGPU", "storage"};
    for (const auto& [key, value] : pricing.items()) {
        INFO(key);
        CHECK(known.count(key) == 1);
        CHECK(value.is_string());  // a Go string field: a JSON number would not unmarshal into it
    }
    CHECK(pricing["provider"] == "custom");
    CHECK_THAT(std::stod(pricing["GPU"].get<std::string>()), Catch::Matchers::WithinRel(k_box_a4_rate, 1e-12));
    CHECK(pricing["spotGPU"] == pricing["GPU"]);
    CHECK(pricing["CPU"] == "0");
    CHECK(pricing["RAM"] == "0");
}

TEST_CASE("export-rates: the rate moves with the planned use", "[export-rates]") {
    // At 42 h/week the hours halve (182.5 a month, 17,520 GPU-hours) but the hardware does not: the rate rises.
    // Build total at 42 h/week: compare's figure, read back, over 17,520 GPU-hours.
    const auto compare = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                      "--hours-per-week", "42", "--format", "json"});
    REQUIRE(compare.exit_code == 0);
    const auto report = nlohmann::json::parse(gpucost::test::json_body(compare.out));
    const double total = report["comparisons"][0]["build"]["total_usd"].get<double>();
    const auto pricing = nlohmann::json::parse(rates_ok({"--to", "opencost", "--hours-per-week", "42"}));
    const double rate = std::stod(pricing["GPU"].get<std::string>());
    CHECK_THAT(rate, Catch::Matchers::WithinRel(total / 17'520.0, 1e-12));
    CHECK(rate > k_box_a4_rate);
}

TEST_CASE("export-rates --to skypilot: kubernetes.pricing.accelerators, keyed by the GPU's alias or --accelerator",
          "[export-rates]") {
    const std::string yaml = rates_ok({"--to", "skypilot"});
    CHECK(yaml.find("kubernetes:\n  pricing:\n    accelerators:\n      A: 1.8931278538812784  #") != std::string::npos);
    const std::string named = rates_ok({"--to", "skypilot", "--accelerator", "RTX 4090: rev #2"});
    CHECK(named.find("      \"RTX 4090: rev #2\": 1.8931278538812784  #") != std::string::npos);
}

TEST_CASE("export-rates: mistakes are one line, exit 2 or 3", "[export-rates]") {
    const auto no_build = run_gpucost({"export-rates", "--catalog", "data/mini_catalog.json", "--to", "opencost"});
    CHECK(no_build.exit_code == 2);
    CHECK(no_build.err == "gpucost: error: export-rates: name the machine with --build ID (or \"build\" in the "
                          "--scenario file): a rate is one build's\n");
    const auto bad_tool =
        run_gpucost({"export-rates", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--to", "opencst"});
    CHECK(bad_tool.exit_code == 2);
    CHECK(bad_tool.err == "gpucost: error: --to: must be opencost or skypilot, got \"opencst\" (did you mean "
                          "\"opencost\"?)\n");
    const auto idle = run_gpucost({"export-rates", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--to",
                                   "opencost", "--hours-per-week", "0"});
    CHECK(idle.exit_code == 3);
    CHECK(idle.out.empty());
    CHECK(idle.err == "gpucost: error: export-rates: box-a4 is used 0 hours a week, so it has no cost per hour of "
                      "use: give --hours-per-week\n");
}

TEST_CASE("export-rates --max-age-days: the stale figures of the rate's comparison on stderr, as compare names them",
          "[export-rates]") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    const std::vector<std::string> args = {"export-rates", "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                           "--to",         "opencost",  "--max-age-days",         "200"};
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == rates_ok({"--to", "opencost"}));  // the rate does not change
    // compare names the same figures for the same build, in the same words.
    const auto compare = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                      "--max-age-days", "200", "--format", "json"});
    REQUIRE(compare.exit_code == 0);
    CHECK_FALSE(r.err.empty());
    CHECK(r.err == compare.err);
    CHECK(r.err.find("more than --max-age-days 200") != std::string::npos);
    // At a century nothing is stale; a bad value is a usage error before anything is read.
    std::vector<std::string> century = args;
    century.back() = "36500";
    CHECK(run_gpucost(century).err.empty());
    std::vector<std::string> bad = args;
    bad.back() = "-1";
    const auto refused = run_gpucost(bad);
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.empty());
    CHECK(refused.err == "gpucost: error: --max-age-days: must be a whole number of days in [0, 36500], got \"-1\"\n");
}
