// Issue 21: compare counts every build and offer the match leaves out by rule (JSON excluded_counts) and lists them
// one by one only where a reader needs each: every build, the offers of the user's own files (at most 20 a build),
// every offer under --verbose. A list of 2,000 builds x 10,000 offers took 1.09 GB; counts take a few bytes a rule.
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::json_flattened;
using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

const std::string k_match = "data/match_catalog.json";

// An overlay of `n` copies of the fixture's h-8x-pcie (8 x gpu-h over PCIe, so like-for-like leaves each out for
// hgx-8's NVSwitch), ids h-pcie-00 ...
Json pcie_quotes(int n) {
    Json cloud = Json::array();
    for (int i = 0; i < n; ++i)
        cloud.push_back({{"id", fmt::format("h-pcie-{:02}", i)},
                         {"provider", "QuoteCloud"},
                         {"instance", "q.8x-pcie"},
                         {"region", "r1"},
                         {"gpu", "gpu-h"},
                         {"gpu_count", 8},
                         {"usd_per_hour", {{"on-demand", 19.0}}},
                         {"interconnect", "pcie"},
                         {"source", "fixture"},
                         {"as_of", "2026-01-15"}});
    return Json{{"cloud", cloud}};
}

// That overlay in a file of its own.
struct PcieOverlay : gpucost::test::TempFile {
    explicit PcieOverlay(int n)
        : gpucost::test::TempFile(pcie_quotes(n).dump(), "quotes.json") {}
};

gpucost::test::RunResult compare_hgx8(const PcieOverlay& overlay, std::vector<std::string> extra) {
    std::vector<std::string> args = {
        "compare",  "--catalog", k_match,    "--add-catalog", overlay.path.string(), "--build", "hgx-8",
        "--months", "10",        "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return r;
}

}  // namespace

TEST_CASE("compare --format json counts every offer left out by rule and names a user's own at most 20 a build",
          "[exclusions]") {
    // hgx-8 (8 x gpu-h over NVSwitch) under like-for-like: the fixture's h-1x-market holds 1 GPU (gpus-per-node) and
    // h-8x-pcie plus the 25 quotes are PCIe (interconnect): 1 + 25 = 26. h-8x-cloud and h-8x-hyper match.
    const PcieOverlay overlay(25);
    const auto r = compare_hgx8(overlay, {});
    const Json report = Json::parse(json_flattened(r.out));
    CHECK(report["excluded_counts"] == Json::parse(R"([
        {"build_id": "hgx-8", "kind": "offer", "rule": "gpus-per-node", "count": 1},
        {"build_id": "hgx-8", "kind": "offer", "rule": "interconnect", "count": 26}])"));
    // Every offer here is the user's own (--catalog and --add-catalog): 20 are named, in catalogue order (the two of
    // the fixture, then 18 quotes), and the other 7 are counted in one note.
    REQUIRE(report["excluded"].size() == 20);
    CHECK(report["excluded"][0]["id"] == "h-1x-market");
    CHECK(report["excluded"][0]["rule"] == "gpus-per-node");
    CHECK(report["excluded"][19]["id"] == "h-pcie-17");
    CHECK(report["excluded"][19]["rule"] == "interconnect");
    CHECK_THAT(r.err, Catch::Matchers::Contains(
                          "gpucost: note: 7 more of your own offers were left out and are not named here (at most 20 "
                          "a build); --verbose names each, and --format json counts them by rule under "
                          "excluded_counts\n"));
    // --verbose lists all 27, and the counts are the same.
    const auto verbose = compare_hgx8(overlay, {"--verbose"});
    const Json all = Json::parse(json_flattened(verbose.out));
    CHECK(all["excluded"].size() == 27);
    CHECK(all["excluded_counts"] == report["excluded_counts"]);
    CHECK_THAT(verbose.err, !Catch::Matchers::Contains("not named here"));
}

TEST_CASE("compare on the shipped catalogue counts the offers left out without listing them unless --verbose",
          "[exclusions]") {
    const auto quiet = run_gpucost({"compare", "--format", "json", "--quiet"});
    REQUIRE(quiet.exit_code == 0);
    const Json counted = Json::parse(json_flattened(quiet.out));
    for (const Json& e : counted["excluded"]) CHECK(e["kind"] == "build");  // no offer of the user's own files
    std::int64_t offers = 0;
    for (const Json& n : counted["excluded_counts"])
        if (n["kind"] == "offer") offers += n["count"].get<std::int64_t>();
    CHECK(offers > 0);  // like-for-like leaves out the shipped offers of the builds' GPUs that cannot stand in
    // --verbose lists each offer: one entry per count, build by build and rule by rule.
    const auto listed = run_gpucost({"compare", "--format", "json", "--quiet", "--verbose"});
    REQUIRE(listed.exit_code == 0);
    const Json every = Json::parse(json_flattened(listed.out));
    std::map<std::tuple<std::string, std::string, std::string>, std::int64_t> seen;
    for (const Json& e : every["excluded"])
        ++seen[{e["kind"] == "build" ? e["id"].get<std::string>() : e["build_id"].get<std::string>(),
                e["kind"].get<std::string>(), e["rule"].get<std::string>()}];
    std::map<std::tuple<std::string, std::string, std::string>, std::int64_t> counts;
    for (const Json& n : every["excluded_counts"])
        counts[{n["build_id"].get<std::string>(), n["kind"].get<std::string>(), n["rule"].get<std::string>()}] =
            n["count"].get<std::int64_t>();
    CHECK(seen == counts);
    CHECK(every["excluded_counts"] == counted["excluded_counts"]);
}

TEST_CASE("build_report: the counts by rule equal the full listing, for every build and match of the shipped catalogue",
          "[exclusions]") {
    const gpucost::Catalog catalog = gpucost::load_embedded_catalog();
    for (const auto level : {gpucost::MatchLevel::like_for_like, gpucost::MatchLevel::gpu}) {
        gpucost::ComparisonRequest every;  // the library's default lists every offer
        every.match.level = level;
        gpucost::ComparisonRequest counted = every;
        counted.listing.every_offer = false;
        const gpucost::Report full = gpucost::build_report(catalog, every);
        const gpucost::Report lean = gpucost::build_report(catalog, counted);
        std::int64_t listed_offers = 0;
        std::int64_t counted_offers = 0;
        for (const gpucost::Excluded& e : full.excluded) listed_offers += e.kind == "offer" ? 1 : 0;
        for (const gpucost::ExclusionCount& n : full.exclusion_counts)
            counted_offers += n.kind == "offer" ? n.count : 0;
        CHECK(listed_offers == counted_offers);
        for (const gpucost::Excluded& e : lean.excluded) CHECK(e.kind == "build");
        REQUIRE(lean.exclusion_counts.size() == full.exclusion_counts.size());
        for (std::size_t i = 0; i < lean.exclusion_counts.size(); ++i) {
            CHECK(lean.exclusion_counts[i].build_id == full.exclusion_counts[i].build_id);
            CHECK(lean.exclusion_counts[i].rule == full.exclusion_counts[i].rule);
            CHECK(lean.exclusion_counts[i].count == full.exclusion_counts[i].count);
        }
        CHECK(lean.unnamed_offers == 0);
    }
}

namespace {

// An overlay of `n` copies of the fixture's c-2x-cloud (2 x gpu-c, which the fp64-hpc workload does not measure),
// ids c-quote-00 ...
struct GpuCOverlay : gpucost::test::TempFile {
    static Json quotes(int n) {
        Json cloud = Json::array();
        for (int i = 0; i < n; ++i)
            cloud.push_back({{"id", fmt::format("c-quote-{:02}", i)},
                             {"provider", "QuoteCloud"},
                             {"instance", "q.2x"},
                             {"region", "r1"},
                             {"gpu", "gpu-c"},
                             {"gpu_count", 2},
                             {"usd_per_hour", {{"on-demand", 1.1}}},
                             {"tier", "gpu-cloud"},
                             {"source", "fixture"},
                             {"as_of", "2026-01-15"}});
        return Json{{"cloud", cloud}};
    }
    explicit GpuCOverlay(int n)
        : gpucost::test::TempFile(quotes(n).dump(), "quotes.json") {}
};

gpucost::test::RunResult rank_fp64(const GpuCOverlay& overlay, std::vector<std::string> extra) {
    std::vector<std::string> args = {"rank",       "--catalog", k_match,    "--add-catalog", overlay.path.string(),
                                     "--workload", "fp64-hpc",  "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return r;
}

}  // namespace

TEST_CASE("rank --format json counts what it leaves out by rule and names a user's own offers at most 20 in all",
          "[exclusions][rank]") {
    // fp64-hpc has no figure for gpu-c: the build duo-c and the offers c-1x-market, c-2x-cloud and the 25 quotes are
    // left out by the one rule, 1 build and 2 + 25 = 27 offers.
    const GpuCOverlay overlay(25);
    const auto r = rank_fp64(overlay, {});
    const Json rank = Json::parse(json_flattened(r.out));
    CHECK(rank["excluded_counts"] == Json::parse(R"([
        {"kind": "build", "rule": "no-workload-figure", "count": 1},
        {"kind": "offer", "rule": "no-workload-figure", "count": 27}])"));
    // The build, then 20 offers named in catalogue order (the fixture's two, then quotes 00 to 17), listed by id;
    // the other 7 are counted in one note.
    REQUIRE(rank["excluded"].size() == 21);
    CHECK(rank["excluded"][0]["id"] == "duo-c");
    CHECK(rank["excluded"][0]["rule"] == "no-workload-figure");
    CHECK(rank["excluded"][1]["id"] == "c-1x-market");
    CHECK(rank["excluded"][2]["id"] == "c-2x-cloud");
    CHECK(rank["excluded"][20]["id"] == "c-quote-17");
    CHECK_THAT(r.err, Catch::Matchers::Contains(
                          "gpucost: note: 7 more of your own offers were left out and are not named here (at most 20 "
                          "in all); --verbose names each, and --format json counts them by rule under "
                          "excluded_counts\n"));
    // --verbose lists all 28, and the counts are the same.
    const auto verbose = rank_fp64(overlay, {"--verbose"});
    const Json all = Json::parse(json_flattened(verbose.out));
    CHECK(all["excluded"].size() == 28);
    CHECK(all["excluded_counts"] == rank["excluded_counts"]);
    CHECK(all["rows"] == rank["rows"]);
    CHECK_THAT(verbose.err, !Catch::Matchers::Contains("not named here"));
}

TEST_CASE("rank on the shipped catalogue lists no offer unless --verbose, and the listing then equals the counts",
          "[exclusions][rank]") {
    const std::vector<std::string> args = {"rank", "--workload", "llm-70b-serve-mlperf", "--format", "json", "--quiet"};
    const auto quiet = run_gpucost(args);
    REQUIRE(quiet.exit_code == 0);
    const Json counted = Json::parse(json_flattened(quiet.out));
    std::map<std::pair<std::string, std::string>, std::int64_t> counts;
    for (const Json& n : counted["excluded_counts"])
        counts[{n["kind"].get<std::string>(), n["rule"].get<std::string>()}] = n["count"].get<std::int64_t>();
    std::int64_t builds = 0;
    for (const Json& e : counted["excluded"]) {
        CHECK(e["kind"] == "build");  // no offer of the user's own files
        ++builds;
    }
    std::int64_t counted_builds = 0;
    std::int64_t counted_offers = 0;
    for (const auto& [key, n] : counts) (key.first == "build" ? counted_builds : counted_offers) += n;
    CHECK(builds == counted_builds);
    CHECK(counted_offers > 0);  // offers of GPUs the workload does not measure
    std::vector<std::string> verbose_args = args;
    verbose_args.push_back("--verbose");
    const auto listed = run_gpucost(verbose_args);
    REQUIRE(listed.exit_code == 0);
    const Json every = Json::parse(json_flattened(listed.out));
    std::map<std::pair<std::string, std::string>, std::int64_t> seen;
    for (const Json& e : every["excluded"]) ++seen[{e["kind"].get<std::string>(), e["rule"].get<std::string>()}];
    CHECK(seen == counts);
    CHECK(every["excluded_counts"] == counted["excluded_counts"]);
}
