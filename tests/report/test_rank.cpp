// `rank`'s model on the like-for-like fixture (tests/data/match_catalog.json), computed by hand, and on the shipped
// catalogue, where it must keep its properties (ascending, every figure = total / discounted work).
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/report/rank.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinRel;

namespace {

Catalog fixture() { return parse_catalog(test::read_file(test::test_path("data/match_catalog.json")), "match"); }

// The fixture with its costs cut to what a hand can check: no staff, storage, maintenance or resale, no idle
// power, 0.10 USD/kWh at PUE 1.5, at `discount_rate`. 40 h/week over 36 months (the code defaults).
ComparisonRequest plain(const std::string& workload, double discount_rate = 0.0) {
    ComparisonRequest r;
    r.flags.origin = "flag";
    r.flags.set(AssumptionKey::discount_rate, discount_rate);
    r.flags.set(AssumptionKey::staff_fte_build, 0.0);
    r.flags.set(AssumptionKey::staff_fte_cloud, 0.0);
    r.flags.set(AssumptionKey::cloud_storage_usd_per_month, 0.0);
    r.flags.set(AssumptionKey::maintenance_rate, 0.0);
    r.flags.set(AssumptionKey::idle, IdlePolicy::off);
    r.flags.set(AssumptionKey::electricity_usd_per_kwh, 0.10);
    r.flags.set(AssumptionKey::pue, 1.5);
    r.flags.set(AssumptionKey::resale, ResaleModel::none);
    r.match.workload = workload;
    return r;
}

const RankRow& row(const RankReport& report, const std::string& id) {
    const auto it =
        std::find_if(report.rows.begin(), report.rows.end(), [&id](const RankRow& r) { return r.id == id; });
    REQUIRE(it != report.rows.end());
    return *it;
}

const Excluded* excluded(const RankReport& report, const std::string& id) {
    const auto it =
        std::find_if(report.excluded.begin(), report.excluded.end(), [&id](const Excluded& e) { return e.id == id; });
    return it == report.excluded.end() ? nullptr : &*it;
}

std::vector<std::string> ids(const RankReport& report) {
    std::vector<std::string> out;
    for (const RankRow& r : report.rows) out.push_back(r.id);
    return out;
}

}  // namespace

TEST_CASE("build_rank_report: offer rows share the run's assumptions, never a copy each (issue 21)") {
    const RankReport report = build_rank_report(fixture(), plain("llm-infer"));
    const ResolvedAssumptions* shared = nullptr;
    std::size_t offers = 0;
    for (const RankRow& r : report.rows) {
        REQUIRE(r.assumptions);
        if (r.kind != "cloud") continue;
        ++offers;
        if (shared == nullptr) shared = r.assumptions.get();
        CHECK(r.assumptions.get() == shared);  // one object for every offer: rank's memory grows by rows, not texts
    }
    REQUIRE(offers >= 2);
    CHECK(shared->values.months == report.header.assumptions.values.months);
    CHECK(shared->origins == report.header.assumptions.origins);
    CHECK(shared->sources == report.header.assumptions.sources);
}

TEST_CASE("build_rank_report: a build and an offer priced per million tokens, by hand") {
    const RankReport report = build_rank_report(fixture(), plain("llm-infer"));
    // Hours of use: 40 h/week x 730 / 168 = 173.8095 h a month; x 36 months = 6,257.142857 h.
    const double hours = 40.0 * 730.0 / 168.0 * 36.0;

    // one-p: 1 x gpu-p at $7,000 + base $2,000 + setup $200 = $9,200 upfront.
    // Power when used: (200 W + 1 x 300 W) = 0.5 kW x 6,257.142857 h x PUE 1.5 x $0.10 = $469.285714.
    // Work: 1 GPU x 1,200 tokens/s x 3,600 s x 6,257.142857 h = 27,030.857143 M tokens.
    // $9,669.285714 / 27,030.857143 M = $0.357712878 per M tokens.
    const RankRow& build = row(report, "one-p");
    CHECK(build.kind == "build");
    CHECK(build.gpu_count == 1);
    CHECK_THAT(build.used_hours, WithinRel(hours, 1e-12));
    CHECK_THAT(build.total_usd, WithinRel(9669.285714285714, 1e-12));
    CHECK_THAT(build.work_units, WithinRel(27030857142.857143, 1e-12));
    CHECK_THAT(build.discounted_work_units, WithinRel(build.work_units, 1e-12));  // no discounting
    REQUIRE(build.usd_per_million_units);
    CHECK_THAT(*build.usd_per_million_units, WithinRel(0.3577128784035177, 1e-12));

    // p-1x-cloud: one 1-GPU instance at $1.00/h for the same 6,257.142857 h = $6,257.142857, nothing else.
    // Work as one-p's: 27,030.857143 M tokens; $1.00 / (1,200 x 3,600 / 1e6) = $0.231481 per M tokens.
    const RankRow& offer = row(report, "p-1x-cloud");
    CHECK(offer.kind == "cloud");
    CHECK(offer.tier == "gpu-cloud");
    CHECK_THAT(offer.total_usd, WithinRel(6257.142857142857, 1e-12));
    REQUIRE(offer.usd_per_million_units);
    CHECK_THAT(*offer.usd_per_million_units, WithinRel(1.0 / 4.32, 1e-12));

    // duo-c: 2 x $1,600 + $1,500 + $250 = $4,950; power (250 + 2 x 450) W = 1.15 kW x 6,257.142857 h x 1.5 x $0.10
    // = $1,079.357143; work 2 x 1,000 x 3,600 x 6,257.142857 = 45,051.428571 M; $6,029.357143 / 45,051.428571 M.
    CHECK_THAT(*row(report, "duo-c").usd_per_million_units, WithinRel(6029.357142857143 / 45051.428571428571, 1e-12));
    // hgx-8: 8 x $25,000 + $50,000 + $2,000 = $252,000; (2,000 + 8 x 700) W = 7.6 kW x 6,257.142857 h x 0.15
    // = $7,133.142857; work 8 x 3,000 x 3,600 x 6,257.142857 = 540,617.142857 M tokens.
    CHECK_THAT(*row(report, "hgx-8").usd_per_million_units, WithinRel(259133.14285714287 / 540617.14285714286, 1e-12));

    // Each offer rents one instance: its hourly price over its hourly work, (c x T x 3,600 / 1e6) M tokens an hour.
    CHECK_THAT(*row(report, "c-1x-market").usd_per_million_units, WithinRel(0.4 / 3.6, 1e-12));
    CHECK_THAT(*row(report, "c-2x-cloud").usd_per_million_units, WithinRel(1.2 / 7.2, 1e-12));
    CHECK_THAT(*row(report, "h-1x-market").usd_per_million_units, WithinRel(2.0 / 10.8, 1e-12));
    CHECK_THAT(*row(report, "h-8x-cloud").usd_per_million_units, WithinRel(24.0 / 86.4, 1e-12));
    CHECK_THAT(*row(report, "h-8x-hyper").usd_per_million_units, WithinRel(55.0 / 86.4, 1e-12));
    CHECK(row(report, "h-8x-hyper").gpu_count == 8);

    // Ascending: c-1x-market 0.111, duo-c 0.134, c-2x-cloud 0.167, h-1x-market 0.185, then h-8x-pcie and p-1x-cloud
    // (both 0.2315), h-8x-cloud 0.278, one-p 0.358, hgx-8 0.479, h-8x-hyper 0.637.
    CHECK(report.rows.size() == 10);
    CHECK(report.excluded.empty());
    const std::vector<std::string> order = ids(report);
    CHECK(std::vector<std::string>(order.begin(), order.begin() + 4) ==
          std::vector<std::string>{"c-1x-market", "duo-c", "c-2x-cloud", "h-1x-market"});
    CHECK(std::vector<std::string>(order.end() - 4, order.end()) ==
          std::vector<std::string>{"h-8x-cloud", "one-p", "hgx-8", "h-8x-hyper"});
    CHECK(report.workload.work_unit == "tokens");
}

TEST_CASE("build_rank_report: the figure is levelized, work discounted by the costs' monthly factors") {
    const RankReport report = build_rank_report(fixture(), plain("llm-infer", 0.09));
    // a = sum over k = 1..36 of 1.09^(-k/12) = 31.609032916; the $9,200 of one-p is paid at month 0, undiscounted.
    // Power 0.5 kW x 173.809524 h x 1.5 x $0.10 = $13.035714 a month: total 9,200 + 13.035714 x a = $9,612.046322.
    // Work 1,200 x 3,600 x 173.809524 h x a = 23,733.868144 M tokens: $0.404992826 per M tokens.
    const double a = 31.609032916404697;
    CHECK_THAT(annuity_factor(36, 0.09), WithinRel(a, 1e-12));
    const RankRow& build = row(report, "one-p");
    CHECK_THAT(build.total_usd, WithinRel(9612.046321945989, 1e-12));
    CHECK_THAT(build.discounted_work_units, WithinRel(23733868144.089012, 1e-12));
    CHECK_THAT(build.work_units, WithinRel(27030857142.857143, 1e-12));  // the work delivered is not discounted
    CHECK_THAT(*build.usd_per_million_units, WithinRel(0.40499282559382954, 1e-12));
    // A rental paid by the hour costs the same per unit at any discount rate: both sides are discounted alike.
    CHECK_THAT(*row(report, "p-1x-cloud").usd_per_million_units, WithinRel(1.0 / 4.32, 1e-12));
}

TEST_CASE("build_rank_report: requirements leave builds and offers out with their reason") {
    const Catalog catalog = fixture();
    SECTION("min_vram_gb") {
        ComparisonRequest r = plain("llm-infer");
        r.match.requirements.min_vram_gb = 48.0;  // gpu-c has 24 GB; gpu-p 48, gpu-h 80
        const RankReport report = build_rank_report(catalog, r);
        CHECK(ids(report).size() == 7);
        REQUIRE(excluded(report, "duo-c"));
        CHECK(excluded(report, "duo-c")->kind == "build");
        CHECK(excluded(report, "duo-c")->reason == "GPU \"gpu-c\" has 24 GB of VRAM, under --min-vram-gb 48");
        REQUIRE(excluded(report, "c-2x-cloud"));
        CHECK(excluded(report, "c-2x-cloud")->kind == "offer");
        CHECK(excluded(report, "c-1x-market"));
        CHECK(report.requirements.min_vram_gb == 48.0);
    }
    SECTION("min_fp64_tflops: a GPU without a figure fails it") {
        ComparisonRequest r = plain("llm-infer");
        r.match.requirements.min_fp64_tflops = 10.0;
        const RankReport report = build_rank_report(catalog, r);
        CHECK(excluded(report, "one-p")->reason ==
              "GPU \"gpu-p\" has no FP64 figure in the catalogue, and --min-fp64-tflops 10 asks for one");
        CHECK(excluded(report, "duo-c")->reason == "GPU \"gpu-c\" has 1.3 FP64 TFLOPS, under --min-fp64-tflops 10");
        for (const RankRow& row : report.rows) CHECK(row.gpu_id == "gpu-h");
    }
    SECTION("min_gpus_per_instance and min_interconnect") {
        ComparisonRequest r = plain("llm-infer");
        r.match.requirements.min_gpus_per_instance = 8;
        r.match.requirements.min_interconnect = Interconnect::nvswitch;
        const RankReport report = build_rank_report(catalog, r);
        std::vector<std::string> kept = ids(report);
        std::sort(kept.begin(), kept.end());
        CHECK(kept == std::vector<std::string>{"h-8x-cloud", "h-8x-hyper", "hgx-8"});
        CHECK(excluded(report, "h-8x-pcie")->reason == "interconnect pcie is weaker than --min-interconnect nvswitch");
        CHECK(excluded(report, "duo-c")->reason == "interconnect pcie is weaker than --min-interconnect nvswitch");
        r.match.requirements.min_interconnect.reset();
        CHECK(excluded(build_rank_report(catalog, r), "duo-c")->reason ==
              "2 GPUs per machine, under --min-gpus-per-instance 8");
    }
    SECTION("--tier keeps offers of those tiers, and every build") {
        ComparisonRequest r = plain("llm-infer");
        std::string why;
        r.match.tiers = parse_tier_list("hyperscaler", why);
        const RankReport report = build_rank_report(catalog, r);
        std::vector<std::string> kept = ids(report);
        std::sort(kept.begin(), kept.end());
        CHECK(kept == std::vector<std::string>{"duo-c", "h-8x-hyper", "hgx-8", "one-p"});
        CHECK(excluded(report, "c-1x-market")->reason == "tier marketplace is outside --tier hyperscaler");
    }
    SECTION("--region, --provider and the pricing leave offers out, never builds") {
        ComparisonRequest r = plain("llm-infer");
        r.region = "r2";
        RankReport report = build_rank_report(catalog, r);
        CHECK(report.rows.size() == 3);
        CHECK(excluded(report, "h-8x-cloud")->reason == "outside --region/--provider");
        r = plain("llm-infer");
        r.flags.set(AssumptionKey::pricing, Pricing::spot);
        report = build_rank_report(catalog, r);
        CHECK(report.rows.size() == 3);
        CHECK(excluded(report, "p-1x-cloud")->reason == "no spot price (it has: on-demand)");
    }
}

TEST_CASE("build_rank_report: a GPU the workload does not measure is left out, never assumed") {
    const RankReport report = build_rank_report(fixture(), plain("fp64-hpc"));
    // fp64-hpc measures gpu-h and gpu-p only.
    REQUIRE(excluded(report, "duo-c"));
    CHECK(excluded(report, "duo-c")->reason == "workload \"fp64-hpc\" has no figure for GPU \"gpu-c\"");
    CHECK(excluded(report, "c-2x-cloud")->reason == "workload \"fp64-hpc\" has no figure for GPU \"gpu-c\"");
    CHECK(report.rows.size() == 7);
    CHECK(report.workload.work_unit == "GFLOP");
    // Builds first among the left out, then by id.
    CHECK(report.excluded.front().kind == "build");
    CHECK(report.excluded.back().id == "c-2x-cloud");
}

TEST_CASE("workload_named: an unknown id names five workloads and counts the rest (issue 21)") {
    Catalog catalog = fixture();  // fp64-hpc and llm-infer, then five copies: w-1 .. w-5
    for (int i = 1; i <= 5; ++i) {
        Workload w = catalog.workloads.front();
        w.id = "w-" + std::to_string(i);
        catalog.workloads.push_back(w);
    }
    ComparisonRequest r = plain("nope");
    // Sorted: fp64-hpc, llm-infer, w-1, w-2, w-3 shown; w-4 and w-5 counted (7 - 5 = 2).
    CHECK_THROWS_WITH(build_rank_report(catalog, r),
                      "--workload: unknown workload \"nope\"; the catalogue's workloads: fp64-hpc, llm-infer, w-1, "
                      "w-2, w-3 and 2 more (gpucost catalog list workloads)");
    catalog.workloads.resize(5);  // exactly five: all named, no "more"
    CHECK_THROWS_WITH(build_rank_report(catalog, r),
                      "--workload: unknown workload \"nope\"; the catalogue's workloads: fp64-hpc, llm-infer, w-1, "
                      "w-2, w-3");
}

TEST_CASE("build_rank_report: the workload must be given and known") {
    const Catalog catalog = fixture();
    ComparisonRequest r = plain("llm-infr");
    // An unknown id is a data error, as an unknown build is (compare --match any gives the same message).
    CHECK_THROWS_AS(build_rank_report(catalog, r), DataError);
    CHECK_THROWS_WITH(build_rank_report(catalog, r),
                      "--workload: unknown workload \"llm-infr\" (did you mean \"llm-infer\"?); the catalogue's "
                      "workloads: fp64-hpc, llm-infer");
    r.match.workload.reset();
    CHECK_THROWS_AS(build_rank_report(catalog, r), UsageError);
    CHECK_THROWS_WITH(build_rank_report(catalog, r),
                      "rank needs --workload ID, the work to price; the catalogue's workloads: fp64-hpc, llm-infer");
    r = plain("fp64-hpc");
    r.match.requirements.min_vram_gb = 1000.0;
    CHECK_THROWS_AS(build_rank_report(catalog, r), DataError);
}

TEST_CASE("build_rank_report: no hours of use, no figure: ranked by total with a warning") {
    ComparisonRequest r = plain("llm-infer");
    r.flags.set(AssumptionKey::hours_per_week, 0.0);
    const RankReport report = build_rank_report(fixture(), r);
    for (const RankRow& row : report.rows) CHECK_FALSE(row.usd_per_million_units);
    for (std::size_t i = 1; i < report.rows.size(); ++i)
        CHECK(report.rows[i - 1].total_usd <= report.rows[i].total_usd);
    REQUIRE(report.header.warnings.size() == 1);
    CHECK_THAT(report.header.warnings.front(), Contains("no hours of use"));
}

TEST_CASE("build_rank_report: a build costs what compare says, its lead time's interim cloud included") {
    const Catalog catalog = fixture();
    for (const double lead : {0.0, 3.0}) {
        INFO("lead time " << lead);
        ComparisonRequest r;
        r.flags.origin = "flag";
        r.flags.set(AssumptionKey::lead_time_months, lead);
        r.match.workload = "llm-infer";
        const RankReport report = build_rank_report(catalog, r);
        for (const RankRow& row : report.rows) {
            if (row.kind != "build") continue;
            INFO(row.id);
            ComparisonRequest one = r;
            one.build_id = row.id;
            const Report compared = build_report(catalog, one);
            REQUIRE(compared.comparisons.size() == 1);
            CHECK_THAT(row.total_usd, WithinRel(compared.comparisons.front().result.build.total_usd, 1e-12));
        }
    }
    // With a lead time the owner rents its like-for-like match meanwhile; under --tier hyperscaler only hgx-8 has one
    // (h-8x-hyper), so the other builds are left out, saying why.
    ComparisonRequest r = plain("llm-infer");
    r.flags.set(AssumptionKey::lead_time_months, 3.0);
    std::string why;
    r.match.tiers = parse_tier_list("hyperscaler", why);
    const RankReport report = build_rank_report(catalog, r);
    REQUIRE(excluded(report, "duo-c"));
    CHECK(excluded(report, "duo-c")->reason ==
          "a lead time of 3 months needs a cloud offer to rent meanwhile, and none matches it like for like");
    CHECK(excluded(report, "one-p"));
    // hgx-8: $252,000 upfront; 3 months of the cheapest like-for-like on-demand offer, whatever the tier asked
    // for the comparison (issue 20: h-8x-cloud, $24/h, not h-8x-hyper at $55/h), x 173.809524 h (= $12,514.29), then
    // 33 months of power (7.6 kW x 173.809524 h x 1.5 x $0.10 = $198.142857 a month, $6,538.71): $271,053.00.
    CHECK_THAT(row(report, "hgx-8").total_usd,
               WithinRel(252000.0 + 3 * 24.0 * 40 * 730.0 / 168 + 33 * 198.14285714285714, 1e-12));
}

TEST_CASE("build_rank_report: the shipped catalogue, llm-70b-serve-mlperf at 168 h/week") {
    ComparisonRequest r;
    r.flags.origin = "flag";
    r.flags.set(AssumptionKey::hours_per_week, 168.0);
    r.match.workload = "llm-70b-serve-mlperf";
    const Catalog catalog = load_embedded_catalog();
    const RankReport report = build_rank_report(catalog, r);
    const Workload& w = *catalog.find_workload("llm-70b-serve-mlperf");
    REQUIRE(report.rows.size() >= 5);
    bool any_build = false;
    bool any_cloud = false;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const RankRow& row = report.rows[i];
        INFO(row.id);
        if (i > 0) CHECK(*report.rows[i - 1].usd_per_million_units <= *row.usd_per_million_units);
        if (row.kind == "api") {
            // AWS Bedrock's Llama 2 70B chat, bought by the token: one million generated tokens at $2.56 (the
            // workload bills no prompt tokens), the same figure levelized or not.
            CHECK(row.id == "aws-bedrock-llama2-70b-chat");
            CHECK(row.gpu_count == 0);
            CHECK(row.total_usd == 2.56);
            CHECK(row.usd_per_million_units == 2.56);
            continue;
        }
        any_build = any_build || row.kind == "build";
        any_cloud = any_cloud || row.kind == "cloud";
        // Only GPUs the source measured, at their published figure.
        REQUIRE(w.throughput(row.gpu_id));
        CHECK(row.throughput_per_gpu == *w.throughput(row.gpu_id));
        // 168 h/week is every hour: 730 x 36 = 26,280 h.
        CHECK_THAT(row.used_hours, WithinRel(26280.0, 1e-12));
        CHECK_THAT(row.work_units,
                   WithinRel(static_cast<double>(row.gpu_count) * row.throughput_per_gpu * 3600.0 * 26280.0, 1e-12));
        CHECK(row.discounted_work_units < row.work_units);  // the catalogue discounts at 9% a year
        REQUIRE(row.usd_per_million_units);
        CHECK_THAT(*row.usd_per_million_units, WithinRel(row.total_usd / row.discounted_work_units * 1e6, 1e-12));
    }
    CHECK(any_build);
    CHECK(any_cloud);
    // Every offer or build left out names why; every offer of an unmeasured GPU is among them.
    for (const Excluded& e : report.excluded) CHECK_FALSE(e.reason.empty());
    for (const CloudOffer& offer : catalog.cloud)
        if (!w.throughput(offer.gpu)) CHECK(excluded(report, offer.id));
    // Every build and offer is ranked or left out, and beside them the one API offer of the workload's model.
    CHECK(report.rows.size() + report.excluded.size() == catalog.builds.size() + catalog.cloud.size() + 1);
}
