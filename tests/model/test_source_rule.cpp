// The followability rule for sources (issue 22): a reader outside the project must be able to open what a source
// names, so a path inside the project or a search index's number is refused, and a URL, a named document or a
// repository with its path and commit passes.
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/model/source_rule.hpp"

using gpucost::unfollowable_source;

TEST_CASE("source rule: URLs, named documents and repositories with a commit pass") {
    CHECK_FALSE(unfollowable_source("https://nebius.com/prices"));
    CHECK_FALSE(unfollowable_source("NVIDIA DGX A100 System User Guide DU-09821-001 (May 2020), section 1.1.1"));
    CHECK_FALSE(unfollowable_source("github.com/tsaol/aws-gpu data/gpu_instances_raw.json @ 2d0108c"));
    CHECK_FALSE(unfollowable_source("fixture"));  // a bare word is a (test) document name, not a path
    // "shared/" inside a URL is the host's path, not the project's.
    CHECK_FALSE(unfollowable_source("https://example.org/shared/reference/cloud.csv"));
    CHECK_FALSE(unfollowable_source("github.com/x/y/blob/abc/profile id 3"));  // "id 3" alone is not an index number
}

TEST_CASE("source rule: a path inside the project is refused, with the path quoted") {
    const auto why = unfollowable_source("Lambda pricing page (shared/reference/cloud.csv)");
    REQUIRE(why);
    CHECK(*why ==
          "cites \"shared/reference/cloud.csv\", a path inside the gpucost project that a reader outside it cannot "
          "open; cite the URL, named document or repository (with path and commit) behind it");
    const auto relative = unfollowable_source("the median of eight series (../shared/reference/market_trends.csv)");
    REQUIRE(relative);
    CHECK_THAT(*relative, Catch::StartsWith("cites \"../shared/reference/market_trends.csv\", a path inside"));
    CHECK(unfollowable_source("/work/shared/reference/gpus.csv"));
    CHECK(unfollowable_source("shared/reference/system_costs.csv; Thinkmate quote"));  // a path at the very start
}

TEST_CASE("source rule: a search index's number or a bare number is refused") {
    const auto why = unfollowable_source("text read from a public GitHub repository, index file id 40011037424");
    REQUIRE(why);
    CHECK(*why == "cites \"index file id 40011037424\", a search index's number that a reader cannot look up; cite "
                  "the URL, named document or repository (with path and commit) behind it");
    const auto plural = unfollowable_source("two system descriptions (Index File IDs 48189259142, 4352552014)");
    REQUIRE(plural);
    CHECK_THAT(*plural, Catch::StartsWith("cites \"Index File IDs 48189259142\""));  // matched case-insensitively
    CHECK(unfollowable_source("index id 6982980678"));
    const auto bare = unfollowable_source(" 71299661538 ");
    REQUIRE(bare);
    CHECK_THAT(*bare, Catch::StartsWith("is a bare number, \"71299661538\";"));
    CHECK(unfollowable_source("#42"));
}

TEST_CASE("source rule: a lone relative path with no host is refused") {
    const auto why = unfollowable_source("reference/cloud.csv");
    REQUIRE(why);
    CHECK_THAT(*why, Catch::StartsWith("is a bare path, \"reference/cloud.csv\", with no host a reader can open"));
    CHECK(unfollowable_source("../quotes/dell.pdf"));
    CHECK_FALSE(unfollowable_source("docs.nvidia.com/dgx/dgxh100-user-guide/"));  // a host: the first part has a dot
}

TEST_CASE("unfollowable_sources: an offer's compliance source is held to the same rule, at its own path") {
    gpucost::Catalog c;
    gpucost::CloudOffer o;
    o.id = "o";
    o.provenance.source = "https://p.example/prices";
    o.compliance = gpucost::OfferCompliance{{true, false, false}, "shared/reference/trust.csv", "2026-12-02"};
    c.cloud.push_back(o);
    const std::vector<gpucost::Problem> problems = gpucost::unfollowable_sources(c);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].path == "/cloud/0/compliance/source");
    CHECK_THAT(problems[0].message, Catch::StartsWith("cites \"shared/reference/trust.csv\", a path inside"));
    // A provider's own page passes.
    c.cloud[0].compliance->source = "https://p.example/trust";
    CHECK(gpucost::unfollowable_sources(c).empty());
}
